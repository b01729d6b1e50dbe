// Seeded practice variants of knowledge-check questions 1 and 2.
//
// make_variant(seed) draws new numbers for
//   Q1 "does it fit?": model size, weight precision, KV cache size (at 16-bit
//      values), GPU memory; expected total memory, fits, and the total after
//      storing the cache in 8 bits (the first lever, which halves the cache);
//   Q2 "speculative decoding": acceptance rate a and draft tokens k; expected
//      tokens per target pass from speculative() in speculative.h.
// The same seed gives the same variant on every platform: the generator is a
// PCG32 (permuted congruential generator, O'Neill 2014) written out here with
// fixed-width integer arithmetic, not a standard-library distribution.
#pragma once

#include <cstdint>
#include <string>

#include "grading/lesson_questions.h"
#include "grading/numeric_check.h"

namespace llmbudget {

/// Small deterministic generator: PCG-XSH-RR, 64-bit state, 32-bit output.
class Pcg32 {
 public:
  /// The reference PCG32 seeding (pcg32_srandom_r): state 0, one step, add
  /// `seed`, one step. `increment` selects the stream and must be odd.
  explicit Pcg32(std::uint32_t seed, std::uint64_t increment = kDefaultIncrement);
  static constexpr std::uint64_t kDefaultIncrement = 1442695040888963407ULL;
  std::uint32_t next();
  /// Uniform-enough whole number in [0, n) for n >= 1 (multiply-shift; the bias
  /// is below n / 2^32, irrelevant for picking quiz numbers).
  std::uint32_t below(std::uint32_t n);

 private:
  std::uint64_t state_ = 0;
  std::uint64_t increment_ = kDefaultIncrement;
};

/// One practice variant. Memory in decimal GB (1 GB = 1e9 bytes).
struct QuizVariant {
  std::uint32_t seed = 0;

  // ---- Question 1: does it fit? ----
  double params_billion = 0;  ///< model size, billions of parameters, from {1, 3, 7, 8, 13, 14, 32, 34, 70}
  double weight_bits = 0;     ///< weight precision, bits per parameter: 4, 8 or 16
  double weight_gb = 0;       ///< P * b_w in GB (budget_math.h's weight formula; = params_billion * weight_bits / 8)
  double cache_gb = 0;        ///< KV cache at the target load with 16-bit values; even whole GB, >= 2
  double gpu_memory_gb = 0;   ///< from {24, 40, 48, 80, 96, 141}
  double total_gb = 0;        ///< weight_gb + cache_gb
  bool fits = false;          ///< total_gb <= gpu_memory_gb
  double cache_gb_8bit = 0;   ///< cache_gb / 2: the same cache stored in 8 bits
  double total_gb_8bit_cache = 0;       ///< weight_gb + cache_gb_8bit
  bool fits_8bit_cache = false;         ///< total_gb_8bit_cache <= gpu_memory_gb
  NumericQuestion total_question;       ///< grades the total: bytes, bare number in GB, +-0.1 GB, close within 5 %
  NumericQuestion total_8bit_question;  ///< grades the 8-bit-cache total, same tolerances

  // ---- Question 2: speculative decoding ----
  double acceptance_rate = 0;       ///< a in [0.50, 0.95], two decimals at most
  double draft_tokens = 0;          ///< k, whole number in [2, 6]
  double acceptance_power = 0;      ///< a^(k+1), for the worked explanation
  double numerator = 0;             ///< 1 - a^(k+1)
  double denominator = 0;           ///< 1 - a
  double tokens_per_pass = 0;       ///< speculative(a, k, 0).tokens_per_pass = numerator / denominator
  NumericQuestion tokens_question;  ///< grades tokens per pass: +-0.005 tokens, close within 5 %
};

/// The variant for `seed` (any uint32). Deterministic; never fails.
/// Q1 values are chosen so that about half the variants fit, totals stay at
/// least 5 % away from the GPU size (so "fits" is never a rounding question),
/// and weights alone use at most 70 % of the GPU.
QuizVariant make_variant(std::uint32_t seed);

}  // namespace llmbudget
