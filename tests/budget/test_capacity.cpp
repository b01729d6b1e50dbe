// capacity(): largest batch, longest context, memory/compute crossover.
#include <catch2/catch.hpp>

#include "budget/capacity.h"
#include "budget/serving_budget.h"
#include "budget/workload_fixtures.h"

using namespace llmbudget;

namespace {

// The lesson's 7B workload (seed-values.json "constants") with GQA-8 and 16-bit
// weights and cache (tests/budget/workload_fixtures.h): weights 14e9 B, one
// token of one request 131072 B, one 8192-token request 1073741824 B.
using test::lesson_gqa8;

}  // namespace

TEST_CASE("largest batch that fits, with and without headroom", "[capacity]") {
  const BudgetInput in = lesson_gqa8();
  const CapacityResult c = capacity(in);
  REQUIRE(c.ok);
  // (80e9 - 14e9) / 1073741824 = 61.47 -> 61   (61 -> 79498251264 B, 62 -> 80571993088 B)
  CHECK(c.max_batch == 61);
  // (72e9 - 14e9) / 1073741824 = 54.02 -> 54   (54 -> 71982058496 B, 55 -> 73055800320 B)
  CHECK(c.max_batch_with_headroom == 54);

  // Cross-check against plan(): the answer fits, one more does not.
  BudgetInput at = in;
  at.batch = c.max_batch;
  CHECK(plan(at).fits);
  at.batch += 1;
  CHECK_FALSE(plan(at).fits);
  at.batch = c.max_batch_with_headroom;
  CHECK(plan(at).verdict == Verdict::fits);
  at.batch += 1;
  CHECK(plan(at).verdict == Verdict::tight);
}

TEST_CASE("the lesson's MHA configuration cannot even serve batch 16", "[capacity]") {
  // MHA (32 KV heads): one 8192-token request = 4294967296 B.
  // (80e9 - 14e9) / 4294967296 = 15.37 -> 15 (the lesson's B = 16 row does not fit);
  // (72e9 - 14e9) / 4294967296 = 13.50 -> 13.
  BudgetInput in = lesson_gqa8();
  in.kv_heads = 32;
  const CapacityResult c = capacity(in);
  CHECK(c.max_batch == 15);
  CHECK(c.max_batch_with_headroom == 13);
}

TEST_CASE("no batch fits when the weights alone overflow", "[capacity]") {
  // 70e9 params * 2 B = 140e9 B > 80e9.
  BudgetInput in = lesson_gqa8();
  in.total_params = 70e9;
  const CapacityResult c = capacity(in);
  REQUIRE(c.ok);
  CHECK(c.max_batch == 0);
  CHECK(c.max_batch_with_headroom == 0);
  CHECK(c.max_context_tokens == 0);
  CHECK_FALSE(c.weights_fit);
  CHECK_FALSE(c.weights_fit_with_headroom);
}

TEST_CASE("no batch fits at a huge context although the weights do", "[capacity]") {
  // Context 1234567: one request's cache = 131072 * 1234567 = 161816346624 B > 80e9 - 14e9,
  // yet the weights (14e9 B) fit in 80e9 and under the 72e9 headroom limit.
  BudgetInput in = lesson_gqa8();
  in.context_tokens = 1234567;
  const CapacityResult c = capacity(in);
  REQUIRE(c.ok);
  CHECK(c.max_batch == 0);
  CHECK(c.max_batch_with_headroom == 0);
  CHECK(c.weights_fit);
  CHECK(c.weights_fit_with_headroom);
}

TEST_CASE("weights that fit but eat into the headroom", "[capacity]") {
  // 38e9 params * 2 B = 76e9 B: <= 80e9 (fits) but > 72e9 (the 10% headroom limit).
  // (80e9 - 76e9) / 1073741824 = 3.73 -> 3 requests without headroom, none with it.
  BudgetInput in = lesson_gqa8();
  in.total_params = 38e9;
  const CapacityResult c = capacity(in);
  REQUIRE(c.ok);
  CHECK(c.weights_fit);
  CHECK_FALSE(c.weights_fit_with_headroom);
  CHECK(c.max_batch == 3);
  CHECK(c.max_batch_with_headroom == 0);
}

TEST_CASE("weights exactly at GPU memory fit (same <= as plan())", "[capacity]") {
  // 40e9 params * 2 B = 80e9 B = G: the weights fit, but no request's cache does.
  BudgetInput in = lesson_gqa8();
  in.total_params = 40e9;
  const CapacityResult c = capacity(in);
  REQUIRE(c.ok);
  CHECK(c.weights_fit);
  CHECK(c.max_batch == 0);
}

