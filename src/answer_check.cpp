// Reading and grading typed answers; the rules are documented in answer_check.h.
#include "answer_check.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "field_checks.h"
#include "number_text.h"

namespace llmbudget {

namespace {

// ---- Units ------------------------------------------------------------------

struct UnitEntry {
  const char* spelling;  // lower-case ASCII (or UTF-8 for µ, ×), inner spaces single
  const char* symbol;    // canonical symbol reported back
  UnitDimension dimension;
  double factor;         // base units per one of this unit
};

constexpr double kKiB = 1024.0;
constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kTiB = 1024.0 * 1024.0 * 1024.0 * 1024.0;

// Every accepted spelling. Matching is exact on the normalised unit text.
const UnitEntry kUnits[] = {
    // bytes
    {"b", "B", UnitDimension::bytes, 1},
    {"byte", "B", UnitDimension::bytes, 1},
    {"bytes", "B", UnitDimension::bytes, 1},
    {"kb", "KB", UnitDimension::bytes, 1e3},
    {"kilobyte", "KB", UnitDimension::bytes, 1e3},
    {"kilobytes", "KB", UnitDimension::bytes, 1e3},
    {"mb", "MB", UnitDimension::bytes, 1e6},
    {"megabyte", "MB", UnitDimension::bytes, 1e6},
    {"megabytes", "MB", UnitDimension::bytes, 1e6},
    {"gb", "GB", UnitDimension::bytes, 1e9},
    {"gigabyte", "GB", UnitDimension::bytes, 1e9},
    {"gigabytes", "GB", UnitDimension::bytes, 1e9},
    {"tb", "TB", UnitDimension::bytes, 1e12},
    {"terabyte", "TB", UnitDimension::bytes, 1e12},
    {"terabytes", "TB", UnitDimension::bytes, 1e12},
    {"kib", "KiB", UnitDimension::bytes, kKiB},
    {"kibibyte", "KiB", UnitDimension::bytes, kKiB},
    {"kibibytes", "KiB", UnitDimension::bytes, kKiB},
    {"mib", "MiB", UnitDimension::bytes, kMiB},
    {"mebibyte", "MiB", UnitDimension::bytes, kMiB},
    {"mebibytes", "MiB", UnitDimension::bytes, kMiB},
    {"gib", "GiB", UnitDimension::bytes, kGiB},
    {"gibibyte", "GiB", UnitDimension::bytes, kGiB},
    {"gibibytes", "GiB", UnitDimension::bytes, kGiB},
    {"tib", "TiB", UnitDimension::bytes, kTiB},
    {"tebibyte", "TiB", UnitDimension::bytes, kTiB},
    {"tebibytes", "TiB", UnitDimension::bytes, kTiB},
    // tokens per target pass
    {"tokens", "tokens", UnitDimension::tokens_per_pass, 1},
    {"token", "tokens", UnitDimension::tokens_per_pass, 1},
    {"tok", "tokens", UnitDimension::tokens_per_pass, 1},
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
    {"tok/s", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tokens/s", "tok/s", UnitDimension::tokens_per_s, 1},
    {"token/s", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tokens/sec", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tok/sec", "tok/s", UnitDimension::tokens_per_s, 1},
    {"t/s", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tps", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tokens per second", "tok/s", UnitDimension::tokens_per_s, 1},
    {"tokens per sec", "tok/s", UnitDimension::tokens_per_s, 1},
    // seconds
    {"s", "s", UnitDimension::seconds, 1},
    {"sec", "s", UnitDimension::seconds, 1},
    {"secs", "s", UnitDimension::seconds, 1},
    {"second", "s", UnitDimension::seconds, 1},
    {"seconds", "s", UnitDimension::seconds, 1},
    {"ms", "ms", UnitDimension::seconds, 1e-3},
    {"msec", "ms", UnitDimension::seconds, 1e-3},
    {"millisecond", "ms", UnitDimension::seconds, 1e-3},
    {"milliseconds", "ms", UnitDimension::seconds, 1e-3},
    {"\xC2\xB5s", "\xC2\xB5s", UnitDimension::seconds, 1e-6},  // U+00B5 micro sign
    {"\xCE\xBCs", "\xC2\xB5s", UnitDimension::seconds, 1e-6},  // U+03BC Greek mu
    {"us", "\xC2\xB5s", UnitDimension::seconds, 1e-6},
    {"microsecond", "\xC2\xB5s", UnitDimension::seconds, 1e-6},
    {"microseconds", "\xC2\xB5s", UnitDimension::seconds, 1e-6},
    {"ns", "ns", UnitDimension::seconds, 1e-9},
    {"nanosecond", "ns", UnitDimension::seconds, 1e-9},
    {"nanoseconds", "ns", UnitDimension::seconds, 1e-9},
    // plain numbers and ratios
    {"x", "x", UnitDimension::none, 1},
    {"\xC3\x97", "x", UnitDimension::none, 1},  // U+00D7 multiplication sign
    {"times", "x", UnitDimension::none, 1},
    {"%", "%", UnitDimension::none, 0.01},
};

const UnitEntry* find_unit(const std::string& normalised) {
  for (const UnitEntry& u : kUnits) {
    if (normalised == u.spelling) return &u;
  }
  return nullptr;
}

// Bit units: recognised so that "53 Gb" is not read as 53 GB, but never a unit
// of any question (their dimension is bytes, flagged `bits`). Symbols are
// matched case-sensitively (an upper-case prefix, or the SI "k", then a
// lower-case "b"); words ignoring case. All-lower-case "mb", "gb", "tb" stay
// bytes (they are not bit symbols, and people type them for bytes).
struct BitUnit {
  const char* spelling;
  bool exact_case;
  const char* symbol;  // canonical bit symbol
  const char* bytes_symbol;  // the byte unit the student probably meant
  const char* name;    // "gigabits"
  double factor;       // bytes per one of this unit
};

const BitUnit kBitUnits[] = {
    {"Kb", true, "kb", "KB", "kilobits", 1e3 / 8},    {"kb", true, "kb", "KB", "kilobits", 1e3 / 8},
    {"Mb", true, "Mb", "MB", "megabits", 1e6 / 8},    {"Gb", true, "Gb", "GB", "gigabits", 1e9 / 8},
    {"Tb", true, "Tb", "TB", "terabits", 1e12 / 8},   {"bit", false, "bit", "B", "bits", 1.0 / 8},
    {"bits", false, "bit", "B", "bits", 1.0 / 8},     {"kbit", false, "kb", "KB", "kilobits", 1e3 / 8},
    {"kilobit", false, "kb", "KB", "kilobits", 1e3 / 8}, {"kilobits", false, "kb", "KB", "kilobits", 1e3 / 8},
    {"mbit", false, "Mb", "MB", "megabits", 1e6 / 8}, {"megabit", false, "Mb", "MB", "megabits", 1e6 / 8},
    {"megabits", false, "Mb", "MB", "megabits", 1e6 / 8}, {"gbit", false, "Gb", "GB", "gigabits", 1e9 / 8},
    {"gigabit", false, "Gb", "GB", "gigabits", 1e9 / 8}, {"gigabits", false, "Gb", "GB", "gigabits", 1e9 / 8},
    {"tbit", false, "Tb", "TB", "terabits", 1e12 / 8}, {"terabit", false, "Tb", "TB", "terabits", 1e12 / 8},
    {"terabits", false, "Tb", "TB", "terabits", 1e12 / 8},
};

// `trimmed` is the unit text as typed (spaces trimmed); `normalised` its
// normalise_unit_text form.
const BitUnit* find_bit_unit(const std::string& trimmed, const std::string& normalised) {
  for (const BitUnit& u : kBitUnits) {
    if (u.exact_case ? trimmed == u.spelling : normalised == u.spelling) return &u;
  }
  return nullptr;
}

// Lower-cases ASCII, drops spaces around '/', collapses runs of spaces.
std::string normalise_unit_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    char l = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
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

const char* dimension_phrase(UnitDimension d) {
  switch (d) {
    case UnitDimension::bytes: return "a memory size";
    case UnitDimension::tokens_per_pass: return "a number of tokens per target pass";
    case UnitDimension::tokens_per_s: return "a rate in tokens per second";
    case UnitDimension::seconds: return "a time";
    case UnitDimension::none: return "a plain number";
  }
  return "a number";
}

const char* dimension_units(UnitDimension d) {
  switch (d) {
    case UnitDimension::bytes: return "B, KB, MB, GB, TB, KiB, MiB, GiB or TiB";
    case UnitDimension::tokens_per_pass: return "tokens or tokens/pass";
    case UnitDimension::tokens_per_s: return "tok/s or tokens per second";
    case UnitDimension::seconds: return "s, ms, \xC2\xB5s or ns";
    case UnitDimension::none: return "no unit (x or % allowed)";
  }
  return "";
}

// How a unit symbol reads in a sentence ("tokens" -> "tokens per pass").
std::string unit_display(const std::string& symbol) {
  if (symbol == "tokens") return "tokens per pass";
  return symbol;
}

// `v` with up to `digits` significant digits, trailing zeros dropped, laid out
// as "%g" does (number_text.h; no printf, decimal mark always ".").
std::string format_number(double v, int digits = 6) { return format_significant(v, digits); }

// ---- Text clean-up ----------------------------------------------------------

enum class CharCheck { ok, control, invalid_utf8 };

// Rejects C0/C1 controls (except tab, LF, CR), DEL and malformed UTF-8.
CharCheck check_characters(const std::string& s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  std::size_t i = 0;
  while (i < n) {
    unsigned char c = p[i];
    if (c < 0x80) {
      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) return CharCheck::control;
      ++i;
      continue;
    }
    std::size_t len = 0;
    unsigned cp = 0;
    if (c >= 0xC2 && c <= 0xDF) { len = 2; cp = c & 0x1Fu; }
    else if (c >= 0xE0 && c <= 0xEF) { len = 3; cp = c & 0x0Fu; }
    else if (c >= 0xF0 && c <= 0xF4) { len = 4; cp = c & 0x07u; }
    else return CharCheck::invalid_utf8;
    if (i + len > n) return CharCheck::invalid_utf8;
    for (std::size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0u) != 0x80u) return CharCheck::invalid_utf8;
      cp = (cp << 6) | (p[i + k] & 0x3Fu);
    }
    // Overlong forms, surrogates, beyond U+10FFFF.
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return CharCheck::invalid_utf8;
    if (cp >= 0x80 && cp <= 0x9F) return CharCheck::control;  // C1 controls
    if (cp == 0x2028 || cp == 0x2029) return CharCheck::control;  // line/paragraph separators
    i += len;
  }
  return CharCheck::ok;
}

