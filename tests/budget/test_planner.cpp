// plan_levers(): the rows, their order and the marked choices on Llama 3.1 70B,
// 32 users with 4096-token prompts, TTFT under 1 s and 20 tok/s each, on H100s;
// the draft model's memory on speculative rows; the marking rules on 300 seeded
// random workloads.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "budget/field_declarations.h"
#include "budget/planner.h"
#include "budget/planner_workloads.h"
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
  // The marks follow the lesson: output-keeping levers first. 16-bit on 4 GPUs (row 2, above) keeps the
  // output and meets both targets: it is `cheapest`. (the planner used to mark 8-bit on 2 GPUs
  // as the one choice here.)
  REQUIRE(p.cheapest_row == 2);
  CHECK(p.rows[2].cheapest);
  CHECK_FALSE(p.rows[2].cheapest_changing_output);
  // Cheaper if the output may change: on 2 GPUs, 16-bit weights do not fit with either cache
  // (70.6e9 + 10,737,418,240 = 81.3 GB with 8-bit), 8-bit weights with a 16-bit cache do:
  // 35.3e9 + 21,474,836,480 = 56.8 GB; step max(21.18 ms memory, 4.57 ms compute) + comm
  // 160*(1 * 32*8192*2/450e9 + 20e-6) = 3.386 ms -> 24.57 ms, 40.7 tok/s; TTFT
  // 600,350,801,264,640 / (2*494.75e12) = 0.6067 s + 160*(4096*8192*2/450e9 + 20e-6) = 0.0271 s = 0.6338 s.
  // 2 GPUs < 4, so it is marked as the cheapest that changes the output.
  REQUIRE(p.cheapest_changing_output_row == 10);
  const PlanRow& best = p.rows[10];
  CHECK(key(best) == "8/16/G2");
  CHECK(best.cheapest_changing_output);
  CHECK_FALSE(best.cheapest);
  CHECK(best.changes_output);
  CHECK(best.verdict == Verdict::fits);
  CHECK(best.per_gpu_bytes == Approx(56774836480.0).epsilon(1e-15));
  CHECK(best.ttft_s == Approx(0.633782305132).epsilon(1e-9));
  CHECK(best.per_request_tokens_per_s == Approx(40.6982948497).epsilon(1e-9));
  int marked = 0;
  int marked_changing = 0;
  for (const PlanRow& r : p.rows) {
    marked += r.cheapest ? 1 : 0;
    marked_changing += r.cheapest_changing_output ? 1 : 0;
    CHECK(r.draft_bytes == 0);  // no speculative rows
  }
  CHECK(marked == 1);
  CHECK(marked_changing == 1);
}

TEST_CASE("planner without targets: the output kept first, and headroom before a tight row", "[planner]") {
  BudgetInput in = llama70b_case();
  in.ttft_target_s = 0;
  in.per_request_target_tokens_per_s = 0;
  const PlanLeversResult p = plan_levers(in, PlanOptions{});
  REQUIRE(p.ok);
  // Every fitting row meets "no target". Output kept: 16-bit fits first on 4 GPUs (46.04 GB), row 2.
  REQUIRE(p.cheapest_row == 2);
  CHECK(key(p.rows[2]) == "16/16/G4");
  // Changed output, on fewer GPUs: on 1 GPU only 4-bit weights fit, 4/16 at
  // 35.3e9 + 42,949,672,960 = 78.25 GB (tight: above 72 GB) and 4/8 at 56.8 GB (fits). The
  // row that keeps the headroom is the mark, row 8 (the planner used to mark the
  // tight 4/16, row 7, as its one choice and say nothing of it).
  REQUIRE(p.cheapest_changing_output_row == 8);
  CHECK(key(p.rows[8]) == "4/8/G1");
  CHECK(p.rows[8].verdict == Verdict::fits);
  CHECK(p.rows[7].verdict == Verdict::tight);
  CHECK_FALSE(p.rows[7].cheapest_changing_output);
  // The lesson's 7B GQA-8 fits one GPU at 16 bits: the first row, output kept, is the choice,
  // and nothing that changes the output can need fewer GPUs.
  BudgetInput small;
  small.kv_heads = 8;
  const PlanLeversResult q = plan_levers(small, PlanOptions{});
  REQUIRE(q.ok);
  CHECK(q.cheapest_row == 0);
  CHECK(key(q.rows[0]) == "16/16/G1");
  CHECK_FALSE(q.rows[0].changes_output);
  CHECK(q.cheapest_changing_output_row == -1);
}

