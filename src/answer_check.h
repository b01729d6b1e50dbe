// Checking a student's typed answers: numbers with units, and choices.
//
// The knowledge check asks for numbers ("53 GB", "2.95 tokens per pass") and
// for choices among options. This file reads what a person types and grades it
// against a question's expected value, unit and tolerance. It never throws and
// does bounded work for any input (see kMaxAnswerBytes).
//
// ---- How a numeric answer is read (parse_quantity) --------------------------
//  1. Answers longer than kMaxAnswerBytes bytes are rejected before any other
//     scan (error too_long). Control characters other than tab, CR and LF are
//     rejected (control_character). Bytes that are not valid UTF-8 are rejected.
//  2. Surrounding white space (ASCII, no-break space, thin spaces) is ignored,
//     and so is one trailing full stop ("53 GB." reads as "53 GB").
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
//  7. A zero typed with a sign ("-0") is read as 0.
//  Messages that quote typed text show invisible characters (zero-width and
//  bidi marks, BOM, soft hyphen, non-ASCII spaces) as "[U+200B]".
//
// ---- How a numeric answer is graded (check_numeric_answer) ----------------
//  The expected value and the absolute tolerance are given in the question's
//  default unit. tolerance = max(absolute_tolerance, relative_tolerance*|expected|);
//  close band = max(tolerance, close_relative_tolerance*|expected|).
//   unparseable  the text is not a number with a known unit (reason in `code`).
//   wrong_unit   the unit is a bit unit ("53 Gb"; see 6), or it belongs to
//                another dimension (tokens/s for a memory
//                question; any unit other than x/% for a unitless one), or the
//                number is not right in the unit used (or the default unit, for
//                a bare number) but would be right in another unit of the same
//                dimension ("53 MB" or a bare "53000" for 53 GB).
//   correct      |answer - expected| <= tolerance, compared in base units
//                (bytes, tokens per pass, tokens/s, seconds).
//   close        not correct, but |answer - expected| <= close band: the right
//                value rounded too coarsely or carried with too few digits
//                ("3" or "2.9" for 2.952 with a 5 % band).
//   wrong        anything else that parses.
//  Messages say what was expected (dimension, units, default unit, tolerance)
//  and never contain the expected value.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace llmbudget {

/// Inputs longer than this many bytes are "unparseable" without further work.
constexpr std::size_t kMaxAnswerBytes = 200;

/// What a quantity measures. Base units: bytes, tokens per target pass,
/// tokens per second, seconds; `none` for plain numbers and ratios.
enum class UnitDimension { none = 0, bytes = 1, tokens_per_pass = 2, tokens_per_s = 3, seconds = 4 };

/// Why a text could not be read as a quantity.
enum class ParseError {
  none = 0,               ///< parsed
  empty = 1,              ///< nothing but white space
  too_long = 2,           ///< more than kMaxAnswerBytes bytes
  control_character = 3,  ///< a control character or bytes that are not UTF-8
  no_number = 4,          ///< no number where one was expected
  bad_number = 5,         ///< a malformed number (grouping, exponent, several separators)
  unknown_unit = 6,       ///< text after the number that is not a known unit
  out_of_range = 7,       ///< the number overflows (e.g. 1e999)
};

/// One quantity as typed. When ok is false only `error` and `message` are meaningful.
struct Quantity {
  bool ok = false;
  ParseError error = ParseError::none;
  std::string message;      ///< one sentence on why it failed ("" when ok)
  double value = 0;         ///< the number as typed, in `unit` (thousands reading if ambiguous)
  double alt_value = 0;     ///< decimal-comma reading when ambiguous, else equal to value
  bool ambiguous = false;   ///< "2,952"-style: see the separator rules above
  bool has_unit = false;    ///< false for a bare number
  std::string unit;         ///< canonical symbol of the typed unit ("GB", "GiB", "tok/s"), "" if bare
  UnitDimension dimension = UnitDimension::none;  ///< of the typed unit; none when bare
  double unit_factor = 1;   ///< base units per typed unit (GiB: 1073741824)
  bool approximate = false; ///< a "~", "≈", "about" ... prefix was typed
  bool bits = false;        ///< the unit is a bit unit ("Gb", "megabits"): dimension bytes,
                            ///< unit_factor in bytes (Gb: 1.25e8); graded wrong_unit always
};