// Tab/CR/LF and the Unicode spaces people paste (no-break, figure, thin,
// narrow no-break) become ASCII spaces; input is valid UTF-8 here.
std::string spaces_to_ascii(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '\t' || c == '\n' || c == '\r') { out.push_back(' '); continue; }
    if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xA0) {
      out.push_back(' ');
      i += 1;
      continue;
    }
    if (c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80) {
      unsigned char d = static_cast<unsigned char>(s[i + 2]);
      if (d == 0x87 || d == 0x89 || d == 0xAF || d == 0x8A) {  // U+2007, U+2009, U+202F, U+200A
        out.push_back(' ');
        i += 2;
        continue;
      }
    }
    out.push_back(s[i]);
  }
  return out;
}

std::string trim_spaces(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && s[b] == ' ') ++b;
  while (e > b && s[e - 1] == ' ') --e;
  return s.substr(b, e - b);
}

bool starts_with(const std::string& s, std::size_t pos, const char* prefix) {
  std::size_t n = std::strlen(prefix);
  return s.size() - pos >= n && s.compare(pos, n, prefix) == 0;
}

// Case-insensitive ASCII prefix test; `prefix` is lower case.
bool starts_with_nocase(const std::string& s, std::size_t pos, const char* prefix) {
  std::size_t n = std::strlen(prefix);
  if (s.size() - pos < n) return false;
  for (std::size_t k = 0; k < n; ++k) {
    char c = s[pos + k];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != prefix[k]) return false;
  }
  return true;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// True for code points that show as nothing or as a plain space and so would
