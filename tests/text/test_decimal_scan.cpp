// The number lexer: where a number ends, its readings, and decimal-to-double
// rounding. No file I/O (runs as wasm too). The separator rules as students
// meet them are tested through parse_quantity in test_numeric_check.cpp.
#include <catch2/catch.hpp>

#include <string>

#include "text/decimal_scan.h"

using namespace llmbudget;

TEST_CASE("scan_number stops after the number and reports both readings", "[decimal_scan]") {
  NumberScan n = scan_number("53 GB", 0);
  CHECK(n.error == ScanError::none);
  CHECK(n.value == 53);
  CHECK(n.end == 2);  // a space followed by a letter is not grouping
  n = scan_number("x=2,952tok", 2);
  CHECK(n.error == ScanError::none);
  CHECK(n.ambiguous);
  CHECK(n.value == 2952);
  CHECK(n.alt_value == 2.952);
  CHECK(n.end == 7);
  n = scan_number("5.3e1ms", 0);
  CHECK(n.value == 53);
  CHECK(n.end == 5);
  n = scan_number("5e", 0);  // an "e" without digits is not an exponent
  CHECK(n.value == 5);
  CHECK(n.end == 1);
  n = scan_number("53 000 000 B", 0);
  CHECK(n.value == 53000000);
  CHECK(n.end == 10);
  CHECK(scan_number("GB", 0).error == ScanError::no_number);
  CHECK(scan_number("1,00,000", 0).error == ScanError::bad_number);
  CHECK(scan_number("5e1000", 0).error == ScanError::bad_number);
  CHECK(scan_number("9e999", 0).error == ScanError::out_of_range);
}

TEST_CASE("decimal_to_double is exact on the fast path and never infinite", "[decimal_scan]") {
  double v = -1;
  CHECK(decimal_to_double("2", "952", "", v) == ScanError::none);
  CHECK(v == 2.952);
  CHECK(decimal_to_double("0", "1", "", v) == ScanError::none);
  CHECK(v == 0.1);
  CHECK(decimal_to_double("9007199254740993", "", "", v) == ScanError::none);  // 2^53 + 1 rounds once
  CHECK(v == 9007199254740992.0);
  CHECK(decimal_to_double("123", "", "-22", v) == ScanError::none);
  CHECK(v == 123e-22);
  CHECK(decimal_to_double("1", "", "22", v) == ScanError::none);
  CHECK(v == 1e22);
  CHECK(decimal_to_double("17976931348623157", "", "292", v) == ScanError::none);  // the largest double
  CHECK(v == Approx(1.7976931348623157e308));
  v = 7;
  CHECK(decimal_to_double("2", "", "308", v) == ScanError::out_of_range);
  CHECK(v == 7);  // left alone
  CHECK(decimal_to_double("0", "000", "999", v) == ScanError::none);
  CHECK(v == 0);
  CHECK(decimal_to_double("1", "", "-400", v) == ScanError::none);
  CHECK(v == 0);
}
