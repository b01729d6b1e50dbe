// import_hf_config() (hf_config.h) as one JSON text, for the JS facade
// (web/core/budget-core.js importHfConfig), which reads it with JSON.parse.
#pragma once

#include <string>

namespace llmbudget {

/// The import of `json_text` (a config.json's text) as a JSON object:
///   {"ok": true, "error": null, "inputs": {"total_params": 9241705984, ...}, "notes": ["...", ...],
///    "note_kinds": [{"code": "read_as", "params": {"model_type": "llama", ...}}, ...]}
///   {"ok": false, "error": {"field": "model_type", "message": "...", "code": "config_unknown_model_type",
///    "params": {"got": "\"gpt2\"", ...}}, "inputs": {}, "notes": [], "note_kinds": []}
/// notes: each note's English sentence; note_kinds: the same notes' codes
/// (import_notes.h) and values, in the same order; error.code and error.params
/// are there when the refusal is of a declared kind (input_messages.h).
/// inputs: every value import_hf_config() sets, by its declared field name, in
/// declaration order; numbers as format_compact() writes them (the shortest
/// text that reads back to the same double). Never fails.
std::string hf_import_json(const std::string& json_text);

/// The kinds of message only the importer writes, as one JSON array: its refusals and
/// the JSON kinds they name (input_messages.h import_refusal_declarations(), codes
/// "config_*" and "json_*"), the JSON reader's reasons (text/json_errors.h, codes
/// "json_error_*"), then the importer's notes (import_notes.h, codes "note_*"):
///   [{"code": "config_not_json", "pattern": "..."}, ...,
///    {"code": "json_error_expected_value", "pattern": "..."}, ...,
///    {"code": "note_shared_experts", "pattern": "{count} shared experts ...", "one": "..."}, ...]
/// "one" is the English pattern for a {count} of 1, where the English depends on
/// the count. Kept apart from field_declarations_json()'s "messages" (the
/// refusals) so that a module without the importer carries none of these
/// patterns. Never fails.
std::string import_message_declarations_json();

}  // namespace llmbudget
