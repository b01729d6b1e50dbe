// Choice questions: single choice with one or several defensible answers,
// select-all-that-apply with missing and extra picks, invalid selections and
// invalid questions. No file I/O (runs as wasm too).
#include <catch2/catch.hpp>

#include <vector>

#include "grading/choice_check.h"

using namespace llmbudget;

// ---- Choices ----------------------------------------------------------------

TEST_CASE("multi-select: Q3, only 4-bit weights change the outputs", "[answer_check][choice]") {
  // Options: batching, exact attention kernel, 4-bit weights, speculative decoding.
  ChoiceQuestion q3;
  q3.option_count = 4;
  q3.correct = {2};
  q3.multiple = true;

  ChoiceCheck r = check_choice_answer({2}, q3);
  REQUIRE(r.ok);
  CHECK(r.verdict == ChoiceVerdict::correct);
  CHECK(r.missing.empty());
  CHECK(r.extra.empty());

  r = check_choice_answer({3, 2}, q3);
  CHECK(r.verdict == ChoiceVerdict::partly);
  CHECK(r.extra == std::vector<int>{3});
  CHECK(r.missing.empty());
  CHECK(r.message == "Partly right: 1 of your 2 choices is right, 1 is not.");

  r = check_choice_answer({0, 1}, q3);
  CHECK(r.verdict == ChoiceVerdict::wrong);
  CHECK(r.missing == std::vector<int>{2});
  CHECK(r.extra == (std::vector<int>{0, 1}));

  r = check_choice_answer({}, q3);
  CHECK(r.verdict == ChoiceVerdict::wrong);
  CHECK(r.missing == std::vector<int>{2});

  CHECK(check_choice_answer({2, 2, 2}, q3).verdict == ChoiceVerdict::correct);  // duplicates ignored
  CHECK(check_choice_answer({4}, q3).verdict == ChoiceVerdict::invalid);
  CHECK(check_choice_answer({-1, 2}, q3).verdict == ChoiceVerdict::invalid);
}

TEST_CASE("multi-select with two right options: missing and extra", "[answer_check][choice]") {
  ChoiceQuestion q;
  q.option_count = 5;
  q.correct = {0, 2};
  q.multiple = true;
  ChoiceCheck r = check_choice_answer({0}, q);
  CHECK(r.verdict == ChoiceVerdict::partly);
  CHECK(r.missing == std::vector<int>{2});
  CHECK(r.message == "Partly right: 1 of your 1 choices is right, and 1 right option is missing.");
  r = check_choice_answer({0, 1, 2}, q);
  CHECK(r.verdict == ChoiceVerdict::partly);
  CHECK(r.extra == std::vector<int>{1});
  r = check_choice_answer({1, 3}, q);
  CHECK(r.verdict == ChoiceVerdict::wrong);
  CHECK(r.missing == (std::vector<int>{0, 2}));
  CHECK(check_choice_answer({2, 0}, q).verdict == ChoiceVerdict::correct);
  // An empty right set ("none of these") is answered by selecting nothing.
  q.correct = {};
  CHECK(check_choice_answer({}, q).verdict == ChoiceVerdict::correct);
  CHECK(check_choice_answer({1}, q).verdict == ChoiceVerdict::wrong);
}

TEST_CASE("single choice with several defensible answers: Q1's first lever", "[answer_check][choice]") {
  // Options: cache in 8 bits, fewer KV heads, lower concurrency/context, bigger batch, 16-bit weights.
  ChoiceQuestion q;
  q.option_count = 5;
  q.correct = {0, 1, 2};
  q.multiple = false;
  for (int pick : {0, 1, 2}) CHECK(check_choice_answer({pick}, q).verdict == ChoiceVerdict::correct);
  ChoiceCheck r = check_choice_answer({3}, q);
  CHECK(r.verdict == ChoiceVerdict::wrong);
  CHECK(r.extra == std::vector<int>{3});
  CHECK(r.missing.empty());  // single choice: nothing was "missing"
  CHECK(check_choice_answer({0, 1}, q).verdict == ChoiceVerdict::invalid);
  CHECK(check_choice_answer({}, q).verdict == ChoiceVerdict::wrong);
}

TEST_CASE("invalid choice questions are reported by field", "[answer_check][choice]") {
  ChoiceQuestion q;
  q.option_count = 0;
  CHECK(check_choice_answer({}, q).error_field == "option_count");
  CHECK(check_choice_answer({}, q).error_message == "option_count must be a whole number from 1 to 64 (got 0)");
  q.option_count = 65;
  CHECK(check_choice_answer({}, q).error_field == "option_count");
  CHECK(check_choice_answer({}, q).error_message == "option_count must be a whole number from 1 to 64 (got 65)");
  q.option_count = 3;
  q.correct = {3};
  CHECK(check_choice_answer({0}, q).error_field == "correct");
  q.correct = {1, 1};
  CHECK(check_choice_answer({1}, q).error_field == "correct");
  q.correct = {};
  q.multiple = false;
  CHECK(check_choice_answer({1}, q).error_field == "correct");
}
