// Arithmetic by precision: the rate follows the wider of the weights and the
// activations (budget_math.h matmul_bits); weight-only quantisation keeps 16 bits.
#include <catch2/catch.hpp>

#include "budget/budget_math.h"
#include "budget/prefill.h"
#include "budget/serving_budget.h"

using namespace llmbudget;

namespace {

BudgetInput h100_rates() {
  BudgetInput in;  // the lesson's 7B
  in.kv_heads = 8;
  in.flops_per_s = 494.75e12;      // H100 SXM dense BF16 989.5 TFLOP/s at half
  in.flops_8bit_per_s = 989.5e12;  // dense FP8 1,979 at half
  in.flops_4bit_per_s = 0;         // no 4-bit tensor cores: the 8-bit rate
  return in;
}

}  // namespace

TEST_CASE("the precision the multiplies run in", "[precision]") {
  BudgetInput in = h100_rates();
  CHECK(detail::matmul_bits(in) == 16);  // 16-bit weights and activations
  in.weight_bytes_per_param = 1;         // int8 weights, 16-bit activations (weight-only)
  CHECK(detail::matmul_bits(in) == 16);
  CHECK(detail::matmul_flops_per_s(in) == 494.75e12);
  in.activation_bytes_per_value = 1;  // FP8 weights and activations
  CHECK(detail::matmul_bits(in) == 8);
  CHECK(detail::matmul_flops_per_s(in) == 989.5e12);
  in.weight_bytes_per_param = 0.5;  // FP4 weights, FP8 activations: 8 bits
  CHECK(detail::matmul_bits(in) == 8);
  in.activation_bytes_per_value = 0.5;  // FP4 both: 4 bits, no 4-bit rate set: the 8-bit one
  CHECK(detail::matmul_bits(in) == 4);
  CHECK(detail::matmul_flops_per_s(in) == 989.5e12);
  in.flops_4bit_per_s = 2e15;
  CHECK(detail::matmul_flops_per_s(in) == 2e15);
  in.flops_8bit_per_s = 0;  // nothing faster set: the 16-bit rate carries down
  in.flops_4bit_per_s = 0;
  CHECK(detail::matmul_flops_per_s(in) == 494.75e12);
}

TEST_CASE("FP8 halves the arithmetic terms of decode and prefill", "[precision]") {
  BudgetInput in = h100_rates();
  in.weight_bytes_per_param = 1;
  in.batch = 64;
  in.prompt_tokens = 4096;
  const BudgetResult weight_only = plan(in);
  in.activation_bytes_per_value = 1;
  const BudgetResult fp8 = plan(in);
  REQUIRE(weight_only.ok);
  REQUIRE(fp8.ok);
  // 2 * 7e9 * 64 / 494.75e12 = 1.811 ms at 16 bits; at 989.5e12 half of it.
  CHECK(weight_only.compute_time_s == Approx(2 * 7e9 * 64 / 494.75e12));
  CHECK(fp8.compute_time_s == Approx(weight_only.compute_time_s / 2));
  CHECK(fp8.matmul_bits == 8);
  CHECK(fp8.matmul_flops_per_s == 989.5e12);
  CHECK(detail::prefill_flops(in) / fp8.matmul_flops_per_s < weight_only.ttft_s);
}
