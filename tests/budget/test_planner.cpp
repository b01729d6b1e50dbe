// plan_levers(): the rows, their order and the marked choice on Llama 3.1 70B,
// 32 users with 4096-token prompts, TTFT under 1 s and 20 tok/s each, on H100s.
#include <catch2/catch.hpp>

#include <string>

#include "budget/planner.h"
#include "budget/workload_fixtures.h"

using namespace llmbudget;

namespace {

// Llama 3.1 70B on H100s (tests/budget/workload_fixtures.h) with the issue's
// targets: TTFT under 1 s and 20 tok/s per request.
BudgetInput llama70b_case() {
  BudgetInput in = test::llama31_70b_h100();
  in.ttft_target_s = 1;
  in.per_request_target_tokens_per_s = 20;
  return in;
}

std::string key(const PlanRow& r) {
  return std::to_string(static_cast<int>(r.weight_bytes_per_param * 8)) + "/" +
         std::to_string(static_cast<int>(r.cache_bytes_per_value * 8)) + "/G" +
         std::to_string(static_cast<int>(r.gpus)) + (r.speculative ? "/spec" : "");
}

}  // namespace

TEST_CASE("planner on the 70B case: order, verdicts and the cheapest choice worked by hand", "[planner]") {
  const PlanLeversResult p = plan_levers(llama70b_case(), PlanOptions{});
  REQUIRE(p.ok);
  // 3 weight precisions x 2 cache precisions x 4 GPU counts (64 and 8 divide
  // by 1, 2, 4, 8; 8 KV heads too), no speculative rows.
  REQUIRE(p.rows.size() == 24);
  // Output-preserving (16/16) first by G, then the quantised rows by G, precision high to low.
  const char* expected[] = {"16/16/G1", "16/16/G2", "16/16/G4", "16/16/G8", "16/8/G1", "8/16/G1", "8/8/G1",  "4/16/G1",
                            "4/8/G1",   "16/8/G2",  "8/16/G2",  "8/8/G2",   "4/16/G2", "4/8/G2",  "16/8/G4", "8/16/G4",
                            "8/8/G4",   "4/16/G4",  "4/8/G4",   "16/8/G8",  "8/16/G8", "8/8/G8",  "4/16/G8", "4/8/G8"};
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    INFO(i);
    CHECK(key(p.rows[i]) == expected[i]);
    CHECK(p.rows[i].changes_output == (i >= 4));
  }
  // 16-bit on 1 and 2 GPUs: 141.2e9 + 42,949,672,960 = 184.1 GB; 70.6e9 + 21,474,836,480 = 92.1 GB: no fit.
  CHECK_FALSE(p.rows[0].fits);
  CHECK_FALSE(p.rows[1].fits);
  CHECK_FALSE(p.rows[0].meets_targets);
  CHECK_FALSE(p.rows[0].ttft_target_met);  // a target and no fit: not met
  // 16-bit on 4 GPUs: 46.04 GB, TTFT 0.3424 s, 48.41 tok/s each (see test_tensor_parallel / test_prefill).
  const PlanRow& g4 = p.rows[2];
  CHECK(g4.verdict == Verdict::fits);
  CHECK(g4.ttft_s == Approx(0.3423520819881).epsilon(1e-9));
  CHECK(g4.per_request_tokens_per_s == Approx(48.40795576).epsilon(1e-9));
  CHECK(g4.total_tokens_per_s == Approx(32 * 48.40795576).epsilon(1e-9));
  CHECK(g4.meets_targets);
  // One GPU, 4-bit weights and 8-bit cache: 35.3e9 + 21,474,836,480 = 56.8 GB fits, and decodes at
  // 1 / (56,774,836,480 / 2.68e12 = 21.18 ms) = 47.2 tok/s, but the prefill is compute-bound:
  // 600,350,801,264,640 FLOP / 494.75e12 = 1.2134 s > 1 s. Every 1-GPU row misses the TTFT target.
  const PlanRow& g1q = p.rows[8];
  REQUIRE(key(g1q) == "4/8/G1");
  CHECK(g1q.verdict == Verdict::fits);
  CHECK(g1q.ttft_s == Approx(1.2134427514).epsilon(1e-9));
  CHECK(g1q.per_request_tokens_per_s == Approx(47.2040108992).epsilon(1e-9));
  CHECK(g1q.per_request_target_met);
  CHECK_FALSE(g1q.ttft_target_met);
  CHECK_FALSE(g1q.meets_targets);
  // 4-bit weights, 16-bit cache on 1 GPU: 35.3e9 + 42.95e9 = 78.25 GB: fits but tight (above 72 GB).
  CHECK(p.rows[7].verdict == Verdict::tight);
  // Cheapest: fewest GPUs first. On 2 GPUs, 16-bit weights do not fit with either cache
  // (70.6e9 + 10,737,418,240 = 81.3 GB with 8-bit), 8-bit weights with a 16-bit cache do:
  // 35.3e9 + 21,474,836,480 = 56.8 GB; step max(21.18 ms memory, 4.57 ms compute) + comm
  // 160*(1 * 32*8192*2/450e9 + 20e-6) = 3.386 ms -> 24.57 ms, 40.7 tok/s; TTFT
  // 600,350,801,264,640 / (2*494.75e12) = 0.6067 s + 160*(4096*8192*2/450e9 + 20e-6) = 0.0271 s = 0.6338 s.
  REQUIRE(p.cheapest_row == 10);
  const PlanRow& best = p.rows[10];
  CHECK(key(best) == "8/16/G2");
  CHECK(best.cheapest);
  CHECK(best.changes_output);
  CHECK(best.per_gpu_bytes == Approx(56774836480.0).epsilon(1e-15));
  CHECK(best.ttft_s == Approx(0.633782305132).epsilon(1e-9));
  CHECK(best.per_request_tokens_per_s == Approx(40.6982948497).epsilon(1e-9));
  int marked = 0;
  for (const PlanRow& r : p.rows) marked += r.cheapest ? 1 : 0;
  CHECK(marked == 1);
}

