// The reading layer's declarations (reading_declarations.h) as JSON: what a
// page needs to read typed quantities (the longest text read, the unit
// dimensions, the parse errors), for the calculator's wasm module, which has
// no answer checker or practice. The answer side's JSON
// (practice/answer_declarations_json.h) starts with the same members, written
// by add_reading_declarations().
#pragma once

#include <string>

namespace llmbudget {

/// Appends the reading layer's members, each followed by a comma, to a JSON
/// object being written (json_text.h style):
///   "max_text_bytes": 200 (kMaxAnswerBytes: the longest text parse_quantity reads),
///   "dimensions": [{"name","base_unit","phrase","units"}...] (dimension_declarations(), enum order),
///   "parse_errors": [{"name","meaning"}...] (parse_error_declarations(), enum order).
/// Strings are JSON-escaped. Never fails.
void add_reading_declarations(std::string& out);

/// The reading layer's members as one JSON object:
///   {"max_text_bytes": 200, "dimensions": [...], "parse_errors": [...]}
/// as add_reading_declarations() writes them. Never fails.
std::string reading_declarations_json();

}  // namespace llmbudget
