// Several GPUs (tensor parallel): G = 1 equal to the lesson's numbers, the
// per-GPU memory and the all-reduce term worked by hand, replicated KV heads,
// capacity at G GPUs, the fewest GPUs that fit, and every refusal of a split.
#include <catch2/catch.hpp>

#include "budget/capacity.h"
#include "budget/serving_budget.h"
#include "budget/tensor_parallel.h"
#include "budget/validate.h"
#include "budget/workload_fixtures.h"

using namespace llmbudget;

namespace {

// The lesson's 7B with GQA-8 (BudgetInput's defaults but kv_heads = 8):
// P = 7e9, L = 32, H_q = 32, H_kv = 8, d_h = 128, 16-bit, B = 16, n = 8192,
// 80 GB, BW = 1e12 B/s, F = 4e13 FLOP/s; tests/budget/workload_fixtures.h.
using test::lesson_gqa8;

// Llama 3.1 70B on H100s: tests/budget/workload_fixtures.h.
BudgetInput llama70b_h100(double gpus) { return test::llama31_70b_h100(gpus); }

}  // namespace

TEST_CASE("one GPU gives the lesson's numbers exactly and no all-reduce", "[tensor_parallel]") {
  const BudgetResult r = plan(lesson_gqa8());
  REQUIRE(r.ok);
  // 14e9 + 2*32*8*128*8192*16*2 = 14e9 + 17179869184 (seed-values.json, GQA-8 row)
  CHECK(r.per_gpu_bytes == 31179869184.0);
  CHECK(r.per_gpu_bytes == r.total_bytes);
  CHECK(r.kv_heads_per_gpu == 8);
  CHECK(r.comm_s == 0);
  CHECK(r.step_s == 31179869184.0 / 1e12);  // memory-bound, + 0
  CHECK(r.free_bytes == 80e9 - 31179869184.0);
}

TEST_CASE("two GPUs: half the weights and KV heads each, compute shared, all-reduce added", "[tensor_parallel]") {
  BudgetInput in = lesson_gqa8();
  in.gpus = 2;
  const BudgetResult r = plan(in);
  REQUIRE(r.ok);
  // h = 8/2 = 4; per GPU = 7e9*2/2 + 2*32*4*128*8192*16*2 = 7e9 + 8589934592
  CHECK(r.kv_heads_per_gpu == 4);
  CHECK(r.per_gpu_bytes == 15589934592.0);
  CHECK(r.total_bytes == 31179869184.0);  // the model's, counted once
  CHECK(r.memory_time_s == Approx(0.015589934592).epsilon(1e-12));
  // 2*7e9*16 / (2*4e13) = 2.8e-3 s
  CHECK(r.compute_time_s == Approx(2.8e-3).epsilon(1e-12));
  // comm = 2*L*(2*(G-1)/G * B*d_model*2 / G_link + lambda)
  //      = 64*(1 * 16*4096*2 / 450e9 + 20e-6) = 64*(2.9127111e-7 + 2e-5) = 1.29864135e-3 s
  CHECK(r.comm_s == Approx(64 * (131072 / 450e9 + 20e-6)).epsilon(1e-12));
  CHECK(r.comm_s == Approx(1.298641351e-3).epsilon(1e-9));
  // step = 0.015589934592 + 0.001298641351 = 0.016888575943 s
  CHECK(r.step_s == Approx(0.016888575943).epsilon(1e-9));
  CHECK(r.per_request_tokens_per_s == Approx(1 / 0.016888575943).epsilon(1e-9));
  CHECK(r.total_tokens_per_s == Approx(16 / 0.016888575943).epsilon(1e-9));
}

TEST_CASE("8 KV heads on 16 GPUs: each GPU holds 1, replicated", "[tensor_parallel]") {
  BudgetInput in = llama70b_h100(16);
  in.batch = 1;
  in.context_tokens = 1000;
  const BudgetResult r = plan(in);
  REQUIRE(r.ok);
  CHECK(r.kv_heads_per_gpu == 1);
  // 70.6e9*2/16 = 8.825e9; KV: 2*80*1*128*1000*1*2 = 40,960,000 -> 8,865,960,000 B
  CHECK(r.per_gpu_bytes == Approx(8865960000.0).epsilon(1e-15));
  // On 8 GPUs too each holds one KV head: the same cache, twice the weights share.
  in.gpus = 8;
  const BudgetResult r8 = plan(in);
  CHECK(r8.kv_heads_per_gpu == 1);
  CHECK(r8.per_gpu_bytes == Approx(17.65e9 + 40960000.0).epsilon(1e-15));
  // On 4 GPUs, 2 each: 2*80*2*128*1000*2 = 81,920,000
  in.gpus = 4;
  CHECK(plan(in).kv_heads_per_gpu == 2);
  CHECK(plan(in).per_gpu_bytes == Approx(35.3e9 + 81920000.0).epsilon(1e-15));
}

