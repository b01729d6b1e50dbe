// The serving simulation (serving_simulation.h) on cases with known answers:
// a request alone gets the budget's TTFT and decode step; a closed-loop run
// worked by hand, iteration by iteration; Little's law; an overloaded server
// flagged unstable; the router; prefix hits; refusals; a golden run.
#include <catch2/catch.hpp>

#include "budget/budget_math.h"
#include "budget/iteration_cost.h"
#include "budget/serving_budget.h"
#include "budget/workload_fixtures.h"
#include "traffic/serving_simulation.h"

using namespace llmbudget;
using test::lesson_gqa8;

namespace {

TrafficInput closed(double concurrency, double requests, double input, double output) {
  TrafficInput t;
  t.request_rate = 0;
  t.concurrency = concurrency;
  t.requests = requests;
  t.input_tokens = input;
  t.output_tokens = output;
  return t;
}

TrafficInput open_loop(double rate, double requests, double input, double output) {
  TrafficInput t;
  t.request_rate = rate;
  t.requests = requests;
  t.input_tokens = input;
  t.output_tokens = output;
  return t;
}

double prefill_s(const BudgetInput& in, double start, double chunk) {
  IterationWork w;
  detail::add_prefill_chunk(in, start, chunk, w);
  return detail::iteration_time_s(in, w);
}

}  // namespace

TEST_CASE("a request alone: TTFT is ttft_s and TPOT the batch-1 decode step", "[traffic]") {
  const BudgetInput in = lesson_gqa8();
  // One request at a time: 5 requests at one every 1,000 s on average; each takes ~6 s.
  const TrafficResult r = simulate_traffic(in, open_loop(1e-3, 5, 1000, 101));
  REQUIRE(r.ok);
  CHECK_FALSE(r.unstable);
  BudgetInput alone = in;
  alone.prompt_tokens = 1000;
  alone.batch = 1;
  alone.context_tokens = 1050;  // the decode contexts run 1001..1100; the cache is linear in n, so the mean
                                // step is the step at the mean context, (1001 + 1100) / 2 = 1050.5
  const BudgetResult budget = plan(alone);
  CHECK(r.ttft_s.mean == Approx(budget.ttft_s).epsilon(1e-12));  // 0.3565601536 s (test_prefill.cpp)
  CHECK(r.ttft_s.p99 == Approx(budget.ttft_s).epsilon(1e-12));
  // Batch-1 step at n = 1050.5: (14e9 + 131,072 * 1050.5) / 1e12 = 14.137691136 ms (memory-bound)
  CHECK(r.tpot_s.mean == Approx(0.014137691136).epsilon(1e-12));
  CHECK(r.tpot_s.mean == Approx(budget.step_s).epsilon(1e-4));  // n = 1050 against 1050.5
  CHECK(r.e2e_s.mean == Approx(budget.ttft_s + 100 * 0.014137691136).epsilon(1e-12));
  CHECK(r.mean_running == 1);
}

TEST_CASE("one output token: no time between tokens, so no TPOT (not a TPOT of 0)", "[traffic]") {
  const BudgetInput in = lesson_gqa8();
  const TrafficResult one = simulate_traffic(in, open_loop(1e-3, 5, 1000, 1));
  REQUIRE(one.ok);
  CHECK_FALSE(one.tpot_defined);
  // The first token is the last: end-to-end latency is the TTFT, 0.3565601536 s alone (test_prefill.cpp).
  CHECK(one.e2e_s.mean == Approx(one.ttft_s.mean).epsilon(1e-12));
  // Lengths of 1 to 3 tokens (2 * (1 -+ 0.5), floored): the requests of 2 or 3 tokens have a TPOT.
  TrafficInput mixed = open_loop(1e-3, 20, 1000, 2);
  mixed.length_range_ratio = 0.5;
  const TrafficResult some = simulate_traffic(in, mixed);
  REQUIRE(some.ok);
  CHECK(some.tpot_defined);
  CHECK(some.tpot_s.mean > 0);
  const TrafficResult two = simulate_traffic(in, open_loop(1e-3, 5, 1000, 2));
  REQUIRE(two.ok);
  CHECK(two.tpot_defined);
  // One request alone: (14e9 + 131,072 * 1001) / 1e12 = 14.131203072 ms, the batch-1 step after a 1000-token prompt.
  // (finish - first token) of event times near 6,000 s: good to about 1e-12 relative, not to the last bit.
  CHECK(two.tpot_s.mean == Approx(0.014131203072).epsilon(1e-9));
}

