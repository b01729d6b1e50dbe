#include "budget/field_reader.h"

#include <array>
#include <cmath>
#include <cstring>
#include <vector>

#include "budget/input_messages.h"
#include "budget/unit_words.h"
#include "budget/validate.h"
#include "reading/quantity.h"
#include "text/decimal_rounding.h"
#include "text/decimal_scan.h"
#include "text/utf8_text.h"

namespace llmbudget {

namespace {

// What kind of unit a field is declared in (by its declared unit's words).
enum class Family { count, bytes, bytes_per_s, flops, storage, fraction, seconds };

Family family_of(const std::string& unit) {
  if (unit == "bytes") return Family::bytes;
  if (unit == "bytes/s") return Family::bytes_per_s;
  if (unit == "FLOP/s") return Family::flops;
  if (unit.rfind("bytes per ", 0) == 0) return Family::storage;
  if (unit.rfind("fraction", 0) == 0) return Family::fraction;
  if (unit == "s") return Family::seconds;
  return Family::count;  // parameters, tokens, requests, layers, heads, values per head ...
}

// How to write a value of the family, for the message about a wrong unit
// (declared in input_messages.h).
MessageCode family_hint(Family f) {
  switch (f) {
    case Family::count: return MessageCode::unit_hint_count;
    case Family::bytes: return MessageCode::unit_hint_bytes;
    case Family::bytes_per_s: return MessageCode::unit_hint_bytes_per_s;
    case Family::flops: return MessageCode::unit_hint_flops;
    case Family::storage: return MessageCode::unit_hint_storage;
    case Family::fraction: return MessageCode::unit_hint_fraction;
    case Family::seconds: return MessageCode::unit_hint_seconds;
  }
  return MessageCode::unit_hint_count;
}

struct Suffix {
  const char* text;
  bool exact_case;  ///< "B" (billion) and "M" are read only as typed; words in any case
  double factor;
};

constexpr Suffix kMultipliers[] = {
    {"thousand", false, 1e3}, {"million", false, 1e6}, {"billion", false, 1e9}, {"trillion", false, 1e12},
    {"bn", false, 1e9},       {"mn", false, 1e6},      {"k", true, 1e3},        {"K", true, 1e3},
    {"M", true, 1e6},         {"B", true, 1e9},        {"G", true, 1e9},        {"T", true, 1e12},
};
// The same for a field whose counts are binary (CountPrefixes::binary: context
// lengths): k and M are 1024 and 1024², the words stay decimal.
constexpr double kKibi = 1024;
constexpr double kMebi = 1024.0 * 1024.0;
constexpr Suffix kBinaryMultipliers[] = {
    {"thousand", false, 1e3}, {"million", false, 1e6}, {"billion", false, 1e9}, {"trillion", false, 1e12},
    {"bn", false, 1e9},       {"mn", false, 1e6},      {"k", true, kKibi},      {"K", true, kKibi},
    {"M", true, kMebi},       {"B", true, 1e9},        {"G", true, 1e9},        {"T", true, 1e12},
};
constexpr Suffix kFlops[] = {
    {"pflop/s", false, 1e15}, {"pflops", false, 1e15}, {"tflop/s", false, 1e12}, {"tflops", false, 1e12},
    {"gflop/s", false, 1e9},  {"gflops", false, 1e9},  {"flop/s", false, 1},     {"flops", false, 1},
};
constexpr Suffix kStorage[] = {
    {"bits", false, 0.125}, {"bit", false, 0.125}, {"bytes", false, 1}, {"byte", false, 1}, {"B", true, 1},
};
constexpr Suffix kPerSecond[] = {{"/s", false, 1}, {"per second", false, 1}, {"ps", false, 1}};

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// True when `s` ends with `suffix` (case-insensitively unless exact).
bool ends_with(const std::string& s, const char* suffix, bool exact) {
  const std::size_t n = std::strlen(suffix);
  if (n > s.size()) return false;
  for (std::size_t i = 0; i < n; ++i) {
    const char a = s[s.size() - n + i];
    if (exact ? a != suffix[i] : lower(a) != lower(suffix[i])) return false;
  }
  return true;
}

// Strips the first suffix of `table` that `s` ends with, when what precedes it
// is a digit, a space or "-" (so "16-bit" and "70B" and "6.7 billion" match,
// "70Bx" does not); multiplies `factor` by it. True when one was stripped
// (and `*which` then points at it, when given).
template <std::size_t N>
bool strip_suffix(std::string& s, const Suffix (&table)[N], double& factor, bool after_anything = false,
                  const Suffix** which = nullptr) {
  for (const Suffix& suffix : table) {
    if (!ends_with(s, suffix.text, suffix.exact_case)) continue;
    std::string rest = s.substr(0, s.size() - std::strlen(suffix.text));
    if (rest.empty()) continue;
    const char before = rest.back();
    if (!after_anything && !(before == ' ' || before == '-' || (before >= '0' && before <= '9') || before == '.'))
      continue;
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == '-')) rest.pop_back();
    s = rest;
    factor *= suffix.factor;
    if (which != nullptr) *which = &suffix;
    return true;
  }
  return false;
}

