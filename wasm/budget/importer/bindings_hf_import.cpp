// Embind table for the Hugging Face config.json importer (src/budget/hf_config.h):
// a declarative list, no logic. It is the whole of the importer's own module
// (budget_core_importer.js), which a page fetches only when a reader first reads a
// config.json (web/parts/hf-import.js): the importer (its JSON reader, the layer-kind
// tables, its notes) was 12.9 KB of the full module's 90.8 KB gzip of wasm (measured at
// 58ecf41: 220,935 -> 187,110 bytes, 90.8 -> 77.8 KB gzip -9). Its message kinds stay in
// the full module (wasm/budget/import-messages/).
#include <emscripten/bind.h>

#include "budget/hf_config.h"
#include "budget/hf_config_json.h"

namespace lb = llmbudget;
using emscripten::function;

EMSCRIPTEN_BINDINGS(hf_import) {
  // The importer, as JSON text (hf_config_json.h), and its size limit.
  function("hf_import_json", &lb::hf_import_json);
  function(
      "hf_config_max_bytes", +[]() { return static_cast<double>(lb::kHfConfigMaxBytes); });
}
