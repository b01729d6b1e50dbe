// UTF-8 decoding, character classes and the "[U+XXXX]" escape; see utf8_text.h.
#include "text/utf8_text.h"

namespace llmbudget {

std::size_t decode_utf8(const std::string& text, std::size_t i, unsigned& cp) {
  const auto c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) {
    cp = c;
    return 1;
  }
  std::size_t len = 0;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
    cp = c & 0x1Fu;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    cp = c & 0x0Fu;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    cp = c & 0x07u;
  } else {
    return 0;
  }
  if (i + len > text.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto d = static_cast<unsigned char>(text[i + k]);
    if ((d & 0xC0u) != 0x80u) return 0;
    cp = (cp << 6) | (d & 0x3Fu);
  }
  const bool overlong = (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
  if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

bool is_control_character(unsigned cp) {
  if (cp == '\t' || cp == '\n' || cp == '\r') return false;
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029;
}

bool is_bidi_control(unsigned cp) {
  return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

namespace {

struct Range {
  unsigned first;
  unsigned last;
};

// Invisible code points (see is_invisible), ascending. The Unicode format
// characters (general category Cf), separators other than U+0020 (Zs, Zl,
// Zp), fillers and selectors.
constexpr Range kInvisible[] = {
    {0x0000, 0x001F},   {0x007F, 0x00A0},   {0x00AD, 0x00AD},   {0x034F, 0x034F},   {0x0600, 0x0605},
    {0x061C, 0x061C},   {0x06DD, 0x06DD},   {0x070F, 0x070F},   {0x0890, 0x0891},   {0x08E2, 0x08E2},
    {0x115F, 0x1160},   {0x1680, 0x1680},   {0x180E, 0x180E},   {0x2000, 0x200F},   {0x2028, 0x202F},
    {0x205F, 0x206F},   {0x3000, 0x3000},   {0x3164, 0x3164},   {0xFE00, 0xFE0F},   {0xFEFF, 0xFEFF},
    {0xFFA0, 0xFFA0},   {0xFFF0, 0xFFFB},   {0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x13430, 0x1343F},
    {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF},
};

}  // namespace

bool is_invisible(unsigned cp) {
  for (const Range& r : kInvisible) {
    if (cp < r.first) return false;
    if (cp <= r.last) return true;
  }
  return false;
}

TextCheck check_text(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size()) {
    unsigned cp = 0;
    const std::size_t len = decode_utf8(text, i, cp);
    if (len == 0) return TextCheck::invalid_utf8;
    if (is_control_character(cp)) return TextCheck::control;
    i += len;
  }
  return TextCheck::ok;
}

std::string escape_code_point(unsigned cp) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string hex;
  for (unsigned v = cp; v != 0 || hex.size() < 4; v >>= 4) hex.insert(hex.begin(), kHex[v & 0xFu]);
  return "[U+" + hex + "]";
}

namespace {

// Appends the escaped form of the character at text[i] to `piece` and
// returns how many bytes of `text` it covered (at least 1).
std::size_t escaped_piece(const std::string& text, std::size_t i, std::string& piece) {
  unsigned cp = 0;
  const std::size_t len = decode_utf8(text, i, cp);
  if (len == 0) {
    piece = escape_code_point(0xFFFD);  // a byte that is not UTF-8
    return 1;
  }
  piece = is_invisible(cp) ? escape_code_point(cp) : text.substr(i, len);
  return len;
}

}  // namespace

std::string escape_invisible(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  std::string piece;
  for (std::size_t i = 0; i < text.size();) {
    i += escaped_piece(text, i, piece);
    out += piece;
  }
  return out;
}

std::string quote_visible(const std::string& text, std::size_t max_bytes) {
  std::string out;
  std::string piece;
  for (std::size_t i = 0; i < text.size();) {
    i += escaped_piece(text, i, piece);
    if (out.size() + piece.size() > max_bytes) return out + "\xE2\x80\xA6";  // …
    out += piece;
  }
  return out;
}

std::string clip_utf8(const std::string& text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t end = 0;
  for (;;) {
    unsigned cp = 0;
    const std::size_t len = decode_utf8(text, end, cp);
    const std::size_t step = len == 0 ? 1 : len;
    if (end + step > max_bytes) break;
    end += step;
  }
  return text.substr(0, end) + "\xE2\x80\xA6";  // …
}

std::string spaces_to_ascii(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\t' || c == '\n' || c == '\r') {
      out.push_back(' ');
      continue;
    }
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xA0) {  // U+00A0
      out.push_back(' ');
      i += 1;
      continue;
    }
    if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80) {
      const auto d = static_cast<unsigned char>(text[i + 2]);
      if (d == 0x87 || d == 0x89 || d == 0xAF || d == 0x8A) {  // U+2007, U+2009, U+202F, U+200A
        out.push_back(' ');
        i += 2;
        continue;
      }
    }
    out.push_back(text[i]);
  }
  return out;
}

std::string number_forms_to_ascii(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto b0 = static_cast<unsigned char>(text[i]);
    const auto b1 = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
    const auto b2 = i + 2 < text.size() ? static_cast<unsigned char>(text[i + 2]) : 0;
    // U+FF05 .. U+FF19 is EF BC 85..99 in UTF-8, each 0xFEE0 above its ASCII form: % * + , - . / and
    // the digits (U+FF05 '%' is EF BC 85, U+FF19 '9' is EF BC 99).
    if (b0 == 0xEF && b1 == 0xBC && ((b2 >= 0x90 && b2 <= 0x99) || (b2 >= 0x8A && b2 <= 0x8F) || b2 == 0x85)) {
      out.push_back(static_cast<char>(b2 - 0x90 + '0'));
      i += 2;
      continue;
    }
    // Arabic-Indic digits U+0660..U+0669 (D9 A0..A9) and the Arabic percent sign U+066A (D9 AA);
    // Eastern Arabic-Indic digits U+06F0..U+06F9 (DB B0..B9), as Persian and Urdu keyboards type them.
    if (b0 == 0xD9 && b1 >= 0xA0 && b1 <= 0xAA) {
      out.push_back(b1 == 0xAA ? '%' : static_cast<char>(b1 - 0xA0 + '0'));
      ++i;
      continue;
    }
    if (b0 == 0xDB && b1 >= 0xB0 && b1 <= 0xB9) {
      out.push_back(static_cast<char>(b1 - 0xB0 + '0'));
      ++i;
      continue;
    }
    // Devanagari digits U+0966..U+096F (E0 A5 A6..AF).
    if (b0 == 0xE0 && b1 == 0xA5 && b2 >= 0xA6 && b2 <= 0xAF) {
      out.push_back(static_cast<char>(b2 - 0xA6 + '0'));
      i += 2;
      continue;
    }
    // The direction marks a right-to-left keyboard puts around a number: U+200E and U+200F
    // (E2 80 8E, 8F) and the Arabic letter mark U+061C (D8 9C). They carry nothing of the number.
    if ((b0 == 0xE2 && b1 == 0x80 && (b2 == 0x8E || b2 == 0x8F))) {
      i += 2;
      continue;
    }
    if (b0 == 0xD8 && b1 == 0x9C) {
      ++i;
      continue;
    }
    out.push_back(text[i]);
  }
  return out;
}

std::string trim_spaces(const std::string& text) {
  std::size_t b = 0;
  std::size_t e = text.size();
  while (b < e && text[b] == ' ') ++b;
  while (e > b && text[e - 1] == ' ') --e;
  return text.substr(b, e - b);
}

}  // namespace llmbudget
