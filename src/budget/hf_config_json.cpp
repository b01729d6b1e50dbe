// import_hf_config() as JSON; shape in hf_config_json.h.
#include "budget/hf_config_json.h"

#include "budget/hf_config.h"
#include "budget/import_notes.h"
#include "budget/input_messages.h"
#include "text/json_errors.h"
#include "text/json_text.h"

namespace llmbudget {

std::string hf_import_json(const std::string& json_text) {
  const HfImportResult r = import_hf_config(json_text);
  std::string out = "{";
  json::add_flag_member(out, "ok", r.ok);
  json::add_key(out, "error");
  if (r.ok) {
    out += "null,";
  } else {
    out += '{';
    json::add_text_member(out, "field", r.error.field.c_str());
    json::add_text_member(out, "message", r.error.message.c_str());
    if (!r.error.code.empty()) {
      json::add_text_member(out, "code", r.error.code.c_str());
      json::add_key(out, "params");
      out += r.error.params_json;
      out += ',';
    }
    json::close_with(out, '}');
    out += ',';
  }
  json::add_key(out, "inputs");
  out += '{';
  for (const HfImportedValue& v : r.values) json::add_number_member(out, v.field->name, v.value);
  json::close_with(out, '}');
  out += ',';
  json::add_key(out, "notes");
  out += '[';
  for (const ImportNote& note : r.notes) {
    json::add_string(out, note.text.c_str());
    out += ',';
  }
  json::close_with(out, ']');
  out += ',';
  json::add_key(out, "note_kinds");
  out += written_messages_json(r.notes);
  json::close_with(out, '}');
  return out;
}

std::string import_message_declarations_json() {
  // The importer's refusals first (input_messages.h), then the JSON reader's reasons and the notes.
  std::string out = message_declarations_json(import_refusal_declarations());
  out.back() = ',';
  for (const json::JsonErrorDeclaration& e : json::json_error_declarations()) {
    out += '{';
    add_declaration_members(out, e.code, e.pattern, nullptr);
    json::close_with(out, '}');
    out += ',';
  }
  for (const ImportNoteDeclaration& n : import_note_declarations()) {
    out += '{';
    add_declaration_members(out, n.code, n.pattern, n.pattern_one);
    json::close_with(out, '}');
    out += ',';
  }
  json::close_with(out, ']');
  return out;
}

}  // namespace llmbudget
