// The field declarations (field_declarations.h) as one JSON text, for the JS
// facade (read once when the module loads) and the CLI's --fields-json.
#pragma once

#include <string>

#include "budget/field_declarations.h"

namespace llmbudget {

/// Appends one input declaration's members (no braces) to `out`, each followed by a comma:
/// "name", "symbol", "label", "unit", "kind", "min", "max", "min_exclusive", "zero_means",
/// "max_from", "typical_min", "typical_max", "group", "meaning", "count_prefixes". The
/// budget's inputs and the serving simulation's (traffic_declarations_json.h) share it.
void add_input_declaration_members(std::string& out, const InputFieldDeclaration& f);

/// JSON object describing every declared field:
///   {"max_text_bytes": 200 (kMaxAnswerBytes: the longest text read_field_value reads),
///    "inputs": [input...], "speculative_inputs": [input...],
///    "results": {"plan": [result...], "capacity": [result...], "speculative": [result...],
///                 "plan_levers": [result... of one row]},
///    "series": {"batch": [series...], "context": [...], "acceptance": [...]},
///    "enums": {"Verdict": [names by value], "BindingTerm": [...]},
///    "messages": [{"code", "pattern"}...] (input_messages.h: every kind of message about a
///                 refused input, its English pattern with {placeholders})}
/// input:  {"name","symbol","label","unit","kind":"real"|"whole","min","max",
///          "min_exclusive","zero_means","max_from","typical_min","typical_max",
///          "group","meaning","default"} (default: BudgetInput{}'s value; absent
///          for the speculative parameters, which have none)
/// result: {"name","unit","kind":"number"|"flag"|"verdict"|"binding_term","needs_fit","meaning"}
/// series: {"name","unit","flag","needs_fit","meaning"} (series_declarations.h)
/// Numbers are written as format_compact() writes them (exact for these
/// values); strings are JSON-escaped. Never fails.
std::string field_declarations_json();

}  // namespace llmbudget