TEST_CASE("a closed loop worked by hand, iteration by iteration", "[traffic]") {
  // Two clients, three requests of 3,000 prompt tokens and 3 output tokens, a budget of 4,096
  // tokens an iteration (the lesson's 7B, GQA 8):
  //   1. A's whole prompt (3,000) and B's first 1,096 tokens              ends t1: A's first token
  //   2. A decodes at context 3,001; B's last 1,904 prompt tokens          ends t2: B's first token
  //   3. A decodes at 3,002 (its third token: A ends); B decodes at 3,001  ends t3: C arrives (closed loop)
  //   4. B decodes at 3,002 (B ends); C's whole prompt                     ends t4: C's first token
  //   5. C decodes at 3,001                                                ends t5
  //   6. C decodes at 3,002 (C ends)                                       ends t6
  const BudgetInput in = lesson_gqa8();
  TrafficInput t = closed(2, 3, 3000, 3);
  t.max_num_batched_tokens = 4096;
  const TrafficResult r = simulate_traffic(in, t);
  REQUIRE(r.ok);
  auto pass = [&](std::initializer_list<double> decode_contexts, double start, double chunk, double start2 = 0,
                  double chunk2 = 0) {
    IterationWork w;
    for (double n : decode_contexts) detail::add_decode(in, n, w);
    if (chunk > 0) detail::add_prefill_chunk(in, start, chunk, w);
    if (chunk2 > 0) detail::add_prefill_chunk(in, start2, chunk2, w);
    return detail::iteration_time_s(in, w);
  };
  const double t1 = pass({}, 0, 3000, 0, 1096);
  const double t2 = t1 + pass({3001}, 1096, 1904);
  const double t3 = t2 + pass({3002, 3001}, 0, 0);
  const double t4 = t3 + pass({3002}, 0, 3000);
  const double t5 = t4 + pass({3001}, 0, 0);
  const double t6 = t5 + pass({3002}, 0, 0);
  CHECK(r.iterations == 6);
  CHECK(r.duration_s == Approx(t6).epsilon(1e-12));
  // TTFT: A t1, B t2, C t4 - t3; mean, and p50 is the middle one of three.
  const double ttft_a = t1, ttft_b = t2, ttft_c = t4 - t3;
  CHECK(r.ttft_s.mean == Approx((ttft_a + ttft_b + ttft_c) / 3).epsilon(1e-12));
  CHECK(r.e2e_s.mean == Approx((t3 + t4 + (t6 - t3)) / 3).epsilon(1e-12));
  // TPOT: (end - first token) / 2 for each.
  CHECK(r.tpot_s.mean == Approx(((t3 - t1) / 2 + (t4 - t2) / 2 + (t6 - t4) / 2) / 3).epsilon(1e-12));
  // Iterations carried 2, 2, 2, 2, 1, 1 requests.
  CHECK(r.mean_running == Approx(10.0 / 6).epsilon(1e-12));
  CHECK(r.throughput_tokens_per_s == Approx(9 / t6).epsilon(1e-12));
}

