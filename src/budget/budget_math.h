// Internal: the budget formulas on an already-validated BudgetInput.
// plan(), capacity() and the sweeps all call these, so a batch that
// capacity() says fits is exactly one that plan() calls "fits".
// Source: LM10-T6 lesson (memory and step formulas; see README.md, "How the
// numbers are computed"), and Megatron-LM style tensor parallelism for the
// per-GPU forms (G = in.gpus; at G = 1 every per-GPU quantity is computed with
// the same operations as the single-GPU one, so the lesson's numbers stay exact).
#pragma once

#include <algorithm>

#include "budget/budget_types.h"
#include "budget/serving_budget.h"
#include "budget/tensor_parallel.h"

namespace llmbudget {
namespace detail {

/// P * b_w [bytes].
inline double weight_bytes(const BudgetInput& in) { return in.total_params * in.weight_bytes_per_param; }

/// 2 * L * H_kv * d_h * b_c [bytes]: keys and values of one token of one request.
inline double kv_bytes_per_token(const BudgetInput& in) {
  return 2 * in.layers * in.kv_heads * in.head_dim * in.cache_bytes_per_value;
}

/// Tokens the cache holds per request: min(n, W), or n without a window.
inline double cached_tokens(const BudgetInput& in, double context_tokens) {
  return in.sliding_window_tokens > 0 ? std::min(context_tokens, in.sliding_window_tokens) : context_tokens;
}

/// KV cache of the whole batch [bytes].
inline double kv_cache_bytes(const BudgetInput& in, double batch, double context_tokens) {
  return kv_bytes_per_token(in) * cached_tokens(in, context_tokens) * batch;
}

inline double total_bytes(const BudgetInput& in, double batch, double context_tokens) {
  return weight_bytes(in) + kv_cache_bytes(in, batch, context_tokens);
}

/// P * b_w / G [bytes]: one GPU's share of the weights (tensor parallel splits every matrix).
inline double per_gpu_weight_bytes(const BudgetInput& in) { return weight_bytes(in) / in.gpus; }

/// 2 * L * h * d_h * b_c [bytes], h = kv_heads_per_gpu(): one token of one request on one GPU.
inline double per_gpu_kv_bytes_per_token(const BudgetInput& in) {
  return 2 * in.layers * kv_heads_per_gpu(in) * in.head_dim * in.cache_bytes_per_value;
}

/// P*b_w/G + 2*L*h*d_h*min(n, W)*B*b_c [bytes]: what one GPU holds; the verdict is judged on it.
inline double per_gpu_bytes(const BudgetInput& in, double batch, double context_tokens) {
  return per_gpu_weight_bytes(in) + per_gpu_kv_bytes_per_token(in) * cached_tokens(in, context_tokens) * batch;
}

/// Parameters that do arithmetic per token (MoE: active experts only).
inline double active_params(const BudgetInput& in) { return in.active_params > 0 ? in.active_params : in.total_params; }

/// Memory-traffic term of one decode step [s]: every byte one GPU holds, read
/// once (pass the per-GPU bytes; the GPUs read their shares at the same time).
inline double memory_time_s(const BudgetInput& in, double bytes) { return bytes / in.bandwidth_bytes_per_s; }

/// Arithmetic term of one decode step [s]: 2 FLOP per active parameter per
/// request, shared by G GPUs: 2 * P_active * B / (G * F).
inline double compute_time_s(const BudgetInput& in, double batch) {
  return 2 * active_params(in) * batch / (in.gpus * in.flops_per_s);
}

inline bool fits(const BudgetInput& in, double total) { return total <= in.gpu_memory_bytes; }

/// G - headroom_fraction * G [bytes]: the most memory a configuration may use
/// and still leave the headroom free (the boundary between "fits" and "tight").
inline double headroom_limit_bytes(const BudgetInput& in) {
  return in.gpu_memory_bytes - in.headroom_fraction * in.gpu_memory_bytes;
}

/// Fits and leaves at least headroom_fraction of GPU memory free (verdict "fits", not "tight").
inline bool fits_with_headroom(const BudgetInput& in, double total) {
  return fits(in, total) && total <= headroom_limit_bytes(in);
}

/// plan() without validation; `in` must have passed validate_budget_input().
BudgetResult plan_validated(const BudgetInput& in);

}  // namespace detail
}  // namespace llmbudget
