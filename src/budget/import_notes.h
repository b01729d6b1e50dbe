// The one declaration of every kind of note the config.json importer writes
// (hf_config.h): what it counted, which default it used, what it left out. A
// note is not a refusal (input_messages.h declares those): the import went
// through and the note says how. Each kind has a stable code and an English
// pattern with {placeholders}, filled as input_messages.h fills a refusal's
// (fill_message, the same MessageValue values and the same naming rules:
// {key}, {config_class}, {model_type}, {modeling}, {scaling} are text as read
// or written by the importer; {value} a count or the literal true / false;
// every other name a number). A kind whose English depends on a count has a
// second pattern for a count of 1, chosen by the param {count}. The codes start
// with "note_", apart from every refusal's; the declaration JSON lists the notes
// after the refusals in `messages` (field_declarations_json.h), and the web page
// writes a note in another language from "core.message.<code>" as it writes a refusal.
#pragma once

#include <string>
#include <vector>

#include "budget/input_messages.h"
#include "text/table.h"

namespace llmbudget {

/// Every declared note kind, in the order of import_note_declarations().
enum class NoteCode {
  default_used,
  kv_heads_default,
  single_q_proj,
  latent_attention,
  biases_qkvo,
  biases_qkv,
  mlp_biases,
  correction_bias,
  shared_experts,
  shared_expert_gate,
  moe_every_layer,
  moe_some_layers,
  mtp_left_out,
  read_as_tied,
  read_as,
  active_per_token,
  window_ignored,
  full_attention,
  window_all_layers,
  window_layer_types,
  window_max_window_layers,
  window_every_other,
  window_pattern,
  no_context_limit,
  rope_context,
  rope_context_trained,
  quantization_config,
  vision_tower,
};

/// One note kind: row i has code NoteCode(i).
struct ImportNoteDeclaration {
  NoteCode value;
  const char* code;         ///< stable name, snake_case: "note_default_used"
  const char* pattern;      ///< English, with {placeholders}
  const char* pattern_one;  ///< English when {count} is 1, or nullptr (the one pattern for every count)
};

/// Every note kind, in NoteCode order.
Table<ImportNoteDeclaration> import_note_declarations();

/// One note of an import: its code, its English sentence and its values as one
/// JSON object (message_values_json()).
using ImportNote = WrittenMessage;

/// The note of kind `code` with `params`: the English pattern (pattern_one when
/// declared and {count} is 1) filled by fill_message() (write_message()).
ImportNote import_note(NoteCode code, const std::vector<MessageValue>& params);

}  // namespace llmbudget
