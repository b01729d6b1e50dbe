#include "budget/model_shape.h"

#include <cmath>
#include <string>

#include "budget/input_messages.h"

namespace llmbudget {

namespace {

bool divides(double a, double b) { return std::fmod(b, a) == 0; }

std::optional<InputError> check_head_groups(const BudgetInput& in) {
  if (divides(in.kv_heads, in.query_heads)) return std::nullopt;
  double below = 1;  // 1 divides every head count
  for (double h = in.kv_heads - 1; h > 1; --h) {
    if (divides(h, in.query_heads)) {
      below = h;
      break;
    }
  }
  double above = in.query_heads;  // kv_heads <= query_heads (its declared cap), and query_heads divides itself
  for (double h = in.kv_heads + 1; h < in.query_heads; ++h) {
    if (divides(h, in.query_heads)) {
      above = h;
      break;
    }
  }
  return coded_error(
      "kv_heads", MessageCode::kv_heads_not_dividing,
      {text_value("field", "kv_heads"), text_value("heads_field", "query_heads"), number_value("heads", in.query_heads),
       number_value("value", in.kv_heads), number_value("below", below), number_value("above", above)});
}

std::optional<InputError> check_experts(const BudgetInput& in) {
  if ((in.experts == 0) != (in.experts_per_token == 0)) {
    const bool routed_missing = in.experts == 0;
    const char* missing = routed_missing ? "experts" : "experts_per_token";
    const char* other = routed_missing ? "experts_per_token" : "experts";
    const double other_value = routed_missing ? in.experts_per_token : in.experts;
    return coded_error(
        missing, MessageCode::experts_unset,
        {text_value("field", missing), text_value("other_field", other), number_value("other", other_value)});
  }
  if (in.experts == 0 || in.experts == in.experts_per_token) return std::nullopt;
  const double active = in.active_params > 0 ? in.active_params : in.total_params;
  const double least = in.total_params * in.experts_per_token / in.experts;
  if (active >= least) return std::nullopt;
  return coded_error("active_params", MessageCode::active_below_share,
                     {text_value("field", "active_params"), text_value("total_field", "total_params"),
                      text_value("per_token_field", "experts_per_token"), text_value("experts_field", "experts"),
                      number_value("least", least), number_value("per_token", in.experts_per_token),
                      number_value("experts", in.experts), number_value("value", active)});
}

}  // namespace

std::optional<InputError> check_model_shape(const BudgetInput& in) {
  if (auto error = check_head_groups(in)) return error;
  return check_experts(in);
}

}  // namespace llmbudget
