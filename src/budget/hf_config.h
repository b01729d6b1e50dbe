// Reading a Hugging Face config.json into the model inputs of BudgetInput.
//
// import_hf_config() reads the JSON text (text/json_reader.h), finds the
// architecture from model_type, reads the shapes it needs and counts the
// parameters from them, the way the family's modeling file in Hugging Face
// transformers builds its weights (huggingface/transformers,
// src/transformers/models/<family>/modeling_<family>.py; the file for each
// family is named below). It counts every weight a serving engine loads for
// the checkpoint: a multimodal checkpoint's vision tower and projector too;
// DeepSeek-V3's multi-token-prediction layer is left out (it is not among the
// num_hidden_layers layers, and vLLM serves the model without it unless asked
// for speculative decoding). Buffers that hold no weight (rotary tables) are
// not parameters; DeepSeek-V3's router correction bias is stored in the
// checkpoint and counted.
//
// An architecture it does not read, a key it needs and cannot find, or a value
// of the wrong kind is refused with an InputError naming that key (with its
// path, "text_config.num_key_value_heads") or model_type: it never guesses. Where
// a key is absent and the family's configuration class gives a default
// (transformers' configuration_<family>.py), that default is used and named in
// a note, as transformers itself would use it.
//
// Counted, per family (H hidden size, V vocabulary, L layers, H_q and H_kv
// heads, d head dimension, I intermediate size, E experts, k experts per token):
//   embeddings V*H, plus V*H for lm_head unless tie_word_embeddings;
//   attention q H*H_q*d, k and v H*H_kv*d each, o H_q*d*H; biases where the
//     family has them (Qwen2 and Qwen2-MoE: q, k, v; gpt-oss and attention_bias:
//     q, k, v, o); q_norm and k_norm d each (Qwen3, Gemma 3); gpt-oss's
//     attention sinks H_q; MLA (DeepSeek-V2/V3): q_proj H*H_q*(d_nope+d_rope) or
//     q_a_proj H*r_q + q_a_layernorm r_q + q_b_proj r_q*H_q*(d_nope+d_rope),
//     kv_a_proj_with_mqa H*(r_kv+d_rope), kv_a_layernorm r_kv,
//     kv_b_proj r_kv*H_q*(d_nope+d_v), o_proj H_q*d_v*H;
//   RMS norms H each: two per layer (four in Gemma 2 and 3) and a final one;
//   gated MLP 3*H*I (+ biases with mlp_bias); Phi-3 fuses the same weights;
//   MoE layers: router E*H (+E bias in gpt-oss, +E correction bias in
//     DeepSeek-V3), E routed experts of 3*H*I_moe each (gpt-oss: + 2*I + H
//     biases), shared experts (DeepSeek: n_shared*3*H*I_moe; Qwen2-MoE: 3*H*I_shared
//     + shared_expert_gate H); dense layers (DeepSeek's first_k_dense_replace,
//     Qwen's mlp_only_layers and decoder_sparse_step) a gated MLP of intermediate_size;
//   Gemma 3's SigLIP vision tower (patch embedding 3*p*p*H_v + H_v, positions
//     (image/p)^2*H_v, per layer 4*(H_v*H_v + H_v) + 2*H_v*I_v + I_v + H_v + two
//     layer norms 2*H_v each, post layer norm 2*H_v) and its projector H_v*H + H_v.
// Active parameters: everything always used (embeddings, attention, norms,
// routers, shared experts, dense layers) plus k of the E routed experts in
// each MoE layer; the core's decode traffic reads the routed share back as
// (total - active) * E / (E - k). (Some model cards quote the active count
// without the input embedding, a table lookup; the notes say which.)
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "budget/budget_types.h"
#include "budget/field_declarations.h"
#include "budget/import_notes.h"

namespace llmbudget {

/// One model input a config.json sets: its declaration (a BudgetInput field,
/// found with find_budget_input_field) and its value.
struct HfImportedValue {
  const InputFieldDeclaration* field;
  double value;
};

/// What import_hf_config() read. When ok, `values` holds total_params,
/// active_params, layers, query_heads, kv_heads, head_dim,
/// sliding_window_tokens, sliding_window_layers, latent_kv_dim, experts,
/// experts_per_token and model_max_context_tokens, in declaration order, each
/// valid for its declaration; `notes` says, one sentence each, what was
/// counted and which defaults or assumptions were used (each of a kind
/// import_notes.h declares: its code, English text and values). When not ok,
/// `error` names the config key (or "model_type", or "config.json" for text
/// that is not JSON) and says why, with the code and values of its kind
/// (input_messages.h: the config_* codes), and values and notes are empty.
struct HfImportResult {
  bool ok = false;
  InputError error;
  std::vector<HfImportedValue> values;
  std::vector<ImportNote> notes;

  /// The imported value of the field `name`, or nullptr when none was set.
  const double* find(const char* name) const;
};

/// The longest config.json text import_hf_config() reads, in bytes (the JSON
/// reader's default limit, text/json_reader.h); a longer one is refused.
constexpr std::size_t kHfConfigMaxBytes = 1 << 20;

/// Reads a Hugging Face config.json (the file's text, UTF-8, at most 1 MiB)
/// and returns the model inputs it sets, as described above. Families read
/// (model_type): llama, mistral, mixtral, qwen2, qwen2_moe, qwen3, qwen3_moe,
/// gemma2, gemma3 (multimodal, text_config and vision_config), gemma3_text,
/// phi3, gpt_oss, deepseek_v2, deepseek_v3. Every count must be a whole number
/// from 1 to 1e9 (0 where the family allows none); the counted parameters must
/// lie within total_params' declared range.
HfImportResult import_hf_config(const std::string& json_text);

/// Sets every value of `result` on `in` (through each declaration's member);
/// the other fields of `in` stay as they are. Does nothing when !result.ok.
void apply_hf_import(const HfImportResult& result, BudgetInput& in);

}  // namespace llmbudget
