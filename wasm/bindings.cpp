// Embind table for the serving-budget core: a declarative list, no logic.
//
// Every core function is exposed under its C++ name; result structs become
// plain JS objects (value_object). Vector fields arrive in JS as VectorDouble
// handles that the caller must .delete(); web/core/budget-core.js owns that.
// The answer-check bindings live in bindings_quiz.cpp and link into the same
// module (budget_core.js); VectorDouble is registered here only.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <vector>

#include "attention_memory.h"
#include "budget_types.h"
#include "capacity.h"
#include "serving_budget.h"
#include "speculative.h"
#include "sweeps.h"
#include "validate.h"

namespace lb = llmbudget;
using emscripten::enum_;
using emscripten::function;
using emscripten::register_vector;
using emscripten::value_object;

namespace {
// Embind needs a function to hand JS the core's default configuration.
lb::BudgetInput default_budget_input() { return lb::BudgetInput{}; }

// A Float64Array view of a vector's storage, so JS copies a series in one call
// instead of one get() per element. Valid only until the next call into wasm.
emscripten::val vector_double_view(const std::vector<double>& v) {
  return emscripten::val(emscripten::typed_memory_view(v.size(), v.data()));
}
}  // namespace

EMSCRIPTEN_BINDINGS(budget_core) {
  enum_<lb::Verdict>("Verdict")
      .value("fits", lb::Verdict::fits)
      .value("tight", lb::Verdict::tight)
      .value("does_not_fit", lb::Verdict::does_not_fit);

  enum_<lb::BindingTerm>("BindingTerm")
      .value("memory", lb::BindingTerm::memory)
      .value("compute", lb::BindingTerm::compute);

  register_vector<double>("VectorDouble");

  value_object<lb::InputError>("InputError")
      .field("field", &lb::InputError::field)
      .field("message", &lb::InputError::message);

  value_object<lb::BudgetInput>("BudgetInput")
      .field("total_params", &lb::BudgetInput::total_params)
      .field("active_params", &lb::BudgetInput::active_params)
      .field("layers", &lb::BudgetInput::layers)
      .field("query_heads", &lb::BudgetInput::query_heads)
      .field("kv_heads", &lb::BudgetInput::kv_heads)
      .field("head_dim", &lb::BudgetInput::head_dim)
      .field("sliding_window_tokens", &lb::BudgetInput::sliding_window_tokens)
      .field("weight_bytes_per_param", &lb::BudgetInput::weight_bytes_per_param)
      .field("cache_bytes_per_value", &lb::BudgetInput::cache_bytes_per_value)
      .field("batch", &lb::BudgetInput::batch)
      .field("context_tokens", &lb::BudgetInput::context_tokens)
      .field("gpu_memory_bytes", &lb::BudgetInput::gpu_memory_bytes)
      .field("bandwidth_bytes_per_s", &lb::BudgetInput::bandwidth_bytes_per_s)
      .field("flops_per_s", &lb::BudgetInput::flops_per_s)
      .field("headroom_fraction", &lb::BudgetInput::headroom_fraction);

  value_object<lb::FieldLimit>("FieldLimit")
      .field("field", &lb::FieldLimit::field)
      .field("min", &lb::FieldLimit::min)
      .field("max", &lb::FieldLimit::max)
      .field("min_exclusive", &lb::FieldLimit::min_exclusive)
      .field("whole", &lb::FieldLimit::whole)
      .field("unit", &lb::FieldLimit::unit);
  register_vector<lb::FieldLimit>("VectorFieldLimit");

  value_object<lb::BudgetResult>("BudgetResult")
      .field("ok", &lb::BudgetResult::ok)
      .field("error", &lb::BudgetResult::error)
      .field("weight_bytes", &lb::BudgetResult::weight_bytes)
      .field("kv_cache_bytes", &lb::BudgetResult::kv_cache_bytes)
      .field("kv_cache_bytes_per_token", &lb::BudgetResult::kv_cache_bytes_per_token)
      .field("total_bytes", &lb::BudgetResult::total_bytes)
      .field("free_bytes", &lb::BudgetResult::free_bytes)
      .field("headroom_limit_bytes", &lb::BudgetResult::headroom_limit_bytes)
      .field("memory_time_s", &lb::BudgetResult::memory_time_s)
      .field("compute_time_s", &lb::BudgetResult::compute_time_s)
      .field("step_s", &lb::BudgetResult::step_s)
      .field("bound_by", &lb::BudgetResult::bound_by)
      .field("fits", &lb::BudgetResult::fits)
      .field("verdict", &lb::BudgetResult::verdict)
      .field("has_speed", &lb::BudgetResult::has_speed)
      .field("per_request_tokens_per_s", &lb::BudgetResult::per_request_tokens_per_s)
      .field("total_tokens_per_s", &lb::BudgetResult::total_tokens_per_s);

  value_object<lb::CapacityResult>("CapacityResult")
      .field("ok", &lb::CapacityResult::ok)
      .field("error", &lb::CapacityResult::error)
      .field("max_batch", &lb::CapacityResult::max_batch)
      .field("max_batch_with_headroom", &lb::CapacityResult::max_batch_with_headroom)
      .field("max_context_tokens", &lb::CapacityResult::max_context_tokens)
      .field("crossover_batch", &lb::CapacityResult::crossover_batch)
      .field("weights_fit", &lb::CapacityResult::weights_fit)
      .field("weights_fit_with_headroom", &lb::CapacityResult::weights_fit_with_headroom);

  value_object<lb::SpeculativeResult>("SpeculativeResult")
      .field("ok", &lb::SpeculativeResult::ok)
      .field("error", &lb::SpeculativeResult::error)
      .field("tokens_per_pass", &lb::SpeculativeResult::tokens_per_pass)
      .field("speedup", &lb::SpeculativeResult::speedup);

  value_object<lb::BestDraftResult>("BestDraftResult")
      .field("ok", &lb::BestDraftResult::ok)
      .field("error", &lb::BestDraftResult::error)
      .field("draft_tokens", &lb::BestDraftResult::draft_tokens)
      .field("speedup", &lb::BestDraftResult::speedup)
      .field("tokens_per_pass", &lb::BestDraftResult::tokens_per_pass);

  value_object<lb::AttentionMemoryResult>("AttentionMemoryResult")
      .field("ok", &lb::AttentionMemoryResult::ok)
      .field("error", &lb::AttentionMemoryResult::error)
      .field("stored_score_bytes", &lb::AttentionMemoryResult::stored_score_bytes)
      .field("tiled_kernel_bytes", &lb::AttentionMemoryResult::tiled_kernel_bytes);

  value_object<lb::BatchSweep>("BatchSweep")
      .field("ok", &lb::BatchSweep::ok)
      .field("error", &lb::BatchSweep::error)
      .field("batch", &lb::BatchSweep::batch)
      .field("total_bytes", &lb::BatchSweep::total_bytes)
      .field("fits", &lb::BatchSweep::fits)
      .field("per_request_tokens_per_s", &lb::BatchSweep::per_request_tokens_per_s)
      .field("total_tokens_per_s", &lb::BatchSweep::total_tokens_per_s)
      .field("memory_time_s", &lb::BatchSweep::memory_time_s)
      .field("compute_time_s", &lb::BatchSweep::compute_time_s);

  value_object<lb::ContextSweep>("ContextSweep")
      .field("ok", &lb::ContextSweep::ok)
      .field("error", &lb::ContextSweep::error)
      .field("context_tokens", &lb::ContextSweep::context_tokens)
      .field("total_bytes", &lb::ContextSweep::total_bytes)
      .field("kv_cache_bytes", &lb::ContextSweep::kv_cache_bytes)
      .field("stored_score_bytes", &lb::ContextSweep::stored_score_bytes)
      .field("tiled_kernel_bytes", &lb::ContextSweep::tiled_kernel_bytes);

  value_object<lb::AcceptanceSweep>("AcceptanceSweep")
      .field("ok", &lb::AcceptanceSweep::ok)
      .field("error", &lb::AcceptanceSweep::error)
      .field("acceptance_rate", &lb::AcceptanceSweep::acceptance_rate)
      .field("tokens_per_pass", &lb::AcceptanceSweep::tokens_per_pass)
      .field("speedup", &lb::AcceptanceSweep::speedup);

  function("vector_double_view", &vector_double_view);
  function("default_budget_input", &default_budget_input);
  function("budget_input_limits", &lb::budget_input_limits);
  function("plan", &lb::plan);
  function("capacity", &lb::capacity);
  function("speculative", &lb::speculative);
  function("best_draft_tokens", &lb::best_draft_tokens);
  function("attention_memory", &lb::attention_memory);
  function("sweep_batch", &lb::sweep_batch);
  function("sweep_context", &lb::sweep_context);
  function("sweep_acceptance", &lb::sweep_acceptance);
}
