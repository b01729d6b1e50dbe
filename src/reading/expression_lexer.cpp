// Tokens of an arithmetic answer; rules in expression_lexer.h.
#include "reading/expression_lexer.h"

#include <cstring>

#include "text/decimal_scan.h"
#include "text/utf8_text.h"

namespace llmbudget {

namespace {

using detail::BitUnit;
using detail::UnitEntry;

// The longest unit spelling in the table is "tokens per large-model pass"
// (27 bytes); a unit is looked for among this many bytes.
constexpr std::size_t kMaxUnitBytes = 40;

struct Symbol {
  const char* text;
  TokenKind kind;
};

// Operator spellings, longest first where one is a prefix of another ("**" before "*").
constexpr Symbol kSymbols[] = {
    {"**", TokenKind::power},
    {"+", TokenKind::plus},
    {"-", TokenKind::minus},
    {"\xE2\x88\x92", TokenKind::minus},  // − U+2212
    {"*", TokenKind::times},
    {"\xC3\x97", TokenKind::times},      // × U+00D7
    {"\xC2\xB7", TokenKind::times},      // · U+00B7
    {"\xE2\x8B\x85", TokenKind::times},  // ⋅ U+22C5
    {"\xE2\x88\x97", TokenKind::times},  // ∗ U+2217
    {"/", TokenKind::divide},
    {"\xC3\xB7", TokenKind::divide},      // ÷ U+00F7
    {"\xE2\x88\x95", TokenKind::divide},  // ∕ U+2215
    {"^", TokenKind::power},
    {"(", TokenKind::open},
    {")", TokenKind::close},
};

bool at(const std::string& s, std::size_t pos, const char* text) {
  const std::size_t n = std::strlen(text);
  return s.size() - pos >= n && s.compare(pos, n, text) == 0;
}

// The operator symbol at `pos`, or nullptr.
const Symbol* symbol_at(const std::string& s, std::size_t pos) {
  for (const Symbol& sym : kSymbols) {
    if (at(s, pos, sym.text)) return &sym;
  }
  return nullptr;
}

// A superscript digit (0..9) or superscript minus (-1) at `pos`, with its byte
// length in `len`; -2 when there is none.
int superscript_at(const std::string& s, std::size_t pos, std::size_t& len) {
  unsigned cp = 0;
  len = pos < s.size() ? decode_utf8(s, pos, cp) : 0;
  if (len == 0) return -2;
  switch (cp) {
    case 0x2070: return 0;
    case 0x00B9: return 1;
    case 0x00B2: return 2;
    case 0x00B3: return 3;
    case 0x207B: return -1;
    default: break;
  }
  if (cp >= 0x2074 && cp <= 0x2079) return static_cast<int>(cp - 0x2070);
  return -2;
}

std::size_t skip_spaces(const std::string& s, std::size_t pos) {
  while (pos < s.size() && s[pos] == ' ') ++pos;
  return pos;
}

// True when an operand can start at `pos` (after spaces): a digit, "." or ","
// before a digit, "(", a sign.
bool operand_follows(const std::string& s, std::size_t pos) {
  pos = skip_spaces(s, pos);
  if (pos >= s.size()) return false;
  const char c = s[pos];
  if (is_digit(c) || c == '(' || c == '+' || c == '-' || at(s, pos, "\xE2\x88\x92")) return true;
  return (c == '.' || c == ',') && pos + 1 < s.size() && is_digit(s[pos + 1]);
}

// True at a place where a unit spelling may end: the end, a space, or an operator.
bool unit_boundary(const std::string& s, std::size_t pos) {
  std::size_t len = 0;
  return pos >= s.size() || s[pos] == ' ' || s[pos] == '=' || s[pos] == ',' || symbol_at(s, pos) != nullptr ||
         superscript_at(s, pos, len) != -2;
}

// The word at `pos`: up to the next space or operator (at least one character).
std::string word_at(const std::string& s, std::size_t pos) {
  std::size_t end = pos;
  do {
    unsigned cp = 0;
    const std::size_t n = decode_utf8(s, end, cp);
    end += n == 0 ? 1 : n;
  } while (end < s.size() && !unit_boundary(s, end));
  return s.substr(pos, end - pos);
}

LexResult fail(ParseError e, std::string message) {
  LexResult r;
  r.error = e;
  r.message = std::move(message);
  return r;
}

}  // namespace

bool looks_like_expression(const std::string& s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::size_t len = 0;
    if (superscript_at(s, i, len) != -2) return true;
    const Symbol* sym = symbol_at(s, i);
    if (sym != nullptr) {
      // "/" and "-" also occur inside unit spellings ("tok/s", "large-model"):
      // they count only with an operand after them. No unit holds the others.
      if (sym->text[0] != '/' && sym->text[0] != '-') return true;
      if (operand_follows(s, i + std::strlen(sym->text))) return true;
      continue;
    }
    // "x" or "times" standing alone between two operands: "2 x 3", "2x3".
    if ((s[i] == 'x' || s[i] == 'X') && i > 0 && (s[i - 1] == ' ' || is_digit(s[i - 1])) && operand_follows(s, i + 1) &&
        (i + 1 < s.size() && (s[i + 1] == ' ' || is_digit(s[i + 1]) || s[i + 1] == '(')))
      return true;
    if (at(s, i, "times ") && operand_follows(s, i + 5)) return true;
  }
  return false;
}

