// Memory and decode-speed budget for one serving configuration.
// Formulas from the LM10-T6 lesson (see README.md, "How the numbers are computed"):
//   memory [B]  = P*b_w + 2*L*H_kv*d_h*n_cached*B*b_c,  n_cached = min(n, W)
//   step [s]    = max(memory / BW, 2*P_active*B / F)
//   per-request = 1/step [tok/s], total = B/step [tok/s]
#pragma once

#include "budget_types.h"

namespace llmbudget {

/// The budget for one configuration. When ok is false only `error` is
/// meaningful. headroom_limit_bytes is set whatever the verdict (charts draw it). When verdict is does_not_fit, has_speed is false and the three
/// speed fields are 0 (the lesson's rule: read "fits" first).
struct BudgetResult {
  bool ok = false;
  InputError error;
  double weight_bytes = 0;               ///< P * b_w
  double kv_cache_bytes = 0;             ///< whole batch
  double kv_cache_bytes_per_token = 0;   ///< 2*L*H_kv*d_h*b_c, one token of one request
  double total_bytes = 0;                ///< weights + KV cache (activations ignored)
  double free_bytes = 0;                 ///< gpu_memory_bytes - total_bytes (negative when over)
  double headroom_limit_bytes = 0;       ///< G - headroom_fraction*G: the most total_bytes may be for verdict "fits" (above it: "tight" or does_not_fit)
  double memory_time_s = 0;              ///< total_bytes / BW
  double compute_time_s = 0;             ///< 2 * active_params * B / F
  double step_s = 0;                     ///< max of the two terms (0 when !has_speed)
  BindingTerm bound_by = BindingTerm::memory;
  bool fits = false;                     ///< total_bytes <= gpu_memory_bytes
  Verdict verdict = Verdict::does_not_fit; ///< tight: fits but free < headroom * gpu memory
  bool has_speed = false;
  double per_request_tokens_per_s = 0;
  double total_tokens_per_s = 0;
};

/// Computes the budget for `in` (validated first).
BudgetResult plan(const BudgetInput& in);

}  // namespace llmbudget
