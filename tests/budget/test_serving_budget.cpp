// plan(): the lesson's six budget rows, verdicts, MoE, sliding window, and
// finiteness at the edges of the valid ranges.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "budget/serving_budget.h"
#include "number_format.h"

using namespace llmbudget;

namespace {

// The lesson's 7B workload (seed-values.json "constants"): P = 7e9, L = 32,
// d_h = 128, BW = 1e12 B/s, F = 4e13 FLOP/s, 80 GB GPU.
BudgetInput lesson_input(double wb, double kv, double cb, double batch, double ctx) {
  BudgetInput in;
  in.total_params = 7e9;
  in.layers = 32;
  in.query_heads = 32;
  in.head_dim = 128;
  in.bandwidth_bytes_per_s = 1e12;
  in.flops_per_s = 4e13;
  in.gpu_memory_bytes = 80e9;
  in.weight_bytes_per_param = wb;
  in.kv_heads = kv;
  in.cache_bytes_per_value = cb;
  in.batch = batch;
  in.context_tokens = ctx;
  return in;
}

struct BudgetRow {
  double wb, kv, cb, batch, ctx;
  // exact
  double weight_bytes, cache_bytes, total_bytes, memory_time_s, compute_time_s, step_s, per_request, total;
  // displayed
  const char* memory_gb;
  bool fits;
  const char* step_ms;  // nullptr: the lesson prints a dash
  const char* per_request_shown;
  const char* total_shown;
};

// Copied from tests/data/seed-values.json, "budget_rows" (exact and
// displayed). For the two rows that do not fit, the exact step/speeds are the
// formula's values; plan() must report none of them (seed "displayed": null).
const BudgetRow kBudgetRows[] = {
    {2, 32, 2, 16, 8192, 14000000000.0, 68719476736, 82719476736.0, 0.082719476736, 0.0056, 0.082719476736,
     12.0890513269506, 193.4248212312096, "82.7", false, nullptr, nullptr, nullptr},
    {2, 8, 2, 16, 8192, 14000000000.0, 17179869184, 31179869184.0, 0.031179869184, 0.0056, 0.031179869184,
     32.07197548196102, 513.1516077113763, "31.2", true, "31.2", "32.1", "513"},
    {1, 8, 1, 16, 8192, 7000000000.0, 8589934592, 15589934592.0, 0.015589934592, 0.0056, 0.015589934592,
     64.14395096392204, 1026.3032154227526, "15.6", true, "15.6", "64.1", "1026"},
    {0.5, 8, 1, 16, 8192, 3500000000.0, 8589934592, 12089934592.0, 0.012089934592, 0.0056, 0.012089934592,
     82.71343342599285, 1323.4149348158855, "12.1", true, "12.1", "82.7", "1323"},
    {2, 8, 2, 64, 8192, 14000000000.0, 68719476736, 82719476736.0, 0.082719476736, 0.0224, 0.082719476736,
     12.0890513269506, 773.6992849248384, "82.7", false, nullptr, nullptr, nullptr},
    {2, 8, 2, 1, 8192, 14000000000.0, 1073741824, 15073741824.0, 0.015073741824, 0.00035, 0.015073741824,
     66.34052856125128, 66.34052856125128, "15.1", true, "15.1", "66.3", "66"},
};

}  // namespace

TEST_CASE("plan reproduces the lesson's six budget rows", "[plan][seed]") {
  int index = 0;
  for (const BudgetRow& row : kBudgetRows) {
    ++index;
    INFO("seed budget row " << index);
    const BudgetResult r = plan(lesson_input(row.wb, row.kv, row.cb, row.batch, row.ctx));
    REQUIRE(r.ok);
    // Byte counts are whole numbers well below 2^53: exact.
    CHECK(r.weight_bytes == row.weight_bytes);
    CHECK(r.kv_cache_bytes == row.cache_bytes);
    CHECK(r.total_bytes == row.total_bytes);
    CHECK(r.memory_time_s == Approx(row.memory_time_s).epsilon(1e-12));
    CHECK(r.compute_time_s == Approx(row.compute_time_s).epsilon(1e-12));
    CHECK(r.bound_by == BindingTerm::memory);  // every lesson row is memory-bound
    CHECK(r.fits == row.fits);
    CHECK(format_fixed(r.total_bytes / 1e9, 1) == row.memory_gb);
    if (row.fits) {
      CHECK(r.has_speed);
      // 80 GB with the default 10 % headroom: all fitting rows leave > 8 GB free.
      CHECK(r.verdict == Verdict::fits);
      CHECK(r.step_s == Approx(row.step_s).epsilon(1e-12));
      CHECK(r.per_request_tokens_per_s == Approx(row.per_request).epsilon(1e-12));
      CHECK(r.total_tokens_per_s == Approx(row.total).epsilon(1e-12));
      CHECK(format_fixed(r.step_s * 1000, 1) == row.step_ms);
      CHECK(format_fixed(r.per_request_tokens_per_s, 1) == row.per_request_shown);
      CHECK(format_fixed(r.total_tokens_per_s, 0) == row.total_shown);
    } else {
      CHECK_FALSE(r.has_speed);
      CHECK(r.verdict == Verdict::does_not_fit);
      CHECK(r.step_s == 0);
      CHECK(r.per_request_tokens_per_s == 0);
      CHECK(r.total_tokens_per_s == 0);
      CHECK(r.free_bytes == 80e9 - row.total_bytes);
    }
  }
}

