// Prefill and time to first token (prefill.h), the prompt's refusals, and the
// latency-target verdicts plan() gives.
#include <catch2/catch.hpp>

#include "budget/prefill.h"
#include "budget/serving_budget.h"
#include "budget/validate.h"
#include "budget/workload_fixtures.h"

using namespace llmbudget;

using test::lesson_gqa8;

TEST_CASE("attention pairs with and without a sliding window", "[prefill]") {
  CHECK(detail::attention_pairs(8, 0) == 36);  // 8*9/2
  CHECK(detail::attention_pairs(8, 8) == 36);  // the window covers the prompt
  CHECK(detail::attention_pairs(8, 100) == 36);
  CHECK(detail::attention_pairs(8, 4) == 26);  // 4*5/2 + (8-4)*4 = 10 + 16
  CHECK(detail::attention_pairs(1, 0) == 1);
  // A 8192-token prompt through a 4096 window: 4096*4097/2 + 4096*4096 = 8,390,656 + 16,777,216
  CHECK(detail::attention_pairs(8192, 4096) == 25167872);
}

TEST_CASE("TTFT of a small model worked by hand, memory-bound", "[prefill]") {
  BudgetInput in;
  in.total_params = 1e9;
  in.layers = 2;
  in.query_heads = 4;
  in.kv_heads = 2;
  in.head_dim = 8;
  in.sliding_window_tokens = 4;
  in.context_tokens = 8;
  in.prompt_tokens = 8;
  in.batch = 1;
  // FLOPs = 2*1e9*8 + 4*2*4*8*26 = 16e9 + 6,656
  CHECK(detail::prefill_flops(in) == 16000006656.0);
  // traffic = 1e9*2 + 2*2*2*8*min(8, 4)*2 = 2e9 + 512
  CHECK(detail::prefill_traffic_bytes(in) == 2000000512.0);
  const BudgetResult r = plan(in);
  REQUIRE(r.ok);
  // max(2,000,000,512 / 1e12, 16,000,006,656 / 4e13) = max(2.000000512e-3, 4.0000016640e-4)
  CHECK(r.ttft_s == Approx(2.000000512e-3).epsilon(1e-12));
}

TEST_CASE("TTFT on one GPU: the lesson's 7B, compute-bound", "[prefill]") {
  BudgetInput in = lesson_gqa8();
  in.prompt_tokens = 1000;
  const BudgetResult r = plan(in);
  REQUIRE(r.ok);
  // FLOPs = 2*7e9*1000 + 4*32*32*128*(1000*1001/2) = 1.4e13 + 524,288*500,500 = 14,262,406,144,000
  // / 4e13 = 0.3565601536 s; traffic 14e9 + 2*32*8*128*1000*2 = 14.131e9 B / 1e12 = 14.1 ms, so compute binds
  CHECK(r.ttft_s == Approx(0.3565601536).epsilon(1e-12));
  // prompt_tokens 0: the whole context (8192) is the prompt (the FLOPs count query heads, not KV heads):
  // 2*7e9*8192 + 524,288*33,558,528 = 132,282,333,528,064 FLOP / 4e13 = 3.3070583382 s
  const BudgetResult whole = plan(lesson_gqa8());
  CHECK(whole.ttft_s == Approx(3.3070583382016).epsilon(1e-12));
}

TEST_CASE("TTFT with a sliding window and a prompt longer than it", "[prefill]") {
  BudgetInput in = lesson_gqa8();
  in.sliding_window_tokens = 4096;
  in.prompt_tokens = 8192;
  // 2*7e9*8192 + 524,288 * 25,167,872 = 127,883,213,275,136 FLOP / 4e13 = 3.1970803318784 s
  CHECK(detail::prefill_flops(in) == 127883213275136.0);
  // The prompt's cache stops at the window: 14e9 + 2*32*8*128*4096*2 = 14e9 + 536,870,912
  CHECK(detail::prefill_traffic_bytes(in) == 14536870912.0);
  CHECK(plan(in).ttft_s == Approx(3.1970803318784).epsilon(1e-12));
}

