// The reading layer's declarations as JSON; see reading_declarations_json.h.
#include "reading/reading_declarations_json.h"

#include "reading/flat_reading.h"
#include "reading/quantity.h"
#include "reading/reading_declarations.h"
#include "text/json_text.h"

namespace llmbudget {

void add_reading_declarations(std::string& out) {
  // The longest answer parse_quantity reads (quantity.h); a facade clips what
  // it hands to the core just past it, so no pasted megabyte enters wasm.
  json::add_number_member(out, "max_text_bytes", static_cast<double>(kMaxAnswerBytes));
  json::add_key(out, "dimensions");
  json::add_object_array(out, dimension_declarations(), [&out](const DimensionDeclaration& d) {
    json::add_text_member(out, "name", d.name);
    json::add_text_member(out, "base_unit", d.base_unit);
    json::add_text_member(out, "phrase", d.phrase);
    json::add_text_member(out, "units", d.units);
  });
  out += ',';
  json::add_key(out, "parse_errors");
  json::add_object_array(out, parse_error_declarations(), [&out](const EnumDeclaration& e) {
    json::add_text_member(out, "name", e.name);
    json::add_text_member(out, "meaning", e.meaning);
    if (is_nothing_typed(static_cast<ParseError>(e.value))) json::add_flag_member(out, "nothing_typed", true);
  });
  out += ',';
  // The flat calls' layout (flat_reading.h): the names of parse_quantity()'s values, in order.
  json::add_key(out, "flat_layouts");
  out += '{';
  json::add_key(out, "quantity");
  out += '[';
  for (const QuantityValue& v : kQuantityLayout) {
    json::add_string(out, v.name);
    out += ',';
  }
  json::close_with(out, ']');
  out += "},";
}

std::string reading_declarations_json() {
  std::string out = "{";
  add_reading_declarations(out);
  json::close_with(out, '}');
  return out;
}

}  // namespace llmbudget