TEST_CASE("Little's law: requests in flight = rate * mean latency", "[traffic]") {
  const BudgetInput in = lesson_gqa8();
  // 2 requests/s of 512 + 128 tokens, well below what the server completes.
  const TrafficResult r = simulate_traffic(in, open_loop(2, 4000, 512, 128));
  REQUIRE(r.ok);
  CHECK_FALSE(r.unstable);
  // Over a window that holds every request whole, the time integral of the requests in the
  // system equals the sum of their latencies: the two are computed separately.
  CHECK(r.mean_in_flight == Approx(r.littles_law_in_flight).epsilon(1e-9));
  // And with the offered rate: 2/s * mean latency, within the ramp at the ends.
  CHECK(r.mean_in_flight == Approx(2 * r.e2e_s.mean).epsilon(0.03));
  // A closed loop of 16 clients keeps 16 in flight until the last ones finish.
  const TrafficResult c = simulate_traffic(in, closed(16, 2000, 512, 128));
  REQUIRE(c.ok);
  CHECK(c.mean_in_flight <= 16);
  CHECK(c.mean_in_flight == Approx(16).epsilon(0.01));
}

TEST_CASE("above capacity the queue grows without bound and the run says so", "[traffic]") {
  const BudgetInput in = lesson_gqa8();
  // Capacity: a closed loop at the running cap completes requests as fast as the server can.
  const TrafficResult full = simulate_traffic(in, closed(256, 3000, 512, 128));
  REQUIRE(full.ok);
  const double capacity = full.requests_per_s;
  const TrafficResult over = simulate_traffic(in, open_loop(1.5 * capacity, 3000, 512, 128));
  REQUIRE(over.ok);
  CHECK(over.unstable);
  CHECK(over.max_waiting > 500);  // a third of the requests arriving are still waiting at the end
  const TrafficResult under = simulate_traffic(in, open_loop(0.5 * capacity, 3000, 512, 128));
  REQUIRE(under.ok);
  CHECK_FALSE(under.unstable);
  // Closed loops are never unstable: the clients wait.
  CHECK_FALSE(full.unstable);
}

TEST_CASE("two replicas behind the router: two clients are each served alone", "[traffic]") {
  const BudgetInput in = lesson_gqa8();
  TrafficInput t = closed(2, 10, 1000, 50);
  t.replicas = 2;
  const TrafficResult r = simulate_traffic(in, t);
  REQUIRE(r.ok);
  BudgetInput alone = in;
  alone.prompt_tokens = 1000;
  CHECK(r.ttft_s.p99 == Approx(plan(alone).ttft_s).epsilon(1e-12));
  CHECK(r.mean_running == 1);
  // On one replica the two share iterations: the second prompt rides with the first and both take longer.
  t.replicas = 1;
  const TrafficResult one = simulate_traffic(in, t);
  REQUIRE(one.ok);
  CHECK(one.mean_running > 1);
  CHECK(one.ttft_s.mean > r.ttft_s.mean);
}

TEST_CASE("prefix-cache hits take their share out of the prefill", "[traffic]") {
  const BudgetInput in = lesson_gqa8();
  TrafficInput t = open_loop(1e-3, 3, 1000, 2);
  t.prefix_hit_rate = 0.25;
  const TrafficResult r = simulate_traffic(in, t);
  REQUIRE(r.ok);
  // 250 tokens are cached: one chunk of 750 after them (attending to all 1000).
  CHECK(r.ttft_s.mean == Approx(prefill_s(in, 250, 750)).epsilon(1e-12));
  CHECK(r.ttft_s.mean < 0.3565601536);  // the whole prompt's TTFT
}

