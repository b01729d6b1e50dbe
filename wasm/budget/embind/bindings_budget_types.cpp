// Embind names for the budget's types the full module's other tables share: InputError
// (every result's error, wasm/traffic/) and FieldReading (read_traffic_field_value). Full
// module only (this folder is not in the calculator's module, which has no Embind: its
// budget calls are wasm/budget/bindings_flat.cpp's). A declarative list, no logic.
#include <emscripten/bind.h>

#include "budget/budget_types.h"
#include "budget/field_reader.h"

namespace lb = llmbudget;
using emscripten::value_object;

EMSCRIPTEN_BINDINGS(budget_types) {
  value_object<lb::InputError>("InputError")
      .field("field", &lb::InputError::field)
      .field("message", &lb::InputError::message)
      .field("code", &lb::InputError::code)
      .field("params_json", &lb::InputError::params_json);

  value_object<lb::FieldReading>("FieldReading")
      .field("ok", &lb::FieldReading::ok)
      .field("error", &lb::FieldReading::error)
      .field("value", &lb::FieldReading::value)
      .field("significant_digits", &lb::FieldReading::significant_digits)
      .field("binary_prefix", &lb::FieldReading::binary_prefix)
      .field("ambiguous", &lb::FieldReading::ambiguous)
      .field("ambiguous_mark", &lb::FieldReading::ambiguous_mark)  // a char: a number in JS (44 ',', 46 '.', 0)
      .field("grouping_taken", &lb::FieldReading::grouping_taken);
}
