// The config.json importer: every family's fixture (tests/data/hf-configs/,
// sources in its README) counted within 0.5 % of the published parameter
// count, the values it sets, and its refusals.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <string>

#include "budget/hf_config.h"
#include "budget/hf_config_fixture.h"
#include "budget/serving_budget.h"

using namespace llmbudget;

namespace {

using test::fixture;  // tests/budget/hf_config_fixture.h

double value(const HfImportResult& r, const char* name) {
  const double* v = r.find(name);
  REQUIRE(v != nullptr);
  return *v;
}

bool has_note(const HfImportResult& r, const char* part) {
  for (const ImportNote& n : r.notes)
    if (n.text.find(part) != std::string::npos) return true;
  return false;
}

struct Expected {
  const char* file;
  double total;      // the importer's count, worked from the shapes (hf_config.h)
  double published;  // the published count (source in tests/data/hf-configs/README.md)
  double active;     // 0 for dense (then active == total)
  double layers, query_heads, kv_heads, head_dim, window, window_layers, latent, experts, per_token, max_context;
  double vocab;  // config.json vocab_size (Gemma 3's text_config has none: Gemma3TextConfig's default 262,208)
};

// Worked counts (H hidden, V vocabulary, L layers; see hf_config.h for the terms):
// - Llama 2 7B: 32 x (4 x 4096^2 + 3 x 4096 x 11008 + 2 x 4096) + 2 x 32000 x 4096 + 4096 = 6,738,415,616.
// - Gemma 2 9B (tied, four norms): 42 x (3584 x 4096 x 2 + 3584 x 2048 x 2 + 3 x 3584 x 14336 + 4 x 3584)
//   + 256000 x 3584 + 3584 = 9,241,705,984; the Gemma 2 paper's 917,504,000 embedding +
//   8,324,201,984 non-embedding parameters sum to the same.
// - gpt-oss-20b: per layer attention 26,550,144 (biases and 64 sinks included), norms 5,760, router
//   92,192, 32 experts of 3 x 2880^2 + 3 x 2880 = 24,891,840; 24 layers + 2 x 201088 x 2880 + 2880 =
//   20,914,757,184. Active: 1,797,824,064 always used + 24 x 4 x 24,891,840 = 4,187,440,704.
// - DeepSeek-V3: 3 dense layers of 583,483,392 + 58 MoE layers of 11,507,286,272 + 2 x 129280 x 7168 + 7168
//   = 671,026,419,200 (the MTP layer left out).
const Expected kFamilies[] = {
    // file, total, published, active, L, H_q, H_kv, d_h, W, L_W, d_c, E, k, max context, V
    {"llama-2-7b-chat.json", 6738415616, 6738415616, 0, 32, 32, 32, 128, 0, 0, 0, 0, 0, 4096, 32000},
    {"llama-2-13b-chat.json", 13015864320, 13e9, 0, 40, 40, 40, 128, 0, 0, 0, 0, 0, 4096, 32000},  // card: 13B (0.12 %)
    {"llama-2-70b.json", 68976648192, 68.98e9, 0, 80, 64, 8, 128, 0, 0, 0, 0, 0, 4096, 32000},
    {"llama-3.1-8b.json", 8030261248, 8030261248, 0, 32, 32, 8, 128, 0, 0, 0, 0, 0, 131072, 128256},
    // Meta's card says 70B, two digits: the count, 70.55e9, is 0.79 % above it (checked within 1 %).
    {"llama-3.1-70b.json", 70553706496, 70e9, 0, 80, 64, 8, 128, 0, 0, 0, 0, 0, 131072, 128256},
    {"mistral-7b-instruct-v0.1.json", 7241732096, 7241732096, 0, 32, 32, 8, 128, 4096, 0, 0, 0, 0, 32768, 32000},
    {"mixtral-8x7b-v0.1.json", 46702792704, 46702792704, 12879925248, 32, 32, 8, 128, 0, 0, 0, 8, 2, 32768, 32000},
    {"qwen2.5-7b.json", 7615616512, 7615616512, 0, 28, 28, 4, 128, 0, 0, 0, 0, 0, 131072, 152064},
    {"qwen3-8b.json", 8190735360, 8190735360, 0, 36, 32, 8, 128, 0, 0, 0, 0, 0, 40960, 151936},
    {"qwen3-30b-a3b.json", 30532122624, 30532122624, 3353032704, 48, 32, 4, 128, 0, 0, 0, 128, 8, 40960, 151936},
    {"gemma-2-9b-it.json", 9241705984, 9241705984, 0, 42, 16, 8, 256, 4096, 21, 0, 0, 0, 8192, 256000},
    {"gemma-3-27b-it.json", 27432406640, 27432406640, 0, 62, 32, 16, 128, 1024, 52, 0, 0, 0, 131072, 262208},
    {"phi-3-mini-4k-instruct.json", 3821079552, 3821079552, 0, 32, 32, 32, 96, 2047, 0, 0, 0, 0, 4096, 32064},
    {"gpt-oss-20b.json", 20914757184, 20.9e9, 4187440704, 24, 64, 8, 64, 128, 12, 0, 32, 4, 131072, 201088},
    {"deepseek-v2-lite.json", 15706484224, 15.7e9, 2661150208, 27, 16, 16, 192, 0, 0, 576, 64, 6, 163840, 102400},
    {"deepseek-v3.json", 671026419200, 671e9, 37552297472, 61, 128, 128, 192, 0, 0, 576, 256, 8, 163840, 129280},
};

}  // namespace