TEST_CASE("plan reports KV-cache bytes per token", "[plan]") {
  // 2 * L * H_kv * d_h * b_c = 2 * 32 * 8 * 128 * 2 = 131072 bytes (GQA-8, 16-bit cache).
  CHECK(plan(lesson_input(2, 8, 2, 16, 8192)).kv_cache_bytes_per_token == 131072);
  // MHA: 4x the heads -> 524288 bytes.
  CHECK(plan(lesson_input(2, 32, 2, 16, 8192)).kv_cache_bytes_per_token == 524288);
}

TEST_CASE("knowledge check: 13B model on a 48 GB GPU", "[plan][seed]") {
  // seed-values.json knowledge_check q1-fit: 13 GB weights + 40 GB cache = 53 GB
  // > 48 GB; with an 8-bit cache, 13 + 20 = 33 GB fits.
  // Shape: per token 2 * 40 layers * 5 KV heads * 128 * 2 B = 102400 B;
  // 25 requests * 15625 tokens = 390625 tokens -> 102400 * 390625 = 40e9 B.
  BudgetInput in;
  in.total_params = 13e9;
  in.weight_bytes_per_param = 1;
  in.layers = 40;
  in.query_heads = 40;
  in.kv_heads = 5;
  in.head_dim = 128;
  in.batch = 25;
  in.context_tokens = 15625;
  in.cache_bytes_per_value = 2;
  in.gpu_memory_bytes = 48e9;
  BudgetResult r = plan(in);
  REQUIRE(r.ok);
  CHECK(r.weight_bytes == 13e9);
  CHECK(r.kv_cache_bytes == 40e9);
  CHECK(r.total_bytes == 53e9);
  CHECK_FALSE(r.fits);
  CHECK(r.verdict == Verdict::does_not_fit);
  CHECK_FALSE(r.has_speed);

  in.cache_bytes_per_value = 1;  // 8-bit cache halves it: 20e9 B
  r = plan(in);
  REQUIRE(r.ok);
  CHECK(r.kv_cache_bytes == 20e9);
  CHECK(r.total_bytes == 33e9);
  CHECK(r.fits);
  // 15 GB free of 48 GB is more than the 10 % (4.8 GB) headroom.
  CHECK(r.verdict == Verdict::fits);
  CHECK(r.has_speed);
}

TEST_CASE("tight: fits but leaves less than the headroom free", "[plan]") {
  // 16-bit GQA-8 at B = 61: 14e9 + 61 * 1073741824 = 79498251264 B <= 80e9,
  // free 501748736 B < 0.1 * 80e9 = 8e9 -> tight, still with speed.
  BudgetInput in = lesson_input(2, 8, 2, 61, 8192);
  BudgetResult r = plan(in);
  REQUIRE(r.ok);
  CHECK(r.total_bytes == 79498251264.0);
  CHECK(r.free_bytes == 501748736.0);
  CHECK(r.fits);
  CHECK(r.verdict == Verdict::tight);
  CHECK(r.has_speed);
  CHECK(r.step_s == Approx(0.079498251264));

  // B = 54: 14e9 + 54 * 1073741824 = 71982058496, free 8017941504 >= 8e9 -> fits.
  in.batch = 54;
  CHECK(plan(in).verdict == Verdict::fits);
  // Same B = 54 with 20 % headroom (16e9): tight.
  in.headroom_fraction = 0.2;
  CHECK(plan(in).verdict == Verdict::tight);
  // Zero headroom: nothing that fits is tight.
  in.batch = 61;
  in.headroom_fraction = 0;
  CHECK(plan(in).verdict == Verdict::fits);
}

