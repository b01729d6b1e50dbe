// Embind table for the Hugging Face config.json importer (src/budget/hf_config.h):
// a declarative list, no logic. Linked into the full module (budget_core.js)
// only. The importer (its JSON reader, the layer-kind tables and its messages)
// is about 11 KB of the calculator's module gzip (measured: 57.0 -> 45.6 KB), and
// only the presets part reads a config.json, so that part asks for the full
// module (web/element/part-names.js) and the calculator's module stays without it.
#include <emscripten/bind.h>

#include "budget/hf_config.h"
#include "budget/hf_config_json.h"

namespace lb = llmbudget;
using emscripten::function;

EMSCRIPTEN_BINDINGS(hf_import) {
  // The importer, as JSON text (hf_config_json.h), and its size limit.
  function("hf_import_json", &lb::hf_import_json);
  // The kinds of its notes and of the JSON reader's reasons (codes and English patterns).
  function("import_message_declarations_json", &lb::import_message_declarations_json);
  function(
      "hf_config_max_bytes", +[]() { return static_cast<double>(lb::kHfConfigMaxBytes); });
}
