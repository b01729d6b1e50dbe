// The JSON reader's reasons are declared kinds (json_errors.h): each refusal
// names its kind and value, and its reason is the kind's pattern filled.
#include <catch2/catch.hpp>

#include <cstring>
#include <set>
#include <string>

#include "text/json_errors.h"
#include "text/json_reader.h"

using namespace llmbudget;
using namespace llmbudget::json;

TEST_CASE("json errors: one row per kind, unique codes starting json_error_, one placeholder at most", "[json]") {
  std::set<std::string> codes;
  std::size_t i = 0;
  for (const JsonErrorDeclaration& e : json_error_declarations()) {
    INFO(e.code);
    CHECK(static_cast<std::size_t>(e.value) == i++);
    CHECK(codes.insert(e.code).second);
    CHECK(std::strncmp(e.code, "json_error_", 11) == 0);
    const bool has = std::strchr(e.pattern, '{') != nullptr;
    CHECK(has == (e.param[0] != '\0'));
    if (has) CHECK(std::string(e.pattern).find(std::string("{") + e.param + "}") != std::string::npos);
  }
}

TEST_CASE("json errors: the reader's refusal carries its kind and value, its reason the pattern filled", "[json]") {
  const ReadResult missing = read_json("{\"a\": }");
  REQUIRE_FALSE(missing.ok);
  CHECK(missing.error.kind == JsonError::expected_value);
  CHECK(missing.error.reason == "expected a value (an object, array, string, number, true, false or null)");

  const ReadResult twice = read_json("{\"a\": 1, \"a\": 2}");
  CHECK(twice.error.kind == JsonError::duplicate_key);
  CHECK(twice.error.key == "a");
  CHECK(twice.error.reason == "the key \"a\" appears twice in one object");
  CHECK(twice.error.reason == json_error_text(JsonError::duplicate_key, "a"));

  ReadLimits shallow;
  shallow.max_depth = 2;
  const ReadResult deep = read_json("[[[1]]]", shallow);
  CHECK(deep.error.kind == JsonError::too_deep);
  CHECK(deep.error.limit == 2);
  CHECK(deep.error.reason == "nested deeper than 2 arrays and objects");

  ReadLimits small;
  small.max_bytes = 4;
  const ReadResult longer = read_json("[1, 2]", small);
  CHECK(longer.error.kind == JsonError::too_long);
  CHECK(longer.error.reason == "the text is longer than 4 bytes");

  CHECK(read_json("{\"a\": 1,}").error.reason == "a comma before '}' (trailing commas are not JSON)");
  CHECK(read_json("01").error.kind == JsonError::leading_zero);
}
