// The model-shape rules between fields (model_shape.h): GQA head groups and
// the experts' counts, as validate_budget_input() refuses them.
#include <catch2/catch.hpp>

#include "budget/validate.h"

using namespace llmbudget;

TEST_CASE("KV heads must divide the query heads", "[model shape]") {
  BudgetInput in;  // 32 query heads
  in.kv_heads = 7;
  auto error = validate_budget_input(in);
  REQUIRE(error.has_value());
  CHECK(error->field == "kv_heads");
  CHECK(error->message ==
        "kv_heads must divide query_heads (32): each KV head serves a whole group of query heads; got 7; nearest "
        "valid: 4 or 8");
  in.kv_heads = 3;  // divisors of 32 below and above 3: 2 and 4
  CHECK(validate_budget_input(in)->message.find("nearest valid: 2 or 4") != std::string::npos);
  in.query_heads = 40;  // the knowledge check's 40 query heads with 5 KV heads
  in.kv_heads = 5;
  CHECK_FALSE(validate_budget_input(in).has_value());
  in.kv_heads = 1;  // MQA
  CHECK_FALSE(validate_budget_input(in).has_value());
  in.kv_heads = 39;  // between 20 and 40 no divisor of 40
  CHECK(validate_budget_input(in)->message.find("nearest valid: 20 or 40") != std::string::npos);
}

TEST_CASE("experts and experts per token are set together", "[model shape]") {
  BudgetInput in;
  in.experts = 8;
  auto error = validate_budget_input(in);
  REQUIRE(error.has_value());
  CHECK(error->field == "experts_per_token");
  CHECK(error->message ==
        "experts_per_token must be set (at least 1) when experts is (got 0; experts is 8); set both to 0 for a "
        "dense model");
  in.experts = 0;
  in.experts_per_token = 2;
  error = validate_budget_input(in);
  REQUIRE(error.has_value());
  CHECK(error->field == "experts");
  in.experts = 1;  // more per token than there are experts
  error = validate_budget_input(in);
  REQUIRE(error.has_value());
  CHECK(error->field == "experts_per_token");
}

TEST_CASE("the active parameters cannot be fewer than a token's share of the experts", "[model shape]") {
  // 8 experts, 2 per token, P = 40e9: P_active must be at least 40e9 * 2 / 8 = 10e9.
  BudgetInput in;
  in.total_params = 40e9;
  in.active_params = 9e9;
  in.experts = 8;
  in.experts_per_token = 2;
  auto error = validate_budget_input(in);
  REQUIRE(error.has_value());
  CHECK(error->field == "active_params");
  CHECK(error->message ==
        "active_params must be at least total_params * experts_per_token / experts (1e10): a token's 2 of 8 experts "
        "cannot weigh less than their share of the total (got 9e9)");
  in.active_params = 10e9;  // every parameter in the experts: nothing always-used
  CHECK_FALSE(validate_budget_input(in).has_value());
}