TEST_CASE("planner marks a changed output alone when nothing that keeps it meets the targets", "[planner]") {
  // 200 tok/s per request is a step of 5 ms. The smallest per-GPU read, 4-bit weights and an 8-bit
  // cache on 8 GPUs, 35.3e9/8 + 21,474,836,480/8 = 7.1 GB, takes 2.6 ms at 2.68e12 B/s, and its
  // 160 all-reduces add 160*(2*7/8 * 32*8192*2/450e9 + 20e-6) = 3.5 ms: no row meets it, nothing is marked.
  BudgetInput in = llama70b_case();
  in.per_request_target_tokens_per_s = 200;
  const PlanLeversResult none = plan_levers(in, PlanOptions{});
  REQUIRE(none.ok);
  CHECK(none.cheapest_row == -1);
  CHECK(none.cheapest_changing_output_row == -1);
  // On 20 GB GPUs, 16-bit needs 141.2e9/8 + 42,949,672,960/8 = 23.0 GB per GPU even on 8 GPUs: no fit, so nothing keeps
  // the output. The fewest GPUs that fit is 4, with 4-bit weights: 35.3e9/4 + 42,949,672,960/4 = 19.56 GB with a 16-bit
  // cache (tight: above the 18 GB headroom limit) and 35.3e9/4 + 21,474,836,480/4 = 14.19 GB with an 8-bit one (fits).
  // Both meet the targets; the mark is the one that keeps the headroom, and the only mark changes the output.
  in = llama70b_case();
  in.gpu_memory_bytes = 20e9;
  const PlanLeversResult small_gpu = plan_levers(in, PlanOptions{});
  REQUIRE(small_gpu.ok);
  CHECK(small_gpu.cheapest_row == -1);
  REQUIRE(small_gpu.cheapest_changing_output_row >= 0);
  const PlanRow& pick = small_gpu.rows[static_cast<std::size_t>(small_gpu.cheapest_changing_output_row)];
  CHECK(key(pick) == "4/8/G4");
  CHECK(pick.per_gpu_bytes == Approx(35.3e9 / 4 + 21474836480.0 / 4).epsilon(1e-15));
  CHECK(pick.meets_targets);
  CHECK(pick.verdict == Verdict::fits);
  for (const PlanRow& r : small_gpu.rows) {
    if (key(r) != "4/16/G4") continue;
    CHECK(r.per_gpu_bytes == Approx(35.3e9 / 4 + 42949672960.0 / 4).epsilon(1e-15));
    CHECK(r.verdict == Verdict::tight);
    CHECK(r.meets_targets);
    CHECK_FALSE(r.cheapest_changing_output);
  }
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
  // 16/16 on 4 GPUs, then the same with speculative decoding: speed 48.408 * 2.566957, same TTFT.
  CHECK(key(p.rows[4]) == "16/16/G4");
  CHECK(key(p.rows[5]) == "16/16/G4/spec");
  CHECK_FALSE(p.rows[5].changes_output);
  CHECK(p.rows[5].per_request_tokens_per_s == Approx(48.40795576 * 2.952 / 1.15).epsilon(1e-9));
  CHECK(p.rows[5].total_tokens_per_s == Approx(32 * 48.40795576 * 2.952 / 1.15).epsilon(1e-9));
  CHECK(p.rows[5].ttft_s == p.rows[4].ttft_s);
  // The draft (default P_d = c*P = 0.05 * 70.6e9 = 3.53e9) on each of the 4 GPUs: weights
  // 3.53e9 * 2 / 4 = 1.765e9 B, and 0.05 of the target's per-GPU cache 2*80*2*128*2*4096*32 =
  // 10,737,418,240 B, 536,870,912 B: 2,301,870,912 B on top of the target's
  // 35.3e9 + 10,737,418,240 = 46,037,418,240 B.
  CHECK(p.rows[4].per_gpu_bytes == Approx(46037418240.0).epsilon(1e-15));
  CHECK(p.rows[4].draft_bytes == 0);
  CHECK(p.rows[5].draft_bytes == Approx(2301870912.0).epsilon(1e-12));
  CHECK(p.rows[5].per_gpu_bytes == Approx(48339289152.0).epsilon(1e-12));
  CHECK(p.rows[5].verdict == Verdict::fits);
  // The marks are unchanged (speculative decoding does not shorten the TTFT that rules out 1 GPU),
  // each without speculative decoding on a tie.
  REQUIRE(p.cheapest_row >= 0);
  CHECK(key(p.rows[static_cast<std::size_t>(p.cheapest_row)]) == "16/16/G4");
  REQUIRE(p.cheapest_changing_output_row >= 0);
  CHECK(key(p.rows[static_cast<std::size_t>(p.cheapest_changing_output_row)]) == "8/16/G2");
}

