// The number lexer of the answer checker: decimal digits with at most one
// decimal separator, optional digit grouping and an optional short exponent,
// read into the correctly rounded double (decimal_rounding.h; no locale, no strtod).
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
//  - A locale that groups digits with "." (German: "1.026" is one thousand and
//    twenty-six) reads a lone "." like the lone "," above (PointReading::
//    decimal_or_grouping): followed by exactly 3 digits after 1-3 digits not led
//    by "0", it has two readings, `value` the grouping one (1026) and `alt_value`
//    the decimal-point one (1.026), ambiguous = true, ambiguous_mark '.'. Any
//    other lone "." stays a decimal point ("53.0", "0.026", "1.5").
#pragma once

#include <cmath>
#include <cstddef>
#include <string>

namespace llmbudget {

/// Why a scan failed (a subset of ParseError's reasons, same meanings).
enum class ScanError {
  none = 0,          ///< a number was read
  no_number = 1,     ///< no digit where the number should start
  bad_number = 2,    ///< malformed grouping, several decimal marks, exponent over 3 digits
  out_of_range = 3,  ///< the value overflows a double (e.g. "1e999")
  underflow = 4,     ///< nonzero digits that round to 0 (e.g. "1e-400"); ParseError's out_of_range too
};

/// The one range rule for a number read from text: a reading that is
/// infinite is out_of_range; a reading of 0 from a nonzero number (the
/// literal itself, or the literal times a unit) is underflow; else none.
/// Subnormal readings are values (5e-324 reads as the smallest double, as in
/// JavaScript). decimal_to_double, parse_quantity's units, the field reader's
/// scaling and the CLI's flags all apply it.
inline ScanError reading_range(bool nonzero, double reading) {
  if (!std::isfinite(reading)) return ScanError::out_of_range;
  if (nonzero && reading == 0) return ScanError::underflow;
  return ScanError::none;
}

/// A decimal number as digits × 10^exp10: `digits` holds only '0'..'9' with
/// no leading '0' (empty for 0); what decimal_to_double rounds. A reader that
/// scales by a power of ten adds to exp10 and rounds once (nearest_double),
/// so "0.7" read in percent is the double nearest 0.007, not 0.7 × 0.01.
struct DecimalText {
  std::string digits;
  long exp10 = 0;
};

/// How a lone "." is read: always a decimal point (the universal convention,
/// the default), or, on a page whose locale groups digits with "." (de), also
/// as grouping when exactly 3 digits follow (see the rules above).
enum class PointReading { decimal = 0, decimal_or_grouping = 1 };

/// One scanned number, unsigned. `value` and `alt_value` are finite and >= 0
/// when error is none; `end` is then the index just past the number.
struct NumberScan {
  ScanError error = ScanError::none;
  double value = 0;         ///< the reading (the thousands reading when ambiguous)
  double alt_value = 0;     ///< the decimal-comma reading when ambiguous, else == value
  bool ambiguous = false;   ///< "2,952"-style: see the rules above
  char ambiguous_mark = 0;  ///< the separator with two readings: ',' or '.' (PointReading); 0 when not ambiguous
  DecimalText decimal;      ///< the exact decimal `value` rounds
  DecimalText alt_decimal;  ///< the exact decimal `alt_value` rounds
  std::size_t end = 0;      ///< index in the text just past the last character read
};

/// True for the ASCII digits '0'..'9'.
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// Reads the number that starts at `text[pos]` (a digit, or a "." / "," before
/// a digit; no sign). Reads only ASCII digits, ",", ".", " " and an exponent;
/// stops at anything else. `point`: how a lone "." is read (rules above).
/// Work is O(|text| - pos).
NumberScan scan_number(const std::string& text, std::size_t pos, PointReading point = PointReading::decimal);

/// The value of the decimal digit strings int_digits "." frac_digits, times
/// 10^exponent (`exponent`: optional sign and digits, or ""; the scan above
/// allows at most 3 digits, the CLI's flags any number),
/// correctly rounded (to nearest, ties to even) for any number of digits,
/// subnormals included: the double JavaScript's Number() gives for the same
/// text. Digit strings hold only '0'..'9' (either may be empty, not both).
/// Returns out_of_range when the value overflows a double and underflow when
/// nonzero digits round to 0 (reading_range); `out` is then left alone.
/// When `decimal` is given it receives the exact decimal read (also on a range error).
ScanError decimal_to_double(const std::string& int_digits, const std::string& frac_digits, const std::string& exponent,
                            double& out, DecimalText* decimal = nullptr);

}  // namespace llmbudget
