// Seeded practice variants; see quiz_variant.h.
#include "practice/quiz_variant.h"

#include <cmath>

#include "budget/budget_math.h"
#include "budget/speculative.h"

namespace llmbudget {

namespace {
constexpr std::uint64_t kPcgMultiplier = 6364136223846793005ULL;

const double kParamsBillion[] = {1, 3, 7, 8, 13, 14, 32, 34, 70};
const double kWeightBits[] = {4, 8, 16};
const double kGpuMemoryGb[] = {24, 40, 48, 80, 96, 141};

constexpr double kMaxWeightShare = 0.7;  // weights use at most this share of the GPU
constexpr double kFitMargin = 0.05;      // totals stay this far (share of GPU) from the edge
constexpr double kOverflowSpan = 0.8;    // a non-fitting total is at most (1.05 + 0.8) x GPU

constexpr double kBytesPerGb = 1e9;

// Weights in GB through the core's formula (P * b_w, budget_math.h). Exact for
// every listed size and precision: P * b_w is a whole number of bytes and
// params_billion * bits / 8 a multiple of 0.5, so dividing by 1e9 rounds nothing.
double weight_gb(double params_billion, double weight_bits) {
  BudgetInput in;
  in.total_params = params_billion * kBytesPerGb;
  in.weight_bytes_per_param = weight_bits / 8;
  return detail::weight_bytes(in) / kBytesPerGb;
}

// Even whole numbers of GB from lo to hi (both inclusive after rounding inwards).
double pick_even(Pcg32& rng, double lo, double hi) {
  const auto first = static_cast<std::uint32_t>(std::ceil(lo / 2));
  const auto last = static_cast<std::uint32_t>(std::floor(hi / 2));
  if (last <= first) return 2.0 * first;
  return 2.0 * (first + rng.below(last - first + 1));
}
}  // namespace

Pcg32::Pcg32(std::uint32_t seed, std::uint64_t increment) : increment_(increment | 1u) {
  next();
  state_ += seed;
  next();
}

std::uint32_t Pcg32::next() {
  const std::uint64_t old = state_;
  state_ = old * kPcgMultiplier + increment_;
  const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
  const auto rot = static_cast<std::uint32_t>(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

std::uint32_t Pcg32::below(std::uint32_t n) {
  if (n <= 1) return 0;
  return static_cast<std::uint32_t>((static_cast<std::uint64_t>(next()) * n) >> 32u);
}

QuizVariant make_variant(std::uint32_t seed) {
  Pcg32 rng(seed);
  QuizVariant v;
  v.seed = seed;

  // ---- Question 1
  v.gpu_memory_gb = kGpuMemoryGb[rng.below(6)];
  // Models whose weights take at most 70 % of this GPU (1B at 4 bits always qualifies).
  double options_params[27];
  double options_bits[27];
  std::uint32_t count = 0;
  for (double p : kParamsBillion) {
    for (double b : kWeightBits) {
      if (weight_gb(p, b) <= kMaxWeightShare * v.gpu_memory_gb) {
        options_params[count] = p;
        options_bits[count] = b;
        ++count;
      }
    }
  }
  const std::uint32_t pick = rng.below(count);
  v.params_billion = options_params[pick];
  v.weight_bits = options_bits[pick];
  v.weight_gb = weight_gb(v.params_billion, v.weight_bits);

  const bool want_fit = rng.below(2) == 1;
  const double room = v.gpu_memory_gb - v.weight_gb;
  if (want_fit) {
    const double hi = (1 - kFitMargin) * v.gpu_memory_gb - v.weight_gb;
    v.cache_gb = pick_even(rng, std::fmax(2, 0.25 * room), hi);
  } else {
    const double lo = (1 + kFitMargin) * v.gpu_memory_gb - v.weight_gb;
    v.cache_gb = pick_even(rng, lo, lo + kOverflowSpan * v.gpu_memory_gb);
  }
  v.total_gb = v.weight_gb + v.cache_gb;
  v.fits = v.total_gb <= v.gpu_memory_gb;
  v.cache_gb_8bit = v.cache_gb / 2;
  v.total_gb_8bit_cache = v.weight_gb + v.cache_gb_8bit;
  v.fits_8bit_cache = v.total_gb_8bit_cache <= v.gpu_memory_gb;
  v.total_question = memory_total_question(v.total_gb);
  v.total_8bit_question = memory_total_question(v.total_gb_8bit_cache);

  // ---- Question 2
  v.acceptance_rate = (50 + rng.below(46)) / 100.0;  // 0.50 .. 0.95
  v.draft_tokens = 2 + rng.below(5);                 // 2 .. 6
  const SpeculativeResult s = speculative(v.acceptance_rate, v.draft_tokens, 0);
  v.tokens_per_pass = s.tokens_per_pass;  // ok for every a in [0.5, 0.95], k in [2, 6]
  v.acceptance_power = std::pow(v.acceptance_rate, v.draft_tokens + 1);
  v.numerator = 1 - v.acceptance_power;
  v.denominator = 1 - v.acceptance_rate;
  v.tokens_question = tokens_per_pass_question(v.tokens_per_pass);
  return v;
}

}  // namespace llmbudget
