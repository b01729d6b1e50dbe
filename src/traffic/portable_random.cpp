#include "traffic/portable_random.h"

#include <cmath>

namespace llmbudget {

namespace {

// ln 2 split so that k * kLn2Hi is exact for |k| < 2^11 (fdlibm's constants).
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;
constexpr double kSqrtHalf = 0.70710678118654752440;

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

double portable_log(double x) {
  if (!(x > 0) || !std::isfinite(x)) return 0;
  int e = 0;
  double m = std::frexp(x, &e);  // x = m * 2^e, m in [0.5, 1)
  if (m < kSqrtHalf) {
    m *= 2;
    e -= 1;
  }
  const double s = (m - 1) / (m + 1);
  const double s2 = s * s;
  // 1 + s2/3 + s2^2/5 + ... + s2^11/23, by Horner from the last term.
  double series = 1.0 / 23;
  for (int k = 21; k >= 1; k -= 2) series = series * s2 + 1.0 / k;
  const double ln_m = 2 * s * series;
  return e * kLn2Hi + (ln_m + e * kLn2Lo);
}

double portable_exp(double x) {
  if (x < -745) return 0;
  const double k = std::floor(x / (kLn2Hi + kLn2Lo) + 0.5);
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;
  // 1 + r + r^2/2! + ... + r^16/16!, by Horner.
  double term = 1;
  for (int n = 16; n >= 1; --n) term = 1 + term * r / n;
  return std::ldexp(term, static_cast<int>(k));
}

PortableRandom::PortableRandom(std::uint64_t seed) {
  std::uint64_t state = seed;
  for (std::uint64_t& word : s_) word = splitmix64(state);
}

std::uint64_t PortableRandom::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double PortableRandom::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

double PortableRandom::uniform_whole(double lo, double hi) {
  const double v = lo + std::floor(uniform() * (hi - lo + 1));
  return v > hi ? hi : v;
}

double PortableRandom::exponential(double mean) { return -mean * portable_log(1 - uniform()); }

double PortableRandom::normal() {
  for (;;) {
    const double u = 2 * uniform() - 1;
    const double v = 2 * uniform() - 1;
    const double s = u * u + v * v;
    if (s >= 1 || s == 0) continue;
    return u * std::sqrt(-2 * portable_log(s) / s);
  }
}

double PortableRandom::gamma(double shape, double scale) {
  if (shape < 1) {
    const double boosted = gamma(shape + 1, 1);
    const double u = 1 - uniform();  // (0, 1]
    return scale * boosted * portable_exp(portable_log(u) / shape);
  }
  const double d = shape - 1.0 / 3;
  const double c = 1 / std::sqrt(9 * d);
  for (;;) {
    double x = 0;
    double v = 0;
    do {
      x = normal();
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = 1 - uniform();  // (0, 1]
    if (portable_log(u) < 0.5 * x * x + d - d * v + d * portable_log(v)) return scale * d * v;
  }
}

}  // namespace llmbudget
