// Sweeps: whole chart series in one call, equal to point-by-point calls.
#include <catch2/catch.hpp>

#include <cmath>

#include "budget/attention_memory.h"
#include "budget/serving_budget.h"
#include "budget/speculative.h"
#include "budget/sweeps.h"
#include "budget/workload_fixtures.h"

using namespace llmbudget;

using test::lesson_gqa8;  // the lesson's 7B workload, GQA-8, 16-bit weights and cache

TEST_CASE("batch sweep: one point per batch, speeds only where it fits", "[sweeps]") {
  const BudgetInput in = lesson_gqa8();
  const BatchSweep s = sweep_batch(in, 64);
  REQUIRE(s.ok);
  REQUIRE(s.batch.size() == 64);
  for (const auto* v : {&s.total_bytes, &s.fits, &s.per_request_tokens_per_s, &s.total_tokens_per_s, &s.memory_time_s,
                        &s.compute_time_s}) {
    CHECK(v->size() == 64);
  }
  CHECK(s.batch.front() == 1);
  CHECK(s.batch.back() == 64);
  // Seed rows (seed-values.json budget_rows 6, 2 and 5): B = 1, 16, 64.
  CHECK(s.total_bytes[0] == 15073741824.0);
  CHECK(s.total_tokens_per_s[0] == Approx(66.34052856125128));
  CHECK(s.total_bytes[15] == 31179869184.0);
  CHECK(s.total_tokens_per_s[15] == Approx(513.1516077113763));
  CHECK(s.per_request_tokens_per_s[15] == Approx(32.07197548196102));
  CHECK(s.total_bytes[63] == 82719476736.0);
  CHECK(s.fits[63] == 0);
  CHECK(s.total_tokens_per_s[63] == 0);
  // Fits up to B = 61 (see test_capacity.cpp), not from 62 on.
  CHECK(s.fits[60] == 1);
  CHECK(s.fits[61] == 0);
  // Every point equals a single plan() call.
  for (std::size_t i = 0; i < s.batch.size(); ++i) {
    BudgetInput at = in;
    at.batch = s.batch[i];
    const BudgetResult r = plan(at);
    CHECK(s.total_bytes[i] == r.total_bytes);
    CHECK(s.fits[i] == (r.fits ? 1 : 0));
    CHECK(s.total_tokens_per_s[i] == r.total_tokens_per_s);
    CHECK(s.memory_time_s[i] == r.memory_time_s);
    CHECK(s.compute_time_s[i] == r.compute_time_s);
  }
  // Compute term: 2 * 7e9 * B / 4e13 = 3.5e-4 * B s.
  CHECK(s.compute_time_s[9] == Approx(3.5e-3));
}

TEST_CASE("batch sweep validates its inputs", "[sweeps][validate]") {
  BatchSweep s = sweep_batch(lesson_gqa8(), 0);
  CHECK_FALSE(s.ok);
  CHECK(s.error.field == "max_batch");
  CHECK(s.error.message == "max_batch must be a whole number from 1 to 4096 (got 0)");
  CHECK(s.batch.empty());
  s = sweep_batch(lesson_gqa8(), 4097);
  CHECK(s.error.field == "max_batch");
  BudgetInput bad = lesson_gqa8();
  bad.head_dim = NAN;
  s = sweep_batch(bad, 16);
  CHECK(s.error.field == "head_dim");
}

TEST_CASE("context sweep: evenly spaced whole token counts", "[sweeps]") {
  // 2048 to 32768 in 5 points: step (32768 - 2048) / 4 = 7680 ->
  // 2048, 9728, 17408, 25088, 32768.
  const ContextSweep s = sweep_context(lesson_gqa8(), 2048, 32768, 5);
  REQUIRE(s.ok);
  REQUIRE(s.context_tokens.size() == 5);
  const double expected[] = {2048, 9728, 17408, 25088, 32768};
  for (int i = 0; i < 5; ++i) CHECK(s.context_tokens[i] == expected[i]);
  // KV cache at B = 16: 131072 * 16 = 2097152 B per token of context.
  CHECK(s.kv_cache_bytes[0] == 2097152.0 * 2048);
  CHECK(s.total_bytes[4] == 14e9 + 2097152.0 * 32768);
  // Score matrices with the query heads (32) and the cache precision (2 B):
  // seed-values.json attention_score_matrix, n = 2048 and 32768.
  CHECK(s.stored_score_bytes[0] == 268435456);
  CHECK(s.stored_score_bytes[4] == 68719476736);
  CHECK(s.tiled_kernel_bytes[4] == 32 * 32768 * 8);
}

