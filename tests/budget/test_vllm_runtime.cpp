// The estimate of vLLM's startup memory (vllm_runtime.h) held against llm-d's
// measured H100 runs (llm-d/llm-d-benchmark @ 259334868c5075da530cc6c90b43fceb11b6e6a7,
// config_explorer/empirical-vllm-memory-results.md), and the KV capacity and
// maximum concurrency it gives on the GPU presets' true capacities.
#include <catch2/catch.hpp>

#include "budget/serving_budget.h"
#include "budget/unit_constants.h"
#include "budget/vllm_runtime.h"
#include "workload_fixtures.h"

using namespace llmbudget;
using llmbudget::test::llama31_8b;

namespace {
using test::kGiB;
constexpr double kMiB = 1048576.0;
}  // namespace

TEST_CASE("vLLM's default max_num_seqs follows the GPU's memory, the A100 excepted by name", "[vllm-runtime]") {
  CHECK(vllm_default_max_num_seqs(81559 * kMiB, "NVIDIA H100 80GB HBM3") == 1024);  // as nvidia-smi reports it
  CHECK(vllm_default_max_num_seqs(70 * kGiB, "") == 1024);                          // the rule's bound, inclusive
  CHECK(vllm_default_max_num_seqs(70 * kGiB - 1, "") == 256);
  CHECK(vllm_default_max_num_seqs(81920 * kMiB, "NVIDIA A100-SXM4-80GB") == 256);  // excepted by name, any case
  CHECK(vllm_default_max_num_seqs(81920 * kMiB, "nvidia a100 80 gb sxm") == 256);
  CHECK(vllm_default_max_num_seqs(24564 * kMiB, "NVIDIA GeForce RTX 4090") == 256);
}

TEST_CASE("the warm-up peak follows the vocabulary within 2 % of every llm-d run", "[vllm-runtime]") {
  // Each run: 1,024 sequences (vLLM's H100 default); measured peak in GiB.
  const struct {
    const char* model;
    double vocab, measured_gib, gpus;
  } runs[] = {
      {"Llama-3.1-8B", 128256, 4.76, 1}, {"Llama-3.3-70B FP8, TP 2", 128256, 4.84, 2},
      {"Qwen3-0.6B", 151936, 5.56, 1},   {"Qwen3-32B", 151936, 5.64, 1},
      {"gpt-oss-20b", 201088, 7.38, 1},
  };
  for (const auto& run : runs) {
    INFO(run.model);
    BudgetInput in = llama31_8b(79.18 * kGiB);  // the shape does not enter the estimate; the vocabulary does
    in.vocab_size = run.vocab;
    const VllmRuntimeEstimate e = vllm_runtime_estimate(in);
    REQUIRE(e.ok);
    CHECK(e.max_num_seqs == 1024);
    CHECK(e.activation_peak_bytes == Approx(9.7 * 1024 * run.vocab * 4));
    CHECK(e.activation_peak_bytes / (run.measured_gib * kGiB) == Approx(1).margin(0.02));
  }
}

TEST_CASE("the estimate reproduces the KV cache vLLM printed for Llama 3.1 8B on an H100", "[vllm-runtime]") {
  // llm-d: 79.18 GiB, u = 0.9, weights 14.99 GiB, vLLM printed 51.38 GiB of KV cache.
  // Estimate: 0.9 * 79.18 GiB - 16,060,522,496 B - 9.7 * 1,024 * 128,256 * 4 B (5,095,764,787.2)
  //           - 0.13 GiB (139,586,437.12) = 55,221,116,141.57 B = 51.43 GiB -> 421,303 tokens of 131,072 B.
  const BudgetInput in = llama31_8b(79.18 * kGiB);
  const VllmRuntimeEstimate e = vllm_runtime_estimate(in);
  REQUIRE(e.ok);
  CHECK(e.headroom_fraction == 0.1);             // exactly, not 1 - 0.9 = 0.09999999999999998
  CHECK(e.activation_peak_bytes == 5095764787);  // 9.7 x 1,024 x 128,256 x 4 = 5,095,764,787.2, to a whole byte
  CHECK(e.runtime_reserve_bytes == Approx(0.13 * kGiB));
  const BudgetResult r = plan(with_vllm_runtime(in, e));
  REQUIRE(r.ok);
  CHECK(r.kv_capacity_tokens == 421303);
  CHECK(r.kv_capacity_tokens * 131072 / (51.38 * kGiB) == Approx(1.00095).epsilon(1e-4));  // 0.1 % above vLLM
}

