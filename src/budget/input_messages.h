// The one declaration of every kind of message the core writes about a
// refused input: a stable code and its English pattern with {placeholders}.
// The core's English sentence is the pattern filled with the message's values
// (fill_message of reading/message_values.h), and the error carries the code and
// those values (InputError::code, params_json: message_values_json), so the web page writes the same sentence in
// another language from its own pattern of the code ("core.message.<code>"),
// with the numbers written for its locale and the field's translated label.
//
// Placeholders, by name (the page treats each name the same way in every pattern):
//   {field} and every name ending in _field  a field's declared name ("batch", "query_heads")
//   {label}       the declared label of the refused field ("Batch"; the error's field names it)
//   {zero_means}  what 0 means for the refused field, as declared ("full attention")
//   {unit}        the refused field's declared unit ("layers", "tokens per request")
//   {text}, {typed_unit}  text as typed, visible characters escaped (quote_visible)
//   {hint}        the code of a hint declared here (unit_hint_*): how to write the field's values
//   {key}, {config_class}, {families}, {got}: text as the importer read or wrote it
//                 (a config.json key with its path, "text_config.head_dim"; a class name),
//                 never translated; {got} is a value of a config.json: a number, a quoted
//                 string or a literal as text, or the code of one of the json_* kinds declared
//                 here ("an array")
//   {refusal}, {reason}  another message with its own code and values (refusal_value): the
//                 refusal this one wraps (the model outside the calculator's range), the JSON
//                 reader's reason (text/json_errors.h)
//   every other name is a number (number_value: {min}, {max}, {value}, {cap}, {limit}, {below},
//                 {above} ...) or a count written with thousands separators (count_value:
//                 the importer's sizes, "8,030,261,248")
#pragma once

#include <string>
#include <vector>

#include "budget/budget_types.h"
#include "reading/message_values.h"
#include "text/table.h"

