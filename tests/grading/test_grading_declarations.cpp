// The grading layer's name tables: verdicts and step kinds, one row per enum
// value, names unique, and to_string() agreeing with them.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "grading/grading_declarations.h"

using namespace llmbudget;

namespace {

void check_verdict_table(Table<VerdictDeclaration> rows) {
  std::set<std::string> names;
  for (std::size_t i = 0; i < rows.size; ++i) {
    const VerdictDeclaration& v = rows.rows[i];
    INFO(v.name);
    CHECK(static_cast<std::size_t>(v.value) == i);
    CHECK(names.insert(v.name).second);
    const std::string tone = v.tone;
    CHECK((tone == "good" || tone == "warn" || tone == "bad"));
    CHECK(std::string(v.meaning).size() > 0);
  }
  // Only "correct" is presented as right.
  for (const VerdictDeclaration& v : rows) CHECK((std::string(v.tone) == "good") == (std::string(v.name) == "correct"));
}

}  // namespace

TEST_CASE("numeric verdicts: one row per value, and to_string reads the table", "[declarations][numeric]") {
  const auto rows = answer_verdict_declarations();
  REQUIRE(rows.size == 5);  // correct = 0 .. unparseable = 4
  check_verdict_table(rows);
  for (const VerdictDeclaration& v : rows) CHECK(std::string(to_string(static_cast<AnswerVerdict>(v.value))) == v.name);
  CHECK(std::string(to_string(AnswerVerdict::wrong_unit)) == "wrong_unit");
  CHECK(std::string(to_string(static_cast<AnswerVerdict>(7))) == "unparseable");
}

TEST_CASE("choice verdicts: one row per value, and to_string reads the table", "[declarations][choice]") {
  const auto rows = choice_verdict_declarations();
  REQUIRE(rows.size == 4);  // correct = 0 .. invalid = 3
  check_verdict_table(rows);
  for (const VerdictDeclaration& v : rows) CHECK(std::string(to_string(static_cast<ChoiceVerdict>(v.value))) == v.name);
  ChoiceQuestion q;
  q.option_count = 3;
  q.correct = {0, 2};
  q.multiple = true;
  CHECK(std::string(to_string(check_choice_answer({0}, q).verdict)) == "partly");  // 1 of 2 right options
  CHECK(std::string(to_string(static_cast<ChoiceVerdict>(-1))) == "invalid");
}

TEST_CASE("step kinds: numeric takes text and numeric verdicts, choice takes choice ids", "[declarations]") {
  const auto kinds = step_kind_declarations();
  REQUIRE(kinds.size == 2);
  std::set<std::string> names, answers, enums;
  for (std::size_t i = 0; i < kinds.size; ++i) {
    const StepKindDeclaration& k = kinds.rows[i];
    INFO(k.name);
    CHECK(static_cast<std::size_t>(k.kind) == i);
    CHECK(names.insert(k.name).second);
    CHECK(answers.insert(k.answer).second);
    CHECK(enums.insert(k.verdict_enum).second);
  }
  const StepKindDeclaration& numeric = kinds.rows[static_cast<int>(StepKind::numeric)];
  CHECK(std::string(numeric.name) == "numeric");
  CHECK(std::string(numeric.answer) == "text");
  CHECK(numeric.verdicts.rows == answer_verdict_declarations().rows);
  const StepKindDeclaration& choice = kinds.rows[static_cast<int>(StepKind::choice)];
  CHECK(std::string(choice.answer) == "choices");
  CHECK(choice.verdicts.rows == choice_verdict_declarations().rows);
}

TEST_CASE("an invalid dimension is refused with the declared names", "[declarations][numeric]") {
  NumericQuestion q;
  q.dimension = static_cast<UnitDimension>(7);
  std::string message;
  CHECK(validate_numeric_question(q, message) == "dimension");
  CHECK(message == "dimension must be one of none, bytes, tokens_per_pass, tokens_per_s, seconds (got 7)");
}
