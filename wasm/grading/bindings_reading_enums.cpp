// Embind names for the reading layer's enums (reading_declarations.h), which the
// answer checker's table (bindings_quiz.cpp: a question's dimension, a check's
// parse error) and web/core/quiz-core.js use. Full module only: the calculator's
// module has no Embind (its reading calls are wasm/reading/bindings_reading.cpp's).
// A declarative list, no logic.
#include <emscripten/bind.h>

#include "reading/reading_declarations.h"

namespace lb = llmbudget;
using emscripten::enum_;

EMSCRIPTEN_BINDINGS(reading_enums) {
  enum_<lb::UnitDimension> dimensions("QuizUnitDimension");
  for (const lb::DimensionDeclaration& d : lb::dimension_declarations()) dimensions.value(d.name, d.dimension);
  enum_<lb::ParseError> parse_errors("QuizParseError");
  for (const lb::EnumDeclaration& e : lb::parse_error_declarations())
    parse_errors.value(e.name, static_cast<lb::ParseError>(e.value));
}
