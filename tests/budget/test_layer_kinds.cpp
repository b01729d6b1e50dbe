// Layers of different attention kinds in one model: some layers with a
// sliding window and the rest with full attention (Gemma 2 and 3, gpt-oss), and
// latent attention (MLA, DeepSeek-V2/V3), in the KV cache, capacity and prefill.
#include <catch2/catch.hpp>

#include "budget/capacity.h"
#include "budget/prefill.h"
#include "budget/serving_budget.h"
#include "budget/validate.h"

using namespace llmbudget;

namespace {

// Gemma 2 9B's shape (google/gemma-2-9b config.json: 42 layers, 16 query and 8
// KV heads of 256 values, sliding_window 4096 on every other layer), 16-bit.
BudgetInput gemma2_9b(double context_tokens) {
  BudgetInput in;
  in.total_params = 9.241705984e9;
  in.layers = 42;
  in.query_heads = 16;
  in.kv_heads = 8;
  in.head_dim = 256;
  in.sliding_window_tokens = 4096;
  in.sliding_window_layers = 21;
  in.batch = 1;
  in.context_tokens = context_tokens;
  return in;
}

// DeepSeek-V3's attention (deepseek-ai/DeepSeek-V3 config.json: 61 layers, 128
// heads, kv_lora_rank 512 + qk_rope_head_dim 64 = 576 cached values), 16-bit cache.
BudgetInput deepseek_v3_attention() {
  BudgetInput in;
  in.total_params = 671e9;
  in.layers = 61;
  in.query_heads = 128;
  in.kv_heads = 128;
  in.head_dim = 128;
  in.latent_kv_dim = 576;
  in.weight_bytes_per_param = 1;
  in.batch = 1;
  in.context_tokens = 4096;
  in.gpu_memory_bytes = 1e15;
  return in;
}

}  // namespace

TEST_CASE("half the layers windowed: each kind caches its own tokens", "[layer kinds]") {
  // Per layer and token: 2 * 8 heads * 256 values * 2 bytes = 8,192 B.
  // n = 8,192: 8,192 * (21 * 8,192 + 21 * 4,096) = 2,113,929,216 B (a single
  // window on every layer would give 1,409,286,144; none, 2,818,572,288).
  const BudgetResult at8k = plan(gemma2_9b(8192));
  REQUIRE(at8k.ok);
  CHECK(at8k.kv_cache_bytes == 2113929216.0);
  CHECK(at8k.kv_cache_bytes_per_token == 344064.0);  // 8,192 B * 42 layers, below the window
  CHECK(at8k.full_attention_layers == 21);
  CHECK(at8k.sliding_window_layers_used == 21);
  // Below the window every layer holds every token: 344,064 * 4,096 = 1,409,286,144.
  CHECK(plan(gemma2_9b(4096)).kv_cache_bytes == 1409286144.0);
  // n = 32,768: 8,192 * 21 * (32,768 + 4,096) = 6,341,787,648.
  CHECK(plan(gemma2_9b(32768)).kv_cache_bytes == 6341787648.0);
}

TEST_CASE("a window with no layer count applies to every layer, as before", "[layer kinds]") {
  BudgetInput in = gemma2_9b(8192);
  in.sliding_window_layers = 0;  // Mistral 7B v0.1's reading: every layer windowed
  const BudgetResult r = plan(in);
  CHECK(r.kv_cache_bytes == 1409286144.0);  // 344,064 * 4,096
  CHECK(r.full_attention_layers == 0);
  CHECK(r.sliding_window_layers_used == 42);
  in.sliding_window_tokens = 0;  // no window: the layer count is ignored
  in.sliding_window_layers = 21;
  const BudgetResult full = plan(in);
  CHECK(full.kv_cache_bytes == 2818572288.0);  // 344,064 * 8,192
  CHECK(full.full_attention_layers == 42);
  CHECK(full.sliding_window_layers_used == 0);
}

TEST_CASE("more windowed layers than layers is refused", "[layer kinds]") {
  BudgetInput in = gemma2_9b(8192);
  in.sliding_window_layers = 43;
  const auto error = validate_budget_input(in);
  REQUIRE(error.has_value());
  CHECK(error->field == "sliding_window_layers");
  CHECK(error->message ==
        "sliding_window_layers must be 0 (every layer (when a sliding window is set)) or a whole number from 1 to "
        "layers (got 43; layers is 42)");
}

