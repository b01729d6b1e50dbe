// Powers of ten that are exact doubles, shared by the decimal reader (text ->
// double, decimal_rounding.cpp) and number_text (double -> text).
#pragma once

namespace llmbudget {

/// 10^0 .. 10^22: every power of ten a double holds exactly (5^22 < 2^53).
/// kExactPow10[k] == 10^k for k in [0, kMaxExactPow10].
inline constexpr double kExactPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                         1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
/// The largest k with kExactPow10[k] exact.
inline constexpr int kMaxExactPow10 = 22;

}  // namespace llmbudget
