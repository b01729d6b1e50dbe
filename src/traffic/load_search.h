// The highest load a configuration serves within its latency targets: a
// search over the request rate (open loop) or the concurrency (closed loop)
// of simulate_traffic() runs, every run with the same seed.
#pragma once

#include "budget/budget_types.h"
#include "traffic/traffic_types.h"

namespace llmbudget {

/// The highest load meeting the targets at traffic.target_percentile: a run
/// meets them when it is stable, its TTFT at that percentile is at most
/// in.ttft_target_s (when set) and its TPOT at that percentile at most
/// 1 / in.per_request_target_tokens_per_s (when set). At least one target must be set
/// ("ttft_target_s": "ttft_target_s or per_request_target_tokens_per_s must be set (above 0) to search ...").
/// Open loop (traffic.request_rate > 0; its value is only the search's first guess):
/// doubling from that guess until a run misses (halving while the guess misses, down to
/// a millionth of it but never below request_rate's declared minimum), then bisection to 0.5% of the rate.
/// tpot_target_s gives the per-request target as the TPOT bound the runs are held to. Closed loop: concurrency 1, 2,
/// 4, ... until a run misses, then bisection over whole numbers. Each step is one
/// simulate_traffic() run of traffic.requests requests. found is false when the lightest
/// load tried misses a target. The runs need not be monotone in the load; the search
/// reports the boundary its bisection finds. Errors of simulate_traffic() are returned as they are.
LoadSearchResult highest_load(const BudgetInput& in, const TrafficInput& traffic);

}  // namespace llmbudget
