// The words of a numeric question's tolerance and answer form; see answer_hint.h.
#include "grading/answer_hint.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "reading/reading_declarations.h"
#include "text/number_text.h"

namespace llmbudget {

namespace {

using detail::canonical_symbol;
using detail::unit_display;

// " GB", " tokens per pass", or "" for a unitless question.
std::string unit_suffix(const NumericQuestion& q) {
  const std::string symbol = canonical_symbol(q.default_unit);
  return symbol.empty() ? "" : " " + unit_display(symbol);
}

// ceil(x), forgiving the last bits of a logarithm that is a whole number in
// exact arithmetic (-log10(0.01) may come out as 2.0000000000000004).
int ceil_whole(double x) { return static_cast<int>(std::ceil(x - 1e-9)); }

}  // namespace

FeedbackMessage tolerance_words(const NumericQuestion& q) {
  const std::string symbol = canonical_symbol(q.default_unit);
  const bool unit = !symbol.empty();
  const MessageValue percent = number_value("percent", q.relative_tolerance * 100, 6);
  const MessageValue tolerance = number_value("tolerance", q.absolute_tolerance, 6);
  const MessageValue unit_symbol = unit_value("unit", symbol);
  using F = FeedbackCode;
  if (q.relative_tolerance > 0 && q.absolute_tolerance > 0) {
    if (unit) return feedback_message(F::tolerance_relative_absolute_unit, {percent, tolerance, unit_symbol});
    return feedback_message(F::tolerance_relative_absolute, {percent, tolerance});
  }
  if (q.relative_tolerance > 0) return feedback_message(F::tolerance_relative, {percent});
  if (q.absolute_tolerance > 0) {
    if (unit) return feedback_message(F::tolerance_absolute_unit, {tolerance, unit_symbol});
    return feedback_message(F::tolerance_absolute, {tolerance});
  }
  return feedback_message(F::tolerance_exact, {});
}

std::string tolerance_phrase(const NumericQuestion& q) { return tolerance_words(q).text; }

FeedbackMessage digits_words(const NumericQuestion& q) {
  const bool relative = q.relative_tolerance > 0;
  const bool absolute = q.absolute_tolerance > 0;
  if (relative == absolute) return FeedbackMessage{};
  if (absolute) {
    const int decimals = ceil_whole(-std::log10(2 * q.absolute_tolerance));
    if (decimals <= 0) return feedback_message(FeedbackCode::digits_whole, {});
    return feedback_message(FeedbackCode::digits_decimals, {count_value("count", decimals)});
  }
  const int digits = std::max(1, ceil_whole(1 - std::log10(2 * q.relative_tolerance)));
  return feedback_message(FeedbackCode::digits_significant, {count_value("count", digits)});
}

std::string digits_advice(const NumericQuestion& q) { return digits_words(q).text; }

std::string numeric_answer_hint(const NumericQuestion& q) {
  std::string ignored;
  if (!validate_numeric_question(q, ignored).empty()) return "";
  std::string s;
  if (q.accept_expression) {
    const char* example = dimension_declarations().rows[static_cast<int>(q.dimension)].example;
    s = std::string("A number or your working (such as ") + example + unit_suffix(q) + ")";
  } else {
    s = "A plain number (not the working)";
  }
  s += ", checked " + tolerance_phrase(q);
  const std::string digits = digits_advice(q);
  if (!digits.empty()) s += ", so " + digits;
  const std::string symbol = canonical_symbol(q.default_unit);
  if (!symbol.empty()) s += "; a unit is optional: a bare number is read as " + unit_display(symbol);
  return s + ".";
}

std::string numeric_answer_hint_kinds(const NumericQuestion& q) {
  std::string ignored;
  if (!validate_numeric_question(q, ignored).empty()) return "";
  std::vector<FeedbackMessage> parts = {tolerance_words(q)};
  FeedbackMessage digits = digits_words(q);
  if (!digits.code.empty()) parts.push_back(std::move(digits));
  return written_messages_json(parts);
}

}  // namespace llmbudget
