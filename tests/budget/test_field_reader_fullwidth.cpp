// The calculator's boxes read full-width digits and marks as a phone's CJK input
// method types them (utf8_text.h fullwidth_to_ascii), suffixes and units as usual.
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
