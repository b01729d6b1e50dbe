// validate_budget_input(): every field's range, named in the error.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "serving_budget.h"
#include "validate.h"

using namespace llmbudget;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

struct BadInput {
  const char* what;
  void (*apply)(BudgetInput&);
  const char* field;
  const char* message;
};

// Each case changes one field of the lesson's default input.
const BadInput kBadInputs[] = {
    {"zero parameters", [](BudgetInput& in) { in.total_params = 0; }, "total_params",
     "total_params must be a number from 1 to 1e13 (got 0)"},
    {"NaN parameters", [](BudgetInput& in) { in.total_params = kNaN; }, "total_params",
     "total_params must be a number from 1 to 1e13 (got NaN)"},
    {"absurd parameters", [](BudgetInput& in) { in.total_params = 2e13; }, "total_params",
     "total_params must be a number from 1 to 1e13 (got 2e13)"},
    {"active above total", [](BudgetInput& in) { in.active_params = 8e9; }, "active_params",
     "active_params must be 0 (same as total_params) or a number from 1 to total_params (got 8e9; total_params is 7e9)"},
    {"negative active", [](BudgetInput& in) { in.active_params = -1; }, "active_params",
     "active_params must be 0 (same as total_params) or a number from 1 to total_params (got -1)"},
    {"fractional layers", [](BudgetInput& in) { in.layers = 7.5; }, "layers",
     "layers must be a whole number from 1 to 1000 (got 7.5)"},
    {"infinite layers", [](BudgetInput& in) { in.layers = kInf; }, "layers",
     "layers must be a whole number from 1 to 1000 (got Infinity)"},
    {"zero query heads", [](BudgetInput& in) { in.query_heads = 0; }, "query_heads",
     "query_heads must be a whole number from 1 to 1024 (got 0)"},
    {"zero KV heads", [](BudgetInput& in) { in.kv_heads = 0; }, "kv_heads",
     "kv_heads must be a whole number from 1 to query_heads (got 0)"},
    {"KV heads above query heads", [](BudgetInput& in) { in.kv_heads = 40; }, "kv_heads",
     "kv_heads must be a whole number from 1 to query_heads (got 40; query_heads is 32)"},
    {"fractional KV heads", [](BudgetInput& in) { in.kv_heads = 2.5; }, "kv_heads",
     "kv_heads must be a whole number from 1 to query_heads (got 2.5)"},
    {"huge head_dim", [](BudgetInput& in) { in.head_dim = 8192; }, "head_dim",
     "head_dim must be a whole number from 1 to 4096 (got 8192)"},
    {"negative window", [](BudgetInput& in) { in.sliding_window_tokens = -4096; }, "sliding_window_tokens",
     "sliding_window_tokens must be 0 (full attention) or a whole number from 1 to 1e7 (got -4096)"},
    {"fractional window", [](BudgetInput& in) { in.sliding_window_tokens = 0.5; }, "sliding_window_tokens",
     "sliding_window_tokens must be 0 (full attention) or a whole number from 1 to 1e7 (got 0.5)"},
    {"zero weight bytes", [](BudgetInput& in) { in.weight_bytes_per_param = 0; }, "weight_bytes_per_param",
     "weight_bytes_per_param must be a number from 0.01 to 8 (got 0)"},
    {"16-byte weights", [](BudgetInput& in) { in.weight_bytes_per_param = 16; }, "weight_bytes_per_param",
     "weight_bytes_per_param must be a number from 0.01 to 8 (got 16)"},
    {"negative cache bytes", [](BudgetInput& in) { in.cache_bytes_per_value = -2; }, "cache_bytes_per_value",
     "cache_bytes_per_value must be a number from 0.01 to 8 (got -2)"},
    {"zero batch", [](BudgetInput& in) { in.batch = 0; }, "batch",
     "batch must be a whole number from 1 to 1e6 (got 0)"},
    {"fractional batch", [](BudgetInput& in) { in.batch = 16.5; }, "batch",
     "batch must be a whole number from 1 to 1e6 (got 16.5)"},
    {"absurd context", [](BudgetInput& in) { in.context_tokens = 1e9; }, "context_tokens",
     "context_tokens must be a whole number from 1 to 1e8 (got 1e9)"},
    {"NaN context", [](BudgetInput& in) { in.context_tokens = kNaN; }, "context_tokens",
     "context_tokens must be a whole number from 1 to 1e8 (got NaN)"},
    {"zero GPU memory", [](BudgetInput& in) { in.gpu_memory_bytes = 0; }, "gpu_memory_bytes",
     "gpu_memory_bytes must be a number above 0 and at most 1e15 (got 0)"},
    {"-Infinity GPU memory", [](BudgetInput& in) { in.gpu_memory_bytes = -kInf; }, "gpu_memory_bytes",
     "gpu_memory_bytes must be a number above 0 and at most 1e15 (got -Infinity)"},
    {"zero bandwidth", [](BudgetInput& in) { in.bandwidth_bytes_per_s = 0; }, "bandwidth_bytes_per_s",
     "bandwidth_bytes_per_s must be a number from 1 to 1e16 (got 0)"},
    {"sub-1 bandwidth", [](BudgetInput& in) { in.bandwidth_bytes_per_s = 1e-300; }, "bandwidth_bytes_per_s",
     "bandwidth_bytes_per_s must be a number from 1 to 1e16 (got 1e-300)"},
    {"infinite FLOP/s", [](BudgetInput& in) { in.flops_per_s = kInf; }, "flops_per_s",
     "flops_per_s must be a number from 1 to 1e19 (got Infinity)"},
    {"headroom of everything", [](BudgetInput& in) { in.headroom_fraction = 1; }, "headroom_fraction",
     "headroom_fraction must be a number from 0 to 0.9 (got 1)"},
    {"negative headroom", [](BudgetInput& in) { in.headroom_fraction = -0.1; }, "headroom_fraction",
     "headroom_fraction must be a number from 0 to 0.9 (got -0.1)"},
};

}  // namespace

