#include "traffic/traffic_validate.h"

#include "budget/input_messages.h"
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
    return coded_error("request_rate",
                       simulation_refusal(open ? MessageCode::load_mode_both : MessageCode::load_mode_unset),
                       {text_value("rate_field", "request_rate"), text_value("concurrency_field", "concurrency")});
  }
  return std::nullopt;
}

}  // namespace llmbudget
