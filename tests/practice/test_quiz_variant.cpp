// Seeded practice variants of knowledge-check questions 1 and 2.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <sstream>
#include <tuple>

#include "budget/speculative.h"
#include "grading/answer_check.h"
#include "practice/quiz_variant.h"

using namespace llmbudget;

namespace {
bool in(double v, std::initializer_list<double> set) {
  for (double s : set) {
    if (v == s) return true;
  }
  return false;
}

std::string plain(double v) {
  std::ostringstream os;
  os.precision(12);
  os << v;
  return os.str();
}
}  // namespace

TEST_CASE("PCG32 matches the reference generator's published output", "[quiz_variant][rng]") {
  // pcg32-demo from the PCG reference C library seeds with initstate 42,
  // initseq 54 (increment (54 << 1) | 1 = 109) and prints these first outputs.
  Pcg32 rng(42, (54u << 1) | 1u);
  CHECK(rng.next() == 0xa15c02b7u);
  CHECK(rng.next() == 0x7b47f409u);
  CHECK(rng.next() == 0xba1d3330u);
  CHECK(rng.next() == 0x83d2f293u);
  CHECK(rng.next() == 0xbfa4784bu);
  CHECK(rng.next() == 0xcbed606eu);
}

TEST_CASE("below(n) stays in range and covers it", "[quiz_variant][rng]") {
  Pcg32 rng(7);
  std::set<std::uint32_t> seen;
  for (int i = 0; i < 2000; ++i) {
    const std::uint32_t v = rng.below(6);
    REQUIRE(v < 6);
    seen.insert(v);
  }
  CHECK(seen.size() == 6);
  CHECK(rng.below(1) == 0);
  CHECK(rng.below(0) == 0);
}

TEST_CASE("the same seed gives the same variant", "[quiz_variant]") {
  for (std::uint32_t seed : {0u, 1u, 42u, 123456789u, 0xFFFFFFFFu}) {
    const QuizVariant a = make_variant(seed);
    const QuizVariant b = make_variant(seed);
    CHECK(a.seed == seed);
    CHECK(std::tie(a.params_billion, a.weight_bits, a.cache_gb, a.gpu_memory_gb, a.acceptance_rate, a.draft_tokens) ==
          std::tie(b.params_billion, b.weight_bits, b.cache_gb, b.gpu_memory_gb, b.acceptance_rate, b.draft_tokens));
    CHECK(a.tokens_per_pass == b.tokens_per_pass);
    CHECK(a.total_gb == b.total_gb);
  }
}

TEST_CASE("different seeds give varied variants", "[quiz_variant]") {
  std::set<std::tuple<double, double, double, double>> q1;
  std::set<std::pair<double, double>> q2;
  for (std::uint32_t seed = 0; seed < 200; ++seed) {
    const QuizVariant v = make_variant(seed);
    q1.insert({v.params_billion, v.weight_bits, v.cache_gb, v.gpu_memory_gb});
    q2.insert({v.acceptance_rate, v.draft_tokens});
  }
  // 200 draws from thousands of Q1 combinations and 46 x 5 = 230 Q2 pairs.
  CHECK(q1.size() > 150);
  CHECK(q2.size() > 100);
}

