// Unit factors and values more than one budget test file uses, written once.
#pragma once

#include <limits>

namespace llmbudget::test {

/// Bytes per second in one TB/s, the unit the calculator shows memory bandwidth
/// in (web/element/fields.js): 1e12 B/s.
constexpr double kTBps = 1e12;

/// Bytes in one GiB: 2^30 = 1,073,741,824 B.
constexpr double kGiB = 1073741824.0;

/// A quiet NaN, for the inputs a check must refuse.
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace llmbudget::test
