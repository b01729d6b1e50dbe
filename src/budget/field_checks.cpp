#include "budget/field_checks.h"

#include <cmath>

#include "budget/input_messages.h"

namespace llmbudget {
namespace detail {

bool in_range(double value, double lo, double hi, bool min_exclusive, bool whole) {
  if (!std::isfinite(value)) return false;
  if (min_exclusive ? !(value > lo) : !(value >= lo)) return false;
  if (!(value <= hi)) return false;
  if (whole && value != std::trunc(value)) return false;
  return true;
}

std::optional<InputError> check_value(const char* field, double value, double lo, double hi, bool min_exclusive,
                                      bool whole) {
  if (in_range(value, lo, hi, min_exclusive, whole)) return std::nullopt;
  const MessageCode code = min_exclusive
                               ? (whole ? MessageCode::out_of_range_above_whole : MessageCode::out_of_range_above)
                               : (whole ? MessageCode::out_of_range_whole : MessageCode::out_of_range);
  return coded_error(
      field, code,
      {text_value("field", field), number_value("min", lo), number_value("max", hi), number_value("value", value)});
}

}  // namespace detail
}  // namespace llmbudget
