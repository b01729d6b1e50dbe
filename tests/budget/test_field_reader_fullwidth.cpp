// The calculator's boxes read full-width digits and marks as a phone's CJK input
// method types them (utf8_text.h number_forms_to_ascii), suffixes and units as usual.
#include <catch2/catch.hpp>

#include "budget/field_reader.h"

using namespace llmbudget;

TEST_CASE("field reader: full-width digits, full stop and comma read as ASCII", "[field_reader][fullwidth]") {
  // "７０" (U+FF17 U+FF10) billion parameters in the box shown in billions (factor 1e9): 70e9.
  const FieldReading seventy = read_field_value("total_params", "\xEF\xBC\x97\xEF\xBC\x90", 1e9);
  REQUIRE(seventy.ok);
  CHECK(seventy.value == 70e9);
  // "８０．５ GB" of GPU memory: 80.5 × 1e9 bytes.
  const FieldReading memory =
      read_field_value("gpu_memory_bytes", "\xEF\xBC\x98\xEF\xBC\x90\xEF\xBC\x8E\xEF\xBC\x95 GB", 1e9);
  REQUIRE(memory.ok);
  CHECK(memory.value == 80.5e9);
  // "３２k" tokens of context: 32 × 1,024 = 32,768 (the context field reads k as 1,024).
  const FieldReading context = read_field_value("context_tokens", "\xEF\xBC\x93\xEF\xBC\x92k", 1);
  REQUIRE(context.ok);
  CHECK(context.value == 32768);
}

TEST_CASE("field reader: Arabic-Indic, Eastern Arabic-Indic and Devanagari digits and the percent sign read as ASCII",
          "[field_reader][fullwidth]") {
  // "١٦" (U+0661 U+0666): a batch of 16.
  const FieldReading arabic = read_field_value("batch", "\xD9\xA1\xD9\xA6", 1);
  REQUIRE(arabic.ok);
  CHECK(arabic.value == 16);
  // "٨٠ GB" (U+0668 U+0660): 80 × 1e9 bytes. The Arabic decimal separator is not read ("٨٠٫٥").
  const FieldReading memory = read_field_value("gpu_memory_bytes", "\xD9\xA8\xD9\xA0 GB", 1e9);
  REQUIRE(memory.ok);
  CHECK(memory.value == 80e9);
  CHECK_FALSE(read_field_value("gpu_memory_bytes", "\xD9\xA8\xD9\xA0\xD9\xAB\xD9\xA5 GB", 1e9).ok);
  // "١٠٪" with the Arabic percent sign: 10 % headroom, 0.1.
  const FieldReading headroom = read_field_value("headroom_fraction", "\xD9\xA1\xD9\xA0\xD9\xAA", 0.01);
  REQUIRE(headroom.ok);
  CHECK(headroom.value == Approx(0.1));
  // A right-to-left mark after "٦١" (U+200F): 61.
  const FieldReading marked = read_field_value("layers", "\xD9\xA6\xD9\xA1\xE2\x80\x8F", 1);
  REQUIRE(marked.ok);
  CHECK(marked.value == 61);
  // "۳۲k" (Persian U+06F3 U+06F2): 32 × 1,024 = 32,768 tokens of context.
  const FieldReading persian = read_field_value("context_tokens", "\xDB\xB3\xDB\xB2k", 1);
  REQUIRE(persian.ok);
  CHECK(persian.value == 32768);
  // "८" (Devanagari U+096E): 8 KV heads.
  const FieldReading devanagari = read_field_value("kv_heads", "\xE0\xA5\xAE", 1);
  REQUIRE(devanagari.ok);
  CHECK(devanagari.value == 8);
  // The Arabic thousands separator U+066C is not read either ("٨٬١٩٢").
  CHECK_FALSE(read_field_value("context_tokens", "\xD9\xA8\xD9\xAC\xD9\xA1\xD9\xA9\xD9\xA2", 1).ok);
  // Arabic letters are still no number.
  CHECK_FALSE(read_field_value("batch", "\xD8\xB3\xD8\xAA\xD8\xA9", 1).ok);
}
