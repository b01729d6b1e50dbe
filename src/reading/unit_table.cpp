// The unit table and its lookups; see unit_table.h.
#include "reading/unit_table.h"

#include <algorithm>

#include "reading/reading_declarations.h"
#include "text/utf8_text.h"

namespace llmbudget {
namespace detail {

namespace {

constexpr double kKiB = 1024.0;
constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kTiB = 1024.0 * 1024.0 * 1024.0 * 1024.0;

// Every accepted spelling. Matching is exact on the normalised unit text.
// Rows ending in `true` are listed for question authors (unit_table()).
constexpr UnitEntry kUnits[] = {
    // bytes
    {"b", "B", UnitDimension::bytes, 1, true},
    {"byte", "B", UnitDimension::bytes, 1},
    {"bytes", "B", UnitDimension::bytes, 1},
    {"kb", "KB", UnitDimension::bytes, 1e3, true},
    {"kilobyte", "KB", UnitDimension::bytes, 1e3},
    {"kilobytes", "KB", UnitDimension::bytes, 1e3},
    {"mb", "MB", UnitDimension::bytes, 1e6, true},
    {"megabyte", "MB", UnitDimension::bytes, 1e6},
    {"megabytes", "MB", UnitDimension::bytes, 1e6},
    {"gb", "GB", UnitDimension::bytes, 1e9, true},
    {"gigabyte", "GB", UnitDimension::bytes, 1e9},
    {"gigabytes", "GB", UnitDimension::bytes, 1e9},
    {"tb", "TB", UnitDimension::bytes, 1e12, true},
    {"terabyte", "TB", UnitDimension::bytes, 1e12},
    {"terabytes", "TB", UnitDimension::bytes, 1e12},
    {"kib", "KiB", UnitDimension::bytes, kKiB, true},
    {"kibibyte", "KiB", UnitDimension::bytes, kKiB},
    {"kibibytes", "KiB", UnitDimension::bytes, kKiB},
    {"mib", "MiB", UnitDimension::bytes, kMiB, true},
    {"mebibyte", "MiB", UnitDimension::bytes, kMiB},
    {"mebibytes", "MiB", UnitDimension::bytes, kMiB},
    {"gib", "GiB", UnitDimension::bytes, kGiB, true},
    {"gibibyte", "GiB", UnitDimension::bytes, kGiB},
    {"gibibytes", "GiB", UnitDimension::bytes, kGiB},
    // Per-token wording for a per-token size ("16384 bytes per token"): still bytes.
    {"b/token", "B", UnitDimension::bytes, 1},
    {"bytes/token", "B", UnitDimension::bytes, 1},
    {"bytes per token", "B", UnitDimension::bytes, 1},
    {"kb/token", "KB", UnitDimension::bytes, 1e3},
    {"kib/token", "KiB", UnitDimension::bytes, kKiB},
    {"tib", "TiB", UnitDimension::bytes, kTiB, true},
    {"tebibyte", "TiB", UnitDimension::bytes, kTiB},
    {"tebibytes", "TiB", UnitDimension::bytes, kTiB},
    // tokens per target pass
    {"tokens", "tokens", UnitDimension::tokens_per_pass, 1, true},
    {"token", "tokens", UnitDimension::tokens_per_pass, 1},
    {"tok", "tokens", UnitDimension::tokens_per_pass, 1, true},
    {"tokens/pass", "tokens", UnitDimension::tokens_per_pass, 1},
    {"token/pass", "tokens", UnitDimension::tokens_per_pass, 1},
    {"tok/pass", "tokens", UnitDimension::tokens_per_pass, 1},
    {"tokens/step", "tokens", UnitDimension::tokens_per_pass, 1},
    {"tokens per pass", "tokens", UnitDimension::tokens_per_pass, 1},
    {"tokens per step", "tokens", UnitDimension::tokens_per_pass, 1},
    {"tokens per target pass", "tokens", UnitDimension::tokens_per_pass, 1},
    {"tokens per forward pass", "tokens", UnitDimension::tokens_per_pass, 1},
    {"tokens per large-model pass", "tokens", UnitDimension::tokens_per_pass, 1},
    // tokens per second
    {"tok/s", "tok/s", UnitDimension::tokens_per_s, 1, true},
    {"tokens/s", "tok/s", UnitDimension::tokens_per_s, 1, true},
    {"token/s", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tokens/sec", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tok/sec", "tok/s", UnitDimension::tokens_per_s, 1},
    {"t/s", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tps", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tokens per second", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tokens per sec", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tokens/second", "tok/s", UnitDimension::tokens_per_s, 1},
    {"token/sec", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tokens a second", "tok/s", UnitDimension::tokens_per_s, 1},
    // seconds
    {"s", "s", UnitDimension::seconds, 1, true},
    {"sec", "s", UnitDimension::seconds, 1},
    {"secs", "s", UnitDimension::seconds, 1},
    {"second", "s", UnitDimension::seconds, 1},
    {"seconds", "s", UnitDimension::seconds, 1},
    {"ms", "ms", UnitDimension::seconds, 1e-3, true},
    {"msec", "ms", UnitDimension::seconds, 1e-3},
    {"millisecond", "ms", UnitDimension::seconds, 1e-3},
    {"milliseconds", "ms", UnitDimension::seconds, 1e-3},
    {"msecs", "ms", UnitDimension::seconds, 1e-3},
    {"millisec", "ms", UnitDimension::seconds, 1e-3},
    {"millisecs", "ms", UnitDimension::seconds, 1e-3},
    {"usec", "\xC2\xB5s", UnitDimension::seconds, 1e-6},
    {"usecs", "\xC2\xB5s", UnitDimension::seconds, 1e-6},
    {"nsec", "ns", UnitDimension::seconds, 1e-9},
    {"nsecs", "ns", UnitDimension::seconds, 1e-9},
    {"us", "\xC2\xB5s", UnitDimension::seconds, 1e-6, true},
    {"\xC2\xB5s", "\xC2\xB5s", UnitDimension::seconds, 1e-6, true},  // U+00B5 micro sign
    {"\xCE\xBCs", "\xC2\xB5s", UnitDimension::seconds, 1e-6},        // U+03BC Greek mu
    {"microsecond", "\xC2\xB5s", UnitDimension::seconds, 1e-6},
    {"microseconds", "\xC2\xB5s", UnitDimension::seconds, 1e-6},
    {"ns", "ns", UnitDimension::seconds, 1e-9, true},
    {"nanosecond", "ns", UnitDimension::seconds, 1e-9},
    {"nanoseconds", "ns", UnitDimension::seconds, 1e-9},
    // plain numbers and ratios
    {"x", "x", UnitDimension::none, 1, true},
    {"\xC3\x97", "x", UnitDimension::none, 1},  // U+00D7 multiplication sign
    {"times", "x", UnitDimension::none, 1},
    {"%", "%", UnitDimension::none, 0.01, true},
};

// Bit units: symbols matched case-sensitively (an upper-case prefix, or the SI
// "k", then a lower-case "b"); words ignoring case. All-lower-case "mb", "gb",
// "tb" stay bytes (they are not bit symbols, and people type them for bytes).
constexpr BitUnit kBitUnits[] = {
    {"Kb", true, "kb", "KB", "kilobits", 1e3 / 8},         {"kb", true, "kb", "KB", "kilobits", 1e3 / 8},
    {"Mb", true, "Mb", "MB", "megabits", 1e6 / 8},         {"Gb", true, "Gb", "GB", "gigabits", 1e9 / 8},
    {"Tb", true, "Tb", "TB", "terabits", 1e12 / 8},        {"bit", false, "bit", "B", "bits", 1.0 / 8},
    {"bits", false, "bit", "B", "bits", 1.0 / 8},          {"kbit", false, "kb", "KB", "kilobits", 1e3 / 8},
    {"kilobit", false, "kb", "KB", "kilobits", 1e3 / 8},   {"kilobits", false, "kb", "KB", "kilobits", 1e3 / 8},
    {"mbit", false, "Mb", "MB", "megabits", 1e6 / 8},      {"megabit", false, "Mb", "MB", "megabits", 1e6 / 8},
    {"megabits", false, "Mb", "MB", "megabits", 1e6 / 8},  {"gbit", false, "Gb", "GB", "gigabits", 1e9 / 8},
    {"gigabit", false, "Gb", "GB", "gigabits", 1e9 / 8},   {"gigabits", false, "Gb", "GB", "gigabits", 1e9 / 8},
    {"tbit", false, "Tb", "TB", "terabits", 1e12 / 8},     {"terabit", false, "Tb", "TB", "terabits", 1e12 / 8},
    {"terabits", false, "Tb", "TB", "terabits", 1e12 / 8},
};

}  // namespace

std::string normalise_unit_text(const std::string& text) {
  std::string out;
  for (char c : text) {
    const char l = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    if (l == ' ') {
      if (!out.empty() && out.back() != ' ' && out.back() != '/') out.push_back(' ');
      continue;
    }
    if (l == '/' && !out.empty() && out.back() == ' ') out.pop_back();
    out.push_back(l);
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

const UnitEntry* find_unit(const std::string& normalised) {
  for (const UnitEntry& u : kUnits) {
    if (normalised == u.spelling) return &u;
  }
  return nullptr;
}

const BitUnit* find_bit_unit(const std::string& trimmed, const std::string& normalised) {
  for (const BitUnit& u : kBitUnits) {
    if (u.exact_case ? trimmed == u.spelling : normalised == u.spelling) return &u;
  }
  return nullptr;
}

std::string canonical_symbol(const std::string& unit_text) {
  const UnitEntry* u = find_unit(normalise_unit_text(trim_spaces(unit_text)));
  return u == nullptr ? std::string() : std::string(u->symbol);
}

namespace {
// The declaration row of `d`, or nullptr outside the enum.
const DimensionDeclaration* declaration_of(UnitDimension d) {
  const auto i = static_cast<std::size_t>(d);
  const Table<DimensionDeclaration> rows = dimension_declarations();
  return i < rows.size ? &rows.rows[i] : nullptr;
}
}  // namespace

const char* dimension_phrase(UnitDimension d) {
  const DimensionDeclaration* row = declaration_of(d);
  return row ? row->phrase : "a number";
}

const char* dimension_units(UnitDimension d) {
  const DimensionDeclaration* row = declaration_of(d);
  return row ? row->units : "";
}

std::string unit_display(const std::string& symbol) {
  if (symbol == "tokens") return "tokens per pass";
  return symbol;
}

}  // namespace detail

std::vector<UnitSymbol> unit_table() {
  std::vector<UnitSymbol> out;
  for (const detail::UnitEntry& u : detail::kUnits) {
    if (!u.listed) continue;
    // The canonical symbol when this row spells it ("kib" -> "KiB"), else the alias itself ("tok").
    const std::string shown = detail::normalise_unit_text(u.symbol) == u.spelling ? u.symbol : u.spelling;
    out.push_back(UnitSymbol{u.dimension, shown, u.symbol, u.factor});
  }
  return out;
}

std::vector<std::string> unit_symbols(UnitDimension dimension) {
  std::vector<std::string> out;
  for (const detail::UnitEntry& u : detail::kUnits) {
    if (u.dimension != dimension) continue;
    if (std::find(out.begin(), out.end(), u.symbol) == out.end()) out.push_back(u.symbol);
  }
  return out;
}

double unit_factor(UnitDimension dimension, const std::string& symbol) {
  const std::string trimmed = trim_spaces(symbol);
  const std::string normalised = detail::normalise_unit_text(trimmed);
  if (detail::find_bit_unit(trimmed, normalised) != nullptr) return 0;
  const detail::UnitEntry* u = detail::find_unit(normalised);
  return (u != nullptr && u->dimension == dimension) ? u->factor : 0;
}

const char* to_string(UnitDimension d) {
  const DimensionDeclaration* row = detail::declaration_of(d);
  return row ? row->name : "none";
}

}  // namespace llmbudget
