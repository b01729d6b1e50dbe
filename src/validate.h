// Input validation for the serving-budget core. Errors are values, never
// exceptions: each check returns the first problem found, naming the field.
#pragma once

#include <optional>

#include "budget_types.h"

namespace llmbudget {

/// Checks every field of `in` against the ranges documented in BudgetInput.
/// Returns std::nullopt when all are valid, else the first InputError, e.g.
/// {"kv_heads", "kv_heads must be a whole number from 1 to query_heads (got 0)"}.
/// Non-finite values (NaN, +-Infinity) are always rejected.
std::optional<InputError> validate_budget_input(const BudgetInput& in);

}  // namespace llmbudget
