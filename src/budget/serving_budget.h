// Memory and decode-speed budget for one serving configuration.
// Formulas from the LM10-T6 lesson (see README.md, "How the numbers are computed"), tensor
// parallel over G GPUs (Megatron-LM style) (G = 1: the lesson's exactly):
//   memory [B]     = P*b_w + 2*L*H_kv*d_h*n_cached*B*b_c,  n_cached = min(n, W)
//   per GPU [B]    = P*b_w/G + 2*L*h*d_h*n_cached*B*b_c,   h = H_kv/G if H_kv >= G else 1
//   step [s]       = max(per GPU / BW, 2*P_active*B / (G*F)) + comm
//   comm [s]       = 0 at G = 1, else 2*L*(2*(G-1)/G * B*d_model*2 / G_link + lambda)
//   per-request    = 1/step [tok/s], total = B/step [tok/s]
//   TTFT [s]       = see prefill.h
#pragma once

#include "budget/budget_types.h"

namespace llmbudget {

/// The budget for one configuration. When ok is false only `error` is
/// meaningful. headroom_limit_bytes is set whatever the verdict (charts draw it). When verdict is does_not_fit,
/// has_speed is false and the speed fields (step_s, the tokens/s, ttft_s and the two margins) are 0 (the lesson's rule:
/// read "fits" first). weight_bytes, kv_cache_bytes and total_bytes are the model's (all GPUs together, KV heads
/// counted once); per_gpu_bytes is what one GPU holds, and fits/verdict/free_bytes judge it.
struct BudgetResult {
  bool ok = false;
  InputError error;
  double weight_bytes = 0;              ///< P * b_w
  double kv_cache_bytes = 0;            ///< whole batch
  double kv_cache_bytes_per_token = 0;  ///< 2*L*H_kv*d_h*b_c (MLA: L*d_c*b_c), one token of one request over every
                                        ///< layer, below the window
  double total_bytes = 0;               ///< weights + KV cache + G * runtime_bytes (activations ignored unless set)
  double free_bytes = 0;                ///< gpu_memory_bytes - per_gpu_bytes (negative when over)
  double headroom_limit_bytes = 0;  ///< G - headroom_fraction*G: the most total_bytes may be for verdict "fits" (above
                                    ///< it: "tight" or does_not_fit)
  double memory_time_s = 0;         ///< decode_traffic_bytes / BW
  double compute_time_s = 0;        ///< 2 * active_params * B / (G * F)
  double step_s = 0;                ///< max of the two terms + comm_s (0 when !has_speed)
  BindingTerm bound_by = BindingTerm::memory;
  bool fits = false;                        ///< per_gpu_bytes <= gpu_memory_bytes
  Verdict verdict = Verdict::does_not_fit;  ///< tight: fits but free < headroom * gpu memory
  bool has_speed = false;
  double per_request_tokens_per_s = 0;
  double total_tokens_per_s = 0;
  double per_gpu_bytes = 0;      ///< P*b_w/G + the batch's cache of h KV heads per GPU; equals total_bytes at G = 1
  double kv_heads_per_gpu = 0;   ///< h = H_kv/G when H_kv >= G, else 1 (replicated)
  double comm_s = 0;             ///< all-reduce time of one decode step (0 at G = 1), set whatever the verdict
  double ttft_s = 0;             ///< prefill of one request arriving alone (prefill.h); 0 when !has_speed
  bool ttft_target_met = false;  ///< no TTFT target (0), or it fits and ttft_s <= ttft_target_s
  double ttft_margin_s =
      0;  ///< ttft_target_s - ttft_s: > 0 met with room, < 0 missed by that much; 0 without a target or a fit
  bool per_request_target_met =
      false;  ///< no per-request target (0), or it fits and per_request_tokens_per_s >= the target
  double per_request_margin_tokens_per_s =
      0;  ///< per_request_tokens_per_s - target: < 0 missed by that much; 0 without a target or a fit
  double decode_traffic_bytes = 0;   ///< bytes one GPU reads per decode step: weights read (MoE: always-used + experts
                                     ///< touched) + its cache; equals per_gpu_bytes for a dense model
  double experts_touched = 0;        ///< expected distinct routed experts per MoE layer in a decode step (0 dense)
  double full_attention_layers = 0;  ///< layers caching the whole context
  double sliding_window_layers_used = 0;  ///< layers caching at most W tokens (0 without a window)
  double runtime_bytes = 0;       ///< activation_peak_bytes + runtime_reserve_bytes, on each GPU (in per_gpu_bytes;
                                  ///< total_bytes counts it G times)
  double matmul_bits = 16;        ///< 16, 8 or 4: the precision the arithmetic terms' rate is for (budget_math.h)
  double matmul_flops_per_s = 0;  ///< the usable rate compute_time_s and ttft_s used
  double kv_capacity_tokens = 0;  ///< tokens of KV cache one GPU holds within the headroom limit, as vLLM's "GPU KV
                                  ///< cache size: N tokens" (u = 1 - headroom_fraction); 0 when nothing is left
  double max_concurrency = 0;     ///< requests of context_tokens whose cache fits within the headroom limit, as
                                  ///< vLLM's "Maximum concurrency for n tokens per request: X.XXx"; 0 when none
};

/// Computes the budget for `in` (validated first).
BudgetResult plan(const BudgetInput& in);

}  // namespace llmbudget
