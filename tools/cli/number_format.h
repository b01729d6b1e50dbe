// Exact number-to-text for the CLI's JSON, CSV and table (and the tests that
// check the lesson's rounding). Uses snprintf/strtod, so it is compiled into
// the native CLI and the tests only, never into the wasm module; messages use
// the printf-free src/text/number_text.h (format_compact, re-exported here).
// Pure functions: they build strings, they never print.
#pragma once

#include <string>

#include "text/number_text.h"

namespace llmbudget {

/// The shortest decimal text that reads back (strtod) as exactly `x`, with a
/// JavaScript-style exponent ("7e9", "1.5e-7", "8192", "0.1"). Non-finite
/// values give "NaN", "Infinity" or "-Infinity" (the names a web page uses).
/// Used for the CLI's JSON and CSV numbers.
std::string format_shortest(double x);

/// `x` with exactly `decimals` digits after the point (0..9), rounded the way
/// printf("%.*f") rounds: correctly, from the exact binary value, ties to even.
/// That matches Python's round(x, decimals) used by the lesson's table, e.g.
/// format_fixed(82.719476736, 1) == "82.7". Non-finite values as in format_shortest.
std::string format_fixed(double x, int decimals);

/// Like format_fixed but with a comma between groups of three digits in the
/// whole part, as the lesson's table prints totals: 1026.3 with 0 decimals -> "1,026".
std::string format_grouped(double x, int decimals);

}  // namespace llmbudget
