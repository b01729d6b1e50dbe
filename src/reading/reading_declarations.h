// The one declaration of the reading layer's names: the unit dimensions an
// answer may measure and the reasons a typed answer cannot be read. The
// to_string() functions, the sentences of the answer checker, the Embind
// enums (wasm/grading/bindings_quiz.cpp), the answer-side JSON
// (practice/answer_declarations_json.h) and through it the JS facades read
// these tables; no other list of these names exists.
#pragma once

#include "reading/quantity.h"
#include "reading/unit_table.h"
#include "text/table.h"

namespace llmbudget {

/// One unit dimension. Strings are static and never null.
struct DimensionDeclaration {
  UnitDimension dimension;
  const char* name;       ///< stable name: "bytes"; a questions file's step "dimension"
  const char* base_unit;  ///< the unit factors are relative to: "B", "tokens", "tok/s", "s"; "" for none
  const char* phrase;     ///< the dimension in a sentence: "a memory size"
  const char* units;      ///< its units in a sentence: "s, ms, µs or ns"
  const char* example;    ///< a short working whose value measures it, for an answer hint ("2 × 6.5"),
                          ///< written before the question's unit; valid arithmetic (answer_expression.h)
};

/// The five dimensions in enum order (row i is UnitDimension i):
/// none, bytes, tokens_per_pass, tokens_per_s, seconds.
Table<DimensionDeclaration> dimension_declarations();

/// The reasons a text is not read (ParseError), in enum order (row i has
/// value i): none, empty, too_long, ... expression_not_allowed; 13 rows.
Table<EnumDeclaration> parse_error_declarations();

/// Stable name of a parse error ("unknown_unit"), from parse_error_declarations();
/// "bad_number" outside the enum.
const char* to_string(ParseError error);

/// Whether a text that failed with `error` held nothing to read (ParseError::empty: empty, or
/// white space only): a value not typed yet rather than a wrong one. A box that reads a value as
/// it is typed keeps the value in use without a message then.
bool is_nothing_typed(ParseError error);

}  // namespace llmbudget
