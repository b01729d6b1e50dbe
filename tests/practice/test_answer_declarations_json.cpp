// The answer side's JSON (answer_declarations_json.h) begins with the reading
// layer's members exactly as the reading JSON writes them, so the calculator's
// module (which has only the latter) and the full one read the same names.
#include <catch2/catch.hpp>

#include <string>

#include "practice/answer_declarations_json.h"
#include "reading/reading_declarations_json.h"

using namespace llmbudget;

TEST_CASE("the answer JSON starts with the reading JSON's members", "[declarations]") {
  const std::string answer = answer_declarations_json();
  std::string reading = reading_declarations_json();
  reading.pop_back();  // its closing '}': the answer side goes on with ,"verdicts":...
  CHECK(answer.rfind(reading + ",\"verdicts\":{", 0) == 0);
}
