// The time of one iteration of a continuously batched server: one forward
// pass that carries a decode token of every running request and chunks of
// prompts being prefilled, built from the decode-step and prefill pieces of
// budget_math.h and prefill.h (the serving simulation in src/traffic/ prices
// every iteration with it). Per GPU, G = in.gpus tensor-parallel GPUs:
//   traffic [B]  = weight bytes read for the tokens carried (MoE: the experts
//                  those tokens touch) + the KV cache each decode reads at its
//                  context + each prefill chunk's cache up to its end
//   FLOPs        = 2 * P_active * tokens + 4 * H_q * d_h * (each chunk's new causal pairs, per layer kind)
//   time [s]     = max(traffic / BW, FLOPs / (G * F)) + all-reduces over the tokens carried
// An iteration of B decode tokens at context n is the decode step (step_s);
// an iteration of one whole prompt of n_p tokens is the prefill (ttft_s).
#pragma once

#include "budget/budget_types.h"

namespace llmbudget {

/// What one iteration carries. Build it with add_decode() and add_prefill_chunk().
struct IterationWork {
  double tokens = 0;           ///< tokens in the forward pass: one per decode, a chunk's length per chunk
  double kv_bytes = 0;         ///< KV cache bytes one GPU reads or writes in the pass
  double attention_flops = 0;  ///< the prefill chunks' attention arithmetic [FLOP] (decode attention is not counted,
                               ///< as in the decode step)
};

namespace detail {

/// Adds one decode token of a request that holds `context_tokens` tokens once
/// this token is written (the decode step's n): 1 token, and that request's
/// KV cache on one GPU, per_gpu_kv_bytes_per_request(in, n). `in` must be valid.
void add_decode(const BudgetInput& in, double context_tokens, IterationWork& work);

/// Adds `count` decode tokens at once, of requests whose contexts (as add_decode()'s n) sum to
/// `context_sum` and whose contexts cut at the sliding window W, min(n, W), sum to `windowed_sum`
/// (equal to context_sum without a window): `count` tokens and the sum of their
/// per_gpu_kv_bytes_per_request(), which is linear in those sums: bytes per layer and token *
/// (L_full * context_sum + L_W * windowed_sum) (the form of budget_math.h's kv_bytes_per_request()).
/// The same as add_decode() for each request, up to rounding; the simulation uses it so an
/// iteration costs the same whatever the batch.
void add_decodes(const BudgetInput& in, double count, double context_sum, double windowed_sum, IterationWork& work);

/// Adds a prefill chunk of `chunk_tokens` >= 1 prompt tokens after `start_tokens` >= 0 already
/// in the cache (computed earlier or a prefix-cache hit): chunk_tokens tokens; the cache up to
/// the chunk's end, per_gpu_kv_bytes_per_request(in, start + chunk) (the earlier part read,
/// the chunk written); attention over the new causal pairs, 4*H_q*d_h*(L_full*(pairs(end) -
/// pairs(start)) + L_W*(pairs_W(end) - pairs_W(start))), pairs as attention_pairs() (prefill.h).
/// At start 0 and chunk = n_p this is prefill_flops() less its 2*P_active*n_p and prefill_traffic_bytes()
/// less its weights.
void add_prefill_chunk(const BudgetInput& in, double start_tokens, double chunk_tokens, IterationWork& work);

/// Time of the iteration [s]: max((per_gpu_weight_read_bytes(in, tokens) + kv_bytes) / BW,
/// (2 * P_active * tokens + attention_flops) / (G * F)) + allreduce_time_s(in, tokens), F the
/// matmul_flops_per_s() rate. 0 for an empty iteration. `in` must be valid (validate_budget_input()).
/// For a dense model the weights of a prefill are all read, as ttft_s() counts them; for a
/// mixture of experts the experts touched by `tokens` tokens (all of them, to double precision,
/// past a few hundred tokens).
double iteration_time_s(const BudgetInput& in, const IterationWork& work);

}  // namespace detail
}  // namespace llmbudget
