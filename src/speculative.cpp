#include "speculative.h"

#include "field_checks.h"

namespace llmbudget {

namespace {

constexpr double kMaxDraftTokens = 32;

std::optional<InputError> check_acceptance_rate(double a) {
  return detail::check_value("acceptance_rate", a, 0, 1, false, false);
}
std::optional<InputError> check_draft_tokens(double k) {
  return detail::check_value("draft_tokens", k, 1, kMaxDraftTokens, false, true);
}
std::optional<InputError> check_draft_cost_ratio(double c) {
  return detail::check_value("draft_cost_ratio", c, 0, 1, false, false);
}

// 1 + a + a^2 + ... + a^k, the closed form (1 - a^(k+1)) / (1 - a) written
// as a sum: no division, so a = 1 gives exactly k + 1 and a just below 1
// loses no digits to cancellation. Horner order: ((a + 1) a + 1) ...
double tokens_per_pass(double a, int k) {
  double sum = 1;
  for (int i = 0; i < k; ++i) sum = sum * a + 1;
  return sum;
}

double speedup(double tokens, int k, double c) { return tokens / (k * c + 1); }

}  // namespace

SpeculativeResult speculative(double acceptance_rate, double draft_tokens, double draft_cost_ratio) {
  SpeculativeResult r;
  if (auto e = check_acceptance_rate(acceptance_rate)) { r.error = *e; return r; }
  if (auto e = check_draft_tokens(draft_tokens)) { r.error = *e; return r; }
  if (auto e = check_draft_cost_ratio(draft_cost_ratio)) { r.error = *e; return r; }
  const int k = static_cast<int>(draft_tokens);
  r.ok = true;
  r.tokens_per_pass = tokens_per_pass(acceptance_rate, k);
  r.speedup = speedup(r.tokens_per_pass, k, draft_cost_ratio);
  return r;
}

BestDraftResult best_draft_tokens(double acceptance_rate, double draft_cost_ratio) {
  BestDraftResult r;
  if (auto e = check_acceptance_rate(acceptance_rate)) { r.error = *e; return r; }
  if (auto e = check_draft_cost_ratio(draft_cost_ratio)) { r.error = *e; return r; }
  r.ok = true;
  for (int k = 1; k <= static_cast<int>(kMaxDraftTokens); ++k) {
    const double tokens = tokens_per_pass(acceptance_rate, k);
    const double s = speedup(tokens, k, draft_cost_ratio);
    if (k == 1 || s > r.speedup) {  // strict: the smallest k wins a tie
      r.draft_tokens = k;
      r.speedup = s;
      r.tokens_per_pass = tokens;
    }
  }
  return r;
}

}  // namespace llmbudget