// The significant digits of the number that starts `s`: its digits up to an
// exponent or a unit, leading zeros not counted ("74.5 GiB" 3, "0.0050" 2,
// "32,768" 5, "1e9" 1); at least 1.
int significant_digits(const std::string& s) {
  int digits = 0;
  bool started = false;
  bool leading = true;
  for (const char c : s) {
    if (c >= '0' && c <= '9') {
      started = true;
      if (c != '0') leading = false;
      if (!leading) ++digits;
    } else if (started && !(c == '.' || c == ',' || c == ' ')) {
      break;
    }
  }
  return digits > 0 ? digits : 1;
}

// Strips the field's own unit word ("tokens per request", "tokens", "token",
// "parameters", "params") from the end of a count; true when one was there
// (the number is then in the field's own unit, not the display unit).
bool strip_unit_word(std::string& s, const std::string& unit) {
  std::string first = unit.substr(0, unit.find(' '));
  const std::string singular = unit_singular(first);
  const std::string words[] = {unit, first, singular, first == "parameters" ? "params" : "",
                               first == "parameters" ? "param" : ""};
  for (const std::string& w : words) {
    if (w.empty() || !ends_with(s, w.c_str(), false)) continue;
    std::string rest = s.substr(0, s.size() - w.size());
    if (rest.empty() || !(rest.back() == ' ' || (rest.back() >= '0' && rest.back() <= '9') ||
                          (rest.back() >= 'A' && rest.back() <= 'z')))
      continue;
    while (!rest.empty() && rest.back() == ' ') rest.pop_back();
    s = rest;
    return true;
  }
  return false;
}

// Why a number outside a double's range is refused.
MessageCode range_message(bool too_small) {
  return too_small ? MessageCode::number_too_small : MessageCode::number_too_large;
}

// True for a number whose exponent is not typed yet: digits, then "e" or
// "E" and at most a sign ("1e", "2.5E-"), the way "1e9" reads half typed.
bool unfinished_exponent(const std::string& s) {
  std::size_t i = 0;
  bool digits = false;
  while (i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.' || s[i] == ',')) {
    digits = digits || (s[i] >= '0' && s[i] <= '9');
    ++i;
  }
  if (!digits || i >= s.size() || (s[i] != 'e' && s[i] != 'E')) return false;
  ++i;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  return i == s.size();
}

// True for text that is a calculation, not a number with a unit: a digit or ")", then
// an operator (+ - * / ^, or − × ÷ · in UTF-8), then a digit or "(", spaces allowed
// between ("1/2", "16 * 4", "2^10", "5-3"). A unit's own slash ("GB/s") has no digit after it,
// and a sign after an exponent's "e" ("1e-3") or before the number ("-5") is no operator here. A field takes one
// number: the answer checker, not the calculator, reads arithmetic.
bool is_calculation(const std::string& s) {
  static const char* const kOperators[] = {"+", "-", "*", "/", "^", "\xE2\x88\x92", "\xC3\x97", "\xC3\xB7", "\xC2\xB7"};
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  for (std::size_t i = 0; i < s.size(); ++i) {
    for (const char* op : kOperators) {
      const std::size_t n = std::strlen(op);
      if (s.compare(i, n, op) != 0) continue;
      std::size_t before = i;
      while (before > 0 && s[before - 1] == ' ') --before;
      std::size_t after = i + n;
      while (after < s.size() && s[after] == ' ') ++after;
      if (before > 0 && (digit(s[before - 1]) || s[before - 1] == ')') && after < s.size() &&
          (digit(s[after]) || s[after] == '(')) {
        return true;
      }
    }
  }
  return false;
}

// The refusal of `field` with the message of `code`: {label} is the field's
// label, then `params`.
FieldReading fail(const InputFieldDeclaration& field, MessageCode code, std::vector<MessageValue> params = {}) {
  params.insert(params.begin(), text_value("label", field.label));
  FieldReading r;
  r.error = coded_error(field.name, code, params);
  return r;
}

// Inside the field's own declared range (validate.h's check; a cap set by
// another field is left to plan(), which knows that field's value).
bool acceptable(const InputFieldDeclaration& f, double v) { return !check_declared_value(f, v, f.max).has_value(); }

