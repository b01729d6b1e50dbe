#include "budget/speculative.h"

#include <cstddef>

#include "budget/field_declarations.h"
#include "budget/validate.h"

namespace llmbudget {

namespace {

struct Param {
  const char* name;
  double value;
};

// The first parameter outside its declared range (field_declarations.cpp), in
// the order given; copies its error into `error`. False when all are valid.
template <std::size_t N>
bool refused(const Param (&params)[N], InputError& error) {
  for (const Param& p : params) {
    if (auto e = check_declared_value(*find_speculative_input_field(p.name), p.value)) {
      error = *e;
      return true;
    }
  }
  return false;
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
  const Param params[] = {
      {"acceptance_rate", acceptance_rate}, {"draft_tokens", draft_tokens}, {"draft_cost_ratio", draft_cost_ratio}};
  if (refused(params, r.error)) return r;
  const int k = static_cast<int>(draft_tokens);
  r.ok = true;
  r.tokens_per_pass = tokens_per_pass(acceptance_rate, k);
  r.speedup = speedup(r.tokens_per_pass, k, draft_cost_ratio);
  return r;
}

BestDraftResult best_draft_tokens(double acceptance_rate, double draft_cost_ratio) {
  BestDraftResult r;
  const Param params[] = {{"acceptance_rate", acceptance_rate}, {"draft_cost_ratio", draft_cost_ratio}};
  if (refused(params, r.error)) return r;
  r.ok = true;
  const int max_draft_tokens = static_cast<int>(find_speculative_input_field("draft_tokens")->max);
  for (int k = 1; k <= max_draft_tokens; ++k) {
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
