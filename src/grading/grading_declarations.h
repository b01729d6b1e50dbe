// The one declaration of the grading layer's names: the verdicts of a
// numeric and of a choice answer, and the kinds of step a question may have
// (a typed number, graded by check_numeric_answer, or a set of choices,
// graded by check_choice_answer), each with its answer shape and its
// verdicts. to_string(), the Embind enums (wasm/grading/bindings_quiz.cpp),
// the answer-side JSON (practice/answer_declarations_json.h) and through it
// the quiz's JS (the questions-file checks, grading, storage, feedback) read
// these tables.
#pragma once

#include "grading/choice_check.h"
#include "grading/numeric_check.h"
#include "text/table.h"

namespace llmbudget {

/// One verdict. Strings are static and never null.
struct VerdictDeclaration {
  int value;            ///< the AnswerVerdict or ChoiceVerdict value (row i has value i)
  const char* name;     ///< stable name: "wrong_unit"; a questions file's feedback key
  const char* tone;     ///< how feedback presents it: "good" (right), "warn" (nearly), "bad"
  const char* meaning;  ///< one line
};

/// The numeric verdicts in enum order: correct, close, wrong_unit, wrong, unparseable.
Table<VerdictDeclaration> answer_verdict_declarations();
/// The choice verdicts in enum order: correct, partly, wrong, invalid.
Table<VerdictDeclaration> choice_verdict_declarations();

/// The kinds of step a question may have.
enum class StepKind { numeric = 0, choice = 1 };

/// One step kind.
struct StepKindDeclaration {
  StepKind kind;
  const char* name;                    ///< a questions file's step "kind": "numeric", "choice"
  const char* answer;                  ///< the answer's shape: "text" (what was typed) or "choices" (choice ids)
  const char* verdict_enum;            ///< the enum its verdicts come from: "AnswerVerdict", "ChoiceVerdict"
  Table<VerdictDeclaration> verdicts;  ///< that enum's declaration
  const char* meaning;                 ///< one line
};

/// The step kinds in enum order: numeric, choice.
Table<StepKindDeclaration> step_kind_declarations();

/// Stable name of a choice verdict ("partly"); "invalid" outside the enum.
const char* to_string(ChoiceVerdict verdict);

}  // namespace llmbudget