TEST_CASE("headroom_limit_bytes is the fits/tight boundary", "[plan]") {
  // Lesson defaults: 80e9 - 0.1 * 80e9 = 72e9 B (0.1 * 80e9 rounds to exactly 8e9).
  BudgetInput in = lesson_input(2, 8, 2, 54, 8192);
  BudgetResult r = plan(in);
  REQUIRE(r.ok);
  CHECK(r.headroom_limit_bytes == 72e9);
  // B = 54 uses 71982058496 B <= 72e9 -> fits; B = 55 uses 73055800320 B > 72e9 -> tight.
  CHECK(r.total_bytes <= r.headroom_limit_bytes);
  CHECK(r.verdict == Verdict::fits);
  in.batch = 55;
  r = plan(in);
  CHECK(r.total_bytes == 73055800320.0);
  CHECK(r.verdict == Verdict::tight);
  CHECK(r.headroom_limit_bytes == 72e9);  // set whatever the verdict

  // Exactly at the limit is "fits": weights only + 1 token = 14000131072 B,
  // GPU twice that with 50 % headroom -> limit 28000262144 - 14000131072 = total.
  in = lesson_input(2, 8, 2, 1, 1);
  in.gpu_memory_bytes = 28000262144.0;
  in.headroom_fraction = 0.5;
  r = plan(in);
  CHECK(r.headroom_limit_bytes == 14000131072.0);
  CHECK(r.total_bytes == 14000131072.0);
  CHECK(r.verdict == Verdict::fits);
  // One byte less GPU memory: limit 14000131071.5 < total -> tight.
  in.gpu_memory_bytes -= 1;
  r = plan(in);
  CHECK(r.headroom_limit_bytes == 14000131071.5);
  CHECK(r.verdict == Verdict::tight);

  // Zero headroom: the limit is the GPU memory itself, even when it does not fit.
  in.headroom_fraction = 0;
  in.batch = 1e6;
  r = plan(in);
  CHECK(r.verdict == Verdict::does_not_fit);
  CHECK(r.headroom_limit_bytes == 28000262143.0);
}

TEST_CASE("exactly full GPU memory fits (memory <= GPU memory)", "[plan]") {
  // Weights only: 7e9 * 2 = 14e9; cache 1 token: 131072 B. GPU = 14000131072 B.
  BudgetInput in = lesson_input(2, 8, 2, 1, 1);
  in.gpu_memory_bytes = 14000131072.0;
  BudgetResult r = plan(in);
  CHECK(r.fits);
  CHECK(r.free_bytes == 0);
  CHECK(r.verdict == Verdict::tight);
  in.gpu_memory_bytes -= 1;
  CHECK_FALSE(plan(in).fits);
}

TEST_CASE("compute-bound at large batch", "[plan]") {
  // 8-bit weights and cache, n = 1024, B = 64:
  //   memory  = 7e9 + 65536 * 1024 * 64 = 11294967296 B -> 0.011294967296 s
  //   compute = 2 * 7e9 * 64 / 4e13 = 0.0224 s  -> compute binds, step = 0.0224 s
  //   per request = 1 / 0.0224 = 44.642857..., total = 64 / 0.0224 = 2857.142857...
  BudgetResult r = plan(lesson_input(1, 8, 1, 64, 1024));
  REQUIRE(r.ok);
  CHECK(r.total_bytes == 11294967296.0);
  CHECK(r.bound_by == BindingTerm::compute);
  CHECK(r.step_s == Approx(0.0224));
  CHECK(r.per_request_tokens_per_s == Approx(44.642857142857));
  CHECK(r.total_tokens_per_s == Approx(2857.142857142857));
}

TEST_CASE("MoE: memory uses total parameters, compute uses active ones", "[plan][moe]") {
  // 47e9 total, 13e9 active (a Mixtral-like shape), 8-bit weights, GQA-8,
  // 16-bit cache, B = 64, n = 1024, 80 GB:
  //   weights = 47e9 B; cache = 131072 * 1024 * 64 = 8589934592 B; total 55589934592 B
  //   memory term  = 0.055589934592 s
  //   compute term = 2 * 13e9 * 64 / 4e13 = 0.0416 s (with total params: 0.1504 s)
  BudgetInput in = lesson_input(1, 8, 2, 64, 1024);
  in.total_params = 47e9;
  in.active_params = 13e9;
  BudgetResult r = plan(in);
  REQUIRE(r.ok);
  CHECK(r.weight_bytes == 47e9);
  CHECK(r.total_bytes == 55589934592.0);
  CHECK(r.compute_time_s == Approx(0.0416));
  CHECK(r.bound_by == BindingTerm::memory);
  CHECK(r.step_s == Approx(0.055589934592));

  in.active_params = 0;  // 0 means dense: compute uses all 47e9
  r = plan(in);
  CHECK(r.compute_time_s == Approx(0.1504));
  CHECK(r.bound_by == BindingTerm::compute);
  CHECK(r.step_s == Approx(0.1504));
}

