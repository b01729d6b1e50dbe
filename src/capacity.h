// Capacity questions answered from the budget formulas (closed form, no search).
#pragma once

#include "budget_types.h"

namespace llmbudget {

/// Largest workloads that fit and the memory/compute crossover for `in`.
/// Counts are 0 when even the smallest workload does not fit.
struct CapacityResult {
  bool ok = false;
  InputError error;
  double max_batch = 0;                 ///< largest whole B with memory <= GPU memory (in.context_tokens fixed)
  double max_batch_with_headroom = 0;   ///< same, keeping headroom_fraction of GPU memory free
  double max_context_tokens = 0;        ///< largest whole n that fits at in.batch (with a sliding window: capped by nothing, reports 1e8 when the window makes any n fit)
  double crossover_batch = 0;           ///< smallest whole B at which compute_time_s >= memory_time_s (0 if none up to 1e6)
};

CapacityResult capacity(const BudgetInput& in);

}  // namespace llmbudget
