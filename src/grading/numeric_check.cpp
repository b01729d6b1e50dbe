// Grading numeric answers; rules in numeric_check.h.
#include "grading/numeric_check.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <vector>

#include "grading/answer_hint.h"
#include "reading/answer_expression.h"
#include "reading/reading_declarations.h"
#include "text/number_text.h"
#include "text/utf8_text.h"

namespace llmbudget {

namespace {

using detail::canonical_symbol;
using detail::unit_display;

// `v` with up to `digits` significant digits, trailing zeros dropped, laid out
// as "%g" does (number_text.h; no printf, decimal mark always ".").
std::string format_number(double v, int digits = 6) { return format_significant(v, digits); }

}  // namespace

std::string validate_numeric_question(const NumericQuestion& q, FeedbackMessage& refusal) {
  using F = FeedbackCode;
  const int dim = static_cast<int>(q.dimension);
  if (dim < 0 || dim > kMaxUnitDimension) {
    std::string names;
    for (const DimensionDeclaration& d : dimension_declarations())
      names += (names.empty() ? "" : ", ") + std::string(d.name);
    refusal = feedback_message(F::setting_dimension,
                               {text_value("names", names), number_value("value", static_cast<double>(dim), 0)});
    return "dimension";
  }
  if (!std::isfinite(q.expected) || std::fabs(q.expected) > 1e30) {
    refusal = feedback_message(F::setting_expected, {number_value("value", q.expected, 6)});
    return "expected";
  }
  if (!(q.dimension == UnitDimension::none && q.default_unit.empty()) &&
      unit_factor(q.dimension, q.default_unit) == 0) {
    refusal = feedback_message(F::setting_default_unit, {dimension_value("dimension_name", q.dimension),
                                                         dimension_value("dimension_units", q.dimension),
                                                         text_value("text", quote_visible(q.default_unit, 24))});
    return "default_unit";
  }
  if (!(q.relative_tolerance >= 0 && q.relative_tolerance <= 1)) {
    refusal = feedback_message(F::setting_relative_tolerance, {number_value("value", q.relative_tolerance, 6)});
    return "relative_tolerance";
  }
  if (!(q.absolute_tolerance >= 0 && std::isfinite(q.absolute_tolerance))) {
    refusal = feedback_message(F::setting_absolute_tolerance, {number_value("value", q.absolute_tolerance, 6)});
    return "absolute_tolerance";
  }
  if (!(q.close_relative_tolerance >= 0 && q.close_relative_tolerance <= 1)) {
    refusal =
        feedback_message(F::setting_close_relative_tolerance, {number_value("value", q.close_relative_tolerance, 6)});
    return "close_relative_tolerance";
  }
  refusal = FeedbackMessage{};
  return "";
}

std::string validate_numeric_question(const NumericQuestion& q, std::string& message) {
  FeedbackMessage refusal;
  const std::string field = validate_numeric_question(q, refusal);
  message = refusal.text;
  return field;
}

namespace {

struct Reading {
  AnswerVerdict verdict = AnswerVerdict::wrong;
  double in_default_unit = 0;
  bool decimal_comma = false;
};

// Rounding slack so that an answer exactly on a tolerance edge counts as inside.
double with_slack(double band, double expected_base) { return band * (1 + 1e-9) + 1e-12 * std::fabs(expected_base); }

// True when `typed` is `expected` rounded, or cut, to a coarser decimal place
// (a power of ten p): typed == round(expected / p) · p or trunc(expected / p) · p,
// to 1e-9 of p. Both are in the unit the student typed. This is what "keep
// more digits" cures; any other miss is a slip in the working.
bool rounded_from(double typed, double expected) {
  if (expected == 0 || !std::isfinite(typed) || !std::isfinite(expected)) return false;
  const int top = static_cast<int>(std::floor(std::log10(std::fabs(expected)))) + 1;
  for (int k = top; k >= top - 16; --k) {
    const double p = std::pow(10.0, k);
    const double q = expected / p;
    for (const double kept : {std::round(q) * p, std::trunc(q) * p}) {
      if (std::fabs(typed - kept) <= 1e-9 * p) return true;
    }
  }
  return false;
}

// What the question asks for: its dimension, that dimension's units and how a
// bare number is read. A question of another dimension than none always has a
// default unit (validate_numeric_question).
FeedbackMessage expectation(const NumericQuestion& q) {
  const std::string symbol = canonical_symbol(q.default_unit);
  const MessageValue dimension = dimension_value("dimension", q.dimension);
  if (q.dimension != UnitDimension::none)
    return feedback_message(FeedbackCode::expects_unit,
                            {dimension, dimension_value("dimension_units", q.dimension), unit_value("unit", symbol)});
  if (symbol.empty()) return feedback_message(FeedbackCode::expects_plain, {dimension});
  return feedback_message(FeedbackCode::expects_plain_unit, {dimension, unit_value("unit", symbol)});
}

// The check's message and its kinds from `parts`.
void say(NumericCheck& out, const std::vector<FeedbackMessage>& parts) {
  out.message = feedback_text(parts);
  out.message_kinds = written_messages_json(parts);
}

}  // namespace

NumericCheck check_numeric_answer(const std::string& text, const NumericQuestion& question) {
  NumericCheck out;
  FeedbackMessage refusal;
  out.error_field = validate_numeric_question(question, refusal);
  if (!out.error_field.empty()) {
    out.error_message = refusal.text;
    out.error_code = refusal.code;
    out.error_params = refusal.params_json;
    return out;
  }
  out.ok = true;

  const double default_factor =
      question.default_unit.empty() ? 1 : unit_factor(question.dimension, question.default_unit);
  const std::string default_symbol = canonical_symbol(question.default_unit);
  const double expected_base = question.expected * default_factor;
  const double tol_default =
      std::max(question.absolute_tolerance, question.relative_tolerance * std::fabs(question.expected));
  const double tol_base = with_slack(tol_default * default_factor, expected_base);
  const double close_base = with_slack(
      std::max(tol_default, question.close_relative_tolerance * std::fabs(question.expected)) * default_factor,
      expected_base);

  const AnswerReading reading =
      read_answer(text, question.point_may_group ? PointReading::decimal_or_grouping : PointReading::decimal);
  const Quantity& p = reading.quantity;
  if (!p.ok) {
    out.verdict = AnswerVerdict::unparseable;
    out.parse_error = p.error;
    std::vector<MessageValue> why = {text_value("reason", p.message), text_value("parse_error", to_string(p.error))};
    // No number in it: the answer as the reason quotes it, for another language's sentence.
    if (p.error == ParseError::no_number) why.push_back(text_value("typed", quoted_answer(text)));
    say(out, {feedback_message(FeedbackCode::not_read, why), expectation(question)});
    return out;
  }
  out.approximate = p.approximate;
  out.expression = reading.expression;
  // "2 × 6.5 GB = " before the value, for arithmetic.
  const std::string lead = reading.is_expression ? reading.expression + " = " : "";
  if (reading.is_expression && !question.accept_expression) {
    out.verdict = AnswerVerdict::unparseable;
    out.parse_error = ParseError::expression_not_allowed;
    say(out, {feedback_message(FeedbackCode::number_not_working, {text_value("expression", reading.expression)}),
              expectation(question)});
    return out;
  }

  if (p.bits) {
    // Bits are never a question's unit: say which byte unit was probably meant.
    const detail::BitUnit* b = detail::find_bit_unit(p.unit, detail::normalise_unit_text(p.unit));
    out.verdict = AnswerVerdict::wrong_unit;
    const std::string bit_name = b ? b->name : "bits";
    const FeedbackMessage bits =
        feedback_message(FeedbackCode::bits_named, {text_value("bit_unit", p.unit), text_value("bit_name", bit_name)});
    if (question.dimension == UnitDimension::bytes) {
      std::string bytes_name = bit_name;
      bytes_name.replace(bytes_name.size() - 4, 4, "bytes");  // "gigabits" -> "gigabytes"
      say(out, {bits,
                feedback_message(FeedbackCode::bits_write_bytes, {text_value("bytes_symbol", b ? b->bytes_symbol : "B"),
                                                                  text_value("bytes_name", bytes_name)})});
    } else
      say(out, {bits, expectation(question)});
    out.interpreted = lead + format_number(p.value, 10) + " " + p.unit;
    return out;
  }

  if (p.has_unit && p.dimension != question.dimension) {
    out.verdict = AnswerVerdict::wrong_unit;
    say(out, {feedback_message(FeedbackCode::other_dimension,
                               {unit_value("typed_unit", p.unit), dimension_value("typed_dimension", p.dimension)}),
              expectation(question)});
    out.interpreted = lead + format_number(p.value, 10) + " " + unit_display(p.unit);
    return out;
  }

  const double factor = p.has_unit ? p.unit_factor : default_factor;
  // Both readings must stay finite in base units ("1e300" read as GB) and in
  // the question's unit ("2e305 s" is 2e308 ms): no Infinity leaves the checker.
  const auto finite_reading = [&](double typed) {
    return std::isfinite(typed * factor) && std::isfinite(typed * factor / default_factor);
  };
  if (!finite_reading(p.value) || !finite_reading(p.alt_value)) {
    out.verdict = AnswerVerdict::unparseable;
    out.parse_error = ParseError::out_of_range;
    say(out, {feedback_message(FeedbackCode::not_read, {text_value("reason", kTooLargeMessage),
                                                        text_value("parse_error", to_string(out.parse_error))}),
              expectation(question)});
    return out;
  }
  const std::vector<std::string> same_dim_units = unit_symbols(question.dimension);
  auto grade = [&](double typed) {
    Reading r;
    const double base = typed * factor;
    r.in_default_unit = base / default_factor;
    const double diff = std::fabs(base - expected_base);
    if (diff <= tol_base) {
      r.verdict = AnswerVerdict::correct;
    } else if (diff <= close_base) {
      r.verdict = AnswerVerdict::close;
    } else {
      r.verdict = AnswerVerdict::wrong;
      for (const std::string& sym : same_dim_units) {
        const double f = unit_factor(question.dimension, sym);
        if (f == factor) continue;
        if (std::fabs(typed * f - expected_base) <= tol_base) {
          r.verdict = AnswerVerdict::wrong_unit;
          break;
        }
      }
    }
    return r;
  };

  Reading best = grade(p.value);
  if (p.ambiguous) {
    Reading alt = grade(p.alt_value);
    alt.decimal_comma = true;
    if (static_cast<int>(alt.verdict) < static_cast<int>(best.verdict)) best = alt;
  }

  out.verdict = best.verdict;
  out.has_value = true;
  out.answer_in_default_unit = best.in_default_unit;
  const double typed = best.decimal_comma ? p.alt_value : p.value;
  const std::string typed_unit = p.has_unit ? p.unit : default_symbol;
  if (reading.is_expression) out.expression = best.decimal_comma ? reading.alt_expression : reading.expression;
  out.interpreted = (reading.is_expression ? out.expression + " = " : "") + format_number(typed, 10);
  if (!typed_unit.empty()) out.interpreted += " " + unit_display(typed_unit);
  if (p.has_unit && !default_symbol.empty() && default_factor != p.unit_factor)
    // The conversion is a reading aid: 4 significant digits ("53 GiB = 56.91 GB").
    out.interpreted += " = " + format_number(best.in_default_unit, 4) + " " + unit_display(default_symbol);
  if (p.ambiguous) {
    using F = FeedbackCode;
    const FeedbackMessage note =
        p.ambiguous_mark == '.'
            ? feedback_message(best.decimal_comma ? F::read_decimal_point : F::read_point_grouping, {})
            : feedback_message(best.decimal_comma ? F::read_decimal_comma : F::read_comma_grouping, {});
    out.interpreted += " " + note.text;
    out.reading_note = note.code;
  }

  using F = FeedbackCode;
  switch (best.verdict) {
    case AnswerVerdict::correct: say(out, {feedback_message(F::correct, {})}); break;
    case AnswerVerdict::close: {
      // Digit advice only when rounding explains the miss; otherwise say by
      // how much it is off (2 significant digits, in the question's unit).
      out.too_few_digits = rounded_from(typed, expected_base / factor);
      const MessageValue dimension = dimension_value("dimension", question.dimension);
      const MessageValue tolerance = part_value("tolerance", tolerance_words(question));
      if (out.too_few_digits) {
        const FeedbackMessage digits = digits_words(question);
        say(out, {digits.code.empty() ? feedback_message(F::close_rounded, {dimension, tolerance})
                                      : feedback_message(F::close_rounded_digits,
                                                         {dimension, tolerance, part_value("digits", digits)})});
      } else {
        const MessageValue off = number_value("off", std::fabs(best.in_default_unit - question.expected), 2);
        say(out, {default_symbol.empty() ? feedback_message(F::close_off, {off, dimension, tolerance})
                                         : feedback_message(F::close_off_unit, {off, unit_value("unit", default_symbol),
                                                                                dimension, tolerance})});
      }
      break;
    }
    case AnswerVerdict::wrong_unit:
      if (p.has_unit)
        say(out, {feedback_message(F::unit_would_fit, {unit_value("typed_unit", p.unit)}), expectation(question)});
      else if (!default_symbol.empty())
        say(out, {feedback_message(F::bare_would_fit, {unit_value("unit", default_symbol)})});
      else
        say(out, {feedback_message(F::scale_would_fit, {})});
      break;
    case AnswerVerdict::wrong:
      say(out, {feedback_message(F::not_right, {}), expectation(question),
                feedback_message(F::checked_within, {part_value("tolerance", tolerance_words(question))})});
      break;
    case AnswerVerdict::unparseable: break;
  }
  return out;
}

}  // namespace llmbudget
