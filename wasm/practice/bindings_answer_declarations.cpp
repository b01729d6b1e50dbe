// Embind table for the answer side's declaration (src/practice/answer_declarations_json.h):
// the unit dimensions, parse errors, verdicts, step kinds and practice fields
// as one JSON text, read once by web/core/reading-core.js and quiz-core.js.
// Linked into the full wasm module only: the calculator's reads the dimensions
// and parse errors from the reading layer's own JSON
// (wasm/reading/bindings_reading.cpp), without the verdicts,
// step kinds, practice fields and drill mistakes.
#include <emscripten/bind.h>

#include "practice/answer_declarations_json.h"

namespace lb = llmbudget;

EMSCRIPTEN_BINDINGS(answer_declarations) {
  emscripten::function("answer_declarations_json", &lb::answer_declarations_json);
}
