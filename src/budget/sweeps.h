// Whole chart series in one call, so a redraw is one call into the core.
#pragma once

#include <vector>

#include "budget/budget_types.h"

namespace llmbudget {

/// One point per batch 1..max_batch for `in` with in.batch replaced.
/// Speeds are 0 where the configuration does not fit (fits[i] == 0).
struct BatchSweep {
  bool ok = false;
  InputError error;
  std::vector<double> batch;
  std::vector<double> total_bytes;
  std::vector<double> fits;  ///< 1 or 0
  std::vector<double> per_request_tokens_per_s;
  std::vector<double> total_tokens_per_s;
  std::vector<double> memory_time_s;
  std::vector<double> compute_time_s;
  template <class F>
  void for_each_series(F f) {
    for (auto* v :
         {&batch, &total_bytes, &fits, &per_request_tokens_per_s, &total_tokens_per_s, &memory_time_s, &compute_time_s})
      f(*v);
  }
};
/// max_batch whole in [1, 4096]. Errors: validate_budget_input()'s, then `max_batch`.
BatchSweep sweep_batch(const BudgetInput& in, double max_batch);
/// The same into `out`, reusing its vectors' storage (no allocation once they are large enough).
void sweep_batch(const BudgetInput& in, double max_batch, BatchSweep& out);

/// Memory over `points` context lengths evenly spaced from min to max (inclusive, rounded to whole tokens).
struct ContextSweep {
  bool ok = false;
  InputError error;
  std::vector<double> context_tokens;
  std::vector<double> total_bytes;
  std::vector<double> kv_cache_bytes;
  std::vector<double> stored_score_bytes;  ///< attention_memory(query_heads, n, cache_bytes_per_value)
  std::vector<double> tiled_kernel_bytes;
  template <class F>
  void for_each_series(F f) {
    for (auto* v : {&context_tokens, &total_bytes, &kv_cache_bytes, &stored_score_bytes, &tiled_kernel_bytes}) f(*v);
  }
};
/// min_context whole in [1, 1e8], max_context whole in [min_context, 1e8], points whole in [2, 4096].
/// Errors: validate_budget_input()'s, then `min_context`, `max_context`, `points`.
ContextSweep sweep_context(const BudgetInput& in, double min_context, double max_context, double points);
/// The same into `out`, reusing its vectors' storage.
void sweep_context(const BudgetInput& in, double min_context, double max_context, double points, ContextSweep& out);

/// Tokens per pass and speed-up over acceptance rates evenly spaced over [0, 1].
struct AcceptanceSweep {
  bool ok = false;
  InputError error;
  std::vector<double> acceptance_rate;
  std::vector<double> tokens_per_pass;
  std::vector<double> speedup;
  template <class F>
  void for_each_series(F f) {
    for (auto* v : {&acceptance_rate, &tokens_per_pass, &speedup}) f(*v);
  }
};
/// draft_tokens whole in [1, 32]; draft_cost_ratio in [0, 1]; points whole in [2, 4096].
/// acceptance_rate[i] = i / (points - 1); the last point is exactly 1 (tokens_per_pass = k + 1).
AcceptanceSweep sweep_acceptance(double draft_tokens, double draft_cost_ratio, double points);
/// The same into `out`, reusing its vectors' storage.
void sweep_acceptance(double draft_tokens, double draft_cost_ratio, double points, AcceptanceSweep& out);

}  // namespace llmbudget
