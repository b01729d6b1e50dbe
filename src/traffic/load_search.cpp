#include "traffic/load_search.h"

#include <algorithm>
#include <cmath>

#include "budget/input_messages.h"
#include "traffic/serving_simulation.h"
#include "traffic/traffic_declarations.h"

namespace llmbudget {

namespace {

struct Trial {
  bool ok = false;
  InputError error;
  bool meets = false;
  double ttft_s = 0;
  double tpot_s = 0;
  bool tpot_defined = false;
};

class Search {
 public:
  Search(const BudgetInput& in, const TrafficInput& traffic) : in_(in), traffic_(traffic) {}

  /// One run at `load` (a rate or a concurrency).
  Trial at(double load) {
    TrafficInput t = traffic_;
    if (traffic_.request_rate > 0) {
      t.request_rate = load;
    } else {
      t.concurrency = load;
    }
    runs += 1;
    const TrafficResult r = simulate_traffic(in_, t);
    Trial trial;
    trial.ok = r.ok;
    trial.error = r.error;
    if (!r.ok) return trial;
    trial.ttft_s = r.ttft_at_target_percentile_s;
    trial.tpot_s = r.tpot_at_target_percentile_s;
    trial.tpot_defined = r.tpot_defined;
    const bool ttft_ok = in_.ttft_target_s == 0 || trial.ttft_s <= in_.ttft_target_s;
    const bool tpot_ok =
        in_.per_request_target_tokens_per_s == 0 || trial.tpot_s * in_.per_request_target_tokens_per_s <= 1;
    trial.meets = !r.unstable && ttft_ok && tpot_ok;
    return trial;
  }

  double runs = 0;

 private:
  const BudgetInput& in_;
  const TrafficInput& traffic_;
};

LoadSearchResult finish(const BudgetInput& in, bool found, double load, const Trial& trial, double runs) {
  LoadSearchResult r;
  r.ok = true;
  r.found = found;
  r.tpot_target_s = in.per_request_target_tokens_per_s > 0 ? 1 / in.per_request_target_tokens_per_s : 0;
  if (found) {
    r.highest_load = load;
    r.ttft_at_percentile_s = trial.ttft_s;
    r.tpot_at_percentile_s = trial.tpot_s;
    r.tpot_defined = trial.tpot_defined;
  }
  r.simulations = runs;
  return r;
}

LoadSearchResult failed(const InputError& error) {
  LoadSearchResult r;
  r.error = error;
  return r;
}

}  // namespace

LoadSearchResult highest_load(const BudgetInput& in, const TrafficInput& traffic) {
  if (in.ttft_target_s == 0 && in.per_request_target_tokens_per_s == 0) {
    return failed(coded_error(
        "ttft_target_s", simulation_refusal(MessageCode::search_no_target),
        {text_value("field", "ttft_target_s"), text_value("other_field", "per_request_target_tokens_per_s")}));
  }
  Search search(in, traffic);
  const bool open = traffic.request_rate > 0;
  double lo = open ? traffic.request_rate : 1;
  Trial lo_trial = search.at(lo);
  if (!lo_trial.ok) return failed(lo_trial.error);
  // Every request of one output token has no inter-token time: a per-user target alone then
  // holds nothing back, and "meets it" at any load would be no answer.
  if (in.ttft_target_s == 0 && !lo_trial.tpot_defined) {
    return failed(
        coded_error("per_request_target_tokens_per_s", simulation_refusal(MessageCode::search_one_token),
                    {text_value("field", "per_request_target_tokens_per_s"),
                     text_value("tokens_field", "output_tokens"), text_value("ttft_field", "ttft_target_s")}));
  }
  // The search stays inside the declared ranges of the rate and the concurrency.
  const InputFieldDeclaration& load_field = *find_traffic_input_field(open ? "request_rate" : "concurrency")->field;
  if (open) {
    const double floor_rate = std::max(traffic.request_rate * 1e-6, load_field.min);
    while (!lo_trial.meets && lo / 2 >= floor_rate) {
      lo /= 2;
      lo_trial = search.at(lo);
      if (!lo_trial.ok) return failed(lo_trial.error);
    }
  }
  if (!lo_trial.meets) return finish(in, false, 0, lo_trial, search.runs);
  // Double until a run misses.
  double hi = lo * 2;
  const double ceiling = load_field.max;
  for (;;) {
    if (hi > ceiling) return finish(in, true, lo, lo_trial, search.runs);
    const Trial trial = search.at(hi);
    if (!trial.ok) return failed(trial.error);
    if (!trial.meets) break;
    lo = hi;
    lo_trial = trial;
    hi *= 2;
  }
  // Bisect: lo meets, hi misses.
  for (;;) {
    const double mid = open ? (lo + hi) / 2 : std::floor((lo + hi) / 2);
    if (open ? (hi - lo) <= 0.005 * hi : mid <= lo) break;
    const Trial trial = search.at(mid);
    if (!trial.ok) return failed(trial.error);
    if (trial.meets) {
      lo = mid;
      lo_trial = trial;
    } else {
      hi = mid;
    }
  }
  return finish(in, true, lo, lo_trial, search.runs);
}

}  // namespace llmbudget
