// Embind table for reading typed quantities (src/reading/): a declarative
// list, no logic. Linked into both wasm modules: the full one (budget_core.js)
// and the calculator's (budget_core_calc.js), whose typed fields, links and
// content checks read numbers with units through web/core/reading-core.js
// (with the reading layer's declaration, wasm/reading/bindings_reading_declarations.cpp).
// The enums are registered by looping over the core's name tables, so no enum
// name is typed here; the unit table arrives in JS as a handle
// (QuizUnitSymbolVector) that reading-core.js copies and .delete()s.
#include <emscripten/bind.h>

#include "reading/quantity.h"
#include "reading/reading_declarations.h"
#include "reading/unit_table.h"
#include "text/utf8_text.h"

namespace lb = llmbudget;
using emscripten::enum_;
using emscripten::function;
using emscripten::register_vector;
using emscripten::value_object;

EMSCRIPTEN_BINDINGS(reading_core) {
  // Enum names from the core's declarations (reading_declarations.h).
  enum_<lb::UnitDimension> dimensions("QuizUnitDimension");
  for (const lb::DimensionDeclaration& d : lb::dimension_declarations()) dimensions.value(d.name, d.dimension);
  enum_<lb::ParseError> parse_errors("QuizParseError");
  for (const lb::EnumDeclaration& e : lb::parse_error_declarations())
    parse_errors.value(e.name, static_cast<lb::ParseError>(e.value));

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

  function("unit_table", &lb::unit_table);
  function("escape_invisible", &lb::escape_invisible);
  // One argument, as before: the universal reading (a lone "." is a decimal point). A page's
  // locale reaches the grader through QuizNumericQuestion.point_may_group instead.
  function(
      "parse_quantity", +[](const std::string& text) { return lb::parse_quantity(text); });
}
