// Internal: the range checks behind every validator in the core, and the
// wording of their error messages. One place, so every message reads alike:
//   "<field> must be a whole number from 1 to 1000 (got 7.5)"
//   "<field> must be a number above 0 and at most 8 (got 0)"
//   "<field> must be a number from 0 to 1 (got NaN)"
// NaN and +-Infinity fail every check (comparisons with NaN are false).
#pragma once

#include <optional>
#include <string>

#include "budget/budget_types.h"

namespace llmbudget {
namespace detail {

/// True when lo <= value <= hi (or lo < value when min_exclusive) and, if
/// `whole`, value is an integer. False for NaN and +-Infinity.
bool in_range(double value, double lo, double hi, bool min_exclusive, bool whole);

/// The range part of a message: "a whole number from 1 to 1000",
/// "a number above 0 and at most 8", "a number from 0 to 0.9".
std::string describe_range(double lo, double hi, bool min_exclusive, bool whole);

/// InputError{field, "<field> must be <range> (got <value>)"}.
InputError range_error(const std::string& field, const std::string& range_text, double value);

/// Checks one value; nullopt when it is inside the range.
std::optional<InputError> check_value(const char* field, double value, double lo, double hi, bool min_exclusive,
                                      bool whole);

}  // namespace detail
}  // namespace llmbudget