// make a quoted text misleading: format characters (zero-width space/joiners,
// bidi marks and overrides, word joiner, BOM, soft hyphen, ...), Unicode
// spaces other than U+0020, fillers and variation selectors. Controls never
// reach a message (parse_quantity rejects them first) but are listed too.
bool is_invisible(unsigned cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0xA0) || cp == 0xAD || cp == 0x34F || cp == 0x61C ||
         cp == 0x115F || cp == 0x1160 || cp == 0x1680 || cp == 0x180E || (cp >= 0x2000 && cp <= 0x200F) ||
         (cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 || cp == 0x3164 ||
         (cp >= 0xFE00 && cp <= 0xFE0F) || cp == 0xFEFF || (cp >= 0xFFF0 && cp <= 0xFFFB) ||
         (cp >= 0xE0000 && cp <= 0xE0FFF);
}

// `s` (valid UTF-8) for quoting in a message: invisible characters written as
// "[U+200B]", at most about `max_bytes` bytes kept (never cutting a character
// or a "[U+...]"), "…" appended when clipped.
std::string quote_visible(const std::string& s, std::size_t max_bytes) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (i + len > s.size()) len = s.size() - i;
    unsigned cp = len == 1 ? c : (c & (0x7Fu >> len));
    for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    std::string piece;
    if (is_invisible(cp)) {
      std::string hex;
      for (unsigned v = cp; v != 0 || hex.size() < 4; v >>= 4) hex.insert(hex.begin(), kHex[v & 0xFu]);
      piece = "[U+" + hex + "]";
    } else {
      piece = s.substr(i, len);
    }
    if (out.size() + piece.size() > max_bytes) return out + "\xE2\x80\xA6";  // …
    out += piece;
    i += len;
  }
  return out;
}

// ---- Numbers ------------------------------------------------------------------

struct NumberScan {
  ParseError error = ParseError::none;
  double value = 0;
  double alt_value = 0;
  bool ambiguous = false;
  std::size_t end = 0;  // index just past the number
};

