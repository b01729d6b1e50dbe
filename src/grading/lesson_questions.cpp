#include "grading/lesson_questions.h"

namespace llmbudget {

NumericQuestion memory_total_question(double expected_gb) {
  NumericQuestion q;
  q.dimension = UnitDimension::bytes;
  q.expected = expected_gb;
  q.default_unit = "GB";
  q.relative_tolerance = 0;
  q.absolute_tolerance = 0.1;
  q.close_relative_tolerance = 0.05;
  return q;
}

NumericQuestion tokens_per_pass_question(double expected_tokens) {
  NumericQuestion q;
  q.dimension = UnitDimension::tokens_per_pass;
  q.expected = expected_tokens;
  q.default_unit = "tokens";
  q.relative_tolerance = 0;
  q.absolute_tolerance = 0.005;
  q.close_relative_tolerance = 0.05;
  return q;
}

}  // namespace llmbudget
