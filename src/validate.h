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

#include <string>
#include <vector>

namespace llmbudget {

/// The valid range of one BudgetInput field, for the page to show beside a
/// field and for the CLI's --help. `whole` means the value must be an integer.
/// min_exclusive means the value must be strictly greater than min (e.g. 0 < b_w).
struct FieldLimit {
  std::string field;
  double min = 0;
  double max = 0;
  bool min_exclusive = false;
  bool whole = false;
  std::string unit;  ///< "bytes", "bytes/s", "FLOP/s", "tokens", "bytes per parameter", "" ...
};

/// One entry per BudgetInput field, in declaration order; the same ranges
/// validate_budget_input() enforces.
std::vector<FieldLimit> budget_input_limits();

}  // namespace llmbudget