// Decimal digits -> double without strtod (no locale, no C library parser).
// Fast path (Clinger): a whole-number mantissa <= 2^53 is an exact double and
// so is 10^|e| for |e| <= 22, so the one multiplication or division rounds
// once and gives the correctly rounded value. Otherwise (more than 15-16
// significant digits, or |e| > 22) the mantissa and power round first; the
// result is then within an ulp or two of the exact value, far inside any
// grading tolerance.
ParseError build_value(const std::string& int_digits, const std::string& frac_digits,
                       const std::string& exponent, double& out) {
  static const double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
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
  } else if (exp10 >= 0 && exp10 <= 22) {
    v *= kPow10[exp10];
  } else if (exp10 < 0 && exp10 >= -22) {
    v /= kPow10[-exp10];
  } else if (exp10 > 0) {
    v *= std::pow(10.0, static_cast<double>(exp10));
  } else {
    v /= std::pow(10.0, static_cast<double>(-exp10 / 2));  // two steps avoid 1/10^400 = 0 too early
    v /= std::pow(10.0, static_cast<double>(-exp10 - (-exp10 / 2)));
  }
  if (!std::isfinite(v)) return ParseError::out_of_range;
  out = v;
  return ParseError::none;
}

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
    r.error = ParseError::no_number;
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
        r.error = ParseError::bad_number;
        return r;
      }
      exponent = sign + s.substr(d0, j - d0);
      i = j;
    }
  }
  r.end = i;

  if (seps.empty()) {
    r.error = build_value(groups[0], "", exponent, r.value);
    r.alt_value = r.value;
    return r;
  }

  const char last = seps.back();
  const std::size_t last_count = static_cast<std::size_t>(std::count(seps.begin(), seps.end(), last));
  bool one_kind = true;
  for (char c : seps) one_kind = one_kind && (c == seps[0]);

  if (one_kind) {
    if (last_count == 1 && last == '.') {  // a lone point: always decimal
      r.error = build_value(groups[0], groups[1], exponent, r.value);
      r.alt_value = r.value;
      return r;
    }
    if (last_count == 1 && last == ',') {
      const std::string& whole = groups[0];
      const std::string& frac = groups[1];
      bool thousands_possible = frac.size() == 3 && !whole.empty() && whole.size() <= 3 && whole[0] != '0';
      if (thousands_possible) {
        r.ambiguous = true;
        r.error = build_value(whole + frac, "", exponent, r.value);
        if (r.error == ParseError::none) r.error = build_value(whole, frac, exponent, r.alt_value);
        return r;
      }
      r.error = build_value(whole, frac, exponent, r.value);  // decimal comma
      r.alt_value = r.value;
      return r;
    }
    // Several of one separator, or spaces: digit grouping only.
    if (!grouping_ok(groups, groups.size())) {
      r.error = ParseError::bad_number;
      return r;
    }
    r.error = build_value(join(groups, 0, groups.size()), "", exponent, r.value);
    r.alt_value = r.value;
    return r;
  }

  // Mixed: the last separator, occurring once and being ',' or '.', is the
  // decimal mark; every earlier one is one grouping kind.
  if (last_count != 1 || last == ' ') {
    r.error = ParseError::bad_number;
    return r;
  }
  const char group_sep = seps[0];
  for (std::size_t k = 0; k + 1 < seps.size(); ++k) {
    if (seps[k] != group_sep) {
      r.error = ParseError::bad_number;
      return r;
    }
  }
  const std::size_t whole_groups = groups.size() - 1;
  if (!grouping_ok(groups, whole_groups)) {
    r.error = ParseError::bad_number;
    return r;
  }
  r.error = build_value(join(groups, 0, whole_groups), groups.back(), exponent, r.value);
  r.alt_value = r.value;
  return r;
}

Quantity fail(ParseError e, std::string message) {
  Quantity q;
  q.ok = false;
  q.error = e;
  q.message = std::move(message);
  return q;
}

}  // namespace

// ---- Public: parsing ----------------------------------------------------------

