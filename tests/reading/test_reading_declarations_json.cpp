// The reading layer's declarations as JSON (reading_declarations_json.h): the
// longest text read, then every dimension and parse error in enum order.
#include <catch2/catch.hpp>

#include <string>

#include "reading/quantity.h"
#include "reading/reading_declarations.h"
#include "reading/reading_declarations_json.h"

using namespace llmbudget;

TEST_CASE("the reading JSON lists the dimensions and parse errors in order, and nothing of the answer side",
          "[declarations]") {
  const std::string j = reading_declarations_json();
  // kMaxAnswerBytes is 200 (quantity.h).
  CHECK(j.rfind(R"({"max_text_bytes":200,"dimensions":[{"name":"none","base_unit":"","phrase":"a plain number",)", 0) ==
        0);
  CHECK(j.back() == '}');
  CHECK(j.find(R"("parse_errors":[{"name":"none",)") != std::string::npos);
  CHECK(j.find("verdicts") == std::string::npos);
  CHECK(j.find("practice") == std::string::npos);
  std::size_t at = 0;
  for (const DimensionDeclaration& d : dimension_declarations()) {
    INFO(d.name);
    const std::size_t next =
        j.find(std::string("{\"name\":\"") + d.name + "\",\"base_unit\":\"" + d.base_unit + "\"", at);
    CHECK(next != std::string::npos);
    at = next;
  }
  for (const EnumDeclaration& e : parse_error_declarations()) {
    INFO(e.name);
    const std::size_t next = j.find(std::string("{\"name\":\"") + e.name + "\",\"meaning\":", at);
    CHECK(next != std::string::npos);
    at = next;
  }
  // The empty text alone holds nothing to read (is_nothing_typed): flagged once, on "empty".
  CHECK(j.find(R"({"name":"empty","meaning":"nothing but white space","nothing_typed":true})") != std::string::npos);
  CHECK(j.find("nothing_typed") == j.rfind("nothing_typed"));
  CHECK(is_nothing_typed(ParseError::empty));
  CHECK_FALSE(is_nothing_typed(ParseError::no_number));
  // One "name" per dimension (5) and parse error (13).
  std::size_t names = 0;
  for (std::size_t p = j.find("\"name\":"); p != std::string::npos; p = j.find("\"name\":", p + 1)) ++names;
  CHECK(names == 5 + 13);
}

TEST_CASE("add_reading_declarations appends the same members, each with its comma", "[declarations]") {
  std::string out = "{";
  add_reading_declarations(out);
  CHECK(out.back() == ',');
  out.back() = '}';
  CHECK(out == reading_declarations_json());
}
