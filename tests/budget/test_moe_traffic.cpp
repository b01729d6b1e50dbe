// A mixture of experts' decode traffic: a step reads the always-used weights
// and the routed experts its batch touches (budget_math.h), while memory holds
// every expert.
#include <catch2/catch.hpp>

#include <cmath>

#include "budget/budget_math.h"
#include "budget/capacity.h"
#include "budget/serving_budget.h"
#include "budget/validate.h"

using namespace llmbudget;

namespace {

// Mixtral 8x7B v0.1 as content/presets.json counts it from its config.json:
// 46,702,792,704 parameters, 12,879,925,248 used per token, 8 experts, 2 per
// token; 16-bit weights, a short context so the weights dominate.
BudgetInput mixtral(double batch) {
  BudgetInput in;
  in.total_params = 46.702792704e9;
  in.active_params = 12.879925248e9;
  in.experts = 8;
  in.experts_per_token = 2;
  in.layers = 32;
  in.query_heads = 32;
  in.kv_heads = 8;
  in.head_dim = 128;
  in.batch = batch;
  in.context_tokens = 205;
  in.gpu_memory_bytes = 200e9;
  return in;
}

}  // namespace

TEST_CASE("routed and always-used weights follow from total, active, E and k", "[moe]") {
  // Routed = (P - P_active) * E / (E - k) = 33,822,867,456 * 8 / 6 = 45,097,156,608;
  // always-used = P - routed = 1,605,636,096; always-used + 2/8 of routed = P_active.
  const BudgetInput in = mixtral(1);
  CHECK(detail::routed_expert_params(in) == 45097156608.0);
  CHECK(in.total_params - detail::routed_expert_params(in) == 1605636096.0);
}

TEST_CASE("at batch 1 a decode step reads the active parameters only", "[moe]") {
  // 12,879,925,248 * 2 B = 25,759,850,496 B of weights, plus the cache:
  // 2 * 32 * 8 * 128 * 2 B * 205 tokens = 26,869,760 B.
  const BudgetResult r = plan(mixtral(1));
  REQUIRE(r.ok);
  CHECK(r.experts_touched == Approx(2));
  CHECK(r.decode_traffic_bytes == Approx(25759850496.0 + 26869760.0));
  CHECK(r.per_gpu_bytes == Approx(93405585408.0 + 26869760.0));  // memory holds all 46.7e9 * 2 B
  CHECK(r.memory_time_s == Approx(r.decode_traffic_bytes / 1e12));
}

TEST_CASE("a larger batch touches more distinct experts, up to all of them", "[moe]") {
  // B = 4: touched = 8 * (1 - (6/8)^4) = 8 * (1 - 81/256) = 5.46875; weights read =
  // 2 B * (1,605,636,096 + 45,097,156,608 * 5.46875 / 8) = 64,867,540,992 B.
  const BudgetResult four = plan(mixtral(4));
  REQUIRE(four.ok);
  CHECK(four.experts_touched == 5.46875);
  CHECK(four.decode_traffic_bytes == Approx(64867540992.0 + 4 * 26869760.0));
  // B = 256: (3/4)^256 is about 1e-32, so every expert is read: all the weights.
  const BudgetResult many = plan(mixtral(256));
  CHECK(many.experts_touched == Approx(8));
  CHECK(many.decode_traffic_bytes == Approx(93405585408.0 + 256 * 26869760.0));
}

TEST_CASE("a dense model and an MoE without counts read every weight, as before", "[moe]") {
  BudgetInput in = mixtral(1);
  in.experts = 0;
  in.experts_per_token = 0;  // today's Mixtral preset and older links
  const BudgetResult r = plan(in);
  CHECK(r.experts_touched == 0);
  CHECK(r.decode_traffic_bytes == r.per_gpu_bytes);
  in.experts = 2;  // every expert used by every token (E = k)
  in.experts_per_token = 2;
  CHECK(plan(in).decode_traffic_bytes == plan(in).per_gpu_bytes);
}

TEST_CASE("tensor parallel splits the experts' traffic too", "[moe]") {
  BudgetInput in = mixtral(1);
  in.gpus = 2;
  const BudgetResult r = plan(in);
  REQUIRE(r.ok);
  CHECK(r.decode_traffic_bytes == Approx(25759850496.0 / 2 + 26869760.0 / 2));
}

TEST_CASE("the crossover batch of an MoE is the first batch whose arithmetic reaches its traffic", "[moe]") {
  // Checked against a scan of every batch: the bisection must agree with plan().
  BudgetInput in = mixtral(1);
  in.flops_per_s = 400e12;
  const CapacityResult c = capacity(in);
  REQUIRE(c.ok);
  double first = 0;
  for (double b = 1; b <= 100000 && first == 0; ++b) {
    in.batch = b;
    const BudgetResult r = plan(in);
    if (r.compute_time_s >= r.memory_time_s) first = b;
  }
  REQUIRE(first > 0);
  CHECK(c.crossover_batch == first);
}
