#include "budget/field_checks.h"

#include <cmath>

#include "text/number_text.h"

namespace llmbudget {
namespace detail {

bool in_range(double value, double lo, double hi, bool min_exclusive, bool whole) {
  if (!std::isfinite(value)) return false;
  if (min_exclusive ? !(value > lo) : !(value >= lo)) return false;
  if (!(value <= hi)) return false;
  if (whole && value != std::trunc(value)) return false;
  return true;
}

std::string describe_range(double lo, double hi, bool min_exclusive, bool whole) {
  const std::string kind = whole ? "a whole number" : "a number";
  if (min_exclusive) {
    return kind + " above " + format_compact(lo) + " and at most " + format_compact(hi);
  }
  return kind + " from " + format_compact(lo) + " to " + format_compact(hi);
}

InputError range_error(const std::string& field, const std::string& range_text, double value) {
  return InputError{field, field + " must be " + range_text + " (got " + format_compact(value) + ")"};
}

std::optional<InputError> check_value(const char* field, double value, double lo, double hi, bool min_exclusive,
                                      bool whole) {
  if (in_range(value, lo, hi, min_exclusive, whole)) return std::nullopt;
  return range_error(field, describe_range(lo, hi, min_exclusive, whole), value);
}

}  // namespace detail
}  // namespace llmbudget
