// Input validation for the serving-budget core, driven by the field
// declarations (field_declarations.h). Errors are values, never exceptions:
// each check returns the first problem found, naming the field.
#pragma once

#include <optional>

#include "budget/budget_types.h"
#include "budget/field_declarations.h"

namespace llmbudget {

/// Checks every field of `in` against its declaration, in declaration order.
/// Returns std::nullopt when all are valid, else the first InputError, e.g.
/// {"kv_heads", "kv_heads must be a whole number from 1 to query_heads (got 40; query_heads is 32)"}.
/// Non-finite values (NaN, +-Infinity) are always rejected. After the declared
/// ranges, the model's shape rules (check_model_shape(), model_shape.h: KV
/// heads divide the query heads; experts and experts per token set together)
/// and the tensor-parallel split (check_tensor_split(), tensor_parallel.h):
/// gpus must divide query_heads and divide or be divided by kv_heads.
std::optional<InputError> validate_budget_input(const BudgetInput& in);

/// Checks one value against one declaration. `cap` is the current value of
/// the field named by field.max_from (ignored when it names none; a cap of 0
/// from a field whose 0 means "no limit" caps nothing). Same
/// messages as validate_budget_input().
std::optional<InputError> check_declared_value(const InputFieldDeclaration& field, double value, double cap = 0);

}  // namespace llmbudget
