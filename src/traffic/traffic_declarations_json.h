// The serving simulation's declaration (traffic_declarations.h) as one JSON
// text, for the JS facade (read once when the module loads).
#pragma once

#include <string>

namespace llmbudget {

/// {"inputs": [input...], "results": {"simulation": [result...], "max_rate": [result...]},
///  "statistics": ["mean", "p50", "p90", "p99"]}
/// input: the members of a budget input (add_input_declaration_members(),
///        budget/field_declarations_json.h) and "default" (TrafficInput{}'s value)
/// result: {"name", "unit", "kind": "number"|"flag"|"summary", "needs_stable",
///          "null_unless" (a flag's name or ""), "meaning"}
/// Never fails.
std::string traffic_declarations_json();

/// The serving simulation's refusals (budget/input_messages.h simulation_refusal_declarations())
/// as one JSON array, [{"code": "load_mode_unset", "pattern": "..."}, ...], in the shape of
/// field_declarations_json()'s "messages", which leaves them out: a module without the
/// simulation carries none of these patterns. Never fails.
std::string simulation_message_declarations_json();

}  // namespace llmbudget
