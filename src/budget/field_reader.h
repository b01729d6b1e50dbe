// Reading what a person types into an input field: the answer checker's
// number reader (parse_quantity: decimal comma, digit grouping, exponents,
// units of memory and time, "%") extended with the suffixes people write for
// the field's own unit:
//
//   counts (parameters, tokens, requests, layers, heads ...):
//                 k / K / thousand (1e3), M / million (1e6), B / bn / billion
//                 (1e9), T / trillion (1e12), and the unit's own word
//                 ("70B", "6.7 billion parameters", "32k requests", "32,768");
//                 in a field declared CountPrefixes::binary (the token counts
//                 of a context: context, prompt, sliding window) k / K is 1024
//                 and M is 1024² ("32k" = 32,768, "128K" = 131,072,
//                 "1M" = 1,048,576), the words thousand and million stay decimal
//   bytes:        every byte unit of the answer checker ("80 GB", "74.5 GiB")
//   bytes/s:      a byte unit per second ("1.5 TB/s", "900 GB/s", "2 TiB/s")
//   FLOP/s:       FLOP/s, FLOPS and their G, T, P prefixes ("989 TFLOP/s")
//   bytes per parameter / value: bit(s) ("4.5 bit", "16-bit") or byte(s)
//   fraction:     % ("10%")
//   seconds:      s, ms, µs, ns and their words ("500 ms")
//
// A bare number is in the field's display unit: `display_factor` base units
// each (the page shows parameters in billions, so "70" there is 70e9). When a
// comma makes two readings ("4,500": thousands or decimal comma), the first
// one inside the field's declared range (and whole, for a whole field) is
// taken: the thousands reading first by default (CommaReading::thousands_first,
// English and the CLI), the decimal-comma one first on a page whose locale
// writes a decimal comma (CommaReading::decimal_first: German "2,039" is
// 2.039). A lone "." is a decimal point either way; on a page whose locale
// groups digits with "." (PointReading::decimal_or_grouping, German) a lone
// "." before exactly three digits ("1.024") is still read as a decimal point,
// but the reading says the text had a second reading (1024), so the page can
// say how it was read; only where the field cannot take the decimal reading
// (a whole-number field: 1.024 requests) is the grouping one (1024) taken. The range itself is checked later by the
// core's validation (plan()), which names the field.
#pragma once

#include <string>

#include "budget/budget_types.h"
#include "budget/field_declarations.h"
#include "text/decimal_scan.h"

namespace llmbudget {

/// Which reading of an ambiguous lone comma ("2,039": 2039 or 2.039) is tried
/// first. The other is still taken when the first is outside the field's
/// declared range (or not whole, for a whole field: "1,026" batch is 1026).
enum class CommaReading {
  thousands_first = 0,  ///< "2,039" is 2039 when in range (English, the CLI; the default)
  decimal_first = 1,    ///< "2,039" is 2.039 when in range (a locale that writes a decimal comma: de)
};

/// A typed value read for one field. When ok is false only `error` is
/// meaningful: error.field is the field's name, error.message one sentence.
struct FieldReading {
  bool ok = false;
  InputError error;
  double value = 0;            ///< in the field's declared unit (bytes, parameters, seconds ...); finite
  int significant_digits = 0;  ///< of the number as typed, leading zeros not counted ("74.5 GiB": 3, "32k": 2);
                               ///< for echoing it back to the precision typed
  bool binary_prefix = false;  ///< a k / K / M was read as 1024 or 1024² (CountPrefixes::binary)
  /// The number had two readings (decimal_scan.h's rules): a lone "," before
  /// exactly three digits after 1-3 digits not led by "0" ("2,039": 2039 or
  /// 2.039), on every page; or, read with PointReading::decimal_or_grouping,
  /// a lone "." in the same place ("1.024": 1024 or 1.024). Not for "0,5",
  /// "1.234,5", "1,234,567", "53", nor for a "." read with PointReading::decimal.
  bool ambiguous = false;
  char ambiguous_mark = 0;      ///< the separator with two readings, ',' or '.'; 0 when not ambiguous
  bool grouping_taken = false;  ///< when ambiguous: the grouping (thousands) reading is `value` ("2,039" with
                                ///< thousands_first: 2039; "1,026" batch: 1026); false: the decimal one is
                                ///< (decimal_first "2,039": 2.039; a "." is read as a decimal point unless
                                ///< the field cannot take that: "1.024" batch under decimal_or_grouping)
};

/// Reads `text` (UTF-8, at most kMaxAnswerBytes bytes) for `field`.
/// `display_factor` (> 0, finite) is how many declared units a bare number
/// stands for. Errors (message wording): empty text, text that is not a
/// number, a number whose exponent is not typed yet ("1e": "is not finished"),
/// a unit that does not belong to the field ("“GB” is not a unit of
/// layers: write a number, or a number with k, M, B or T"), a value too large
/// or a nonzero one that would read as 0 ("1e-400"), text over
/// kMaxAnswerBytes ("GPU memory: that is too long to be a number (more than
/// 200 bytes).").
/// `comma`: which reading of an ambiguous lone comma is tried first (above).
/// `point`: PointReading::decimal_or_grouping on a page whose locale groups
/// digits with "." (the value is the same either way, a decimal point, and only
/// `ambiguous` differs, unless the field cannot take the decimal reading and can
/// take the grouping one: "1.024" for the batch is then 1024, grouping_taken). A second reading that would overflow or
/// underflow a double ("1.797e308" read as grouping) does not count: the text is then not ambiguous. Never throws; work
/// is O(|text|).
FieldReading read_field_value(const InputFieldDeclaration& field, const std::string& text, double display_factor,
                              CommaReading comma = CommaReading::thousands_first,
                              PointReading point = PointReading::decimal);

/// The same for a field named `name` among budget_input_fields() or
/// speculative_input_fields() or the plan-cost fields; an unknown name is an
/// error naming it, a display factor that is not finite and > 0 an error too.
FieldReading read_field_value(const std::string& name, const std::string& text, double display_factor,
                              CommaReading comma = CommaReading::thousands_first,
                              PointReading point = PointReading::decimal);

}  // namespace llmbudget