TEST_CASE("planner with a named draft model: its weights and cache can turn a row out", "[planner]") {
  BudgetInput in = llama70b_case();
  in.ttft_target_s = 0;
  in.per_request_target_tokens_per_s = 0;
  PlanOptions options;
  options.speculative = true;
  options.draft_params = 8e9;  // an 8B draft for the 70.6B target: P_d/P = 8/70.6
  const PlanLeversResult p = plan_levers(in, options);
  REQUIRE(p.ok);
  auto row = [&](const std::string& k) {
    for (const PlanRow& r : p.rows) {
      if (key(r) == k) return r;
    }
    FAIL("no row " << k);
    return PlanRow{};
  };
  // 4/16 on 1 GPU: 35.3e9 + 42,949,672,960 = 78,249,672,960 B, tight. With the draft:
  // weights 8e9 * 0.5 = 4e9 B and cache 42,949,672,960 * 8/70.6 = 4,866,818,465 B, 87.1 GB: no fit.
  CHECK(row("4/16/G1").verdict == Verdict::tight);
  const PlanRow spec = row("4/16/G1/spec");
  CHECK(spec.draft_bytes == Approx(4e9 + 42949672960.0 * 8 / 70.6).epsilon(1e-12));
  CHECK(spec.per_gpu_bytes == Approx(78249672960.0 + 4e9 + 42949672960.0 * 8 / 70.6).epsilon(1e-12));
  CHECK(spec.verdict == Verdict::does_not_fit);
  CHECK_FALSE(spec.fits);
  CHECK_FALSE(spec.meets_targets);
  CHECK(spec.per_request_tokens_per_s == 0);
  // 4/8 on 1 GPU: 35.3e9 + 21,474,836,480 = 56,774,836,480 B fits; with the draft,
  // 4e9 + 21,474,836,480 * 8/70.6 = 6,433,409,233 B more: 63.2 GB, still below the 72 GB limit.
  CHECK(row("4/8/G1/spec").per_gpu_bytes == Approx(56774836480.0 + 4e9 + 21474836480.0 * 8 / 70.6).epsilon(1e-12));
  CHECK(row("4/8/G1/spec").verdict == Verdict::fits);
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
  // The draft's size: 0 (the default c * P) or 1 to 1e13 parameters.
  options.acceptance_rate = 0.8;
  options.draft_params = 0.5;
  p = plan_levers(llama70b_case(), options);
  CHECK_FALSE(p.ok);
  CHECK(p.error.field == "draft_params");
  CHECK(p.error.message ==
        "draft_params must be 0 (draft_cost_ratio \u00D7 total_params) or a number from 1 to 1e13 (got 0.5)");
  // Off, the speculative parameters are not read.
  options.speculative = false;
  CHECK(plan_levers(llama70b_case(), options).ok);
}

