// The number lexer: where a number ends, its readings, and decimal-to-double
// rounding. No file I/O (runs as wasm too). The separator rules as students
// meet them are tested through parse_quantity in test_numeric_check.cpp.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
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
  // A lone point is a decimal point, unless the locale groups with it (de): then "1.026" has both readings.
  n = scan_number("1.026", 0);
  CHECK((!n.ambiguous && n.value == 1.026));
  n = scan_number("1.026", 0, PointReading::decimal_or_grouping);
  CHECK((n.ambiguous && n.ambiguous_mark == '.' && n.value == 1026 && n.alt_value == 1.026));
  n = scan_number("31.2", 0, PointReading::decimal_or_grouping);
  CHECK((!n.ambiguous && n.value == 31.2));
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
  CHECK(v == 1.7976931348623157e308);
  v = 7;
  CHECK(decimal_to_double("2", "", "308", v) == ScanError::out_of_range);
  CHECK(v == 7);  // left alone
  CHECK(decimal_to_double("0", "000", "999", v) == ScanError::none);
  CHECK(v == 0);
  CHECK(decimal_to_double("", "5", "", v) == ScanError::none);  // ".5"
  CHECK(v == 0.5);
}

namespace {

// The bits of the double decimal_to_double reads from `text`
// ("int.frac" or "int.fracE[sign]exp"), or the scan error's value when it fails.
std::uint64_t bits_of(const std::string& text) {
  const std::size_t e = text.find_first_of("eE");
  const std::string mantissa = text.substr(0, e);
  const std::size_t point = mantissa.find('.');
  const std::string whole = mantissa.substr(0, point);
  const std::string frac = point == std::string::npos ? "" : mantissa.substr(point + 1);
  const std::string exponent = e == std::string::npos ? "" : text.substr(e + 1);
  double v = -1;
  const ScanError error = decimal_to_double(whole, frac, exponent, v);
  if (error != ScanError::none) return static_cast<std::uint64_t>(error);
  std::uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  return bits;
}

}  // namespace

// Expected bits: the correctly rounded double of each text (round to nearest,
// ties to even), as Python's float() and JavaScript's Number() read it, e.g.
// Python: struct.unpack('<Q', struct.pack('<d', float('0.20626361210297742'))).
TEST_CASE("decimal_to_double is correctly rounded at 17 digits, at halfway cases and for subnormals",
          "[decimal_scan]") {
  // 17 significant digits, as a slider's value or JSON writes them; the
  // earlier reader (19 digits, then one rounded multiplication) was one or
  // two units off on each of these.
  CHECK(bits_of("0.20626361210297742") == 0x3FCA66D8962B26ADull);
  CHECK(bits_of("0.42744024143455012") == 0x3FDB5B2E507D2ACBull);
  CHECK(bits_of("106467.87607215303") == 0x40F9FE3E04643BE3ull);
  CHECK(bits_of("1.23116852587643806e-140") == 0x22E2C43F8A1AD34Eull);
  CHECK(bits_of("7.06013775547919245e+151") == 0x5F75917A3EB7B900ull);
  CHECK(bits_of("0.1") == 0x3FB999999999999Aull);
  // Halfway between two doubles: ties go to the even one.
  CHECK(bits_of("9007199254740993") == 0x4340000000000000ull);  // 2^53 + 1: to 2^53
  CHECK(bits_of("9007199254740995") == 0x4340000000000002ull);  // 2^53 + 3: to 2^53 + 4
  // 1 + 2^-53 exactly (halfway between 1 and the next double) goes to 1; one
  // more unit in the 54th digit goes up. Only all the digits decide.
  CHECK(bits_of("1.00000000000000011102230246251565404236316680908203125") == 0x3FF0000000000000ull);
  CHECK(bits_of("1.00000000000000011102230246251565404236316680908203126") == 0x3FF0000000000001ull);
  // The edge of the subnormals: the largest subnormal and the smallest normal double.
  CHECK(bits_of("2.2250738585072011e-308") == 0x000FFFFFFFFFFFFFull);
  CHECK(bits_of("2.2250738585072012e-308") == 0x0010000000000000ull);
  // The smallest subnormal, 2^-1074 = 4.94...e-324, written short and long.
  CHECK(bits_of("5e-324") == 0x1ull);
  CHECK(bits_of("4.9406564584124654e-324") == 0x1ull);
  CHECK(bits_of("2.4703282292062328e-324") == 0x1ull);  // just above half of it: rounds up
  // The largest double, and a text just below the halfway point above it.
  CHECK(bits_of("1.7976931348623157e308") == 0x7FEFFFFFFFFFFFFFull);
  CHECK(bits_of("1.7976931348623158e308") == 0x7FEFFFFFFFFFFFFFull);
  CHECK(bits_of("1.7976931348623159e308") == static_cast<std::uint64_t>(ScanError::out_of_range));
}

TEST_CASE("a nonzero number that would read as 0 is refused, a zero is not", "[decimal_scan]") {
  double v = 7;
  CHECK(decimal_to_double("1", "", "-400", v) == ScanError::underflow);
  CHECK(v == 7);  // left alone
  // Just below half of the smallest subnormal: nonzero digits, rounds to 0.
  CHECK(bits_of("2.4703282292062327e-324") == static_cast<std::uint64_t>(ScanError::underflow));
  CHECK(bits_of("0.000e-400") == 0);  // zero digits are a zero, not an underflow
  CHECK(scan_number("1e-400", 0).error == ScanError::underflow);
  CHECK(reading_range(true, 5e-324) == ScanError::none);
  CHECK(reading_range(true, 0.0) == ScanError::underflow);
  CHECK(reading_range(false, 0.0) == ScanError::none);
  CHECK(reading_range(true, 1e308 * 10) == ScanError::out_of_range);
}
