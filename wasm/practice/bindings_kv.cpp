// Embind table for the KV-cache practice (src/practice/kv_practice.h): a declarative
// list, no logic. Links into the same module as bindings.cpp and
// bindings_quiz.cpp, so its names carry the Quiz prefix too. The vector
// arrives in JS as a handle that web/core/quiz-core.js copies and .delete()s.
#include <emscripten/bind.h>

#include "practice/kv_practice.h"

namespace lb = llmbudget;
using emscripten::function;
using emscripten::register_vector;
using emscripten::value_object;

EMSCRIPTEN_BINDINGS(quiz_kv_practice) {
  register_vector<lb::NamedValue>("QuizNamedValueVector");

  value_object<lb::NamedValue>("QuizNamedValue")
      .field("name", &lb::NamedValue::name)
      .field("unit", &lb::NamedValue::unit)
      .field("value", &lb::NamedValue::value);

  function("kv_practice_table", &lb::kv_practice_table);
}
