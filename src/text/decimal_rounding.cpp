// The double nearest to a decimal number; method and reasons in decimal_rounding.h.
#include "text/decimal_rounding.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "text/pow10.h"

namespace llmbudget {

namespace {

// A nonnegative whole number in base 2^32, least significant limb first.
class BigUint {
 public:
  explicit BigUint(std::uint64_t v = 0) {
    if (v != 0) limbs_.push_back(static_cast<std::uint32_t>(v));
    if ((v >> 32) != 0) limbs_.push_back(static_cast<std::uint32_t>(v >> 32));
  }

  // *this = *this * m + add.
  void multiply_add(std::uint32_t m, std::uint32_t add) {
    std::uint64_t carry = add;
    for (std::uint32_t& limb : limbs_) {
      const std::uint64_t p = static_cast<std::uint64_t>(limb) * m + carry;
      limb = static_cast<std::uint32_t>(p);
      carry = p >> 32;
    }
    if (carry != 0) limbs_.push_back(static_cast<std::uint32_t>(carry));
  }

  void multiply_pow10(long n) {
    static constexpr std::uint32_t kPow10[] = {1,      10,      100,      1000,      10000,
                                               100000, 1000000, 10000000, 100000000, 1000000000};
    for (; n >= 9; n -= 9) multiply_add(kPow10[9], 0);
    if (n > 0) multiply_add(kPow10[n], 0);
  }

  void shift_left(long bits) {
    if (limbs_.empty() || bits <= 0) return;
    const std::size_t words = static_cast<std::size_t>(bits / 32);
    const unsigned shift = static_cast<unsigned>(bits % 32);
    if (shift != 0) {
      std::uint32_t carry = 0;
      for (std::uint32_t& limb : limbs_) {
        const std::uint32_t next = limb >> (32 - shift);
        limb = (limb << shift) | carry;
        carry = next;
      }
      if (carry != 0) limbs_.push_back(carry);
    }
    limbs_.insert(limbs_.begin(), words, 0u);
  }

  // -1, 0 or 1 as a < b, a == b, a > b (no limb is a leading zero).
  static int compare(const BigUint& a, const BigUint& b) {
    if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size() ? -1 : 1;
    for (std::size_t i = a.limbs_.size(); i-- > 0;) {
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
    }
    return 0;
  }

