// libFuzzer target for the answer parser and grader (tools/fuzz runs it).
//
// Any byte string goes through parse_quantity, read_answer (the arithmetic
// reader, answer_expression.h) and check_numeric_answer for questions of
// every dimension, with arithmetic allowed and refused, so unit conversion
// into each question's unit is exercised; the first bytes also drive a
// choice check and the seed of both practice generators (quiz_variant.h,
// kv_practice.h).
// Besides "no crash, no sanitizer report", it checks the documented promises:
// oversized input is too_long, results are finite, every verdict has a message.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "grading/answer_check.h"
#include "practice/kv_practice.h"
#include "practice/quiz_variant.h"

namespace lb = llmbudget;

namespace {
void require(bool condition) {
  if (!condition) std::abort();  // libFuzzer reports the input that broke a promise
}

lb::NumericQuestion make(lb::UnitDimension d, double expected, const char* unit) {
  lb::NumericQuestion q;
  q.dimension = d;
  q.expected = expected;
  q.default_unit = unit;
  q.relative_tolerance = 0.01;
  q.absolute_tolerance = 0;
  q.close_relative_tolerance = 0.05;
  return q;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);

  const lb::Quantity q = lb::parse_quantity(text);
  if (size > lb::kMaxAnswerBytes) require(!q.ok && q.error == lb::ParseError::too_long);
  if (q.ok) {
    require(std::isfinite(q.value) && std::isfinite(q.alt_value));
    require(std::isfinite(q.value * q.unit_factor));
    require(q.has_unit || q.unit.empty());
    require(q.ambiguous || q.value == q.alt_value);
  } else {
    require(!q.message.empty());
    require(q.error != lb::ParseError::none);
  }

  const lb::AnswerReading reading = lb::read_answer(text);
  const lb::Quantity& rq = reading.quantity;
  if (q.ok) require(rq.ok && !reading.is_expression && rq.value == q.value);  // plain numbers read as before
  if (size > lb::kMaxAnswerBytes) require(!rq.ok && rq.error == lb::ParseError::too_long);
  if (rq.ok) {
    require(std::isfinite(rq.value) && std::isfinite(rq.alt_value) && std::isfinite(rq.unit_factor));
    require(std::isfinite(rq.value * rq.unit_factor) && std::isfinite(rq.alt_value * rq.unit_factor));
    require(rq.unit_factor > 0 && (rq.has_unit || rq.unit.empty()));
    require(rq.ambiguous || rq.value == rq.alt_value);
    require(!reading.is_expression || (!reading.expression.empty() && !reading.alt_expression.empty()));
    require(lb::check_text(reading.expression) == lb::TextCheck::ok);
  } else {
    require(!rq.message.empty() && rq.error != lb::ParseError::none);
  }

  static const lb::NumericQuestion questions[] = {
      lb::memory_total_question(53),
      lb::tokens_per_pass_question(2.952),
      make(lb::UnitDimension::tokens_per_s, 20, "tok/s"),
      make(lb::UnitDimension::seconds, 50, "ms"),
      make(lb::UnitDimension::none, 0.8, ""),
  };
  for (const lb::NumericQuestion& question : questions) {
    const lb::NumericCheck r = lb::check_numeric_answer(text, question);
    require(r.ok);
    require(!r.message.empty());
    require(static_cast<int>(r.verdict) >= 0 && static_cast<int>(r.verdict) <= 4);
    // Unparseable exactly when the text does not parse, or when a parsed bare
    // number overflows once scaled to base units (found by this fuzzer: "4003,03E300").
    if (!q.ok && !reading.is_expression) require(r.verdict == lb::AnswerVerdict::unparseable);
    if (q.ok && r.verdict == lb::AnswerVerdict::unparseable) require(r.parse_error == lb::ParseError::out_of_range);
    if (r.has_value) require(std::isfinite(r.answer_in_default_unit));
    if (!rq.ok) require(r.verdict == lb::AnswerVerdict::unparseable && r.parse_error == rq.error);
    // The same question refusing arithmetic: expressions are refused, plain numbers graded alike.
    lb::NumericQuestion plain = question;
    plain.accept_expression = false;
    const lb::NumericCheck n = lb::check_numeric_answer(text, plain);
    require(n.ok && !n.message.empty());
    if (rq.ok && reading.is_expression)
      require(n.verdict == lb::AnswerVerdict::unparseable && n.parse_error == lb::ParseError::expression_not_allowed);
    if (!reading.is_expression) require(n.verdict == r.verdict);
    if (n.has_value) require(std::isfinite(n.answer_in_default_unit));
  }

  // Choices: each of the first 8 bytes is one selected index in [-4, 11].
  std::vector<int> selected;
  for (std::size_t i = 0; i < size && i < 8; ++i) selected.push_back(static_cast<int>(data[i] % 16) - 4);
  lb::ChoiceQuestion choice;
  choice.option_count = 4 + (size % 5);
  choice.correct = {2};
  choice.multiple = (size % 2) == 0;
  const lb::ChoiceCheck c = lb::check_choice_answer(selected, choice);
  require(c.ok);
  require(!c.message.empty());

  // Variants: the first 4 bytes as a seed; the generator's promises hold for any seed.
  std::uint32_t seed = 0;
  for (std::size_t i = 0; i < size && i < 4; ++i) seed = (seed << 8) | data[i];
  const lb::QuizVariant v = lb::make_variant(seed);
  require(v.cache_gb >= 2 && v.weight_gb <= 0.7 * v.gpu_memory_gb);
  require(std::fabs(v.total_gb - v.gpu_memory_gb) >= 0.05 * v.gpu_memory_gb - 1e-9);
  require(v.draft_tokens >= 2 && v.draft_tokens <= 6 && v.acceptance_rate >= 0.5 && v.acceptance_rate <= 0.95);
  require(std::isfinite(v.tokens_per_pass) && v.tokens_per_pass > 1 && v.tokens_per_pass < v.draft_tokens + 1);
  // The KV-cache practice for the same seed: whole, finite numbers and the closed form.
  const lb::KvPractice k = lb::make_kv_practice(seed);
  require(k.kv_bytes_per_token == 2 * k.layers * k.kv_heads * k.head_dim * k.cache_bytes_per_value);
  require(k.cache_bytes == k.kv_bytes_per_token * k.context_tokens * k.batch && k.cache_bytes < 9007199254740992.0);
  require(k.total_without_cache == k.projections_per_token * (k.generated_tokens * k.prompt_tokens +
                                                              k.generated_tokens * (k.generated_tokens + 1) / 2));
  require(std::isfinite(k.recompute_ratio) && k.recompute_ratio > 1);
  return 0;
}
