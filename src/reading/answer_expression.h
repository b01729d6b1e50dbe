// Reading an answer typed as arithmetic: "(1 − 0.9^5)/(1 − 0.9)",
// "2 × 6.5 GB", "20 GB + 13 GB", "1.3 × 10^10 B", "-(2 - 5)". The grader
// (numeric_check.h) calls read_answer, which reads a plain number exactly as
// parse_quantity does and only then tries arithmetic. Never throws; bounded
// work for any input.
//
// ---- Grammar (tokens: expression_lexer.h) ----------------------------------
//   answer   := ["about" prefix | "="] sum
//   sum      := product (("+" | "−") product)*
//   product  := signed (("×" | "/") signed)*
//   signed   := ("+" | "−") signed | power
//   power    := operand [("^" signed) | superscript]     right-associative:
//               2^3^2 = 2^9; -2^2 = −(2^2) = −4; 10^-3 = 0.001
//   operand  := (number | "(" sum ")") [superscript] [unit]
// Two operands side by side ("2(3 + 4)", "2 3") are refused: write the operator.
//
// ---- Units ---------------------------------------------------------------------
//  - One unit, as the very last token, applies to the whole expression:
//    "2 × 6.5 GB" = 13 GB, "20 + 13 GB" = (20 + 13) GB, "2^10 B" = 1024 B.
//  - Otherwise each unit belongs to the operand it follows, and
//      a + b, a − b  need the same dimension on both sides, or no unit on
//                    either ("20 GB + 500 MB" = 20.5 GB; "20 GB + 13" refused);
//      a × b        at most one side with a unit ("2 × 6.5 GB");
//      a / b        b without a unit ("40 GB / 8"), or both of one dimension,
//                   which gives a plain number ("40 GB / 8 GB" = 5);
//      a ^ b        no unit on either side.
//    The result is shown in the first unit typed ("20 GB + 500 MB = 20.5 GB").
//  - Bit units are read as in parse_quantity (and graded wrong_unit).
//
// ---- Commas ------------------------------------------------------------------
//  Every number follows decimal_scan.h's rules, as a lone number does. A ","
//  with a digit after it is part of a number; any other "," is refused. When
//  some numbers are of the ambiguous "2,952" kind, the expression has two
//  readings: every such comma a thousands separator (`value`), or every one a
//  decimal comma (`alt_value`); the grader tries both, as for one number.
//
// ---- Bounds (all refusals are values, never an exception or NaN) ------------
//  200 bytes (kMaxAnswerBytes); at most kMaxExpressionDepth nested
//  parentheses and signs (too_deep); no functions or variables
//  (bad_expression); an exponent must be a plain number with |exponent| <=
//  kMaxExponent, and every intermediate result must be finite (out_of_range,
//  "too large to check"); a negative number to a fractional power is refused
//  (bad_expression); a divisor that works out to 0, or 0 to a negative power,
//  is division_by_zero with its own message.
#pragma once

#include <cstddef>
#include <string>

#include "reading/quantity.h"

namespace llmbudget {

/// Most nested parentheses plus unary signs in one answer.
constexpr int kMaxExpressionDepth = 20;

/// Largest |exponent| accepted after "^" (10^400 is refused before pow runs).
constexpr double kMaxExponent = 400;

/// How a typed answer was read: a plain number (parse_quantity), or arithmetic.
struct AnswerReading {
  /// The reading as a quantity: value and alt_value in `unit` (or bare), and
  /// the unit, dimension, factor, approximate and bits flags as parse_quantity
  /// sets them. When !quantity.ok, quantity.error and .message say why.
  Quantity quantity;
  bool is_expression = false;  ///< arithmetic was typed (false for a plain number)
  std::string expression;      ///< the arithmetic as read, thousands reading: "(1 − 0.9⁵)/(1 − 0.9)"
  std::string alt_expression;  ///< the same with every ambiguous comma read as a decimal comma
};

/// Reads `text` (UTF-8). A text parse_quantity accepts is returned as it
/// reads it (is_expression false). Otherwise, when the text holds arithmetic
/// (looks_like_expression), it is parsed and evaluated by the rules above;
/// any other text gives parse_quantity's error. Work is O(kMaxAnswerBytes · 40).
/// `point`: how a lone "." is read (decimal_scan.h; the page's locale).
AnswerReading read_answer(const std::string& text, PointReading point = PointReading::decimal);

}  // namespace llmbudget
