// UTF-8 decoding, control and invisible characters, and the one "[U+XXXX]"
// escape for text shown to students. No file I/O (runs as wasm too).
#include <catch2/catch.hpp>

#include <string>

#include "text/utf8_text.h"

using namespace llmbudget;

TEST_CASE("decode_utf8 reads 1- to 4-byte sequences and rejects malformed ones", "[utf8]") {
  struct Row {
    std::string text;
    std::size_t length;  // 0: rejected
    unsigned cp;
  };
  const Row rows[] = {
      {"A", 1, 0x41},
      {std::string("\0", 1), 1, 0x0},
      {"\xC2\xB5", 2, 0xB5},        // µ
      {"\xE2\x80\x8B", 3, 0x200B},  // zero-width space
      {"\xEF\xBF\xBD", 3, 0xFFFD},
      {"\xF0\x9F\x98\x80", 4, 0x1F600},
      {"\xF4\x8F\xBF\xBF", 4, 0x10FFFF},  // the last code point
      {"\x80", 0, 0},                     // stray continuation byte
      {"\xC0\xB5", 0, 0},                 // overlong 2-byte
      {"\xC1\xBF", 0, 0},
      {"\xE0\x80\xAF", 0, 0},      // overlong 3-byte
      {"\xF0\x80\x80\xAF", 0, 0},  // overlong 4-byte
      {"\xED\xA0\x80", 0, 0},      // surrogate U+D800
      {"\xF4\x90\x80\x80", 0, 0},  // U+110000
      {"\xF5\x80\x80\x80", 0, 0},
      {"\xE2\x80", 0, 0},      // truncated
      {"\xE2\x41\x41", 0, 0},  // not a continuation byte
  };
  for (const Row& row : rows) {
    INFO("row with first byte " << static_cast<unsigned>(static_cast<unsigned char>(row.text[0])));
    unsigned cp = 12345;
    const std::size_t len = decode_utf8(row.text, 0, cp);
    CHECK(len == row.length);
    if (row.length != 0) CHECK(cp == row.cp);
  }
  // Decoding from an offset inside a longer text.
  unsigned cp = 0;
  CHECK(decode_utf8("53 \xC2\xB5s", 3, cp) == 2);
  CHECK(cp == 0xB5);
}

TEST_CASE("control, bidi and invisible code points", "[utf8]") {
  CHECK(is_control_character(0x00));
  CHECK(is_control_character(0x1B));
  CHECK(is_control_character(0x7F));
  CHECK(is_control_character(0x85));
  CHECK(is_control_character(0x9F));
  CHECK(is_control_character(0x2028));
  CHECK(is_control_character(0x2029));
  CHECK_FALSE(is_control_character('\t'));
  CHECK_FALSE(is_control_character('\n'));
  CHECK_FALSE(is_control_character('\r'));
  CHECK_FALSE(is_control_character(' '));
  CHECK_FALSE(is_control_character(0xA0));
  CHECK_FALSE(is_control_character(0x202E));

  for (unsigned cp : {0x061Cu, 0x200Eu, 0x200Fu, 0x202Au, 0x202Eu, 0x2066u, 0x2069u}) {
    INFO(cp);
    CHECK(is_bidi_control(cp));
    CHECK(is_invisible(cp));
  }
  CHECK_FALSE(is_bidi_control(0x200B));
  CHECK_FALSE(is_bidi_control(0x2065));

  for (unsigned cp : {0x09u,   0x0Au,   0x7Fu,   0xA0u,   0xADu,    0x34Fu,   0x600u,  0x115Fu, 0x1680u,
                      0x180Eu, 0x2000u, 0x200Bu, 0x200Du, 0x202Fu,  0x205Fu,  0x2060u, 0x3000u, 0x3164u,
                      0xFE0Fu, 0xFEFFu, 0xFFA0u, 0xFFFBu, 0x1D173u, 0xE0001u, 0xE007Fu}) {
    INFO(cp);
    CHECK(is_invisible(cp));
  }
  for (unsigned cp : {0x20u, 0x41u, 0xA1u, 0xB5u, 0xD7u, 0x3BCu, 0x2026u, 0x2212u, 0x5409u, 0xFFFDu, 0x1F600u}) {
    INFO(cp);
    CHECK_FALSE(is_invisible(cp));
  }
}