TEST_CASE("longest context at the given batch", "[capacity]") {
  // B = 16: (80e9 - 14e9) / (131072 * 16) = 66e9 / 2097152 = 31471.3 -> 31471
  // (31471 -> 79999470592 B, 31472 -> 80001567744 B).
  BudgetInput in = lesson_gqa8();
  CapacityResult c = capacity(in);
  CHECK(c.max_context_tokens == 31471);
  BudgetInput at = in;
  at.context_tokens = 31471;
  CHECK(plan(at).fits);
  at.context_tokens = 31472;
  CHECK_FALSE(plan(at).fits);

  // A window shorter than that cap: memory stops growing at W, so every
  // context up to the 1e8 limit fits.
  in.sliding_window_tokens = 4096;
  c = capacity(in);
  CHECK(c.max_context_tokens == 1e8);
  // A window longer than the cap does not help: still 31471.
  in.sliding_window_tokens = 40000;
  c = capacity(in);
  CHECK(c.max_context_tokens == 31471);
  // The edge: a window of 31471 tokens fits (79999470592 B above), so every
  // context does; one of 31472 does not, so the cap stays 31471.
  in.sliding_window_tokens = 31471;
  CHECK(capacity(in).max_context_tokens == 1e8);
  in.sliding_window_tokens = 31472;
  CHECK(capacity(in).max_context_tokens == 31471);
}

TEST_CASE("max batch respects the sliding window", "[capacity][window]") {
  // n = 32768 with W = 4096: per request 131072 * 4096 = 536870912 B;
  // 66e9 / 536870912 = 122.9 -> 122.
  BudgetInput in = lesson_gqa8();
  in.context_tokens = 32768;
  in.sliding_window_tokens = 4096;
  CHECK(capacity(in).max_batch == 122);
}

TEST_CASE("batch at which the compute term overtakes the memory term", "[capacity]") {
  // 8-bit weights and cache, GQA-8, n = 1024:
  //   per request c*n = 65536 * 1024 = 67108864 B -> 6.7108864e-5 s per request of memory time
  //   compute per request 2 * 7e9 / 4e13 = 3.5e-4 s
  //   B* = (7e9 / 1e12) / (3.5e-4 - 6.7108864e-5) = 7e-3 / 2.82891136e-4 = 24.74 -> 25
  // Check: B = 25: compute 8.75e-3 s >= memory (7e9 + 25 * 67108864) / 1e12 = 8.6777216e-3 s;
  //        B = 24: compute 8.4e-3 s <  memory 8.610612736e-3 s.
  BudgetInput in = lesson_gqa8();
  in.weight_bytes_per_param = 1;
  in.cache_bytes_per_value = 1;
  in.context_tokens = 1024;
  const CapacityResult c = capacity(in);
  REQUIRE(c.ok);
  CHECK(c.crossover_batch == 25);
  BudgetInput at = in;
  at.batch = 25;
  CHECK(plan(at).bound_by == BindingTerm::compute);
  at.batch = 24;
  CHECK(plan(at).bound_by == BindingTerm::memory);
}

TEST_CASE("no crossover when each request adds more memory time than compute time", "[capacity]") {
  // Lesson row 2: per request 1073741824 B / 1e12 = 1.07e-3 s > 3.5e-4 s of compute.
  CHECK(capacity(lesson_gqa8()).crossover_batch == 0);
}

TEST_CASE("MoE crossover uses active parameters", "[capacity][moe]") {
  // 47e9 total at 1 B, 13e9 active, 8-bit cache, GQA-8, n = 1024:
  //   memory: 47e9 / 1e12 = 0.047 s fixed + 6.7108864e-5 s per request
  //   compute: 2 * 13e9 / 4e13 = 6.5e-4 s per request
  //   B* = 0.047 / (6.5e-4 - 6.7108864e-5) = 0.047 / 5.82891136e-4 = 80.63 -> 81
  BudgetInput in = lesson_gqa8();
  in.total_params = 47e9;
  in.active_params = 13e9;
  in.weight_bytes_per_param = 1;
  in.cache_bytes_per_value = 1;
  in.context_tokens = 1024;
  CHECK(capacity(in).crossover_batch == 81);
}

TEST_CASE("crossover at batch 1 when compute dominates from the start", "[capacity]") {
  // F = 1e12 FLOP/s: compute for B = 1 is 2 * 7e9 / 1e12 = 0.014 s; memory with
  // 8-bit weights and cache, n = 1: (7e9 + 65536) / 1e12 = 0.007000065536 s -> B = 1.
  BudgetInput in = lesson_gqa8();
  in.flops_per_s = 1e12;
  in.weight_bytes_per_param = 1;
  in.cache_bytes_per_value = 1;
  in.context_tokens = 1;
  CHECK(capacity(in).crossover_batch == 1);
}

TEST_CASE("capacity caps at the batch limit and rejects bad input", "[capacity]") {
  // A 1e6-parameter model (2e6 B of weights), n = 1 (131072 B per request), 80 GB:
  // (80e9 - 2e6) / 131072 = 610336.3 -> 610336, below the 1e6 batch limit.
  // With 1e15 B of GPU memory it would be 7.6e9 -> capped at the limit, 1e6.
  BudgetInput in = lesson_gqa8();
  in.total_params = 1e6;
  in.context_tokens = 1;
  CHECK(capacity(in).max_batch == 610336);
  in.gpu_memory_bytes = 1e15;
  CHECK(capacity(in).max_batch == 1e6);

  in.layers = 7.5;
  const CapacityResult bad = capacity(in);
  CHECK_FALSE(bad.ok);
  CHECK(bad.error.field == "layers");
  CHECK(bad.max_batch == 0);
}
