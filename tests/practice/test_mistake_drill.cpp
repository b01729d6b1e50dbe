// The "find the mistake" drills (src/practice/mistake_drill.h): one seed of
// each mistake worked by hand, the rules every drill keeps over many seeds,
// and each drill type graded right and wrong by the core's choice and
// numeric checks, with the tolerances of the built-in drills in
// content/questions.json.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "budget/serving_budget.h"
#include "grading/answer_check.h"
#include "practice/mistake_drill.h"
#include "practice/practice_declarations.h"

using namespace llmbudget;

namespace {

constexpr DrillMistake kAllMistakes[] = {DrillMistake::moe_active_params, DrillMistake::head_dim_from_hidden,
                                         DrillMistake::attention_heads_for_kv, DrillMistake::gib_as_gb,
                                         DrillMistake::vram_summed};

// The number the student types for the wrong step, and the question grading it,
// as the built-in drills ask it: bytes in GB within 0.5 %, the head dimension exact.
struct Corrected {
  double right;
  double shown;
  NumericQuestion question;
};

NumericQuestion gb_question(double expected_gb) {
  NumericQuestion q;
  q.dimension = UnitDimension::bytes;
  q.expected = expected_gb;
  q.default_unit = "GB";
  q.relative_tolerance = 0.005;
  q.close_relative_tolerance = 0.05;
  return q;
}

Corrected corrected(const MistakeDrill& d) {
  switch (d.mistake) {
    case DrillMistake::moe_active_params:
      return {d.weight_bytes / 1e9, d.shown_weight_bytes / 1e9, gb_question(d.weight_bytes / 1e9)};
    case DrillMistake::head_dim_from_hidden: {
      NumericQuestion q;
      q.dimension = UnitDimension::none;
      q.expected = d.head_dim;
      q.absolute_tolerance = 0.5;
      return {d.head_dim, d.shown_head_dim, q};
    }
    case DrillMistake::attention_heads_for_kv: {
      NumericQuestion q = gb_question(d.kv_bytes_per_token);
      q.default_unit = "B";
      return {d.kv_bytes_per_token, d.shown_kv_bytes_per_token, q};
    }
    case DrillMistake::gib_as_gb: return {d.total_gb, d.shown_total_gb, gb_question(d.total_gb)};
    case DrillMistake::vram_summed: return {d.gpu_memory_gb, d.shown_available_gb, gb_question(d.gpu_memory_gb)};
  }
  return {0, 0, {}};
}

std::string text_of(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

}  // namespace

TEST_CASE("mistake drill: the declaration lists each mistake once, with its step and source", "[mistake_drill]") {
  const auto rows = mistake_declarations();
  REQUIRE(rows.size == 5);
  const int steps[] = {1, 2, 3, 5, 6};
  for (std::size_t i = 0; i < rows.size; ++i) {
    CHECK(static_cast<std::size_t>(rows.rows[i].mistake) == i);
    CHECK(rows.rows[i].step == steps[i]);
    CHECK(std::string(rows.rows[i].source).rfind("https://github.com/", 0) == 0);
  }
  CHECK(std::string(rows.rows[0].name) == "moe_active_params");
  CHECK(std::string(rows.rows[4].name) == "vram_summed");
  CHECK(std::string(mistake_drill_declaration().block) == "drills");
  CHECK(mistake_drill_declaration().fields.size == 29);
}

TEST_CASE("mistake drill: every drill keeps its rules for 500 seeds", "[mistake_drill]") {
  for (DrillMistake m : kAllMistakes) {
    for (std::uint32_t seed = 0; seed < 500; ++seed) {
      const MistakeDrill d = make_mistake_drill(seed, m);
      INFO("mistake " << static_cast<int>(m) << " seed " << seed);
      REQUIRE(d.wrong_step == mistake_declarations().rows[static_cast<int>(m)].step);
      // The right numbers are plan()'s for the stated setting on one GPU.
      BudgetInput in;
      in.total_params = d.total_params_billion * 1e9;
      in.active_params = d.active_params_billion * 1e9;
      in.layers = d.layers;
      in.query_heads = d.query_heads;
      in.kv_heads = d.kv_heads;
      in.head_dim = d.head_dim;
      in.weight_bytes_per_param = d.weight_bytes_per_param;
      in.cache_bytes_per_value = d.cache_bytes_per_value;
      in.context_tokens = d.context_tokens;
      in.batch = d.batch;
      in.gpus = 1;
      in.gpu_memory_bytes = d.gpu_memory_gb * 1e9;
      const BudgetResult r = plan(in);
      REQUIRE(r.ok);
      CHECK(d.weight_bytes == r.weight_bytes);
      CHECK(d.kv_bytes_per_token == r.kv_cache_bytes_per_token);
      CHECK(d.kv_cache_bytes == r.kv_cache_bytes);
      CHECK(d.total_bytes == r.total_bytes);
      CHECK(d.fits == r.fits);
      // The model shape the prompt states is one a serving engine accepts.
      CHECK(d.kv_heads < d.query_heads);
      CHECK(std::fmod(d.query_heads, d.kv_heads) == 0);
      CHECK(std::fmod(d.hidden_size, d.query_heads) == 0);
      CHECK(d.active_params_billion <= d.total_params_billion);
      CHECK(d.gpus >= 2);
      // Exactly the planted step differs from the right number; each step before it is right.
      const bool step1 = d.shown_weight_bytes != d.weight_bytes;
      const bool step2 = d.shown_head_dim != d.head_dim;
      const bool step3 = d.shown_kv_bytes_per_token != d.kv_bytes_per_token;
      const bool step5 =
          std::fabs(d.shown_total_gb - (d.shown_weight_bytes + d.shown_kv_cache_bytes) / 1e9) > 1e-9 * d.shown_total_gb;
      const bool step6 = d.shown_available_gb != d.gpu_memory_gb;
      CHECK(step1 == (m == DrillMistake::moe_active_params));
      CHECK(step2 == (m == DrillMistake::head_dim_from_hidden));
      CHECK(step3 == (m == DrillMistake::head_dim_from_hidden || m == DrillMistake::attention_heads_for_kv));
      CHECK(step5 == (m == DrillMistake::gib_as_gb));
      CHECK(step6 == (m == DrillMistake::vram_summed));
      // Step 4 is worked from step 3's number: per token * n * B.
      CHECK(d.shown_kv_cache_bytes == d.shown_kv_bytes_per_token * d.context_tokens * d.batch);
      // The wrong number is far enough from the right one that the checker tells them apart.
      const Corrected c = corrected(d);
      CHECK(std::fabs(c.shown - c.right) > 0.05 * c.right);
    }
  }
}

TEST_CASE("mistake drill: seed 1 of each mistake worked by hand", "[mistake_drill]") {
  SECTION("MoE weights from the active parameters") {
    const MistakeDrill d = make_mistake_drill(1, DrillMistake::moe_active_params);
    // Seed 1 draws a 235B model with 22B active, 36 layers, 4 KV heads of 256, 8-bit weights and
    // cache, one request of 4,096 tokens, 8 GPUs of 80 GB.
    CHECK(d.total_params_billion == 235);
    CHECK(d.active_params_billion == 22);
    CHECK(d.wrong_step == 1);
    // Shown: 22e9 * 1 B = 22,000,000,000 B. Right: 235e9 * 1 B = 235,000,000,000 B.
    CHECK(d.shown_weight_bytes == 22e9);
    CHECK(d.weight_bytes == 235e9);
    // KV per token 2 * 36 * 4 * 256 * 1 = 73,728 B; * 4,096 * 1 = 301,989,888 B (right in both).
    CHECK(d.kv_bytes_per_token == 73728);
    CHECK(d.shown_kv_cache_bytes == 301989888);
    // Total 22.30 GB "fits" in 80 GB; the right 235.30 GB does not.
    CHECK(d.shown_total_gb == Approx(22.301989888));
    CHECK(d.shown_fits);
    CHECK(d.total_gb == Approx(235.301989888));
    CHECK_FALSE(d.fits);
  }
  SECTION("head dimension from hidden / heads") {
    const MistakeDrill d = make_mistake_drill(1, DrillMistake::head_dim_from_hidden);
    // 64 layers, hidden 8,192, 64 heads, 8 KV heads, head_dim 64, 16-bit cache, 4,096 tokens.
    CHECK(d.hidden_size == 8192);
    CHECK(d.query_heads == 64);
    CHECK(d.head_dim == 64);
    // Shown d_h = 8,192 / 64 = 128; per token 2 * 64 * 8 * 128 * 2 = 262,144 B.
    CHECK(d.shown_head_dim == 128);
    CHECK(d.shown_kv_bytes_per_token == 262144);
    // Right: 2 * 64 * 8 * 64 * 2 = 131,072 B.
    CHECK(d.kv_bytes_per_token == 131072);
  }
  SECTION("attention heads for KV heads") {
    const MistakeDrill d = make_mistake_drill(1, DrillMistake::attention_heads_for_kv);
    // 28 layers, 48 heads, 4 KV heads of 64, 16-bit cache.
    // Shown 2 * 28 * 48 * 64 * 2 = 344,064 B; right 2 * 28 * 4 * 64 * 2 = 28,672 B.
    CHECK(d.shown_kv_heads == 48);
    CHECK(d.shown_kv_bytes_per_token == 344064);
    CHECK(d.kv_bytes_per_token == 28672);
  }
  SECTION("GiB labelled GB") {
    const MistakeDrill d = make_mistake_drill(1, DrillMistake::gib_as_gb);
    // 106e9 B of weights + 335,544,320 B of cache = 106,335,544,320 B:
    // / 1e9 = 106.34 GB; / 2^30 (1,073,741,824) = 99.03 (GiB, shown as GB).
    CHECK(d.total_bytes == 106335544320.0);
    CHECK(d.total_gb == Approx(106.33554432));
    CHECK(d.shown_total_gb == Approx(99.032692909).epsilon(1e-9));
    CHECK(d.wrong_step == 5);
  }
  SECTION("VRAM summed across GPUs") {
    const MistakeDrill d = make_mistake_drill(1, DrillMistake::vram_summed);
    // 47 GB of weights + 3.22 GB of cache = 50.22 GB on 4 GPUs of 24 GB: shown 4 * 24 = 96 GB, "fits";
    // one GPU holds 24 GB, so it does not.
    CHECK(d.gpus == 4);
    CHECK(d.gpu_memory_gb == 24);
    CHECK(d.shown_available_gb == 96);
    CHECK(d.shown_fits);
    CHECK(d.total_gb == Approx(50.221225472));
    CHECK_FALSE(d.fits);
  }
}

TEST_CASE("mistake drill: each drill type graded right and wrong by the core", "[mistake_drill]") {
  for (DrillMistake m : kAllMistakes) {
    for (std::uint32_t seed : {1u, 2u, 77u, 4000000000u}) {
      const MistakeDrill d = make_mistake_drill(seed, m);
      INFO("mistake " << static_cast<int>(m) << " seed " << seed);
      // Naming the step: choices "Step 1" .. "Step 6", one right.
      ChoiceQuestion which;
      which.option_count = 6;
      which.correct = {static_cast<int>(d.wrong_step) - 1};
      CHECK(check_choice_answer({static_cast<int>(d.wrong_step) - 1}, which).verdict == ChoiceVerdict::correct);
      const int other = d.wrong_step == 4 ? 0 : 3;  // step 4 never holds the mistake
      CHECK(check_choice_answer({other}, which).verdict == ChoiceVerdict::wrong);
      // The corrected number: right, the mistaken one, and the right one in another unit.
      const Corrected c = corrected(d);
      CHECK(check_numeric_answer(text_of(c.right), c.question).verdict == AnswerVerdict::correct);
      // The GiB figure is right in GiB: the checker says so (wrong_unit) rather than just "wrong".
      const AnswerVerdict shown_verdict =
          m == DrillMistake::gib_as_gb ? AnswerVerdict::wrong_unit : AnswerVerdict::wrong;
      CHECK(check_numeric_answer(text_of(c.shown), c.question).verdict == shown_verdict);
      if (c.question.dimension == UnitDimension::bytes && c.question.default_unit == "GB") {
        CHECK(check_numeric_answer(text_of(c.right * 1e9) + " B", c.question).verdict == AnswerVerdict::correct);
        CHECK(check_numeric_answer(text_of(c.right) + " Gb", c.question).verdict == AnswerVerdict::wrong_unit);
      }
    }
  }
}

TEST_CASE("mistake drill: the table the bindings expose", "[mistake_drill]") {
  const auto values = mistake_drill_table(1, static_cast<int>(DrillMistake::vram_summed));
  REQUIRE(values.size() == mistake_drill_declaration().fields.size);
  const MistakeDrill d = make_mistake_drill(1, DrillMistake::vram_summed);
  for (const NamedValue& v : values) {
    if (v.name == "wrong_step") CHECK(v.value == 6);
    if (v.name == "shown_available_gb") CHECK(v.value == d.shown_available_gb);
    if (v.name == "fits") CHECK(v.value == (d.fits ? 1.0 : 0.0));
    if (v.name == "total_bytes") CHECK(v.unit == "B");
  }
  CHECK(mistake_drill_table(1, -1).empty());
  CHECK(mistake_drill_table(1, kMaxDrillMistake + 1).empty());
}
