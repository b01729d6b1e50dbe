// Rules between the model's shape fields that one field's declaration cannot
// state: grouped-query attention's head groups and a mixture of experts'
// three counts. validate_budget_input() runs them after the declared ranges.
#pragma once

#include <optional>

#include "budget/budget_types.h"

namespace llmbudget {

/// The shape rules as a refusal (nullopt when all hold), checked in this order
/// on fields that are already whole and in range:
/// - kv_heads divides query_heads: with grouped-query attention (Ainslie et
///   al., 2023, arXiv:2305.13245) each KV head serves a whole group of query
///   heads. Refused on "kv_heads", naming query_heads and the nearest valid
///   counts below and above: "kv_heads must divide query_heads (32): each KV
///   head serves a whole group of query heads; got 7; nearest valid: 4 or 8".
/// - experts and experts_per_token are both 0 (dense) or both set; refused on
///   the one that is 0.
/// - a mixture of experts with E > k needs active_params >= total_params * k / E
///   (the always-used weights are P - (P - P_active) * E / (E - k) >= 0: the
///   skipped experts cannot outweigh the total); refused on "active_params".
std::optional<InputError> check_model_shape(const BudgetInput& in);

}  // namespace llmbudget
