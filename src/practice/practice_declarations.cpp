// The practice generators and their fields; see practice_declarations.h.
#include "practice/practice_declarations.h"

#include <iterator>

namespace llmbudget {

namespace {

template <class P>
constexpr PracticeFieldDeclaration<P> number(const char* name, const char* unit, const char* meaning, double P::*m) {
  return {name, unit, PracticeFieldKind::number, meaning, m, nullptr, nullptr};
}
template <class P>
constexpr PracticeFieldDeclaration<P> flag(const char* name, const char* meaning, bool P::*m) {
  return {name, "", PracticeFieldKind::flag, meaning, nullptr, m, nullptr};
}
template <class P>
constexpr PracticeFieldDeclaration<P> question(const char* name, const char* meaning, NumericQuestion P::*m) {
  return {name, "", PracticeFieldKind::question, meaning, nullptr, nullptr, m};
}

using V = QuizVariant;
constexpr PracticeFieldDeclaration<V> kVariantFields[] = {
    number<V>("params_billion", "", "model size in billions of parameters", &V::params_billion),
    number<V>("weight_bits", "", "weight precision in bits per parameter: 4, 8 or 16", &V::weight_bits),
    number<V>("weight_gb", "GB", "weight memory, P * b_w", &V::weight_gb),
    number<V>("cache_gb", "GB", "KV cache at the target load with 16-bit values", &V::cache_gb),
    number<V>("gpu_memory_gb", "GB", "memory of the GPU", &V::gpu_memory_gb),
    number<V>("total_gb", "GB", "weights + KV cache", &V::total_gb),
    flag<V>("fits", "total_gb <= gpu_memory_gb", &V::fits),
    number<V>("cache_gb_8bit", "GB", "the same KV cache stored in 8 bits (half of cache_gb)", &V::cache_gb_8bit),
    number<V>("total_gb_8bit_cache", "GB", "weights + the 8-bit KV cache", &V::total_gb_8bit_cache),
    flag<V>("fits_8bit_cache", "total_gb_8bit_cache <= gpu_memory_gb", &V::fits_8bit_cache),
    question<V>("total_question", "grades total_gb: bytes, a bare number in GB", &V::total_question),
    question<V>("total_8bit_question", "grades total_gb_8bit_cache, with the same tolerances", &V::total_8bit_question),
    number<V>("acceptance_rate", "", "a, the chance the target accepts each draft token", &V::acceptance_rate),
    number<V>("draft_tokens", "", "k, the tokens the draft proposes per target pass", &V::draft_tokens),
    number<V>("acceptance_power", "", "a^(k+1), for the worked explanation", &V::acceptance_power),
    number<V>("numerator", "", "1 - a^(k+1)", &V::numerator),
    number<V>("denominator", "", "1 - a", &V::denominator),
    number<V>("tokens_per_pass", "tokens", "tokens produced per target pass, (1 - a^(k+1)) / (1 - a)",
              &V::tokens_per_pass),
    question<V>("tokens_question", "grades tokens_per_pass", &V::tokens_question),
};

using K = KvPractice;
constexpr PracticeFieldDeclaration<K> kKvFields[] = {
    number<K>("layers", "", "L, transformer layers", &K::layers),
    number<K>("kv_heads", "", "H_kv, key-value heads per layer", &K::kv_heads),
    number<K>("head_dim", "", "d_h, values in one head's key or value vector", &K::head_dim),
    number<K>("cache_bytes_per_value", "B", "b_c, bytes per cached value: 1 (8-bit) or 2 (16-bit)",
              &K::cache_bytes_per_value),
    number<K>("kv_bytes_per_token", "B", "KV cache of one token, 2 * L * H_kv * d_h * b_c", &K::kv_bytes_per_token),
    number<K>("context_tokens", "", "n, tokens each request holds in the cache", &K::context_tokens),
    number<K>("batch", "", "B, concurrent requests", &K::batch),
    number<K>("cache_bytes", "B", "KV cache of the batch, kv_bytes_per_token * n * B", &K::cache_bytes),
    number<K>("projections_per_token", "", "key and value projections for one token, 2 * L * H_kv",
              &K::projections_per_token),
    number<K>("token_index", "", "t, the token being produced (t tokens of context)", &K::token_index),
    number<K>("projections_with_cache", "", "projections to produce token t with a cache, 2 * L * H_kv",
              &K::projections_with_cache),
    number<K>("projections_without_cache", "", "projections to produce token t without a cache, 2 * L * H_kv * t",
              &K::projections_without_cache),
    number<K>("prompt_tokens", "", "p, tokens of the prompt", &K::prompt_tokens),
    number<K>("generated_tokens", "", "m, tokens generated after the prompt", &K::generated_tokens),
    number<K>("total_with_cache", "", "projections for the whole generation with a cache, 2 * L * H_kv * (p + m)",
              &K::total_with_cache),
    number<K>("total_without_cache", "",
              "projections for the whole generation without a cache, 2 * L * H_kv * (m*p + m(m+1)/2)",
              &K::total_without_cache),
    number<K>("recompute_ratio", "", "total_without_cache / total_with_cache", &K::recompute_ratio),
};

constexpr PracticeDeclaration<V> kVariantPractice = {
    "variant",
    "practice",
    "seeded numbers for knowledge-check questions 1 (does it fit?) and 2 (speculative decoding)",
    {kVariantFields, std::size(kVariantFields)}};

constexpr PracticeDeclaration<K> kKvPractice = {
    "kv",
    "kv_practice",
    "seeded numbers for the KV-cache practice (cache size, and what caching saves)",
    {kKvFields, std::size(kKvFields)}};

}  // namespace

const PracticeDeclaration<QuizVariant>& quiz_variant_declaration() { return kVariantPractice; }
const PracticeDeclaration<KvPractice>& kv_practice_declaration() { return kKvPractice; }

}  // namespace llmbudget
