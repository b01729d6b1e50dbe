// Reading a typed answer as a quantity; rules in quantity.h.
#include "reading/quantity.h"

#include <cmath>
#include <cstring>

#include "text/decimal_scan.h"
#include "text/number_text.h"
#include "text/utf8_text.h"

namespace llmbudget {

const char* const kTooLargeMessage = "That number is too large to check.";
const char* const kTooSmallMessage =
    "That number is too small to check: it would read as 0 (the smallest number is about 5e-324).";
const char* const kBadNumberMessage =
    "Could not read that number: use at most one decimal separator, group thousands in threes "
    "(12,500 or 12 500), and keep exponents short (5.3e1).";

namespace {

using detail::BitUnit;
using detail::UnitEntry;

bool starts_with(const std::string& s, std::size_t pos, const char* prefix) {
  std::size_t n = std::strlen(prefix);
  return s.size() - pos >= n && s.compare(pos, n, prefix) == 0;
}

// Case-insensitive ASCII prefix test; `prefix` is lower case.
bool starts_with_nocase(const std::string& s, std::size_t pos, const char* prefix) {
  std::size_t n = std::strlen(prefix);
  if (s.size() - pos < n) return false;
  for (std::size_t k = 0; k < n; ++k) {
    char c = s[pos + k];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != prefix[k]) return false;
  }
  return true;
}

Quantity fail(ParseError e, std::string message) {
  Quantity q;
  q.ok = false;
  q.error = e;
  q.message = std::move(message);
  return q;
}

// The message of a reading outside a double's range (reading_range).
Quantity range_fail(ScanError e) {
  Quantity q = fail(ParseError::out_of_range, e == ScanError::underflow ? kTooSmallMessage : kTooLargeMessage);
  q.too_small = e == ScanError::underflow;
  return q;
}

// reading_range of a number read as `value` (and `alt_value`) times `factor`.
ScanError scaled_range(double value, double alt_value, double factor) {
  const ScanError e = reading_range(value != 0, value * factor);
  return e != ScanError::none ? e : reading_range(alt_value != 0, alt_value * factor);
}

// The parse error of a failed number scan.
ParseError from_scan(ScanError e) {
  switch (e) {
    case ScanError::none: return ParseError::none;
    case ScanError::no_number: return ParseError::no_number;
    case ScanError::bad_number: return ParseError::bad_number;
    case ScanError::out_of_range: return ParseError::out_of_range;
    case ScanError::underflow: return ParseError::out_of_range;
  }
  return ParseError::bad_number;
}

// The message of an answer with no number in it, quoting the answer.
std::string no_number_message(const std::string& text) {
  return "Could not find a number in \"" + quoted_answer(text) +
         "\": type digits such as 12.5, optionally followed by a unit.";
}

}  // namespace

std::string quoted_answer(const std::string& text) { return quote_visible(trim_spaces(spaces_to_ascii(text)), 24); }

std::string prepare_answer_text(const std::string& text, bool& approximate) {
  approximate = false;
  std::string s = trim_spaces(number_forms_to_ascii(spaces_to_ascii(text)));
  if (!s.empty() && s.back() == '.') s = trim_spaces(s.substr(0, s.size() - 1));  // trailing full stop
  // "About" prefixes.
  static const char* const kPrefixes[] = {
      "\xE2\x89\x88",  // ≈
      "\xE2\x88\xBC",  // ∼
      "\xE2\x89\x83",  // ≃
      "~",
      "=",
      "approximately",
      "approx.",
      "approx",
      "about",
      "roughly",
      "around",
      "circa",
      "ca.",
  };
  for (const char* p : kPrefixes) {
    if (starts_with_nocase(s, 0, p)) {
      std::size_t n = std::strlen(p);
      // Word prefixes must be followed by a space or a digit, not run into a word.
      bool word = (p[0] >= 'a' && p[0] <= 'z');
      if (word && n < s.size() && !(s[n] == ' ' || is_digit(s[n]) || s[n] == '.')) continue;
      approximate = (std::strcmp(p, "=") != 0);
      return trim_spaces(s.substr(n));
    }
  }
  return s;
}

Quantity parse_quantity(const std::string& text, PointReading point) {
  if (text.size() > kMaxAnswerBytes)
    return fail(ParseError::too_long, "The answer is longer than " +
                                          format_compact(static_cast<double>(kMaxAnswerBytes)) +
                                          " characters; type just a number and, if you like, a unit.");
  switch (check_text(text)) {
    case TextCheck::control:
      return fail(ParseError::control_character, "The answer contains a control character; type a number and a unit.");
    case TextCheck::invalid_utf8:
      return fail(ParseError::control_character,
                  "The answer contains bytes that are not text; type a number and a unit.");
    case TextCheck::ok: break;
  }
  if (trim_spaces(spaces_to_ascii(text)).empty())
    return fail(ParseError::empty, "No answer yet: type a number, optionally followed by a unit.");
  bool approximate = false;
  const std::string s = prepare_answer_text(text, approximate);

  Quantity q;
  q.approximate = approximate;
  std::size_t pos = 0;
  // Sign.
  double sign = 1;
  if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
    sign = s[pos] == '-' ? -1 : 1;
    ++pos;
  } else if (starts_with(s, pos, "\xE2\x88\x92")) {  // − U+2212 minus sign
    sign = -1;
    pos += 3;
  }
  if (pos >= s.size() ||
      !(is_digit(s[pos]) || ((s[pos] == '.' || s[pos] == ',') && pos + 1 < s.size() && is_digit(s[pos + 1])))) {
    return fail(ParseError::no_number, no_number_message(text));
  }
  NumberScan n = scan_number(s, pos, point);
  const ParseError scan_error = from_scan(n.error);
  if (scan_error == ParseError::no_number) return fail(scan_error, no_number_message(text));
  if (scan_error == ParseError::bad_number) return fail(scan_error, kBadNumberMessage);
  if (scan_error == ParseError::out_of_range) return range_fail(n.error);

  std::string unit_text = trim_spaces(s.substr(n.end));
  q.value = sign * n.value;
  q.alt_value = sign * n.alt_value;
  if (q.value == 0) q.value = 0;  // "-0" is zero: no "-0" in any message
  if (q.alt_value == 0) q.alt_value = 0;
  q.ambiguous = n.ambiguous;
  q.ambiguous_mark = n.ambiguous_mark;
  q.decimal = n.decimal;
  q.alt_decimal = n.alt_decimal;
  if (!unit_text.empty()) {
    const std::string normalised = detail::normalise_unit_text(unit_text);
    if (const BitUnit* b = detail::find_bit_unit(unit_text, normalised)) {
      q.has_unit = true;
      q.bits = true;
      q.unit = b->symbol;
      q.dimension = UnitDimension::bytes;
      q.unit_factor = b->factor;
      if (const ScanError e = scaled_range(q.value, q.alt_value, b->factor); e != ScanError::none) return range_fail(e);
      q.ok = true;
      q.error = ParseError::none;
      return q;
    }
    const UnitEntry* u = detail::find_unit(normalised);
    if (u == nullptr)
      return fail(ParseError::unknown_unit, "\"" + quote_visible(unit_text, 24) + "\" is not a unit this check knows.");
    q.has_unit = true;
    q.unit = u->symbol;
    q.dimension = u->dimension;
    q.unit_factor = u->factor;
    if (const ScanError e = scaled_range(q.value, q.alt_value, u->factor); e != ScanError::none) return range_fail(e);
  }
  q.ok = true;
  q.error = ParseError::none;
  return q;
}

}  // namespace llmbudget
