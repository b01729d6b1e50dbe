// Speculative decoding: tokens per target pass, speed-up, best draft length.
#include <catch2/catch.hpp>

#include <cmath>

#include "budget/speculative.h"
#include "number_format.h"

using namespace llmbudget;

TEST_CASE("tokens per pass matches the lesson", "[speculative][seed]") {
  // seed-values.json "speculative_tokens_per_pass" (exact, displayed to 2 decimals).
  struct Case {
    double a, k, exact;
    const char* shown;
  };
  const Case cases[] = {
      {0.5, 4, 1.9375, "1.94"},
      {0.7, 4, 2.7731, "2.77"},
      {0.9, 4, 4.0951, "4.10"},
      {0.8, 3, 2.9520000000000004, "2.95"},  // also knowledge_check q2-speculative
  };
  for (const Case& c : cases) {
    INFO("a = " << c.a << ", k = " << c.k);
    const SpeculativeResult r = speculative(c.a, c.k, 0);
    REQUIRE(r.ok);
    CHECK(r.tokens_per_pass == Approx(c.exact).epsilon(1e-14));
    CHECK(format_fixed(r.tokens_per_pass, 2) == c.shown);
    CHECK(r.speedup == r.tokens_per_pass);  // a free draft (c = 0): speed-up = tokens per pass
  }
}

TEST_CASE("a = 1 gives k + 1 exactly, a = 0 gives 1", "[speculative]") {
  for (int k = 1; k <= 32; ++k) {
    CHECK(speculative(1, k, 0).tokens_per_pass == k + 1);
    CHECK(speculative(0, k, 0).tokens_per_pass == 1);
  }
}

TEST_CASE("near a = 1 the result stays close to k + 1 and below it", "[speculative]") {
  // (1 - a^5)/(1 - a) at a = 1 - 1e-12 is 5 - 10e-12 to first order
  // (derivative of 1 + a + a^2 + a^3 + a^4 at 1 is 1 + 2 + 3 + 4 = 10).
  const double a = 1 - 1e-12;
  const SpeculativeResult r = speculative(a, 4, 0);
  CHECK(r.tokens_per_pass < 5);
  CHECK(r.tokens_per_pass == Approx(5 - 10e-12).epsilon(1e-15));
  // The next double below 1 still gives a finite value just under 5.
  const SpeculativeResult edge = speculative(std::nextafter(1.0, 0.0), 4, 0);
  CHECK(std::isfinite(edge.tokens_per_pass));
  CHECK(edge.tokens_per_pass == Approx(5));
}

TEST_CASE("speed-up divides by the draft cost k*c + 1", "[speculative]") {
  // a = 0.8, k = 3, c = 0.1: 2.952 / (3 * 0.1 + 1) = 2.952 / 1.3 = 2.270769...
  SpeculativeResult r = speculative(0.8, 3, 0.1);
  CHECK(r.speedup == Approx(2.2707692307692));
  // a = 0 with a costly draft is a slow-down: 1 / (4 * 0.5 + 1) = 1/3.
  r = speculative(0, 4, 0.5);
  CHECK(r.speedup == Approx(1.0 / 3));
}

TEST_CASE("best draft length maximises the speed-up", "[speculative]") {
  // a = 0.8, c = 0.1 (hand computed, tokens (1 - 0.8^(k+1))/0.2 over 1 + 0.1k):
  //   k=1 1.8/1.1 = 1.6364   k=2 2.44/1.2 = 2.0333   k=3 2.952/1.3 = 2.2708
  //   k=4 3.3616/1.4 = 2.4011 k=5 3.68928/1.5 = 2.4595 k=6 3.951424/1.6 = 2.46964
  //   k=7 4.1611392/1.7 = 2.44773 ... falling after -> best k = 6.
  BestDraftResult b = best_draft_tokens(0.8, 0.1);
  REQUIRE(b.ok);
  CHECK(b.draft_tokens == 6);
  CHECK(b.tokens_per_pass == Approx(3.951424));
  CHECK(b.speedup == Approx(2.46964));

  // A free draft with a = 1: every extra token is accepted -> k = 32, 33 tokens.
  b = best_draft_tokens(1, 0);
  CHECK(b.draft_tokens == 32);
  CHECK(b.tokens_per_pass == 33);
  CHECK(b.speedup == 33);

  // a = 0: one token per pass whatever k; any cost makes k = 1 best: 1 / (1 + 0.2).
  b = best_draft_tokens(0, 0.2);
  CHECK(b.draft_tokens == 1);
  CHECK(b.speedup == Approx(1 / 1.2));

  // a = 0, c = 0: every k ties at speed-up 1 -> the smallest k.
  b = best_draft_tokens(0, 0);
  CHECK(b.draft_tokens == 1);
  CHECK(b.speedup == 1);
}

TEST_CASE("speculative inputs are validated", "[speculative][validate]") {
  struct Bad {
    double a, k, c;
    const char* field;
    const char* message;
  };
  const Bad cases[] = {
      {1.5, 4, 0, "acceptance_rate", "acceptance_rate must be a number from 0 to 1 (got 1.5)"},
      {-0.1, 4, 0, "acceptance_rate", "acceptance_rate must be a number from 0 to 1 (got -0.1)"},
      {NAN, 4, 0, "acceptance_rate", "acceptance_rate must be a number from 0 to 1 (got NaN)"},
      {0.5, 0, 0, "draft_tokens", "draft_tokens must be a whole number from 1 to 32 (got 0)"},
      {0.5, 33, 0, "draft_tokens", "draft_tokens must be a whole number from 1 to 32 (got 33)"},
      {0.5, 2.5, 0, "draft_tokens", "draft_tokens must be a whole number from 1 to 32 (got 2.5)"},
      {0.5, INFINITY, 0, "draft_tokens", "draft_tokens must be a whole number from 1 to 32 (got Infinity)"},
      {0.5, 4, -1, "draft_cost_ratio", "draft_cost_ratio must be a number from 0 to 1 (got -1)"},
      {0.5, 4, 2, "draft_cost_ratio", "draft_cost_ratio must be a number from 0 to 1 (got 2)"},
  };
  for (const Bad& b : cases) {
    const SpeculativeResult r = speculative(b.a, b.k, b.c);
    CHECK_FALSE(r.ok);
    CHECK(r.error.field == b.field);
    CHECK(r.error.message == b.message);
    CHECK(r.tokens_per_pass == 0);
  }
  const BestDraftResult best = best_draft_tokens(0.5, NAN);
  CHECK_FALSE(best.ok);
  CHECK(best.error.field == "draft_cost_ratio");
}