Quantity parse_quantity(const std::string& text) {
  if (text.size() > kMaxAnswerBytes)
    return fail(ParseError::too_long, "The answer is longer than " + std::to_string(kMaxAnswerBytes) +
                                          " characters; type just a number and, if you like, a unit.");
  switch (check_characters(text)) {
    case CharCheck::control:
      return fail(ParseError::control_character, "The answer contains a control character; type a number and a unit.");
    case CharCheck::invalid_utf8:
      return fail(ParseError::control_character, "The answer contains bytes that are not text; type a number and a unit.");
    case CharCheck::ok:
      break;
  }
  std::string s = trim_spaces(spaces_to_ascii(text));
  if (s.empty()) return fail(ParseError::empty, "No answer yet: type a number, optionally followed by a unit.");
  if (s.back() == '.') s = trim_spaces(s.substr(0, s.size() - 1));  // trailing full stop

  Quantity q;
  std::size_t pos = 0;
  // "About" prefixes.
  static const char* const kPrefixes[] = {
      "\xE2\x89\x88",  // ≈
      "\xE2\x88\xBC",  // ∼
      "\xE2\x89\x83",  // ≃
      "~", "=", "approximately", "approx.", "approx", "about", "roughly", "around", "circa", "ca.",
  };
  for (const char* p : kPrefixes) {
    if (starts_with_nocase(s, 0, p)) {
      std::size_t n = std::strlen(p);
      // Word prefixes must be followed by a space or a digit, not run into a word.
      bool word = (p[0] >= 'a' && p[0] <= 'z');
      if (word && n < s.size() && !(s[n] == ' ' || is_digit(s[n]) || s[n] == '.')) continue;
      q.approximate = (std::strcmp(p, "=") != 0);
      pos = n;
      while (pos < s.size() && s[pos] == ' ') ++pos;
      break;
    }
  }
  // Sign.
  double sign = 1;
  if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
    sign = s[pos] == '-' ? -1 : 1;
    ++pos;
  } else if (starts_with(s, pos, "\xE2\x88\x92")) {  // − U+2212 minus sign
    sign = -1;
    pos += 3;
  }
  if (pos >= s.size() ||
      !(is_digit(s[pos]) || ((s[pos] == '.' || s[pos] == ',') && pos + 1 < s.size() && is_digit(s[pos + 1])))) {
    return fail(ParseError::no_number, "Could not find a number: type digits such as 12.5, optionally followed by a unit.");
  }
  NumberScan n = scan_number(s, pos);
  if (n.error == ParseError::no_number)
    return fail(n.error, "Could not find a number: type digits such as 12.5, optionally followed by a unit.");
  if (n.error == ParseError::bad_number)
    return fail(n.error,
                "Could not read that number: use at most one decimal separator, group thousands in threes "
                "(12,500 or 12 500), and keep exponents short (5.3e1).");
  if (n.error == ParseError::out_of_range) return fail(n.error, "That number is too large to check.");

  std::string unit_text = trim_spaces(s.substr(n.end));
  q.value = sign * n.value;
  q.alt_value = sign * n.alt_value;
  if (q.value == 0) q.value = 0;  // "-0" is zero: no "-0" in any message
  if (q.alt_value == 0) q.alt_value = 0;
  q.ambiguous = n.ambiguous;
  if (!unit_text.empty()) {
    const std::string normalised = normalise_unit_text(unit_text);
    if (const BitUnit* b = find_bit_unit(unit_text, normalised)) {
      q.has_unit = true;
      q.bits = true;
      q.unit = b->symbol;
      q.dimension = UnitDimension::bytes;
      q.unit_factor = b->factor;
      if (!std::isfinite(q.value * b->factor) || !std::isfinite(q.alt_value * b->factor))
        return fail(ParseError::out_of_range, "That number is too large to check.");
      q.ok = true;
      q.error = ParseError::none;
      return q;
    }
    const UnitEntry* u = find_unit(normalised);
    if (u == nullptr)
      return fail(ParseError::unknown_unit, "\"" + quote_visible(unit_text, 24) + "\" is not a unit this check knows.");
    q.has_unit = true;
    q.unit = u->symbol;
    q.dimension = u->dimension;
    q.unit_factor = u->factor;
    if (!std::isfinite(q.value * u->factor) || !std::isfinite(q.alt_value * u->factor))
      return fail(ParseError::out_of_range, "That number is too large to check.");
  }
  q.ok = true;
  q.error = ParseError::none;
  return q;
}

std::vector<std::string> unit_symbols(UnitDimension dimension) {
  std::vector<std::string> out;
  for (const UnitEntry& u : kUnits) {
    if (u.dimension != dimension) continue;
    if (std::find(out.begin(), out.end(), u.symbol) == out.end()) out.push_back(u.symbol);
  }
  return out;
}

double unit_factor(UnitDimension dimension, const std::string& symbol) {
  const std::string trimmed = trim_spaces(symbol);
  if (find_bit_unit(trimmed, normalise_unit_text(trimmed)) != nullptr) return 0;
  const UnitEntry* u = find_unit(normalise_unit_text(trimmed));
  return (u != nullptr && u->dimension == dimension) ? u->factor : 0;
}

// ---- Public: grading --------------------------------------------------------------