TEST_CASE("KV capacity and maximum concurrency at vLLM's defaults on the H100 and RTX 4090 presets", "[vllm-runtime]") {
  // H100 SXM, 81,559 MiB = 85,520,809,984 B, 1,024 sequences:
  //   0.9 * 85,520,809,984 - 16,060,522,496 - 5,095,764,787.2 - 139,586,437.12 = 55,672,855,265.28 B
  //   -> 424,750 tokens; 424,750.18 / 131,072 = 3.24 requests of the model's full 131,072-token context.
  BudgetInput h100 = llama31_8b(81559 * kMiB);
  h100.context_tokens = 131072;
  const BudgetResult rh = plan(with_vllm_runtime(h100, vllm_runtime_estimate(h100)));
  REQUIRE(rh.ok);
  CHECK(rh.kv_capacity_tokens == 424750);
  CHECK(rh.max_concurrency == Approx(3.2405866814));
  // RTX 4090, 24,564 MiB = 25,757,220,864 B, 256 sequences (peak 1,273,941,196.8 B):
  //   0.9 * 25,757,220,864 - 16,060,522,496 - 1,273,941,196.8 - 139,586,437.12 = 5,707,448,647.68 B
  //   -> 43,544 tokens; 0.33 requests of 131,072 tokens.
  BudgetInput rtx = llama31_8b(24564 * kMiB);
  rtx.context_tokens = 131072;
  const VllmRuntimeEstimate er = vllm_runtime_estimate(rtx);
  REQUIRE(er.ok);
  CHECK(er.max_num_seqs == 256);
  const BudgetResult rr = plan(with_vllm_runtime(rtx, er));
  REQUIRE(rr.ok);
  CHECK(rr.kv_capacity_tokens == 43544);
  CHECK(rr.max_concurrency == Approx(0.3322172356));
}

TEST_CASE("tensor parallel uses the 2-GPU non-torch figure and the whole vocabulary per GPU", "[vllm-runtime]") {
  BudgetInput in = llama31_8b(79.18 * kGiB);
  in.gpus = 2;
  const VllmRuntimeEstimate e = vllm_runtime_estimate(in);
  REQUIRE(e.ok);
  CHECK(e.runtime_reserve_bytes == Approx(0.55 * kGiB));
  CHECK(e.activation_peak_bytes == Approx(9.7 * 1024 * 128256 * 4));  // logits are gathered whole on each GPU
}

TEST_CASE("the estimate refuses an unknown vocabulary, a bad max_num_seqs and a bad input", "[vllm-runtime]") {
  BudgetInput in = llama31_8b(79.18 * kGiB);
  in.vocab_size = 0;
  VllmRuntimeEstimate e = vllm_runtime_estimate(in);
  CHECK_FALSE(e.ok);
  CHECK(e.error.field == "vocab_size");
  // Like every validation message, it begins with the field's name (budget/field_checks.h).
  CHECK(e.error.message.rfind("vocab_size must be known", 0) == 0);
  in.vocab_size = 32000;
  for (double bad : {-1.0, 2.5, 2e6}) {
    e = vllm_runtime_estimate(in, bad);
    CHECK_FALSE(e.ok);
    CHECK(e.error.field == "max_num_seqs");
  }
  e = vllm_runtime_estimate(in, 8);
  REQUIRE(e.ok);
  CHECK(e.activation_peak_bytes == Approx(9.7 * 8 * 32000 * 4));  // 9,932,800 B
  in.kv_heads = 5;                                                // 32 query heads cannot be shared among 5 KV heads
  e = vllm_runtime_estimate(in);
  CHECK_FALSE(e.ok);
  CHECK(e.error.field == "kv_heads");
  // A failed estimate leaves the input as it was.
  CHECK(with_vllm_runtime(in, e).headroom_fraction == in.headroom_fraction);
}
