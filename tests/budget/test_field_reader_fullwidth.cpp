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

TEST_CASE("field reader: Arabic-Indic, Eastern Arabic-Indic and Devanagari digits read as ASCII",
          "[field_reader][fullwidth]") {
  // "١٦" (U+0661 U+0666): a batch of 16.
  const FieldReading arabic = read_field_value("batch", "\xD9\xA1\xD9\xA6", 1);
  REQUIRE(arabic.ok);
  CHECK(arabic.value == 16);
  // "٨٠٫٥ GB" (U+0668 U+0660, the Arabic decimal separator U+066B, U+0665): 80.5 × 1e9 bytes.
  const FieldReading memory = read_field_value("gpu_memory_bytes", "\xD9\xA8\xD9\xA0\xD9\xAB\xD9\xA5 GB", 1e9);
  REQUIRE(memory.ok);
  CHECK(memory.value == 80.5e9);
  // "۳۲k" (Persian U+06F3 U+06F2): 32 × 1,024 = 32,768 tokens of context.
  const FieldReading persian = read_field_value("context_tokens", "\xDB\xB3\xDB\xB2k", 1);
  REQUIRE(persian.ok);
  CHECK(persian.value == 32768);
  // "८" (Devanagari U+096E): 8 KV heads.
  const FieldReading devanagari = read_field_value("kv_heads", "\xE0\xA5\xAE", 1);
  REQUIRE(devanagari.ok);
  CHECK(devanagari.value == 8);
  // "٨٬١٩٢" with the Arabic thousands separator U+066C: 8,192 tokens.
  const FieldReading grouped = read_field_value("context_tokens", "\xD9\xA8\xD9\xAC\xD9\xA1\xD9\xA9\xD9\xA2", 1);
  REQUIRE(grouped.ok);
  CHECK(grouped.value == 8192);
  // Arabic letters are still no number.
  CHECK_FALSE(read_field_value("batch", "\xD8\xB3\xD8\xAA\xD8\xA9", 1).ok);
}
