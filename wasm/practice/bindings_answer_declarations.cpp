// Embind table for the answer side's declaration (src/practice/answer_declarations_json.h):
// the unit dimensions, parse errors, verdicts, step kinds and practice fields
// as one JSON text, read once by web/core/reading-core.js and quiz-core.js.
// Linked into both wasm modules (the calculator's reads the dimensions and
// parse errors through reading-core.js), so it is a file of its own.
#include <emscripten/bind.h>

#include "practice/answer_declarations_json.h"

namespace lb = llmbudget;

EMSCRIPTEN_BINDINGS(answer_declarations) {
  emscripten::function("answer_declarations_json", &lb::answer_declarations_json);
}