namespace llmbudget {

/// Every declared message kind, in the order of input_message_declarations().
enum class MessageCode {
  out_of_range,
  out_of_range_whole,
  out_of_range_above,
  out_of_range_above_whole,
  out_of_range_or_zero,
  out_of_range_or_zero_whole,
  out_of_range_capped,
  out_of_range_capped_whole,
  above_cap,
  above_cap_whole,
  out_of_range_or_zero_capped,
  out_of_range_or_zero_capped_whole,
  above_cap_or_zero,
  above_cap_or_zero_whole,
  out_of_range_from_field_whole,
  kv_heads_not_dividing,
  experts_unset,
  active_below_share,
  gpus_not_splitting,
  gpus_not_splitting_below,
  text_too_long,
  not_text,
  empty_text,
  unfinished_exponent,
  not_a_number,
  unit_not_taken,
  calculation_not_taken,
  bits_unit,
  wrong_unit,
  number_too_small,
  number_too_large,
  unknown_field,
  bad_display_factor,
  unit_hint_count,
  unit_hint_bytes,
  unit_hint_bytes_per_s,
  unit_hint_flops,
  unit_hint_storage,
  unit_hint_fraction,
  unit_hint_seconds,
  config_not_json,
  config_not_object,
  config_no_model_type,
  config_model_type_not_text,
  config_unknown_model_type,
  config_key_missing,
  config_not_flag,
  config_not_count,
  config_kv_not_dividing,
  config_head_dim_unknown,
  config_experts_per_token_above,
  config_alias_disagrees,
  config_not_layer_list,
  config_bad_layer_number,
  config_layer_types_count,
  config_layer_types_not_array,
  config_bad_layer_kind,
  config_no_text_config,
  config_no_vision_config,
  config_patch_not_dividing,
  config_outside_range,
  json_null,
  json_boolean,
  json_number,
  json_string,
  json_array,
  json_object,
  load_mode_unset,
  load_mode_both,
  search_no_target,
  search_one_token,
  batched_below_seqs,
  batched_below_seqs_default,
  no_kv_budget,
  request_above_context,
  request_above_kv_budget,
  work_above_limit,
};

/// One message kind: row i has code MessageCode(i).
struct InputMessageDeclaration {
  MessageCode value;
  const char* code;     ///< stable name, snake_case: "out_of_range_whole"
  const char* pattern;  ///< English, with {placeholders}: "{field} must be a whole number from {min} to {max} ..."
};

/// Every message kind, in MessageCode order: the budget's, the importer's, the simulation's
/// (the three tables below, one after another). For the declarations' readers (the tests);
/// a refusal is written from its own table, so that a module writing only the budget's
/// refusals (the calculator's) links only their patterns.
Table<InputMessageDeclaration> input_message_declarations();

/// The declaration of `code`, from input_message_declarations().
const InputMessageDeclaration& input_message(MessageCode code);

/// The kinds the budget writes (out_of_range ... unit_hint_seconds), in MessageCode order: the
/// refusals of inputs, typed text and the model's shape, and the hints; every module lists them
/// (field_declarations_json.h).
Table<InputMessageDeclaration> budget_message_declarations();

/// The config.json importer's kinds (config_not_json ... config_outside_range) and the JSON
/// kinds its {got} names (json_null ... json_object), in MessageCode order (hf_config.h).
Table<InputMessageDeclaration> import_refusal_declarations();

/// The serving simulation's kinds (load_mode_unset ... work_above_limit), in MessageCode order
/// (serving_simulation.h, load_search.h, traffic_validate.h).
Table<InputMessageDeclaration> simulation_refusal_declarations();

/// The declaration of a budget kind `code` (budget_message_declarations()); another code gives
/// that table's first row (a caller's bug, which the refusal tests catch by the code they check).
const InputMessageDeclaration& budget_message(MessageCode code);

/// The declaration of an importer kind `code` (import_refusal_declarations()); another code
/// gives that table's first row.
const InputMessageDeclaration& import_refusal(MessageCode code);

/// The declaration of a simulation kind `code` (simulation_refusal_declarations()); another
/// code gives that table's first row.
const InputMessageDeclaration& simulation_refusal(MessageCode code);

/// Whether a refusal of kind `code` says that a value lies outside its field's range (the
/// out_of_range* and above_cap* kinds: below the minimum, above the maximum or the capping
/// field's value, or not whole where the field takes whole numbers), as opposed to a value
/// inside its range that breaks a rule tying it to other fields (kv_heads_not_dividing, ...)
/// or text that is no number. A page words the former from the field's range and the value
/// typed, the latter with the core's own sentence.
bool is_range_refusal(MessageCode code);

/// Whether a reading of kind `code` found no text at all in a field's box (empty, or spaces
/// only): not a refused value but one not typed yet. A page keeps the value in use without a
/// message while the box is being edited, and shows that value again when it is left.
bool is_nothing_typed(MessageCode code);

/// `rows` as a JSON array of {"code","pattern"} objects, in their order, with "range": true on
/// the kinds is_range_refusal() names and "nothing_typed": true on the kind is_nothing_typed()
/// names (the shape of the "messages" of field_declarations_json()).
std::string message_declarations_json(Table<InputMessageDeclaration> rows);

/// A declared budget message standing for a placeholder (a hint): its pattern in English, its
/// code in JSON (message_value() of reading/message_values.h with budget_message(code)).
MessageValue message_value(const char* name, MessageCode code);
/// Any declared message standing for a placeholder (the importer's JSON kinds: import_refusal()).
MessageValue message_value(const char* name, const InputMessageDeclaration& message);
/// Another refusal standing for a placeholder ({refusal}): its sentence, and in JSON its field,
/// sentence, code and values (refusal_value() of reading/message_values.h).
MessageValue refusal_value(const char* name, const InputError& error);

/// The refusal of `field` with the message of the budget kind `code` (budget_message()):
/// InputError{field, fill_message(pattern, params), code, message_values_json(params)}.
InputError coded_error(const std::string& field, MessageCode code, const std::vector<MessageValue>& params);

/// The same with a declaration from any of the tables (import_refusal(), simulation_refusal()).
InputError coded_error(const std::string& field, const InputMessageDeclaration& message,
                       const std::vector<MessageValue>& params);

}  // namespace llmbudget
