// The answer side's declarations (reading_declarations.h,
// grading_declarations.h, practice_declarations.h) as one JSON text, for the
// JS facades (read once when the module loads), as field_declarations_json()
// is for the budget side.
#pragma once

#include <string>

namespace llmbudget {

/// JSON object describing the answer side:
///   {"max_text_bytes": 200 (kMaxAnswerBytes: the longest answer parse_quantity reads),
///    "dimensions": [{"name","base_unit","phrase","units"}...],
///    "parse_errors": [{"name","meaning"}...],
///    "verdicts": {"AnswerVerdict": [verdict...], "ChoiceVerdict": [verdict...]},
///    "step_kinds": [{"name","answer":"text"|"choices","verdicts":"AnswerVerdict"|"ChoiceVerdict","meaning"}...],
///    "practice": [{"calc","block","meaning","fields": [field...]}...],
///    "drill_mistakes": [{"name","step","meaning","source"}...]}
/// verdict: {"name","tone":"good"|"warn"|"bad","meaning"}
/// field:   {"name","unit","kind":"number"|"flag"|"question","meaning"}
/// Every enum list is in enum order (entry i is value i). Strings are
/// JSON-escaped. Never fails.
std::string answer_declarations_json();

}  // namespace llmbudget