TEST_CASE("planner marks follow the lesson on 300 seeded random workloads", "[planner]") {
  // The rules, checked on each workload (tests/budget/planner_workloads.h, seed 18):
  // 1. when a row that keeps the output meets every target, one such row is marked `cheapest`,
  //    one with the fewest GPUs among them;
  // 2. no marked row changes the output while a row that keeps it, on the same or fewer GPUs,
  //    meets every target;
  // 3. a marked row is tight only when no row of its kind (output kept, or changed) on its GPU
  //    count meets every target with headroom;
  // 4. a changed-output row is marked when, and only when, one meets every target on fewer GPUs
  //    than any output-keeping row does (or none of those meets them), with the fewest GPUs;
  // 5. a speculative row holds its row without speculative decoding plus the draft, more.
  // On the planner before the output-keeping mark, rule 1 failed on 73 of these workloads and rule 3 on 11.
  test::SplitMix rng{18};
  int keep_marks = 0, changing_marks = 0, tight_marks = 0, speculative = 0;
  for (int w = 0; w < 300; ++w) {
    const test::PlannerCase c = test::random_planner_case(rng);
    const PlanLeversResult p = plan_levers(c.input, c.options);
    INFO("workload " << w);
    REQUIRE(p.ok);
    speculative += c.options.speculative ? 1 : 0;
    double keep_fewest = 0, change_fewest = 0;  // fewest GPUs meeting every target, 0 when none
    for (const PlanRow& r : p.rows) {
      if (!r.meets_targets) continue;
      double& fewest = r.changes_output ? change_fewest : keep_fewest;
      if (fewest == 0 || r.gpus < fewest) fewest = r.gpus;
    }
    // Rule 1.
    if (keep_fewest > 0) {
      REQUIRE(p.cheapest_row >= 0);
      const PlanRow& m = p.rows[static_cast<std::size_t>(p.cheapest_row)];
      CHECK_FALSE(m.changes_output);
      CHECK(m.meets_targets);
      CHECK(m.gpus == keep_fewest);
    } else {
      CHECK(p.cheapest_row == -1);
    }
    // Rule 4.
    if (change_fewest > 0 && (keep_fewest == 0 || change_fewest < keep_fewest)) {
      REQUIRE(p.cheapest_changing_output_row >= 0);
      const PlanRow& m = p.rows[static_cast<std::size_t>(p.cheapest_changing_output_row)];
      CHECK(m.changes_output);
      CHECK(m.meets_targets);
      CHECK(m.gpus == change_fewest);
    } else {
      CHECK(p.cheapest_changing_output_row == -1);
    }
    for (std::size_t i = 0; i < p.rows.size(); ++i) {
      const PlanRow& m = p.rows[i];
      CHECK(m.cheapest == (static_cast<double>(i) == p.cheapest_row));
      CHECK(m.cheapest_changing_output == (static_cast<double>(i) == p.cheapest_changing_output_row));
      if (m.speculative) {
        // Rule 5: the row before is the same levers without speculative decoding.
        CHECK(m.per_gpu_bytes == p.rows[i - 1].per_gpu_bytes + m.draft_bytes);
        CHECK(m.draft_bytes > 0);
      }
      if (!m.cheapest && !m.cheapest_changing_output) continue;
      keep_marks += m.cheapest ? 1 : 0;
      changing_marks += m.cheapest_changing_output ? 1 : 0;
      // Rule 2.
      if (m.changes_output) CHECK((keep_fewest == 0 || keep_fewest > m.gpus));
      // Rule 3.
      if (m.verdict == Verdict::tight) {
        ++tight_marks;
        for (const PlanRow& r : p.rows) {
          CHECK_FALSE((r.changes_output == m.changes_output && r.gpus == m.gpus && r.meets_targets &&
                       r.verdict == Verdict::fits));
        }
      }
    }
  }
  // What the 300 draws hold, counted on this code (a change to the generator or the marks shows here).
  CHECK(speculative == 155);
  CHECK(keep_marks == 201);
  CHECK(changing_marks == 101);
  CHECK(tight_marks == 29);
}