TEST_CASE("import_hf_config counts every family within 0.5 % of the published count", "[hf_config]") {
  for (const Expected& e : kFamilies) {
    INFO(e.file);
    const HfImportResult r = import_hf_config(fixture(e.file));
    REQUIRE(r.ok);
    CHECK(r.values.size() == 13);
    CHECK(value(r, "total_params") == e.total);
    const double tolerance = std::strcmp(e.file, "llama-3.1-70b.json") == 0 ? 0.01 : 0.005;
    CHECK(std::fabs(e.total - e.published) / e.published < tolerance);
    CHECK(value(r, "active_params") == (e.active > 0 ? e.active : e.total));
    CHECK(value(r, "layers") == e.layers);
    CHECK(value(r, "query_heads") == e.query_heads);
    CHECK(value(r, "kv_heads") == e.kv_heads);
    CHECK(value(r, "head_dim") == e.head_dim);
    CHECK(value(r, "sliding_window_tokens") == e.window);
    CHECK(value(r, "sliding_window_layers") == e.window_layers);
    CHECK(value(r, "latent_kv_dim") == e.latent);
    CHECK(value(r, "experts") == e.experts);
    CHECK(value(r, "experts_per_token") == e.per_token);
    CHECK(value(r, "model_max_context_tokens") == e.max_context);
    CHECK(value(r, "vocab_size") == e.vocab);
    CHECK_FALSE(r.notes.empty());
    CHECK(has_note(r, "huggingface/transformers"));
  }
}

TEST_CASE("import_hf_config's active parameters for the MoE models, against the published figures", "[hf_config]") {
  // The importer's active count is everything always used plus k of E routed
  // experts per MoE layer, embeddings included (the core reads the routed
  // share back as (P - P_active) * E / (E - k)). Published figures:
  // Mixtral 12.9B (Mistral AI; embeddings included): 12,879,925,248 = 12.88e9, 0.16 %.
  // Qwen3-30B-A3B 3.3B (keras-hub preset text, Qwen's card): 3,353,032,704 = 3.35e9, 1.6 %
  //   above the rounded figure; without the input embedding 3.04e9.
  // gpt-oss-20b 3.6B (OpenAI's model card, which leaves out the input
  //   embedding): 4,187,440,704 - 579,133,440 = 3,608,307,264, 0.23 %.
  // DeepSeek-V3 37B (DeepSeek): 37,552,297,472, 1.5 % above the rounded figure; without the input
  //   embedding 36,625,618,432, 1.0 % below.
  // DeepSeek-V2-Lite 2.4B (its card): without the input embedding 2,451,435,008, 2.1 %.
  const HfImportResult mixtral = import_hf_config(fixture("mixtral-8x7b-v0.1.json"));
  CHECK(std::fabs(value(mixtral, "active_params") - 12.9e9) / 12.9e9 < 0.005);
  const HfImportResult oss = import_hf_config(fixture("gpt-oss-20b.json"));
  CHECK(std::fabs(value(oss, "active_params") - 201088.0 * 2880 - 3.6e9) / 3.6e9 < 0.005);
  CHECK(has_note(oss, "without the input embedding, 3,608,307,264"));
  const HfImportResult qwen = import_hf_config(fixture("qwen3-30b-a3b.json"));
  CHECK(std::fabs(value(qwen, "active_params") - 3.3e9) / 3.3e9 < 0.02);
  const HfImportResult v3 = import_hf_config(fixture("deepseek-v3.json"));
  CHECK(std::fabs(value(v3, "active_params") - 37e9) / 37e9 < 0.02);
}

