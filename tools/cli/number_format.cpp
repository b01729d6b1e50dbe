// Exact number text for the CLI; see number_format.h.
#include "number_format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace llmbudget {

namespace {

std::string non_finite_name(double x) {
  if (std::isnan(x)) return "NaN";
  return x > 0 ? "Infinity" : "-Infinity";
}

// "1e+13" -> "1e13", "1.5e-07" -> "1.5e-7" (the form JavaScript prints).
std::string tidy_exponent(const std::string& text) {
  const auto e = text.find('e');
  if (e == std::string::npos) return text;
  std::string mantissa = text.substr(0, e);
  std::string exponent = text.substr(e + 1);
  std::string sign;
  if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) {
    if (exponent[0] == '-') sign = "-";
    exponent.erase(0, 1);
  }
  while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
  return mantissa + "e" + sign + exponent;
}

}  // namespace

std::string format_shortest(double x) {
  if (!std::isfinite(x)) return non_finite_name(x);
  if (x == 0) return "0";  // also turns -0 into "0"
  char buf[40];
  // Whole numbers below 1e21 print without an exponent, as in JavaScript.
  if (std::fabs(x) < 1e21 && x == std::trunc(x)) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  return tidy_exponent(buf);
}

std::string format_fixed(double x, int decimals) {
  if (!std::isfinite(x)) return non_finite_name(x);
  if (decimals < 0) decimals = 0;
  if (decimals > 9) decimals = 9;
  char buf[400];  // enough for %.9f of 1.8e308
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  std::string text = buf;
  if (text == "-0" || text.find_first_not_of("-0.") == std::string::npos) {
    // "-0.0" reads oddly in a table; a value that rounds to zero is shown unsigned.
    if (!text.empty() && text[0] == '-') text.erase(0, 1);
  }
  return text;
}

std::string format_grouped(double x, int decimals) {
  std::string text = format_fixed(x, decimals);
  if (!std::isfinite(x)) return text;
  const std::size_t start = (!text.empty() && text[0] == '-') ? 1 : 0;
  std::size_t end = text.find('.');
  if (end == std::string::npos) end = text.size();
  for (std::size_t pos = end; pos > start + 3; pos -= 3) text.insert(pos - 3, ",");
  return text;
}

}  // namespace llmbudget
