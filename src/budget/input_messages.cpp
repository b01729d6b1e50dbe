#include "budget/input_messages.h"

#include <vector>

#include "text/json_text.h"

namespace llmbudget {

namespace {

using M = MessageCode;

// The kinds the budget itself writes: the rows every module lists (the calculator's too).
constexpr InputMessageDeclaration kBudgetMessages[] = {
    // A value outside a field's range (field_checks.h, validate.h).
    {M::out_of_range, "out_of_range", "{field} must be a number from {min} to {max} (got {value})"},
    {M::out_of_range_whole, "out_of_range_whole", "{field} must be a whole number from {min} to {max} (got {value})"},
    {M::out_of_range_above, "out_of_range_above",
     "{field} must be a number above {min} and at most {max} (got {value})"},
    {M::out_of_range_above_whole, "out_of_range_above_whole",
     "{field} must be a whole number above {min} and at most {max} (got {value})"},
    {M::out_of_range_or_zero, "out_of_range_or_zero",
     "{field} must be 0 ({zero_means}) or a number from {min} to {max} (got {value})"},
    {M::out_of_range_or_zero_whole, "out_of_range_or_zero_whole",
     "{field} must be 0 ({zero_means}) or a whole number from {min} to {max} (got {value})"},
    // A field capped by another field's value (max_from): below its minimum, or above the cap.
    {M::out_of_range_capped, "out_of_range_capped", "{field} must be a number from {min} to {cap_field} (got {value})"},
    {M::out_of_range_capped_whole, "out_of_range_capped_whole",
     "{field} must be a whole number from {min} to {cap_field} (got {value})"},
    {M::above_cap, "above_cap",
     "{field} must be a number from {min} to {cap_field} (got {value}; {cap_field} is {cap})"},
    {M::above_cap_whole, "above_cap_whole",
     "{field} must be a whole number from {min} to {cap_field} (got {value}; {cap_field} is {cap})"},
    {M::out_of_range_or_zero_capped, "out_of_range_or_zero_capped",
     "{field} must be 0 ({zero_means}) or a number from {min} to {cap_field} (got {value})"},
    {M::out_of_range_or_zero_capped_whole, "out_of_range_or_zero_capped_whole",
     "{field} must be 0 ({zero_means}) or a whole number from {min} to {cap_field} (got {value})"},
    {M::above_cap_or_zero, "above_cap_or_zero",
     "{field} must be 0 ({zero_means}) or a number from {min} to {cap_field} (got {value}; {cap_field} is {cap})"},
    {M::above_cap_or_zero_whole, "above_cap_or_zero_whole",
     "{field} must be 0 ({zero_means}) or a whole number from {min} to {cap_field} (got {value}; {cap_field} is "
     "{cap})"},
    // A range whose lower end is another argument (the context sweep's max_context).
    {M::out_of_range_from_field_whole, "out_of_range_from_field_whole",
     "{field} must be a whole number from {min_field} to {max} (got {value})"},
    // The model's shape (model_shape.h) and the tensor-parallel split (tensor_parallel.h).
    {M::kv_heads_not_dividing, "kv_heads_not_dividing",
     "{field} must divide {heads_field} ({heads}): each KV head serves a whole group of query heads; got {value}; "
     "nearest valid: {below} or {above}"},
    {M::experts_unset, "experts_unset",
     "{field} must be set (at least 1) when {other_field} is (got 0; {other_field} is {other}); set both to 0 for a "
     "dense model"},
    {M::active_below_share, "active_below_share",
     "{field} must be at least {total_field} * {per_token_field} / {experts_field} ({least}): a token's {per_token} "
     "of {experts} experts cannot weigh less than their share of the total (got {value})"},
    {M::gpus_not_splitting, "gpus_not_splitting",
     "{field} must divide {query_field} ({query_heads}) and either divide or be divided by {kv_field} ({kv_heads}); "
     "got {value}; nearest valid: {below} or {above}"},
    {M::gpus_not_splitting_below, "gpus_not_splitting_below",
     "{field} must divide {query_field} ({query_heads}) and either divide or be divided by {kv_field} ({kv_heads}); "
     "got {value}; nearest valid: {below}"},
    // Text typed into a field that does not read as a value of it (field_reader.h).
    {M::text_too_long, "text_too_long", "{label}: that is too long to be a number (more than {limit} bytes)."},
    {M::not_text, "not_text", "{label}: that holds characters that are not text."},
    {M::empty_text, "empty_text", "{label}: type a number."},
    {M::unfinished_exponent, "unfinished_exponent",
     "{label}: “{text}” is not finished: type the exponent's digits (1e9)."},
    {M::not_a_number, "not_a_number", "{label}: “{text}” is not a number; type digits such as 12.5."},
    {M::unit_not_taken, "unit_not_taken", "{label}: “{text}” has a unit this field does not take; {hint}."},
    {M::calculation_not_taken, "calculation_not_taken",
     "{label}: “{text}” is a calculation; type its result as one number."},
    {M::bits_unit, "bits_unit", "{label}: “{typed_unit}” is a unit of bits; {hint}."},
    {M::wrong_unit, "wrong_unit", "{label}: “{typed_unit}” is not a unit of {unit}; {hint}."},
    {M::number_too_small, "number_too_small", "{label}: that number is too small: it would read as 0."},
    {M::number_too_large, "number_too_large", "{label}: that number is too large."},
    {M::unknown_field, "unknown_field", "“{text}” is not an input field."},
    {M::bad_display_factor, "bad_display_factor", "{label}: the display factor must be a positive number."},
    // How to write a value of a field's unit ({hint} above), by the kind of unit.
    {M::unit_hint_count, "unit_hint_count", "write a number, or a number with k, M, B or T (70B, 32k)"},
    {M::unit_hint_bytes, "unit_hint_bytes", "use B, KB, MB, GB, TB or KiB, MiB, GiB, TiB (80 GB)"},
    {M::unit_hint_bytes_per_s, "unit_hint_bytes_per_s", "use a memory unit per second (900 GB/s, 1.5 TB/s)"},
    {M::unit_hint_flops, "unit_hint_flops", "use FLOP/s, GFLOP/s, TFLOP/s or PFLOP/s (989 TFLOP/s)"},
    {M::unit_hint_storage, "unit_hint_storage", "use bits or bytes (4.5 bits, 0.5625 bytes)"},
    {M::unit_hint_fraction, "unit_hint_fraction", "use % (10%)"},
    {M::unit_hint_seconds, "unit_hint_seconds", "use s, ms, µs or ns (500 ms)"},
};

// The config.json importer's kinds, and the JSON kinds its {got} may name: the full module's only.
constexpr InputMessageDeclaration kImportMessages[] = {
    // A config.json the importer cannot read (hf_config.h); {key} names the key with its path.
    {M::config_not_json, "config_not_json", "config.json is not valid JSON at byte {offset}: {reason}"},
    {M::config_not_object, "config_not_object", "config.json must hold one JSON object (got {got})"},
    {M::config_no_model_type, "config_no_model_type", "config.json has no model_type, so its architecture is unknown"},
    {M::config_model_type_not_text, "config_model_type_not_text", "model_type must be a string (got {got})"},
    {M::config_unknown_model_type, "config_unknown_model_type",
     "model_type {got} is not an architecture this importer reads (it reads {families})"},
    {M::config_key_missing, "config_key_missing", "config.json has no {key}, which this architecture needs"},
    {M::config_not_flag, "config_not_flag", "{key} must be true or false (got {got})"},
    {M::config_not_count, "config_not_count", "{key} must be a whole number from {min} to {max} (got {got})"},
    {M::config_kv_not_dividing, "config_kv_not_dividing",
     "{key} ({kv_heads}) must divide {heads_key} ({heads}) so every KV head serves the same number of query heads"},
    {M::config_head_dim_unknown, "config_head_dim_unknown",
     "config.json has no {key} and {hidden_key} ({hidden}) is not a multiple of {heads_key} ({heads})"},
    {M::config_experts_per_token_above, "config_experts_per_token_above",
     "{key} ({per_token}) must be at most the number of experts ({experts})"},
    {M::config_alias_disagrees, "config_alias_disagrees", "{key} ({got}) disagrees with {other_key} ({per_token})"},
    {M::config_not_layer_list, "config_not_layer_list", "{key} must be an array of layer numbers (got {got})"},
    {M::config_bad_layer_number, "config_bad_layer_number",
     "{key}[{index}] must be a layer number from 0 to {last} (got {got})"},
    {M::config_layer_types_count, "config_layer_types_count",
     "{key} must be an array of {layers} layer kinds, one per layer (got {count} entries)"},
    {M::config_layer_types_not_array, "config_layer_types_not_array",
     "{key} must be an array of {layers} layer kinds, one per layer (got {got})"},
    {M::config_bad_layer_kind, "config_bad_layer_kind",
     "{key}[{index}] must be \"sliding_attention\" or \"full_attention\" (got {got})"},
    {M::config_no_text_config, "config_no_text_config",
     "a gemma3 config.json must hold its language model in text_config (an object)"},
    {M::config_no_vision_config, "config_no_vision_config",
     "a gemma3 config.json must describe its vision tower in vision_config (an object)"},
    {M::config_patch_not_dividing, "config_patch_not_dividing",
     "vision_config.patch_size ({patch}) must divide vision_config.image_size ({image})"},
    {M::config_outside_range, "config_outside_range",
     "the model this config.json describes is outside the calculator's range: {refusal}"},
    // What a JSON value is ({got} above), when it is not shown as it is written.
    {M::json_null, "json_null", "null"},
    {M::json_boolean, "json_boolean", "true or false"},
    {M::json_number, "json_number", "a number"},
    {M::json_string, "json_string", "a string"},
    {M::json_array, "json_array", "an array"},
    {M::json_object, "json_object", "an object"},
};

// The serving simulation's kinds: the full module's only.
constexpr InputMessageDeclaration kSimulationMessages[] = {
    // The serving simulation's own rules (serving_simulation.h, load_search.h, traffic_validate.h).
    {M::load_mode_unset, "load_mode_unset", "set {rate_field} (open loop) or {concurrency_field} (closed loop)"},
    {M::load_mode_both, "load_mode_both",
     "set {rate_field} (open loop) or {concurrency_field} (closed loop), not both"},
    {M::search_no_target, "search_no_target",
     "{field} or {other_field} must be set (above 0) to search for the highest load (both are 0: no target)"},
    {M::search_one_token, "search_one_token",
     "{field} cannot be held when every request generates one token ({tokens_field} 1: there is no time per output "
     "token); set {ttft_field}, or more output tokens"},
    {M::batched_below_seqs, "batched_below_seqs",
     "{field} must be at least {seqs_field} ({seqs}), so every running request's decode token fits one iteration "
     "(got {value})"},
    {M::batched_below_seqs_default, "batched_below_seqs_default",
     "{field} must be at least {seqs_field} ({seqs}, vLLM's default for this GPU's memory), so every running "
     "request's decode token fits one iteration (got {value})"},
    {M::no_kv_budget, "no_kv_budget",
     "the weights and the runtime's memory leave no KV cache within the headroom limit of each GPU"},
    {M::request_above_context, "request_above_context",
     "a request may hold up to {tokens} tokens (input + output), more than {limit_field} ({limit})"},
    {M::request_above_kv_budget, "request_above_kv_budget",
     "a request of {tokens} tokens (input + output) needs {bytes} B of KV cache per GPU, more than the {budget} B "
     "each GPU has for it"},
    {M::work_above_limit, "work_above_limit",
     "requests * (output_tokens + input_tokens / max_num_batched_tokens) must be at most {limit}, the simulation's "
     "work limit (got {value})"},
};

constexpr std::size_t kBudgetCount = sizeof(kBudgetMessages) / sizeof(kBudgetMessages[0]);
constexpr std::size_t kImportCount = sizeof(kImportMessages) / sizeof(kImportMessages[0]);
constexpr std::size_t kSimulationCount = sizeof(kSimulationMessages) / sizeof(kSimulationMessages[0]);
constexpr std::size_t kMessageCount = kBudgetCount + kImportCount + kSimulationCount;

// Every row, in MessageCode order: the three tables one after another, copied at compile
// time (the rows point at the same pattern text). Only the declarations' own readers use it
// (input_message_declarations(), input_message()): a refusal is written from its own table,
// so a module that writes no import or simulation refusal links none of their text.
struct AllMessages {
  InputMessageDeclaration rows[kMessageCount];
};

constexpr AllMessages all_messages() {
  AllMessages all{};
  std::size_t i = 0;
  for (const InputMessageDeclaration& m : kBudgetMessages) all.rows[i++] = m;
  for (const InputMessageDeclaration& m : kImportMessages) all.rows[i++] = m;
  for (const InputMessageDeclaration& m : kSimulationMessages) all.rows[i++] = m;
  return all;
}

constexpr AllMessages kMessages = all_messages();

constexpr bool in_code_order() {
  for (std::size_t i = 0; i < kMessageCount; ++i) {
    if (static_cast<std::size_t>(kMessages.rows[i].value) != i) return false;
  }
  return true;
}
static_assert(in_code_order(), "the three tables must list every MessageCode once, in enum order");
static_assert(static_cast<std::size_t>(M::work_above_limit) + 1 == kMessageCount, "one row per MessageCode");
static_assert(static_cast<std::size_t>(M::config_not_json) == kBudgetCount, "the importer's kinds follow the budget's");
static_assert(static_cast<std::size_t>(M::load_mode_unset) == kBudgetCount + kImportCount,
              "the simulation's kinds follow the importer's");

}  // namespace

Table<InputMessageDeclaration> input_message_declarations() { return {kMessages.rows, kMessageCount}; }

const InputMessageDeclaration& input_message(MessageCode code) {
  return kMessages.rows[static_cast<std::size_t>(code)];
}

Table<InputMessageDeclaration> budget_message_declarations() { return {kBudgetMessages, kBudgetCount}; }

Table<InputMessageDeclaration> import_refusal_declarations() { return {kImportMessages, kImportCount}; }

Table<InputMessageDeclaration> simulation_refusal_declarations() { return {kSimulationMessages, kSimulationCount}; }

const InputMessageDeclaration& budget_message(MessageCode code) {
  const std::size_t i = static_cast<std::size_t>(code);
  return i < kBudgetCount ? kBudgetMessages[i] : kBudgetMessages[0];
}

const InputMessageDeclaration& import_refusal(MessageCode code) {
  const std::size_t i = static_cast<std::size_t>(code) - kBudgetCount;
  return i < kImportCount ? kImportMessages[i] : kImportMessages[0];
}

const InputMessageDeclaration& simulation_refusal(MessageCode code) {
  const std::size_t i = static_cast<std::size_t>(code) - kBudgetCount - kImportCount;
  return i < kSimulationCount ? kSimulationMessages[i] : kSimulationMessages[0];
}

MessageValue message_value(const char* name, MessageCode code) { return message_value(name, budget_message(code)); }

MessageValue message_value(const char* name, const InputMessageDeclaration& message) {
  return message_value(name, message.code, message.pattern);
}

MessageValue refusal_value(const char* name, const InputError& error) {
  return refusal_value(name, error.field, error.message, error.code, error.params_json);
}

InputError coded_error(const std::string& field, MessageCode code, const std::vector<MessageValue>& params) {
  return coded_error(field, budget_message(code), params);
}

InputError coded_error(const std::string& field, const InputMessageDeclaration& message,
                       const std::vector<MessageValue>& params) {
  return InputError{field, fill_message(message.pattern, params), message.code, message_values_json(params)};
}

bool is_range_refusal(MessageCode code) {
  // The range kinds are MessageCode's first rows, out_of_range to out_of_range_from_field_whole.
  return static_cast<int>(code) <= static_cast<int>(MessageCode::out_of_range_from_field_whole);
}

bool is_nothing_typed(MessageCode code) { return code == MessageCode::empty_text; }

std::string message_declarations_json(Table<InputMessageDeclaration> rows) {
  std::string out;
  json::add_object_array(out, rows, [&out](const InputMessageDeclaration& m) {
    add_declaration_members(out, m.code, m.pattern, nullptr);
    if (is_range_refusal(m.value)) json::add_flag_member(out, "range", true);
    if (is_nothing_typed(m.value)) json::add_flag_member(out, "nothing_typed", true);
  });
  return out;
}

}  // namespace llmbudget