TEST_CASE("Llama 3.1 70B on H100s: one and two GPUs do not fit, four do", "[tensor_parallel]") {
  // 16-bit: weights 141.2e9; KV per token 2*80*8*128*2 = 327,680 B; *4096*32 = 42,949,672,960
  const BudgetResult g1 = plan(llama70b_h100(1));
  CHECK(g1.per_gpu_bytes == Approx(184149672960.0).epsilon(1e-15));
  CHECK(g1.verdict == Verdict::does_not_fit);
  const BudgetResult g2 = plan(llama70b_h100(2));  // 70.6e9 + 21,474,836,480 = 92.07 GB
  CHECK(g2.per_gpu_bytes == Approx(92074836480.0).epsilon(1e-15));
  CHECK_FALSE(g2.fits);
  CHECK(g2.comm_s > 0);                            // set whatever the verdict
  const BudgetResult g4 = plan(llama70b_h100(4));  // 35.3e9 + 10,737,418,240 = 46.04 GB
  REQUIRE(g4.ok);
  CHECK(g4.per_gpu_bytes == Approx(46037418240.0).epsilon(1e-15));
  CHECK(g4.verdict == Verdict::fits);
  // memory 46037418240/2.68e12 = 17.1781 ms; compute 2*70.6e9*32/(4*494.75e12) = 2.2832 ms;
  // comm 160*(1.5*32*8192*2/450e9 + 20e-6) = 160*(1.74763e-6 + 20e-6) = 3.47962 ms;
  // step 20.6578 ms -> 48.408 tok/s per request, 1549.05 in total
  CHECK(g4.memory_time_s == Approx(0.017178141134).epsilon(1e-9));
  CHECK(g4.compute_time_s == Approx(0.00228317332).epsilon(1e-9));
  CHECK(g4.comm_s == Approx(0.00347962026667).epsilon(1e-9));
  CHECK(g4.step_s == Approx(0.0206577614).epsilon(1e-9));
  CHECK(g4.per_request_tokens_per_s == Approx(48.40795576).epsilon(1e-9));
}

TEST_CASE("capacity at G GPUs uses the per-GPU memory", "[tensor_parallel][capacity]") {
  BudgetInput in = lesson_gqa8();
  const CapacityResult c1 = capacity(in);
  REQUIRE(c1.ok);
  // (80e9 - 14e9) / (2*32*8*128*2*8192 = 1,073,741,824) = 61.5
  CHECK(c1.max_batch == 61);
  in.gpus = 2;
  const CapacityResult c2 = capacity(in);
  // (80e9 - 7e9) / (2*32*4*128*2*8192 = 536,870,912) = 135.97
  CHECK(c2.max_batch == 135);
  // (72e9 - 7e9) / 536,870,912 = 121.07
  CHECK(c2.max_batch_with_headroom == 121);
  // at B = 16: (80e9 - 7e9) / (2*32*4*128*2*16 = 1,048,576) = 69,618.5
  CHECK(c2.max_context_tokens == 69618);
  CHECK(c2.weights_fit);
  // Crossover at n = 1024: 2*7e9/(2*4e13) = 1.75e-4 s per request against
  // 2*32*4*128*2*1024/1e12 = 6.7108864e-5 s of its cache; weights 7e9/1e12 = 7e-3 s:
  // B = 7e-3 / (1.75e-4 - 6.7108864e-5) = 64.88 -> 65 (comm adds to both sides, so it does not move)
  in.context_tokens = 1024;
  CHECK(capacity(in).crossover_batch == 65);
}

