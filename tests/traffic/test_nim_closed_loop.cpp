// NVIDIA NIM's published closed-loop runs of Llama 3.3 70B FP8 on 2 x H100
// (docs.nvidia.com/nim/benchmarking/llm/1.0.0/performance, "Llama-3.3-70b-instruct
// Results", NIM 1.8.0, 5,000 input and 500 output tokens, fp8 TP2), run through the
// serving simulation: these goldens are what the model gives, held beside the
// measurements in the comments (estimate / measured):
//   concurrency    TTFT measured   ITL measured
//   1              406.77 ms       18.58 ms
//   25             688.69 ms       38.75 ms
//   50             834.51 ms       59.73 ms
//   100            7,996 ms        92.91 ms
// Inputs as content/measured-decode.json builds its NIM rows: the llama-3.1-70b preset's
// shapes (Llama 3.3 70B keeps them: 70,553,706,496 parameters, 80 layers, 64 query and 8 KV
// heads of 128), FP8 weights and activations (1 byte; the 8-bit rate), the h100-sxm-80gb
// preset's usable figures (85,520,809,984 B, 2.68e12 B/s, 494.75e12 and 989.5e12 FLOP/s,
// NVLink 450e9 B/s a way), lambda 20 us, vLLM's scheduler defaults (8,192 tokens an
// iteration, max_num_seqs 1,024 on an H100: no cap at these concurrencies) and the 10% headroom (gpu_memory_utilization
// 0.9). 1,000 requests per run; every client sends its first request at 0.
#include <catch2/catch.hpp>

#include "budget/budget_math.h"
#include "budget/serving_budget.h"
#include "traffic/serving_simulation.h"

using namespace llmbudget;

namespace {

BudgetInput nim_llama33_70b_fp8(double cache_bytes_per_value) {
  BudgetInput in;
  in.total_params = 70553706496.0;
  in.layers = 80;
  in.query_heads = 64;
  in.kv_heads = 8;
  in.head_dim = 128;
  in.weight_bytes_per_param = 1;
  in.activation_bytes_per_value = 1;
  in.cache_bytes_per_value = cache_bytes_per_value;
  in.gpus = 2;
  in.gpu_memory_bytes = 85520809984.0;
  in.bandwidth_bytes_per_s = 2.68e12;
  in.flops_per_s = 494.75e12;
  in.flops_8bit_per_s = 989.5e12;
  in.interconnect_bytes_per_s = 450e9;
  in.model_max_context_tokens = 131072;
  in.prompt_tokens = 5000;
  in.context_tokens = 5500;
  in.batch = 1;
  return in;
}

TrafficResult run(const BudgetInput& in, double concurrency) {
  TrafficInput t;
  t.request_rate = 0;
  t.concurrency = concurrency;
  t.requests = 1000;
  t.input_tokens = 5000;
  t.output_tokens = 500;
  return simulate_traffic(in, t);
}

}  // namespace

TEST_CASE("NIM Llama 3.3 70B FP8, concurrency 1: the budget's TTFT and decode step", "[traffic][nim]") {
  const BudgetInput in = nim_llama33_70b_fp8(2);
  const TrafficResult r = run(in, 1);
  REQUIRE(r.ok);
  // TTFT = ttft_s: 7.3831e14 FLOP / (2 * 989.5e12) + all-reduces 32.33 ms = 405.40 ms
  // (tests/node/measured.test.mjs works it by hand): 1.00x the measured 406.77 ms.
  CHECK(r.ttft_s.mean == Approx(plan(in).ttft_s).epsilon(1e-12));
  CHECK(r.ttft_s.mean == Approx(0.405400187695).epsilon(1e-9));
  // TPOT: decodes at contexts 5,001..5,499, memory-bound, so the step at the mean context
  // 5,250: (35,276,853,248 + 163,840 B * 5,250) / 2.68e12 = 13.484 ms, + all-reduces
  // 160 * (16,384 B / 450e9 + 20 us) = 3.206 ms: 16.69 ms, 0.90x the measured 18.58 ms ITL.
  CHECK(r.tpot_s.mean ==
        Approx((35276853248.0 + 163840.0 * 5250) / 2.68e12 + 160 * (16384 / 450e9 + 20e-6)).epsilon(1e-9));
}

