#include "grading/lesson_questions.h"

namespace llmbudget {

namespace {

/// An exact-to-a-tolerance question: no relative tolerance, "close" within 5 %.
NumericQuestion absolute_question(UnitDimension dimension, double expected, const char* unit, double tolerance) {
  NumericQuestion q;
  q.dimension = dimension;
  q.expected = expected;
  q.default_unit = unit;
  q.relative_tolerance = 0;
  q.absolute_tolerance = tolerance;
  q.close_relative_tolerance = 0.05;
  return q;
}

}  // namespace

NumericQuestion memory_total_question(double expected_gb) {
  return absolute_question(UnitDimension::bytes, expected_gb, "GB", 0.1);
}

NumericQuestion tokens_per_pass_question(double expected_tokens) {
  return absolute_question(UnitDimension::tokens_per_pass, expected_tokens, "tokens", 0.005);
}

}  // namespace llmbudget
