#include "traffic/traffic_declarations.h"

#include <cstring>
#include <iterator>

namespace llmbudget {

namespace {

// Sources of the defaults and ranges:
// - max_num_batched_tokens 8192: vLLM's default token budget for the OpenAI
//   server on GPUs of 70 GiB or more other than the A100 (vllm/engine/arg_utils.py,
//   EngineArgs._set_default_args, default_max_num_batched_tokens,
//   UsageContext.OPENAI_API_SERVER: 8192; 2048 on smaller GPUs).
// - max_num_seqs: not declared here but shared with vLLM's runtime estimate
//   (vllm_runtime_input_fields()): 0 = vLLM's default for the GPU's memory,
//   vllm_default_max_num_seqs() (1,024 on GPUs of 70 GiB or more, 256 below).
//   vLLM refuses max_num_batched_tokens below max_num_seqs (SchedulerConfig's
//   check), and so does simulate_traffic().
// - burstiness: the gamma shape of `vllm bench serve --burstiness` (vllm/benchmarks/serve.py,
//   get_request(): gaps drawn from gamma(shape = burstiness, scale = 1 / (rate * burstiness)),
//   mean 1 / rate; 1 is a Poisson process).
// - length_range_ratio: `vllm bench serve --random-range-ratio` (the random dataset draws
//   each length uniformly between L*(1-r) and L*(1+r)).
// - target_percentile 90: a common service-level percentile; p99 is the strict one.
using K = FieldKind;
using CP = CountPrefixes;
using T = TrafficInput;

constexpr InputFieldDeclaration row(const char* name, const char* label, const char* unit, FieldKind kind, double min,
                                    double max, bool min_exclusive, const char* zero_means, double typical_min,
                                    double typical_max, const char* group, const char* meaning,
                                    CountPrefixes prefixes) {
  // No symbol, no capping field, no member pointers of BudgetInput or PlanOptions.
  return {name, "",          label,       unit,  kind,    min,     max,     min_exclusive, zero_means,
          "",   typical_min, typical_max, group, meaning, nullptr, nullptr, prefixes};
}

constexpr InputFieldDeclaration kTrafficRows[] = {
    row("request_rate", "Request rate", "requests/s", K::real, 1e-6, 1e6, false, "closed loop at the concurrency", 0,
        100, "Load",
        "open loop: mean arrivals per second, whatever the server's pace (vllm bench serve --request-rate)",
        CP::decimal),
    row("concurrency", "Concurrency", "clients", K::whole, 1, 1e5, false, "open loop at the request rate", 0, 512,
        "Load", "closed loop: clients each sending its next request when its last one ends (--max-concurrency)",
        CP::decimal),
    row("burstiness", "Burstiness", "gamma shape", K::real, 0.01, 1000, false, "", 0.1, 10, "Load",
        "shape of the gaps between arrivals: 1 is Poisson, below 1 burstier, above 1 more even (--burstiness)",
        CP::decimal),
    row("requests", "Requests", "requests", K::whole, 1, 1e6, false, "", 10, 10000, "Load",
        "requests in the run (--num-prompts)", CP::decimal),
    row("input_tokens", "Input tokens", "tokens per request", K::whole, 1, 1e8, false, "", 16, 131072, "Load",
        "prompt tokens of a request (the middle of the range)", CP::binary),
    row("output_tokens", "Output tokens", "tokens per request", K::whole, 1, 1e8, false, "", 1, 32768, "Load",
        "tokens generated for a request (the middle of the range)", CP::binary),
    row("length_range_ratio", "Length range", "fraction", K::real, 0, 0.99, false, "", 0, 0.9, "Load",
        "lengths drawn uniformly from L*(1-r) to L*(1+r); 0 keeps them fixed (--random-range-ratio)", CP::decimal),
    row("prefix_hit_rate", "Prefix cache hits", "fraction of the prompt", K::real, 0, 0.99, false, "", 0, 0.9, "Load",
        "share of each prompt already in the prefix cache: not prefilled again, still attended to", CP::decimal),
    row("replicas", "Replicas", "servers", K::whole, 1, 1024, false, "", 1, 64, "Scheduler",
        "servers of gpus GPUs each, a router sending each request to the one with the fewest in flight", CP::decimal),
    row("max_num_batched_tokens", "Token budget per iteration", "tokens", K::whole, 1, 1e7, false, "", 256, 65536,
        "Scheduler", "tokens one iteration may carry, decode tokens and prefill chunks together (vLLM's)", CP::binary),
    row("seed", "Seed", "", K::whole, 0, 9007199254740991.0, false, "", 0, 1000, "Load",
        "seed of the arrivals and lengths: the same seed gives the same run everywhere", CP::decimal),
    row("target_percentile", "Target percentile", "percent", K::real, 1, 99.9, false, "", 50, 99.9, "Scheduler",
        "the percentile of TTFT and TPOT the highest-load search holds to the targets", CP::decimal),
};

template <class R>
constexpr TrafficResultFieldDeclaration<R> number(const char* name, const char* unit, bool needs_stable,
                                                  const char* meaning, double R::*member,
                                                  bool R::*null_unless = nullptr) {
  return {name, unit, TrafficResultKind::number, needs_stable, meaning, member, nullptr, nullptr, null_unless};
}
template <class R>
constexpr TrafficResultFieldDeclaration<R> flag(const char* name, const char* meaning, bool R::*member) {
  return {name, "", TrafficResultKind::flag, false, meaning, nullptr, member, nullptr};
}
template <class R>
constexpr TrafficResultFieldDeclaration<R> summary(const char* name, bool needs_stable, const char* meaning,
                                                   LatencySummary R::*member, bool R::*null_unless = nullptr) {
  return {name, "s", TrafficResultKind::summary, needs_stable, meaning, nullptr, nullptr, member, null_unless};
}

using TR = TrafficResult;
constexpr TrafficResultFieldDeclaration<TR> kTrafficResultFields[] = {
    flag<TR>("unstable", "arrivals outpace the server: the waiting queue was still growing at the end of the run",
             &TR::unstable),
    flag<TR>("tpot_defined",
             "some request generated two or more tokens, so there is an inter-token time: false when every request "
             "has one output token, and TPOT is then not defined (null)",
             &TR::tpot_defined),
    summary<TR>("ttft_s", true, "time to first token: arrival to the first generated token", &TR::ttft_s),
    summary<TR>("tpot_s", false, "time per output token after the first, per request (its mean inter-token latency)",
                &TR::tpot_s, &TR::tpot_defined),
    summary<TR>("e2e_s", true, "end-to-end latency: arrival to the last token", &TR::e2e_s),
    number<TR>("throughput_tokens_per_s", "tok/s", false, "output tokens per second over the run",
               &TR::throughput_tokens_per_s),
    number<TR>("goodput_requests_per_s", "requests/s", true,
               "requests per second that met both the TTFT and the per-request speed targets",
               &TR::goodput_requests_per_s),
    number<TR>("requests_per_s", "requests/s", false, "requests finished per second over the run", &TR::requests_per_s),
    number<TR>("mean_in_flight", "requests", true, "requests arrived and not finished, averaged over time",
               &TR::mean_in_flight),
    number<TR>("littles_law_in_flight", "requests", true,
               "requests_per_s times the mean end-to-end latency: Little's law's in-flight",
               &TR::littles_law_in_flight),
    number<TR>("duration_s", "s", false, "first arrival to the last token", &TR::duration_s),
    number<TR>("mean_running", "requests", false, "requests carried by an iteration, averaged over iterations",
               &TR::mean_running),
    number<TR>("iterations", "", false, "forward passes of every replica together", &TR::iterations),
    number<TR>("max_waiting", "requests", false, "the longest the waiting queue got", &TR::max_waiting),
    number<TR>("ttft_at_target_percentile_s", "s", true, "TTFT at the target percentile",
               &TR::ttft_at_target_percentile_s),
    number<TR>("tpot_at_target_percentile_s", "s", false, "TPOT at the target percentile",
               &TR::tpot_at_target_percentile_s, &TR::tpot_defined),
};

using LR = LoadSearchResult;
constexpr TrafficResultFieldDeclaration<LR> kLoadSearchResultFields[] = {
    flag<LR>("found", "some load meets the targets (false: even the lightest misses one)", &LR::found),
    flag<LR>("tpot_defined", "the run at that load had a TPOT (some request of two or more output tokens)",
             &LR::tpot_defined),
    number<LR>("highest_load", "", false,
               "the highest request rate (requests/s, open loop) or concurrency (closed loop) meeting the targets",
               &LR::highest_load),
    number<LR>("ttft_at_percentile_s", "s", false, "TTFT at the target percentile at that load",
               &LR::ttft_at_percentile_s),
    number<LR>("tpot_at_percentile_s", "s", false, "TPOT at the target percentile at that load",
               &LR::tpot_at_percentile_s, &LR::tpot_defined),
    number<LR>("tpot_target_s", "s", false,
               "the per-request target as the TPOT a run must stay within, 1 / per_request_target_tokens_per_s; 0 "
               "without one",
               &LR::tpot_target_s),
    number<LR>("simulations", "", false, "runs the search took", &LR::simulations),
};

constexpr LatencyStatisticDeclaration kLatencyStatistics[] = {
    {"mean", 0, &LatencySummary::mean},
    {"p50", 50, &LatencySummary::p50},
    {"p90", 90, &LatencySummary::p90},
    {"p99", 99, &LatencySummary::p99},
};

}  // namespace

Table<TrafficInputFieldDeclaration> traffic_input_fields() {
  // The simulation's rows in order, max_num_seqs (vLLM runtime's row) after the token budget.
  static const TrafficInputFieldDeclaration fields[] = {
      {&kTrafficRows[0], &T::request_rate},
      {&kTrafficRows[1], &T::concurrency},
      {&kTrafficRows[2], &T::burstiness},
      {&kTrafficRows[3], &T::requests},
      {&kTrafficRows[4], &T::input_tokens},
      {&kTrafficRows[5], &T::output_tokens},
      {&kTrafficRows[6], &T::length_range_ratio},
      {&kTrafficRows[7], &T::prefix_hit_rate},
      {&kTrafficRows[8], &T::replicas},
      {&kTrafficRows[9], &T::max_num_batched_tokens},
      {&vllm_runtime_input_fields().rows[0], &T::max_num_seqs},
      {&kTrafficRows[10], &T::seed},
      {&kTrafficRows[11], &T::target_percentile},
  };
  static_assert(std::size(kTrafficRows) == 12, "every row of kTrafficRows has its member above");
  return {fields, std::size(fields)};
}
Table<TrafficResultFieldDeclaration<TrafficResult>> traffic_result_fields() {
  return {kTrafficResultFields, std::size(kTrafficResultFields)};
}
Table<TrafficResultFieldDeclaration<LoadSearchResult>> load_search_result_fields() {
  return {kLoadSearchResultFields, std::size(kLoadSearchResultFields)};
}
Table<LatencyStatisticDeclaration> latency_statistics() { return {kLatencyStatistics, std::size(kLatencyStatistics)}; }

const TrafficInputFieldDeclaration* find_traffic_input_field(const char* name) {
  for (const TrafficInputFieldDeclaration& row : traffic_input_fields()) {
    if (std::strcmp(row.field->name, name) == 0) return &row;
  }
  return nullptr;
}

}  // namespace llmbudget
