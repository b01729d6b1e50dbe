// The grading layer's names; see grading_declarations.h.
#include "grading/grading_declarations.h"

#include <iterator>

namespace llmbudget {

namespace {

constexpr int value(AnswerVerdict v) { return static_cast<int>(v); }
constexpr int value(ChoiceVerdict v) { return static_cast<int>(v); }

constexpr VerdictDeclaration kAnswerVerdicts[] = {
    {value(AnswerVerdict::correct), "correct", "good", "within the tolerance"},
    {value(AnswerVerdict::close), "close", "warn",
     "outside the tolerance but within the close band: rounded too early"},
    {value(AnswerVerdict::wrong_unit), "wrong_unit", "warn",
     "a bit unit, a unit of another dimension, or a number right in another unit of the same dimension"},
    {value(AnswerVerdict::wrong), "wrong", "bad", "read, but not the value asked for"},
    {value(AnswerVerdict::unparseable), "unparseable", "bad",
     "not a number with a known unit, nor arithmetic that works out (the reason is a parse error)"},
};

constexpr VerdictDeclaration kChoiceVerdicts[] = {
    {value(ChoiceVerdict::correct), "correct", "good", "single: a right option; several: exactly the right set"},
    {value(ChoiceVerdict::partly), "partly", "warn", "several: some right options, but some missing or extra"},
    {value(ChoiceVerdict::wrong), "wrong", "bad", "no selected option is right, or nothing selected"},
    {value(ChoiceVerdict::invalid), "invalid", "bad",
     "a malformed selection: an option out of range, or several on a single choice"},
};

constexpr StepKindDeclaration kStepKinds[] = {
    {StepKind::numeric,
     "numeric",
     "text",
     "AnswerVerdict",
     {kAnswerVerdicts, std::size(kAnswerVerdicts)},
     "a typed number or arithmetic with an optional unit, graded by check_numeric_answer"},
    {StepKind::choice,
     "choice",
     "choices",
     "ChoiceVerdict",
     {kChoiceVerdicts, std::size(kChoiceVerdicts)},
     "one option, or every option that applies, graded by check_choice_answer"},
};

template <std::size_t N, class E>
const char* name_in(const VerdictDeclaration (&rows)[N], E v, const char* outside) {
  const auto i = static_cast<std::size_t>(v);
  return i < N ? rows[i].name : outside;
}

}  // namespace

Table<VerdictDeclaration> answer_verdict_declarations() { return {kAnswerVerdicts, std::size(kAnswerVerdicts)}; }
Table<VerdictDeclaration> choice_verdict_declarations() { return {kChoiceVerdicts, std::size(kChoiceVerdicts)}; }
Table<StepKindDeclaration> step_kind_declarations() { return {kStepKinds, std::size(kStepKinds)}; }

const char* to_string(AnswerVerdict verdict) { return name_in(kAnswerVerdicts, verdict, "unparseable"); }
const char* to_string(ChoiceVerdict verdict) { return name_in(kChoiceVerdicts, verdict, "invalid"); }

}  // namespace llmbudget
