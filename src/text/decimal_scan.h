// The number lexer of the answer checker: decimal digits with at most one
// decimal separator, optional digit grouping and an optional short exponent,
// read into a double without strtod (no locale, no C library parser).
//
// Separator rules (they never look at an expected answer):
//  - A single "." is always a decimal point ("1.000" is one).
//  - A single "," followed by 1, 2 or 4+ digits is a decimal comma ("2,95" =
//    2.95, "2,9520" = 2.952); so is a "," after a lone "0" ("0,952" = 0.952).
//  - A single "," followed by exactly 3 digits after 1-3 digits not led by
//    "0" ("1,000", "2,952", "53,000") has two readings: `value` is the
//    thousands reading, `alt_value` the decimal-comma one, ambiguous = true.
//  - Two or more of the same separator ("," "." or " ") are digit grouping:
//    the first group has 1-3 digits, every later group exactly 3.
//  - Both "," and ".": the last one, occurring once, is the decimal mark and
//    the other is grouping ("1,234.5", "1.234,5").
//  - Exponent: "e" or "E", optional sign, 1 to 3 digits ("5.3e1", "5.3E+01").
#pragma once

#include <cstddef>
#include <string>

namespace llmbudget {

/// Why a scan failed (a subset of ParseError's reasons, same meanings).
enum class ScanError {
  none = 0,          ///< a number was read
  no_number = 1,     ///< no digit where the number should start
  bad_number = 2,    ///< malformed grouping, several decimal marks, exponent over 3 digits
  out_of_range = 3,  ///< the value overflows a double (e.g. "1e999")
};

/// One scanned number, unsigned. `value` and `alt_value` are finite and >= 0
/// when error is none; `end` is then the index just past the number.
struct NumberScan {
  ScanError error = ScanError::none;
  double value = 0;        ///< the reading (the thousands reading when ambiguous)
  double alt_value = 0;    ///< the decimal-comma reading when ambiguous, else == value
  bool ambiguous = false;  ///< "2,952"-style: see the rules above
  std::size_t end = 0;     ///< index in the text just past the last character read
};

/// True for the ASCII digits '0'..'9'.
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// Reads the number that starts at `text[pos]` (a digit, or a "." / "," before
/// a digit; no sign). Reads only ASCII digits, ",", ".", " " and an exponent;
/// stops at anything else. Work is O(|text| - pos).
NumberScan scan_number(const std::string& text, std::size_t pos);

/// The value of the decimal digit strings int_digits "." frac_digits, times
/// 10^exponent (`exponent`: optional sign and at most 3 digits, or ""),
/// correctly rounded whenever the significant digits fit in 2^53 and the
/// power of ten is at most 10^22 (Clinger's fast path), else within an ulp
/// or two. Digits beyond the 19th only scale the value. Returns
/// out_of_range (and leaves `out` alone) when the result is not finite.
ScanError decimal_to_double(const std::string& int_digits, const std::string& frac_digits, const std::string& exponent,
                            double& out);

}  // namespace llmbudget
