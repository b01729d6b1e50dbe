// The values of a declared message and its writing; see message_values.h.
#include "reading/message_values.h"

#include <cmath>
#include <cstring>
#include <utility>

#include "reading/reading_declarations.h"
#include "text/json_text.h"
#include "text/number_text.h"
#include "text/pattern_fill.h"

namespace llmbudget {

namespace {

using Kind = MessageValue::Kind;

MessageValue value_of(const char* name, Kind kind, double number = 0, std::string text = std::string()) {
  return MessageValue{name, kind, number, 0, std::move(text), UnitDimension::none, {}, {}, {}};
}

bool ends_with(const char* name, const char* suffix) {
  const std::size_t n = std::strlen(name), s = std::strlen(suffix);
  return n >= s && std::strcmp(name + n - s, suffix) == 0;
}

std::string number_text(double v, int digits) {
  return digits == 0 ? format_compact(v) : format_significant(v, digits);
}

// Appends "name":{members "params":params_json} for a part or a refusal.
void add_nested(std::string& out, const MessageValue& v, bool refusal) {
  json::add_key(out, v.name);
  out += '{';
  if (refusal) {
    json::add_text_member(out, "field", v.field.c_str());
    json::add_text_member(out, "error", v.text.c_str());
  }
  json::add_text_member(out, "code", v.code.c_str());
  json::add_key(out, "params");
  out += v.params_json.empty() ? "{}" : v.params_json;
  out += "},";
}

}  // namespace

MessageValue number_value(const char* name, double value, int digits) {
  MessageValue v = value_of(name, Kind::number, value);
  v.digits = digits;
  return v;
}

MessageValue count_value(const char* name, double value) { return value_of(name, Kind::count, value); }

MessageValue text_value(const char* name, std::string text) { return value_of(name, Kind::text, 0, std::move(text)); }

MessageValue unit_value(const char* name, const std::string& symbol) { return value_of(name, Kind::unit, 0, symbol); }

MessageValue dimension_value(const char* name, UnitDimension dimension) {
  MessageValue v = value_of(name, Kind::dimension);
  v.dimension = dimension;
  return v;
}

MessageValue message_value(const char* name, const char* code, const char* pattern) {
  MessageValue v = value_of(name, Kind::message, 0, pattern);
  v.code = code;
  return v;
}

MessageValue part_value(const char* name, const WrittenMessage& part) {
  MessageValue v = value_of(name, Kind::part, 0, part.text);
  v.code = part.code;
  v.params_json = part.params_json;
  return v;
}

MessageValue refusal_value(const char* name, std::string field, std::string error, std::string code,
                           std::string params_json) {
  MessageValue v = value_of(name, Kind::refusal, 0, std::move(error));
  v.field = std::move(field);
  v.code = std::move(code);
  v.params_json = std::move(params_json);
  return v;
}

std::string value_in_english(const MessageValue& v) {
  switch (v.kind) {
    case Kind::number: return number_text(v.number, v.digits);
    case Kind::count: return format_grouped(v.number);
    case Kind::text:
    case Kind::message:
    case Kind::part:
    case Kind::refusal: return v.text;
    case Kind::unit: return detail::unit_display(v.text);
    case Kind::dimension:
      if (ends_with(v.name, "_units")) return detail::dimension_units(v.dimension);
      if (ends_with(v.name, "_name")) return to_string(v.dimension);
      return detail::dimension_phrase(v.dimension);
  }
  return std::string();
}

std::string fill_message(const char* pattern, const std::vector<MessageValue>& values) {
  return fill_pattern(pattern, values, [](const MessageValue& v) { return value_in_english(v); });
}

std::string message_values_json(const std::vector<MessageValue>& values) {
  std::string out = "{";
  for (const MessageValue& v : values) {
    switch (v.kind) {
      case Kind::number:
      case Kind::count:
        if (std::isfinite(v.number)) {
          // The digits the English shows, so the page writes the same value.
          json::add_key(out, v.name);
          out += v.kind == Kind::count ? format_compact(v.number) : number_text(v.number, v.digits);
          out += ',';
        } else {
          json::add_text_member(out, v.name, format_compact(v.number).c_str());
        }
        break;
      case Kind::text:
      case Kind::unit: json::add_text_member(out, v.name, v.text.c_str()); break;
      case Kind::dimension: json::add_text_member(out, v.name, to_string(v.dimension)); break;
      case Kind::message: json::add_text_member(out, v.name, v.code.c_str()); break;
      case Kind::part: add_nested(out, v, false); break;
      case Kind::refusal: add_nested(out, v, true); break;
    }
  }
  json::close_with(out, '}');
  return out;
}

const char* pattern_for(const char* pattern, const char* pattern_one, const std::vector<MessageValue>& values) {
  if (pattern_one == nullptr) return pattern;
  for (const MessageValue& v : values) {
    if (std::strcmp(v.name, "count") == 0 && (v.kind == Kind::number || v.kind == Kind::count) && v.number == 1)
      return pattern_one;
  }
  return pattern;
}

WrittenMessage write_message(const char* code, const char* pattern, const char* pattern_one,
                             const std::vector<MessageValue>& values) {
  return WrittenMessage{code, fill_message(pattern_for(pattern, pattern_one, values), values),
                        message_values_json(values)};
}

std::string written_messages_json(const std::vector<WrittenMessage>& messages) {
  std::string out;
  json::add_object_array(out, messages, [&out](const WrittenMessage& m) {
    json::add_text_member(out, "code", m.code.c_str());
    json::add_key(out, "params");
    out += m.params_json;
    out += ',';
  });
  return out;
}

void add_declaration_members(std::string& out, const char* code, const char* pattern, const char* pattern_one) {
  json::add_text_member(out, "code", code);
  json::add_text_member(out, "pattern", pattern);
  if (pattern_one != nullptr) json::add_text_member(out, "one", pattern_one);
}

}  // namespace llmbudget
