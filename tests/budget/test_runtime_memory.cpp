// The runtime's own memory (activation peak, reserve) and the KV capacity and
// maximum concurrency vLLM prints at startup, from gpu_memory_utilization
// u = 1 - headroom_fraction.
#include <catch2/catch.hpp>

#include "budget/capacity.h"
#include "budget/serving_budget.h"
#include "budget/unit_constants.h"
#include "workload_fixtures.h"

using namespace llmbudget;

namespace {

using test::kGiB;

// Llama 3.1 8B (content/presets.json: 8,030,261,248 parameters, 32 layers, 8
// KV heads of 128), 16-bit, on one H100 as vLLM saw it in llm-d's measured runs
// (llm-d/llm-d-benchmark, config_explorer/empirical-vllm-memory-results.md:
// 79.18 GiB total, gpu-memory-utilization 0.9, peak activation 4.76 GiB,
// non-torch memory 0.13 GiB, max-model-len 16,000; vLLM reported 14.99 GiB of
// weights and 51.38 GiB of KV cache).
BudgetInput llama31_8b_h100_vllm() {
  BudgetInput in = llmbudget::test::llama31_8b(79.18 * kGiB);
  in.headroom_fraction = 0.1;
  in.activation_peak_bytes = 4.76 * kGiB;
  in.runtime_reserve_bytes = 0.13 * kGiB;
  return in;
}

}  // namespace

TEST_CASE("KV capacity in tokens and maximum concurrency, as vLLM prints them", "[runtime]") {
  // Cache budget = 0.9 * 79.18 GiB - 16,060,522,496 B - 4.76 GiB - 0.13 GiB
  //              = 55,205,869,846.5 B = 51.41 GiB (vLLM: 51.38; its weights were 0.03 GiB more).
  // Per token 2 * 32 * 8 * 128 * 2 B = 131,072 B -> floor(421,187.36) = 421,187 tokens;
  // per request of 16,000 tokens: 421,187.36 / 16,000 = 26.32 requests.
  const BudgetResult r = plan(llama31_8b_h100_vllm());
  REQUIRE(r.ok);
  CHECK(r.runtime_bytes == Approx(4.89 * kGiB));
  CHECK(r.kv_capacity_tokens == 421187);
  CHECK(r.max_concurrency == Approx(26.3242100938));
  // Against vLLM's own 51.38 GiB: 51.38 GiB / 131,072 B = 420,905 tokens, 0.07 % fewer.
  CHECK(r.kv_capacity_tokens / (51.38 * kGiB / 131072) == Approx(1.00067).epsilon(1e-4));
}

TEST_CASE("the runtime's memory counts in the verdict and the capacity answers", "[runtime]") {
  BudgetInput in = llama31_8b_h100_vllm();
  const CapacityResult c = capacity(in);
  REQUIRE(c.ok);
  // The largest batch within the headroom is the maximum concurrency rounded down.
  CHECK(c.max_batch_with_headroom == 26);
  in.batch = 26;
  CHECK(plan(in).verdict == Verdict::fits);
  in.batch = 27;
  CHECK(plan(in).verdict == Verdict::tight);
  // Per GPU and in total the runtime is counted once per GPU.
  in.batch = 1;
  const BudgetResult one = plan(in);
  CHECK(one.per_gpu_bytes == Approx(16060522496.0 + 4.89 * kGiB + 131072.0 * 16000));
  CHECK(one.total_bytes == one.per_gpu_bytes);
}

TEST_CASE("without runtime memory the lesson's numbers stand and the capacity follows the headroom", "[runtime]") {
  BudgetInput in;  // the lesson's 7B, GQA-8, B = 16, n = 8,192 on 80 GB, headroom 10 %
  in.kv_heads = 8;
  const BudgetResult r = plan(in);
  REQUIRE(r.ok);
  CHECK(r.total_bytes == 31179869184.0);  // 14 GB + 17.18 GB, the lesson's row
  CHECK(r.runtime_bytes == 0);
  // (72e9 - 14e9) / 131,072 B per token = 442,504.88 -> 442,504 tokens; / 8,192 = 54.02 requests.
  CHECK(r.kv_capacity_tokens == 442504);
  CHECK(r.max_concurrency == Approx(58e9 / (131072.0 * 8192)));
  // No room left: both 0.
  in.total_params = 40e9;  // 80 GB of weights
  const BudgetResult none = plan(in);
  CHECK(none.kv_capacity_tokens == 0);
  CHECK(none.max_concurrency == 0);
}
