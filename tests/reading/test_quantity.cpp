// Full-width digits and marks in a typed answer, and the quote of an answer
// with no number in it (src/reading/quantity.h).
#include <catch2/catch.hpp>

#include <string>

#include "reading/answer_expression.h"
#include "reading/quantity.h"
#include "text/utf8_text.h"

using namespace llmbudget;

namespace {

// U+FF10..U+FF19 are EF BC 90..99 in UTF-8; U+FF0E "．" EF BC 8E, U+FF0C "，" EF BC 8C,
// U+FF0D "－" EF BC 8D, U+FF0B "＋" EF BC 8B.
const std::string kOne = "\xEF\xBC\x91";
const std::string kTwo = "\xEF\xBC\x92";
const std::string kFive = "\xEF\xBC\x95";
const std::string kNine = "\xEF\xBC\x99";
const std::string kZero = "\xEF\xBC\x90";
const std::string kStop = "\xEF\xBC\x8E";
const std::string kComma = "\xEF\xBC\x8C";
const std::string kMinus = "\xEF\xBC\x8D";
const std::string kPlus = "\xEF\xBC\x8B";

}  // namespace

TEST_CASE("number_forms_to_ascii maps full-width digits and number marks only", "[utf8][fullwidth]") {
  CHECK(number_forms_to_ascii(kOne + kTwo + kStop + kFive) == "12.5");
  CHECK(number_forms_to_ascii(kZero + kNine) == "09");
  CHECK(number_forms_to_ascii(kMinus + kOne + kComma + kFive) == "-1,5");
  CHECK(number_forms_to_ascii(kPlus + kTwo) == "+2");
  // Other full-width forms stay as typed: U+FF27 "Ｇ" (EF BC A7) and U+FF01 "！" (EF BC 81).
  CHECK(number_forms_to_ascii("\xEF\xBC\xA7\xEF\xBC\x81") == "\xEF\xBC\xA7\xEF\xBC\x81");
  // A cut sequence at the end is copied, never read past.
  CHECK(number_forms_to_ascii("1\xEF\xBC") == "1\xEF\xBC");
  CHECK(number_forms_to_ascii("12.5 GB") == "12.5 GB");
}

TEST_CASE("number_forms_to_ascii maps Arabic-Indic, Persian and Devanagari digits, drops direction marks",
          "[utf8][fullwidth]") {
  // U+0660..U+0669 are D9 A0..A9: "٠١٢٣٤٥٦٧٨٩".
  CHECK(number_forms_to_ascii("\xD9\xA0\xD9\xA1\xD9\xA2\xD9\xA3\xD9\xA4\xD9\xA5\xD9\xA6\xD9\xA7\xD9\xA8\xD9\xA9") ==
        "0123456789");
  // U+06F0..U+06F9 are DB B0..B9 (Persian, Urdu): "۰۹".
  CHECK(number_forms_to_ascii("\xDB\xB0\xDB\xB9") == "09");
  // U+0966..U+096F are E0 A5 A6..AF (Devanagari): "०९".
  CHECK(number_forms_to_ascii("\xE0\xA5\xA6\xE0\xA5\xAF") == "09");
  // The Arabic percent sign U+066A (D9 AA) and the full-width one U+FF05 (EF BC 85): "١٠٪", "１０％".
  CHECK(number_forms_to_ascii("\xD9\xA1\xD9\xA0\xD9\xAA") == "10%");
  CHECK(number_forms_to_ascii("\xEF\xBC\x91\xEF\xBC\x90\xEF\xBC\x85") == "10%");
  // Full-width slash and asterisk (U+FF0F, U+FF0A): "１／２", "２＊３".
  CHECK(number_forms_to_ascii("\xEF\xBC\x91\xEF\xBC\x8F\xEF\xBC\x92") == "1/2");
  CHECK(number_forms_to_ascii("\xEF\xBC\x92\xEF\xBC\x8A\xEF\xBC\x93") == "2*3");
  // Direction marks beside a number are dropped: RLM U+200F (E2 80 8F), LRM U+200E, ALM U+061C (D8 9C).
  CHECK(number_forms_to_ascii("\xD9\xA6\xD9\xA1\xE2\x80\x8F") == "61");
  CHECK(number_forms_to_ascii("\xE2\x80\x8E"
                              "53 GB") == "53 GB");
  CHECK(number_forms_to_ascii("\xD8\x9C"
                              "7") == "7");
  // The Arabic decimal and thousands separators (U+066B D9 AB, U+066C D9 AC) stay as typed: as ASCII
  // marks they would read as an ambiguous "." or "," ("٨٬١٩٢" as 8.192 on a German page).
  CHECK(number_forms_to_ascii("\xD9\xA1\xD9\xAB\xD9\xA5") ==
        "1\xD9\xAB"
        "5");
  CHECK(number_forms_to_ascii("\xD9\xA1\xD9\xAC\xD9\xA0") ==
        "1\xD9\xAC"
        "0");
  // Neighbours stay as typed: U+06EF (DB AF), U+0965 (E0 A5 A5), U+200D (E2 80 8D); and a cut sequence.
  CHECK(number_forms_to_ascii("\xDB\xAF\xE0\xA5\xA5\xE2\x80\x8D") == "\xDB\xAF\xE0\xA5\xA5\xE2\x80\x8D");
  CHECK(number_forms_to_ascii("1\xD9") == "1\xD9");
  CHECK(number_forms_to_ascii("1\xE0\xA5") == "1\xE0\xA5");
}

