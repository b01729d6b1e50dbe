// The JSON reader: the tree it builds, the refusals (byte offset and reason)
// and the limits on hostile text.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "text/json_reader.h"

using namespace llmbudget;
using json::Kind;
using json::read_json;

TEST_CASE("read_json builds objects, arrays, numbers, strings, booleans and null", "[json]") {
  const json::ReadResult r = read_json(
      " {\"a\": [1, -2.5e3, 0, -0.0, 1E+2], \"b\": \"x\\\"y\\\\\\/\\n\\u00b5\\ud83d\\ude00\", \"c\": true, \"d\": "
      "false,"
      " \"e\": null, \"f\": {}, \"g\": []}\n");
  REQUIRE(r.ok);
  const json::Value& v = r.value;
  REQUIRE(v.kind == Kind::object);
  REQUIRE(v.keys.size() == 7);
  CHECK(v.keys[0] == "a");
  CHECK(v.keys[6] == "g");
  const json::Value* a = v.find("a");
  REQUIRE(a != nullptr);
  REQUIRE(a->kind == Kind::array);
  REQUIRE(a->items.size() == 5);
  CHECK(a->items[0].number == 1);
  CHECK(a->items[1].number == -2500);
  CHECK(a->items[2].number == 0);
  CHECK(std::signbit(a->items[3].number));
  CHECK(a->items[4].number == 100);
  const json::Value* b = v.find("b");
  REQUIRE(b != nullptr);
  REQUIRE(b->kind == Kind::string);
  CHECK(b->text == "x\"y\\/\n\xC2\xB5\xF0\x9F\x98\x80");  // µ is C2 B5; U+1F600 is F0 9F 98 80
  CHECK(v.find("c")->flag);
  CHECK(v.find("c")->kind == Kind::boolean);
  CHECK_FALSE(v.find("d")->flag);
  CHECK(v.find("e")->kind == Kind::null_value);
  CHECK(v.find("f")->kind == Kind::object);
  CHECK(v.find("g")->items.empty());
  CHECK(v.find("nope") == nullptr);
  CHECK(a->find("a") == nullptr);  // find on a non-object
}

TEST_CASE("read_json rounds numbers correctly and keeps 64-bit-exact whole numbers", "[json]") {
  // 0.1 + 0.2 style: "0.1" is the double nearest 1/10; 2^53 and a 12-digit
  // parameter count are read exactly.
  const json::ReadResult r = read_json("[0.1, 9007199254740992, 671026419200, 1e-5, 5e-324]");
  REQUIRE(r.ok);
  CHECK(r.value.items[0].number == 0.1);
  CHECK(r.value.items[1].number == 9007199254740992.0);
  CHECK(r.value.items[2].number == 671026419200.0);
  CHECK(r.value.items[3].number == 1e-5);
  CHECK(r.value.items[4].number == 5e-324);
}

TEST_CASE("read_json skips a leading byte order mark and reads a bare value", "[json]") {
  const json::ReadResult r = read_json("\xEF\xBB\xBF 42 ");
  REQUIRE(r.ok);
  CHECK(r.value.kind == Kind::number);
  CHECK(r.value.number == 42);
}

