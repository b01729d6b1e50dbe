#include "budget/attention_memory.h"

#include "budget/field_checks.h"

namespace llmbudget {

AttentionMemoryResult attention_memory(double heads, double context_tokens, double bytes_per_score) {
  AttentionMemoryResult r;
  std::optional<InputError> e = detail::check_value("heads", heads, 1, 1024, false, true);
  if (!e) e = detail::check_value("context_tokens", context_tokens, 1, 1e8, false, true);
  if (!e) e = detail::check_value("bytes_per_score", bytes_per_score, 0, 8, true, false);
  if (e) {
    r.error = *e;
    return r;
  }
  r.ok = true;
  // One score per (query, key) pair per head: heads * n * n values.
  r.stored_score_bytes = heads * context_tokens * context_tokens * bytes_per_score;
  // A tiled kernel keeps only a running max and a running sum per query row,
  // in fp32 (4 bytes each): heads * n * 2 * 4.
  r.tiled_kernel_bytes = heads * context_tokens * 2 * 4;
  return r;
}

}  // namespace llmbudget