std::string validate_numeric_question(const NumericQuestion& q, std::string& message) {
  const int dim = static_cast<int>(q.dimension);
  if (dim < 0 || dim > 4) {
    message = "dimension must be one of none, bytes, tokens_per_pass, tokens_per_s, seconds (got " +
              std::to_string(dim) + ")";
    return "dimension";
  }
  if (!std::isfinite(q.expected) || std::fabs(q.expected) > 1e30) {
    message = "expected must be a finite number (got " + format_number(q.expected) + ")";
    return "expected";
  }
  if (!(q.dimension == UnitDimension::none && q.default_unit.empty()) &&
      unit_factor(q.dimension, q.default_unit) == 0) {
    message = "default_unit must be a unit of " + std::string(to_string(q.dimension)) + ": " +
              dimension_units(q.dimension) + " (got \"" + quote_visible(q.default_unit, 24) + "\")";
    return "default_unit";
  }
  if (!(q.relative_tolerance >= 0 && q.relative_tolerance <= 1)) {
    message = "relative_tolerance must be from 0 to 1 (got " + format_number(q.relative_tolerance) + ")";
    return "relative_tolerance";
  }
  if (!(q.absolute_tolerance >= 0 && std::isfinite(q.absolute_tolerance))) {
    message = "absolute_tolerance must be a finite number >= 0 (got " + format_number(q.absolute_tolerance) + ")";
    return "absolute_tolerance";
  }
  if (!(q.close_relative_tolerance >= 0 && q.close_relative_tolerance <= 1)) {
    message = "close_relative_tolerance must be from 0 to 1 (got " + format_number(q.close_relative_tolerance) + ")";
    return "close_relative_tolerance";
  }
  message.clear();
  return "";
}

namespace {

struct Reading {
  AnswerVerdict verdict = AnswerVerdict::wrong;
  double in_default_unit = 0;
  bool decimal_comma = false;
};

// Rounding slack so that an answer exactly on a tolerance edge counts as inside.
double with_slack(double band, double expected_base) {
  return band * (1 + 1e-9) + 1e-12 * std::fabs(expected_base);
}

// "gigabytes" -> "GB"; "" stays "" (the question was validated already).
std::string canonical_symbol(const std::string& unit_text) {
  const UnitEntry* u = find_unit(normalise_unit_text(trim_spaces(unit_text)));
  return u == nullptr ? std::string() : std::string(u->symbol);
}

std::string tolerance_phrase(const NumericQuestion& q) {
  const std::string symbol = canonical_symbol(q.default_unit);
  std::string unit = symbol.empty() ? "" : " " + unit_display(symbol);
  if (q.relative_tolerance > 0 && q.absolute_tolerance > 0)
    return "to within " + format_number(q.relative_tolerance * 100) + " % or \xC2\xB1" +
           format_number(q.absolute_tolerance) + unit + ", whichever is larger";
  if (q.relative_tolerance > 0) return "to within " + format_number(q.relative_tolerance * 100) + " %";
  if (q.absolute_tolerance > 0) return "to within \xC2\xB1" + format_number(q.absolute_tolerance) + unit;
  return "exactly";
}

std::string expectation(const NumericQuestion& q) {
  std::string s = std::string("This question asks for ") + dimension_phrase(q.dimension);
  if (q.dimension != UnitDimension::none) s += std::string(" (") + dimension_units(q.dimension) + ")";
  const std::string symbol = canonical_symbol(q.default_unit);
  if (!symbol.empty()) s += "; a bare number is read as " + unit_display(symbol);
  return s + ".";
}

}  // namespace

