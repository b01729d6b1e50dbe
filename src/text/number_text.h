// Number-to-text for messages (error messages, answer-check feedback).
//
// Pure functions without the C library's printf/strtod, so the wasm module
// links no printf code (about 8 KB gzip). Digits are rounded to nearest, ties
// to even, from the exact value whenever one multiplication or division by a
// power of ten up to 1e22 reaches the digits (every value from about 1e-8 to
// 1e37 at 15 digits, and every whole number below 2^64); otherwise (very small
// or very large values) the last digit may be off by one. Values written with
// at most 15 significant digits (a user's input, a limit such as 1e13) read
// back exactly as written. Exact round-trip text for JSON lives in the CLI
// (tools/cli/number_format.h).
#pragma once

#include <string>

namespace llmbudget {

/// `x` for a message: at most 15 significant digits (whole numbers below 2^64
/// in full), trailing zeros dropped, and no more digits than it takes to read
/// back as `x` (5e-324, not 4.94065645841247e-324), JavaScript-style layout ("7.5", "8192",
/// "0.01", "1.5e-7", "1e21"), and for |x| >= 1e6 the exponent form when it is
/// shorter: 1e13 -> "1e13", 2e8 -> "2e8", 6700000001 stays. Non-finite values
/// give "NaN", "Infinity", "-Infinity" (the names a web page uses); -0 gives "0".
std::string format_compact(double x);

/// `x` with up to `digits` (1..15) significant digits, trailing zeros dropped,
/// laid out as printf("%.*g") does: exponent form "1.5e-07" / "1e+06" when the
/// decimal exponent is < -4 or >= digits, else plain. Non-finite: "nan", "inf",
/// "-inf"; -0 gives "-0".
std::string format_significant(double x, int digits);

/// A whole number with English thousands separators: 15706484224 -> "15,706,484,224",
/// -1200 -> "-1,200"; any other value (a fraction, not finite, |x| >= 2^53) as format_compact().
std::string format_grouped(double x);

}  // namespace llmbudget
