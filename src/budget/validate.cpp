#include "budget/validate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "budget/field_checks.h"
#include "budget/input_messages.h"
#include "budget/model_shape.h"
#include "budget/tensor_parallel.h"

namespace llmbudget {

std::optional<InputError> check_declared_value(const InputFieldDeclaration& field, double value, double cap) {
  // A capping field at 0 that allows 0 ("no limit") caps nothing.
  const InputFieldDeclaration* cap_field =
      field.max_from[0] != '\0' ? find_budget_input_field(field.max_from) : nullptr;
  const bool capped = field.max_from[0] != '\0' && !(cap == 0 && cap_field && cap_field->zero_means[0] != '\0');
  const bool zero_allowed = field.zero_means[0] != '\0';
  const bool whole = field.kind == FieldKind::whole;
  if (zero_allowed && value == 0) return std::nullopt;
  const double hi = capped ? std::min(field.max, cap) : field.max;
  if (detail::in_range(value, field.min, hi, field.min_exclusive, whole)) return std::nullopt;
  if (!capped && !zero_allowed) {
    return detail::check_value(field.name, value, field.min, field.max, field.min_exclusive, whole);
  }
  // "0 (full attention) or a whole number from 1 to 1e7", "a whole number from 1 to query_heads",
  // "... (got 40; query_heads is 32)" when the value is above the cap.
  const bool above_cap = capped && std::isfinite(value) && value > cap;
  using M = MessageCode;
  M code;
  if (!capped) {
    code = whole ? M::out_of_range_or_zero_whole : M::out_of_range_or_zero;
  } else if (zero_allowed) {
    code = above_cap ? (whole ? M::above_cap_or_zero_whole : M::above_cap_or_zero)
                     : (whole ? M::out_of_range_or_zero_capped_whole : M::out_of_range_or_zero_capped);
  } else {
    code = above_cap ? (whole ? M::above_cap_whole : M::above_cap)
                     : (whole ? M::out_of_range_capped_whole : M::out_of_range_capped);
  }
  std::vector<MessageValue> params{text_value("field", field.name)};
  if (zero_allowed) params.push_back(text_value("zero_means", field.zero_means));
  params.push_back(number_value("min", field.min));
  params.push_back(capped ? text_value("cap_field", field.max_from) : number_value("max", field.max));
  params.push_back(number_value("value", value));
  if (above_cap) params.push_back(number_value("cap", cap));
  return coded_error(field.name, code, params);
}

std::optional<InputError> validate_budget_input(const BudgetInput& in) {
  for (const InputFieldDeclaration& field : budget_input_fields()) {
    double cap = 0;
    if (field.max_from[0] != '\0') {
      // A cap that is itself out of its range caps nothing here: its own
      // check names it (-5 typed as the model's context limit is refused on
      // model_max_context_tokens, not on the context it would cap).
      const InputFieldDeclaration& cap_field = *find_budget_input_field(field.max_from);
      cap = in.*cap_field.member;
      if (check_declared_value(cap_field, cap, std::numeric_limits<double>::infinity())) cap = field.max;
    }
    if (auto error = check_declared_value(field, in.*field.member, cap)) return error;
  }
  // Rules the declarations cannot state: the model's head groups and experts,
  // then how G GPUs split the heads.
  if (auto error = check_model_shape(in)) return error;
  return check_tensor_split(in);
}

}  // namespace llmbudget