TEST_CASE("refusals name the field", "[traffic]") {
  const BudgetInput in = lesson_gqa8();
  TrafficInput both = open_loop(1, 10, 100, 10);
  both.concurrency = 4;
  CHECK(simulate_traffic(in, both).error.field == "request_rate");
  TrafficInput neither = closed(0, 10, 100, 10);
  CHECK(simulate_traffic(in, neither).error.field == "request_rate");
  TrafficInput budget = open_loop(1, 10, 100, 10);
  budget.max_num_batched_tokens = 100;
  const TrafficResult b = simulate_traffic(in, budget);
  CHECK(b.error.field == "max_num_batched_tokens");
  // max_num_seqs 0: vLLM's default for an 80 GB GPU (74.5 GiB, at least 70): 1,024.
  CHECK(b.error.message ==
        "max_num_batched_tokens must be at least max_num_seqs (1024, vLLM's default for this GPU's memory), so every "
        "running request's decode token fits one iteration (got 100)");
  budget.max_num_seqs = 256;
  budget.max_num_batched_tokens = 255;
  CHECK(simulate_traffic(in, budget).error.message ==
        "max_num_batched_tokens must be at least max_num_seqs (256), so every running request's decode token fits "
        "one iteration (got 255)");
  TrafficInput fraction = open_loop(1, 10.5, 100, 10);
  CHECK(simulate_traffic(in, fraction).error.field == "requests");
  TrafficInput hit = open_loop(1, 10, 100, 10);
  hit.prefix_hit_rate = 1;
  CHECK(simulate_traffic(in, hit).error.field == "prefix_hit_rate");
  // 62 GB of KV cache within the headroom (72 GB - 14 GB of weights): 58e9 / 131,072 B = 442,504 tokens.
  TrafficInput longest = open_loop(1, 10, 500000, 10);
  const TrafficResult l = simulate_traffic(in, longest);
  CHECK(l.error.field == "input_tokens");
  BudgetInput bad = in;
  bad.kv_heads = 7;
  CHECK(simulate_traffic(bad, open_loop(1, 10, 100, 10)).error.field == "kv_heads");
  TrafficInput heavy = open_loop(1, 1e6, 100, 1000);
  CHECK(simulate_traffic(in, heavy).error.field == "requests");
}

TEST_CASE("a seeded run is the same everywhere: a golden", "[traffic]") {
  const BudgetInput in = lesson_gqa8();
  TrafficInput t = open_loop(3, 500, 512, 128);
  t.burstiness = 0.5;
  t.length_range_ratio = 0.5;
  t.seed = 7;
  const TrafficResult r = simulate_traffic(in, t);
  REQUIRE(r.ok);
  // Goldens from this code natively; the wasm tests must give the same to the last bit.
  CHECK(r.ttft_s.p99 == 2.5156527649286402);
  CHECK(r.e2e_s.mean == 5.5253393747334467);
  CHECK(r.iterations == 5041);
  const TrafficResult again = simulate_traffic(in, t);
  CHECK(again.ttft_s.p99 == r.ttft_s.p99);
  t.seed = 8;
  CHECK(simulate_traffic(in, t).e2e_s.mean != r.e2e_s.mean);
}

TEST_CASE("a sliding window: a request's decode cache stops growing at W", "[traffic]") {
  // Every layer windowed at W = 512; a prompt of 400 and 300 output tokens: the decodes run at
  // contexts 401..699 and hold min(n, 512) tokens: 401..511 (111 steps), then 512 (188 steps).
  BudgetInput in = lesson_gqa8();
  in.sliding_window_tokens = 512;
  const TrafficResult r = simulate_traffic(in, open_loop(1e-3, 3, 400, 300));
  REQUIRE(r.ok);
  const double held = (111.0 * (401 + 511) / 2 + 188.0 * 512) / 299;  // mean tokens held per decode step
  // Memory-bound batch-1 steps: (14e9 + 131,072 B per token * held) / 1e12
  CHECK(r.tpot_s.mean == Approx((14e9 + 131072 * held) / 1e12).epsilon(1e-12));
  // A prompt past the window from the start: every step holds W.
  const TrafficResult past = simulate_traffic(in, open_loop(1e-3, 3, 1000, 50));
  REQUIRE(past.ok);
  CHECK(past.tpot_s.p99 == Approx((14e9 + 131072.0 * 512) / 1e12).epsilon(1e-9));  // 49 steps summed
}
