#include "validate.h"

#include <iterator>
#include <string_view>

#include "field_checks.h"
#include "number_text.h"

namespace llmbudget {

namespace {

// The one table of ranges. Plain data (no std::string) so validating a
// BudgetInput allocates nothing unless it fails.
//
// The lower bounds of the precisions (0.01 B), parameters (1), bandwidth
// (1 B/s) and FLOP/s (1) are what keep every result finite: with all fields
// at their limits, memory <= 8e13 + 2*1000*1024*4096*8*1e8*1e6 ~ 6.7e24 B,
// step >= 1 * 0.01 / 1e16 = 1e-18 s, so tokens/s <= 1e6 / 1e-18 = 1e24.
struct LimitRow {
  const char* field;
  double BudgetInput::*member;
  double min;
  double max;
  bool min_exclusive;
  bool whole;
  const char* unit;
};

constexpr LimitRow kLimits[] = {
    {"total_params", &BudgetInput::total_params, 1, 1e13, false, false, "parameters"},
    {"active_params", &BudgetInput::active_params, 0, 1e13, false, false, "parameters"},
    {"layers", &BudgetInput::layers, 1, 1000, false, true, "layers"},
    {"query_heads", &BudgetInput::query_heads, 1, 1024, false, true, "heads"},
    {"kv_heads", &BudgetInput::kv_heads, 1, 1024, false, true, "heads"},
    {"head_dim", &BudgetInput::head_dim, 1, 4096, false, true, "values per head"},
    {"sliding_window_tokens", &BudgetInput::sliding_window_tokens, 0, 1e7, false, true, "tokens"},
    {"weight_bytes_per_param", &BudgetInput::weight_bytes_per_param, 0.01, 8, false, false, "bytes per parameter"},
    {"cache_bytes_per_value", &BudgetInput::cache_bytes_per_value, 0.01, 8, false, false, "bytes per value"},
    {"batch", &BudgetInput::batch, 1, 1e6, false, true, "requests"},
    {"context_tokens", &BudgetInput::context_tokens, 1, 1e8, false, true, "tokens"},
    {"gpu_memory_bytes", &BudgetInput::gpu_memory_bytes, 0, 1e15, true, false, "bytes"},
    {"bandwidth_bytes_per_s", &BudgetInput::bandwidth_bytes_per_s, 1, 1e16, false, false, "bytes/s"},
    {"flops_per_s", &BudgetInput::flops_per_s, 1, 1e19, false, false, "FLOP/s"},
    {"headroom_fraction", &BudgetInput::headroom_fraction, 0, 0.9, false, false, "fraction of GPU memory"},
};

bool is(const LimitRow& row, const char* name) { return std::string_view(row.field) == name; }

}  // namespace

std::optional<InputError> validate_budget_input(const BudgetInput& in) {
  using detail::in_range;
  using detail::range_error;
  for (const LimitRow& row : kLimits) {
    const double value = in.*row.member;
    if (is(row, "active_params")) {
      // 0 is the "dense model" shorthand; otherwise 1..total_params.
      if (value == 0) continue;
      if (in_range(value, 1, in.total_params, false, false)) continue;
      InputError error = range_error(row.field, "0 (same as total_params) or a number from 1 to total_params", value);
      if (value > in.total_params) error.message.insert(error.message.size() - 1, "; total_params is " + format_compact(in.total_params));
      return error;
    }
    if (is(row, "sliding_window_tokens")) {
      if (in_range(value, row.min, row.max, false, true)) continue;
      return range_error(row.field, "0 (full attention) or a whole number from 1 to " + format_compact(row.max), value);
    }
    if (is(row, "kv_heads")) {
      if (in_range(value, 1, in.query_heads, false, true)) continue;
      InputError error = range_error(row.field, "a whole number from 1 to query_heads", value);
      if (value > in.query_heads) error.message.insert(error.message.size() - 1, "; query_heads is " + format_compact(in.query_heads));
      return error;
    }
    if (auto error = detail::check_value(row.field, value, row.min, row.max, row.min_exclusive, row.whole)) return error;
  }
  return std::nullopt;
}

std::vector<FieldLimit> budget_input_limits() {
  std::vector<FieldLimit> limits;
  limits.reserve(std::size(kLimits));
  for (const LimitRow& row : kLimits) {
    limits.push_back(FieldLimit{row.field, row.min, row.max, row.min_exclusive, row.whole, row.unit});
  }
  return limits;
}

}  // namespace llmbudget
