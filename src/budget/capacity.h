// Capacity questions answered from the budget formulas (closed forms checked
// by the same predicates plan() uses).
#pragma once

#include "budget/budget_types.h"

namespace llmbudget {

/// Largest workloads that fit and the memory/compute crossover for `in`, at
/// in.gpus GPUs (memory per GPU, as plan() judges it). Counts are 0 when even
/// the smallest workload does not fit.
struct CapacityResult {
  bool ok = false;
  InputError error;
  double max_batch =
      0;  ///< largest whole B in [1, 1e6] with memory <= GPU memory (in.context_tokens fixed; in.batch ignored)
  double max_batch_with_headroom =
      0;  ///< same, keeping headroom_fraction of GPU memory free (plan() verdict "fits", not "tight")
  double max_context_tokens =
      0;  ///< largest whole n in [1, 1e8] (or [1, model_max_context_tokens] when set) that fits at in.batch; with
          ///< every layer windowed and a window that fits, every n does, so the limit
  double crossover_batch =
      0;  ///< smallest whole B in [1, 1e6] with compute_time_s >= memory_time_s, whether or not it fits (0 if none)
  bool weights_fit =
      false;  ///< one GPU's weight share P*b_w/G + runtime_bytes <= GPU memory (same predicate as plan()'s fit); when
              ///< true and max_batch is 0, one request's KV cache is what does not fit
  bool weights_fit_with_headroom =
      false;  ///< weight share <= memory - headroom_fraction*memory; when true and max_batch_with_headroom is 0, one
              ///< request's KV cache is what crosses the headroom
  double min_gpus_to_fit = 0;  ///< fewest G in 1..64 that splits the heads validly and fits in.batch at
                               ///< in.context_tokens (in.gpus ignored); 0 if none
};

/// Closed forms, from per-GPU memory = P*b_w/G + c*n_c*B (c = 2*L*h*d_h*b_c,
/// h = KV heads per GPU, n_c = min(n, W); with some layers windowed, the sum of
/// each kind's share, budget_math.h kv_bytes_per_request) and M the GPU's memory:
///   max_batch       = floor((M - P*b_w/G) / (c*n_c))        (M - headroom*M for the headroom variant)
///   max_context     = floor((M - P*b_w/G) / (c*B)), searched upwards past a window, capped at the model's context
///   crossover_batch = the smallest B whose arithmetic term 2*P_active*B/(G*F) reaches the decode traffic's
///                     memory term (dense: ceil((P*b_w/(G*BW)) / (2*P_active/(G*F) - c*n_c/BW)), none when the
///                     bracket <= 0; a mixture of experts reads more experts as B grows, found by bisection;
///                     comm_s adds to the step whichever term binds, so it does not move the crossover)
///   min_gpus_to_fit = the first valid G in 1..64 whose per-GPU memory fits (a search: 64 plans at most)
/// Each answer is then checked against the same predicate plan() uses, so the
/// reported batch always plans as fitting and batch + 1 never does.
/// Errors: those of validate_budget_input().
CapacityResult capacity(const BudgetInput& in);

}  // namespace llmbudget
