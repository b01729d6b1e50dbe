// How a numeric question's tolerance and answer form are put in words: the
// hint shown under an answer box before the student types, and the phrases
// the checker's feedback shares with it (numeric_check.cpp). Everything here
// depends on the question's settings only, never on its expected value, so
// no hint gives the answer away.
//
//  tolerance   "to within ±0.1 GB", "to within 0.5 %", "exactly"
//  digits      how many digits an answer must keep to land inside the tolerance
//              when it is rounded only at the end: an absolute tolerance t
//              needs d = ceil(-log10(2t)) decimals in the question's unit (a
//              value rounded to d decimals is off by at most 0.5·10^-d <= t):
//              ±0.1 → 1 decimal, ±0.005 → 2, ±0.5 and more → a whole number;
//              a relative tolerance r needs n = ceil(1 - log10(2r)) significant
//              digits (rounded to n digits, x is off by at most 0.5·10^(1-n)·|x|):
//              0.5 % → 3. None when both are set or neither.
//  example     a working of the question's dimension (reading_declarations.h),
//              in the question's unit: "2 × 6.5 GB", "(3 + 1) / 2 tokens".
#pragma once

#include <string>

#include "grading/feedback_messages.h"
#include "grading/numeric_check.h"

namespace llmbudget {

/// The tolerance as a declared phrase (feedback_messages.h, codes "tolerance_*"):
/// {percent} the relative tolerance in percent and {tolerance} the absolute one,
/// each to 6 significant digits, {unit} the question's default unit. Its text is
/// tolerance_phrase(). `question` must be valid.
FeedbackMessage tolerance_words(const NumericQuestion& question);

/// The digits advice as a declared phrase (codes "digits_*", {count} the
/// decimals or significant digits), or a message with code "" and text "" when
/// no single rule applies. Its text is digits_advice(). `question` must be valid.
FeedbackMessage digits_words(const NumericQuestion& question);

/// "to within ±0.1 GB", "to within 0.5 %", "to within 1 % or ±2 ms, whichever
/// is larger", or "exactly" (both tolerances 0). Units as they read in a
/// sentence (unit_display). `question` must be valid (validate_numeric_question).
std::string tolerance_phrase(const NumericQuestion& question);

/// What precision the tolerance needs (rules at the top of this file):
/// "keep 1 decimal", "keep 2 decimals", "a whole number is enough", "keep 3
/// significant digits"; "" when no single rule applies (both tolerances set,
/// or neither). `question` must be valid.
std::string digits_advice(const NumericQuestion& question);

/// The hint under a numeric answer box: what may be typed (a number, or the
/// working too when accept_expression), an example working in the question's
/// dimension and unit, the tolerance and its digits, and how a bare number
/// is read. E.g. "A number or your working (such as 2 × 6.5 GB), checked to
/// within ±0.1 GB, so keep 1 decimal; a unit is optional: a bare number is
/// read as GB." For an invalid question: "" (the checker names the bad field).
std::string numeric_answer_hint(const NumericQuestion& question);

/// The hint's tolerance and digits as declared phrases, for another language's
/// hint: a JSON array as written_messages_json writes kinds, tolerance_words
/// first and then digits_words when a single rule applies. E.g. for ±0.005
/// tokens: [{"code":"tolerance_absolute_unit","params":{"tolerance":0.005,
/// "unit":"tokens"}},{"code":"digits_decimals","params":{"count":2}}].
/// "" for an invalid question (the checker names the bad field).
std::string numeric_answer_hint_kinds(const NumericQuestion& question);

}  // namespace llmbudget
