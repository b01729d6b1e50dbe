// Validation of a TrafficInput against its declaration (traffic_declarations.h)
// and the rules the rows cannot state. Errors are values naming the field.
#pragma once

#include <optional>

#include "budget/budget_types.h"
#include "traffic/traffic_types.h"

namespace llmbudget {

/// Checks every TrafficInput field against its row, in declaration order, then:
/// exactly one of request_rate and concurrency is non-zero ("request_rate": "set
/// request_rate (open loop) or concurrency (closed loop), not both" / "... set one of");
/// max_num_batched_tokens >= max_num_seqs (vLLM's rule: every running request's decode token
/// fits one iteration). nullopt when valid.
std::optional<InputError> validate_traffic_input(const TrafficInput& traffic);

}  // namespace llmbudget