TEST_CASE("the fewest GPUs that fit", "[tensor_parallel][capacity]") {
  // 70B at 16 bits: 1 and 2 GPUs do not fit (184.1, 92.1 GB), 4 do (46.0 GB); in.gpus is ignored.
  CHECK(capacity(llama70b_h100(1)).min_gpus_to_fit == 4);
  CHECK(capacity(llama70b_h100(8)).min_gpus_to_fit == 4);
  // The lesson's 7B fits one GPU.
  CHECK(capacity(lesson_gqa8()).min_gpus_to_fit == 1);
  // 8 bytes per weight of 1e13 parameters: 8e13/64 = 1.25e12 B per GPU even on 64: none.
  BudgetInput huge = lesson_gqa8();
  huge.total_params = 1e13;
  huge.weight_bytes_per_param = 8;
  CHECK(capacity(huge).min_gpus_to_fit == 0);
  // Only valid splits count: 3 query heads and 3 KV heads split over 1 or 3 GPUs.
  // 7e9*2/3 = 4.67e9 + KV per GPU 2*32*1*128*8192*16*2 = 2.15e9 -> fits 10 GB on 3, not on 1 (16.4 GB).
  BudgetInput odd = lesson_gqa8();
  odd.query_heads = 3;
  odd.kv_heads = 3;
  odd.gpu_memory_bytes = 10e9;
  CHECK(capacity(odd).min_gpus_to_fit == 3);
}

TEST_CASE("a split that does not divide the heads is refused, naming both counts and the nearest valid ones",
          "[tensor_parallel][validate]") {
  BudgetInput in = lesson_gqa8();  // 32 query heads, 8 KV heads
  in.gpus = 3;
  auto e = validate_budget_input(in);
  REQUIRE(e);
  CHECK(e->field == "gpus");
  CHECK(e->message ==
        "gpus must divide query_heads (32) and either divide or be divided by kv_heads (8); got 3; nearest valid: 2 or "
        "4");
  CHECK_FALSE(plan(in).ok);
  CHECK(plan(in).error.message == e->message);
  CHECK_FALSE(capacity(in).ok);

  // Divides the query heads but not the KV heads either way: 6 with 24 and 8.
  in.query_heads = 24;
  in.gpus = 6;
  CHECK(validate_budget_input(in)->message ==
        "gpus must divide query_heads (24) and either divide or be divided by kv_heads (8); got 6; nearest valid: 4 or "
        "8");

  // Nothing valid above: 64 on 32 query heads; the nearest is 32 (8 KV heads divide it).
  in.query_heads = 32;
  in.gpus = 64;
  CHECK(validate_budget_input(in)->message ==
        "gpus must divide query_heads (32) and either divide or be divided by kv_heads (8); got 64; nearest valid: 32");

  // One query head: only one GPU.
  in.query_heads = 1;
  in.kv_heads = 1;
  in.gpus = 2;
  CHECK(validate_budget_input(in)->message ==
        "gpus must divide query_heads (1) and either divide or be divided by kv_heads (1); got 2; nearest valid: 1");

  // Replication is valid: 16 GPUs on 8 KV heads (8 divides 16) and 64 query heads.
  in.query_heads = 64;
  in.kv_heads = 8;
  in.gpus = 16;
  CHECK_FALSE(validate_budget_input(in));

  // Out of the declared range: the declaration's message.
  in.gpus = 0;
  CHECK(validate_budget_input(in)->message == "gpus must be a whole number from 1 to 64 (got 0)");
  in.gpus = 1.5;
  CHECK(validate_budget_input(in)->message == "gpus must be a whole number from 1 to 64 (got 1.5)");
  in.gpus = 65;
  CHECK(validate_budget_input(in)->message == "gpus must be a whole number from 1 to 64 (got 65)");
}

TEST_CASE("the link and latency inputs are checked against their declarations", "[tensor_parallel][validate]") {
  BudgetInput in = lesson_gqa8();
  in.interconnect_bytes_per_s = 0;
  CHECK(validate_budget_input(in)->message == "interconnect_bytes_per_s must be a number from 1 to 1e15 (got 0)");
  in = lesson_gqa8();
  in.allreduce_latency_s = -1e-6;
  CHECK(validate_budget_input(in)->message == "allreduce_latency_s must be a number from 0 to 1 (got -1e-6)");
  in.allreduce_latency_s = 0;  // an ideal link is allowed
  CHECK_FALSE(validate_budget_input(in));
}
