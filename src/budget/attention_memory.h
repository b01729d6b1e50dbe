// Memory of the attention score matrix that standard attention stores and
// exact tiled kernels (FlashAttention, Dao et al., 2022) never materialise.
#pragma once

#include "budget/budget_types.h"

namespace llmbudget {

struct AttentionMemoryResult {
  bool ok = false;
  InputError error;
  double stored_score_bytes = 0;  ///< heads * n^2 * bytes_per_score (one layer)
  double tiled_kernel_bytes = 0;  ///< heads * n * 2 * 4: running max and sum per row in fp32 (linear in n)
};

/// heads whole in [1, 1024]; context_tokens whole in [1, 1e8] (the same limit as
/// BudgetInput::context_tokens); bytes_per_score in (0, 8]. Errors name `heads`,
/// `context_tokens` or `bytes_per_score`. Lesson: 32 heads, n = 8192, 2 bytes -> 4294967296 B.
AttentionMemoryResult attention_memory(double heads, double context_tokens, double bytes_per_score);

}  // namespace llmbudget
