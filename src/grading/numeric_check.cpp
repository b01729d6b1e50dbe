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
using detail::dimension_phrase;
using detail::dimension_units;
using detail::unit_display;

// `v` with up to `digits` significant digits, trailing zeros dropped, laid out
// as "%g" does (number_text.h; no printf, decimal mark always ".").
std::string format_number(double v, int digits = 6) { return format_significant(v, digits); }

}  // namespace

std::string validate_numeric_question(const NumericQuestion& q, std::string& message) {
  const int dim = static_cast<int>(q.dimension);
  if (dim < 0 || dim > kMaxUnitDimension) {
    std::string names;
    for (const DimensionDeclaration& d : dimension_declarations())
      names += (names.empty() ? "" : ", ") + std::string(d.name);
    message = "dimension must be one of " + names + " (got " + format_compact(static_cast<double>(dim)) + ")";
    return "dimension";
  }
  if (!std::isfinite(q.expected) || std::fabs(q.expected) > 1e30) {
    message = "expected must be a finite number (got " + format_number(q.expected) + ")";
    return "expected";
  }
  if (!(q.dimension == UnitDimension::none && q.default_unit.empty()) &&
      unit_factor(q.dimension, q.default_unit) == 0) {
    message = "default_unit must be a unit of " + std::string(to_string(q.dimension)) + ": " +
              dimension_units(q.dimension) + " (got \"" + quote_visible(q.default_unit, 24) + "\")";
    return "default_unit";
  }
  if (!(q.relative_tolerance >= 0 && q.relative_tolerance <= 1)) {
    message = "relative_tolerance must be from 0 to 1 (got " + format_number(q.relative_tolerance) + ")";
    return "relative_tolerance";
  }
  if (!(q.absolute_tolerance >= 0 && std::isfinite(q.absolute_tolerance))) {
    message = "absolute_tolerance must be a finite number >= 0 (got " + format_number(q.absolute_tolerance) + ")";
    return "absolute_tolerance";
  }
  if (!(q.close_relative_tolerance >= 0 && q.close_relative_tolerance <= 1)) {
    message = "close_relative_tolerance must be from 0 to 1 (got " + format_number(q.close_relative_tolerance) + ")";
    return "close_relative_tolerance";
  }
  message.clear();
  return "";
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

std::string expectation(const NumericQuestion& q) {
  std::string s = std::string("This question asks for ") + dimension_phrase(q.dimension);
  if (q.dimension != UnitDimension::none) s += std::string(" (") + dimension_units(q.dimension) + ")";
  const std::string symbol = canonical_symbol(q.default_unit);
  if (!symbol.empty()) s += "; a bare number is read as " + unit_display(symbol);
  return s + ".";
}

}  // namespace

NumericCheck check_numeric_answer(const std::string& text, const NumericQuestion& question) {
  NumericCheck out;
  out.error_field = validate_numeric_question(question, out.error_message);
  if (!out.error_field.empty()) return out;
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
    out.message = p.message + " " + expectation(question);
    return out;
  }
  out.approximate = p.approximate;
  out.expression = reading.expression;
  // "2 × 6.5 GB = " before the value, for arithmetic.
  const std::string lead = reading.is_expression ? reading.expression + " = " : "";
  if (reading.is_expression && !question.accept_expression) {
    out.verdict = AnswerVerdict::unparseable;
    out.parse_error = ParseError::expression_not_allowed;
    out.message = "This question asks for the number itself, not the working: work out " + reading.expression +
                  " and type the result. " + expectation(question);
    return out;
  }

  if (p.bits) {
    // Bits are never a question's unit: say which byte unit was probably meant.
    const detail::BitUnit* b = detail::find_bit_unit(p.unit, detail::normalise_unit_text(p.unit));
    out.verdict = AnswerVerdict::wrong_unit;
    out.message = p.unit + " is " + (b ? b->name : "bits") + " (8 bits = 1 byte); ";
    if (question.dimension == UnitDimension::bytes) {
      std::string bytes_name = b ? b->name : "bits";
      bytes_name.replace(bytes_name.size() - 4, 4, "bytes");  // "gigabits" -> "gigabytes"
      out.message += std::string("this question asks for a memory size in bytes: write ") +
                     (b ? b->bytes_symbol : "B") + " (capital B) for " + bytes_name + ".";
    } else
      out.message += expectation(question);
    out.interpreted = lead + format_number(p.value, 10) + " " + p.unit;
    return out;
  }

  if (p.has_unit && p.dimension != question.dimension) {
    out.verdict = AnswerVerdict::wrong_unit;
    out.message = "Wrong kind of unit: " + unit_display(p.unit) + " measures " + dimension_phrase(p.dimension) + ". " +
                  expectation(question);
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
    out.message = std::string(kTooLargeMessage) + " " + expectation(question);
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
  if (p.ambiguous && p.ambiguous_mark == '.')
    out.interpreted +=
        best.decimal_comma ? " (point read as a decimal point)" : " (point read as a thousands separator)";
  else if (p.ambiguous)
    out.interpreted +=
        best.decimal_comma ? " (comma read as a decimal comma)" : " (comma read as a thousands separator)";

  switch (best.verdict) {
    case AnswerVerdict::correct: out.message = "Correct."; break;
    case AnswerVerdict::close: {
      // Digit advice only when rounding explains the miss; otherwise say by
      // how much it is off (2 significant digits, in the question's unit).
      out.too_few_digits = rounded_from(typed, expected_base / factor);
      const std::string wants =
          "this question wants " + std::string(dimension_phrase(question.dimension)) + " " + tolerance_phrase(question);
      if (out.too_few_digits) {
        const std::string digits = digits_advice(question);
        out.message = "Close, but rounded too far: " + wants + (digits.empty() ? "" : ", so " + digits) +
                      ". Keep more digits through the working and round only at the end.";
      } else {
        const double off = std::fabs(best.in_default_unit - question.expected);
        out.message = "Close, but off by about " + format_number(off, 2) +
                      (default_symbol.empty() ? "" : " " + unit_display(default_symbol)) + ": " + wants +
                      ". Check each number in the working.";
      }
      break;
    }
    case AnswerVerdict::wrong_unit:
      if (p.has_unit)
        out.message = "The number would be right in a different unit: check the unit (" + unit_display(p.unit) + "). " +
                      expectation(question);
      else if (!default_symbol.empty())
        out.message = "A bare number is read as " + unit_display(default_symbol) +
                      " here, and your number would be right in a different unit: add the unit you meant.";
      else
        out.message =
            "Your number would be right on a different scale (a fraction versus a percentage): "
            "check the form the question asks for.";
      break;
    case AnswerVerdict::wrong:
      out.message = "Not right. " + expectation(question) + " It is checked " + tolerance_phrase(question) +
                    ". Go through the working again.";
      break;
    case AnswerVerdict::unparseable: break;
  }
  return out;
}

}  // namespace llmbudget
