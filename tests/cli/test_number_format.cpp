// Exact number text for the CLI's tables and JSON (tools/cli/number_format.h);
// format_compact, for messages, is tested in test_number_text.cpp.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <limits>

#include "number_format.h"

using namespace llmbudget;

TEST_CASE("format_shortest: shortest text that reads back exactly", "[format]") {
  CHECK(format_shortest(0) == "0");
  CHECK(format_shortest(-0.0) == "0");
  CHECK(format_shortest(7.5) == "7.5");
  CHECK(format_shortest(8192) == "8192");
  CHECK(format_shortest(7e9) == "7000000000");
  CHECK(format_shortest(1e13) == "10000000000000");
  CHECK(format_shortest(1e21) == "1e21");
  CHECK(format_shortest(0.1) == "0.1");
  CHECK(format_shortest(0.1 + 0.2) == "0.30000000000000004");
  CHECK(format_shortest(1.5e-7) == "1.5e-7");
  CHECK(format_shortest(-2.5) == "-2.5");
  CHECK(format_shortest(std::numeric_limits<double>::quiet_NaN()) == "NaN");
  CHECK(format_shortest(std::numeric_limits<double>::infinity()) == "Infinity");
  CHECK(format_shortest(-std::numeric_limits<double>::infinity()) == "-Infinity");
  // Seed values round-trip (seed-values.json budget row 1, total tokens/s).
  for (double x : {193.4248212312096, 0.082719476736, 2.9520000000000004, 1e-300, 1.7976931348623157e308}) {
    CHECK(std::strtod(format_shortest(x).c_str(), nullptr) == x);
  }
}

TEST_CASE("format_fixed rounds like the lesson's table", "[format]") {
  CHECK(format_fixed(82.719476736, 1) == "82.7");
  CHECK(format_fixed(1026.3032154227526, 0) == "1026");
  CHECK(format_fixed(0.26843545600000001, 2) == "0.27");
  // Ties go to even on exactly representable halves, as Python's round() does.
  CHECK(format_fixed(0.5, 0) == "0");
  CHECK(format_fixed(1.5, 0) == "2");
  CHECK(format_fixed(2.5, 0) == "2");
  CHECK(format_fixed(-0.04, 1) == "0.0");
  CHECK(format_fixed(std::numeric_limits<double>::quiet_NaN(), 1) == "NaN");
}

TEST_CASE("format_grouped adds thousands separators", "[format]") {
  CHECK(format_grouped(1026.3, 0) == "1,026");
  CHECK(format_grouped(1323.41, 0) == "1,323");
  CHECK(format_grouped(66.3, 0) == "66");
  CHECK(format_grouped(1234567.891, 1) == "1,234,567.9");
  CHECK(format_grouped(-1234.5, 1) == "-1,234.5");
  CHECK(format_grouped(999, 0) == "999");
  CHECK(format_grouped(100000, 0) == "100,000");
}
