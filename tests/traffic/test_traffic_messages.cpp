// The serving simulation's own refusals are declared kinds (input_messages.h):
// each carries its code and values, and its English sentence is its pattern
// filled with them, so a page can write it in another language.
#include <catch2/catch.hpp>

#include "budget/input_messages.h"
#include "traffic/load_search.h"
#include "traffic/serving_simulation.h"

using namespace llmbudget;

TEST_CASE("the serving simulation's own refusals carry their codes and values", "[serving_simulation]") {
  BudgetInput in;
  in.kv_heads = 8;
  TrafficInput both;
  both.request_rate = 1;
  both.concurrency = 4;
  const TrafficResult r = simulate_traffic(in, both);
  CHECK(r.error.code == "load_mode_both");
  CHECK(r.error.params_json == "{\"rate_field\":\"request_rate\",\"concurrency_field\":\"concurrency\"}");
  CHECK(r.error.message == "set request_rate (open loop) or concurrency (closed loop), not both");

  TrafficInput small = TrafficInput{};
  small.max_num_seqs = 64;
  small.max_num_batched_tokens = 32;
  const TrafficResult batched = simulate_traffic(in, small);
  CHECK(batched.error.code == "batched_below_seqs");
  CHECK(batched.error.params_json ==
        "{\"field\":\"max_num_batched_tokens\",\"seqs_field\":\"max_num_seqs\",\"seqs\":64,\"value\":32}");
  CHECK(batched.error.message ==
        "max_num_batched_tokens must be at least max_num_seqs (64), so every running request's decode token fits one "
        "iteration (got 32)");

  in.ttft_target_s = 0;
  in.per_request_target_tokens_per_s = 0;
  const LoadSearchResult none = highest_load(in, TrafficInput{});
  CHECK(none.error.code == "search_no_target");
  CHECK(none.error.params_json == "{\"field\":\"ttft_target_s\",\"other_field\":\"per_request_target_tokens_per_s\"}");
}
