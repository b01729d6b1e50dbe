// The lesson's knowledge-check questions 1 and 2 as the grading tests use
// them, written once.
#pragma once

#include "grading/lesson_questions.h"

namespace llmbudget::test {

/// Q1, total memory: 13 GB weights + 40 GB cache = 53 GB, graded to +-0.1 GB,
/// close within 5 % (50.35 .. 55.65 GB) (seed-values.json "knowledge_check").
inline const NumericQuestion kQ1 = memory_total_question(53);

/// Q2, tokens per pass: (1 - 0.8^4) / (1 - 0.8) = 2.952, graded to +-0.005,
/// close within 5 % (2.8044 .. 3.0996).
inline const NumericQuestion kQ2 = tokens_per_pass_question(2.9520000000000004);

}  // namespace llmbudget::test
