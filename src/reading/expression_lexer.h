// The tokens of an arithmetic answer ("(1 − 0.9^5)/(1 − 0.9)", "2 × 6.5 GB",
// "20 GB + 13 GB", "1.3·10¹⁰ B"): numbers (decimal_scan.h, same separator
// rules as a single number), operators, parentheses, superscript exponents
// and units (unit_table.h). The parser is answer_expression.h.
//
// Characters read as operators:
//   +                      plus (also unary)
//   -  − (U+2212)          minus (also unary)
//   *  × (U+00D7)  · (U+00B7)  ⋅ (U+22C5)  ∗ (U+2217)   times; also "x" and the
//                          word "times" when a number or "(" follows them (else
//                          "x"/"times" after a number is the ratio unit, "3 x")
//   /  ÷ (U+00F7)  ∕ (U+2215)   divided by
//   ^  **                  power
//   ( )                    grouping
//   ⁰¹²³⁴⁵⁶⁷⁸⁹ with an optional leading ⁻   a whole-number exponent ("10¹⁰")
// A unit may follow a number, a closing parenthesis or a superscript: the
// longest known spelling that ends at a space, an operator or the end
// ("tok/s", "tokens per second", "GiB"); bit units as in unit_table.h.
// "," is never an operator: it belongs to a number when a digit follows it
// (decimal comma or thousands grouping, decimal_scan.h), else it is refused.
// "=" is refused inside an answer (working and result together).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "reading/quantity.h"
#include "reading/unit_table.h"

namespace llmbudget {

enum class TokenKind { number, plus, minus, times, divide, power, open, close, superscript, unit };

/// One token. Numbers keep both readings of an ambiguous comma ("2,952").
struct ExpressionToken {
  TokenKind kind = TokenKind::number;
  std::size_t pos = 0;      ///< byte offset in the prepared text
  double value = 0;         ///< number: thousands reading; superscript: the exponent
  double alt_value = 0;     ///< number: decimal-comma reading (== value unless ambiguous)
  bool ambiguous = false;   ///< number: "2,952"-style (or "1.026" under PointReading::decimal_or_grouping)
  char ambiguous_mark = 0;  ///< number: the ambiguous separator, ',' or '.'; 0 when not ambiguous
  const detail::UnitEntry* unit = nullptr;  ///< unit: a byte/token/time/ratio unit, or
  const detail::BitUnit* bits = nullptr;    ///< unit: a bit unit (exactly one of the two is set)
};

/// Tokens of a text, or the reason it cannot be split into tokens.
struct LexResult {
  bool ok = false;
  ParseError error = ParseError::none;
  std::string message;  ///< one sentence for the student when !ok
  std::vector<ExpressionToken> tokens;
};

/// Splits `text` (valid UTF-8, ASCII spaces only, trimmed; at most
/// kMaxAnswerBytes bytes) into tokens. Errors: bad_number (a malformed
/// number), out_of_range (a number over 1.8e308), unknown_unit (a word that
/// is not a unit), bad_expression (a stray character, "=", a function name
/// such as "sqrt(", a "," that is not inside a number). Work is
/// O(|text| · 40): a unit is looked for among at most 40 bytes. `point`: how
/// a lone "." in a number is read (decimal_scan.h).
LexResult lex_expression(const std::string& text, PointReading point = PointReading::decimal);

/// True when `text` (prepared as for lex_expression) holds an operator that
/// only arithmetic explains: a parenthesis, a superscript digit, any of
/// + − * × · ⋅ ∗ ÷ ∕ ^, or "/", "-", "x" or "times" followed (after spaces)
/// by a digit, ".", ",", "(" or a sign. Used to tell "53 GB/s" (an unknown
/// unit) from "53/2 GB" (arithmetic). Callers try parse_quantity first, so
/// "3 ×" (a ratio) and "-5" never get here.
bool looks_like_expression(const std::string& text);

}  // namespace llmbudget
