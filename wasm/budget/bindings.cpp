// Embind table for the serving-budget core: a declarative list, no logic.
//
// Every core function is exposed under its C++ name; result structs become
// plain JS objects (value_object), registered by looping over the core's
// field declarations (src/budget/field_declarations.h) where one exists. plan(),
// capacity() and the sweeps reach JS as flat arrays (bindings_flat.cpp), and
// enum names travel in field_declarations_json(). The answer-check bindings
// live in bindings_quiz.cpp and link into the same module (budget_core.js).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "budget/attention_memory.h"
#include "budget/budget_types.h"
#include "budget/capacity.h"
#include "budget/field_declarations.h"
#include "budget/field_declarations_json.h"
#include "budget/field_reader.h"
#include "budget/serving_budget.h"
#include "budget/speculative.h"
#include "budget/vllm_runtime.h"

namespace lb = llmbudget;
using emscripten::function;
using emscripten::value_object;

namespace {

// Registers a result struct's ok/error and every declared field.
template <class Result>
void register_result(const char* name, lb::Table<lb::ResultFieldDeclaration<Result>> fields) {
  value_object<Result> object(name);
  object.field("ok", &Result::ok).field("error", &Result::error);
  for (const lb::ResultFieldDeclaration<Result>& f : fields) {
    switch (f.kind) {
      case lb::ResultKind::number: object.field(f.name, f.number); break;
      case lb::ResultKind::flag: object.field(f.name, f.flag); break;
      case lb::ResultKind::verdict: object.field(f.name, f.verdict); break;
      case lb::ResultKind::binding_term: object.field(f.name, f.binding_term); break;
    }
  }
}
}  // namespace

EMSCRIPTEN_BINDINGS(budget_core) {
  value_object<lb::InputError>("InputError")
      .field("field", &lb::InputError::field)
      .field("message", &lb::InputError::message)
      .field("code", &lb::InputError::code)
      .field("params_json", &lb::InputError::params_json);

  // plan() and capacity() reach JS through the flat calls (bindings_flat.cpp).
  register_result<lb::SpeculativeResult>("SpeculativeResult", lb::speculative_result_fields());

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

  value_object<lb::FieldReading>("FieldReading")
      .field("ok", &lb::FieldReading::ok)
      .field("error", &lb::FieldReading::error)
      .field("value", &lb::FieldReading::value)
      .field("significant_digits", &lb::FieldReading::significant_digits)
      .field("binary_prefix", &lb::FieldReading::binary_prefix)
      .field("ambiguous", &lb::FieldReading::ambiguous)
      .field("ambiguous_mark", &lb::FieldReading::ambiguous_mark)  // a char: a number in JS (44 ',', 46 '.', 0)
      .field("grouping_taken", &lb::FieldReading::grouping_taken);

  function("field_declarations_json", &lb::field_declarations_json);
  // The fourth argument is CommaReading as a bool: true when the page's locale
  // writes a decimal comma (an ambiguous "2,039" is then 2.039 first). The
  // fifth is PointReading as a bool: true when the page's locale groups digits
  // with "." (a lone "." before three digits, "1.024", is then reported as
  // ambiguous; it is a decimal point either way).
  function(
      "read_field_value", +[](const std::string& name, const std::string& text, double display_factor,
                              bool decimal_comma, bool groups_with_point) {
        return lb::read_field_value(
            name, text, display_factor,
            decimal_comma ? lb::CommaReading::decimal_first : lb::CommaReading::thousands_first,
            groups_with_point ? lb::PointReading::decimal_or_grouping : lb::PointReading::decimal);
      });
  function("speculative", &lb::speculative);
  function("best_draft_tokens", &lb::best_draft_tokens);
  function("attention_memory", &lb::attention_memory);
  function("vllm_default_max_num_seqs", &lb::vllm_default_max_num_seqs);
  // The config.json importer is in wasm/budget/importer/ (the full module only).
}