TEST_CASE("context sweep rounds to whole tokens and respects the window", "[sweeps][window]") {
  // 1 to 10 in 4 points: 1, 4, 7, 10 exactly; 1 to 2 in 3 points: 1, 1.5 -> 2, 2.
  ContextSweep s = sweep_context(lesson_gqa8(), 1, 10, 4);
  CHECK(s.context_tokens == std::vector<double>{1, 4, 7, 10});
  s = sweep_context(lesson_gqa8(), 1, 2, 3);
  CHECK(s.context_tokens == std::vector<double>{1, 2, 2});
  // Window W = 4096: the cache stops growing at 4096 tokens.
  BudgetInput in = lesson_gqa8();
  in.sliding_window_tokens = 4096;
  s = sweep_context(in, 2048, 32768, 5);
  CHECK(s.kv_cache_bytes[0] == 2097152.0 * 2048);
  CHECK(s.kv_cache_bytes[1] == 2097152.0 * 4096);
  CHECK(s.kv_cache_bytes[4] == 2097152.0 * 4096);
}

TEST_CASE("context sweep validates its inputs", "[sweeps][validate]") {
  struct Bad {
    double lo, hi, points;
    const char* field;
    const char* message;
  };
  const Bad cases[] = {
      {0, 100, 10, "min_context", "min_context must be a whole number from 1 to 1e8 (got 0)"},
      {100, 50, 10, "max_context", "max_context must be a whole number from min_context to 1e8 (got 50)"},
      {1, 2e8, 10, "max_context", "max_context must be a whole number from min_context to 1e8 (got 2e8)"},
      {1, 100, 1, "points", "points must be a whole number from 2 to 4096 (got 1)"},
      {1, 100, 2.5, "points", "points must be a whole number from 2 to 4096 (got 2.5)"},
  };
  for (const Bad& b : cases) {
    const ContextSweep s = sweep_context(lesson_gqa8(), b.lo, b.hi, b.points);
    CHECK_FALSE(s.ok);
    CHECK(s.error.field == b.field);
    CHECK(s.error.message == b.message);
  }
}

TEST_CASE("acceptance sweep: 0 to 1 inclusive, matching speculative()", "[sweeps][speculative]") {
  // 11 points: a = 0, 0.1, ..., 1. k = 4: tokens 1 at a = 0, 5 at a = 1,
  // 1.9375 at a = 0.5 (seed-values.json speculative_tokens_per_pass).
  const AcceptanceSweep s = sweep_acceptance(4, 0.05, 11);
  REQUIRE(s.ok);
  REQUIRE(s.acceptance_rate.size() == 11);
  CHECK(s.acceptance_rate.front() == 0);
  CHECK(s.acceptance_rate.back() == 1);
  CHECK(s.tokens_per_pass.front() == 1);
  CHECK(s.tokens_per_pass.back() == 5);
  CHECK(s.tokens_per_pass[5] == Approx(1.9375));
  // Speed-up with c = 0.05: divide by 4 * 0.05 + 1 = 1.2 -> 5 / 1.2 at a = 1.
  CHECK(s.speedup.back() == Approx(5 / 1.2));
  for (std::size_t i = 0; i < s.acceptance_rate.size(); ++i) {
    CHECK(s.speedup[i] == speculative(s.acceptance_rate[i], 4, 0.05).speedup);
  }
}

TEST_CASE("acceptance sweep validates its inputs", "[sweeps][validate]") {
  AcceptanceSweep s = sweep_acceptance(0, 0.1, 10);
  CHECK(s.error.field == "draft_tokens");
  s = sweep_acceptance(4, 1.5, 10);
  CHECK(s.error.field == "draft_cost_ratio");
  s = sweep_acceptance(4, 0.1, 5000);
  CHECK(s.error.field == "points");
  CHECK(s.error.message == "points must be a whole number from 2 to 4096 (got 5000)");
  CHECK(s.acceptance_rate.empty());
}

TEST_CASE("the largest sweeps stay finite", "[sweeps][finite]") {
  BudgetInput in = lesson_gqa8();
  in.context_tokens = 1e8;
  const BatchSweep b = sweep_batch(in, 4096);
  REQUIRE(b.ok);
  CHECK(b.batch.size() == 4096);
  for (double v : b.total_bytes) CHECK(std::isfinite(v));
  const ContextSweep c = sweep_context(in, 1, 1e8, 4096);
  REQUIRE(c.ok);
  CHECK(c.context_tokens.back() == 1e8);
  for (double v : c.stored_score_bytes) CHECK(std::isfinite(v));
}