/// Reads `text` (UTF-8) as a number with an optional unit; rules at the top of
/// this file. Never throws; work is O(min(|text|, kMaxAnswerBytes)).
Quantity parse_quantity(const std::string& text);

/// How one numeric question is graded.
struct NumericQuestion {
  UnitDimension dimension = UnitDimension::none;
  double expected = 0;               ///< in default_unit; finite
  std::string default_unit;          ///< unit of a bare number and of `expected`; a symbol of `dimension`
                                     ///< ("GB", "tokens", "tok/s", "s"); "" allowed only for none
  double relative_tolerance = 0;     ///< fraction of |expected|, in [0, 1]
  double absolute_tolerance = 0;     ///< in default_unit, >= 0, finite
  double close_relative_tolerance = 0.05;  ///< "close" band as a fraction of |expected|, in [0, 1]
};

enum class AnswerVerdict { correct = 0, close = 1, wrong_unit = 2, wrong = 3, unparseable = 4 };

/// The grade of one numeric answer. When ok is false the question itself is
/// invalid: error_field names its field and error_message says why.
struct NumericCheck {
  bool ok = false;
  std::string error_field;
  std::string error_message;
  AnswerVerdict verdict = AnswerVerdict::unparseable;
  ParseError parse_error = ParseError::none;  ///< the reason, when unparseable
  std::string message;       ///< feedback for the student; never states the expected value
  bool has_value = false;    ///< a reading was graded (false when unparseable or wrong dimension)
  double answer_in_default_unit = 0;  ///< the graded reading, converted to default_unit
  std::string interpreted;   ///< how the answer was read, e.g. "2.952 tokens (decimal comma)"
  bool approximate = false;  ///< a "~"/"about" prefix was typed
};

/// Grades `text` against `question`; rules at the top of this file.
/// Never throws; bounded work for any text.
NumericCheck check_numeric_answer(const std::string& text, const NumericQuestion& question);

/// Checks a NumericQuestion's fields. Returns "" when valid, else the field name
/// and sets `message` to one sentence naming the field, range and bad value.
std::string validate_numeric_question(const NumericQuestion& question, std::string& message);

/// Unit symbols accepted for a dimension, in display order (e.g. bytes:
/// B, KB, MB, GB, TB, KiB, MiB, GiB, TiB). Words and aliases are not listed.
std::vector<std::string> unit_symbols(UnitDimension dimension);

/// Base units per one `symbol` of `dimension` (GB: 1e9; ms: 1e-3), or 0 when
/// the symbol (matched as parse_quantity matches units) is not of that dimension.
double unit_factor(UnitDimension dimension, const std::string& symbol);

// ---- Choices ---------------------------------------------------------------

/// A choice question: options are numbered 0..option_count-1.
/// Single-select (multiple = false): any one option of `correct` is right
/// (several may be defensible). Multi-select: the selection must equal `correct`.
struct ChoiceQuestion {
  int option_count = 0;        ///< in [1, 64]
  std::vector<int> correct;    ///< distinct indices in [0, option_count); non-empty for single-select
  bool multiple = false;
};

enum class ChoiceVerdict { correct = 0, partly = 1, wrong = 2, invalid = 3 };

/// The grade of one selection.
///  correct  single: the one selected option is in `correct`; multi: the sets are equal.
///  partly   multi only: at least one right option selected, but some missing or extra.
///  wrong    no selected option is right (or nothing selected when something was due).
///  invalid  the selection is malformed: an index outside [0, option_count), or
///           more than one option on a single-select question; `message` says which.
/// When ok is false the question itself is invalid (error_field / error_message).
struct ChoiceCheck {
  bool ok = false;
  std::string error_field;
  std::string error_message;
  ChoiceVerdict verdict = ChoiceVerdict::invalid;
  std::vector<int> missing;   ///< right options not selected, ascending
  std::vector<int> extra;     ///< selected options that are not right, ascending
  std::string message;        ///< counts only, never which options are right
};

/// Grades `selected` (duplicates ignored) against `question`. Never throws.
ChoiceCheck check_choice_answer(const std::vector<int>& selected, const ChoiceQuestion& question);

/// Stable lower-case names for the page: "correct", "close", "wrong_unit", ...
const char* to_string(AnswerVerdict verdict);
const char* to_string(ChoiceVerdict verdict);
const char* to_string(UnitDimension dimension);
const char* to_string(ParseError error);

}  // namespace llmbudget
