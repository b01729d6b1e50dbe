// The highest load meeting the targets (load_search.h).
#include <catch2/catch.hpp>

#include "traffic/load_search.h"
#include "traffic/serving_simulation.h"

using namespace llmbudget;

namespace {

BudgetInput lesson_gqa8_with_targets() {
  BudgetInput in;
  in.kv_heads = 8;
  in.ttft_target_s = 1.0;
  in.per_request_target_tokens_per_s = 30;  // TPOT at most 33.3 ms
  return in;
}

TrafficInput base(double rate, double concurrency) {
  TrafficInput t;
  t.request_rate = rate;
  t.concurrency = concurrency;
  t.requests = 400;
  t.input_tokens = 512;
  t.output_tokens = 128;
  t.target_percentile = 90;
  return t;
}

bool meets(const BudgetInput& in, const TrafficResult& r) {
  return !r.unstable && r.ttft_at_target_percentile_s <= in.ttft_target_s &&
         r.tpot_at_target_percentile_s * in.per_request_target_tokens_per_s <= 1;
}

}  // namespace

TEST_CASE("the highest concurrency meeting the targets: it meets them, one more client does not", "[load_search]") {
  const BudgetInput in = lesson_gqa8_with_targets();
  TrafficInput t = base(0, 1);
  const LoadSearchResult s = highest_load(in, t);
  REQUIRE(s.ok);
  REQUIRE(s.found);
  CHECK(s.highest_load >= 1);
  t.concurrency = s.highest_load;
  const TrafficResult at = simulate_traffic(in, t);
  CHECK(meets(in, at));
  CHECK(s.tpot_at_percentile_s == at.tpot_at_target_percentile_s);
  t.concurrency = s.highest_load + 1;
  CHECK_FALSE(meets(in, simulate_traffic(in, t)));
}

TEST_CASE("the highest request rate meeting the targets, to 0.5%", "[load_search]") {
  const BudgetInput in = lesson_gqa8_with_targets();
  TrafficInput t = base(1, 0);
  const LoadSearchResult s = highest_load(in, t);
  REQUIRE(s.ok);
  REQUIRE(s.found);
  t.request_rate = s.highest_load;
  CHECK(meets(in, simulate_traffic(in, t)));
  t.request_rate = s.highest_load * 1.5;
  CHECK_FALSE(meets(in, simulate_traffic(in, t)));
}

TEST_CASE("the highest load: no target, an unreachable target", "[load_search]") {
  BudgetInput in = lesson_gqa8_with_targets();
  in.ttft_target_s = 0;
  in.per_request_target_tokens_per_s = 0;
  const LoadSearchResult none = highest_load(in, base(1, 0));
  CHECK(none.error.field == "ttft_target_s");
  // The message begins with the field's name, as validation messages do (budget/field_checks.h).
  CHECK(none.error.message ==
        "ttft_target_s or per_request_target_tokens_per_s must be set (above 0) to search for the highest load "
        "(both are 0: no target)");
  in.ttft_target_s = 0.01;  // a 512-token prompt alone takes 0.18 s
  const LoadSearchResult s = highest_load(in, base(0, 1));
  REQUIRE(s.ok);
  CHECK_FALSE(s.found);
  CHECK(s.highest_load == 0);
  // Open loop from a first guess of 0.001 requests/s: halving stops at the declared minimum rate
  // (1e-6) instead of asking for 9.765625e-7 (0.001 / 1024), and the answer is "not found".
  const LoadSearchResult slow = highest_load(in, base(0.001, 0));
  REQUIRE(slow.ok);
  CHECK_FALSE(slow.found);
  // The per-request target as the TPOT bound: 20 tok/s is 50 ms per token; none without it.
  CHECK(slow.tpot_target_s == 0);
  in.per_request_target_tokens_per_s = 20;
  CHECK(highest_load(in, base(0.001, 0)).tpot_target_s == Approx(0.05));
}

TEST_CASE("the highest load: a per-user target alone cannot hold requests of one output token", "[load_search]") {
  BudgetInput in = lesson_gqa8_with_targets();
  in.ttft_target_s = 0;  // only the per-user speed target, 30 tokens/s
  TrafficInput t = base(1, 0);
  t.output_tokens = 1;  // every request one token: no time per output token at all
  const LoadSearchResult r = highest_load(in, t);
  CHECK_FALSE(r.ok);
  CHECK(r.error.field == "per_request_target_tokens_per_s");
  CHECK(r.error.message.rfind("per_request_target_tokens_per_s cannot be held", 0) == 0);
  // With a TTFT target as well, the search runs and holds TTFT alone.
  in.ttft_target_s = 1.0;
  CHECK(highest_load(in, t).ok);
}
