#include "traffic/traffic_validate.h"

#include "budget/validate.h"
#include "traffic/traffic_declarations.h"

namespace llmbudget {

std::optional<InputError> validate_traffic_input(const TrafficInput& traffic) {
  for (const TrafficInputFieldDeclaration& row : traffic_input_fields()) {
    if (auto error = check_declared_value(*row.field, traffic.*row.member)) return error;
  }
  const bool open = traffic.request_rate != 0;
  const bool closed = traffic.concurrency != 0;
  if (open == closed) {
    return InputError{"request_rate", open ? "set request_rate (open loop) or concurrency (closed loop), "
                                             "not both"
                                           : "set request_rate (open loop) or concurrency (closed loop)"};
  }
  return std::nullopt;
}

}  // namespace llmbudget
