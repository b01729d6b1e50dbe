// The units an answer may carry: every accepted spelling, its canonical
// symbol, what it measures and how many base units one of it is.
//
//   bytes:             B, KB, MB, GB, TB (decimal, 1 GB = 1e9 B) and KiB, MiB,
//                      GiB, TiB (binary, 1 GiB = 2^30 B), with their words, and
//                      the per-token wording a per-token size takes: B/token,
//                      bytes/token, bytes per token, KB/token, KiB/token
//   tokens per pass:   tokens, token, tok, tokens/pass, tokens per target pass ...
//   tokens per second: tok/s, tokens/s, t/s, tps, tokens per second, tokens a second ...
//   seconds:           s, ms, µs (also μs, us), ns, their words and the
//                      abbreviations msec(s), millisec(s), usec(s), nsec(s)
//   none:              x, ×, times (a ratio) and % (= 0.01)
//
// Bit units ("Gb", "kb", "megabits") are a separate table: they are read so
// that "53 Gb" is not taken for 53 GB, but no question is ever asked in bits.
// Spellings are matched on normalise_unit_text (ASCII lower case, spaces
// around "/" dropped, runs of spaces collapsed); bit symbols case-sensitively.
#pragma once

#include <string>
#include <vector>

namespace llmbudget {

/// What a quantity measures. Base units: bytes, tokens per target pass,
/// tokens per second, seconds; `none` for plain numbers and ratios.
enum class UnitDimension { none = 0, bytes = 1, tokens_per_pass = 2, tokens_per_s = 3, seconds = 4 };

/// The largest valid UnitDimension value (for range checks of enum input).
constexpr int kMaxUnitDimension = 4;

/// One unit a question may be graded in, as listed for question authors (the
/// questions-file checks and the page read this through the Embind table).
struct UnitSymbol {
  UnitDimension dimension = UnitDimension::none;
  std::string symbol;     ///< as an author writes it: "GB", "GiB", "tokens", "tok", "tok/s", "us", "µs", "%"
  std::string canonical;  ///< the canonical symbol it stands for ("tok" -> "tokens", "us" -> "µs")
  double factor = 1;      ///< base units per one symbol (GB: 1e9, ms: 1e-3, %: 0.01); finite, > 0
};

/// The units a question's default_unit may name, dimension by dimension
/// (bytes, tokens per pass, tokens per second, seconds, none) in display
/// order: every canonical symbol plus the short aliases "tok", "tokens/s" and
/// "us"; no words, no bit units. 20 rows today. "" (no unit), allowed for
/// dimension none only, is not a row.
std::vector<UnitSymbol> unit_table();

/// Unit symbols accepted for a dimension, in display order (bytes: B, KB, MB,
/// GB, TB, KiB, MiB, GiB, TiB). Words and aliases are not listed. Empty for a
/// value outside the enum.
std::vector<std::string> unit_symbols(UnitDimension dimension);

/// Base units per one `symbol` of `dimension` (GB: 1e9; ms: 1e-3; "gigabytes":
/// 1e9), or 0 when the symbol (trimmed, matched as parse_quantity matches
/// units) is not a unit of that dimension. Bit units always give 0.
double unit_factor(UnitDimension dimension, const std::string& symbol);

/// Stable lower-case name of a dimension: "none", "bytes", "tokens_per_pass",
/// "tokens_per_s", "seconds" (the Embind enum names), read from
/// dimension_declarations() (reading_declarations.h); "none" outside the enum.
const char* to_string(UnitDimension dimension);

namespace detail {

/// One accepted byte/token/time/ratio spelling.
struct UnitEntry {
  const char* spelling;  ///< normalised: lower-case ASCII (or UTF-8 for µ, μ, ×)
  const char* symbol;    ///< canonical symbol reported back
  UnitDimension dimension;
  double factor;        ///< base units per one of this unit
  bool listed = false;  ///< listed for question authors by unit_table()
};

/// One bit unit.
struct BitUnit {
  const char* spelling;  ///< as matched: exact case when exact_case, else normalised
  bool exact_case;
  const char* symbol;        ///< canonical bit symbol ("Gb")
  const char* bytes_symbol;  ///< the byte unit the student probably meant ("GB")
  const char* name;          ///< plural word ending in "bits" ("gigabits")
  double factor;             ///< bytes per one of this unit (Gb: 1.25e8)
};

/// Lower-cases ASCII, drops spaces before and after "/", collapses runs of
/// spaces and trims trailing ones ("Tokens / S" -> "tokens/s").
std::string normalise_unit_text(const std::string& text);

/// The entry whose spelling equals `normalised`, or nullptr.
const UnitEntry* find_unit(const std::string& normalised);

/// The bit unit `trimmed` (as typed, spaces trimmed) names, or nullptr;
/// `normalised` is normalise_unit_text(trimmed).
const BitUnit* find_bit_unit(const std::string& trimmed, const std::string& normalised);

/// Canonical symbol of a unit spelling ("gigabytes" -> "GB"), "" when unknown.
std::string canonical_symbol(const std::string& unit_text);

/// A dimension in a sentence: "a memory size", "a time", "a plain number" ...
const char* dimension_phrase(UnitDimension dimension);

/// The units of a dimension in a sentence: "s, ms, µs or ns".
const char* dimension_units(UnitDimension dimension);

/// How a symbol reads in a sentence: "tokens" -> "tokens per pass", else itself.
std::string unit_display(const std::string& symbol);

}  // namespace detail
}  // namespace llmbudget
