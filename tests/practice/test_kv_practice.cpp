// The KV-cache practice (src/practice/kv_practice.h): the formulas worked by hand for
// one seed, the generator's ranges over many seeds, and grading through the
// same checker as the knowledge check.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "grading/answer_check.h"
#include "practice/kv_practice.h"
#include "practice/quiz_variant.h"

using namespace llmbudget;

TEST_CASE("kv practice: seed 0 worked by hand", "[kv_practice]") {
  const KvPractice k = make_kv_practice(0);
  // Seed 0 draws L = 32, H_kv = 2, d_h = 64, b_c = 2 (16-bit), n = 2048, B = 64,
  // t = 301, p = 145, m = 34.
  CHECK(k.seed == 0);
  CHECK(k.layers == 32);
  CHECK(k.kv_heads == 2);
  CHECK(k.head_dim == 64);
  CHECK(k.cache_bytes_per_value == 2);
  CHECK(k.context_tokens == 2048);
  CHECK(k.batch == 64);
  CHECK(k.token_index == 301);
  CHECK(k.prompt_tokens == 145);
  CHECK(k.generated_tokens == 34);
  // Per token: 2 * 32 * 2 * 64 * 2 = 16,384 B.
  CHECK(k.kv_bytes_per_token == 16384);
  // Cache: 16,384 B * 2,048 tokens * 64 requests = 2^14 * 2^11 * 2^6 = 2^31 = 2,147,483,648 B.
  CHECK(k.cache_bytes == 2147483648.0);
  // Projections per token: 2 * 32 * 2 = 128; with a cache token 301 needs 128,
  // without it 128 * 301 = 38,528.
  CHECK(k.projections_per_token == 128);
  CHECK(k.projections_with_cache == 128);
  CHECK(k.projections_without_cache == 38528);
  // Generation of 34 tokens after 145: with a cache 128 * (145 + 34) = 128 * 179 = 22,912;
  // without 128 * (34 * 145 + 34 * 35 / 2) = 128 * (4,930 + 595) = 128 * 5,525 = 707,200.
  CHECK(k.total_with_cache == 22912);
  CHECK(k.total_without_cache == 707200);
  // 707,200 / 22,912 = 30.8659...
  CHECK(k.recompute_ratio == Approx(30.865921787709496).epsilon(1e-12));
}

TEST_CASE("kv practice: seed 42 worked by hand (8-bit cache)", "[kv_practice]") {
  const KvPractice k = make_kv_practice(42);
  // L = 80, H_kv = 4, d_h = 64, b_c = 1, n = 8192, B = 64, t = 340, p = 391, m = 89.
  // Per token 2 * 80 * 4 * 64 * 1 = 40,960 B; cache 40,960 * 8,192 * 64 = 21,474,836,480 B (21.47 GB).
  CHECK(k.kv_bytes_per_token == 40960);
  CHECK(k.cache_bytes == 21474836480.0);
  // 2 * 80 * 4 = 640 per token; token 340 without a cache: 640 * 340 = 217,600.
  CHECK(k.projections_without_cache == 217600);
  // With: 640 * (391 + 89) = 307,200. Without: 640 * (89 * 391 + 89 * 90 / 2) = 640 * (34,799 + 4,005) = 24,834,560.
  CHECK(k.total_with_cache == 307200);
  CHECK(k.total_without_cache == 24834560);
}

TEST_CASE("kv practice: ranges and identities for 2,000 seeds", "[kv_practice]") {
  for (std::uint32_t seed = 0; seed < 2000; ++seed) {
    const KvPractice k = make_kv_practice(seed * 2654435761u);
    INFO("seed " << seed * 2654435761u);
    REQUIRE(k.layers >= 12);
    REQUIRE(k.layers <= 80);
    REQUIRE((k.head_dim == 64 || k.head_dim == 128));
    REQUIRE((k.cache_bytes_per_value == 1 || k.cache_bytes_per_value == 2));
    REQUIRE(k.context_tokens >= 512);
    REQUIRE(k.context_tokens <= 32768);
    REQUIRE(k.batch >= 1);
    REQUIRE(k.batch <= 64);
    REQUIRE(k.token_index >= 8);
    REQUIRE(k.token_index <= 512);
    REQUIRE(k.prompt_tokens >= 10);
    REQUIRE(k.prompt_tokens <= 400);
    REQUIRE(k.generated_tokens >= 5);
    REQUIRE(k.generated_tokens <= 100);
    REQUIRE(k.kv_bytes_per_token == 2 * k.layers * k.kv_heads * k.head_dim * k.cache_bytes_per_value);
    REQUIRE(k.cache_bytes == k.kv_bytes_per_token * k.context_tokens * k.batch);
    // The closed form equals the sum over t = p+1 .. p+m.
    double sum = 0;
    for (double t = k.prompt_tokens + 1; t <= k.prompt_tokens + k.generated_tokens; ++t) sum += t;
    REQUIRE(k.total_without_cache == k.projections_per_token * sum);
    REQUIRE(k.recompute_ratio > 1);
    REQUIRE(std::isfinite(k.recompute_ratio));
  }
}

TEST_CASE("kv practice: the value list names every field once, with units", "[kv_practice]") {
  const std::vector<NamedValue> values = kv_practice_table(0);
  REQUIRE(values.size() == 17);
  CHECK(values[4].name == "kv_bytes_per_token");
  CHECK(values[4].unit == "B");
  CHECK(values[4].value == 16384);
  CHECK(values[7].name == "cache_bytes");
  CHECK(values[7].unit == "B");
  CHECK(values[15].name == "total_without_cache");
  CHECK(values[15].unit.empty());
  CHECK(values[15].value == 707200);
}

TEST_CASE("kv practice: answers typed as working are graded by the same checker", "[kv_practice]") {
  // Seed 0: 16,384 B per token, 2.147483648 GB of cache, 707,200 projections without a cache.
  NumericQuestion per_token;
  per_token.dimension = UnitDimension::bytes;
  per_token.expected = 16384;
  per_token.default_unit = "B";
  per_token.absolute_tolerance = 0.5;
  CHECK(check_numeric_answer("2*32*2*64*2", per_token).verdict == AnswerVerdict::correct);
  CHECK(check_numeric_answer("2 × 32 × 2 × 64 × 2 bytes", per_token).verdict == AnswerVerdict::correct);
  CHECK(check_numeric_answer("16 KiB", per_token).verdict == AnswerVerdict::correct);   // 16 * 1024 = 16,384
  CHECK(check_numeric_answer("32*2*64*2", per_token).verdict == AnswerVerdict::wrong);  // the 2 for K and V forgotten

  NumericQuestion cache = memory_total_question(2.147483648);
  cache.absolute_tolerance = 0;
  cache.relative_tolerance = 0.005;
  const NumericCheck c = check_numeric_answer("16384 * 2048 * 64 B", cache);
  CHECK(c.verdict == AnswerVerdict::correct);
  CHECK(c.interpreted == "16384 \xC3\x97 2048 \xC3\x97 64 B = 2147483648 B = 2.147 GB");

  NumericQuestion without;
  without.dimension = UnitDimension::none;
  without.expected = 707200;
  without.absolute_tolerance = 0.5;
  CHECK(check_numeric_answer("128 * (34*145 + 34*35/2)", without).verdict == AnswerVerdict::correct);
  CHECK(check_numeric_answer("128 * 34 * 145", without).verdict == AnswerVerdict::wrong);
}