TEST_CASE("sliding window: the cache holds min(n, W) tokens", "[plan][window]") {
  // GQA-8 16-bit, B = 16, n = 32768, W = 4096: cache = 131072 * 4096 * 16 = 8589934592 B.
  BudgetInput in = lesson_input(2, 8, 2, 16, 32768);
  in.sliding_window_tokens = 4096;
  BudgetResult r = plan(in);
  REQUIRE(r.ok);
  CHECK(r.kv_cache_bytes == 8589934592.0);
  CHECK(r.total_bytes == 22589934592.0);
  CHECK(r.fits);
  // Without the window the same workload needs 131072 * 32768 * 16 = 68719476736 B of cache.
  in.sliding_window_tokens = 0;
  r = plan(in);
  CHECK(r.kv_cache_bytes == 68719476736.0);
  CHECK_FALSE(r.fits);
  // A window longer than the context changes nothing: n = 8192 < W = 16384.
  BudgetInput short_ctx = lesson_input(2, 8, 2, 16, 8192);
  short_ctx.sliding_window_tokens = 16384;
  CHECK(plan(short_ctx).kv_cache_bytes == 17179869184.0);
}

TEST_CASE("4.5-bit weights work (b_w = 0.5625)", "[plan]") {
  // 7e9 * 0.5625 = 3937500000 B
  CHECK(plan(lesson_input(0.5625, 8, 1, 16, 8192)).weight_bytes == 3937500000.0);
}

TEST_CASE("every result is finite at the corners of the valid ranges", "[plan][finite]") {
  // Largest memory: every size at its maximum, slowest hardware.
  BudgetInput big;
  big.total_params = 1e13;
  big.layers = 1000;
  big.query_heads = 1024;
  big.kv_heads = 1024;
  big.head_dim = 4096;
  big.weight_bytes_per_param = 8;
  big.cache_bytes_per_value = 8;
  big.batch = 1e6;
  big.context_tokens = 1e8;
  big.gpu_memory_bytes = 1e15;
  big.bandwidth_bytes_per_s = 1;
  big.flops_per_s = 1;
  big.headroom_fraction = 0.9;
  // Smallest memory on the fastest hardware, to push tokens/s up.
  BudgetInput tiny;
  tiny.total_params = 1;
  tiny.layers = 1;
  tiny.query_heads = 1;
  tiny.kv_heads = 1;
  tiny.head_dim = 1;
  tiny.weight_bytes_per_param = 0.01;
  tiny.cache_bytes_per_value = 0.01;
  tiny.batch = 1e6;
  tiny.context_tokens = 1;
  tiny.gpu_memory_bytes = 1e15;
  tiny.bandwidth_bytes_per_s = 1e16;
  tiny.flops_per_s = 1e19;
  tiny.headroom_fraction = 0;
  for (const BudgetInput& in : {big, tiny}) {
    const BudgetResult r = plan(in);
    REQUIRE(r.ok);
    for (double v : {r.weight_bytes, r.kv_cache_bytes, r.kv_cache_bytes_per_token, r.total_bytes, r.free_bytes,
                     r.headroom_limit_bytes, r.memory_time_s, r.compute_time_s, r.step_s, r.per_request_tokens_per_s,
                     r.total_tokens_per_s}) {
      CHECK(std::isfinite(v));
    }
  }
  CHECK_FALSE(plan(big).fits);
  const BudgetResult t = plan(tiny);
  CHECK(t.has_speed);
  // memory = 1*0.01 + 2*0.01*1*1e6 = 20000.01 B; memory term 2.000001e-12 s;
  // compute = 2*1*1e6/1e19 = 2e-13 s -> step 2.000001e-12 s, total = 1e6 / step.
  CHECK(t.step_s == Approx(2.000001e-12));
  CHECK(t.total_tokens_per_s == Approx(1e6 / 2.000001e-12));
}

TEST_CASE("plan rejects a bad input with the field named", "[plan]") {
  BudgetInput in = lesson_input(2, 8, 2, 16, 8192);
  in.kv_heads = 0;
  const BudgetResult r = plan(in);
  CHECK_FALSE(r.ok);
  CHECK(r.error.field == "kv_heads");
  CHECK(r.error.message == "kv_heads must be a whole number from 1 to query_heads (got 0)");
  CHECK(r.total_bytes == 0);
}
