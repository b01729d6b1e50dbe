// Seeded random workloads for the planner's rules (tests/budget/test_planner.cpp).
// The generator is splitmix64 and the draws are written out here, so every
// platform (native, wasm) draws the same 300 workloads. The shapes and GPUs
// are drawn from spans around today's dense models and data-centre GPUs;
// the tests on them assert rules that hold for any workload, not values.
#pragma once

#include <cmath>
#include <cstdint>

#include "budget/budget_types.h"
#include "budget/planner.h"

namespace llmbudget::test {

/// splitmix64 (Steele, Lea and Flood, 2014): a 64-bit state, one output per step.
struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1): the top 53 bits.
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  /// Uniform whole number in [0, n).
  int below(int n) { return static_cast<int>(unit() * n); }
  /// Log-uniform in [lo, hi].
  double log_uniform(double lo, double hi) { return lo * std::pow(hi / lo, unit()); }
};

struct PlannerCase {
  BudgetInput input;
  PlanOptions options;
};

/// One workload: a dense model of 1e9 to 5e11 parameters with a drawn layer
/// count and attention shape (every query-head count a multiple of every KV-head
/// count drawn), 1 to 128 requests of 1k to 32k tokens, one of six GPU
/// classes, targets set or not, and speculative decoding in about half.
inline PlannerCase random_planner_case(SplitMix& rng) {
  constexpr double kLayers[] = {24, 32, 40, 48, 64, 80, 96, 126};
  constexpr double kQueryHeads[] = {16, 32, 40, 64, 96, 128};
  constexpr double kKvHeads[] = {1, 2, 4, 8, 0};  // 0: as many as the query heads (MHA)
  constexpr double kContexts[] = {1024, 2048, 4096, 8192, 16384, 32768};
  constexpr double kPromptShares[] = {0.25, 0.5, 1};
  // memory [B], peak bandwidth [B/s], peak FLOP/s: 24 to 192 GB classes.
  constexpr double kGpus[][3] = {{24e9, 1.0e12, 165e12},  {40e9, 1.555e12, 312e12}, {48e9, 0.864e12, 362e12},
                                 {80e9, 3.35e12, 989e12}, {141e9, 4.8e12, 989e12},  {192e9, 8e12, 2250e12}};
  PlannerCase c;
  BudgetInput& in = c.input;
  in.total_params = std::round(rng.log_uniform(1e9, 5e11) / 1e6) * 1e6;
  in.layers = kLayers[rng.below(8)];
  in.query_heads = kQueryHeads[rng.below(6)];
  const double kv = kKvHeads[rng.below(5)];
  in.kv_heads = kv == 0 ? in.query_heads : kv;
  in.head_dim = 128;
  in.batch = std::floor(rng.log_uniform(1, 128.999));
  in.context_tokens = kContexts[rng.below(6)];
  in.prompt_tokens = in.context_tokens * kPromptShares[rng.below(3)];
  const double* gpu = kGpus[rng.below(6)];
  in.gpu_memory_bytes = gpu[0];
  in.bandwidth_bytes_per_s = 0.8 * gpu[1];
  in.flops_per_s = 0.5 * gpu[2];
  in.ttft_target_s = rng.unit() < 0.2 ? 0 : std::round(rng.log_uniform(0.1, 5) * 100) / 100;
  in.per_request_target_tokens_per_s = rng.unit() < 0.2 ? 0 : std::round(rng.log_uniform(5, 80));
  if (rng.unit() < 0.5) {
    c.options.speculative = true;
    c.options.acceptance_rate = std::round((0.5 + 0.45 * rng.unit()) * 100) / 100;
    c.options.draft_tokens = 2 + rng.below(5);
    c.options.draft_cost_ratio = std::round((0.01 + 0.09 * rng.unit()) * 1000) / 1000;
    // Half of them name the draft's size (1 % to 10 % of the target), half take the default c * P.
    c.options.draft_params =
        rng.unit() < 0.5 ? 0 : std::round(in.total_params * (0.01 + 0.09 * rng.unit()) / 1e6) * 1e6;
  }
  return c;
}

}  // namespace llmbudget::test
