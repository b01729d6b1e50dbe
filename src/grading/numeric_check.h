// Grading a typed numeric answer against a question's expected value, unit
// and tolerance. Reading the text is read_answer's (answer_expression.h: a
// plain number as parse_quantity reads it, else arithmetic); this file
// decides the verdict and writes the feedback. Never throws; bounded work.
//
// ---- How a numeric answer is graded (check_numeric_answer) ----------------
//  The expected value and the absolute tolerance are given in the question's
//  default unit. tolerance = max(absolute_tolerance, relative_tolerance*|expected|);
//  close band = max(tolerance, close_relative_tolerance*|expected|).
//   unparseable  the text is not a number with a known unit, nor arithmetic
//                that works out (reason in `parse_error`); or it is arithmetic
//                and the question has accept_expression = false
//                (expression_not_allowed, with its own message).
//   wrong_unit   the unit is a bit unit ("53 Gb"; see 6), or it belongs to
//                another dimension (tokens/s for a memory
//                question; any unit other than x/% for a unitless one), or the
//                number is not right in the unit used (or the default unit, for
//                a bare number) but would be right in another unit of the same
//                dimension ("53 MB" or a bare "53000" for 53 GB).
//   correct      |answer - expected| <= tolerance, compared in base units
//                (bytes, tokens per pass, tokens/s, seconds).
//   close        not correct, but |answer - expected| <= close band ("3",
//                "2.9" or "2.94" for 2.952 with a 5 % band). The message
//                advises more digits only when rounding explains the miss
//                (too_few_digits: the answer is the expected value rounded or
//                cut to a coarser decimal place, "3" or "2.9" for 2.952);
//                otherwise it says how far off the answer is, to 2
//                significant digits ("52" for 53 GB: "off by about 1 GB").
//   wrong        anything else that parses.
//  Messages say what was expected (dimension, units, default unit, tolerance)
//  and never contain the expected value.
#pragma once

#include <string>

#include "grading/feedback_messages.h"
#include "reading/quantity.h"
#include "reading/unit_table.h"

namespace llmbudget {

/// How one numeric question is graded.
struct NumericQuestion {
  UnitDimension dimension = UnitDimension::none;
  double expected = 0;                     ///< in default_unit; finite
  std::string default_unit;                ///< unit of a bare number and of `expected`; a symbol of `dimension`
                                           ///< ("GB", "tokens", "tok/s", "s"); "" allowed only for none
  double relative_tolerance = 0;           ///< fraction of |expected|, in [0, 1]
  double absolute_tolerance = 0;           ///< in default_unit, >= 0, finite
  double close_relative_tolerance = 0.05;  ///< "close" band as a fraction of |expected|, in [0, 1]
  bool accept_expression = true;           ///< false: arithmetic ("2 × 6.5") is refused as
                                           ///< expression_not_allowed; the student types the value
  bool point_may_group = false;            ///< the page's locale groups digits with "." (de): a lone "."
                                           ///< before exactly 3 digits ("1.026") is graded in both readings,
                                           ///< 1026 and 1.026, as "1,026" always is (quantity.h)
};

enum class AnswerVerdict { correct = 0, close = 1, wrong_unit = 2, wrong = 3, unparseable = 4 };

/// The grade of one numeric answer. When ok is false the question itself is
/// invalid: error_field names its field and error_message says why.
struct NumericCheck {
  bool ok = false;
  std::string error_field;
  std::string error_message;
  std::string error_code;    ///< the refusal's kind (feedback_messages.h, "setting_*"), when ok is false
  std::string error_params;  ///< its values as one JSON object, when ok is false
  AnswerVerdict verdict = AnswerVerdict::unparseable;
  ParseError parse_error = ParseError::none;  ///< the reason, when unparseable
  std::string message;                        ///< feedback for the student; never states the expected value
  std::string message_kinds;                  ///< the sentences of `message` as declared kinds with their values
                                              ///< (written_messages_json: [{"code","params"}, ...]); their
                                              ///< English texts joined by one space are `message`
  bool has_value = false;                     ///< a reading was graded (false when unparseable or wrong dimension)
  double answer_in_default_unit = 0;          ///< the graded reading, converted to default_unit; always finite
  std::string interpreted;                    ///< how the answer was read, e.g. "2.952 tokens (decimal comma)", or for
                                              ///< arithmetic "(1 − 0.9⁵)/(1 − 0.9) = 4.0951 tokens per pass"
  std::string reading_note;     ///< the kind of the separator note that ends `interpreted` ("read_decimal_comma",
                                ///< feedback_messages.h), or "" when it has none
  std::string expression;       ///< the arithmetic as read ("(1 − 0.9⁵)/(1 − 0.9)"); "" for a plain number
  bool approximate = false;     ///< a "~"/"about" prefix was typed
  bool too_few_digits = false;  ///< close, and the answer is the expected value rounded or cut to a coarser
                                ///< decimal place (see close above); false for every other verdict
};

/// Grades `text` against `question`; rules at the top of this file.
/// Never throws; bounded work for any text.
NumericCheck check_numeric_answer(const std::string& text, const NumericQuestion& question);

/// Checks a NumericQuestion's fields: dimension inside the enum; expected
/// finite with |expected| <= 1e30; default_unit a unit of the dimension (or ""
/// for none); the three tolerances as documented on NumericQuestion.
/// Returns "" when valid, else the first bad field's name, and sets `message`
/// to one sentence naming the field, its range and the bad value.
std::string validate_numeric_question(const NumericQuestion& question, std::string& message);

/// As above, with the refusal as a declared kind (codes "setting_*", the bad
/// value as {value}, or {text} for default_unit); `refusal` is left empty
/// (code "") when the question is valid.
std::string validate_numeric_question(const NumericQuestion& question, FeedbackMessage& refusal);

/// Stable lower-case name of a verdict: "correct", "close", "wrong_unit",
/// "wrong", "unparseable" (the Embind enum names), read from
/// answer_verdict_declarations() (grading_declarations.cpp); "unparseable"
/// outside the enum.
const char* to_string(AnswerVerdict verdict);

}  // namespace llmbudget
