#include "budget/import_notes.h"

namespace llmbudget {

namespace {

using N = NoteCode;

constexpr ImportNoteDeclaration kNotes[] = {
    // A key the config leaves out, and what the configuration class then uses.
    {N::default_used, "note_default_used", "{key} is not given: {config_class}'s default {value} is used.", nullptr},
    {N::kv_heads_default, "note_kv_heads_default",
     "{key} is not given: {config_class} then uses num_attention_heads ({heads}), multi-head attention.", nullptr},
    // Attention.
    {N::single_q_proj, "note_single_q_proj",
     "{key} is null: queries use one q_proj ({rows} x {cols}), as in DeepSeek-V2-Lite.", nullptr},
    {N::latent_attention, "note_latent_attention",
     "Latent attention (MLA): each token caches kv_lora_rank + qk_rope_head_dim = {rank} + {rope} = {latent} values "
     "per layer; the head dimension is qk_nope_head_dim + qk_rope_head_dim = {head_dim} and every query head has its "
     "own key and value, decompressed from the latent.",
     nullptr},
    {N::biases_qkvo, "note_biases_qkvo", "Biases on q, k, v and o are counted.", nullptr},
    {N::biases_qkv, "note_biases_qkv", "Biases on q, k and v are counted.", nullptr},
    {N::mlp_biases, "note_mlp_biases", "Biases on the MLP's gate, up and down projections are counted (mlp_bias).",
     nullptr},
    // Mixture of experts.
    {N::correction_bias, "note_correction_bias",
     "The router's correction bias (topk_method noaux_tc) is counted: {experts} per MoE layer.", nullptr},
    {N::shared_experts, "note_shared_experts",
     "{count} shared experts per MoE layer, always used, counted with the always-used weights.",
     "{count} shared expert per MoE layer, always used, counted with the always-used weights."},
    {N::shared_expert_gate, "note_shared_expert_gate",
     "A shared expert (shared_expert_intermediate_size {size}) and its gate per MoE layer, always used.", nullptr},
    {N::moe_every_layer, "note_moe_every_layer",
     "Mixture of experts on every layer: {experts} routed experts of {expert_params} parameters, {per_token} used per "
     "token.",
     nullptr},
    {N::moe_some_layers, "note_moe_some_layers",
     "Mixture of experts on {moe_layers} of {layers} layers: {experts} routed experts of {expert_params} parameters, "
     "{per_token} used per token; the other layers have a dense MLP.",
     nullptr},
    {N::mtp_left_out, "note_mtp_left_out",
     "The {count} multi-token-prediction layers (num_nextn_predict_layers) are left out: they sit outside "
     "num_hidden_layers and vLLM serves the model without them unless asked for speculative decoding.",
     "The {count} multi-token-prediction layer (num_nextn_predict_layers) is left out: it sits outside "
     "num_hidden_layers and vLLM serves the model without it unless asked for speculative decoding."},
    // What was counted.
    {N::read_as_tied, "note_read_as_tied",
     "Read as {model_type}, counted the way huggingface/transformers src/transformers/models/{modeling} builds the "
     "weights: {total} parameters (embeddings {embeddings}, shared with lm_head).",
     nullptr},
    {N::read_as, "note_read_as",
     "Read as {model_type}, counted the way huggingface/transformers src/transformers/models/{modeling} builds the "
     "weights: {total} parameters (embeddings {embeddings}, lm_head {lm_head}).",
     nullptr},
    {N::active_per_token, "note_active_per_token",
     "Active per token: {active} (always-used weights {always_used} plus {per_token} of {experts} routed experts in "
     "each MoE layer); without the input embedding, {without_embedding}.",
     nullptr},
    // Which layers slide.
    {N::window_ignored, "note_window_ignored",
     "sliding_window is set but use_sliding_window is false: every layer uses full attention.", nullptr},
    {N::full_attention, "note_full_attention", "Every layer uses full attention.", nullptr},
    {N::window_all_layers, "note_window_all_layers", "All {layers} layers use a {window}-token sliding window.",
     nullptr},
    {N::window_layer_types, "note_window_layer_types",
     "{sliding} of {layers} layers use a {window}-token sliding window (layer_types), {full} full attention.", nullptr},
    {N::window_max_window_layers, "note_window_max_window_layers",
     "{sliding} of {layers} layers use a {window}-token sliding window (layers from max_window_layers on), {full} full "
     "attention.",
     nullptr},
    {N::window_every_other, "note_window_every_other",
     "{sliding} of {layers} layers use a {window}-token sliding window (every other layer, from the first), {full} "
     "full attention.",
     nullptr},
    {N::window_pattern, "note_window_pattern",
     "{sliding} of {layers} layers use a {window}-token sliding window (sliding_window_pattern), {full} full "
     "attention.",
     nullptr},
    // The context limit.
    {N::no_context_limit, "note_no_context_limit",
     "config.json has no max_position_embeddings: no context limit is set.", nullptr},
    {N::rope_context, "note_rope_context",
     "{scaling} is present: the maximum context is max_position_embeddings, {context}.", nullptr},
    {N::rope_context_trained, "note_rope_context_trained",
     "{scaling} is present: the maximum context is max_position_embeddings, {context} (trained at {trained}).",
     nullptr},
    // What the count leaves to other inputs, and what it adds.
    {N::quantization_config, "note_quantization_config",
     "quantization_config is present: the count is of parameters; set the weight precision separately (the "
     "checkpoint's stored precision is not read).",
     nullptr},
    {N::vision_tower, "note_vision_tower",
     "Vision tower (SigLIP, {layers} layers) {tower} and projector {projector} parameters are counted: a serving "
     "engine loads them with the checkpoint.",
     nullptr},
};

constexpr bool in_code_order() {
  for (std::size_t i = 0; i < sizeof(kNotes) / sizeof(kNotes[0]); ++i) {
    if (static_cast<std::size_t>(kNotes[i].value) != i) return false;
  }
  return true;
}
static_assert(in_code_order(), "kNotes must list every NoteCode once, in enum order");
static_assert(static_cast<std::size_t>(N::vision_tower) + 1 == sizeof(kNotes) / sizeof(kNotes[0]),
              "one row per NoteCode");

}  // namespace

Table<ImportNoteDeclaration> import_note_declarations() { return {kNotes, sizeof(kNotes) / sizeof(kNotes[0])}; }

ImportNote import_note(NoteCode code, const std::vector<MessageValue>& params) {
  const ImportNoteDeclaration& d = kNotes[static_cast<std::size_t>(code)];
  return write_message(d.code, d.pattern, d.pattern_one, params);
}

}  // namespace llmbudget
