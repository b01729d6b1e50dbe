#include "budget/serving_budget.h"

#include <cmath>

#include "budget/budget_math.h"
#include "budget/prefill.h"
#include "budget/tensor_parallel.h"
#include "budget/validate.h"

namespace llmbudget {

namespace detail {

BudgetResult plan_validated(const BudgetInput& in) {
  BudgetResult r;
  r.ok = true;
  r.weight_bytes = weight_bytes(in);
  r.kv_cache_bytes_per_token = kv_bytes_per_token(in);
  r.kv_cache_bytes = kv_cache_bytes(in, in.batch, in.context_tokens);
  r.runtime_bytes = runtime_bytes(in);
  r.total_bytes = r.weight_bytes + r.kv_cache_bytes + r.runtime_bytes * in.gpus;
  r.matmul_bits = matmul_bits(in);
  r.matmul_flops_per_s = matmul_flops_per_s(in);
  const double kv_budget = kv_budget_bytes(in);
  if (kv_budget > 0) {
    r.kv_capacity_tokens = std::floor(kv_budget / per_gpu_kv_bytes_per_request(in, 1));
    r.max_concurrency = kv_budget / per_gpu_kv_bytes_per_request(in, in.context_tokens);
  }
  r.per_gpu_bytes = per_gpu_bytes(in, in.batch, in.context_tokens);
  r.kv_heads_per_gpu = kv_heads_per_gpu(in);
  r.free_bytes = in.gpu_memory_bytes - r.per_gpu_bytes;
  r.headroom_limit_bytes = headroom_limit_bytes(in);
  r.decode_traffic_bytes = per_gpu_decode_traffic_bytes(in, in.batch, in.context_tokens);
  r.experts_touched = experts_touched(in, in.batch);
  r.full_attention_layers = full_attention_layers(in);
  r.sliding_window_layers_used = sliding_window_layers(in);
  r.memory_time_s = memory_time_s(in, r.decode_traffic_bytes);
  r.compute_time_s = compute_time_s(in, in.batch);
  r.comm_s = allreduce_time_s(in, in.batch);
  r.bound_by = r.compute_time_s > r.memory_time_s ? BindingTerm::compute : BindingTerm::memory;
  r.fits = fits(in, r.per_gpu_bytes);
  const bool no_ttft_target = in.ttft_target_s == 0;
  const bool no_speed_target = in.per_request_target_tokens_per_s == 0;
  r.ttft_target_met = no_ttft_target;
  r.per_request_target_met = no_speed_target;
  if (!r.fits) {
    r.verdict = Verdict::does_not_fit;
    return r;  // no speed for an infeasible configuration
  }
  r.verdict = fits_with_headroom(in, r.per_gpu_bytes) ? Verdict::fits : Verdict::tight;
  r.has_speed = true;
  r.step_s = std::max(r.memory_time_s, r.compute_time_s) + r.comm_s;  // + 0 at G = 1: the lesson's step exactly
  r.per_request_tokens_per_s = 1 / r.step_s;
  r.total_tokens_per_s = in.batch / r.step_s;
  r.ttft_s = ttft_s(in);
  if (!no_ttft_target) {
    r.ttft_margin_s = in.ttft_target_s - r.ttft_s;
    r.ttft_target_met = r.ttft_s <= in.ttft_target_s;
  }
  if (!no_speed_target) {
    r.per_request_margin_tokens_per_s = r.per_request_tokens_per_s - in.per_request_target_tokens_per_s;
    r.per_request_target_met = r.per_request_tokens_per_s >= in.per_request_target_tokens_per_s;
  }
  return r;
}

}  // namespace detail

BudgetResult plan(const BudgetInput& in) {
  if (auto error = validate_budget_input(in)) {
    BudgetResult r;
    r.error = *error;
    return r;
  }
  return detail::plan_validated(in);
}

}  // namespace llmbudget
