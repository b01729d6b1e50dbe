// Value types of the serving simulation (serving_simulation.h): the load and
// the server's scheduler limits, and what a run reports. Counts are doubles so
// validation (traffic_validate.h) can refuse 7.5 requests by naming the field.
// Names, units, ranges, defaults and meanings are declared once, in
// traffic_declarations.cpp; the member initialisers here are the defaults.
#pragma once

#include "budget/budget_types.h"

namespace llmbudget {

/// The load offered to the server and the server's scheduler limits.
/// Exactly one of request_rate (open loop) and concurrency (closed loop) is non-zero.
struct TrafficInput {
  double request_rate = 1;               ///< open loop: mean arrivals per second; 0 = closed loop at `concurrency`
  double concurrency = 0;                ///< closed loop: clients each sending its next request when the last one ends
  double burstiness = 1;                 ///< gamma shape of the gaps between arrivals: 1 = Poisson, < 1 burstier
  double requests = 1000;                ///< requests in the run
  double input_tokens = 1024;            ///< prompt tokens of a request (the middle of the range)
  double output_tokens = 256;            ///< generated tokens of a request (the middle of the range)
  double length_range_ratio = 0;         ///< lengths drawn uniformly in [L*(1-r), L*(1+r)]; 0 = fixed
  double prefix_hit_rate = 0;            ///< share of each prompt found in the prefix cache (not prefilled)
  double replicas = 1;                   ///< servers behind a least-loaded router, each of in.gpus GPUs
  double max_num_batched_tokens = 8192;  ///< tokens one iteration may carry (vLLM's token budget)
  double max_num_seqs = 0;               ///< requests running at once on one replica; 0 = vLLM's default for the GPU
  double seed = 1;                       ///< seed of the arrivals and lengths
  double target_percentile = 90;         ///< the percentile the highest-load search holds to the targets
};

/// Mean and percentiles of one latency over the requests of a run [s].
struct LatencySummary {
  double mean = 0;
  double p50 = 0;
  double p90 = 0;
  double p99 = 0;
};

/// What a run reports. When ok is false only `error` is meaningful. When
/// unstable is true the waiting queue was still growing at the end of the run:
/// TTFT, end-to-end latency, goodput and the in-flight figures grow with the
/// run's length, so they are no result (declared needs_stable; printed as null).
struct TrafficResult {
  bool ok = false;
  InputError error;
  bool unstable = false;
  /// Some request generated two or more tokens: only then is there an inter-token time, so TPOT is
  /// defined. False (every request of one output token): tpot_s and tpot_at_target_percentile_s are
  /// no result (declared null_unless "tpot_defined"; printed as null, not 0).
  bool tpot_defined = false;
  LatencySummary ttft_s;  ///< arrival to first token
  LatencySummary tpot_s;  ///< per request: (end - first token) / (output tokens - 1); requests of one token left out
  LatencySummary e2e_s;   ///< arrival to last token
  double throughput_tokens_per_s = 0;      ///< output tokens / duration
  double goodput_requests_per_s = 0;       ///< requests meeting both targets / duration
  double requests_per_s = 0;               ///< requests / duration
  double mean_in_flight = 0;               ///< time average of requests arrived and not finished
  double littles_law_in_flight = 0;        ///< requests_per_s * mean end-to-end latency (Little's law)
  double duration_s = 0;                   ///< first arrival to last token
  double mean_running = 0;                 ///< requests in an iteration, averaged over iterations
  double iterations = 0;                   ///< forward passes over all replicas
  double max_waiting = 0;                  ///< the longest the waiting queue got (all replicas)
  double ttft_at_target_percentile_s = 0;  ///< TTFT at TrafficInput::target_percentile
  double tpot_at_target_percentile_s = 0;  ///< TPOT at TrafficInput::target_percentile
};

/// The highest load that meets the targets (highest_load(), load_search.h).
struct LoadSearchResult {
  bool ok = false;
  InputError error;
  bool found = false;               ///< false when even the lightest load misses a target
  bool tpot_defined = false;        ///< the run at that load had a TPOT (some request of two or more tokens)
  double highest_load = 0;          ///< requests/s (open loop) or clients (closed loop) meeting the targets
  double ttft_at_percentile_s = 0;  ///< TTFT at target_percentile at that load
  double tpot_at_percentile_s = 0;  ///< TPOT at target_percentile at that load
  double tpot_target_s = 0;  ///< the per-request target as a TPOT bound, 1 / per_request_target_tokens_per_s; 0 = none
  double simulations = 0;    ///< runs the search took
};

}  // namespace llmbudget
