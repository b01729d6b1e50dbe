// The hint under a numeric answer box and the close verdict's advice: both
// fit the question's unit and tolerance, and the advice to keep more digits
// is given only when rounding explains the miss.
#include <catch2/catch.hpp>

#include <string>

#include "grading/answer_check.h"
#include "grading/answer_hint.h"
#include "grading/knowledge_check_questions.h"
#include "grading/lesson_questions.h"
#include "reading/answer_expression.h"
#include "reading/reading_declarations.h"

using namespace llmbudget;

namespace {

NumericQuestion question(UnitDimension d, double expected, const char* unit, double rel, double abs) {
  NumericQuestion q;
  q.dimension = d;
  q.expected = expected;
  q.default_unit = unit;
  q.relative_tolerance = rel;
  q.absolute_tolerance = abs;
  q.close_relative_tolerance = 0.05;
  return q;
}

// The lesson's Q1 (13 GB + 40 GB = 53 GB, ±0.1 GB) and Q2 ((1 − 0.8⁴)/(1 − 0.8) = 2.952, ±0.005). See
// tests/grading/knowledge_check_questions.h.
using test::kQ1;
using test::kQ2;
// The KV practice's projection counts: a plain number to ±0.5 (questions.json "kv_practice"),
// here 2 × 32 layers × 8 KV heads = 512 projections.
const NumericQuestion kCount = question(UnitDimension::none, 512, "", 0, 0.5);
// The KV practice's cache size in GB to 0.5 %.
const NumericQuestion kCacheGb = question(UnitDimension::bytes, 8.589934592, "GB", 0.005, 0);

}  // namespace

TEST_CASE("the answer hint fits the question's unit and tolerance", "[answer_hint]") {
  CHECK(numeric_answer_hint(kQ1) ==
        "A number or your working (such as 2 × 6.5 GB), checked to within ±0.1 GB, so keep 1 decimal; "
        "a unit is optional: a bare number is read as GB.");
  // Tokens per pass: no "2 × 6.5 tokens"; two decimals for ±0.005.
  CHECK(numeric_answer_hint(kQ2) ==
        "A number or your working (such as (3 + 1) / 2 tokens per pass), checked to within ±0.005 tokens per pass, "
        "so keep 2 decimals; a unit is optional: a bare number is read as tokens per pass.");
  // A count: whole numbers in the example, and a whole number is all ±0.5 needs.
  CHECK(numeric_answer_hint(kCount) ==
        "A number or your working (such as 2 × 16 × 4), checked to within ±0.5, so a whole number is enough.");
  // 0.5 %: rounded to 3 significant digits a value is off by at most 0.5 · 10⁻² = 0.5 % of it.
  CHECK(numeric_answer_hint(kCacheGb) ==
        "A number or your working (such as 2 × 6.5 GB), checked to within 0.5 %, so keep 3 significant digits; "
        "a unit is optional: a bare number is read as GB.");
  NumericQuestion plain = kQ1;
  plain.accept_expression = false;
  CHECK(numeric_answer_hint(plain).rfind("A plain number (not the working), checked to within ±0.1 GB", 0) == 0);
  NumericQuestion broken = kQ1;
  broken.absolute_tolerance = -1;
  CHECK(numeric_answer_hint(broken).empty());
}

