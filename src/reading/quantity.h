// Reading a typed answer as a quantity: an optional "about" prefix, a signed
// number (decimal_scan.h) and an optional unit (unit_table.h). Never throws;
// bounded work for any input (kMaxAnswerBytes).
//
// ---- How a numeric answer is read (parse_quantity) --------------------------
//  1. Answers longer than kMaxAnswerBytes bytes are rejected before any other
//     scan (error too_long). Control characters other than tab, CR and LF are
//     rejected (control_character). Bytes that are not valid UTF-8 are rejected.
//  2. Surrounding white space (ASCII, no-break space, thin spaces) is ignored,
//     and so is one trailing full stop ("53 GB." reads as "53 GB"). Full-width
//     digits, full stop, comma, minus and plus (U+FF10..U+FF19, U+FF0E, U+FF0C,
//     U+FF0D, U+FF0B: a phone's CJK input method types them), and Arabic-Indic,
//     Eastern Arabic-Indic and Devanagari digits, read as their ASCII forms
//     ("１２．５ GB" reads as "12.5 GB", "٥٣ GB" as "53 GB"; utf8_text.h
//     number_forms_to_ascii, which also drops right-to-left direction marks).
//  3. An optional prefix saying "about" is accepted and remembered
//     (approximate = true): "~", "≈", "∼", "≃", "about", "approx.",
//     "approximately", "roughly", "around"; also a leading "=".
//  4. The number: optional sign ("+", "-", "−"), digits with at most one
//     decimal separator and optional digit grouping, optional exponent
//     ("5.3e1", "5.3E+01", exponent at most 3 digits). ".5" and ",5" are accepted.
//  5. Separator rules (they never look at the expected answer):
//     - A single "." is always a decimal point ("1.000" is one).
//     - A single "," followed by 1, 2 or 4+ digits is a decimal comma
//       ("2,95" = 2.95, "2,9520" = 2.952); so is a "," after a lone "0"
//       ("0,952" = 0.952), since "0,952" is not a grouped whole number.
//     - A single "," followed by exactly 3 digits after 1–3 non-zero-led digits
//       ("1,000", "2,952", "53,000") has two readings: a thousands separator or a
//       decimal comma. parse_quantity returns the thousands reading in `value`
//       and the decimal-comma reading in `alt_value` (ambiguous = true);
//       check_numeric_answer grades BOTH readings and keeps the better verdict
//       (so "2,952" is right for 2.952 tokens per pass and "53,000 MB" is right
//       for 53 GB). This is the one place where the expected answer is used,
//       and only to choose between the two readings the text allows.
//     - Two or more of the same separator (",", ".", space, no-break or thin
//       space) are digit grouping: every group after the first has exactly 3
//       digits, the first 1–3 ("1,000,000", "1.000.000", "53 000").
//     - On a page whose locale groups digits with "." (German), a lone "."
//       before exactly 3 digits is ambiguous the same way ("1.026": 1026 in
//       `value`, 1.026 in `alt_value`); the page passes PointReading::
//       decimal_or_grouping. "53,0" and "53.0" read as 53 either way.
//     - Both "," and ".": the last one, occurring once, is the decimal
//       separator and the other is grouping ("1,234.5", "1.234,5").
//  6. The unit (optional, spaces before it optional, matched ignoring case,
//     a trailing "." and inner spaces around "/" ignored):
//       bytes:            B, byte(s), KB/kilobyte(s), MB/megabyte(s),
//                         GB/gigabyte(s), TB/terabyte(s) (decimal: 1 GB = 1e9 B),
//                         KiB, MiB, GiB, TiB and their words (1 GiB = 2^30 B).
//                         Case matters only for bits: "Kb", "kb", "Mb", "Gb",
//                         "Tb" (upper-case prefix or the SI "k", then lower-case
//                         "b") and the words bit(s), kbit, Mbit, Gbit, Tbit,
//                         kilobit(s) ... terabit(s) are BITS (Quantity::bits);
//                         no question takes bits, so they grade as wrong_unit
//                         with a message naming the byte unit ("Gb is gigabits
//                         ... write GB"). All-lower-case "b", "mb", "gb", "tb"
//                         are bytes (not bit symbols; commonly typed for bytes),
//                         as are "GB", "gB", "MB", ...
//       tokens per pass:  token(s), tok, tokens/pass, tok/pass, tokens per pass,
//                         tokens per target pass, tokens per forward pass
//       tokens per second: tok/s, tokens/s, tokens/sec, t/s, tokens per second
//       seconds:          s, sec, second(s), ms, millisecond(s), µs, μs, us,
//                         microsecond(s), ns, nanosecond(s)
//       none:             x, × (a ratio, e.g. a speed-up), % (= 0.01)
//     A bare number carries no unit; the question's default unit applies.
//  7. A zero typed with a sign ("-0") is read as 0. A number too large for a
//     double, or a nonzero one that rounds to 0 ("1e-400", or "1e-320 ns" in
//     seconds), is refused (out_of_range); subnormals read as in JavaScript.
//  Messages that quote typed text show invisible characters (zero-width and
//  bidi marks, BOM, soft hyphen, non-ASCII spaces) as "[U+200B]".
//
#pragma once

