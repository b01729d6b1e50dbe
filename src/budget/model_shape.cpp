#include "budget/model_shape.h"

#include <cmath>
#include <string>

#include "text/number_text.h"

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
  return InputError{"kv_heads", "kv_heads must divide query_heads (" + format_compact(in.query_heads) +
                                    "): each KV head serves a whole group of query heads; got " +
                                    format_compact(in.kv_heads) + "; nearest valid: " + format_compact(below) + " or " +
                                    format_compact(above)};
}

std::optional<InputError> check_experts(const BudgetInput& in) {
  if ((in.experts == 0) != (in.experts_per_token == 0)) {
    const bool routed_missing = in.experts == 0;
    const char* missing = routed_missing ? "experts" : "experts_per_token";
    const char* other = routed_missing ? "experts_per_token" : "experts";
    const double other_value = routed_missing ? in.experts_per_token : in.experts;
    return InputError{missing, std::string(missing) + " must be set (at least 1) when " + other + " is (got 0; " +
                                   other + " is " + format_compact(other_value) + "); set both to 0 for a dense model"};
  }
  if (in.experts == 0 || in.experts == in.experts_per_token) return std::nullopt;
  const double active = in.active_params > 0 ? in.active_params : in.total_params;
  const double least = in.total_params * in.experts_per_token / in.experts;
  if (active >= least) return std::nullopt;
  return InputError{"active_params", "active_params must be at least total_params * experts_per_token / experts (" +
                                         format_compact(least) + "): a token's " +
                                         format_compact(in.experts_per_token) + " of " + format_compact(in.experts) +
                                         " experts cannot weigh less than their share " + "of the total (got " +
                                         format_compact(active) + ")"};
}

}  // namespace

std::optional<InputError> check_model_shape(const BudgetInput& in) {
  if (auto error = check_head_groups(in)) return error;
  return check_experts(in);
}

}  // namespace llmbudget
