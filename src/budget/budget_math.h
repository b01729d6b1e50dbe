// Internal: the budget formulas on an already-validated BudgetInput.
// plan(), capacity() and the sweeps all call these, so a batch that
// capacity() says fits is exactly one that plan() calls "fits".
// Source: LM10-T6 lesson (memory and step formulas; see README.md, "How the
// numbers are computed"), and Megatron-LM style tensor parallelism for the
// per-GPU forms (G = in.gpus; at G = 1 every per-GPU quantity is computed with
// the same operations as the single-GPU one, so the lesson's numbers stay exact).
#pragma once

#include <algorithm>
#include <cmath>

#include "budget/budget_types.h"
#include "budget/serving_budget.h"
#include "budget/tensor_parallel.h"

namespace llmbudget {
namespace detail {

/// P * b_w [bytes].
inline double weight_bytes(const BudgetInput& in) { return in.total_params * in.weight_bytes_per_param; }

/// Layers whose cache holds at most W tokens: L_W (every layer when L_W is 0)
/// when a window W is set, else none. Gemma 2 9B: W = 4,096 on 21 of 42 layers.
inline double sliding_window_layers(const BudgetInput& in) {
  if (in.sliding_window_tokens <= 0) return 0;
  return in.sliding_window_layers > 0 ? in.sliding_window_layers : in.layers;
}

/// Layers that attend to (and cache) the whole context: L - sliding_window_layers().
inline double full_attention_layers(const BudgetInput& in) { return in.layers - sliding_window_layers(in); }

/// Values one layer caches for one token when each GPU holds `kv_heads` KV
/// heads: 2 * h * d_h (a key and a value per KV head), or d_c with latent
/// attention (MLA: one compressed vector of kv_lora_rank + qk_rope_head_dim
/// values, no factor 2 and no heads; DeepSeek-AI, 2024, arXiv:2405.04434,
/// section 2.1; every tensor-parallel GPU keeps the whole vector, as vLLM does).
inline double kv_values_per_layer(const BudgetInput& in, double kv_heads) {
  return in.latent_kv_dim > 0 ? in.latent_kv_dim : 2 * kv_heads * in.head_dim;
}

/// 2 * L * H_kv * d_h * b_c [bytes] (MLA: L * d_c * b_c): keys and values of
/// one token of one request over every layer, while the context is no longer
/// than the window (past it, only the full-attention layers grow).
inline double kv_bytes_per_token(const BudgetInput& in) {
  return in.latent_kv_dim > 0 ? in.layers * in.latent_kv_dim * in.cache_bytes_per_value
                              : 2 * in.layers * in.kv_heads * in.head_dim * in.cache_bytes_per_value;
}

/// Tokens a windowed layer holds per request: min(n, W), or n without a window.
inline double cached_tokens(const BudgetInput& in, double context_tokens) {
  return in.sliding_window_tokens > 0 ? std::min(context_tokens, in.sliding_window_tokens) : context_tokens;
}

/// KV cache of one request of `context_tokens` tokens when each GPU holds
/// `kv_heads` KV heads [bytes]: values per layer * b_c * (L_full * n + L_W * min(n, W)).
/// Example (Gemma 2 9B, 8 KV heads of 256, 16-bit, n = 8,192, W = 4,096 on 21
/// of 42 layers): 8,192 B * (21 * 8,192 + 21 * 4,096) = 2,113,929,216 B.
inline double kv_bytes_per_request(const BudgetInput& in, double context_tokens, double kv_heads) {
  const double per_layer_token = kv_values_per_layer(in, kv_heads) * in.cache_bytes_per_value;
  const double windowed = sliding_window_layers(in);
  if (windowed == 0) return per_layer_token * in.layers * context_tokens;
  return per_layer_token * (full_attention_layers(in) * context_tokens + windowed * cached_tokens(in, context_tokens));
}

/// KV cache of the whole batch [bytes].
inline double kv_cache_bytes(const BudgetInput& in, double batch, double context_tokens) {
  return kv_bytes_per_request(in, context_tokens, in.kv_heads) * batch;
}

inline double total_bytes(const BudgetInput& in, double batch, double context_tokens) {
  return weight_bytes(in) + kv_cache_bytes(in, batch, context_tokens);
}

/// P * b_w / G [bytes]: one GPU's share of the weights (tensor parallel splits every matrix).
inline double per_gpu_weight_bytes(const BudgetInput& in) { return weight_bytes(in) / in.gpus; }

/// KV cache of one request on one GPU [bytes]: kv_bytes_per_request() with
/// h = kv_heads_per_gpu() KV heads (the whole latent vector with MLA).
inline double per_gpu_kv_bytes_per_request(const BudgetInput& in, double context_tokens) {
  return kv_bytes_per_request(in, context_tokens, kv_heads_per_gpu(in));
}

/// The runtime's own memory on each GPU [bytes]: activation peak + reserve (0 by default, as in the lesson).
inline double runtime_bytes(const BudgetInput& in) { return in.activation_peak_bytes + in.runtime_reserve_bytes; }

/// P*b_w/G + runtime + the batch's cache of its KV heads [bytes]: what one GPU holds; the verdict is judged on it.
inline double per_gpu_bytes(const BudgetInput& in, double batch, double context_tokens) {
  return per_gpu_weight_bytes(in) + runtime_bytes(in) + per_gpu_kv_bytes_per_request(in, context_tokens) * batch;
}

/// Bits the matrix multiplies run in: the wider of the weights and the
/// activations, m = max(b_w, b_a) bytes: 4 when m <= 0.5, 8 when m <= 1, else
/// 16. Weight-only quantisation (int8/int4 weights, 16-bit activations, as
/// gpt-fast's) dequantises to 16 bits and multiplies there; FP8 weights with
/// FP8 activations use the 8-bit tensor cores (NVIDIA H100 datasheet: FP8 at
/// twice the BF16 rate).
inline double matmul_bits(const BudgetInput& in) {
  const double m = std::max(in.weight_bytes_per_param, in.activation_bytes_per_value);
  return m <= 0.5 ? 4 : m <= 1 ? 8 : 16;
}

/// The usable rate the arithmetic runs at [FLOP/s]: flops_per_s at 16 bits,
/// flops_8bit_per_s at 8 (flops_per_s when 0), flops_4bit_per_s at 4 (the
/// 8-bit rate when 0). Defaults give flops_per_s everywhere: the lesson's F.
inline double matmul_flops_per_s(const BudgetInput& in) {
  const double bits = matmul_bits(in);
  if (bits == 16) return in.flops_per_s;
  const double rate8 = in.flops_8bit_per_s > 0 ? in.flops_8bit_per_s : in.flops_per_s;
  if (bits == 8) return rate8;
  return in.flops_4bit_per_s > 0 ? in.flops_4bit_per_s : rate8;
}

/// True for a mixture of experts whose routed experts are not all used by every token (E > k).
inline bool routes_experts(const BudgetInput& in) { return in.experts > 0 && in.experts > in.experts_per_token; }

/// Parameters of all routed experts together [parameters]: (P - P_active) * E / (E - k).
/// P - P_active is the E - k experts a token skips, so one expert holds
/// (P - P_active) / (E - k) (summed over the MoE layers); the rest of P (attention,
/// embeddings, norms, routers, shared experts, dense layers) is always used.
/// 0 for a dense model or when every expert is used (E = k).
inline double routed_expert_params(const BudgetInput& in) {
  if (!routes_experts(in)) return 0;
  const double active = in.active_params > 0 ? in.active_params : in.total_params;
  return (in.total_params - active) * in.experts / (in.experts - in.experts_per_token);
}

/// Expected distinct routed experts one MoE layer reads in a decode step of
/// `tokens` tokens: E * (1 - (1 - k/E)^tokens). Assumption: uniform routing,
/// each token choosing its k distinct experts independently of the others. One
/// token then leaves a given expert out with probability C(E-1, k)/C(E, k) =
/// 1 - k/E, all `tokens` tokens with (1 - k/E)^tokens, and the sum over the E
/// experts is the expectation (the occupancy problem: Feller, "An Introduction
/// to Probability Theory and Its Applications", vol. 1, ch. II). k at one token;
/// E as tokens grow. A router with uneven loads touches fewer on average (the sum
/// of 1 - (1 - p_i)^tokens is largest when every p_i is k/E), so this is the most
/// a step reads. 0 for a dense model.
inline double experts_touched(const BudgetInput& in, double tokens) {
  if (in.experts == 0) return 0;
  if (!routes_experts(in)) return in.experts;
  return in.experts * (1 - std::pow(1 - in.experts_per_token / in.experts, tokens));
}

/// Weight bytes one GPU reads in a decode step of `batch` requests [bytes]:
/// P*b_w/G for a dense model; for a mixture of experts, the always-used weights
/// plus the routed experts touched: (P - R + R * touched/E) * b_w / G, R =
/// routed_expert_params(). At batch 1 that is P_active * b_w / G.
inline double per_gpu_weight_read_bytes(const BudgetInput& in, double batch) {
  if (!routes_experts(in)) return per_gpu_weight_bytes(in);
  const double routed = routed_expert_params(in);
  const double read = in.total_params - routed + routed * experts_touched(in, batch) / in.experts;
  return read * in.weight_bytes_per_param / in.gpus;
}

/// Bytes one GPU reads in one decode step [bytes]: the weights it reads
/// (per_gpu_weight_read_bytes) and its share of the batch's KV cache, each once.
inline double per_gpu_decode_traffic_bytes(const BudgetInput& in, double batch, double context_tokens) {
  return per_gpu_weight_read_bytes(in, batch) + per_gpu_kv_bytes_per_request(in, context_tokens) * batch;
}

/// Parameters that do arithmetic per token (MoE: active experts only).
inline double active_params(const BudgetInput& in) { return in.active_params > 0 ? in.active_params : in.total_params; }

/// Memory-traffic term of one decode step [s]: the bytes one GPU reads
/// (pass per_gpu_decode_traffic_bytes(); the GPUs read their shares at the same time).
inline double memory_time_s(const BudgetInput& in, double bytes) { return bytes / in.bandwidth_bytes_per_s; }

/// Arithmetic term of one decode step [s]: 2 FLOP per active parameter per
/// request, shared by G GPUs: 2 * P_active * B / (G * F), F the matmul_flops_per_s() rate.
inline double compute_time_s(const BudgetInput& in, double batch) {
  return 2 * active_params(in) * batch / (in.gpus * matmul_flops_per_s(in));
}

inline bool fits(const BudgetInput& in, double total) { return total <= in.gpu_memory_bytes; }

/// G - headroom_fraction * G [bytes]: the most memory a configuration may use
/// and still leave the headroom free (the boundary between "fits" and "tight").
inline double headroom_limit_bytes(const BudgetInput& in) {
  return in.gpu_memory_bytes - in.headroom_fraction * in.gpu_memory_bytes;
}

/// Bytes one GPU has for the KV cache within the headroom limit [bytes]:
/// (1 - headroom) * M - P*b_w/G - runtime, as vLLM sizes its cache with
/// gpu_memory_utilization u = 1 - headroom_fraction (negative when nothing is left).
inline double kv_budget_bytes(const BudgetInput& in) {
  return headroom_limit_bytes(in) - per_gpu_weight_bytes(in) - runtime_bytes(in);
}

/// Fits and leaves at least headroom_fraction of GPU memory free (verdict "fits", not "tight").
inline bool fits_with_headroom(const BudgetInput& in, double total) {
  return fits(in, total) && total <= headroom_limit_bytes(in);
}

/// plan() without validation; `in` must have passed validate_budget_input().
BudgetResult plan_validated(const BudgetInput& in);

}  // namespace detail
}  // namespace llmbudget