TEST_CASE("import_hf_config notes what it counted and assumed", "[hf_config]") {
  const HfImportResult v3 = import_hf_config(fixture("deepseek-v3.json"));
  // DeepSeek-V3's one MTP layer, in the singular.
  CHECK(has_note(v3, "The 1 multi-token-prediction layer (num_nextn_predict_layers) is left out: it sits outside"));
  CHECK(has_note(v3, "Mixture of experts on 58 of 61 layers"));
  CHECK(has_note(v3, "576 values per layer"));
  CHECK(has_note(v3, "quantization_config is present"));
  CHECK(has_note(v3, "maximum context is max_position_embeddings, 163,840 (trained at 4,096)"));
  const HfImportResult gemma3 = import_hf_config(fixture("gemma-3-27b-it.json"));
  CHECK(has_note(gemma3, "Vision tower (SigLIP, 27 layers) 416,866,032 and projector 6,194,304"));
  CHECK(has_note(gemma3, "text_config.vocab_size is not given: Gemma3TextConfig's default 262,208"));
  CHECK(has_note(gemma3, "52 of 62 layers use a 1,024-token sliding window"));
  const HfImportResult qwen = import_hf_config(fixture("qwen2.5-7b.json"));
  CHECK(has_note(qwen, "use_sliding_window is false"));
  CHECK(has_note(qwen, "Biases on q, k and v are counted"));
  const HfImportResult lite = import_hf_config(fixture("deepseek-v2-lite.json"));
  CHECK(has_note(lite, "q_lora_rank is null"));
  CHECK(has_note(lite, "2 shared experts per MoE layer"));
  const HfImportResult mistral = import_hf_config(fixture("mistral-7b-instruct-v0.1.json"));
  CHECK(has_note(mistral, "All 32 layers use a 4,096-token sliding window."));
}

