// Embind table for the practice variants of knowledge-check questions 1 and 2
// (src/practice/quiz_variant.h): a declarative list, no logic. Links into the
// same module as wasm/grading/bindings_quiz.cpp, which registers the
// QuizNumericQuestion its *_question fields use.
#include <emscripten/bind.h>

#include "practice/quiz_variant.h"

namespace lb = llmbudget;
using emscripten::function;
using emscripten::value_object;

EMSCRIPTEN_BINDINGS(quiz_variant) {
  value_object<lb::QuizVariant>("QuizVariant")
      .field("seed", &lb::QuizVariant::seed)
      .field("params_billion", &lb::QuizVariant::params_billion)
      .field("weight_bits", &lb::QuizVariant::weight_bits)
      .field("weight_gb", &lb::QuizVariant::weight_gb)
      .field("cache_gb", &lb::QuizVariant::cache_gb)
      .field("gpu_memory_gb", &lb::QuizVariant::gpu_memory_gb)
      .field("total_gb", &lb::QuizVariant::total_gb)
      .field("fits", &lb::QuizVariant::fits)
      .field("cache_gb_8bit", &lb::QuizVariant::cache_gb_8bit)
      .field("total_gb_8bit_cache", &lb::QuizVariant::total_gb_8bit_cache)
      .field("fits_8bit_cache", &lb::QuizVariant::fits_8bit_cache)
      .field("total_question", &lb::QuizVariant::total_question)
      .field("total_8bit_question", &lb::QuizVariant::total_8bit_question)
      .field("acceptance_rate", &lb::QuizVariant::acceptance_rate)
      .field("draft_tokens", &lb::QuizVariant::draft_tokens)
      .field("acceptance_power", &lb::QuizVariant::acceptance_power)
      .field("numerator", &lb::QuizVariant::numerator)
      .field("denominator", &lb::QuizVariant::denominator)
      .field("tokens_per_pass", &lb::QuizVariant::tokens_per_pass)
      .field("tokens_question", &lb::QuizVariant::tokens_question);

  function("make_variant", &lb::make_variant);
}
