// validate_budget_input(): every field's range, named in the error.
#include <catch2/catch.hpp>
#include <cstddef>
#include <type_traits>

#include <cmath>
#include <limits>
#include <string>

#include "budget/serving_budget.h"
#include "budget/unit_constants.h"
#include "budget/validate.h"

using namespace llmbudget;

namespace {

using test::kNaN;
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
     "active_params must be 0 (same as total_params) or a number from 1 to total_params (got 8e9; total_params is "
     "7e9)"},
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
     "gpu_memory_bytes must be a number from 1 to 1e15 (got 0)"},
    {"-Infinity GPU memory", [](BudgetInput& in) { in.gpu_memory_bytes = -kInf; }, "gpu_memory_bytes",
     "gpu_memory_bytes must be a number from 1 to 1e15 (got -Infinity)"},
    // The smallest double a reader can type: refused by the range, and named as typed (not 0, not 330 zeros).
    {"subnormal GPU memory", [](BudgetInput& in) { in.gpu_memory_bytes = 5e-324; }, "gpu_memory_bytes",
     "gpu_memory_bytes must be a number from 1 to 1e15 (got 5e-324)"},
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
  in.total_params = 6.7e9 + 0.5;       // parameter counts need not be whole
  in.active_params = in.total_params;  // active == total
  in.kv_heads = in.query_heads;        // MHA
  in.sliding_window_tokens = 1e7;
  in.weight_bytes_per_param = 0.5625;  // 4.5-bit
  in.cache_bytes_per_value = 8;
  in.headroom_fraction = 0.9;
  CHECK_FALSE(validate_budget_input(in).has_value());
  in.kv_heads = 1;  // MQA
  in.headroom_fraction = 0;
  CHECK_FALSE(validate_budget_input(in).has_value());
}

TEST_CASE("the declaration lists every field in order, with the lesson's units and ranges", "[validate]") {
  const auto fields = budget_input_fields();
  // One row per BudgetInput member, in member order, without a list of names
  // kept here: BudgetInput holds only doubles, so the i-th row's member is the
  // i-th double of the struct (a row dropped, repeated or out of order fails).
  static_assert(std::is_standard_layout_v<BudgetInput>, "BudgetInput is read member by member");
  REQUIRE(fields.size == sizeof(BudgetInput) / sizeof(double));
  const BudgetInput probe;
  const char* base = reinterpret_cast<const char*>(&probe);
  for (std::size_t i = 0; i < fields.size; ++i) {
    INFO(fields.rows[i].name);
    REQUIRE(fields.rows[i].member != nullptr);
    CHECK(reinterpret_cast<const char*>(&(probe.*fields.rows[i].member)) - base ==
          static_cast<std::ptrdiff_t>(i * sizeof(double)));
  }
  // Names: each row finds itself by name, and named rows point at the member of that name.
  for (const InputFieldDeclaration& row : fields) CHECK(find_budget_input_field(row.name) == &row);
  auto f = [](const char* name) {
    const InputFieldDeclaration* row = find_budget_input_field(name);
    REQUIRE(row != nullptr);
    return *row;
  };
  CHECK(f("total_params").member == &BudgetInput::total_params);
  CHECK(f("per_request_target_tokens_per_s").member == &BudgetInput::per_request_target_tokens_per_s);
  CHECK(f("layers").kind == FieldKind::whole);
  CHECK(f("weight_bytes_per_param").kind == FieldKind::real);  // weight bytes may be fractional
  CHECK(f("weight_bytes_per_param").min == 0.01);
  CHECK(f("weight_bytes_per_param").max == 8);
  CHECK(f("gpu_memory_bytes").min == 1);  // GPU memory of at least 1 byte, as bandwidth is at least 1 B/s
  CHECK(!f("gpu_memory_bytes").min_exclusive);
  CHECK(std::string(f("gpu_memory_bytes").unit) == "bytes");
  CHECK(std::string(f("flops_per_s").unit) == "FLOP/s");
  CHECK(f("headroom_fraction").max == 0.9);
  CHECK(std::string(f("kv_heads").max_from) == "query_heads");        // KV heads <= query heads
  CHECK(std::string(f("active_params").max_from) == "total_params");  // active <= total
  CHECK(std::string(f("active_params").zero_means) == "same as total_params");
  CHECK(std::string(f("sliding_window_tokens").zero_means) == "full attention");
  CHECK(std::string(f("kv_heads").symbol) == "H_kv");
  // Every row's member is the BudgetInput member of the same name: setting it
  // through the declaration moves exactly that field.
  for (const InputFieldDeclaration& row : fields) {
    INFO(row.name);
    REQUIRE(row.member != nullptr);
    CHECK(row.typical_min >= (row.zero_means[0] ? 0 : row.min));
    CHECK(row.typical_max <= row.max);
    CHECK(row.meaning[0] != '\0');
    CHECK(row.label[0] != '\0');
  }
  CHECK(find_budget_input_field("kv_heads")->member == &BudgetInput::kv_heads);
  CHECK(find_budget_input_field("headroom_fraction")->member == &BudgetInput::headroom_fraction);
  CHECK(find_budget_input_field("no_such_field") == nullptr);
}

TEST_CASE("each declared bound is accepted and beyond it is rejected", "[validate]") {
  // Walk the declaration: min (or just above it) and max are valid; beyond max is not.
  for (const InputFieldDeclaration& field : budget_input_fields()) {
    INFO(field.name);
    if (field.max_from[0] != '\0') continue;  // bounded by another field: own cases above
    const double lo = field.min_exclusive ? std::nextafter(field.min, field.max) : field.min;
    for (double value : {lo, field.max}) {
      BudgetInput in;
      in.query_heads = 1024;
      in.total_params = 1e13;
      if (std::string(field.name) == "query_heads") in.kv_heads = 1;       // stays <= query_heads at its minimum
      if (std::string(field.name) == "experts") in.experts_per_token = 1;  // the two are set together
      if (std::string(field.name) == "model_max_context_tokens") in.context_tokens = 1;  // the limit caps the context
      in.*field.member = value;
      CHECK_FALSE(validate_budget_input(in).has_value());
      in.*field.member = field.max * 2;
      const auto error = validate_budget_input(in);
      REQUIRE(error.has_value());
      CHECK(error->field == field.name);
    }
  }
}