TEST_CASE("apply_hf_import sets the model inputs and the core then gives the model's KV cache", "[hf_config]") {
  // Gemma 2 9B at 8,192 tokens: 8 KV heads x 256 x 2 x 2 B = 8,192 B per layer and token;
  // 21 full layers x 8,192 tokens + 21 windowed x 4,096 = 258,048 token-layers: 2,113,929,216 B.
  const HfImportResult r = import_hf_config(fixture("gemma-2-9b-it.json"));
  REQUIRE(r.ok);
  BudgetInput in;
  in.batch = 1;
  in.context_tokens = 8192;
  in.gpu_memory_bytes = 123e9;
  apply_hf_import(r, in);
  CHECK(in.total_params == 9241705984);
  CHECK(in.batch == 1);  // not a model field: left alone
  CHECK(in.gpu_memory_bytes == 123e9);
  const BudgetResult out = plan(in);
  REQUIRE(out.ok);
  CHECK(out.kv_cache_bytes == 2113929216.0);
  // DeepSeek-V2-Lite, latent attention: 27 layers x 576 values x 2 B = 31,104 B per token; 4,096 tokens:
  // 127,401,984 B.
  const HfImportResult lite = import_hf_config(fixture("deepseek-v2-lite.json"));
  BudgetInput mla;
  mla.batch = 1;
  mla.context_tokens = 4096;
  apply_hf_import(lite, mla);
  const BudgetResult out2 = plan(mla);
  REQUIRE(out2.ok);
  CHECK(out2.kv_cache_bytes == 127401984.0);
  // KV cache per request at 4,096 and 32,768 tokens (16-bit cache), worked by hand:
  // Gemma 3 27B: 16 KV heads x 128 x 2 x 2 B = 8,192 B per layer and token; 10 full layers hold n
  //   tokens, 52 windowed ones min(n, 1,024): (10 x 4,096 + 52 x 1,024) x 8,192 = 771,751,936 B and
  //   (10 x 32,768 + 52 x 1,024) x 8,192 = 3,120,562,176 B.
  // DeepSeek-V3: 61 layers x 576 latent values x 2 B = 70,272 B per token: 287,834,112 B and 2,302,672,896 B.
  // gpt-oss-20b: 8 x 64 x 2 x 2 B = 2,048 B per layer and token; (12 x n + 12 x min(n, 128)) x 2,048:
  //   103,809,024 B and 808,452,096 B.
  struct KvRow {
    const char* file;
    double at_4k, at_32k;
  };
  const KvRow kv_rows[] = {{"gemma-3-27b-it.json", 771751936, 3120562176},
                           {"deepseek-v3.json", 287834112, 2302672896},
                           {"gpt-oss-20b.json", 103809024, 808452096}};
  for (const KvRow& row : kv_rows) {
    INFO(row.file);
    BudgetInput model;
    model.batch = 1;
    apply_hf_import(import_hf_config(fixture(row.file)), model);
    model.context_tokens = 4096;
    CHECK(plan(model).kv_cache_bytes == row.at_4k);
    model.context_tokens = 32768;
    CHECK(plan(model).kv_cache_bytes == row.at_32k);
  }
  // A refused import changes nothing.
  BudgetInput untouched;
  apply_hf_import(import_hf_config("{}"), untouched);
  CHECK(untouched.total_params == BudgetInput{}.total_params);
}

