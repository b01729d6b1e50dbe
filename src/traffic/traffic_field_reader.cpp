#include "traffic/traffic_field_reader.h"

#include <cmath>

#include "budget/input_messages.h"
#include "text/utf8_text.h"
#include "traffic/traffic_declarations.h"

namespace llmbudget {

FieldReading read_traffic_field_value(const std::string& name, const std::string& text, double display_factor,
                                      CommaReading comma, PointReading point) {
  const TrafficInputFieldDeclaration* row = find_traffic_input_field(name.c_str());
  FieldReading refused;
  if (row == nullptr) {
    refused.error = coded_error(name, MessageCode::unknown_field, {text_value("text", quote_visible(name, 40))});
    return refused;
  }
  if (!(display_factor > 0) || !std::isfinite(display_factor)) {
    refused.error =
        coded_error(row->field->name, MessageCode::bad_display_factor, {text_value("label", row->field->label)});
    return refused;
  }
  return read_field_value(*row->field, text, display_factor, comma, point);
}

}  // namespace llmbudget