 private:
  std::vector<std::uint32_t> limbs_;
};

// The decimal number digits × 10^exp10, plus "a little more" when sticky
// (nonzero digits were dropped past kMaxDecimalDigits).
struct Decimal {
  BigUint digits;
  long exp10 = 0;
  bool sticky = false;
};

// The sign of d − n × 2^exp2: -1, 0 or 1. A sticky value is above every
// number it equals in its kept digits (no halfway point lies in what was dropped).
int compare(const Decimal& d, std::uint64_t n, long exp2) {
  BigUint lhs = d.digits;
  BigUint rhs(n);
  if (d.exp10 >= 0) {
    lhs.multiply_pow10(d.exp10);
  } else {
    rhs.multiply_pow10(-d.exp10);
  }
  if (exp2 >= 0) {
    rhs.shift_left(exp2);
  } else {
    lhs.shift_left(-exp2);
  }
  const int c = BigUint::compare(lhs, rhs);
  return c == 0 && d.sticky ? 1 : c;
}

constexpr int kMantissaBits = 53;
constexpr long kMinExp2 = -1074;  // the smallest subnormal is 2^-1074
constexpr std::uint64_t kHiddenBit = std::uint64_t{1} << (kMantissaBits - 1);

// z (finite, >= 0) as m × 2^k, m a whole number below 2^53 (below 2^52 only for subnormals).
void decompose(double z, std::uint64_t& m, long& k) {
  if (z == 0) {
    m = 0;
    k = kMinExp2;
    return;
  }
  int e = 0;
  std::frexp(z, &e);  // z = f × 2^e, f in [0.5, 1)
  k = e - kMantissaBits < kMinExp2 ? kMinExp2 : e - kMantissaBits;
  m = static_cast<std::uint64_t>(std::ldexp(z, static_cast<int>(-k)));  // exact
}

// A guess within a few units in the last place: the leading (at most 19)
// digits as a whole number, times 10^e in at most three roundings.
double first_guess(const std::string& digits, long exp10) {
  std::uint64_t leading = 0;
  std::size_t used = 0;
  for (; used < digits.size() && used < 19; ++used)
    leading = leading * 10 + static_cast<std::uint64_t>(digits[used] - '0');
  long e = exp10 + static_cast<long>(digits.size() - used);
  double v = static_cast<double>(leading);
  if (e >= 0 && e <= kMaxExactPow10) return v * kExactPow10[e];
  if (e < 0 && e >= -kMaxExactPow10) return v / kExactPow10[-e];
  if (e > 0) return v * std::pow(10.0, static_cast<double>(e));
  // Two divisions, so 1/10^340 does not reach 0 before the digits are applied.
  v /= std::pow(10.0, static_cast<double>(-e / 2));
  return v / std::pow(10.0, static_cast<double>(-e - (-e / 2)));
}

}  // namespace

double nearest_double(const std::string& digits, long exp10) {
  if (digits.empty()) return 0;
  // Value in [10^(lead-1), 10^lead): far outside the doubles, decide at once.
  const long lead = exp10 + static_cast<long>(digits.size());
  if (lead > 310) return std::numeric_limits<double>::infinity();  // >= 1e309 > the largest double
  if (lead < -324) return 0;                                       // < 1e-325 < 2^-1075, half the smallest subnormal

  // Clinger's fast path: a whole number up to 2^53 and 10^|e| up to 10^22 are
  // exact doubles, so the one multiplication or division rounds correctly.
  if (digits.size() <= 16 && exp10 >= -kMaxExactPow10 && exp10 <= kMaxExactPow10) {
    std::uint64_t n = 0;
    for (char c : digits) n = n * 10 + static_cast<std::uint64_t>(c - '0');
    if (n <= (std::uint64_t{1} << kMantissaBits)) {
      const double v = static_cast<double>(n);
      return exp10 >= 0 ? v * kExactPow10[exp10] : v / kExactPow10[-exp10];
    }
  }

  // The exact decimal: at most kMaxDecimalDigits digits, the rest as sticky.
  Decimal d;
  std::size_t kept = digits.size() < kMaxDecimalDigits ? digits.size() : kMaxDecimalDigits;
  for (std::size_t i = kept; i < digits.size(); ++i) d.sticky = d.sticky || digits[i] != '0';
  while (kept > 1 && digits[kept - 1] == '0') --kept;  // trailing zeros move into the exponent
  d.exp10 = exp10 + static_cast<long>(digits.size() - kept);
  for (std::size_t i = 0; i < kept;) {
    std::uint32_t chunk = 0;
    std::uint32_t scale = 1;
    for (int j = 0; j < 9 && i < kept; ++j, ++i) {
      chunk = chunk * 10 + static_cast<std::uint32_t>(digits[i] - '0');
      scale *= 10;
    }
    d.digits.multiply_add(scale, chunk);
  }

  double z = first_guess(digits, exp10);
  const double largest = std::numeric_limits<double>::max();
  if (!(z <= largest)) z = largest;  // an infinite guess: start from the largest double
  // Step to a neighbour while the value lies beyond a halfway point (a tie
  // goes to the even mantissa). The guess is a few steps off at most; the
  // bound only guards against a loop that cannot happen.
  for (int step = 0; step < 64; ++step) {
    std::uint64_t m = 0;
    long k = 0;
    decompose(z, m, k);
    // Halfway up: (2m + 1) × 2^(k-1); above the largest double that is the
    // boundary of rounding to infinity.
    const int up = compare(d, 2 * m + 1, k - 1);
    if (up > 0 || (up == 0 && (m & 1) != 0)) {
      if (z == largest) return std::numeric_limits<double>::infinity();
      z = std::nextafter(z, std::numeric_limits<double>::infinity());
      continue;
    }
    if (z == 0) return 0;
    // Halfway down: (4m - g) × 2^(k-2), g = 1 at the bottom of a binade
    // (where the gap below is half the gap above), else 2.
    const std::uint64_t g = (m == kHiddenBit && k > kMinExp2) ? 1 : 2;
    const int down = compare(d, 4 * m - g, k - 2);
    if (down < 0 || (down == 0 && (m & 1) != 0)) {
      z = std::nextafter(z, 0.0);
      continue;
    }
    return z;
  }
  return z;
}

}  // namespace llmbudget
