// Tensor parallelism over G GPUs (Megatron-LM style: Shoeybi et al., 2019,
// arXiv:1909.08053): how the attention heads split, and the all-reduce cost.
// The split rule is the one vLLM enforces: G divides the query heads, and G
// and the KV heads divide one way or the other (KV heads are replicated when
// there are fewer of them than GPUs). G = 1 gives the lesson's single GPU.
#pragma once

#include <optional>

#include "budget/budget_types.h"

namespace llmbudget {

/// True when `gpus` GPUs can split a layer of `query_heads` query heads and
/// `kv_heads` KV heads: gpus divides query_heads, and gpus divides kv_heads or
/// kv_heads divides gpus. All three are whole numbers >= 1 (not checked here).
bool valid_tensor_split(double gpus, double query_heads, double kv_heads);

/// The split rule as a refusal, for validate_budget_input() (run after the
/// declared ranges, so the three fields are whole and in range). nullopt when
/// the split is valid, else an InputError on "gpus" whose message names both
/// head counts, the value and the nearest valid counts in 1..64 below and
/// above it, e.g. "gpus must divide query_heads (32) and either divide or be
/// divided by kv_heads (8); got 3; nearest valid: 2 or 4" (one number when
/// only one side has a valid count: "nearest valid: 1").
std::optional<InputError> check_tensor_split(const BudgetInput& in);

namespace detail {

/// KV heads each GPU holds [heads]: H_kv / G when H_kv >= G, else 1 (each
/// KV head is replicated on G / H_kv GPUs). Source: Megatron-LM's head split;
/// vLLM's tensor-parallel attention. Example: 8 KV heads on 16 GPUs -> 1.
inline double kv_heads_per_gpu(const BudgetInput& in) { return in.kv_heads >= in.gpus ? in.kv_heads / in.gpus : 1; }

/// Time of the all-reduces of one forward pass over `tokens` tokens [s]:
/// 0 when G = 1, else 2*L*( 2*(G-1)/G * tokens*d_model*2 / G_link + lambda ),
/// d_model = H_q*d_h: two all-reduces per layer (after attention and after
/// the MLP) of 16-bit activations (2 bytes each), ring algorithm (each GPU
/// sends and receives 2*(G-1)/G of the message; Patarasuk & Yuan, 2009).
/// tokens = B for a decode step, n_p for a prefill.
inline double allreduce_time_s(const BudgetInput& in, double tokens) {
  if (in.gpus == 1) return 0;
  const double message_bytes = tokens * in.query_heads * in.head_dim * 2;
  const double ring_share = 2 * (in.gpus - 1) / in.gpus;
  return 2 * in.layers * (ring_share * message_bytes / in.interconnect_bytes_per_s + in.allreduce_latency_s);
}

}  // namespace detail
}  // namespace llmbudget