TEST_CASE("TTFT on four GPUs: the 70B prompt with its all-reduces", "[prefill][tensor_parallel]") {
  const BudgetInput in = test::llama31_70b_h100(4);  // tests/budget/workload_fixtures.h
  // pairs 4096*4097/2 = 8,390,656; FLOPs = 2*70.6e9*4096 + 4*80*64*128*8,390,656
  //   = 578,355,200,000,000 + 21,995,601,264,640 = 600,350,801,264,640
  CHECK(detail::prefill_flops(in) == 600350801264640.0);
  // FLOPs / (4 * 494.75e12) = 0.303361698 s; traffic 35.3e9 + 2*80*2*128*4096*2 = 35.6355e9 B / 2.68e12 = 13.3 ms
  // all-reduces: 2*80*(2*3/4 * 4096*8192*2 / 450e9 + 20e-6) = 160*(2.2369621e-4 + 2e-5) = 0.0389913941 s
  // TTFT = 0.303361698 + 0.038991394 = 0.342352082 s
  const BudgetResult r = plan(in);
  REQUIRE(r.ok);
  CHECK(r.ttft_s == Approx(0.3423520819881).epsilon(1e-9));
}

TEST_CASE("no TTFT when it does not fit", "[prefill]") {
  BudgetInput in;  // the lesson's MHA row at B = 16: 82.7 GB on an 80 GB GPU
  in.ttft_target_s = 5;
  in.per_request_target_tokens_per_s = 1;
  const BudgetResult r = plan(in);
  REQUIRE(r.ok);
  CHECK_FALSE(r.fits);
  CHECK(r.ttft_s == 0);
  CHECK_FALSE(r.ttft_target_met);
  CHECK_FALSE(r.per_request_target_met);
  CHECK(r.ttft_margin_s == 0);
}

TEST_CASE("latency targets: met, missed and by how much", "[prefill][targets]") {
  BudgetInput in = lesson_gqa8();
  in.prompt_tokens = 1000;  // TTFT 0.3565601536 s; step 31.179869184 ms -> 32.0719... tok/s
  const BudgetResult none = plan(in);
  CHECK(none.ttft_target_met);  // no target: met
  CHECK(none.per_request_target_met);
  CHECK(none.ttft_margin_s == 0);
  CHECK(none.per_request_margin_tokens_per_s == 0);

  in.ttft_target_s = 0.5;
  in.per_request_target_tokens_per_s = 20;
  const BudgetResult met = plan(in);
  CHECK(met.ttft_target_met);
  CHECK(met.ttft_margin_s == Approx(0.5 - 0.3565601536).epsilon(1e-12));  // 0.1434398464 s to spare
  CHECK(met.per_request_target_met);
  // 1 / 0.031179869184 = 32.0719745 tok/s; 12.07 above the target
  CHECK(met.per_request_margin_tokens_per_s == Approx(1 / 0.031179869184 - 20).epsilon(1e-12));

  in.ttft_target_s = 0.25;
  in.per_request_target_tokens_per_s = 40;
  const BudgetResult missed = plan(in);
  CHECK_FALSE(missed.ttft_target_met);
  CHECK(missed.ttft_margin_s == Approx(0.25 - 0.3565601536).epsilon(1e-12));  // missed by 0.1065601536 s
  CHECK_FALSE(missed.per_request_target_met);
  CHECK(missed.per_request_margin_tokens_per_s == Approx(1 / 0.031179869184 - 40).epsilon(1e-12));  // -7.93
}

TEST_CASE("prompt and target refusals", "[prefill][validate]") {
  BudgetInput in = lesson_gqa8();
  in.prompt_tokens = 9000;
  CHECK(validate_budget_input(in)->message ==
        "prompt_tokens must be 0 (same as context_tokens) or a whole number from 1 to context_tokens "
        "(got 9000; context_tokens is 8192)");
  in.prompt_tokens = 8192;  // the whole context is allowed
  CHECK_FALSE(validate_budget_input(in));
  in.prompt_tokens = 10.5;
  CHECK(validate_budget_input(in)->field == "prompt_tokens");
  in = lesson_gqa8();
  in.ttft_target_s = -1;
  CHECK(validate_budget_input(in)->message ==
        "ttft_target_s must be 0 (no target) or a number from 1e-6 to 10000 (got -1)");
  in = lesson_gqa8();
  in.per_request_target_tokens_per_s = -5;
  CHECK(validate_budget_input(in)->message ==
        "per_request_target_tokens_per_s must be 0 (no target) or a number from 0.001 to 1e9 (got -5)");
}
