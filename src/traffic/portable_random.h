// A seeded random source that gives the same numbers on every platform: the
// serving simulation's arrivals and request lengths come from it, so a seed
// gives the same run natively and in wasm. The std:: distributions are not
// used because their algorithms differ between standard libraries, and
// std::log/std::exp may differ in the last bit between C libraries; here only
// +, -, *, /, sqrt (all correctly rounded in IEEE 754) and frexp/ldexp (exact) are used.
//
// Generators: SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom
// number generators", OOPSLA 2014) seeds xoshiro256** (Blackman and Vigna,
// "Scrambled linear pseudorandom number generators", ACM TOMS 2021).
// Gamma deviates: Marsaglia and Tsang, "A simple method for generating gamma
// variables", ACM TOMS 26(3), 2000, with normal deviates by Marsaglia's polar method.
#pragma once

#include <cstdint>

namespace llmbudget {

/// Natural logarithm of x > 0 (finite) from +,-,*,/ and frexp: x = m * 2^e with
/// m in [sqrt(1/2), sqrt(2)), ln m = 2 * atanh((m-1)/(m+1)) by its series to
/// s^23 (|s| <= 0.1716, so the first term left out is below 1e-19 of the sum), plus e * ln 2.
/// Within 2 ulp of the true value. Not for 0, negative or non-finite x (returns 0 for them).
double portable_log(double x);

/// e^x from +,-,*,/ and ldexp: x = k*ln2 + r, |r| <= ln2/2, e^r by its Taylor series
/// to r^16. 0 below x = -745 (the smallest double is 4.9e-324); x must be at most 709.
double portable_exp(double x);

/// xoshiro256** seeded by SplitMix64 from one 64-bit seed.
class PortableRandom {
 public:
  explicit PortableRandom(std::uint64_t seed);
  /// The next 64 random bits.
  std::uint64_t next();
  /// Uniform on [0, 1) in steps of 2^-53.
  double uniform();
  /// Uniform whole number in [lo, hi] (lo <= hi, both below 2^53): lo + floor(uniform() * (hi - lo + 1)).
  double uniform_whole(double lo, double hi);
  /// Exponential with mean `mean` > 0: -mean * ln(1 - uniform()).
  double exponential(double mean);
  /// Standard normal (polar method; uses one of each accepted pair).
  double normal();
  /// Gamma with shape > 0 and scale > 0 (mean shape * scale): Marsaglia-Tsang for shape >= 1;
  /// below 1, gamma(shape + 1) * U^(1/shape).
  double gamma(double shape, double scale);

 private:
  std::uint64_t s_[4];
};

}  // namespace llmbudget
