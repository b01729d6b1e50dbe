// JSON text for the declaration tables; see json_text.h.
#include "text/json_text.h"

#include "text/number_text.h"

namespace llmbudget {
namespace json {

void add_string(std::string& out, const char* text) {
  out += '"';
  for (const char* p = text; *p != '\0'; ++p) {
    const char c = *p;
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += "\\u00";
      out += "0123456789abcdef"[(c >> 4) & 0xF];
      out += "0123456789abcdef"[c & 0xF];
    } else {
      out += c;
    }
  }
  out += '"';
}

void add_key(std::string& out, const char* key) {
  add_string(out, key);
  out += ':';
}

void add_text_member(std::string& out, const char* key, const char* value) {
  add_key(out, key);
  add_string(out, value);
  out += ',';
}

void add_number_member(std::string& out, const char* key, double value) {
  add_key(out, key);
  out += format_compact(value);
  out += ',';
}

void add_flag_member(std::string& out, const char* key, bool value) {
  add_key(out, key);
  out += value ? "true," : "false,";
}

void close_with(std::string& out, char close) {
  if (!out.empty() && out.back() == ',')
    out.back() = close;
  else
    out += close;
}

}  // namespace json
}  // namespace llmbudget
