// Number-to-text for messages without printf; see number_text.h.
#include "text/number_text.h"

#include <cmath>
#include <cstdint>

#include "text/decimal_rounding.h"
#include "text/pow10.h"

namespace llmbudget {

namespace {

constexpr int kMaxScaledDigits = 15;  // 10^15 < 2^53: the scaled value holds whole numbers exactly

// Significant decimal digits of a finite a > 0, trailing zeros dropped, and the
// decimal exponent of the first digit (a = 0.d1d2d3... * 10^(exp10 + 1)).
struct Digits {
  std::string text;
  int exp10 = 0;
};

// Decimal digits of a whole number n >= 1.
std::string whole_digits(std::uint64_t n) {
  char buf[20];
  int len = 0;
  while (n > 0) {
    buf[len++] = static_cast<char>('0' + n % 10);
    n /= 10;
  }
  std::string out;
  while (len > 0) out += buf[--len];
  return out;
}

// Rounds a digit string to `keep` digits: to nearest, ties (a 5 followed only
// by zeros) to even. Returns true when the rounding carried into a new digit
// ("999" -> "1000"), in which case `text` is "1" followed by zeros.
bool round_digits(std::string& text, std::size_t keep) {
  if (text.size() <= keep) return false;
  const char first_dropped = text[keep];
  bool rest_zero = true;
  for (std::size_t i = keep + 1; i < text.size(); ++i) rest_zero = rest_zero && text[i] == '0';
  text.resize(keep);
  const bool last_odd = (text[keep - 1] - '0') % 2 == 1;
  const bool up = first_dropped > '5' || (first_dropped == '5' && (!rest_zero || last_odd));
  if (!up) return false;
  for (std::size_t i = keep; i-- > 0;) {
    if (text[i] != '9') {
      ++text[i];
      return false;
    }
    text[i] = '0';
  }
  text.insert(text.begin(), '1');
  text.resize(keep);
  return true;
}

void drop_trailing_zeros(std::string& text) {
  while (text.size() > 1 && text.back() == '0') text.pop_back();
}

// Exact product a * b = hi + lo (Dekker's two-product with Veltkamp's split;
// no fma, which wasm would emulate in software). Exact unless it over/underflows.
void two_product(double a, double b, double& hi, double& lo) {
  constexpr double kSplit = 134217729.0;  // 2^27 + 1
  const auto split = [](double x, double& x_hi, double& x_lo) {
    const double t = kSplit * x;
    x_hi = t - (t - x);
    x_lo = x - x_hi;
  };
  double a_hi, a_lo, b_hi, b_lo;
  split(a, a_hi, a_lo);
  split(b, b_hi, b_lo);
  hi = a * b;
  lo = ((a_hi * b_hi - hi) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo;
}

// a * 10^k as hi + lo. The last step (|k| <= 22 part) is exact: the two-product
// gives the product's rounding error, or the division's remainder. Earlier
// steps (|k| > 22) round, so only those results can be an ulp or two away.
void scale_pow10(double a, int k, double& hi, double& lo) {
  constexpr int kTop = kMaxExactPow10;
  while (k > kTop + 280) {
    a *= 1e280;
    k -= 280;
  }
  while (k < -kTop - 280) {
    a /= 1e280;
    k += 280;
  }
  if (k > kTop) {
    a *= std::pow(10.0, k - kTop);
    k = kTop;
  }
  if (k < -kTop) {
    a /= std::pow(10.0, -k - kTop);
    k = -kTop;
  }
  if (k >= 0) {
    two_product(a, kExactPow10[k], hi, lo);
  } else {
    const double p = kExactPow10[-k];
    hi = a / p;
    double prod_hi, prod_lo;
    two_product(hi, p, prod_hi, prod_lo);
    lo = ((a - prod_hi) - prod_lo) / p;  // a - hi*p, exact (a - prod_hi is, by Sterbenz)
  }
}

// hi + lo rounded to a whole number, ties to even (hi < 2^53).
double round_whole(double hi, double lo) {
  double r = std::nearbyint(hi);  // default rounding mode: ties to even
  const double frac = hi - r;     // exact, in [-0.5, 0.5]
  if (frac == 0.5 && lo > 0) r += 1;
  if (frac == -0.5 && lo < 0) r -= 1;
  return r;
}

// Up to `max_digits` significant digits of finite a > 0 (1..20 for whole
// numbers below 2^64, else 1..15).
Digits significant_digits(double a, int max_digits) {
  Digits d;
  if (a < 18446744073709551616.0 && a == std::floor(a)) {  // whole number below 2^64: exact
    d.text = whole_digits(static_cast<std::uint64_t>(a));
    d.exp10 = static_cast<int>(d.text.size()) - 1;
    if (round_digits(d.text, static_cast<std::size_t>(max_digits))) ++d.exp10;
    drop_trailing_zeros(d.text);
    return d;
  }
  if (max_digits > kMaxScaledDigits) max_digits = kMaxScaledDigits;
  int exp10 = static_cast<int>(std::floor(std::log10(a)));
  const double low = kExactPow10[max_digits - 1];
  const double high = kExactPow10[max_digits];
  double n = 0;
  for (int attempt = 0; attempt < 3; ++attempt) {  // log10 may be one off near powers of ten
    double hi = 0;
    double lo = 0;
    scale_pow10(a, max_digits - 1 - exp10, hi, lo);
    n = round_whole(hi, lo);
    if (n >= high) {
      ++exp10;
    } else if (n < low) {
      --exp10;
    } else {
      break;
    }
  }
  if (n >= high) {  // rounded up to the next power of ten
    n = low;
    ++exp10;
  }
  d.text = whole_digits(static_cast<std::uint64_t>(n));
  d.exp10 = exp10;
  drop_trailing_zeros(d.text);
  return d;
}

// Digits without an exponent: "0.0015", "12.5", "8192".
std::string plain_layout(const Digits& d) {
  const int len = static_cast<int>(d.text.size());
  if (d.exp10 < 0) return "0." + std::string(static_cast<std::size_t>(-d.exp10 - 1), '0') + d.text;
  if (d.exp10 + 1 >= len) return d.text + std::string(static_cast<std::size_t>(d.exp10 + 1 - len), '0');
  return d.text.substr(0, static_cast<std::size_t>(d.exp10 + 1)) + "." +
         d.text.substr(static_cast<std::size_t>(d.exp10 + 1));
}

// "d.ddd" then "e", the exponent's sign ('+' only when plus_sign) and at least
// `min_exponent_digits` digits: "1.5e-7" (JavaScript) or "1.5e-07" (printf).
std::string exponent_layout(const Digits& d, bool plus_sign, std::size_t min_exponent_digits) {
  std::string out = d.text.substr(0, 1);
  if (d.text.size() > 1) out += "." + d.text.substr(1);
  out += 'e';
  if (d.exp10 < 0) {
    out += '-';
  } else if (plus_sign) {
    out += '+';
  }
  std::string exponent = whole_digits(static_cast<std::uint64_t>(d.exp10 < 0 ? -d.exp10 : d.exp10));
  if (exponent.empty()) exponent = "0";
  if (exponent.size() < min_exponent_digits) exponent.insert(0, min_exponent_digits - exponent.size(), '0');
  return out + exponent;
}

// The fewest of `d`'s leading digits (rounded) that read back as `a`
// (nearest_double, correctly rounded), when fewer than all of them do. A
// subnormal carries fewer than 15 digits of information: 2^-1074 is
// 4.94065645841247e-324 at 15 digits but "5e-324" reads back to it (as
// JavaScript writes it). For a normal double the 15-digit rounding already is
// that shortest text, so only the rare last-digit slip of significant_digits
// far from 1 is also mended.
Digits shortest_reading_back(double a, const Digits& d) {
  for (std::size_t keep = 1; keep < d.text.size(); ++keep) {
    Digits shorter = d;
    if (round_digits(shorter.text, keep)) ++shorter.exp10;
    drop_trailing_zeros(shorter.text);
    // shorter.text × 10^(exp10 − digits + 1): its digits as a whole number, then the exponent.
    const long exponent = shorter.exp10 - static_cast<long>(shorter.text.size()) + 1;
    if (nearest_double(shorter.text, exponent) == a) return shorter;
  }
  return d;
}

}  // namespace

std::string format_compact(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  if (x == 0) return "0";
  const std::string sign = x < 0 ? "-" : "";
  const double a = std::fabs(x);
  const bool whole = a < 18446744073709551616.0 && a == std::floor(a);  // written in full
  const Digits d = whole ? significant_digits(a, 20) : shortest_reading_back(a, significant_digits(a, 20));
  // The exponent form below 1e-4 (where %g switches) and from 1e21 up (as JavaScript).
  if (d.exp10 < -4 || d.exp10 >= 21) return sign + exponent_layout(d, false, 1);
  const std::string plain = plain_layout(d);
  if (a >= 1e6) {
    const std::string exponent_form = exponent_layout(d, false, 1);
    if (exponent_form.size() < plain.size()) return sign + exponent_form;
  }
  return sign + plain;
}

std::string format_significant(double x, int digits) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (x == 0) return std::signbit(x) ? "-0" : "0";
  if (digits < 1) digits = 1;
  if (digits > kMaxScaledDigits) digits = kMaxScaledDigits;
  const std::string sign = x < 0 ? "-" : "";
  const Digits d = significant_digits(std::fabs(x), digits);
  if (d.exp10 < -4 || d.exp10 >= digits) return sign + exponent_layout(d, true, 2);
  return sign + plain_layout(d);
}

std::string format_grouped(double x) {
  if (!(std::fabs(x) < 9007199254740992.0) || std::floor(x) != x) return format_compact(x);
  std::string digits;
  for (double a = std::fabs(x); a >= 1; a = std::floor(a / 10))
    digits.insert(digits.begin(), "0123456789"[static_cast<int>(std::fmod(a, 10))]);
  if (digits.empty()) digits = "0";
  std::string out;
  const std::size_t n = digits.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0 && (n - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return x < 0 ? "-" + out : out;
}

}  // namespace llmbudget
