// The answer checker's number lexer; rules in decimal_scan.h.
#include "text/decimal_scan.h"

#include <algorithm>
#include <vector>

#include "text/decimal_rounding.h"

namespace llmbudget {

// Decimal digits -> the nearest double (decimal_rounding.h: exact, the same
// bits natively and in wasm). The scan below has already checked the grammar.
ScanError decimal_to_double(const std::string& int_digits, const std::string& frac_digits, const std::string& exponent,
                            double& out, DecimalText* decimal) {
  long exp10 = 0;
  if (!exponent.empty()) {
    std::size_t k = (exponent[0] == '+' || exponent[0] == '-') ? 1 : 0;
    long e = 0;
    for (; k < exponent.size(); ++k) {
      e = e * 10 + (exponent[k] - '0');
      if (e > 1000000) e = 1000000;  // far past both ends of the doubles: the same answer
    }
    exp10 = exponent[0] == '-' ? -e : e;
  }
  std::string digits = int_digits + frac_digits;
  exp10 -= static_cast<long>(frac_digits.size());
  const std::size_t first = digits.find_first_not_of('0');
  const bool nonzero = first != std::string::npos;
  digits.erase(0, nonzero ? first : digits.size());
  const double v = nearest_double(digits, exp10);
  if (decimal != nullptr) *decimal = DecimalText{digits, exp10};
  const ScanError range = reading_range(nonzero, v);
  if (range != ScanError::none) return range;
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

// `r` read as the one decimal int_digits "." frac_digits: no second reading
// (alt_value and alt_decimal equal value and decimal).
void read_once(NumberScan& r, const std::string& int_digits, const std::string& frac_digits,
               const std::string& exponent) {
  r.error = decimal_to_double(int_digits, frac_digits, exponent, r.value, &r.decimal);
  r.alt_value = r.value;
  r.alt_decimal = r.decimal;
}

}  // namespace

NumberScan scan_number(const std::string& s, std::size_t pos, PointReading point) {
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
    read_once(r, groups[0], "", exponent);
    return r;
  }

  const char last = seps.back();
  const std::size_t last_count = static_cast<std::size_t>(std::count(seps.begin(), seps.end(), last));
  bool one_kind = true;
  for (char c : seps) one_kind = one_kind && (c == seps[0]);

  if (one_kind) {
    if (last_count == 1 && (last == ',' || last == '.')) {
      const std::string& whole = groups[0];
      const std::string& frac = groups[1];
      const bool thousands_possible = frac.size() == 3 && !whole.empty() && whole.size() <= 3 && whole[0] != '0';
      // A lone point is a decimal point, unless the page's locale groups with it.
      const bool may_group = last == ',' || point == PointReading::decimal_or_grouping;
      if (thousands_possible && may_group) {
        r.ambiguous = true;
        r.ambiguous_mark = last;
        r.error = decimal_to_double(whole + frac, "", exponent, r.value, &r.decimal);
        if (r.error == ScanError::none) r.error = decimal_to_double(whole, frac, exponent, r.alt_value, &r.alt_decimal);
        return r;
      }
      read_once(r, whole, frac, exponent);  // decimal comma or point
      return r;
    }
    // Several of one separator, or spaces: digit grouping only.
    if (!grouping_ok(groups, groups.size())) {
      r.error = ScanError::bad_number;
      return r;
    }
    read_once(r, join(groups, 0, groups.size()), "", exponent);
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
  read_once(r, join(groups, 0, whole_groups), groups.back(), exponent);
  return r;
}
}  // namespace llmbudget
