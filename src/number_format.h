// Number-to-text helpers shared by error messages, the CLI and tests.
// Pure functions: they build strings, they never print.
#pragma once

#include <string>

namespace llmbudget {

/// The shortest decimal text that reads back (strtod) as exactly `x`, with a
/// JavaScript-style exponent ("7e9", "1.5e-7", "8192", "0.1"). Non-finite
/// values give "NaN", "Infinity" or "-Infinity" (the names a web page uses).
/// Used for "(got ...)" in error messages and for the CLI's JSON numbers.
std::string format_shortest(double x);

/// Like format_shortest, but large values use the exponent form when it is
/// shorter: 1e13 -> "1e13", 2e8 -> "2e8", 6700000001 stays as is. For
/// messages, where "1e13" reads better than "10000000000000".
std::string format_compact(double x);

/// `x` with exactly `decimals` digits after the point (0..9), rounded the way
/// printf("%.*f") rounds: correctly, from the exact binary value, ties to even.
/// That matches Python's round(x, decimals) used by the lesson's table, e.g.
/// format_fixed(82.719476736, 1) == "82.7". Non-finite values as in format_shortest.
std::string format_fixed(double x, int decimals);

/// Like format_fixed but with a comma between groups of three digits in the
/// whole part, as the lesson's table prints totals: 1026.3 with 0 decimals -> "1,026".
std::string format_grouped(double x, int decimals);

}  // namespace llmbudget
