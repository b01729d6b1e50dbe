// Embind table for answer checking: a declarative list, no logic; the
// verdict enums are registered by looping over the core's name tables, so no
// enum name is typed here. Links into the full module (budget_core.js) beside
// wasm/reading/bindings_reading.cpp, which registers the unit dimensions its
// questions use; every name is distinct from the budget table's (Quiz*
// prefixes), so no shared type is registered twice. Vector fields
// (QuizIndexVector) arrive in JS as handles that web/core/quiz-core.js copies
// and .delete()s.
#include <emscripten/bind.h>

#include "grading/answer_check.h"
#include "grading/answer_hint.h"
#include "grading/feedback_messages.h"
#include "grading/grading_declarations.h"

namespace lb = llmbudget;
using emscripten::enum_;
using emscripten::function;
using emscripten::register_vector;
using emscripten::value_object;

namespace {

// Registers an enum whose names are a verdict declaration's.
template <class Verdict>
void register_verdicts(const char* name, lb::Table<lb::VerdictDeclaration> rows) {
  enum_<Verdict> verdicts(name);
  for (const lb::VerdictDeclaration& v : rows) verdicts.value(v.name, static_cast<Verdict>(v.value));
}

}  // namespace

EMSCRIPTEN_BINDINGS(quiz_core) {
  // Enum names from the core's declarations (grading_declarations.h).
  register_verdicts<lb::AnswerVerdict>("QuizAnswerVerdict", lb::answer_verdict_declarations());
  register_verdicts<lb::ChoiceVerdict>("QuizChoiceVerdict", lb::choice_verdict_declarations());

  register_vector<int>("QuizIndexVector");

  value_object<lb::NumericQuestion>("QuizNumericQuestion")
      .field("dimension", &lb::NumericQuestion::dimension)
      .field("expected", &lb::NumericQuestion::expected)
      .field("default_unit", &lb::NumericQuestion::default_unit)
      .field("relative_tolerance", &lb::NumericQuestion::relative_tolerance)
      .field("absolute_tolerance", &lb::NumericQuestion::absolute_tolerance)
      .field("close_relative_tolerance", &lb::NumericQuestion::close_relative_tolerance)
      .field("accept_expression", &lb::NumericQuestion::accept_expression)
      .field("point_may_group", &lb::NumericQuestion::point_may_group);

  value_object<lb::NumericCheck>("QuizNumericCheck")
      .field("ok", &lb::NumericCheck::ok)
      .field("error_field", &lb::NumericCheck::error_field)
      .field("error_message", &lb::NumericCheck::error_message)
      .field("error_code", &lb::NumericCheck::error_code)
      .field("error_params", &lb::NumericCheck::error_params)
      .field("verdict", &lb::NumericCheck::verdict)
      .field("parse_error", &lb::NumericCheck::parse_error)
      .field("message", &lb::NumericCheck::message)
      .field("message_kinds", &lb::NumericCheck::message_kinds)
      .field("has_value", &lb::NumericCheck::has_value)
      .field("answer_in_default_unit", &lb::NumericCheck::answer_in_default_unit)
      .field("interpreted", &lb::NumericCheck::interpreted)
      .field("reading_note", &lb::NumericCheck::reading_note)
      .field("expression", &lb::NumericCheck::expression)
      .field("approximate", &lb::NumericCheck::approximate)
      .field("too_few_digits", &lb::NumericCheck::too_few_digits);

  value_object<lb::ChoiceQuestion>("QuizChoiceQuestion")
      .field("option_count", &lb::ChoiceQuestion::option_count)
      .field("correct", &lb::ChoiceQuestion::correct)
      .field("multiple", &lb::ChoiceQuestion::multiple);

  value_object<lb::ChoiceCheck>("QuizChoiceCheck")
      .field("ok", &lb::ChoiceCheck::ok)
      .field("error_field", &lb::ChoiceCheck::error_field)
      .field("error_message", &lb::ChoiceCheck::error_message)
      .field("verdict", &lb::ChoiceCheck::verdict)
      .field("missing", &lb::ChoiceCheck::missing)
      .field("extra", &lb::ChoiceCheck::extra)
      .field("message", &lb::ChoiceCheck::message)
      .field("message_kinds", &lb::ChoiceCheck::message_kinds);

  function("check_numeric_answer", &lb::check_numeric_answer);
  function("numeric_answer_hint", &lb::numeric_answer_hint);
  function("numeric_answer_hint_kinds", &lb::numeric_answer_hint_kinds);
  function("check_choice_answer", &lb::check_choice_answer);
  // The kinds of the checker's sentences (codes and English patterns), in this full module only.
  function("grading_message_declarations_json", &lb::feedback_declarations_json);
}
