// Embind table for the serving-budget core: a declarative list, no logic.
//
// Every core function is exposed under its C++ name; result structs become
// plain JS objects (value_object). The input and result objects are
// registered by looping over the core's field declarations
// (src/field_declarations.h), so no field name is written here. Vector fields arrive in JS as VectorDouble
// handles that the caller must .delete(); web/core/budget-core.js owns that.
// The answer-check bindings live in bindings_quiz.cpp and link into the same
// module (budget_core.js); VectorDouble is registered here only.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <type_traits>
#include <vector>

#include "attention_memory.h"
#include "budget_types.h"
#include "capacity.h"
#include "field_declarations.h"
#include "field_declarations_json.h"
#include "planner.h"
#include "serving_budget.h"
#include "speculative.h"
#include "sweeps.h"

namespace lb = llmbudget;
using emscripten::enum_;
using emscripten::function;
using emscripten::register_vector;
using emscripten::value_object;

namespace {

// A Float64Array view of a vector's storage, so JS copies a series in one call
// instead of one get() per element. Valid only until the next call into wasm.
emscripten::val vector_double_view(const std::vector<double>& v) {
  return emscripten::val(emscripten::typed_memory_view(v.size(), v.data()));
}
// Registers a result struct's ok/error (a planner row has none) and every declared field.
template <class Result>
void register_result(const char* name, lb::Table<lb::ResultFieldDeclaration<Result>> fields) {
  value_object<Result> object(name);
  if constexpr (!std::is_same_v<Result, lb::PlanRow>) object.field("ok", &Result::ok).field("error", &Result::error);
  for (const lb::ResultFieldDeclaration<Result>& f : fields) {
    switch (f.kind) {
      case lb::ResultKind::number: object.field(f.name, f.number); break;
      case lb::ResultKind::flag: object.field(f.name, f.flag); break;
      case lb::ResultKind::verdict: object.field(f.name, f.verdict); break;
      case lb::ResultKind::binding_term: object.field(f.name, f.binding_term); break;
    }
  }
}

// Registers an enum's values under the core's names (names[i] is value i).
template <class Enum, std::size_t N>
void register_enum(const char* name, const char* const (&names)[N]) {
  enum_<Enum> e(name);
  for (std::size_t i = 0; i < N; ++i) e.value(names[i], static_cast<Enum>(i));
}
}  // namespace

EMSCRIPTEN_BINDINGS(budget_core) {
  register_enum<lb::Verdict>("Verdict", lb::kVerdictNames);
  register_enum<lb::BindingTerm>("BindingTerm", lb::kBindingTermNames);

  register_vector<double>("VectorDouble");

  value_object<lb::InputError>("InputError")
      .field("field", &lb::InputError::field)
      .field("message", &lb::InputError::message);

  {
    value_object<lb::BudgetInput> input("BudgetInput");
    for (const lb::InputFieldDeclaration& f : lb::budget_input_fields()) input.field(f.name, f.member);
  }

  register_result<lb::BudgetResult>("BudgetResult", lb::budget_result_fields());
  register_result<lb::CapacityResult>("CapacityResult", lb::capacity_result_fields());
  register_result<lb::SpeculativeResult>("SpeculativeResult", lb::speculative_result_fields());
  register_result<lb::PlanRow>("PlanRow", lb::plan_row_fields());
  register_vector<lb::PlanRow>("VectorPlanRow");

  {
    // The speculative parameters under their declared names; `speculative` switches them on.
    value_object<lb::PlanOptions> options("PlanOptions");
    options.field("speculative", &lb::PlanOptions::speculative);
    for (const lb::InputFieldDeclaration& f : lb::speculative_input_fields()) options.field(f.name, f.plan_option);
  }

  value_object<lb::PlanLeversResult>("PlanLeversResult")
      .field("ok", &lb::PlanLeversResult::ok)
      .field("error", &lb::PlanLeversResult::error)
      .field("rows", &lb::PlanLeversResult::rows)
      .field("cheapest_row", &lb::PlanLeversResult::cheapest_row);

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
  function("field_declarations_json", &lb::field_declarations_json);
  function("plan", &lb::plan);
  function("capacity", &lb::capacity);
  function("speculative", &lb::speculative);
  function("best_draft_tokens", &lb::best_draft_tokens);
  function("attention_memory", &lb::attention_memory);
  function("sweep_batch", &lb::sweep_batch);
  function("sweep_context", &lb::sweep_context);
  function("sweep_acceptance", &lb::sweep_acceptance);
  function("plan_levers", &lb::plan_levers);
}
