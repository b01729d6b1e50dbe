// The answer checker's number lexer; rules in decimal_scan.h.
#include "text/decimal_scan.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "text/pow10.h"

namespace llmbudget {

// Decimal digits -> double without strtod (no locale, no C library parser).
// Fast path (Clinger): a whole-number mantissa <= 2^53 is an exact double and
// so is 10^|e| for |e| <= 22, so the one multiplication or division rounds
// once and gives the correctly rounded value. Otherwise (more than 15-16
// significant digits, or |e| > 22) the mantissa and power round first; the
// result is then within an ulp or two of the exact value, far inside any
// grading tolerance.
ScanError decimal_to_double(const std::string& int_digits, const std::string& frac_digits, const std::string& exponent,
                            double& out) {
  long exp10 = 0;
  if (!exponent.empty()) {
    std::size_t k = (exponent[0] == '+' || exponent[0] == '-') ? 1 : 0;
    long e = 0;
    for (; k < exponent.size(); ++k) e = e * 10 + (exponent[k] - '0');  // at most 3 digits
    exp10 = exponent[0] == '-' ? -e : e;
  }
  const std::string digits = int_digits + frac_digits;
  exp10 -= static_cast<long>(frac_digits.size());
  std::uint64_t mantissa = 0;
  int kept = 0;
  for (char c : digits) {
    if (kept == 0 && c == '0') continue;  // leading zeros
    if (kept < 19) {
      mantissa = mantissa * 10 + static_cast<std::uint64_t>(c - '0');
      ++kept;
    } else {
      ++exp10;  // digits beyond the 19th only scale the value
    }
  }
  double v = static_cast<double>(mantissa);
  // The cast is exact for mantissa <= 2^53 (the fast path), else it rounds once.
  if (mantissa == 0) {
    v = 0;
  } else if (exp10 >= 0 && exp10 <= kMaxExactPow10) {
    v *= kExactPow10[exp10];
  } else if (exp10 < 0 && exp10 >= -kMaxExactPow10) {
    v /= kExactPow10[-exp10];
  } else if (exp10 > 0) {
    v *= std::pow(10.0, static_cast<double>(exp10));
  } else {
    v /= std::pow(10.0, static_cast<double>(-exp10 / 2));  // two steps avoid 1/10^400 = 0 too early
    v /= std::pow(10.0, static_cast<double>(-exp10 - (-exp10 / 2)));
  }
  if (!std::isfinite(v)) return ScanError::out_of_range;
  out = v;
  return ScanError::none;
}

namespace {

bool grouping_ok(const std::vector<std::string>& groups, std::size_t count) {
  // groups[0 .. count-1] form a grouped whole number: first 1..3 digits, rest exactly 3.
  if (count == 0 || groups[0].empty() || groups[0].size() > 3) return false;
  for (std::size_t g = 1; g < count; ++g) {
    if (groups[g].size() != 3) return false;
  }
  return true;
}

std::string join(const std::vector<std::string>& groups, std::size_t from, std::size_t to) {
  std::string s;
  for (std::size_t g = from; g < to; ++g) s += groups[g];
  return s;
}

}  // namespace

NumberScan scan_number(const std::string& s, std::size_t pos) {
  NumberScan r;
  std::vector<std::string> groups;
  std::vector<char> seps;
  std::string current;
  std::size_t i = pos;
  while (i < s.size() && is_digit(s[i])) current.push_back(s[i++]);
  groups.push_back(current);
  // Separators: ',' '.' ' ', each followed directly by a digit.
  while (i + 1 < s.size() && (s[i] == ',' || s[i] == '.' || s[i] == ' ') && is_digit(s[i + 1])) {
    seps.push_back(s[i]);
    ++i;
    current.clear();
    while (i < s.size() && is_digit(s[i])) current.push_back(s[i++]);
    groups.push_back(current);
  }
  if (groups.size() == 1 && groups[0].empty()) {
    r.error = ScanError::no_number;
    return r;
  }
  // Exponent: e/E, optional sign, 1-3 digits.
  std::string exponent;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    std::size_t j = i + 1;
    std::string sign;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) sign = s[j++];
    std::size_t d0 = j;
    while (j < s.size() && is_digit(s[j])) ++j;
    if (j > d0) {
      if (j - d0 > 3) {
        r.error = ScanError::bad_number;
        return r;
      }
      exponent = sign + s.substr(d0, j - d0);
      i = j;
    }
  }
  r.end = i;

  if (seps.empty()) {
    r.error = decimal_to_double(groups[0], "", exponent, r.value);
    r.alt_value = r.value;
    return r;
  }

  const char last = seps.back();
  const std::size_t last_count = static_cast<std::size_t>(std::count(seps.begin(), seps.end(), last));
  bool one_kind = true;
  for (char c : seps) one_kind = one_kind && (c == seps[0]);

  if (one_kind) {
    if (last_count == 1 && last == '.') {  // a lone point: always decimal
      r.error = decimal_to_double(groups[0], groups[1], exponent, r.value);
      r.alt_value = r.value;
      return r;
    }
    if (last_count == 1 && last == ',') {
      const std::string& whole = groups[0];
      const std::string& frac = groups[1];
      bool thousands_possible = frac.size() == 3 && !whole.empty() && whole.size() <= 3 && whole[0] != '0';
      if (thousands_possible) {
        r.ambiguous = true;
        r.error = decimal_to_double(whole + frac, "", exponent, r.value);
        if (r.error == ScanError::none) r.error = decimal_to_double(whole, frac, exponent, r.alt_value);
        return r;
      }
      r.error = decimal_to_double(whole, frac, exponent, r.value);  // decimal comma
      r.alt_value = r.value;
      return r;
    }
    // Several of one separator, or spaces: digit grouping only.
    if (!grouping_ok(groups, groups.size())) {
      r.error = ScanError::bad_number;
      return r;
    }
    r.error = decimal_to_double(join(groups, 0, groups.size()), "", exponent, r.value);
    r.alt_value = r.value;
    return r;
  }

  // Mixed: the last separator, occurring once and being ',' or '.', is the
  // decimal mark; every earlier one is one grouping kind.
  if (last_count != 1 || last == ' ') {
    r.error = ScanError::bad_number;
    return r;
  }
  const char group_sep = seps[0];
  for (std::size_t k = 0; k + 1 < seps.size(); ++k) {
    if (seps[k] != group_sep) {
      r.error = ScanError::bad_number;
      return r;
    }
  }
  const std::size_t whole_groups = groups.size() - 1;
  if (!grouping_ok(groups, whole_groups)) {
    r.error = ScanError::bad_number;
    return r;
  }
  r.error = decimal_to_double(join(groups, 0, whole_groups), groups.back(), exponent, r.value);
  r.alt_value = r.value;
  return r;
}
}  // namespace llmbudget