// The k with f the double nearest 10^k, for |k| <= 30 (every power of ten a
// unit, a suffix or a display factor uses: %, ms, µs, ns, k, M, B, GB, TFLOP/s ...).
bool power_of_ten(double f, long& k) {
  static const auto powers = [] {
    std::array<double, 61> p{};
    for (long e = -30; e <= 30; ++e) p[static_cast<std::size_t>(e + 30)] = nearest_double("1", e);
    return p;
  }();
  for (long e = -30; e <= 30; ++e) {
    if (powers[static_cast<std::size_t>(e + 30)] == f) {
      k = e;
      return true;
    }
  }
  return false;
}

// `v` (read from the exact decimal `d`, v's sign) in units `f` times larger.
// For a power of ten the scale goes into the decimal exponent and the
// decimal is rounded once, so "0.7" in percent is the double nearest 0.007
// (0.7 * 0.01 would be 0.006999999999999999) and "20" µs the double nearest
// 2e-5. Any other factor (GiB 2^30, binary k 1024, bits 1/8) is a power of
// two, and one multiplication is exact unless it overflows or underflows.
double scaled(double v, const DecimalText& d, double f) {
  long k = 0;
  if (!power_of_ten(f, k)) return v * f;
  const double m = nearest_double(d.digits, d.exp10 + k);
  return v < 0 ? -m : m;
}

}  // namespace