LexResult lex_expression(const std::string& s, PointReading point) {
  LexResult out;
  bool after_operand = false;  // the previous token ends an operand (number, ")", exponent, unit)
  std::size_t pos = skip_spaces(s, 0);
  while (pos < s.size()) {
    ExpressionToken t;
    t.pos = pos;
    const char c = s[pos];
    std::size_t len = 0;
    if (is_digit(c) || ((c == '.' || c == ',') && pos + 1 < s.size() && is_digit(s[pos + 1]))) {
      const NumberScan n = scan_number(s, pos, point);
      if (n.error == ScanError::out_of_range) return fail(ParseError::out_of_range, kTooLargeMessage);
      if (n.error == ScanError::underflow) return fail(ParseError::out_of_range, kTooSmallMessage);
      if (n.error != ScanError::none) return fail(ParseError::bad_number, kBadNumberMessage);
      t.kind = TokenKind::number;
      t.value = n.value;
      t.alt_value = n.alt_value;
      t.ambiguous = n.ambiguous;
      t.ambiguous_mark = n.ambiguous_mark;
      pos = n.end;
      after_operand = true;
    } else if (superscript_at(s, pos, len) != -2) {
      // A run of superscript digits, optionally led by a superscript minus.
      int sign = 1;
      double e = 0;
      std::size_t digits = 0;
      int d = superscript_at(s, pos, len);
      if (d == -1) {
        sign = -1;
        pos += len;
        d = superscript_at(s, pos, len);
      }
      while (d >= 0) {
        if (++digits > 3)
          return fail(ParseError::out_of_range, "That exponent is too large to check: use at most three digits.");
        e = e * 10 + d;
        pos += len;
        d = superscript_at(s, pos, len);
      }
      if (digits == 0)
        return fail(ParseError::bad_expression, "A superscript minus needs superscript digits after it.");
      t.kind = TokenKind::superscript;
      t.value = sign * e;
      t.alt_value = t.value;
      after_operand = true;
    } else if (const Symbol* sym = symbol_at(s, pos)) {
      t.kind = sym->kind;
      pos += std::strlen(sym->text);
      after_operand = sym->kind == TokenKind::close;
    } else if (c == '=') {
      return fail(
          ParseError::bad_expression,
          "Type either the working or the result, not both joined by \"=\" (\"2 \xC3\x97 6.5 GB\" or \"13 GB\").");
    } else if (c == ',') {
      return fail(ParseError::bad_expression,
                  "A comma belongs inside a number (2,95 or 12,500); between numbers use an operator such as + or "
                  "\xC3\x97.");
    } else if (after_operand && (c == 'x' || c == 'X' || at(s, pos, "times")) &&
               operand_follows(s, pos + (c == 't' ? 5 : 1)) &&
               (c == 't' || pos + 1 >= s.size() || !((s[pos + 1] >= 'a' && s[pos + 1] <= 'z')))) {
      t.kind = TokenKind::times;  // "2 x 3", "2 times 3"
      pos += c == 't' ? 5 : 1;
      after_operand = false;
    } else {
      // A unit: the longest known spelling that ends at a boundary.
      const UnitEntry* unit = nullptr;
      const BitUnit* bits = nullptr;
      std::size_t end = 0;
      if (after_operand) {
        const std::size_t last = s.size() - pos < kMaxUnitBytes ? s.size() : pos + kMaxUnitBytes;
        for (std::size_t j = last; j > pos && unit == nullptr && bits == nullptr; --j) {
          if (!unit_boundary(s, j)) continue;
          const std::string trimmed = trim_spaces(s.substr(pos, j - pos));
          const std::string normalised = detail::normalise_unit_text(trimmed);
          bits = detail::find_bit_unit(trimmed, normalised);
          if (bits == nullptr) unit = detail::find_unit(normalised);
          end = j;
        }
      }
      // A unit followed straight by "/" or "-" and a letter is a longer word ("GB/s").
      const bool longer_word = (unit != nullptr || bits != nullptr) && end + 1 < s.size() &&
                               (s[end] == '/' || s[end] == '-') &&
                               ((s[end + 1] >= 'a' && s[end + 1] <= 'z') || (s[end + 1] >= 'A' && s[end + 1] <= 'Z'));
      if ((unit == nullptr && bits == nullptr) || longer_word) {
        const std::string word = longer_word ? s.substr(pos, end - pos) + word_at(s, end) : word_at(s, pos);
        const std::size_t after = skip_spaces(s, pos + word.size());
        if (after < s.size() && s[after] == '(')
          return fail(ParseError::bad_expression,
                      "\"" + quote_visible(word, 24) +
                          "\" looks like a function: answers take numbers, + \xE2\x88\x92 \xC3\x97 / ^ and "
                          "parentheses only.");
        if (!after_operand)
          return fail(ParseError::bad_expression,
                      "\"" + quote_visible(word, 24) +
                          "\" is not a number: answers take numbers, + \xE2\x88\x92 \xC3\x97 / ^ and parentheses "
                          "(no variables), and a unit after a number.");
        return fail(ParseError::unknown_unit, "\"" + quote_visible(word, 24) + "\" is not a unit this check knows.");
      }
      t.kind = TokenKind::unit;
      t.unit = unit;
      t.bits = bits;
      pos = end;
      after_operand = true;
    }
    out.tokens.push_back(t);
    pos = skip_spaces(s, pos);
  }
  out.ok = true;
  return out;
}

}  // namespace llmbudget