TEST_CASE("with mixed layers the longest context searches past the window", "[layer kinds]") {
  // Batch 1 on 24 GB: weights 18,483,411,968 B leave 5,516,588,032 B. Past the
  // window the 21 windowed layers hold 21 * 4,096 * 8,192 = 704,643,072 B and
  // each further token costs 21 * 8,192 = 172,032 B in the full layers:
  // n = floor((5,516,588,032 - 704,643,072) / 172,032) = 27,971.
  BudgetInput in = gemma2_9b(8192);
  in.gpu_memory_bytes = 24e9;
  const CapacityResult c = capacity(in);
  REQUIRE(c.ok);
  CHECK(c.max_context_tokens == 27971);
  in.context_tokens = 27971;
  CHECK(plan(in).fits);
  in.context_tokens = 27972;
  CHECK_FALSE(plan(in).fits);
}

TEST_CASE("prefill counts each kind's attention pairs", "[layer kinds]") {
  // Two layers, one windowed (W = 4) and one full, prompt of 8 tokens: pairs 26
  // and 36, so attention = 4 * H_q * d_h * (36 + 26) = 4 * 1 * 1 * 62 = 248 FLOP
  // on top of 2 * P * n_p = 2 * 10 * 8 = 160.
  BudgetInput in;
  in.total_params = 10;
  in.layers = 2;
  in.query_heads = 1;
  in.kv_heads = 1;
  in.head_dim = 1;
  in.sliding_window_tokens = 4;
  in.sliding_window_layers = 1;
  in.context_tokens = 8;
  REQUIRE_FALSE(validate_budget_input(in).has_value());
  CHECK(detail::prefill_flops(in) == 408);
}

TEST_CASE("latent attention caches one vector per token and layer, on every GPU", "[layer kinds]") {
  // 61 layers * 576 values * 2 bytes = 70,272 B per token; 4,096 tokens: 287,834,112 B.
  BudgetInput in = deepseek_v3_attention();
  const BudgetResult one = plan(in);
  REQUIRE(one.ok);
  CHECK(one.kv_cache_bytes_per_token == 70272.0);
  CHECK(one.kv_cache_bytes == 287834112.0);
  // Eight tensor-parallel GPUs each keep the whole latent cache (vLLM replicates
  // it), but only an eighth of the weights: 671e9 / 8 + 287,834,112.
  in.gpus = 8;
  const BudgetResult eight = plan(in);
  REQUIRE(eight.ok);
  CHECK(eight.per_gpu_bytes == Approx(671e9 / 8 + 287834112.0));
  CHECK(eight.kv_cache_bytes == 287834112.0);
}

TEST_CASE("the model's context limit caps the context, and 0 means none", "[layer kinds]") {
  BudgetInput in = gemma2_9b(8192);
  in.model_max_context_tokens = 8192;  // Gemma 2's max_position_embeddings
  CHECK_FALSE(validate_budget_input(in).has_value());
  in.context_tokens = 8193;
  const auto error = validate_budget_input(in);
  REQUIRE(error.has_value());
  CHECK(error->field == "context_tokens");
  CHECK(error->message ==
        "context_tokens must be a whole number from 1 to model_max_context_tokens (got 8193; "
        "model_max_context_tokens is 8192)");
  // Capacity stops at the model's context even where memory would hold more.
  in.context_tokens = 1024;
  in.gpu_memory_bytes = 1e12;
  CHECK(capacity(in).max_context_tokens == 8192);
  in.model_max_context_tokens = 0;
  in.context_tokens = 1e8;
  CHECK_FALSE(validate_budget_input(in).has_value());
}

TEST_CASE("a context limit out of its own range is refused on itself, not on the context", "[layer kinds]") {
  BudgetInput in = gemma2_9b(8192);
  in.model_max_context_tokens = -5;
  const auto error = validate_budget_input(in);
  REQUIRE(error.has_value());
  CHECK(error->field == "model_max_context_tokens");
  CHECK(error->message == "model_max_context_tokens must be 0 (no limit) or a whole number from 1 to 1e8 (got -5)");
}