TEST_CASE("NIM Llama 3.3 70B FP8, concurrency 25 to 100: the knee where the KV cache runs out", "[traffic][nim]") {
  // With a 16-bit cache each GPU keeps 0.9 * 85.52 GB - 35.28 GB of weights = 41.69 GB for
  // 163,840 B per token: 46.27 requests of 5,500 tokens. With an FP8 cache, 92.53. A request
  // is admitted only when its whole context fits, so at most 46 (or 92) run; the others wait
  // whole requests (500 decode steps) for a place, and TTFT jumps: the knee.
  const BudgetInput cache16 = nim_llama33_70b_fp8(2);
  const BudgetInput cache8 = nim_llama33_70b_fp8(1);
  CHECK(detail::kv_budget_bytes(cache16) / detail::per_gpu_kv_bytes_per_request(cache16, 5500) ==
        Approx(46.2667).epsilon(1e-5));
  CHECK(detail::kv_budget_bytes(cache8) / detail::per_gpu_kv_bytes_per_request(cache8, 5500) ==
        Approx(92.5335).epsilon(1e-5));

  // Concurrency 25, both caches: every client runs (25 < 46). TTFT mean 666.18 ms
  // (0.97x the 688.69 measured; p50 407.25 ms, the mean raised by the first 25 prompts
  // queued together at 0); TPOT 42.53 ms (16-bit, 1.10x the 38.75 ITL), 38.69 ms (FP8, 1.00x).
  const TrafficResult c25 = run(cache16, 25);
  REQUIRE(c25.ok);
  CHECK(c25.ttft_s.mean == Approx(0.666180666431).epsilon(1e-9));
  CHECK(c25.ttft_s.p50 == Approx(0.407251254985).epsilon(1e-9));
  CHECK(c25.tpot_s.mean == Approx(0.0425334827905).epsilon(1e-9));
  CHECK(run(cache8, 25).tpot_s.mean == Approx(0.0386922454941).epsilon(1e-9));

  // 16-bit cache: the knee comes before 50. At 50, 45.4 run on average and TTFT is 4.03 s
  // (4.8x the 834.51 ms measured); at 100, 38.9 s (4.9x the 7,996 ms). TPOT stays 64.40 ms,
  // the 45 running set it (1.08x the 59.73 ms at 50; 0.69x the 92.91 ms at 100).
  const TrafficResult c50 = run(cache16, 50);
  REQUIRE(c50.ok);
  CHECK(c50.mean_running == Approx(45.3641309276).epsilon(1e-9));
  CHECK(c50.ttft_s.mean == Approx(4.03279317336).epsilon(1e-9));
  CHECK(c50.tpot_s.mean == Approx(0.0644016754776).epsilon(1e-9));
  const TrafficResult c100 = run(cache16, 100);
  REQUIRE(c100.ok);
  CHECK(c100.ttft_s.mean == Approx(38.856689825).epsilon(1e-9));

  // FP8 cache: the knee between 50 and 100, where NIM's measurements put it. At 50 all run
  // (49.8 on average): TTFT 1.28 s (1.54x the 834.51 ms; p50 658 ms), TPOT 61.21 ms (1.02x
  // the 59.73 ms). At 100, 90.1 run and the rest wait: TTFT 7.00 s (0.88x the 7,996 ms),
  // TPOT 98.00 ms (1.05x the 92.91 ms).
  const TrafficResult f50 = run(cache8, 50);
  REQUIRE(f50.ok);
  CHECK(f50.mean_running == Approx(49.8401235183).epsilon(1e-9));
  CHECK(f50.ttft_s.mean == Approx(1.28347810777).epsilon(1e-9));
  CHECK(f50.tpot_s.mean == Approx(0.0612133096332).epsilon(1e-9));
  const TrafficResult f100 = run(cache8, 100);
  REQUIRE(f100.ok);
  CHECK(f100.mean_running == Approx(90.1134317609).epsilon(1e-9));
  CHECK(f100.mean_running <= 92);  // the KV cache's 92.53 requests, whole
  CHECK(f100.ttft_s.mean == Approx(6.9975616149).epsilon(1e-9));
  CHECK(f100.tpot_s.mean == Approx(0.0979992272696).epsilon(1e-9));
}
