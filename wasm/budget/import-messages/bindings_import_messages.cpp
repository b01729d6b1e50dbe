// Embind table for the config.json importer's message kinds (hf_config_json.h): its
// refusals, the JSON reader's reasons and its notes, as codes and English patterns.
// Linked into the full module (budget_core.js), so the facade lists them with the
// budget's from the start (web/core/budget-core.js) and a page words an importer's
// refusal or note in its language; the importer itself is its own module
// (wasm/budget/importer/), fetched when a reader first reads a config.json.
#include <emscripten/bind.h>

#include "budget/hf_config_json.h"

namespace lb = llmbudget;
using emscripten::function;

EMSCRIPTEN_BINDINGS(import_messages) {
  function("import_message_declarations_json", &lb::import_message_declarations_json);
}