TEST_CASE("import_hf_config refuses what it cannot read, naming the key", "[hf_config]") {
  struct Row {
    std::string text;
    const char* field;
    const char* message_part;
  };
  const std::string llama_tail =
      "\"vocab_size\": 32000, \"hidden_size\": 4096, \"intermediate_size\": 11008, \"num_hidden_layers\": 32}";
  const Row rows[] = {
      {"{\"model_type\": \"llama\", ", "config.json", "not valid JSON at byte 24"},
      {"[1, 2]", "config.json", "must hold one JSON object (got an array)"},
      {"{\"hidden_size\": 4096}", "model_type", "has no model_type"},
      {"{\"model_type\": 7}", "model_type", "must be a string (got 7)"},
      {"{\"model_type\": \"mamba\"}", "model_type", "\"mamba\" is not an architecture this importer reads"},
      {"{\"model_type\": \"llama\", \"num_attention_heads\": 32, " + llama_tail.substr(0, llama_tail.find("\"hidden")) +
           "\"intermediate_size\": 11008, \"num_hidden_layers\": 32}",
       "hidden_size", "has no hidden_size"},
      {"{\"model_type\": \"llama\", \"num_attention_heads\": 7.5, " + llama_tail, "num_attention_heads",
       "num_attention_heads must be a whole number from 1 to 1e9 (got 7.5)"},
      {"{\"model_type\": \"llama\", \"num_attention_heads\": \"32\", " + llama_tail, "num_attention_heads",
       "(got \"32\")"},
      {"{\"model_type\": \"llama\", \"num_attention_heads\": 32, \"num_key_value_heads\": 7, " + llama_tail,
       "num_key_value_heads", "(7) must divide num_attention_heads (32)"},
      {"{\"model_type\": \"llama\", \"num_attention_heads\": 32, \"hidden_size\": NaN}", "config.json",
       "NaN and Infinity are not JSON numbers"},
      {"{\"model_type\": \"llama\", \"num_attention_heads\": 1e400}", "config.json", "too large for a double"},
      {"{\"model_type\": \"llama\", \"num_attention_heads\": 1e300, " + llama_tail, "num_attention_heads",
       "from 1 to 1e9 (got 1e300)"},
      {"{\"model_type\": \"llama\", \"num_attention_heads\": 32, \"vocab_size\": 1e9, \"hidden_size\": 1e9, "
       "\"intermediate_size\": 11008, \"num_hidden_layers\": 32}",
       "total_params", "the model this config.json describes is outside the calculator's range: total_params must be"},
      {"{\"model_type\": \"llama\", \"num_attention_heads\": 32, \"vocab_size\": 32000, \"hidden_size\": 4096, "
       "\"intermediate_size\": 11008, \"num_hidden_layers\": 1000000000}",
       "num_hidden_layers", "from 1 to 1000 (got 1,000,000,000)"},
      {"{\"model_type\": \"llama\", \"num_attention_heads\": 24, \"vocab_size\": 32000, \"hidden_size\": 4000, "
       "\"intermediate_size\": 11008, \"num_hidden_layers\": 2}",
       "head_dim", "not a multiple of num_attention_heads"},
      {std::string(100, '[') + std::string(100, ']'), "config.json", "nested deeper than 64"},
      {"{\"model_type\": \"gemma3\"}", "text_config", "must hold its language model in text_config"},
      {"{\"model_type\": \"gpt_oss\", \"vocab_size\": 100, \"hidden_size\": 64, \"num_hidden_layers\": 2, "
       "\"num_attention_heads\": 4, \"num_key_value_heads\": 2, \"head_dim\": 16, \"intermediate_size\": 64, "
       "\"num_local_experts\": 4, \"num_experts_per_tok\": 2, \"sliding_window\": 8, "
       "\"layer_types\": [\"sliding_attention\"]}",
       "layer_types", "must be an array of 2 layer kinds, one per layer (got 1 entries)"},
      {"{\"model_type\": \"gpt_oss\", \"vocab_size\": 100, \"hidden_size\": 64, \"num_hidden_layers\": 2, "
       "\"num_attention_heads\": 4, \"num_key_value_heads\": 2, \"head_dim\": 16, \"intermediate_size\": 64, "
       "\"num_local_experts\": 4, \"num_experts_per_tok\": 2, \"sliding_window\": 8, "
       "\"layer_types\": [\"sliding_attention\", \"linear_attention\"]}",
       "layer_types", "layer_types[1] must be \"sliding_attention\" or \"full_attention\" (got \"linear_attention\")"},
      {"{\"model_type\": \"mixtral\", \"vocab_size\": 100, \"hidden_size\": 64, \"num_hidden_layers\": 2, "
       "\"num_attention_heads\": 4, \"num_key_value_heads\": 2, \"intermediate_size\": 64, "
       "\"num_local_experts\": 4, \"num_experts_per_tok\": 8}",
       "num_experts_per_tok", "must be at most the number of experts (4)"},
      {"{\"model_type\": \"qwen3_moe\", \"vocab_size\": 100, \"hidden_size\": 64, \"num_hidden_layers\": 2, "
       "\"num_attention_heads\": 4, \"num_key_value_heads\": 2, \"num_experts\": 4, \"num_experts_per_tok\": 2, "
       "\"moe_intermediate_size\": 32, \"mlp_only_layers\": [5]}",
       "mlp_only_layers", "mlp_only_layers[0] must be a layer number from 0 to 1 (got 5)"},
      {"{\"model_type\": \"deepseek_v3\", \"vocab_size\": 100, \"hidden_size\": 64, \"num_hidden_layers\": 2, "
       "\"num_attention_heads\": 4, \"qk_nope_head_dim\": 16, \"qk_rope_head_dim\": 8, \"v_head_dim\": 16}",
       "kv_lora_rank", "has no kv_lora_rank"},
  };
  for (const Row& row : rows) {
    INFO(row.text.substr(0, 200));
    const HfImportResult r = import_hf_config(row.text);
    CHECK_FALSE(r.ok);
    CHECK(r.error.field == row.field);
    CHECK(r.error.message.find(row.message_part) != std::string::npos);
    CHECK(r.values.empty());
    CHECK(r.notes.empty());
  }
}

