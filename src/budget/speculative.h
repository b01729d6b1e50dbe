// Speculative decoding (Leviathan et al., 2023), independent acceptance with
// constant probability a.
#pragma once

#include "budget/budget_types.h"

namespace llmbudget {

struct SpeculativeResult {
  bool ok = false;
  InputError error;
  double tokens_per_pass = 0;  ///< (1 - a^(k+1)) / (1 - a); k + 1 at a = 1
  double speedup = 0;          ///< tokens_per_pass / (k*c + 1)
};

/// acceptance_rate a in [0, 1]; draft_tokens k whole in [1, 32];
/// draft_cost_ratio c in [0, 1] (cost of one draft token relative to a target pass).
/// tokens_per_pass is computed as the sum 1 + a + ... + a^k (equal to the closed
/// form, exact at a = 1, no cancellation near a = 1). Lesson: a = 0.8, k = 3 -> 2.952.
/// Errors name `acceptance_rate`, `draft_tokens` or `draft_cost_ratio`.
SpeculativeResult speculative(double acceptance_rate, double draft_tokens, double draft_cost_ratio);

struct BestDraftResult {
  bool ok = false;
  InputError error;
  double draft_tokens = 0;  ///< the k in 1..32 with the largest speedup (smallest k on ties)
  double speedup = 0;
  double tokens_per_pass = 0;
};

/// Tries every k in 1..32 with speculative()'s formulas. Same ranges and errors as speculative().
BestDraftResult best_draft_tokens(double acceptance_rate, double draft_cost_ratio);

}  // namespace llmbudget
