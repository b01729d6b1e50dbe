// Message number text without printf (src/text/number_text.h), checked against the
// C library's printf/strtod, which the tests (unlike the wasm module) may use.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

#include "text/number_text.h"

using namespace llmbudget;

namespace {
// Small fixed generator (64-bit LCG, Knuth's MMIX constants) for reproducible sweeps.
struct Lcg {
  std::uint64_t state;
  std::uint64_t next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 11;  // 53 bits
  }
};

std::string printf_g(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  return buf;
}
}  // namespace

TEST_CASE("format_compact: the numbers messages show", "[format]") {
  CHECK(format_compact(1e13) == "1e13");
  CHECK(format_compact(1e15) == "1e15");
  CHECK(format_compact(0.01) == "0.01");
  CHECK(format_compact(8192) == "8192");
  CHECK(format_compact(2.952) == "2.952");
  CHECK(format_compact(0.9) == "0.9");
  CHECK(format_compact(-7.5) == "-7.5");
  CHECK(format_compact(0.0001) == "0.0001");
  CHECK(format_compact(0.00001) == "1e-5");
  CHECK(format_compact(1e21) == "1e21");
  CHECK(format_compact(123456789012345678.0) == "123456789012345680");  // a whole double below 2^64, in full
  CHECK(format_compact(-0.0) == "0");
  CHECK(format_compact(std::numeric_limits<double>::quiet_NaN()) == "NaN");
  CHECK(format_compact(-std::numeric_limits<double>::infinity()) == "-Infinity");
  // 15 significant digits at most: 0.1 + 0.2 = 0.30000000000000004 reads "0.3".
  CHECK(format_compact(0.1 + 0.2) == "0.3");
}

TEST_CASE("format_compact uses the exponent only when shorter", "[format]") {
  CHECK(format_compact(1e13) == "1e13");
  CHECK(format_compact(2e8) == "2e8");
  CHECK(format_compact(1.5e6) == "1.5e6");
  CHECK(format_compact(6700000001) == "6700000001");
  CHECK(format_compact(999999) == "999999");
  CHECK(format_compact(8192) == "8192");
  CHECK(format_compact(0.01) == "0.01");
  CHECK(format_compact(1e-300) == "1e-300");
  // Subnormals hold fewer than 15 digits: the shortest text that reads back, as JavaScript writes it.
  CHECK(format_compact(5e-324) == "5e-324");
  CHECK(format_compact(-1.5e-323) == "-1.5e-323");
  CHECK(format_compact(1e-310) == "1e-310");
  CHECK(format_compact(std::numeric_limits<double>::infinity()) == "Infinity");
}

TEST_CASE("format_compact: up to 15 typed digits read back exactly, any exponent", "[format]") {
  Lcg rng{42};
  for (int i = 0; i < 20000; ++i) {
    const int digits = 1 + static_cast<int>(rng.next() % 15);
    std::string typed = std::to_string(1 + rng.next() % 9);
    for (int d = 1; d < digits; ++d) typed += static_cast<char>('0' + rng.next() % 10);
    typed += "e" + std::to_string(static_cast<int>(rng.next() % 601) - 300);
    const double x = std::strtod(typed.c_str(), nullptr);
    const std::string shown = format_compact(x);
    INFO(typed << " -> " << shown);
    REQUIRE(std::strtod(shown.c_str(), nullptr) == x);
  }
}

TEST_CASE("format_significant matches printf %g", "[format]") {
  CHECK(format_significant(52.99909894144, 6) == "52.9991");
  CHECK(format_significant(1e6, 6) == "1e+06");
  CHECK(format_significant(1.5e-7, 6) == "1.5e-07");
  CHECK(format_significant(0.5, 6) == "0.5");
  CHECK(format_significant(2.5, 1) == "2");  // exact tie: to even
  CHECK(format_significant(999999.5, 6) == "1e+06");
  CHECK(format_significant(-0.0, 6) == "-0");
  CHECK(format_significant(std::numeric_limits<double>::infinity(), 6) == "inf");
  // Sweep: random doubles from 1e-8 to 1e20, where the digits come from one
  // exact scaling, so every digit must equal the C library's.
  Lcg rng{7};
  for (int i = 0; i < 50000; ++i) {
    const double mantissa = 1 + static_cast<double>(rng.next()) / 9007199254740992.0 * 9;  // [1, 10)
    const int exponent = static_cast<int>(rng.next() % 29) - 8;
    double x = mantissa * std::strtod(("1e" + std::to_string(exponent)).c_str(), nullptr);
    if (rng.next() % 4 == 0) x = -x;
    for (int digits : {1, 3, 6, 10, 15}) {
      INFO(printf_g(x, 17) << " at " << digits << " digits");
      REQUIRE(format_significant(x, digits) == printf_g(x, digits));
    }
  }
  // Whole numbers and exact ties (x.5 at the last kept digit) round half to even, as printf does.
  for (double x : {0.125, 0.375, 2.5, 3.5, 12345.5, 1234565.0, 1e15 + 2, 123456789012345678.0}) {
    for (int digits : {1, 2, 3, 6, 10, 15}) {
      INFO(printf_g(x, 17) << " at " << digits << " digits");
      CHECK(format_significant(x, digits) == printf_g(x, digits));
    }
  }
}
