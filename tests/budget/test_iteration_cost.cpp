// The cost of one continuously batched iteration (iteration_cost.h) against
// the budget's own decode step and TTFT, and a chunked prompt worked by hand.
#include <catch2/catch.hpp>

#include <algorithm>

#include "budget/budget_math.h"
#include "budget/iteration_cost.h"
#include "budget/prefill.h"
#include "budget/serving_budget.h"
#include "budget/workload_fixtures.h"

using namespace llmbudget;
using test::lesson_gqa8;

namespace {

double decode_iteration_s(const BudgetInput& in, double batch, double context) {
  IterationWork work;
  for (int i = 0; i < static_cast<int>(batch); ++i) detail::add_decode(in, context, work);
  return detail::iteration_time_s(in, work);
}

double prompt_iteration_s(const BudgetInput& in, double prompt) {
  IterationWork work;
  detail::add_prefill_chunk(in, 0, prompt, work);
  return detail::iteration_time_s(in, work);
}

}  // namespace

TEST_CASE("an iteration of B decode tokens at context n is the decode step", "[iteration_cost]") {
  BudgetInput in = lesson_gqa8();  // B = 16, n = 8192
  const BudgetResult r = plan(in);
  REQUIRE(r.ok);
  // 14e9 + 16 * 2*32*8*128*8192*2 = 14e9 + 16 * 1,073,741,824 B = 31,179,869,184 B / 1e12 = 31.18 ms
  CHECK(r.step_s == Approx(0.031179869184).epsilon(1e-12));
  CHECK(decode_iteration_s(in, 16, 8192) == Approx(r.step_s).epsilon(1e-12));
  // Four GPUs (all-reduces), the 70B at batch 32: the same equality.
  const BudgetInput tp = test::llama31_70b_h100(4);
  const BudgetResult rt = plan(tp);
  REQUIRE(rt.ok);
  CHECK(rt.comm_s > 0);
  CHECK(decode_iteration_s(tp, 32, 4096) == Approx(rt.step_s).epsilon(1e-12));
  // A mixture of experts: the experts 16 tokens touch, as the decode step reads them.
  BudgetInput moe = lesson_gqa8();
  moe.total_params = 46.7e9;
  moe.active_params = 12.9e9;
  moe.experts = 8;
  moe.experts_per_token = 2;
  moe.gpu_memory_bytes = 200e9;
  const BudgetResult rm = plan(moe);
  REQUIRE(rm.ok);
  CHECK(decode_iteration_s(moe, 16, 8192) == Approx(rm.step_s).epsilon(1e-12));
}

TEST_CASE("an iteration of one whole prompt is the TTFT of a request arriving alone", "[iteration_cost]") {
  BudgetInput in = lesson_gqa8();
  in.prompt_tokens = 1000;
  CHECK(prompt_iteration_s(in, 1000) == Approx(0.3565601536).epsilon(1e-12));  // test_prefill.cpp's hand value
  CHECK(prompt_iteration_s(in, 1000) == Approx(plan(in).ttft_s).epsilon(1e-12));
  // A prompt longer than a sliding window: 127,883,213,275,136 FLOP / 4e13 (test_prefill.cpp)
  BudgetInput window = lesson_gqa8();
  window.sliding_window_tokens = 4096;
  window.prompt_tokens = 8192;
  CHECK(prompt_iteration_s(window, 8192) == Approx(3.1970803318784).epsilon(1e-12));
  // Four GPUs, with the all-reduces of the 4096 prompt tokens.
  const BudgetInput tp = test::llama31_70b_h100(4);
  CHECK(prompt_iteration_s(tp, 4096) == Approx(plan(tp).ttft_s).epsilon(1e-12));
}

TEST_CASE("a prompt in two chunks: the same attention, the weights read twice", "[iteration_cost]") {
  const BudgetInput in = lesson_gqa8();
  IterationWork first, second, whole;
  detail::add_prefill_chunk(in, 0, 600, first);
  detail::add_prefill_chunk(in, 600, 400, second);
  detail::add_prefill_chunk(in, 0, 1000, whole);
  // pairs(1000) = 500,500 = pairs(600) + (pairs(1000) - pairs(600)) = 180,300 + 320,200
  CHECK(first.attention_flops == 4.0 * 32 * 32 * 128 * 180300);
  CHECK(second.attention_flops == 4.0 * 32 * 32 * 128 * 320200);
  CHECK(first.attention_flops + second.attention_flops == whole.attention_flops);
  // The second chunk reads the first's 600 tokens of cache and writes its own 400: 1000 tokens,
  // 2*32*8*128*2 = 131,072 B per token.
  CHECK(second.kv_bytes == 131072.0 * 1000);
  // Both chunks are compute-bound: (2*7e9*600 + 524,288*180,300) / 4e13 = 0.2236..., and
  // (2*7e9*400 + 524,288*320,200) / 4e13 = 0.1441...; together the whole prompt's FLOPs, so
  // the same time as one pass here (the weights, read twice, stay below the arithmetic).
  CHECK(detail::iteration_time_s(in, first) == Approx((8.4e12 + 524288.0 * 180300) / 4e13).epsilon(1e-12));
  CHECK(detail::iteration_time_s(in, first) + detail::iteration_time_s(in, second) ==
        Approx(detail::iteration_time_s(in, whole)).epsilon(1e-12));
}

TEST_CASE("a mixed iteration: decodes riding with a prefill chunk", "[iteration_cost]") {
  const BudgetInput in = lesson_gqa8();
  IterationWork work;
  detail::add_decode(in, 2000, work);
  detail::add_decode(in, 3000, work);
  detail::add_prefill_chunk(in, 0, 100, work);
  CHECK(work.tokens == 102);
  // KV: 131,072 B per token * (2000 + 3000 + 100)
  CHECK(work.kv_bytes == 131072.0 * 5100);
  // traffic (14e9 + 668,467,200) / 1e12 = 14.67 ms; FLOPs 2*7e9*102 + 524,288*5,050 = 1.4306476544e12 / 4e13 = 35.8 ms:
  // compute binds
  CHECK(detail::iteration_time_s(in, work) == Approx((1.428e12 + 524288.0 * 5050) / 4e13).epsilon(1e-12));
  CHECK(detail::iteration_time_s(in, IterationWork{}) == 0);
}

TEST_CASE("decodes added together cost what they cost one by one", "[iteration_cost]") {
  BudgetInput in = lesson_gqa8();
  in.sliding_window_tokens = 4096;
  in.sliding_window_layers = 16;  // half the layers windowed
  IterationWork one_by_one, together;
  double sum = 0, windowed = 0;
  for (double n : {100.0, 4095.0, 4096.0, 9000.0}) {
    detail::add_decode(in, n, one_by_one);
    sum += n;
    windowed += std::min(n, 4096.0);
  }
  detail::add_decodes(in, 4, sum, windowed, together);
  CHECK(together.tokens == 4);
  // 2*8*128*2 = 4,096 B per layer and token: 16 full layers * 17,291 + 16 windowed * 12,387 tokens (100 + 4,095 + 4,096
  // + 4,096)
  CHECK(together.kv_bytes == 4096.0 * (16 * 17291 + 16 * 12387));
  CHECK(together.kv_bytes == Approx(one_by_one.kv_bytes).epsilon(1e-15));
  const BudgetInput full = lesson_gqa8();
  IterationWork a, b;
  detail::add_decode(full, 10, a);
  detail::add_decode(full, 30, a);
  detail::add_decodes(full, 2, 40, 40, b);
  CHECK(a.kv_bytes == b.kv_bytes);  // 131,072 B * 40
}
