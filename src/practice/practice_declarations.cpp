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

using D = MistakeDrill;
constexpr PracticeFieldDeclaration<D> kDrillFields[] = {
    number<D>("total_params_billion", "", "P in billions, every weight (experts included)", &D::total_params_billion),
    number<D>("active_params_billion", "", "P_active in billions, the weights one token uses (= P when dense)",
              &D::active_params_billion),
    number<D>("layers", "", "L, transformer layers", &D::layers),
    number<D>("hidden_size", "", "d_model, config.json's hidden_size", &D::hidden_size),
    number<D>("query_heads", "", "H_q, attention heads", &D::query_heads),
    number<D>("kv_heads", "", "H_kv, key-value heads (fewer than H_q)", &D::kv_heads),
    number<D>("head_dim", "", "d_h, config.json's head_dim (may differ from hidden / H_q)", &D::head_dim),
    number<D>("weight_bytes_per_param", "B", "b_w, bytes per weight: 0.5, 1 or 2", &D::weight_bytes_per_param),
    number<D>("cache_bytes_per_value", "B", "b_c, bytes per cached value: 1 or 2", &D::cache_bytes_per_value),
    number<D>("context_tokens", "", "n, tokens each request holds", &D::context_tokens),
    number<D>("batch", "", "B, concurrent requests", &D::batch),
    number<D>("gpus", "", "G, GPUs in the machine; the runtime places the model on one", &D::gpus),
    number<D>("gpu_memory_gb", "GB", "M, one GPU's memory", &D::gpu_memory_gb),
    number<D>("wrong_step", "", "the step (1 to 6) the planted mistake is in", &D::wrong_step),
    number<D>("shown_params_billion", "", "step 1 as shown: the parameters (billions) it multiplies",
              &D::shown_params_billion),
    number<D>("shown_weight_bytes", "B", "step 1 as shown: weight memory", &D::shown_weight_bytes),
    number<D>("shown_head_dim", "", "step 2 as shown: the head dimension", &D::shown_head_dim),
    number<D>("shown_kv_heads", "", "step 3 as shown: the heads it counts", &D::shown_kv_heads),
    number<D>("shown_kv_bytes_per_token", "B", "step 3 as shown: KV cache per token", &D::shown_kv_bytes_per_token),
    number<D>("shown_kv_cache_bytes", "B", "step 4 as shown: KV cache of the batch", &D::shown_kv_cache_bytes),
    number<D>("shown_total_gb", "GB", "step 5 as shown: the total, as labelled", &D::shown_total_gb),
    number<D>("shown_available_gb", "GB", "step 6 as shown: the memory it fits the total in", &D::shown_available_gb),
    flag<D>("shown_fits", "step 6 as shown: the verdict", &D::shown_fits),
    number<D>("weight_bytes", "B", "right: weight memory, P * b_w (plan())", &D::weight_bytes),
    number<D>("kv_bytes_per_token", "B", "right: KV cache per token, 2 * L * H_kv * d_h * b_c (plan())",
              &D::kv_bytes_per_token),
    number<D>("kv_cache_bytes", "B", "right: KV cache of the batch (plan())", &D::kv_cache_bytes),
    number<D>("total_bytes", "B", "right: weights + KV cache (plan())", &D::total_bytes),
    number<D>("total_gb", "GB", "right: the total in decimal GB", &D::total_gb),
    flag<D>("fits", "right: the total fits in one GPU's memory (plan() on one GPU)", &D::fits),
};

constexpr MistakeDeclaration kMistakes[] = {
    {DrillMistake::moe_active_params, "moe_active_params", 1,
     "a mixture-of-experts model's weight memory sized from its active parameters instead of all of them",
     "https://github.com/AlexsJones/llmfit/issues/230"},
    {DrillMistake::head_dim_from_hidden, "head_dim_from_hidden", 2,
     "the head dimension taken as hidden_size / num_attention_heads where the model's head_dim differs",
     "https://github.com/LMCache/LMCache/pull/694"},
    {DrillMistake::attention_heads_for_kv, "attention_heads_for_kv", 3,
     "the KV cache sized with the attention (query) heads instead of the KV heads",
     "https://github.com/KolosalAI/model-memory-calculator/issues/2"},
    {DrillMistake::gib_as_gb, "gib_as_gb", 5, "bytes divided by 2^30 (GiB) and the result labelled GB",
     "https://github.com/alvarobartt/hf-mem/issues/33"},
    {DrillMistake::vram_summed, "vram_summed", 6,
     "the memory of every GPU summed into one pool for a runtime that places the model on one GPU",
     "https://github.com/AlexsJones/llmfit/issues/45"},
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

constexpr PracticeDeclaration<D> kDrillPractice = {
    "drill",
    "drills",
    "seeded worked estimates with one public calculator mistake planted in one step (find the mistake)",
    {kDrillFields, std::size(kDrillFields)}};

}  // namespace

const PracticeDeclaration<QuizVariant>& quiz_variant_declaration() { return kVariantPractice; }
const PracticeDeclaration<MistakeDrill>& mistake_drill_declaration() { return kDrillPractice; }
Table<MistakeDeclaration> mistake_declarations() { return {kMistakes, std::size(kMistakes)}; }
const PracticeDeclaration<KvPractice>& kv_practice_declaration() { return kKvPractice; }

}  // namespace llmbudget
