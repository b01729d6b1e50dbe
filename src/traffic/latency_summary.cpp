#include "traffic/latency_summary.h"

#include <algorithm>
#include <cmath>

#include "traffic/traffic_declarations.h"

namespace llmbudget {

double percentile_of_sorted(const std::vector<double>& sorted, double p) {
  const double rank = p / 100 * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(rank));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - static_cast<double>(lo));
}

LatencySummary summarize_latencies(std::vector<double>& values) {
  LatencySummary s;
  if (values.empty()) return s;
  double sum = 0;
  for (double v : values) sum += v;  // in request order, so the mean is the same on every platform
  std::sort(values.begin(), values.end());
  for (const LatencyStatisticDeclaration& stat : latency_statistics()) {
    s.*stat.member =
        stat.percentile == 0 ? sum / static_cast<double>(values.size()) : percentile_of_sorted(values, stat.percentile);
  }
  return s;
}

}  // namespace llmbudget
