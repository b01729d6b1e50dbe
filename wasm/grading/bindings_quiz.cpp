// Embind table for answer checking: a declarative
// list, no logic. Links into the same module as bindings.cpp (budget_core.js),
// so every name here is distinct from that file's (Quiz* prefixes) and no
// shared type is registered twice. Vector fields (QuizIndexVector) arrive in
// JS as handles that web/core/quiz-core.js copies and .delete()s; so does
// the unit table (QuizUnitSymbolVector).
#include <emscripten/bind.h>

#include "grading/answer_check.h"

namespace lb = llmbudget;
using emscripten::enum_;
using emscripten::function;
using emscripten::register_vector;
using emscripten::value_object;

EMSCRIPTEN_BINDINGS(quiz_core) {
  enum_<lb::UnitDimension>("QuizUnitDimension")
      .value("none", lb::UnitDimension::none)
      .value("bytes", lb::UnitDimension::bytes)
      .value("tokens_per_pass", lb::UnitDimension::tokens_per_pass)
      .value("tokens_per_s", lb::UnitDimension::tokens_per_s)
      .value("seconds", lb::UnitDimension::seconds);

  enum_<lb::ParseError>("QuizParseError")
      .value("none", lb::ParseError::none)
      .value("empty", lb::ParseError::empty)
      .value("too_long", lb::ParseError::too_long)
      .value("control_character", lb::ParseError::control_character)
      .value("no_number", lb::ParseError::no_number)
      .value("bad_number", lb::ParseError::bad_number)
      .value("unknown_unit", lb::ParseError::unknown_unit)
      .value("out_of_range", lb::ParseError::out_of_range)
      .value("bad_expression", lb::ParseError::bad_expression)
      .value("division_by_zero", lb::ParseError::division_by_zero)
      .value("too_deep", lb::ParseError::too_deep)
      .value("mixed_units", lb::ParseError::mixed_units)
      .value("expression_not_allowed", lb::ParseError::expression_not_allowed);

  enum_<lb::AnswerVerdict>("QuizAnswerVerdict")
      .value("correct", lb::AnswerVerdict::correct)
      .value("close", lb::AnswerVerdict::close)
      .value("wrong_unit", lb::AnswerVerdict::wrong_unit)
      .value("wrong", lb::AnswerVerdict::wrong)
      .value("unparseable", lb::AnswerVerdict::unparseable);

  enum_<lb::ChoiceVerdict>("QuizChoiceVerdict")
      .value("correct", lb::ChoiceVerdict::correct)
      .value("partly", lb::ChoiceVerdict::partly)
      .value("wrong", lb::ChoiceVerdict::wrong)
      .value("invalid", lb::ChoiceVerdict::invalid);

  register_vector<int>("QuizIndexVector");
  register_vector<lb::UnitSymbol>("QuizUnitSymbolVector");

  value_object<lb::UnitSymbol>("QuizUnitSymbol")
      .field("dimension", &lb::UnitSymbol::dimension)
      .field("symbol", &lb::UnitSymbol::symbol)
      .field("canonical", &lb::UnitSymbol::canonical)
      .field("factor", &lb::UnitSymbol::factor);

  value_object<lb::Quantity>("QuizQuantity")
      .field("ok", &lb::Quantity::ok)
      .field("error", &lb::Quantity::error)
      .field("message", &lb::Quantity::message)
      .field("value", &lb::Quantity::value)
      .field("alt_value", &lb::Quantity::alt_value)
      .field("ambiguous", &lb::Quantity::ambiguous)
      .field("has_unit", &lb::Quantity::has_unit)
      .field("unit", &lb::Quantity::unit)
      .field("dimension", &lb::Quantity::dimension)
      .field("unit_factor", &lb::Quantity::unit_factor)
      .field("approximate", &lb::Quantity::approximate);

  value_object<lb::NumericQuestion>("QuizNumericQuestion")
      .field("dimension", &lb::NumericQuestion::dimension)
      .field("expected", &lb::NumericQuestion::expected)
      .field("default_unit", &lb::NumericQuestion::default_unit)
      .field("relative_tolerance", &lb::NumericQuestion::relative_tolerance)
      .field("absolute_tolerance", &lb::NumericQuestion::absolute_tolerance)
      .field("close_relative_tolerance", &lb::NumericQuestion::close_relative_tolerance)
      .field("accept_expression", &lb::NumericQuestion::accept_expression);

  value_object<lb::NumericCheck>("QuizNumericCheck")
      .field("ok", &lb::NumericCheck::ok)
      .field("error_field", &lb::NumericCheck::error_field)
      .field("error_message", &lb::NumericCheck::error_message)
      .field("verdict", &lb::NumericCheck::verdict)
      .field("parse_error", &lb::NumericCheck::parse_error)
      .field("message", &lb::NumericCheck::message)
      .field("has_value", &lb::NumericCheck::has_value)
      .field("answer_in_default_unit", &lb::NumericCheck::answer_in_default_unit)
      .field("interpreted", &lb::NumericCheck::interpreted)
      .field("expression", &lb::NumericCheck::expression)
      .field("approximate", &lb::NumericCheck::approximate);

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
      .field("message", &lb::ChoiceCheck::message);

  function("unit_table", &lb::unit_table);
  function("escape_invisible", &lb::escape_invisible);
  function("parse_quantity", &lb::parse_quantity);
  function("check_numeric_answer", &lb::check_numeric_answer);
  function("check_choice_answer", &lb::check_choice_answer);
}
