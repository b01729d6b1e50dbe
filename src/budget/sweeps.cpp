#include "budget/sweeps.h"

#include <cmath>
#include <string>

#include "budget/attention_memory.h"
#include "budget/budget_math.h"
#include "budget/field_checks.h"
#include "budget/input_messages.h"
#include "budget/speculative.h"
#include "budget/validate.h"

namespace llmbudget {

namespace {

constexpr double kMaxPoints = 4096;

// The i-th of `points` values evenly spaced over [lo, hi], end points exact.
double spaced(double lo, double hi, std::size_t i, std::size_t points) {
  if (i + 1 == points) return hi;
  return lo + (hi - lo) * static_cast<double>(i) / static_cast<double>(points - 1);
}

// Clears a sweep for reuse: the vectors and the error's strings keep their
// storage, so a caller that sweeps again into the same struct allocates nothing.
template <class Sweep>
void reset(Sweep& s) {
  s.ok = false;
  for (std::string* text : {&s.error.field, &s.error.message, &s.error.code, &s.error.params_json}) text->clear();
  s.for_each_series([](std::vector<double>& v) { v.clear(); });
}

}  // namespace

void sweep_batch(const BudgetInput& in, double max_batch, BatchSweep& s) {
  reset(s);
  if (auto e = validate_budget_input(in)) {
    s.error = *e;
    return;
  }
  if (auto e = detail::check_value("max_batch", max_batch, 1, 4096, false, true)) {
    s.error = *e;
    return;
  }
  const auto count = static_cast<std::size_t>(max_batch);
  for (auto* v : {&s.batch, &s.total_bytes, &s.fits, &s.per_request_tokens_per_s, &s.total_tokens_per_s,
                  &s.memory_time_s, &s.compute_time_s}) {
    v->reserve(count);
  }
  BudgetInput point = in;
  for (std::size_t i = 1; i <= count; ++i) {
    point.batch = static_cast<double>(i);
    const BudgetResult r = detail::plan_validated(point);  // batch 1..4096 is inside the batch limit
    s.batch.push_back(point.batch);
    s.total_bytes.push_back(r.total_bytes);
    s.fits.push_back(r.fits ? 1 : 0);
    s.per_request_tokens_per_s.push_back(r.per_request_tokens_per_s);  // 0 when it does not fit
    s.total_tokens_per_s.push_back(r.total_tokens_per_s);
    s.memory_time_s.push_back(r.memory_time_s);
    s.compute_time_s.push_back(r.compute_time_s);
  }
  s.ok = true;
}

void sweep_context(const BudgetInput& in, double min_context, double max_context, double points, ContextSweep& s) {
  reset(s);
  if (auto e = validate_budget_input(in)) {
    s.error = *e;
    return;
  }
  std::optional<InputError> e = detail::check_value("min_context", min_context, 1, 1e8, false, true);
  if (!e && !detail::in_range(max_context, min_context, 1e8, false, true)) {
    e = coded_error("max_context", MessageCode::out_of_range_from_field_whole,
                    {text_value("field", "max_context"), text_value("min_field", "min_context"),
                     number_value("max", 1e8), number_value("value", max_context)});
  }
  if (!e) e = detail::check_value("points", points, 2, kMaxPoints, false, true);
  if (e) {
    s.error = *e;
    return;
  }
  const auto count = static_cast<std::size_t>(points);
  for (auto* v : {&s.context_tokens, &s.total_bytes, &s.kv_cache_bytes, &s.stored_score_bytes, &s.tiled_kernel_bytes}) {
    v->reserve(count);
  }
  BudgetInput point = in;
  for (std::size_t i = 0; i < count; ++i) {
    point.context_tokens = std::round(spaced(min_context, max_context, i, count));
    const BudgetResult r = detail::plan_validated(point);  // n stays inside [min, max], both valid
    const AttentionMemoryResult a = attention_memory(in.query_heads, point.context_tokens, in.cache_bytes_per_value);
    s.context_tokens.push_back(point.context_tokens);
    s.total_bytes.push_back(r.total_bytes);
    s.kv_cache_bytes.push_back(r.kv_cache_bytes);
    s.stored_score_bytes.push_back(a.stored_score_bytes);
    s.tiled_kernel_bytes.push_back(a.tiled_kernel_bytes);
  }
  s.ok = true;
}

void sweep_acceptance(double draft_tokens, double draft_cost_ratio, double points, AcceptanceSweep& s) {
  reset(s);
  // Check the speculative inputs through speculative() itself (a = 0 is valid).
  const SpeculativeResult probe = speculative(0, draft_tokens, draft_cost_ratio);
  if (!probe.ok) {
    s.error = probe.error;
    return;
  }
  if (auto e = detail::check_value("points", points, 2, kMaxPoints, false, true)) {
    s.error = *e;
    return;
  }
  const auto count = static_cast<std::size_t>(points);
  s.acceptance_rate.reserve(count);
  s.tokens_per_pass.reserve(count);
  s.speedup.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const double a = spaced(0, 1, i, count);
    const SpeculativeResult r = speculative(a, draft_tokens, draft_cost_ratio);
    s.acceptance_rate.push_back(a);
    s.tokens_per_pass.push_back(r.tokens_per_pass);
    s.speedup.push_back(r.speedup);
  }
  s.ok = true;
}

BatchSweep sweep_batch(const BudgetInput& in, double max_batch) {
  BatchSweep s;
  sweep_batch(in, max_batch, s);
  return s;
}

ContextSweep sweep_context(const BudgetInput& in, double min_context, double max_context, double points) {
  ContextSweep s;
  sweep_context(in, min_context, max_context, points, s);
  return s;
}

AcceptanceSweep sweep_acceptance(double draft_tokens, double draft_cost_ratio, double points) {
  AcceptanceSweep s;
  sweep_acceptance(draft_tokens, draft_cost_ratio, points, s);
  return s;
}

}  // namespace llmbudget