TEST_CASE("check_text reports the first problem", "[utf8]") {
  CHECK(check_text("") == TextCheck::ok);
  CHECK(check_text("53 GB\t\r\n") == TextCheck::ok);
  CHECK(check_text("53 \xC2\xB5s \xE2\x80\x8B") == TextCheck::ok);  // invisible is not a control
  CHECK(check_text("\x1B[31m") == TextCheck::control);
  CHECK(check_text("53\xC2\x85") == TextCheck::control);      // U+0085 NEL
  CHECK(check_text("53\xE2\x80\xA8") == TextCheck::control);  // U+2028
  CHECK(check_text("53\xFF") == TextCheck::invalid_utf8);
  CHECK(check_text("\xFF\x1B") == TextCheck::invalid_utf8);  // first problem wins
  CHECK(check_text("\x1B\xFF") == TextCheck::control);
}

TEST_CASE("escape_invisible writes [U+XXXX], the one format shown to students", "[utf8]") {
  CHECK(escape_code_point(0x200B) == "[U+200B]");
  CHECK(escape_code_point(0x9) == "[U+0009]");
  CHECK(escape_code_point(0xAD) == "[U+00AD]");
  CHECK(escape_code_point(0xE0001) == "[U+E0001]");
  CHECK(escape_code_point(0x10FFFF) == "[U+10FFFF]");

  CHECK(escape_invisible("") == "");
  CHECK(escape_invisible("53 GB") == "53 GB");
  CHECK(escape_invisible("GB\xE2\x80\x8B") == "GB[U+200B]");
  CHECK(escape_invisible("v\xE2\x80\x8B"
                         "1") == "v[U+200B]1");
  CHECK(escape_invisible("a\tb\nc") == "a[U+0009]b[U+000A]c");
  CHECK(escape_invisible("1\xC2\xA0"
                         "000") == "1[U+00A0]000");
  CHECK(escape_invisible("\xE5\x90\x89 \xC2\xB5s") == "\xE5\x90\x89 \xC2\xB5s");  // visible text unchanged
  CHECK(escape_invisible("x\xFFy") == "x[U+FFFD]y");                              // not UTF-8
  CHECK(escape_invisible("\xE2\x80") == "[U+FFFD][U+FFFD]");                      // truncated: byte by byte
  CHECK(check_text(escape_invisible(std::string("\x01\x1B\xC2\x85", 4))) == TextCheck::ok);
}

TEST_CASE("quote_visible clips without cutting a character or a marker", "[utf8]") {
  CHECK(quote_visible("GB", 24) == "GB");
  CHECK(quote_visible("abcdef", 4) == "abcd\xE2\x80\xA6");
  CHECK(quote_visible("ab\xE2\x80\x8B", 9) == "ab\xE2\x80\xA6");  // the 8-byte marker does not fit
  CHECK(quote_visible("ab\xE2\x80\x8B", 10) == "ab[U+200B]");
  CHECK(quote_visible("a\xE5\x90\x89", 3) == "a\xE2\x80\xA6");  // 3-byte character does not fit
}

TEST_CASE("clip_utf8 keeps at most max_bytes, never part of a character, and marks the cut", "[utf8]") {
  CHECK(clip_utf8("GB", 24) == "GB");
  CHECK(clip_utf8("abcd", 4) == "abcd");
  CHECK(clip_utf8("abcdef", 4) == "abcd\xE2\x80\xA6");
  CHECK(clip_utf8("a\xE5\x90\x89", 3) == "a\xE2\x80\xA6");       // the 3-byte character does not fit
  CHECK(clip_utf8("ab\xE2\x80\xAE", 3) == "ab\xE2\x80\xA6");     // nor does a U+202E: no half of it is kept
  CHECK(clip_utf8("a\xFF\xFEz", 3) == "a\xFF\xFE\xE2\x80\xA6");  // bytes that are not UTF-8 count one each
  const std::string long_value(100000, '7');                     // a 100 KB flag value
  CHECK(clip_utf8(long_value, 80) == std::string(80, '7') + "\xE2\x80\xA6");
}

TEST_CASE("spaces_to_ascii and trim_spaces", "[utf8]") {
  CHECK(spaces_to_ascii("1\xC2\xA0"
                        "000") == "1 000");
  CHECK(spaces_to_ascii("1\xE2\x80\x89"
                        "000\xE2\x80\xAF"
                        "GB") == "1 000 GB");
  CHECK(spaces_to_ascii("1\xE2\x80\x87"
                        "0\xE2\x80\x8A"
                        "0") == "1 0 0");
  CHECK(spaces_to_ascii("a\tb\r\nc") == "a b  c");
  CHECK(spaces_to_ascii("\xE2\x80\x8B") == "\xE2\x80\x8B");  // zero-width space is not a space
  CHECK(trim_spaces("  53 GB  ") == "53 GB");
  CHECK(trim_spaces("   ") == "");
  CHECK(trim_spaces("\t53") == "\t53");  // ASCII spaces only
}
