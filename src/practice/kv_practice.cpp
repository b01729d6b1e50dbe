// The KV-cache practice variants; formulas in kv_practice.h.
#include "practice/kv_practice.h"

#include "budget/budget_math.h"
#include "practice/practice_declarations.h"
#include "practice/quiz_variant.h"

namespace llmbudget {

namespace {

// Its own PCG stream, so a seed's KV numbers do not echo make_variant's.
constexpr std::uint64_t kKvStream = 0x4B56434143484521ULL;  // "KVCACHE!"

const double kLayers[] = {12, 16, 24, 28, 32, 40, 48, 60, 80};
const double kKvHeads[] = {1, 2, 4, 8, 16};
const double kHeadDims[] = {64, 128};
const double kCacheBytes[] = {1, 2};

template <std::size_t N>
double pick(Pcg32& rng, const double (&options)[N]) {
  return options[rng.below(static_cast<std::uint32_t>(N))];
}

// A whole number from lo to hi (inclusive).
double between(Pcg32& rng, std::uint32_t lo, std::uint32_t hi) { return lo + rng.below(hi - lo + 1); }

}  // namespace

KvPractice make_kv_practice(std::uint32_t seed) {
  Pcg32 rng(seed, kKvStream);
  KvPractice k;
  k.seed = seed;
  k.layers = pick(rng, kLayers);
  k.kv_heads = pick(rng, kKvHeads);
  k.head_dim = pick(rng, kHeadDims);
  k.cache_bytes_per_value = pick(rng, kCacheBytes);
  k.context_tokens = 512.0 * (1u << rng.below(7));    // 512 .. 32768
  k.batch = static_cast<double>(1u << rng.below(7));  // 1 .. 64

  BudgetInput in;  // the budget formulas take the shape through BudgetInput
  in.layers = k.layers;
  in.kv_heads = k.kv_heads;
  in.head_dim = k.head_dim;
  in.cache_bytes_per_value = k.cache_bytes_per_value;
  in.sliding_window_tokens = 0;
  k.kv_bytes_per_token = detail::kv_bytes_per_token(in);
  k.cache_bytes = detail::kv_cache_bytes(in, k.batch, k.context_tokens);

  k.projections_per_token = 2 * k.layers * k.kv_heads;
  k.token_index = between(rng, 8, 512);
  k.projections_with_cache = k.projections_per_token;
  k.projections_without_cache = k.projections_per_token * k.token_index;

  k.prompt_tokens = between(rng, 10, 400);
  k.generated_tokens = between(rng, 5, 100);
  const double p = k.prompt_tokens;
  const double m = k.generated_tokens;
  k.total_with_cache = k.projections_per_token * (p + m);
  k.total_without_cache = k.projections_per_token * (m * p + m * (m + 1) / 2);
  k.recompute_ratio = k.total_without_cache / k.total_with_cache;
  return k;
}

std::vector<NamedValue> kv_practice_values(const KvPractice& k) {
  std::vector<NamedValue> out;
  const auto fields = kv_practice_declaration().fields;
  out.reserve(fields.size);
  // A table and a loop rather than 17 inline constructions keeps the wasm small.
  for (const PracticeFieldDeclaration<KvPractice>& f : fields) out.push_back(NamedValue{f.name, f.unit, k.*(f.number)});
  return out;
}

std::vector<NamedValue> kv_practice_table(std::uint32_t seed) { return kv_practice_values(make_kv_practice(seed)); }

}  // namespace llmbudget