TEST_CASE("read_json refuses text that is not JSON, with the byte offset and the reason", "[json]") {
  struct Row {
    const char* text;
    std::size_t offset;
    const char* reason_part;
  };
  const Row rows[] = {
      {"", 0, "empty"},
      {"   ", 3, "empty"},
      {"{\"a\": NaN}", 6, "NaN and Infinity"},
      {"{\"a\": Infinity}", 6, "NaN and Infinity"},
      {"[-Infinity]", 2, "'-' must be followed by a digit"},
      {"[01]", 1, "leading zero"},
      {"[+1]", 1, "must start with a digit"},
      {"[.5]", 1, "must start with a digit"},
      {"[1.]", 3, "decimal point"},
      {"[1e]", 3, "exponent"},
      {"[1,]", 3, "trailing commas"},
      {"{\"a\":1,}", 7, "trailing commas"},
      {"{'a':1}", 1, "double quotes"},
      {"['a']", 1, "double quotes"},
      {"// c\n{}", 0, "comments"},
      {"{\"a\" 1}", 5, "expected ':'"},
      {"{\"a\":1 \"b\":2}", 7, "expected ',' or '}'"},
      {"[1 2]", 3, "expected ',' or ']'"},
      {"{\"a\":1, \"a\":2}", 8, "appears twice"},
      {"\"a\tb\"", 2, "control character"},
      {"\"\\x\"", 1, "unknown escape"},
      {"\"\\u12\"", 1, "four hex digits"},
      {"\"\\ud800\"", 1, "high surrogate"},
      {"\"\\udc00\"", 1, "low surrogate"},
      {"\"\xC0\xAF\"", 1, "not UTF-8"},
      {"\"abc", 4, "ends inside a string"},
      {"[1, 2", 5, "ends inside an array"},
      {"{\"a\": 1", 7, "ends inside an object"},
      {"{} {}", 3, "text after the end"},
      {"tru", 0, "expected a value"},
      {"[1e400]", 1, "too large"},
      {"[-1e400]", 1, "too large"},
      {"[1e-400]", 1, "too small"},
  };
  for (const Row& row : rows) {
    INFO("text: " << row.text);
    const json::ReadResult r = read_json(row.text);
    CHECK_FALSE(r.ok);
    CHECK(r.error.offset == row.offset);
    CHECK(r.error.reason.find(row.reason_part) != std::string::npos);
    CHECK(r.value.kind == Kind::null_value);  // nothing half-read is handed out
  }
}

TEST_CASE("read_json's limits: depth, size and number length", "[json]") {
  // 64 nested arrays are read; the 65th opening bracket (byte 64) is refused.
  const std::string deep64 = std::string(64, '[') + std::string(64, ']');
  CHECK(read_json(deep64).ok);
  const std::string deep65 = std::string(65, '[') + std::string(65, ']');
  const json::ReadResult r65 = read_json(deep65);
  CHECK_FALSE(r65.ok);
  CHECK(r65.error.offset == 64);
  CHECK(r65.error.reason.find("nested deeper than 64") != std::string::npos);
  // A hostile million brackets stops at the same place, without deep recursion.
  const json::ReadResult huge = read_json(std::string(1000000, '['));
  CHECK_FALSE(huge.ok);
  CHECK(huge.error.offset == 64);

  json::ReadLimits small;
  small.max_bytes = 10;
  const json::ReadResult big = read_json("[1, 2, 3, 4]", small);  // 12 bytes
  CHECK_FALSE(big.ok);
  CHECK(big.error.offset == 10);
  CHECK(big.error.reason == "the text is longer than 10 bytes");
  CHECK(read_json("[1, 2, 3]", small).ok);  // 9 bytes

  const std::string long_number = "[" + std::string(json::kMaxNumberChars + 1, '1') + "]";
  const json::ReadResult ln = read_json(long_number);
  CHECK_FALSE(ln.ok);
  CHECK(ln.error.offset == 1);
  CHECK(ln.error.reason.find("longer than 800 characters") != std::string::npos);
  // A literal of exactly 800 characters ("1." and 798 zeros) is read.
  const std::string ok_number2 = "[1." + std::string(json::kMaxNumberChars - 2, '0') + "]";
  const json::ReadResult on = read_json(ok_number2);
  REQUIRE(on.ok);
  CHECK(on.value.items[0].number == 1);
}

TEST_CASE("kind_name says what a value is", "[json]") {
  CHECK(std::string(json::kind_name(Kind::number)) == "a number");
  CHECK(std::string(json::kind_name(Kind::object)) == "an object");
  CHECK(std::string(json::kind_name(Kind::null_value)) == "null");
}
