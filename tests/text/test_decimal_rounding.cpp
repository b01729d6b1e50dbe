// nearest_double against the C library's strtod, which glibc (native) and
// musl (these tests as wasm) both round correctly: random doubles written
// with 1 to 17 significant digits and random digit strings; and the exact
// halfway points between neighbouring doubles (ties go to the even one).
#include <catch2/catch.hpp>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "text/decimal_rounding.h"

using namespace llmbudget;

namespace {

// SplitMix64: the same numbers on every machine.
struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

double from_bits(std::uint64_t bits) {
  double x = 0;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

// "d.ddd...e[+-]xx" (printf's %e) split into significant digits and a power of ten.
double read_e_text(const std::string& text) {
  const std::size_t e = text.find('e');
  std::string digits;
  for (std::size_t i = 0; i < e; ++i) {
    if (text[i] != '.') digits += text[i];
  }
  const long exp10 = std::strtol(text.c_str() + e + 1, nullptr, 10) - static_cast<long>(digits.size() - 1);
  const std::size_t first = digits.find_first_not_of('0');
  return nearest_double(first == std::string::npos ? "" : digits.substr(first), exp10);
}

std::string e_text(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, x);
  return buf;
}

}  // namespace

TEST_CASE("nearest_double agrees with strtod on random doubles written with 1 to 17 digits", "[decimal_rounding]") {
  SplitMix rng{20261202};
  int checked = 0;
  for (int i = 0; i < 20000; ++i) {
    const double x = std::fabs(from_bits(rng.next()));
    if (!std::isfinite(x)) continue;
    for (int digits : {17, 16, 15, 1 + static_cast<int>(rng.next() % 17)}) {
      const std::string text = e_text(x, digits);
      const double expected = std::strtod(text.c_str(), nullptr);
      const double got = read_e_text(text);
      if (got != expected) FAIL_CHECK(text << ": " << got << " != strtod's " << expected);
      ++checked;
    }
  }
  CHECK(checked > 70000);
}

TEST_CASE("nearest_double agrees with strtod on random digit strings", "[decimal_rounding]") {
  SplitMix rng{7};
  for (int i = 0; i < 20000; ++i) {
    // 1 to 60 digits, exponent -400 to 340: every region of the doubles and both edges.
    std::string digits(1 + rng.next() % 60, '0');
    for (char& c : digits) c = static_cast<char>('0' + rng.next() % 10);
    if (digits[0] == '0') digits[0] = '1';
    const long exp10 = static_cast<long>(rng.next() % 741) - 400;
    const std::string text = digits + "e" + std::to_string(exp10);
    const double expected = std::strtod(text.c_str(), nullptr);
    const double got = nearest_double(digits, exp10);
    if (got != expected) FAIL_CHECK(text << ": " << got << " != strtod's " << expected);
  }
}

namespace {

// The exact decimal digits of n × 2^j (j >= 0) or of n × 5^-j (j < 0, the
// digits of n × 2^j times 10^-j), in base 10^9 limbs: independent of the
// base-2^32 arithmetic under test, and of printf's long double support
// (Emscripten's printf writes a long double as a double).
std::string exact_digits(std::uint64_t n, long j) {
  std::vector<std::uint32_t> limbs;  // least significant first, each < 10^9
  for (; n > 0; n /= 1000000000u) limbs.push_back(static_cast<std::uint32_t>(n % 1000000000u));
  const std::uint32_t factor = j >= 0 ? 2 : 5;
  for (long k = 0; k < (j >= 0 ? j : -j); ++k) {
    std::uint64_t carry = 0;
    for (std::uint32_t& limb : limbs) {
      const std::uint64_t p = static_cast<std::uint64_t>(limb) * factor + carry;
      limb = static_cast<std::uint32_t>(p % 1000000000u);
      carry = p / 1000000000u;
    }
    if (carry != 0) limbs.push_back(static_cast<std::uint32_t>(carry));
  }
  std::string out = std::to_string(limbs.back());
  for (std::size_t i = limbs.size() - 1; i-- > 0;) {
    const std::string part = std::to_string(limbs[i]);
    out += std::string(9 - part.size(), '0') + part;
  }
  return out;
}

}  // namespace

TEST_CASE("nearest_double rounds exact halfway points to even, and a hair off them to the nearer",
          "[decimal_rounding]") {
  // x = m × 2^k and the next double up (m + 1) × 2^k: the halfway point is
  // (2m + 1) × 2^(k-1), written out exactly (at most 767 significant digits).
  SplitMix rng{11};
  for (int i = 0; i < 2000; ++i) {
    std::uint64_t bits = rng.next() & 0x7FFFFFFFFFFFFFFFull;
    if (i % 8 == 0) bits &= 0x000FFFFFFFFFFFFFull;  // subnormals too
    const double x = from_bits(bits);
    const double above = std::nextafter(x, INFINITY);
    if (!std::isfinite(x) || !std::isfinite(above)) continue;
    const long exponent_field = static_cast<long>(bits >> 52);
    const std::uint64_t m = (bits & 0x000FFFFFFFFFFFFFull) | (exponent_field == 0 ? 0 : 0x0010000000000000ull);
    const long k = exponent_field == 0 ? -1074 : exponent_field - 1075;
    const long j = k - 1;
    const std::string digits = exact_digits(2 * m + 1, j);
    const long exp10 = j >= 0 ? 0 : j;
    const double even = (bits & 1) == 0 ? x : above;
    INFO(digits.substr(0, 40) << "...e" << exp10 << " between " << x << " and " << above);
    CHECK(nearest_double(digits, exp10) == even);
    CHECK(nearest_double(digits + "1", exp10 - 1) == above);  // a hair above halfway
    std::string below = digits;                               // one unit less in the last digit, then a 9: a hair below
    std::size_t last = below.size() - 1;
    while (below[last] == '0') below[last--] = '9';
    --below[last];
    CHECK(nearest_double((below[0] == '0' ? below.substr(1) : below) + "9", exp10 - 1) == x);
  }
}

TEST_CASE("nearest_double at the ends of the range", "[decimal_rounding]") {
  CHECK(nearest_double("", 5) == 0);
  CHECK(nearest_double("1", -400) == 0);
  CHECK(nearest_double("1", 400) == INFINITY);
  CHECK(nearest_double("5", -324) == from_bits(1));
  CHECK(nearest_double("17976931348623157", 292) == DBL_MAX);
  // The largest double's halfway point to 2^1024, 2^1024 - 2^970 exactly, rounds to the even
  // side, which is infinity; a hair below it is the largest double.
  const std::string halfway_to_infinity =
      "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017"
      "977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273"
      "854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704"
      "342711559699508093042880177904174497792";
  CHECK(nearest_double(halfway_to_infinity, 0) == INFINITY);
  CHECK(nearest_double("1797693134862315807937289714053034150799", 269) == DBL_MAX);  // its first 40 digits
  CHECK(nearest_double("17976931348623158079372897140530341508", 271) == INFINITY);   // rounded up at the 38th
  // 801 digits: the 801st only says the value is above the first 800.
  std::string long_digits = "2" + std::string(799, '0') + "1";
  CHECK(nearest_double(long_digits, -800) == 2.0);
  CHECK(nearest_double(std::string(5000, '9'), -5000) == 1.0);
}