// plan_hardware(): GPU types and cost. The worked row is the 70B case's
// 16-bit row on 4 H100s (above): 32 * 48.40795576 = 1,549.05458 tok/s in all,
// TTFT 0.3423520819881 s for a 4,096-token prompt.
namespace {

std::vector<HardwareOption> two_prices(double first, double second) {
  const BudgetInput in = llama70b_case();
  return {hardware_option_of(in, first), hardware_option_of(in, second)};
}

}  // namespace

TEST_CASE("plan_hardware: cost per million tokens worked by hand on the 70B case", "[planner][cost]") {
  const HardwarePlanResult p = plan_hardware(llama70b_case(), PlanOptions{}, two_prices(2, 1));
  REQUIRE(p.ok);
  REQUIRE(p.rows.size() == 48);  // 24 rows per option
  // The cheapest output-keeping row: 16/16 on 4 GPUs of option 1 ($1/GPU-hour).
  REQUIRE(p.cheapest_row >= 0);
  const HardwarePlanRow& keep = p.rows[static_cast<std::size_t>(p.cheapest_row)];
  CHECK(keep.cheapest_by_cost);
  CHECK(keep.option == 1);
  CHECK(key(keep.plan) == "16/16/G4");
  // Output: 1 $/h * 4 GPUs / 3600 s/h = $0.0011111/s; / 1,549.05458 tok/s * 1e6 = $0.717283 per million.
  CHECK(keep.cost_per_million_output_tokens == Approx(0.717283381979).epsilon(1e-9));
  // Input: $0.0011111/s * 0.34235208 s / 4,096 tokens * 1e6 = $0.0928689 per million.
  CHECK(keep.cost_per_million_input_tokens == Approx(0.0928689458518).epsilon(1e-9));
  // The same row at $2/GPU-hour costs twice as much: 2*4/3600/1549.05458*1e6 = $1.434567; input $0.185738.
  bool found = false;
  for (const HardwarePlanRow& r : p.rows) {
    if (r.option != 0 || key(r.plan) != "16/16/G4") continue;
    found = true;
    CHECK(r.cost_per_million_output_tokens == Approx(1.434566763958).epsilon(1e-9));
    CHECK(r.cost_per_million_input_tokens == Approx(0.185737891704).epsilon(1e-9));
    CHECK_FALSE(r.cheapest_by_cost);
  }
  CHECK(found);
  // Ranked: every costed row first, by output cost; rows that do not fit (no cost) last.
  bool seen_uncosted = false;
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    const bool costed = p.rows[i].cost_per_million_output_tokens > 0;
    CHECK(costed == p.rows[i].plan.fits);
    if (!costed) seen_uncosted = true;
    CHECK_FALSE((costed && seen_uncosted));
    if (i > 0 && costed)
      CHECK(p.rows[i - 1].cost_per_million_output_tokens <= p.rows[i].cost_per_million_output_tokens);
  }
  // A quantised row that meets the targets is cheaper here (fewer GPUs or more tokens/s): marked separately.
  REQUIRE(p.cheapest_changing_output_row >= 0);
  const HardwarePlanRow& change = p.rows[static_cast<std::size_t>(p.cheapest_changing_output_row)];
  CHECK(change.cheapest_by_cost_changing_output);
  CHECK(change.plan.changes_output);
  CHECK(change.plan.meets_targets);
  CHECK(change.option == 1);
  CHECK(change.cost_per_million_output_tokens < keep.cost_per_million_output_tokens);
  // It is the cheapest of its kind: no output-changing row meeting the targets costs less.
  for (const HardwarePlanRow& r : p.rows) {
    if (r.plan.changes_output && r.plan.meets_targets && r.cost_per_million_output_tokens > 0)
      CHECK(r.cost_per_million_output_tokens >= change.cost_per_million_output_tokens);
  }
}

