// The KV-cache practice: seeded numbers for "how big is the cache, and what
// does caching save?" (the lesson's "KV-cache memory and behaviour").
//
// make_kv_practice(seed) draws a model shape and a load, and computes
//   kv_bytes_per_token  = 2 · L · H_kv · d_h · b_c        [B]  (budget_math.h)
//   cache_bytes         = kv_bytes_per_token · n · B      [B]  (no sliding window)
// and counts the key and value projections: one projection is one key or one
// value vector of one KV head in one layer, so one token needs
//   projections_per_token = 2 · L · H_kv.
// To produce token t (the t-th token of the sequence, t tokens of context
// counting itself):
//   with a cache      projections_with_cache    = 2 · L · H_kv       (the new token only)
//   without a cache   projections_without_cache = 2 · L · H_kv · t   (every earlier token again)
// Over a generation of m tokens after a prompt of p tokens (tokens p+1 .. p+m):
//   with a cache      total_with_cache    = 2 · L · H_kv · (p + m)
//                     (the prompt once at prefill, then one token per step)
//   without a cache   total_without_cache = 2 · L · H_kv · Σ_{t=p+1}^{p+m} t
//                                         = 2 · L · H_kv · (m · p + m · (m + 1) / 2)
//   recompute_ratio   = total_without_cache / total_with_cache.
// Every value is a whole number below 2^53 (exact in a double) except the
// ratio. The same seed gives the same numbers on every platform (Pcg32 from
// quiz_variant.h, on its own stream).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace llmbudget {

/// One KV-cache practice variant. Bytes in B (decimal units elsewhere: 1 GB = 1e9 B).
struct KvPractice {
  std::uint32_t seed = 0;
  double layers = 0;                     ///< L, from {12, 16, 24, 28, 32, 40, 48, 60, 80}
  double kv_heads = 0;                   ///< H_kv, from {1, 2, 4, 8, 16}
  double head_dim = 0;                   ///< d_h, 64 or 128
  double cache_bytes_per_value = 0;      ///< b_c, 1 (8-bit) or 2 (16-bit)
  double kv_bytes_per_token = 0;         ///< 2 · L · H_kv · d_h · b_c [B]
  double context_tokens = 0;             ///< n, a power of two from 512 to 32768
  double batch = 0;                      ///< B, a power of two from 1 to 64
  double cache_bytes = 0;                ///< kv_bytes_per_token · n · B [B]
  double projections_per_token = 0;      ///< 2 · L · H_kv
  double token_index = 0;                ///< t, whole number from 8 to 512
  double projections_with_cache = 0;     ///< 2 · L · H_kv
  double projections_without_cache = 0;  ///< 2 · L · H_kv · t
  double prompt_tokens = 0;              ///< p, whole number from 10 to 400
  double generated_tokens = 0;           ///< m, whole number from 5 to 100
  double total_with_cache = 0;           ///< 2 · L · H_kv · (p + m)
  double total_without_cache = 0;        ///< 2 · L · H_kv · (m·p + m(m+1)/2)
  double recompute_ratio = 0;            ///< total_without_cache / total_with_cache, > 1
};

/// The variant for `seed` (any uint32). Deterministic; never fails.
KvPractice make_kv_practice(std::uint32_t seed);

/// One named number of a practice variant, as the page reads it.
struct NamedValue {
  std::string name;  ///< the KvPractice field's name: "kv_bytes_per_token", "cache_bytes", ...
  std::string unit;  ///< "B" for bytes, "" for counts (tokens, projections) and ratios
  double value = 0;  ///< finite
};

/// Every field of `practice` except the seed, with its unit, in the order of
/// kv_practice_declaration() (practice_declarations.h), which lists them.
std::vector<NamedValue> kv_practice_values(const KvPractice& practice);

/// kv_practice_values(make_kv_practice(seed)): what the Embind table exposes.
std::vector<NamedValue> kv_practice_table(std::uint32_t seed);

}  // namespace llmbudget
