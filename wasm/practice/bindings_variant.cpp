// Embind table for the practice variants of knowledge-check questions 1 and 2
// (src/practice/quiz_variant.h): a declarative list, no logic. The fields are
// registered by looping over the core's declaration (practice_declarations.h),
// so no field name is typed here. Links into the same module as
// wasm/grading/bindings_quiz.cpp, which registers the QuizNumericQuestion its
// question fields use.
#include <emscripten/bind.h>

#include "practice/practice_declarations.h"
#include "practice/quiz_variant.h"

namespace lb = llmbudget;
using emscripten::function;
using emscripten::value_object;

EMSCRIPTEN_BINDINGS(quiz_variant) {
  value_object<lb::QuizVariant> variant("QuizVariant");
  variant.field("seed", &lb::QuizVariant::seed);
  for (const lb::PracticeFieldDeclaration<lb::QuizVariant>& f : lb::quiz_variant_declaration().fields) {
    switch (f.kind) {
      case lb::PracticeFieldKind::number: variant.field(f.name, f.number); break;
      case lb::PracticeFieldKind::flag: variant.field(f.name, f.flag); break;
      case lb::PracticeFieldKind::question: variant.field(f.name, f.question); break;
    }
  }

  function("make_variant", &lb::make_variant);
}