#include <cstddef>
#include <string>

#include "reading/unit_table.h"
#include "text/decimal_scan.h"

namespace llmbudget {

/// Inputs longer than this many bytes are "unparseable" without further work.
constexpr std::size_t kMaxAnswerBytes = 200;

/// Why a text could not be read as a quantity.
enum class ParseError {
  none = 0,               ///< parsed
  empty = 1,              ///< nothing but white space
  too_long = 2,           ///< more than kMaxAnswerBytes bytes
  control_character = 3,  ///< a control character or bytes that are not UTF-8
  no_number = 4,          ///< no number where one was expected
  bad_number = 5,         ///< a malformed number (grouping, exponent, several separators)
  unknown_unit = 6,       ///< text after the number that is not a known unit
  out_of_range = 7,       ///< the number overflows (e.g. 1e999), also once converted to base units
  // Arithmetic answers (answer_expression.h):
  bad_expression = 8,           ///< an operator without a number, unbalanced parentheses, a function or variable
  division_by_zero = 9,         ///< a divisor worked out to 0
  too_deep = 10,                ///< more than kMaxExpressionDepth nested parentheses or signs
  mixed_units = 11,             ///< units that cannot combine (GB + tok/s, GB × GB, a unit in an exponent)
  expression_not_allowed = 12,  ///< arithmetic typed where the question asks for a plain number
};

/// One quantity as typed. When ok is false only `error` and `message` are meaningful.
/// When ok is true, value, alt_value, value * unit_factor and alt_value * unit_factor
/// are all finite.
struct Quantity {
  bool ok = false;
  ParseError error = ParseError::none;
  std::string message;      ///< one sentence on why it failed ("" when ok)
  bool too_small = false;   ///< out_of_range because a nonzero number would read as 0 (else: too large)
  double value = 0;         ///< the number as typed, in `unit` (thousands reading if ambiguous)
  double alt_value = 0;     ///< decimal-comma reading when ambiguous, else equal to value
  bool ambiguous = false;   ///< "2,952"-style: see the separator rules above
  char ambiguous_mark = 0;  ///< ',' or '.' (a "." only under PointReading::decimal_or_grouping); 0 if not ambiguous
  DecimalText decimal;      ///< the exact decimal |value| rounds (decimal_scan.h), for rescaling by 10^k
  DecimalText alt_decimal;  ///< the same for |alt_value|
  bool has_unit = false;    ///< false for a bare number
  std::string unit;         ///< canonical symbol of the typed unit ("GB", "GiB", "tok/s"), "" if bare
  UnitDimension dimension = UnitDimension::none;  ///< of the typed unit; none when bare
  double unit_factor = 1;                         ///< base units per typed unit (GiB: 1073741824)
  bool approximate = false;                       ///< a "~", "≈", "about" ... prefix was typed
  bool bits = false;                              ///< the unit is a bit unit ("Gb", "megabits"): dimension bytes,
                                                  ///< unit_factor in bytes (Gb: 1.25e8); graded wrong_unit always
};

/// Reads `text` (UTF-8) as a number with an optional unit; rules at the top of
/// this file. Never throws; work is O(min(|text|, kMaxAnswerBytes)).
/// `point`: how a lone "." is read (decimal_scan.h): the universal decimal
/// point by default; PointReading::decimal_or_grouping on a page whose locale
/// groups digits with "." (de), where "1.026" is ambiguous like "1,026".
Quantity parse_quantity(const std::string& text, PointReading point = PointReading::decimal);

/// An answer as a message quotes it: spaces as prepare_answer_text reads
/// them, trimmed, invisible characters escaped and at most 24 bytes kept
/// (utf8_text.h quote_visible: "abc", "12[U+200B]", "a very long answer t…").
/// `text` must have passed check_text. The quote of parse_quantity's
/// no_number message, and the {typed} of the checker's (numeric_check.h).
std::string quoted_answer(const std::string& text);

/// The message parse_quantity and check_numeric_answer give for a value too
/// large to check (ParseError::out_of_range).
extern const char* const kTooLargeMessage;

/// The message for a nonzero number that would read as 0, as typed or in base
/// units (ParseError::out_of_range too; decimal_scan.h's reading_range).
extern const char* const kTooSmallMessage;

/// The message for a malformed number (ParseError::bad_number).
extern const char* const kBadNumberMessage;

/// The text the readers see (steps 2 and 3 above): tab, CR, LF and Unicode
/// spaces as ASCII spaces, full-width digits and marks as ASCII, trimmed, one trailing full stop dropped, and an
/// "about" prefix or a leading "=" removed (`approximate` is set for the
/// "about" ones). `text` must have passed check_text. Shared by
/// parse_quantity and the expression reader (answer_expression.h).
std::string prepare_answer_text(const std::string& text, bool& approximate);

}  // namespace llmbudget
