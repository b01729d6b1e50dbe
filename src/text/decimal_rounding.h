// The double nearest to a decimal number: digits × 10^exponent rounded to
// nearest, ties to even, for any number of digits and any exponent, normal
// and subnormal results alike (what JavaScript's Number(), Python's float()
// and a correct strtod give). The decimal scanner (decimal_scan.h) reads
// every typed number through it; number_text.h uses it to check that a
// shorter text reads back.
//
// Method: a first guess within a few units in the last place (the 19 leading
// digits times a power of ten), then exact big-integer comparisons of the
// decimal value with the halfway points between the guess and its
// neighbours, stepping to a neighbour until the value lies between the two
// halfway points (Clinger, "How to read floating point numbers accurately",
// PLDI 1990, the comparison step of his Algorithm R). Whole-number digits up
// to 2^53 times 10^|e| for |e| <= 22 are exact in one rounding and skip the
// comparisons (Clinger's fast path).
//
// Why a reader of our own and not a library or the C library: the core runs
// natively (CLI, tests) and as wasm (the page) and must read every text to the
// same bits in both. strtod is correctly rounded in glibc and in musl (which
// Emscripten uses), but follows the locale's decimal mark and links the C
// library's scanner; Emscripten 3.1.6's libc++ has no std::from_chars for
// double; Debian 12's libfast-float-dev (3.9.0) is correct but its 128-bit
// power table and comparison code added 16.5 KB gzip to the page's module
// (measured: budget_core.js 73.8 -> 90.3 KB gzip -9), a third of the wasm.
// This file is plain integer arithmetic and double operations that are
// correctly rounded by IEEE 754 on both targets.
#pragma once

#include <string>

namespace llmbudget {

/// The digits beyond this many significant ones only say whether the rest is
/// nonzero: a halfway point between two doubles has at most 767 significant
/// digits, so that is enough to decide every rounding.
constexpr std::size_t kMaxDecimalDigits = 800;

/// The double nearest to `digits` × 10^`exp10` (ties to even): +infinity
/// when that is above the largest double's halfway point to 2^1024, 0 when it
/// is at most half of the smallest subnormal (5e-324). `digits` holds only
/// '0'..'9' and no leading '0' (empty means 0); `exp10` may be any value (a
/// saturated exponent such as ±1e6 gives infinity or 0). Never throws; work
/// is O(min(|digits|, kMaxDecimalDigits) · (|digits| + |exp10|)) limb steps.
double nearest_double(const std::string& digits, long exp10);

}  // namespace llmbudget
