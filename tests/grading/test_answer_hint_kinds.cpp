// The hint's tolerance and digits as declared phrases (answer_hint.h
// numeric_answer_hint_kinds), which another language's hint is written from.
#include <catch2/catch.hpp>

#include <string>

#include "grading/answer_hint.h"
#include "grading/knowledge_check_questions.h"

using namespace llmbudget;

TEST_CASE("numeric_answer_hint_kinds gives the tolerance and the digits it needs", "[answer_hint][kinds]") {
  // The lesson's Q2: ±0.005 tokens; 2 decimals keep an answer inside it (ceil(-log10(2 × 0.005)) = 2).
  CHECK(numeric_answer_hint_kinds(test::kQ2) ==
        "[{\"code\":\"tolerance_absolute_unit\",\"params\":{\"tolerance\":0.005,\"unit\":\"tokens\"}},"
        "{\"code\":\"digits_decimals\",\"params\":{\"count\":2}}]");
  // The lesson's Q1: ±0.1 GB, 1 decimal (ceil(-log10(0.2)) = 1).
  CHECK(numeric_answer_hint_kinds(test::kQ1) ==
        "[{\"code\":\"tolerance_absolute_unit\",\"params\":{\"tolerance\":0.1,\"unit\":\"GB\"}},"
        "{\"code\":\"digits_decimals\",\"params\":{\"count\":1}}]");
  // Both tolerances set: no single digits rule, the tolerance alone.
  NumericQuestion both = test::kQ1;
  both.relative_tolerance = 0.01;
  CHECK(
      numeric_answer_hint_kinds(both) ==
      "[{\"code\":\"tolerance_relative_absolute_unit\",\"params\":{\"percent\":1,\"tolerance\":0.1,\"unit\":\"GB\"}}]");
  // An invalid question (a negative tolerance) has none, as it has no hint.
  NumericQuestion bad = test::kQ1;
  bad.absolute_tolerance = -1;
  CHECK(numeric_answer_hint_kinds(bad).empty());
}
