// Embind table for the "find the mistake" drills (src/practice/mistake_drill.h):
// a declarative list, no logic. The NamedValue vector type is registered by
// bindings_kv.cpp in the same module; the facade (web/core/quiz-core.js)
// copies the handle and .delete()s it.
#include <emscripten/bind.h>

#include "practice/mistake_drill.h"

namespace lb = llmbudget;
using emscripten::function;

EMSCRIPTEN_BINDINGS(quiz_mistake_drill) { function("mistake_drill_table", &lb::mistake_drill_table); }
