#include "traffic/serving_simulation.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <vector>

#include "budget/budget_math.h"
#include "budget/input_messages.h"
#include "budget/iteration_cost.h"
#include "budget/validate.h"
#include "budget/vllm_runtime.h"
#include "text/number_text.h"
#include "traffic/latency_summary.h"
#include "traffic/portable_random.h"
#include "traffic/traffic_validate.h"

namespace llmbudget {

namespace {

constexpr double kMaxWork = 5e7;  // request tokens a run may carry (see simulate_traffic())

struct Request {
  double arrival_s = 0;
  double first_token_s = 0;
  double finish_s = 0;
  double input = 0;
  double output = 0;
  double prefilled = 0;       ///< prompt tokens in the cache (prefix hits included)
  double scheduled = 0;       ///< prompt tokens the current iteration carries
  double kv_bytes = 0;        ///< the KV cache reserved at admission (full context, per GPU)
  double decode_start = 0;    ///< the iteration whose end gave the first token
  bool below_window = false;  ///< decoding with a context shorter than the sliding window
  bool finished = false;
};

/// (iteration, request): a min-heap entry of a replica's finishes or window crossings.
struct Due {
  double iteration;
  int id;
  bool operator>(const Due& other) const {
    return iteration != other.iteration ? iteration > other.iteration : id > other.id;
  }
};
using DueHeap = std::priority_queue<Due, std::vector<Due>, std::greater<Due>>;

// One replica. The decoding requests are kept as sums rather than one by one:
// in iteration k a request that got its first token at the end of iteration k0
// decodes at context input + (k - k0), so the contexts of all of them sum to
// decode_base + decoding * k, and it finishes at the end of iteration
// k0 + output - 1 (a heap of those). With a sliding window W, the requests whose
// context is still below W are summed apart (their min(n, W) is n) until the
// iteration their context reaches W (a second heap); the others count W each.
// Requests still in prefill are few (a chunk takes what budget is left) and
// kept in a list in admission order, after the decodes, as vLLM's running list
// holds them (only the latest admitted can be part-way through its prompt
// when another is admitted after it).
struct Replica {
  std::vector<int> waiting;  ///< FIFO from waiting_head on
  std::size_t waiting_head = 0;
  std::vector<int> prefilling;  ///< in admission order
  double decoding = 0;          ///< requests past their first token
  double decode_base = 0;       ///< sum of input - k0 over them
  double below = 0;             ///< of them, contexts below the window
  double below_base = 0;        ///< sum of input - k0 over those
  DueHeap finishes;
  DueHeap crossings;
  double iteration = 0;  ///< the current (or last) iteration's index k
  double kv_reserved_bytes = 0;
  bool busy = false;
  double end_s = 0;
  int in_system = 0;
  std::size_t waiting_count() const { return waiting.size() - waiting_head; }
};

/// floor(L*(1-r)) (at least 1) and floor(L*(1+r)).
void length_range(double length, double ratio, double& lo, double& hi) {
  lo = std::max(1.0, std::floor(length * (1 - ratio)));
  hi = std::max(lo, std::floor(length * (1 + ratio)));
}

class Simulation {
 public:
  Simulation(const BudgetInput& in, const TrafficInput& t)
      : in_(in),
        t_(t),
        seed_(static_cast<std::uint64_t>(t.seed)),
        gaps_(seed_ * 3 + 0),
        inputs_(seed_ * 3 + 1),
        outputs_(seed_ * 3 + 2),
        replicas_(static_cast<std::size_t>(t.replicas)),
        kv_budget_(detail::kv_budget_bytes(in)),
        window_(in.sliding_window_tokens) {
    length_range(t.input_tokens, t.length_range_ratio, in_lo_, in_hi_);
    length_range(t.output_tokens, t.length_range_ratio, out_lo_, out_hi_);
    requests_.reserve(static_cast<std::size_t>(t.requests));
  }

  TrafficResult run();

 private:
  void issue(double arrival_s);
  void start_iteration(Replica& r, double now);
  void finish_iteration(Replica& r, double now);
  void start_decoding(Replica& r, int id, double now);
  void finish(Replica& r, Request& q, double now);
  bool queue_kept_growing() const;