NumericCheck check_numeric_answer(const std::string& text, const NumericQuestion& question) {
  NumericCheck out;
  out.error_field = validate_numeric_question(question, out.error_message);
  if (!out.error_field.empty()) return out;
  out.ok = true;

  const double default_factor = question.default_unit.empty() ? 1 : unit_factor(question.dimension, question.default_unit);
  const std::string default_symbol = canonical_symbol(question.default_unit);
  const double expected_base = question.expected * default_factor;
  const double tol_default = std::max(question.absolute_tolerance, question.relative_tolerance * std::fabs(question.expected));
  const double tol_base = with_slack(tol_default * default_factor, expected_base);
  const double close_base =
      with_slack(std::max(tol_default, question.close_relative_tolerance * std::fabs(question.expected)) * default_factor,
                 expected_base);

  const Quantity p = parse_quantity(text);
  if (!p.ok) {
    out.verdict = AnswerVerdict::unparseable;
    out.parse_error = p.error;
    out.message = p.message + " " + expectation(question);
    return out;
  }
  out.approximate = p.approximate;

  if (p.bits) {
    // Bits are never a question's unit: say which byte unit was probably meant.
    const BitUnit* b = find_bit_unit(p.unit, normalise_unit_text(p.unit));
    out.verdict = AnswerVerdict::wrong_unit;
    out.message = p.unit + " is " + (b ? b->name : "bits") + " (8 bits = 1 byte); ";
    if (question.dimension == UnitDimension::bytes) {
      std::string bytes_name = b ? b->name : "bits";
      bytes_name.replace(bytes_name.size() - 4, 4, "bytes");  // "gigabits" -> "gigabytes"
      out.message += std::string("this question asks for a memory size in bytes: write ") +
                     (b ? b->bytes_symbol : "B") + " (capital B) for " + bytes_name + ".";
    } else
      out.message += expectation(question);
    out.interpreted = format_number(p.value, 10) + " " + p.unit;
    return out;
  }

  if (p.has_unit && p.dimension != question.dimension) {
    out.verdict = AnswerVerdict::wrong_unit;
    out.message = "Wrong kind of unit: " + unit_display(p.unit) + " measures " + dimension_phrase(p.dimension) +
                  ". " + expectation(question);
    out.interpreted = format_number(p.value, 10) + " " + unit_display(p.unit);
    return out;
  }

  const double factor = p.has_unit ? p.unit_factor : default_factor;
  if (!std::isfinite(p.value * factor) || !std::isfinite(p.alt_value * factor)) {  // "1e300" read as GB
    out.verdict = AnswerVerdict::unparseable;
    out.parse_error = ParseError::out_of_range;
    out.message = "That number is too large to check. " + expectation(question);
    return out;
  }
  const std::vector<std::string> same_dim_units = unit_symbols(question.dimension);
  auto grade = [&](double typed) {
    Reading r;
    const double base = typed * factor;
    r.in_default_unit = base / default_factor;
    const double diff = std::fabs(base - expected_base);
    if (diff <= tol_base) {
      r.verdict = AnswerVerdict::correct;
    } else if (diff <= close_base) {
      r.verdict = AnswerVerdict::close;
    } else {
      r.verdict = AnswerVerdict::wrong;
      for (const std::string& sym : same_dim_units) {
        const double f = unit_factor(question.dimension, sym);
        if (f == factor) continue;
        if (std::fabs(typed * f - expected_base) <= tol_base) {
          r.verdict = AnswerVerdict::wrong_unit;
          break;
        }
      }
    }
    return r;
  };

  Reading best = grade(p.value);
  if (p.ambiguous) {
    Reading alt = grade(p.alt_value);
    alt.decimal_comma = true;
    if (static_cast<int>(alt.verdict) < static_cast<int>(best.verdict)) best = alt;
  }

  out.verdict = best.verdict;
  out.has_value = true;
  out.answer_in_default_unit = best.in_default_unit;
  const double typed = best.decimal_comma ? p.alt_value : p.value;
  const std::string typed_unit = p.has_unit ? p.unit : default_symbol;
  out.interpreted = format_number(typed, 10);
  if (!typed_unit.empty()) out.interpreted += " " + unit_display(typed_unit);
  if (p.has_unit && !default_symbol.empty() && default_factor != p.unit_factor)
    // The conversion is a reading aid: 4 significant digits ("53 GiB = 56.91 GB").
    out.interpreted += " = " + format_number(best.in_default_unit, 4) + " " + unit_display(default_symbol);
  if (p.ambiguous) out.interpreted += best.decimal_comma ? " (comma read as a decimal comma)" : " (comma read as a thousands separator)";

  switch (best.verdict) {
    case AnswerVerdict::correct:
      out.message = "Correct.";
      break;
    case AnswerVerdict::close:
      out.message = "Close, but not within the tolerance: this question wants " + std::string(dimension_phrase(question.dimension)) +
                    " " + tolerance_phrase(question) +
                    ". Keep more digits through the working and round only at the end.";
      break;
    case AnswerVerdict::wrong_unit:
      if (p.has_unit)
        out.message = "The number would be right in a different unit: check the unit (" + unit_display(p.unit) +
                      "). " + expectation(question);
      else if (!default_symbol.empty())
        out.message = "A bare number is read as " + unit_display(default_symbol) +
                      " here, and your number would be right in a different unit: add the unit you meant.";
      else
        out.message = "Your number would be right on a different scale (a fraction versus a percentage): "
                      "check the form the question asks for.";
      break;
    case AnswerVerdict::wrong:
      out.message = "Not right. " + expectation(question) + " It is checked " + tolerance_phrase(question) +
                    ". Go through the working again.";
      break;
    case AnswerVerdict::unparseable:
      break;
  }
  return out;
}

