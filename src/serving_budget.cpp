#include "serving_budget.h"

#include "budget_math.h"
#include "validate.h"

namespace llmbudget {

namespace detail {

BudgetResult plan_validated(const BudgetInput& in) {
  BudgetResult r;
  r.ok = true;
  r.weight_bytes = weight_bytes(in);
  r.kv_cache_bytes_per_token = kv_bytes_per_token(in);
  r.kv_cache_bytes = kv_cache_bytes(in, in.batch, in.context_tokens);
  r.total_bytes = r.weight_bytes + r.kv_cache_bytes;
  r.free_bytes = in.gpu_memory_bytes - r.total_bytes;
  r.headroom_limit_bytes = headroom_limit_bytes(in);
  r.memory_time_s = memory_time_s(in, r.total_bytes);
  r.compute_time_s = compute_time_s(in, in.batch);
  r.bound_by = r.compute_time_s > r.memory_time_s ? BindingTerm::compute : BindingTerm::memory;
  r.fits = fits(in, r.total_bytes);
  if (!r.fits) {
    r.verdict = Verdict::does_not_fit;
    return r;  // no speed for an infeasible configuration
  }
  r.verdict = fits_with_headroom(in, r.total_bytes) ? Verdict::fits : Verdict::tight;
  r.has_speed = true;
  r.step_s = std::max(r.memory_time_s, r.compute_time_s);
  r.per_request_tokens_per_s = 1 / r.step_s;
  r.total_tokens_per_s = in.batch / r.step_s;
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