  const BudgetInput& in_;
  const TrafficInput& t_;
  std::uint64_t seed_;
  PortableRandom gaps_, inputs_, outputs_;
  std::vector<Replica> replicas_;
  std::vector<Request> requests_;
  std::vector<double> waiting_at_arrival_;
  double kv_budget_;
  double window_;
  double in_lo_ = 0, in_hi_ = 0, out_lo_ = 0, out_hi_ = 0;
  double waiting_total_ = 0;
  double max_waiting_ = 0;
  double iterations_ = 0;
  double running_sum_ = 0;
  int finished_now_ = 0;
};

void Simulation::issue(double arrival_s) {
  Request q;
  q.arrival_s = arrival_s;
  q.input = in_lo_ == in_hi_ ? in_lo_ : inputs_.uniform_whole(in_lo_, in_hi_);
  q.output = out_lo_ == out_hi_ ? out_lo_ : outputs_.uniform_whole(out_lo_, out_hi_);
  q.prefilled = std::min(std::floor(t_.prefix_hit_rate * q.input), q.input - 1);
  q.kv_bytes = detail::per_gpu_kv_bytes_per_request(in_, q.input + q.output);
  requests_.push_back(q);
  // The router: the replica with the fewest requests waiting or running, the lowest index on a tie.
  std::size_t best = 0;
  for (std::size_t i = 1; i < replicas_.size(); ++i) {
    if (replicas_[i].in_system < replicas_[best].in_system) best = i;
  }
  Replica& r = replicas_[best];
  r.waiting.push_back(static_cast<int>(requests_.size()) - 1);
  r.in_system += 1;
  waiting_total_ += 1;
  max_waiting_ = std::max(max_waiting_, waiting_total_);
}

void Simulation::start_iteration(Replica& r, double now) {
  const double k = r.iteration + 1;
  // Requests whose context reaches the window in this iteration count W from now on.
  while (!r.crossings.empty() && r.crossings.top().iteration <= k) {
    Request& q = requests_[static_cast<std::size_t>(r.crossings.top().id)];
    r.crossings.pop();
    if (q.finished || !q.below_window) continue;
    q.below_window = false;
    r.below -= 1;
    r.below_base -= q.input - q.decode_start;
  }
  double budget = t_.max_num_batched_tokens;
  IterationWork work;
  const double context_sum = r.decode_base + r.decoding * k;
  const double windowed_sum = window_ > 0 ? r.below_base + r.below * k + (r.decoding - r.below) * window_ : context_sum;
  if (r.decoding > 0) detail::add_decodes(in_, r.decoding, context_sum, windowed_sum, work);
  budget -= r.decoding;
  double carried = r.decoding;
  for (int id : r.prefilling) {
    Request& q = requests_[static_cast<std::size_t>(id)];
    q.scheduled = budget > 0 ? std::min(q.input - q.prefilled, budget) : 0;
    if (q.scheduled == 0) continue;
    detail::add_prefill_chunk(in_, q.prefilled, q.scheduled, work);
    budget -= q.scheduled;
    carried += 1;
  }
  const double running = r.decoding + static_cast<double>(r.prefilling.size());
  double admitted = 0;
  while (r.waiting_count() > 0 && budget > 0 && running + admitted < t_.max_num_seqs) {
    const int id = r.waiting[r.waiting_head];
    Request& q = requests_[static_cast<std::size_t>(id)];
    if (r.kv_reserved_bytes + q.kv_bytes > kv_budget_) break;  // first come first served: the head waits
    r.waiting_head += 1;
    waiting_total_ -= 1;
    admitted += 1;
    r.prefilling.push_back(id);
    r.kv_reserved_bytes += q.kv_bytes;
    q.scheduled = std::min(q.input - q.prefilled, budget);
    detail::add_prefill_chunk(in_, q.prefilled, q.scheduled, work);
    budget -= q.scheduled;
    carried += 1;
  }
  if (r.waiting_head > 1024 && r.waiting_head * 2 > r.waiting.size()) {
    r.waiting.erase(r.waiting.begin(), r.waiting.begin() + static_cast<std::ptrdiff_t>(r.waiting_head));
    r.waiting_head = 0;
  }
  if (work.tokens == 0) {
    r.busy = false;
    return;
  }
  r.iteration = k;
  r.busy = true;
  r.end_s = now + detail::iteration_time_s(in_, work);
  iterations_ += 1;
  running_sum_ += carried;
}

void Simulation::finish(Replica& r, Request& q, double now) {
  q.finish_s = now;
  q.finished = true;
  r.kv_reserved_bytes -= q.kv_bytes;
  r.in_system -= 1;
  finished_now_ += 1;
}

void Simulation::start_decoding(Replica& r, int id, double now) {
  Request& q = requests_[static_cast<std::size_t>(id)];
  q.first_token_s = now;
  if (q.output == 1) {
    finish(r, q, now);
    return;
  }
  q.decode_start = r.iteration;
  r.decoding += 1;
  r.decode_base += q.input - q.decode_start;
  r.finishes.push(Due{r.iteration + q.output - 1, id});
  // In iteration k its context is input + (k - k0); below W until k = W - input + k0.
  if (window_ > 0 && q.input + 1 < window_) {
    q.below_window = true;
    r.below += 1;
    r.below_base += q.input - q.decode_start;
    r.crossings.push(Due{window_ - q.input + q.decode_start, id});
  }
}

void Simulation::finish_iteration(Replica& r, double now) {
  const double k = r.iteration;
  while (!r.finishes.empty() && r.finishes.top().iteration == k) {
    Request& q = requests_[static_cast<std::size_t>(r.finishes.top().id)];
    r.finishes.pop();
    r.decoding -= 1;
    r.decode_base -= q.input - q.decode_start;
    if (q.below_window) {
      r.below -= 1;
      r.below_base -= q.input - q.decode_start;
    }
    finish(r, q, now);
  }
  std::size_t kept = 0;
  for (int id : r.prefilling) {
    Request& q = requests_[static_cast<std::size_t>(id)];
    q.prefilled += q.scheduled;
    q.scheduled = 0;
    if (q.prefilled == q.input) {
      start_decoding(r, id, now);
    } else {
      r.prefilling[kept++] = id;
    }
  }
  r.prefilling.resize(kept);
  if (r.decoding == 0 && r.prefilling.empty()) r.kv_reserved_bytes = 0;  // no drift from adding and removing
  r.busy = false;
}

bool Simulation::queue_kept_growing() const {
  const std::size_t n = waiting_at_arrival_.size();
  if (n < 16) return false;
  auto mean = [&](std::size_t from, std::size_t to) {
    double sum = 0;
    for (std::size_t i = from; i < to; ++i) sum += waiting_at_arrival_[i];
    return sum / static_cast<double>(to - from);
  };
  const double middle = mean(n / 2, n * 5 / 8);
  const double last = mean(n * 7 / 8, n);
  return last - middle > 2 + 0.02 * (0.375 * static_cast<double>(n));
}

TrafficResult Simulation::run() {
  const bool open = t_.request_rate > 0;
  const auto total = static_cast<int>(t_.requests);
  const double inf = std::numeric_limits<double>::infinity();
  double next_arrival = 0;  // open loop: the first request arrives at 0
  int issued = 0;
  if (!open) {
    const int first = std::min(total, static_cast<int>(t_.concurrency));
    for (int i = 0; i < first; ++i) issue(0);
    issued = first;
    for (Replica& r : replicas_) start_iteration(r, 0);
  }
  double now = 0;
  double in_flight_area = 0;  // integral of the requests in the system over time [request-s]
  int in_system = issued;
  int finished = 0;
  while (finished < total) {
    double t = open && issued < total ? next_arrival : inf;
    for (const Replica& r : replicas_) {
      if (r.busy) t = std::min(t, r.end_s);
    }
    if (t == inf) break;  // nothing can move (not reached: validation keeps every request admissible)
    in_flight_area += in_system * (t - now);
    now = t;
    finished_now_ = 0;
    for (Replica& r : replicas_) {
      if (r.busy && r.end_s == now) finish_iteration(r, now);
    }
    finished += finished_now_;
    in_system -= finished_now_;
    if (open) {
      while (issued < total && next_arrival == now) {
        issue(now);
        issued += 1;
        in_system += 1;
        waiting_at_arrival_.push_back(waiting_total_);
        next_arrival = now + (t_.burstiness == 1 ? gaps_.exponential(1 / t_.request_rate)
                                                 : gaps_.gamma(t_.burstiness, 1 / (t_.request_rate * t_.burstiness)));
      }
    } else {
      for (int i = 0; i < finished_now_ && issued < total; ++i) {
        issue(now);
        issued += 1;
        in_system += 1;
      }
    }
    for (Replica& r : replicas_) {
      if (!r.busy) start_iteration(r, now);
    }
  }

  TrafficResult result;
  result.ok = true;
  std::vector<double> ttft, tpot, e2e;
  ttft.reserve(requests_.size());
  e2e.reserve(requests_.size());
  tpot.reserve(requests_.size());
  double met = 0;
  double output_tokens = 0;
  const double tpot_target = in_.per_request_target_tokens_per_s > 0 ? 1 / in_.per_request_target_tokens_per_s : inf;
  const double ttft_target = in_.ttft_target_s > 0 ? in_.ttft_target_s : inf;
  for (const Request& q : requests_) {
    const double first = q.first_token_s - q.arrival_s;
    ttft.push_back(first);
    e2e.push_back(q.finish_s - q.arrival_s);
    output_tokens += q.output;
    double per_token = 0;
    if (q.output > 1) {
      per_token = (q.finish_s - q.first_token_s) / (q.output - 1);
      tpot.push_back(per_token);
    }
    if (first <= ttft_target && per_token <= tpot_target) met += 1;
  }
  result.duration_s = now;
  result.unstable = open && queue_kept_growing();
  result.ttft_s = summarize_latencies(ttft);
  result.tpot_defined = !tpot.empty();
  result.tpot_s = summarize_latencies(tpot);
  result.e2e_s = summarize_latencies(e2e);
  // summarize_latencies() sorted the lists.
  if (!ttft.empty()) result.ttft_at_target_percentile_s = percentile_of_sorted(ttft, t_.target_percentile);
  if (!tpot.empty()) result.tpot_at_target_percentile_s = percentile_of_sorted(tpot, t_.target_percentile);
  if (result.duration_s > 0) {
    result.throughput_tokens_per_s = output_tokens / result.duration_s;
    result.goodput_requests_per_s = met / result.duration_s;
    result.requests_per_s = static_cast<double>(requests_.size()) / result.duration_s;
    result.mean_in_flight = in_flight_area / result.duration_s;
  }
  result.littles_law_in_flight = result.requests_per_s * result.e2e_s.mean;
  result.iterations = iterations_;
  result.mean_running = iterations_ > 0 ? running_sum_ / iterations_ : 0;
  result.max_waiting = max_waiting_;
  return result;
}

TrafficResult refusal(const char* field, MessageCode code, const std::vector<MessageValue>& params) {
  TrafficResult r;
  r.error = coded_error(field, simulation_refusal(code), params);
  return r;
}

}  // namespace

TrafficResult simulate_traffic(const BudgetInput& in, const TrafficInput& traffic) {
  if (auto error = validate_budget_input(in)) {
    TrafficResult r;
    r.error = *error;
    return r;
  }
  if (auto error = validate_traffic_input(traffic)) {
    TrafficResult r;
    r.error = *error;
    return r;
  }
  TrafficInput effective = traffic;
  if (effective.max_num_seqs == 0) effective.max_num_seqs = vllm_default_max_num_seqs(in.gpu_memory_bytes, "");
  if (effective.max_num_batched_tokens < effective.max_num_seqs) {
    return refusal(
        "max_num_batched_tokens",
        traffic.max_num_seqs == 0 ? MessageCode::batched_below_seqs_default : MessageCode::batched_below_seqs,
        {text_value("field", "max_num_batched_tokens"), text_value("seqs_field", "max_num_seqs"),
         number_value("seqs", effective.max_num_seqs), number_value("value", effective.max_num_batched_tokens)});
  }
  const double kv_budget = detail::kv_budget_bytes(in);
  if (kv_budget <= 0) {
    return refusal("gpu_memory_bytes", MessageCode::no_kv_budget, {});
  }
  double in_lo = 0, in_hi = 0, out_lo = 0, out_hi = 0;
  length_range(traffic.input_tokens, traffic.length_range_ratio, in_lo, in_hi);
  length_range(traffic.output_tokens, traffic.length_range_ratio, out_lo, out_hi);
  const double longest = in_hi + out_hi;
  if (in.model_max_context_tokens > 0 && longest > in.model_max_context_tokens) {
    return refusal("input_tokens", MessageCode::request_above_context,
                   {number_value("tokens", longest), text_value("limit_field", "model_max_context_tokens"),
                    number_value("limit", in.model_max_context_tokens)});
  }
  const double longest_bytes = detail::per_gpu_kv_bytes_per_request(in, longest);
  if (longest_bytes > kv_budget) {
    return refusal("input_tokens", MessageCode::request_above_kv_budget,
                   {number_value("tokens", longest), number_value("bytes", longest_bytes),
                    number_value("budget", std::floor(kv_budget))});
  }
  const double work = traffic.requests * (out_hi + in_hi / traffic.max_num_batched_tokens);
  if (work > kMaxWork) {
    return refusal("requests", MessageCode::work_above_limit,
                   {number_value("limit", kMaxWork), number_value("value", work)});
  }
  return Simulation(in, effective).run();
}

}  // namespace llmbudget
