// Writing JSON text for the declaration tables (budget fields, the answer
// side's enums and practice fields): the few pieces a writer needs, each
// appending to `out`. Members are written with a trailing comma, and
// close_with() replaces the last comma with the closing bracket, so a writer
// never tracks whether an element is the first.
#pragma once

#include <string>

namespace llmbudget {
namespace json {

/// Appends `text` as a JSON string: quotes, '"' and '\' escaped, control
/// characters below U+0020 as \u00XX; other bytes (UTF-8) copied as they are.
void add_string(std::string& out, const char* text);

/// Appends "key": (no comma).
void add_key(std::string& out, const char* key);

/// Appends "key":"value", with the value escaped as add_string does.
void add_text_member(std::string& out, const char* key, const char* value);

/// Appends "key":number, with the number as format_compact() writes it
/// (shortest text that reads back to the same double; `value` must be finite).
void add_number_member(std::string& out, const char* key, double value);

/// Appends "key":true, or "key":false,.
void add_flag_member(std::string& out, const char* key, bool value);

/// Replaces the trailing comma of an object or array body with `close`
/// ('}' or ']'), or appends `close` when the body is empty.
void close_with(std::string& out, char close);

/// Appends `rows` (any range) as a JSON array of objects: for each row '{',
/// then what `members(row)` appends (members written as above, each with its
/// trailing comma), then '}'. An empty range gives [].
template <class Rows, class Members>
void add_object_array(std::string& out, const Rows& rows, Members members) {
  out += '[';
  for (const auto& row : rows) {
    out += '{';
    members(row);
    close_with(out, '}');
    out += ',';
  }
  close_with(out, ']');
}

}  // namespace json
}  // namespace llmbudget