TEST_CASE("digits the tolerance needs", "[answer_hint]") {
  // d = ceil(-log10(2t)): ±0.1 -> 1, ±0.05 -> 1 (0.05 is half of 0.1), ±0.005 -> 2, ±0.5 and ±5 -> whole.
  CHECK(digits_advice(question(UnitDimension::bytes, 1, "GB", 0, 0.1)) == "keep 1 decimal");
  CHECK(digits_advice(question(UnitDimension::bytes, 1, "GB", 0, 0.05)) == "keep 1 decimal");
  CHECK(digits_advice(question(UnitDimension::bytes, 1, "GB", 0, 0.005)) == "keep 2 decimals");
  CHECK(digits_advice(question(UnitDimension::bytes, 1, "GB", 0, 0.5)) == "a whole number is enough");
  CHECK(digits_advice(question(UnitDimension::bytes, 1, "GB", 0, 5)) == "a whole number is enough");
  // n = ceil(1 - log10(2r)): 5 % -> 2 digits (1.05 rounds to 1.1, 4.8 % off), 2 % -> 3 (1.05 to 2 digits
  // would be 4.8 % off), 0.5 % -> 3 (1.005 to 1.01 is 0.5 % off).
  CHECK(digits_advice(question(UnitDimension::tokens_per_s, 20, "tok/s", 0.05, 0)) == "keep 2 significant digits");
  CHECK(digits_advice(question(UnitDimension::tokens_per_s, 20, "tok/s", 0.02, 0)) == "keep 3 significant digits");
  CHECK(digits_advice(kCacheGb) == "keep 3 significant digits");
  // Both or neither: no single rule.
  CHECK(digits_advice(question(UnitDimension::seconds, 50, "ms", 0.01, 2)).empty());
  CHECK(digits_advice(question(UnitDimension::seconds, 50, "ms", 0, 0)).empty());
}

TEST_CASE("every dimension's example is arithmetic of that dimension", "[answer_hint]") {
  for (const DimensionDeclaration& d : dimension_declarations()) {
    INFO(d.name);
    const std::string text = std::string(d.example) + (d.base_unit[0] ? " " + std::string(d.base_unit) : "");
    const AnswerReading r = read_answer(text);
    REQUIRE(r.quantity.ok);
    CHECK(r.is_expression);
    if (d.dimension != UnitDimension::none) CHECK(r.quantity.dimension == d.dimension);
  }
}

TEST_CASE("close: more digits only when rounding explains the miss, else how far off", "[answer_hint][answer_check]") {
  // 52 GB for 53 GB: inside the 5 % band (±2.65 GB) but no rounding of 53 gives 52.
  const NumericCheck q1 = check_numeric_answer("52 GB", kQ1);
  CHECK(q1.verdict == AnswerVerdict::close);
  CHECK_FALSE(q1.too_few_digits);
  CHECK(q1.message ==
        "Close, but off by about 1 GB: this question wants a memory size to within ±0.1 GB. "
        "Check each number in the working.");
  // 3 for 2.952 is 2.952 rounded to a whole number; 2.9 is it cut to one decimal.
  for (const char* text : {"3", "3.0", "2.9", "3 tokens"}) {
    INFO(text);
    const NumericCheck r = check_numeric_answer(text, kQ2);
    CHECK(r.verdict == AnswerVerdict::close);
    CHECK(r.too_few_digits);
    CHECK(
        r.message ==
        "Close, but rounded too far: this question wants a number of tokens per target pass to within "
        "±0.005 tokens per pass, so keep 2 decimals. Keep more digits through the working and round only at the end.");
  }
  // 2.94 keeps two decimals and is still 0.012 off: a slip, not rounding.
  const NumericCheck slip = check_numeric_answer("2.94", kQ2);
  CHECK(slip.verdict == AnswerVerdict::close);
  CHECK_FALSE(slip.too_few_digits);
  CHECK(slip.message.rfind("Close, but off by about 0.012 tokens per pass: ", 0) == 0);
  // In another unit the rounding is judged as typed: 53 GB is 49.36 GiB, so "49 GiB" is it rounded.
  CHECK(check_numeric_answer("49 GiB", kQ1).too_few_digits);
  // Arithmetic: (13 + 39) GB = 52 GB is off by 1 GB as a plain 52 is.
  CHECK_FALSE(check_numeric_answer("13 GB + 39 GB", kQ1).too_few_digits);
  // Only close verdicts carry the flag.
  CHECK_FALSE(check_numeric_answer("53", kQ1).too_few_digits);
  CHECK_FALSE(check_numeric_answer("20", kQ1).too_few_digits);
  // The advice never states the expected value.
  CHECK(q1.message.find("53") == std::string::npos);
}