TEST_CASE("import_hf_config reads the key path inside text_config", "[hf_config]") {
  std::string text = fixture("gemma-3-27b-it.json");
  const std::string key = "\"num_key_value_heads\": 16";
  text.replace(text.find(key), key.size(), "\"num_key_value_heads\": 2.5");
  const HfImportResult r = import_hf_config(text);
  CHECK_FALSE(r.ok);
  CHECK(r.error.field == "text_config.num_key_value_heads");
  CHECK(r.error.message == "text_config.num_key_value_heads must be a whole number from 1 to 1e9 (got 2.5)");
}

TEST_CASE("import_hf_config's rarer terms, on small shapes worked by hand", "[hf_config]") {
  // Qwen2-MoE with a shared expert, decoder_sparse_step 2 and mlp_only_layers [3]: layers 1 and 3
  // would be MoE, layer 3 is listed dense, so only layer 1 is. H 8, 2 heads of 4, vocabulary 100.
  // Attention 4 x 64 + q, k, v biases 24 = 280; norms 16; dense MLP 3 x 8 x 16 = 384 (layers 0, 2, 3);
  // MoE layer: router 4 x 8 = 32, 4 experts of 3 x 8 x 4 = 96, shared expert 3 x 8 x 6 = 144 and its
  // gate 8. Total 3 x 680 + 864 + 2 x 800 + 8 = 4,512; active 4,512 - 384 + 2 x 96 = 4,320.
  const HfImportResult moe = import_hf_config(
      "{\"model_type\": \"qwen2_moe\", \"vocab_size\": 100, \"hidden_size\": 8, \"num_hidden_layers\": 4,"
      " \"num_attention_heads\": 2, \"num_key_value_heads\": 2, \"intermediate_size\": 16,"
      " \"moe_intermediate_size\": 4, \"shared_expert_intermediate_size\": 6, \"num_experts\": 4,"
      " \"num_experts_per_tok\": 2, \"decoder_sparse_step\": 2, \"mlp_only_layers\": [3],"
      " \"tie_word_embeddings\": false}");
  REQUIRE(moe.ok);
  CHECK(value(moe, "total_params") == 4512);
  CHECK(value(moe, "active_params") == 4320);
  CHECK(has_note(moe, "Mixture of experts on 1 of 4 layers"));
  CHECK(has_note(moe, "A shared expert (shared_expert_intermediate_size 6) and its gate"));
  // Llama with attention_bias and mlp_bias, tied embeddings: H 4, 2 heads of 2, 1 KV head, I 6.
  // q 16, k 8, v 8, o 16, biases 4 + 2 + 2 + 4; norms 8; MLP 72 + biases 2 x 6 + 4; embeddings 40
  // (shared), final norm 4: 60 + 8 + 88 + 44 = 200.
  const HfImportResult biased = import_hf_config(
      "{\"model_type\": \"llama\", \"vocab_size\": 10, \"hidden_size\": 4, \"num_hidden_layers\": 1,"
      " \"num_attention_heads\": 2, \"num_key_value_heads\": 1, \"intermediate_size\": 6,"
      " \"attention_bias\": true, \"mlp_bias\": true, \"tie_word_embeddings\": true}");
  REQUIRE(biased.ok);
  CHECK(value(biased, "total_params") == 200);
  CHECK(value(biased, "kv_heads") == 1);
  CHECK(value(biased, "head_dim") == 2);
  CHECK(has_note(biased, "no max_position_embeddings: no context limit is set"));
  CHECK(value(biased, "model_max_context_tokens") == 0);
  // Qwen2 with use_sliding_window: layers from max_window_layers on slide (transformers' layer_types rule).
  const HfImportResult sliding = import_hf_config(
      "{\"model_type\": \"qwen2\", \"vocab_size\": 10, \"hidden_size\": 4, \"num_hidden_layers\": 6,"
      " \"num_attention_heads\": 2, \"num_key_value_heads\": 1, \"intermediate_size\": 6,"
      " \"use_sliding_window\": true, \"sliding_window\": 512, \"max_window_layers\": 4}");
  REQUIRE(sliding.ok);
  CHECK(value(sliding, "sliding_window_tokens") == 512);
  CHECK(value(sliding, "sliding_window_layers") == 2);
}