TEST_CASE("variants stay in range and their expected values follow the formulas", "[quiz_variant]") {
  int fit = 0, no_fit = 0, fit_after_8bit_only = 0;
  std::set<double> ks, gpus, bits;
  const int n = 3000;
  for (int i = 0; i < n; ++i) {
    const auto seed = static_cast<std::uint32_t>(i * 2654435761u);  // spread over the uint32 range
    const QuizVariant v = make_variant(seed);
    INFO("seed " << seed);
    // Q1 ranges
    REQUIRE(in(v.params_billion, {1, 3, 7, 8, 13, 14, 32, 34, 70}));
    REQUIRE(in(v.weight_bits, {4, 8, 16}));
    REQUIRE(in(v.gpu_memory_gb, {24, 40, 48, 80, 96, 141}));
    REQUIRE(v.cache_gb >= 2);
    REQUIRE(std::fmod(v.cache_gb, 2) == 0);
    REQUIRE(v.weight_gb <= 0.7 * v.gpu_memory_gb);
    // Q1 formulas: weights = P * b_w (billions x bits / 8 = GB), total = weights + cache.
    CHECK(v.weight_gb == v.params_billion * v.weight_bits / 8);
    CHECK(v.total_gb == v.weight_gb + v.cache_gb);
    CHECK(v.fits == (v.total_gb <= v.gpu_memory_gb));
    CHECK(v.cache_gb_8bit * 2 == v.cache_gb);  // 8-bit values are half of 16-bit ones
    CHECK(v.total_gb_8bit_cache == v.weight_gb + v.cache_gb_8bit);
    CHECK(v.fits_8bit_cache == (v.total_gb_8bit_cache <= v.gpu_memory_gb));
    // "fits" is never a rounding question: at least 5 % away from the GPU size.
    CHECK(std::fabs(v.total_gb - v.gpu_memory_gb) >= 0.05 * v.gpu_memory_gb - 1e-9);
    CHECK(v.total_gb <= 1.85 * v.gpu_memory_gb + 2);
    // Q2 ranges
    REQUIRE(v.acceptance_rate >= 0.5);
    REQUIRE(v.acceptance_rate <= 0.95);
    CHECK(std::fabs(v.acceptance_rate * 100 - std::round(v.acceptance_rate * 100)) < 1e-9);  // two decimals at most
    REQUIRE(in(v.draft_tokens, {2, 3, 4, 5, 6}));
    // Q2 expected value is the speculative core's, and matches the series 1 + a + ... + a^k.
    CHECK(v.tokens_per_pass == speculative(v.acceptance_rate, v.draft_tokens, 0).tokens_per_pass);
    double series = 0;
    for (int j = 0; j <= static_cast<int>(v.draft_tokens); ++j) series += std::pow(v.acceptance_rate, j);
    CHECK(v.tokens_per_pass == Approx(series).epsilon(1e-12));
    CHECK(v.numerator / v.denominator == Approx(v.tokens_per_pass).epsilon(1e-12));
    CHECK(v.acceptance_power == Approx(std::pow(v.acceptance_rate, v.draft_tokens + 1)).epsilon(1e-15));
    // The grading settings carry the expected values.
    CHECK(v.total_question.expected == v.total_gb);
    CHECK(v.total_8bit_question.expected == v.total_gb_8bit_cache);
    CHECK(v.tokens_question.expected == v.tokens_per_pass);

    fit += v.fits ? 1 : 0;
    no_fit += v.fits ? 0 : 1;
    fit_after_8bit_only += (!v.fits && v.fits_8bit_cache) ? 1 : 0;
    ks.insert(v.draft_tokens);
    gpus.insert(v.gpu_memory_gb);
    bits.insert(v.weight_bits);
  }
  // Both outcomes appear often (the fit/no-fit choice is a fair coin).
  CHECK(fit > n / 3);
  CHECK(no_fit > n / 3);
  CHECK(fit_after_8bit_only > n / 20);  // the lever sometimes rescues the configuration
  CHECK(ks.size() == 5);
  CHECK(gpus.size() == 6);
  CHECK(bits.size() == 3);
}

TEST_CASE("a variant's own answers grade as its questions say", "[quiz_variant][answer_check]") {
  for (std::uint32_t seed = 0; seed < 100; ++seed) {
    const QuizVariant v = make_variant(seed);
    INFO("seed " << seed << " total " << v.total_gb << " tokens " << v.tokens_per_pass);
    CHECK(check_numeric_answer(plain(v.total_gb) + " GB", v.total_question).verdict == AnswerVerdict::correct);
    CHECK(check_numeric_answer(plain(v.total_gb * 1000) + " MB", v.total_question).verdict == AnswerVerdict::correct);
    CHECK(check_numeric_answer(plain(v.total_gb) + " MB", v.total_question).verdict == AnswerVerdict::wrong_unit);
    CHECK(check_numeric_answer(plain(v.total_gb_8bit_cache), v.total_8bit_question).verdict == AnswerVerdict::correct);
    // Two decimals are enough for tokens per pass (rounding error <= 0.005).
    const double two_decimals = std::round(v.tokens_per_pass * 100) / 100;
    CHECK(check_numeric_answer(plain(two_decimals), v.tokens_question).verdict == AnswerVerdict::correct);
    CHECK(check_numeric_answer(plain(v.draft_tokens + 1), v.tokens_question).verdict != AnswerVerdict::correct);
  }
}