TEST_CASE("parse_quantity reads full-width digits as a phone's input method types them", "[answer_check][fullwidth]") {
  // "１２．５ GB" = 12.5 GB.
  const Quantity q = parse_quantity(kOne + kTwo + kStop + kFive + " GB");
  REQUIRE(q.ok);
  CHECK(q.value == 12.5);
  CHECK(q.unit == "GB");
  // "－２，５" with the full-width comma: a lone comma before 1 digit is a decimal comma, -2.5.
  const Quantity neg = parse_quantity(kMinus + kTwo + kComma + kFive);
  REQUIRE(neg.ok);
  CHECK(neg.value == -2.5);
  // "１，０００": a lone comma before 3 digits is ambiguous as in ASCII, 1000 or 1.
  const Quantity grouped = parse_quantity(kOne + kComma + kZero + kZero + kZero);
  REQUIRE(grouped.ok);
  CHECK(grouped.ambiguous);
  CHECK(grouped.value == 1000);
  CHECK(grouped.alt_value == 1);
  // Full-width and ASCII digits mixed: "1２" = 12.
  const Quantity mixed = parse_quantity("1" + kTwo);
  REQUIRE(mixed.ok);
  CHECK(mixed.value == 12);
  // The working too: "２ × ６．５" = 2 × 6.5 = 13 (× is U+00D7).
  const AnswerReading working = read_answer(kTwo + " \xC3\x97 \xEF\xBC\x96" + kStop + kFive, PointReading::decimal);
  REQUIRE(working.quantity.ok);
  CHECK(working.quantity.value == 13);
}

TEST_CASE("An answer with no number is quoted in the message, escaped and clipped", "[answer_check][quote]") {
  const Quantity q = parse_quantity("  abc ");
  REQUIRE_FALSE(q.ok);
  CHECK(q.error == ParseError::no_number);
  CHECK(q.message == "Could not find a number in \"abc\": type digits such as 12.5, optionally followed by a unit.");
  // A zero-width space (U+200B, E2 80 8B) is shown as its code, never passed on invisible.
  CHECK(quoted_answer("x\xE2\x80\x8By") == "x[U+200B]y");
  // At most 24 bytes of the answer: 24 "a" and then "…" (U+2026).
  CHECK(quoted_answer(std::string(30, 'a')) == std::string(24, 'a') + "\xE2\x80\xA6");
  // "GB" alone: a unit with no number before it.
  CHECK(parse_quantity("GB").message ==
        "Could not find a number in \"GB\": type digits such as 12.5, optionally followed by a unit.");
}