FieldReading read_field_value(const InputFieldDeclaration& field, const std::string& text, double display_factor,
                              CommaReading comma, PointReading point) {
  if (text.size() > kMaxAnswerBytes) {
    return fail(field, MessageCode::text_too_long, {number_value("limit", static_cast<double>(kMaxAnswerBytes))});
  }
  if (check_text(text) != TextCheck::ok) return fail(field, MessageCode::not_text);
  std::string s = trim_spaces(number_forms_to_ascii(spaces_to_ascii(text)));
  if (s.empty()) return fail(field, MessageCode::empty_text);

  const Family family = family_of(field.unit);
  double factor = 1;
  bool suffixed = false;
  bool binary_prefix = false;
  bool per_second = false;  // a rate's "/s" was typed: only then is a byte unit a rate
  switch (family) {
    case Family::count: {
      const bool worded = strip_unit_word(s, field.unit);
      const Suffix* which = nullptr;
      suffixed =
          (field.count_prefixes == CountPrefixes::binary ? strip_suffix(s, kBinaryMultipliers, factor, false, &which)
                                                         : strip_suffix(s, kMultipliers, factor, false, &which)) ||
          worded;
      binary_prefix = which != nullptr && (which->factor == kKibi || which->factor == kMebi);
      break;
    }
    case Family::flops: suffixed = strip_suffix(s, kFlops, factor); break;
    case Family::storage: suffixed = strip_suffix(s, kStorage, factor); break;
    case Family::bytes_per_s:
      per_second = strip_suffix(s, kPerSecond, factor, true);  // the byte unit itself comes next
      break;
    default: break;
  }

  const Quantity q = parse_quantity(s);
  if (!q.ok && unfinished_exponent(s)) {
    return fail(field, MessageCode::unfinished_exponent, {text_value("text", quote_visible(text, 40))});
  }
  if (!q.ok && is_calculation(s)) {
    return fail(field, MessageCode::calculation_not_taken, {text_value("text", quote_visible(text, 40))});
  }
  if (!q.ok) {
    if (q.error == ParseError::unknown_unit || (q.error == ParseError::no_number && !s.empty())) {
      if (q.error == ParseError::no_number) {
        return fail(field, MessageCode::not_a_number, {text_value("text", quote_visible(text, 40))});
      }
      return fail(field, MessageCode::unit_not_taken,
                  {text_value("text", quote_visible(text, 40)), message_value("hint", family_hint(family))});
    }
    if (q.error == ParseError::out_of_range) return fail(field, range_message(q.too_small));
    return fail(field, MessageCode::not_a_number, {text_value("text", quote_visible(text, 40))});
  }
  double scale = 0;
  if (!q.has_unit) {
    scale = suffixed ? factor : factor * display_factor;
  } else if (q.bits) {
    return fail(field, MessageCode::bits_unit,
                {text_value("typed_unit", q.unit), message_value("hint", family_hint(family))});
  } else if (family == Family::bytes && q.dimension == UnitDimension::bytes) {
    scale = q.unit_factor;
  } else if (family == Family::bytes_per_s && q.dimension == UnitDimension::bytes && per_second) {
    // "80 GiB" alone is a size, not a bandwidth: it falls through to the wrong-unit refusal.
    scale = q.unit_factor;
  } else if (family == Family::seconds && q.dimension == UnitDimension::seconds) {
    scale = q.unit_factor;
  } else if (family == Family::fraction && q.unit == "%") {
    scale = q.unit_factor;
  } else if (family == Family::count && q.dimension == UnitDimension::tokens_per_pass && !suffixed) {
    scale = 1;  // "8192 tokens": the answer checker reads "tokens" as a unit of its own
  } else {
    return fail(
        field, MessageCode::wrong_unit,
        {text_value("typed_unit", q.unit), text_value("unit", field.unit), message_value("hint", family_hint(family))});
  }
  // Readings, in order: the thousands reading of a comma, then the
  // decimal-comma one ("4,500"), or the other way round for
  // CommaReading::decimal_first; and for a bare count shown in a larger unit
  // (parameters in billions), the number in the field's own unit too, so
  // "7e9" there is 7e9 parameters. The first the field can use is taken.
  const bool decimal_first = q.ambiguous && q.ambiguous_mark == ',' && comma == CommaReading::decimal_first;
  const double first = decimal_first ? q.alt_value : q.value;
  const DecimalText& first_decimal = decimal_first ? q.alt_decimal : q.decimal;
  const double second = decimal_first ? q.value : q.alt_value;
  const DecimalText& second_decimal = decimal_first ? q.decimal : q.alt_decimal;
  double readings[4] = {scaled(first, first_decimal, scale), scaled(second, second_decimal, scale), 0, 0};
  // Whether each reading is the grouping (thousands) one: q.value is, when ambiguous.
  bool grouping[4] = {!decimal_first, decimal_first, false, false};
  int count = q.ambiguous ? 2 : 1;
  if (!q.has_unit && !suffixed && family == Family::count && display_factor != 1) {
    grouping[count] = !decimal_first;
    readings[count++] = scaled(first, first_decimal, factor);
    if (q.ambiguous) {
      grouping[count] = decimal_first;
      readings[count++] = scaled(second, second_decimal, factor);
    }
  }
  FieldReading r;
  r.value = readings[0];
  r.grouping_taken = grouping[0];
  for (int i = 0; i < count; ++i) {
    if (acceptable(field, readings[i])) {
      r.value = readings[i];
      r.grouping_taken = grouping[i];
      break;
    }
  }
  r.ambiguous = q.ambiguous;
  r.ambiguous_mark = q.ambiguous_mark;
  if (!q.ambiguous) r.grouping_taken = false;
  if (!q.ambiguous && point == PointReading::decimal_or_grouping) {
    // The value stays the decimal point's; the reader only asks whether a
    // locale that groups with "." would read the text another way too.
    const Quantity grouped = parse_quantity(s, PointReading::decimal_or_grouping);
    if (grouped.ok && grouped.ambiguous && grouped.ambiguous_mark == '.') {
      r.ambiguous = true;
      r.ambiguous_mark = '.';  // and the decimal reading taken: grouping_taken stays false
      // Unless the field cannot use it: "1.024" requests is not whole, so the
      // grouping reading (1024) is taken, as "1,026" is for a comma.
      const double as_grouped = scaled(grouped.value, grouped.decimal, scale);
      if (!acceptable(field, r.value) && acceptable(field, as_grouped)) {
        r.value = as_grouped;
        r.grouping_taken = true;
      }
    }
  }
  // The reader's one range rule (decimal_scan.h) on the value in the field's unit.
  const ScanError range = reading_range(q.value != 0, r.value);
  if (range != ScanError::none) return fail(field, range_message(range == ScanError::underflow));
  if (r.value == 0) r.value = 0;  // no -0
  r.significant_digits = significant_digits(s);
  r.binary_prefix = binary_prefix;
  r.ok = true;
  return r;
}

FieldReading read_field_value(const std::string& name, const std::string& text, double display_factor,
                              CommaReading comma, PointReading point) {
  const InputFieldDeclaration* field = find_budget_input_field(name.c_str());
  if (field == nullptr) field = find_speculative_input_field(name.c_str());
  if (field == nullptr) field = find_plan_cost_input_field(name.c_str());
  if (field == nullptr) {
    FieldReading r;
    r.error = coded_error(name, MessageCode::unknown_field, {text_value("text", quote_visible(name, 40))});
    return r;
  }
  if (!(display_factor > 0) || !std::isfinite(display_factor)) {
    return fail(*field, MessageCode::bad_display_factor);
  }
  return read_field_value(*field, text, display_factor, comma, point);
}

}  // namespace llmbudget