TEST_CASE("the lesson's default input is valid", "[validate]") {
  CHECK_FALSE(validate_budget_input(BudgetInput{}).has_value());
}

TEST_CASE("bad inputs are rejected with the field and reason", "[validate]") {
  for (const BadInput& bad : kBadInputs) {
    INFO(bad.what);
    BudgetInput in;
    bad.apply(in);
    const std::optional<InputError> error = validate_budget_input(in);
    REQUIRE(error.has_value());
    CHECK(error->field == bad.field);
    CHECK(error->message == bad.message);
    // plan() passes the same error through and reports no numbers.
    const BudgetResult r = plan(in);
    CHECK_FALSE(r.ok);
    CHECK(r.error.field == bad.field);
    CHECK(r.total_bytes == 0);
    CHECK_FALSE(r.has_speed);
  }
}

TEST_CASE("the first bad field in declaration order is reported", "[validate]") {
  BudgetInput in;
  in.layers = 0;
  in.batch = -1;
  CHECK(validate_budget_input(in)->field == "layers");
}

TEST_CASE("valid edge values are accepted", "[validate]") {
  BudgetInput in;
  in.total_params = 6.7e9 + 0.5;  // parameter counts need not be whole
  in.active_params = in.total_params;  // active == total
  in.kv_heads = in.query_heads;    // MHA
  in.sliding_window_tokens = 1e7;
  in.weight_bytes_per_param = 0.5625;  // 4.5-bit
  in.cache_bytes_per_value = 8;
  in.headroom_fraction = 0.9;
  CHECK_FALSE(validate_budget_input(in).has_value());
  in.kv_heads = 1;  // MQA
  in.headroom_fraction = 0;
  CHECK_FALSE(validate_budget_input(in).has_value());
}

TEST_CASE("limits list every field in declaration order", "[validate]") {
  const std::vector<FieldLimit> limits = budget_input_limits();
  const char* names[] = {"total_params", "active_params", "layers", "query_heads", "kv_heads",
                         "head_dim", "sliding_window_tokens", "weight_bytes_per_param",
                         "cache_bytes_per_value", "batch", "context_tokens", "gpu_memory_bytes",
                         "bandwidth_bytes_per_s", "flops_per_s", "headroom_fraction"};
  REQUIRE(limits.size() == std::size(names));
  for (std::size_t i = 0; i < limits.size(); ++i) CHECK(limits[i].field == names[i]);
  CHECK(limits[2].whole);          // layers
  CHECK_FALSE(limits[7].whole);    // weight bytes may be fractional
  CHECK(limits[7].min == 0.01);
  CHECK(limits[7].max == 8);
  CHECK(limits[11].min_exclusive); // GPU memory > 0
  CHECK(limits[11].unit == "bytes");
  CHECK(limits[13].unit == "FLOP/s");
  CHECK(limits[14].max == 0.9);
}

TEST_CASE("each limit's bounds are accepted and just outside is rejected", "[validate]") {
  // Walk the table: min (or just above it) and max are valid; beyond max is not.
  for (const FieldLimit& limit : budget_input_limits()) {
    INFO(limit.field);
    if (limit.field == "kv_heads" || limit.field == "active_params") continue;  // bounded by other fields
    const double lo = limit.min_exclusive ? std::nextafter(limit.min, limit.max) : limit.min;
    for (double value : {lo, limit.max}) {
      BudgetInput in;
      in.query_heads = 1024;
      in.total_params = 1e13;
      // Set the field by name through the matching member.
      double* slot = nullptr;
      if (limit.field == "total_params") slot = &in.total_params;
      if (limit.field == "layers") slot = &in.layers;
      if (limit.field == "query_heads") slot = &in.query_heads;
      if (limit.field == "head_dim") slot = &in.head_dim;
      if (limit.field == "sliding_window_tokens") slot = &in.sliding_window_tokens;
      if (limit.field == "weight_bytes_per_param") slot = &in.weight_bytes_per_param;
      if (limit.field == "cache_bytes_per_value") slot = &in.cache_bytes_per_value;
      if (limit.field == "batch") slot = &in.batch;
      if (limit.field == "context_tokens") slot = &in.context_tokens;
      if (limit.field == "gpu_memory_bytes") slot = &in.gpu_memory_bytes;
      if (limit.field == "bandwidth_bytes_per_s") slot = &in.bandwidth_bytes_per_s;
      if (limit.field == "flops_per_s") slot = &in.flops_per_s;
      if (limit.field == "headroom_fraction") slot = &in.headroom_fraction;
      REQUIRE(slot != nullptr);
      if (limit.field == "query_heads") in.kv_heads = 1;  // stays <= query_heads at its minimum
      *slot = value;
      CHECK_FALSE(validate_budget_input(in).has_value());
      *slot = limit.max * 2;
      const auto error = validate_budget_input(in);
      REQUIRE(error.has_value());
      CHECK(error->field == limit.field);
    }
  }
}