ChoiceCheck check_choice_answer(const std::vector<int>& selected, const ChoiceQuestion& question) {
  ChoiceCheck out;
  if (auto e = detail::check_value("option_count", question.option_count, 1, 64, false, true)) {
    out.error_field = e->field;
    out.error_message = e->message;
    return out;
  }
  std::vector<bool> is_right(static_cast<std::size_t>(question.option_count), false);
  for (int c : question.correct) {
    if (c < 0 || c >= question.option_count || is_right[static_cast<std::size_t>(c)]) {
      out.error_field = "correct";
      out.error_message = "correct must hold distinct option indices from 0 to " +
                          std::to_string(question.option_count - 1) + " (got " + std::to_string(c) + ")";
      return out;
    }
    is_right[static_cast<std::size_t>(c)] = true;
  }
  if (!question.multiple && question.correct.empty()) {
    out.error_field = "correct";
    out.error_message = "correct must name at least one option for a single-choice question";
    return out;
  }
  out.ok = true;

  // The selection: indices checked before anything else, duplicates ignored.
  std::vector<bool> picked(static_cast<std::size_t>(question.option_count), false);
  for (int s : selected) {
    if (s < 0 || s >= question.option_count) {
      out.verdict = ChoiceVerdict::invalid;
      out.message = "The selection names option " + std::to_string(s) + ", but options are numbered 0 to " +
                    std::to_string(question.option_count - 1) + ".";
      return out;
    }
    picked[static_cast<std::size_t>(s)] = true;
  }
  int picked_count = 0, right_picked = 0;
  for (std::size_t i = 0; i < picked.size(); ++i) {
    picked_count += picked[i] ? 1 : 0;
    if (picked[i] && is_right[i]) ++right_picked;
    if (is_right[i] && !picked[i]) out.missing.push_back(static_cast<int>(i));
    if (picked[i] && !is_right[i]) out.extra.push_back(static_cast<int>(i));
  }

  if (!question.multiple) {
    if (picked_count > 1) {
      out.verdict = ChoiceVerdict::invalid;
      out.message = "Pick one option only.";
      return out;
    }
    if (picked_count == 0) {
      out.verdict = ChoiceVerdict::wrong;
      out.message = "No option selected: pick one.";
      return out;
    }
    // Several answers may be defensible: one right pick is enough.
    out.missing.clear();
    out.verdict = right_picked == 1 ? ChoiceVerdict::correct : ChoiceVerdict::wrong;
    out.message = right_picked == 1 ? "Correct." : "Not the best choice here; think about which term dominates the budget.";
    return out;
  }

  if (out.missing.empty() && out.extra.empty()) {
    out.verdict = ChoiceVerdict::correct;
    out.message = "Correct.";
  } else if (right_picked > 0) {
    out.verdict = ChoiceVerdict::partly;
    out.message = "Partly right: " + std::to_string(right_picked) + " of your " + std::to_string(picked_count) +
                  " choices " + (right_picked == 1 ? "is" : "are") + " right";
    if (!out.extra.empty()) out.message += ", " + std::to_string(out.extra.size()) + " " + (out.extra.size() == 1 ? "is" : "are") + " not";
    if (!out.missing.empty())
      out.message += ", and " + std::to_string(out.missing.size()) + " right option" + (out.missing.size() == 1 ? " is" : "s are") + " missing";
    out.message += ".";
  } else if (picked_count == 0) {
    out.verdict = ChoiceVerdict::wrong;
    out.message = "No option selected: select every option that applies.";
  } else {
    out.verdict = ChoiceVerdict::wrong;
    out.message = "Not right: none of your choices is one that applies.";
  }
  return out;
}

const char* to_string(AnswerVerdict v) {
  switch (v) {
    case AnswerVerdict::correct: return "correct";
    case AnswerVerdict::close: return "close";
    case AnswerVerdict::wrong_unit: return "wrong_unit";
    case AnswerVerdict::wrong: return "wrong";
    case AnswerVerdict::unparseable: return "unparseable";
  }
  return "unparseable";
}

const char* to_string(ChoiceVerdict v) {
  switch (v) {
    case ChoiceVerdict::correct: return "correct";
    case ChoiceVerdict::partly: return "partly";
    case ChoiceVerdict::wrong: return "wrong";
    case ChoiceVerdict::invalid: return "invalid";
  }
  return "invalid";
}

const char* to_string(UnitDimension d) {
  switch (d) {
    case UnitDimension::none: return "none";
    case UnitDimension::bytes: return "bytes";
    case UnitDimension::tokens_per_pass: return "tokens_per_pass";
    case UnitDimension::tokens_per_s: return "tokens_per_s";
    case UnitDimension::seconds: return "seconds";
  }
  return "none";
}

const char* to_string(ParseError e) {
  switch (e) {
    case ParseError::none: return "none";
    case ParseError::empty: return "empty";
    case ParseError::too_long: return "too_long";
    case ParseError::control_character: return "control_character";
    case ParseError::no_number: return "no_number";
    case ParseError::bad_number: return "bad_number";
    case ParseError::unknown_unit: return "unknown_unit";
    case ParseError::out_of_range: return "out_of_range";
  }
  return "none";
}

}  // namespace llmbudget
