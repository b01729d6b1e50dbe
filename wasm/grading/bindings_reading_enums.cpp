// Embind names for the reading layer's enums (reading_declarations.h), which the
// answer checker's table (bindings_quiz.cpp: a question's dimension, a check's
// parse error) and web/core/quiz-core.js use; and the declared types the other
// full-module tables share: InputError (every result's error) and FieldReading
// (read_traffic_field_value). Full module only: the calculator's module has no
// Embind. A declarative list, no logic.
#include <emscripten/bind.h>

#include "budget/budget_types.h"
#include "budget/field_reader.h"
#include "reading/reading_declarations.h"

namespace lb = llmbudget;
using emscripten::enum_;
using emscripten::value_object;

EMSCRIPTEN_BINDINGS(reading_enums) {
  enum_<lb::UnitDimension> dimensions("QuizUnitDimension");
  for (const lb::DimensionDeclaration& d : lb::dimension_declarations()) dimensions.value(d.name, d.dimension);
  enum_<lb::ParseError> parse_errors("QuizParseError");
  for (const lb::EnumDeclaration& e : lb::parse_error_declarations())
    parse_errors.value(e.name, static_cast<lb::ParseError>(e.value));

  value_object<lb::InputError>("InputError")
      .field("field", &lb::InputError::field)
      .field("message", &lb::InputError::message)
      .field("code", &lb::InputError::code)
      .field("params_json", &lb::InputError::params_json);

  value_object<lb::FieldReading>("FieldReading")
      .field("ok", &lb::FieldReading::ok)
      .field("error", &lb::FieldReading::error)
      .field("value", &lb::FieldReading::value)
      .field("significant_digits", &lb::FieldReading::significant_digits)
      .field("binary_prefix", &lb::FieldReading::binary_prefix)
      .field("ambiguous", &lb::FieldReading::ambiguous)
      .field("ambiguous_mark", &lb::FieldReading::ambiguous_mark)  // a char: a number in JS (44 ',', 46 '.', 0)
      .field("grouping_taken", &lb::FieldReading::grouping_taken);
}
