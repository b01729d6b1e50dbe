// The grading settings of the lesson's two numeric question kinds: a memory
// total in GB (knowledge-check question 1 and its practice variants) and
// tokens per target pass (question 2 and its variants). Practice generators
// and the tests use these, so the tolerances are written once.
#pragma once

#include "grading/numeric_check.h"

namespace llmbudget {

/// The grading settings used for a memory total in GB (Q1 and its variants):
/// bytes, default unit GB, absolute tolerance 0.1 GB, close within 5 %.
NumericQuestion memory_total_question(double expected_gb);

/// The grading settings used for tokens per pass (Q2 and its variants):
/// tokens per pass, absolute tolerance 0.005 tokens, close within 5 %.
NumericQuestion tokens_per_pass_question(double expected_tokens);

}  // namespace llmbudget
