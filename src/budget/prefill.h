// Prefill and time to first token (TTFT) for one request arriving alone:
// the whole prompt of n_p tokens goes through the model in one pass.
// Formulas as in README.md "How the numbers are computed". Sources: 2 FLOP
// per active parameter per token (Kaplan et al., 2020, "Scaling Laws for
// Neural Language Models"; Chen, "Transformer Inference Arithmetic", 2022);
// the attention term counts Q*K^T and A*V (2 FLOP per multiply-add each) over
// the causal (query, key) pairs.
#pragma once

#include <algorithm>

#include "budget/budget_math.h"
#include "budget/budget_types.h"
#include "budget/tensor_parallel.h"

namespace llmbudget {
namespace detail {

/// Prompt tokens n_p of `in`: prompt_tokens, or context_tokens when it is 0.
inline double prompt_tokens(const BudgetInput& in) {
  return in.prompt_tokens > 0 ? in.prompt_tokens : in.context_tokens;
}

/// Causal (query, key) pairs attention computes over a prompt of n_p tokens:
/// n_p*(n_p+1)/2 with full attention (W = 0) or when n_p <= W; else each of the
/// first W tokens sees the ones before it and every later token sees W:
/// W*(W+1)/2 + (n_p - W)*W. Example: n_p = 8, W = 4 -> 10 + 4*4 = 26.
inline double attention_pairs(double prompt, double window) {
  if (window <= 0 || prompt <= window) return prompt * (prompt + 1) / 2;
  return window * (window + 1) / 2 + (prompt - window) * window;
}

/// Arithmetic of the prefill [FLOP]: 2*P_active*n_p + 4*H_q*d_h*(L_full*pairs(n_p)
/// + L_W*pairs(n_p, W)) (2*P per token for the weights; 2 FLOP per multiply-add
/// for each of Q*K^T and A*V, over H_q heads of d_h values, each layer over its
/// own pairs: full-attention layers all causal pairs, windowed layers those inside W).
inline double prefill_flops(const BudgetInput& in) {
  const double np = prompt_tokens(in);
  const double windowed = sliding_window_layers(in);
  double attention = 4 * full_attention_layers(in) * in.query_heads * in.head_dim * attention_pairs(np, 0);
  if (windowed > 0)
    attention += 4 * windowed * in.query_heads * in.head_dim * attention_pairs(np, in.sliding_window_tokens);
  return 2 * active_params(in) * np + attention;
}

/// Bytes one GPU moves in the prefill [B]: its share of all the weights read
/// once, P*b_w/G (a prompt of many tokens reaches every expert of a mixture of
/// experts), plus the prompt's cache written once (per_gpu_kv_bytes_per_request at n_p).
inline double prefill_traffic_bytes(const BudgetInput& in) {
  return per_gpu_weight_bytes(in) + per_gpu_kv_bytes_per_request(in, prompt_tokens(in));
}

/// TTFT [s] = max(traffic / BW, FLOPs / (G*F)) + all-reduces over n_p tokens,
/// F the matmul_flops_per_s() rate (attention at the same rate)
/// (allreduce_time_s(in, n_p); 0 at G = 1). Meaningful only when the
/// configuration fits (plan() reports it then only).
inline double ttft_s(const BudgetInput& in) {
  return std::max(prefill_traffic_bytes(in) / in.bandwidth_bytes_per_s,
                  prefill_flops(in) / (in.gpus * matmul_flops_per_s(in))) +
         allreduce_time_s(in, prompt_tokens(in));
}

}  // namespace detail
}  // namespace llmbudget
