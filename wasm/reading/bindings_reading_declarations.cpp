// Embind table for the reading layer's declarations as JSON
// (src/reading/reading_declarations_json.h): the longest text read, the unit
// dimensions and the parse errors, read once by web/core/reading-core.js.
// Linked into both wasm modules; the full one also binds the answer side's
// JSON (wasm/practice/bindings_answer_declarations.cpp), which begins with the
// same members.
#include <emscripten/bind.h>

#include "reading/reading_declarations_json.h"

namespace lb = llmbudget;

EMSCRIPTEN_BINDINGS(reading_declarations) {
  emscripten::function("reading_declarations_json", &lb::reading_declarations_json);
}
