// Mean and percentiles of a list of latencies, as benchmark tools report
// them: the percentile by linear interpolation between the two nearest order
// statistics (numpy.percentile's default, which vllm bench serve uses):
// rank = p/100 * (n - 1), value = x[floor(rank)] + (x[ceil(rank)] - x[floor(rank)]) * frac(rank).
#pragma once

#include <vector>

#include "traffic/traffic_types.h"

namespace llmbudget {

/// The p-th percentile (0 <= p <= 100) of `sorted` (ascending, non-empty) by linear interpolation.
/// Example: {1, 2, 3, 4}, p = 90: rank 2.7, 3 + (4 - 3) * 0.7 = 3.7.
double percentile_of_sorted(const std::vector<double>& sorted, double p);

/// Mean, p50, p90 and p99 of `values` (sorted in place); all 0 when empty.
LatencySummary summarize_latencies(std::vector<double>& values);

}  // namespace llmbudget