TEST_CASE("plan_hardware: no price gives no cost and no mark, rows in option and planner order", "[planner][cost]") {
  const BudgetInput in = llama70b_case();
  const PlanLeversResult alone = plan_levers(in, PlanOptions{});
  const HardwarePlanResult p = plan_hardware(in, PlanOptions{}, two_prices(0, 0));
  REQUIRE(p.ok);
  REQUIRE(p.rows.size() == 2 * alone.rows.size());
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    INFO(i);
    CHECK(p.rows[i].option == (i < alone.rows.size() ? 0 : 1));
    CHECK(key(p.rows[i].plan) == key(alone.rows[i % alone.rows.size()]));
    CHECK(p.rows[i].cost_per_million_output_tokens == 0);
    CHECK(p.rows[i].cost_per_million_input_tokens == 0);
    CHECK_FALSE(p.rows[i].cheapest_by_cost);
    CHECK_FALSE(p.rows[i].cheapest_by_cost_changing_output);
  }
  CHECK(p.cheapest_row == -1);
  CHECK(p.cheapest_changing_output_row == -1);
  // One priced option: only its rows are costed and ranked first; the unpriced option's rows follow.
  const HardwarePlanResult one = plan_hardware(in, PlanOptions{}, two_prices(0, 3));
  REQUIRE(one.ok);
  CHECK(one.rows.front().option == 1);
  for (const HardwarePlanRow& r : one.rows)
    CHECK((r.cost_per_million_output_tokens > 0) == (r.option == 1 && r.plan.fits));
  CHECK(one.rows[static_cast<std::size_t>(one.cheapest_row)].option == 1);
}

TEST_CASE("plan_hardware: a faster GPU at a higher price can still be cheaper per token", "[planner][cost]") {
  BudgetInput in = llama70b_case();
  HardwareOption slow = hardware_option_of(in, 2);
  HardwareOption fast = slow;
  fast.bandwidth_bytes_per_s = 2 * slow.bandwidth_bytes_per_s;  // about twice the tokens/s where memory-bound
  fast.flops_per_s = 2 * slow.flops_per_s;
  fast.interconnect_bytes_per_s = 2 * slow.interconnect_bytes_per_s;
  fast.price_per_gpu_hour = 3;  // 1.5x the price for ~2x the rate
  const HardwarePlanResult p = plan_hardware(in, PlanOptions{}, {slow, fast});
  REQUIRE(p.ok);
  REQUIRE(p.cheapest_row >= 0);
  CHECK(p.rows[static_cast<std::size_t>(p.cheapest_row)].option == 1);
}

TEST_CASE("plan_hardware: refusals name the option", "[planner][cost]") {
  const BudgetInput in = llama70b_case();
  HardwarePlanResult p = plan_hardware(in, PlanOptions{}, {});
  CHECK_FALSE(p.ok);
  CHECK(p.error.field == "options");
  p = plan_hardware(in, PlanOptions{}, two_prices(2, -1));
  CHECK_FALSE(p.ok);
  CHECK(p.error.field == "price_per_gpu_hour");
  CHECK(p.error.message.rfind("hardware option 1: ", 0) == 0);
  CHECK(p.rows.empty());
  std::vector<HardwareOption> bad = two_prices(2, 2);
  bad[0].gpu_memory_bytes = 0;
  p = plan_hardware(in, PlanOptions{}, bad);
  CHECK_FALSE(p.ok);
  CHECK(p.error.field == "gpu_memory_bytes");
  CHECK(p.error.message.rfind("hardware option 0: ", 0) == 0);
}

TEST_CASE("hardware_option_of and with_hardware carry every Hardware-group field", "[planner][cost]") {
  BudgetInput in;
  double v = 1.5e9;
  for (const InputFieldDeclaration& f : budget_input_fields()) {
    if (std::string(f.group) == "Hardware") in.*f.member = (v *= 1.25);
  }
  const BudgetInput back = with_hardware(BudgetInput{}, hardware_option_of(in, 0));
  for (const InputFieldDeclaration& f : budget_input_fields()) {
    INFO(f.name);
    if (std::string(f.group) == "Hardware")
      CHECK(back.*f.member == in.*f.member);
    else
      CHECK(back.*f.member == BudgetInput{}.*f.member);
  }
}