TEST_CASE("planner without targets marks the fewest GPUs, output kept first", "[planner]") {
  BudgetInput in = llama70b_case();
  in.ttft_target_s = 0;
  in.per_request_target_tokens_per_s = 0;
  const PlanLeversResult p = plan_levers(in, PlanOptions{});
  REQUIRE(p.ok);
  // Every fitting row meets "no target"; the fewest GPUs that fit is 1 (4-bit weights),
  // and among 1-GPU rows the highest precision that fits is 4/16 (tight), row 7.
  REQUIRE(p.cheapest_row == 7);
  CHECK(key(p.rows[7]) == "4/16/G1");
  // The lesson's 7B GQA-8 fits one GPU at 16 bits: the first row, output kept, is the choice.
  BudgetInput small;
  small.kv_heads = 8;
  const PlanLeversResult q = plan_levers(small, PlanOptions{});
  REQUIRE(q.ok);
  CHECK(q.cheapest_row == 0);
  CHECK(key(q.rows[0]) == "16/16/G1");
  CHECK_FALSE(q.rows[0].changes_output);
}

TEST_CASE("planner skips GPU counts that do not split the heads", "[planner]") {
  BudgetInput in;
  in.query_heads = 12;  // 12 query heads, 3 KV heads
  in.kv_heads = 3;
  const PlanLeversResult p = plan_levers(in, PlanOptions{});
  REQUIRE(p.ok);
  // Valid among 1, 2, 4, 8: only 1 (2 and 4 divide 12 but neither divides 3 nor 3 them; 8 does not divide 12).
  CHECK(p.rows.size() == 6);
  for (const PlanRow& r : p.rows) CHECK(r.gpus == 1);
}

TEST_CASE("planner with speculative decoding: a second row per combination, speed times the speed-up", "[planner]") {
  PlanOptions options;
  options.speculative = true;
  options.acceptance_rate = 0.8;  // the lesson's: (1 - 0.8^4)/(1 - 0.8) = 2.952 tokens per pass
  options.draft_tokens = 3;
  options.draft_cost_ratio = 0.05;  // speed-up 2.952 / (3*0.05 + 1) = 2.566957
  const PlanLeversResult p = plan_levers(llama70b_case(), options);
  REQUIRE(p.ok);
  REQUIRE(p.rows.size() == 48);
  // 16/16 on 4 GPUs, then the same with speculative decoding: speed 48.408 * 2.566957, same TTFT and memory.
  CHECK(key(p.rows[4]) == "16/16/G4");
  CHECK(key(p.rows[5]) == "16/16/G4/spec");
  CHECK_FALSE(p.rows[5].changes_output);
  CHECK(p.rows[5].per_request_tokens_per_s == Approx(48.40795576 * 2.952 / 1.15).epsilon(1e-9));
  CHECK(p.rows[5].total_tokens_per_s == Approx(32 * 48.40795576 * 2.952 / 1.15).epsilon(1e-9));
  CHECK(p.rows[5].ttft_s == p.rows[4].ttft_s);
  CHECK(p.rows[5].per_gpu_bytes == p.rows[4].per_gpu_bytes);
  // The choice is unchanged (speculative decoding does not shorten the TTFT that rules out 1 GPU),
  // and without speculative decoding on a tie.
  REQUIRE(p.cheapest_row >= 0);
  CHECK(key(p.rows[static_cast<std::size_t>(p.cheapest_row)]) == "8/16/G2");
}

TEST_CASE("planner refusals", "[planner]") {
  BudgetInput in = llama70b_case();
  in.gpus = 3;  // the input as given must be valid
  PlanLeversResult p = plan_levers(in, PlanOptions{});
  CHECK_FALSE(p.ok);
  CHECK(p.error.field == "gpus");
  CHECK(p.error.message ==
        "gpus must divide query_heads (64) and either divide or be divided by kv_heads (8); got 3; nearest valid: 2 or "
        "4");
  PlanOptions options;
  options.speculative = true;
  options.acceptance_rate = 1.5;
  p = plan_levers(llama70b_case(), options);
  CHECK_FALSE(p.ok);
  CHECK(p.error.field == "acceptance_rate");
  CHECK(p.error.message == "acceptance_rate must be a number from 0 to 1 (got 1.5)");
  // Off, the speculative parameters are not read.
  options.speculative = false;
  CHECK(plan_levers(llama70b_case(), options).ok);
}
