// Internal: the range checks behind every validator in the core. Their
// messages are the declared kinds of input_messages.h, so every one reads alike:
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

/// Checks one value; nullopt when it is inside the range, else the refusal of
/// `field` with code out_of_range, out_of_range_whole, out_of_range_above or
/// out_of_range_above_whole and params {field, min, max, value}.
std::optional<InputError> check_value(const char* field, double value, double lo, double hi, bool min_exclusive,
                                      bool whole);

}  // namespace detail
}  // namespace llmbudget
