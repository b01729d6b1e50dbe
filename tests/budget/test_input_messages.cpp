// input_messages.h: every kind of message about a refused input is declared
// once; the core's English sentence is its pattern filled with the values the
// error carries, byte for byte the sentence the core wrote before the table.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "budget/field_checks.h"
#include "budget/field_reader.h"
#include "budget/input_messages.h"
#include "budget/sweeps.h"
#include "budget/unit_constants.h"
#include "budget/validate.h"
#include "text/json_reader.h"
#include "text/number_text.h"

using namespace llmbudget;

namespace {

using test::kNaN;

// The {placeholders} of a pattern, in order of first use.
std::vector<std::string> placeholders(const std::string& pattern) {
  std::vector<std::string> names;
  std::size_t at = 0;
  while ((at = pattern.find('{', at)) != std::string::npos) {
    const std::size_t close = pattern.find('}', at);
    const std::string name = pattern.substr(at + 1, close - at - 1);
    bool seen = false;
    for (const std::string& n : names) seen = seen || n == name;
    if (!seen) names.push_back(name);
    at = close + 1;
  }
  return names;
}

const InputMessageDeclaration* declaration_of(const std::string& code) {
  for (const InputMessageDeclaration& m : input_message_declarations()) {
    if (code == m.code) return &m;
  }
  return nullptr;
}

// The English sentence a page writes from the error's code and params alone:
// the pattern of its code with each placeholder replaced by the value params_json
// holds (numbers as format_compact() writes them, a hint by its own pattern).
std::string refilled(const InputError& error) {
  const InputMessageDeclaration* m = declaration_of(error.code);
  REQUIRE(m != nullptr);
  const json::ReadResult params = json::read_json(error.params_json);
  REQUIRE(params.ok);
  std::vector<MessageValue> values;
  for (std::size_t i = 0; i < params.value.keys.size(); ++i) {
    const char* name = params.value.keys[i].c_str();
    const json::Value& v = params.value.items[i];
    if (v.kind == json::Kind::number) {
      values.push_back(number_value(name, v.number));
    } else if (params.value.keys[i] == "hint") {
      const InputMessageDeclaration* hint = declaration_of(v.text);
      REQUIRE(hint != nullptr);
      values.push_back(message_value(name, hint->value));
    } else {
      values.push_back(text_value(name, v.text));
    }
  }
  // Every placeholder has a value, and every value a placeholder.
  std::vector<std::string> keys = params.value.keys;
  std::vector<std::string> names = placeholders(m->pattern);
  CHECK(std::set<std::string>(keys.begin(), keys.end()) == std::set<std::string>(names.begin(), names.end()));
  // Keep names alive while fill_message reads them.
  std::string out = fill_message(m->pattern, values);
  return out;
}

// Checks one refusal: its exact English text, its code, its params, and that
// the code's pattern filled from the params gives the same text.
void check_error(const InputError& error, const std::string& message, const std::string& code,
                 const std::string& params_json) {
  INFO(message);
  CHECK(error.message == message);
  CHECK(error.code == code);
  CHECK(error.params_json == params_json);
  CHECK(refilled(error) == message);
}

BudgetInput with(double BudgetInput::*member, double value) {
  BudgetInput in;
  in.*member = value;
  return in;
}

}  // namespace

TEST_CASE("input messages: one row per code, in code order, each code once") {
  std::set<std::string> codes;
  std::size_t i = 0;
  for (const InputMessageDeclaration& m : input_message_declarations()) {
    CHECK(static_cast<std::size_t>(m.value) == i++);
    CHECK(codes.insert(m.code).second);
    for (const char* c = m.code; *c != '\0'; ++c)
      CHECK(((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_'));
    CHECK(std::strlen(m.pattern) > 0);
    CHECK(&input_message(m.value) == &m);
  }
  CHECK(codes.size() == input_message_declarations().size);
}

TEST_CASE("input messages: the range kinds are the out_of_range and above_cap ones, flagged in JSON") {
  // Every kind whose code names a range (out_of_range*, above_cap*) is a range refusal, and no other.
  for (const InputMessageDeclaration& m : input_message_declarations()) {
    const std::string code = m.code;
    const bool named_range = code.rfind("out_of_range", 0) == 0 || code.rfind("above_cap", 0) == 0;
    CHECK(is_range_refusal(m.value) == named_range);
  }
  CHECK(is_range_refusal(MessageCode::above_cap_whole));
  CHECK_FALSE(is_range_refusal(MessageCode::kv_heads_not_dividing));
  CHECK_FALSE(is_range_refusal(MessageCode::gpus_not_splitting));
  CHECK_FALSE(is_range_refusal(MessageCode::not_a_number));
  const std::string json = message_declarations_json(budget_message_declarations());
  CHECK(
      json.find(
          R"j({"code":"out_of_range_whole","pattern":"{field} must be a whole number from {min} to {max} (got {value})","range":true})j") !=
      std::string::npos);
  // A rule's kind carries no flag: its object ends after its pattern.
  const std::size_t rule = json.find(R"("code":"kv_heads_not_dividing")");
  REQUIRE(rule != std::string::npos);
  CHECK(json.find(R"("range")", rule) > json.find('}', rule));
  // 15 range kinds: 6 of a field's own range, 8 capped by another field, 1 from another field up.
  std::size_t flagged = 0;
  for (std::size_t at = json.find(R"("range":true)"); at != std::string::npos;
       at = json.find(R"("range":true)", at + 1))
    ++flagged;
  CHECK(flagged == 15);
}

TEST_CASE("input messages: only an empty box is a value not typed yet, and the declaration says so") {
  CHECK(is_nothing_typed(MessageCode::empty_text));
  CHECK_FALSE(is_nothing_typed(MessageCode::not_a_number));
  CHECK_FALSE(is_nothing_typed(MessageCode::out_of_range));
  const std::string json = message_declarations_json(budget_message_declarations());
  CHECK(json.find(R"j({"code":"empty_text","pattern":"{label}: type a number.","nothing_typed":true})j") !=
        std::string::npos);
  std::size_t flagged = 0;
  for (std::size_t at = json.find(R"("nothing_typed")"); at != std::string::npos;
       at = json.find(R"("nothing_typed")", at + 1))
    ++flagged;
  CHECK(flagged == 1);
}

TEST_CASE("input messages: each pattern fills to the sentence the core wrote before") {
  // One case per code, the English text as the core concatenated it.
  struct Case {
    MessageCode code;
    std::vector<MessageValue> params;
    const char* english;
  };
  const std::vector<Case> cases = {
      {MessageCode::out_of_range,
       {text_value("field", "headroom_fraction"), number_value("min", 0), number_value("max", 0.9),
        number_value("value", kNaN)},
       "headroom_fraction must be a number from 0 to 0.9 (got NaN)"},
      {MessageCode::out_of_range_whole,
       {text_value("field", "batch"), number_value("min", 1), number_value("max", 1e6), number_value("value", 0.5)},
       "batch must be a whole number from 1 to 1e6 (got 0.5)"},
      {MessageCode::out_of_range_above,
       {text_value("field", "bytes_per_score"), number_value("min", 0), number_value("max", 8),
        number_value("value", 0)},
       "bytes_per_score must be a number above 0 and at most 8 (got 0)"},
      {MessageCode::out_of_range_above_whole,
       {text_value("field", "n"), number_value("min", 0), number_value("max", 8), number_value("value", 9)},
       "n must be a whole number above 0 and at most 8 (got 9)"},
      {MessageCode::out_of_range_or_zero,
       {text_value("field", "ttft_target_s"), text_value("zero_means", "no target"), number_value("min", 1e-6),
        number_value("max", 1e4), number_value("value", -1)},
       "ttft_target_s must be 0 (no target) or a number from 1e-6 to 10000 (got -1)"},
      {MessageCode::out_of_range_or_zero_whole,
       {text_value("field", "sliding_window_tokens"), text_value("zero_means", "full attention"),
        number_value("min", 1), number_value("max", 1e7), number_value("value", -1)},
       "sliding_window_tokens must be 0 (full attention) or a whole number from 1 to 1e7 (got -1)"},
      {MessageCode::out_of_range_capped,
       {text_value("field", "x"), number_value("min", 1), text_value("cap_field", "y"), number_value("value", 0.5)},
       "x must be a number from 1 to y (got 0.5)"},
      {MessageCode::out_of_range_capped_whole,
       {text_value("field", "kv_heads"), number_value("min", 1), text_value("cap_field", "query_heads"),
        number_value("value", 0)},
       "kv_heads must be a whole number from 1 to query_heads (got 0)"},
      {MessageCode::above_cap,
       {text_value("field", "x"), number_value("min", 1), text_value("cap_field", "y"), number_value("value", 9.5),
        number_value("cap", 9)},
       "x must be a number from 1 to y (got 9.5; y is 9)"},
      {MessageCode::above_cap_whole,
       {text_value("field", "kv_heads"), number_value("min", 1), text_value("cap_field", "query_heads"),
        number_value("value", 40), number_value("cap", 32)},
       "kv_heads must be a whole number from 1 to query_heads (got 40; query_heads is 32)"},
      {MessageCode::out_of_range_or_zero_capped,
       {text_value("field", "x"), text_value("zero_means", "none"), number_value("min", 1),
        text_value("cap_field", "y"), number_value("value", -1)},
       "x must be 0 (none) or a number from 1 to y (got -1)"},
      {MessageCode::out_of_range_or_zero_capped_whole,
       {text_value("field", "x"), text_value("zero_means", "none"), number_value("min", 1),
        text_value("cap_field", "y"), number_value("value", -1)},
       "x must be 0 (none) or a whole number from 1 to y (got -1)"},
      {MessageCode::above_cap_or_zero,
       {text_value("field", "x"), text_value("zero_means", "none"), number_value("min", 1),
        text_value("cap_field", "y"), number_value("value", 5), number_value("cap", 4)},
       "x must be 0 (none) or a number from 1 to y (got 5; y is 4)"},
      {MessageCode::above_cap_or_zero_whole,
       {text_value("field", "x"), text_value("zero_means", "none"), number_value("min", 1),
        text_value("cap_field", "y"), number_value("value", 5), number_value("cap", 4)},
       "x must be 0 (none) or a whole number from 1 to y (got 5; y is 4)"},
      {MessageCode::out_of_range_from_field_whole,
       {text_value("field", "max_context"), text_value("min_field", "min_context"), number_value("max", 1e8),
        number_value("value", 5)},
       "max_context must be a whole number from min_context to 1e8 (got 5)"},
      {MessageCode::kv_heads_not_dividing,
       {text_value("field", "kv_heads"), text_value("heads_field", "query_heads"), number_value("heads", 32),
        number_value("value", 5), number_value("below", 4), number_value("above", 8)},
       "kv_heads must divide query_heads (32): each KV head serves a whole group of query heads; got 5; nearest "
       "valid: 4 or 8"},
      {MessageCode::experts_unset,
       {text_value("field", "experts"), text_value("other_field", "experts_per_token"), number_value("other", 2)},
       "experts must be set (at least 1) when experts_per_token is (got 0; experts_per_token is 2); set both to 0 "
       "for a dense model"},
      {MessageCode::active_below_share,
       {text_value("field", "active_params"), text_value("total_field", "total_params"),
        text_value("per_token_field", "experts_per_token"), text_value("experts_field", "experts"),
        number_value("least", 1e9), number_value("per_token", 2), number_value("experts", 8),
        number_value("value", 5e8)},
       "active_params must be at least total_params * experts_per_token / experts (1e9): a token's 2 of 8 experts "
       "cannot weigh less than their share of the total (got 5e8)"},
      {MessageCode::gpus_not_splitting,
       {text_value("field", "gpus"), text_value("query_field", "query_heads"), number_value("query_heads", 32),
        text_value("kv_field", "kv_heads"), number_value("kv_heads", 8), number_value("value", 3),
        number_value("below", 2), number_value("above", 4)},
       "gpus must divide query_heads (32) and either divide or be divided by kv_heads (8); got 3; nearest valid: 2 "
       "or 4"},
      {MessageCode::gpus_not_splitting_below,
       {text_value("field", "gpus"), text_value("query_field", "query_heads"), number_value("query_heads", 40),
        text_value("kv_field", "kv_heads"), number_value("kv_heads", 40), number_value("value", 64),
        number_value("below", 40)},
       "gpus must divide query_heads (40) and either divide or be divided by kv_heads (40); got 64; nearest valid: "
       "40"},
      {MessageCode::text_too_long,
       {text_value("label", "GPU memory"), number_value("limit", 200)},
       "GPU memory: that is too long to be a number (more than 200 bytes)."},
      {MessageCode::not_text, {text_value("label", "Batch")}, "Batch: that holds characters that are not text."},
      {MessageCode::empty_text, {text_value("label", "Batch")}, "Batch: type a number."},
      {MessageCode::unfinished_exponent,
       {text_value("label", "Batch"), text_value("text", "1e")},
       "Batch: “1e” is not finished: type the exponent's digits (1e9)."},
      {MessageCode::not_a_number,
       {text_value("label", "Layers"), text_value("text", "abc")},
       "Layers: “abc” is not a number; type digits such as 12.5."},
      {MessageCode::unit_not_taken,
       {text_value("label", "Layers"), text_value("text", "3 furlongs"),
        message_value("hint", MessageCode::unit_hint_count)},
       "Layers: “3 furlongs” has a unit this field does not take; write a number, or a number with k, M, B or T "
       "(70B, 32k)."},
      {MessageCode::calculation_not_taken,
       {text_value("label", "Batch"), text_value("text", "1/2")},
       "Batch: “1/2” is a calculation; type its result as one number."},
      {MessageCode::bits_unit,
       {text_value("label", "GPU memory"), text_value("typed_unit", "Gb"),
        message_value("hint", MessageCode::unit_hint_bytes)},
       "GPU memory: “Gb” is a unit of bits; use B, KB, MB, GB, TB or KiB, MiB, GiB, TiB (80 GB)."},
      {MessageCode::wrong_unit,
       {text_value("label", "Layers"), text_value("typed_unit", "GB"), text_value("unit", "layers"),
        message_value("hint", MessageCode::unit_hint_count)},
       "Layers: “GB” is not a unit of layers; write a number, or a number with k, M, B or T (70B, 32k)."},
      {MessageCode::number_too_small,
       {text_value("label", "All-reduce latency")},
       "All-reduce latency: that number is too small: it would read as 0."},
      {MessageCode::number_too_large, {text_value("label", "Batch")}, "Batch: that number is too large."},
      {MessageCode::unknown_field, {text_value("text", "no_such_field")}, "“no_such_field” is not an input field."},
      {MessageCode::bad_display_factor,
       {text_value("label", "Batch")},
       "Batch: the display factor must be a positive number."},
      {MessageCode::unit_hint_count, {}, "write a number, or a number with k, M, B or T (70B, 32k)"},
      {MessageCode::unit_hint_bytes, {}, "use B, KB, MB, GB, TB or KiB, MiB, GiB, TiB (80 GB)"},
      {MessageCode::unit_hint_bytes_per_s, {}, "use a memory unit per second (900 GB/s, 1.5 TB/s)"},
      {MessageCode::unit_hint_flops, {}, "use FLOP/s, GFLOP/s, TFLOP/s or PFLOP/s (989 TFLOP/s)"},
      {MessageCode::unit_hint_storage, {}, "use bits or bytes (4.5 bits, 0.5625 bytes)"},
      {MessageCode::unit_hint_fraction, {}, "use % (10%)"},
      {MessageCode::unit_hint_seconds, {}, "use s, ms, µs or ns (500 ms)"},
      // The config.json importer's refusals (hf_config.h).
      {MessageCode::config_not_json,
       {number_value("offset", 15),
        refusal_value("reason", InputError{"config.json", "expected ':' after an object key",
                                           "json_error_expected_colon", "{}"})},
       "config.json is not valid JSON at byte 15: expected ':' after an object key"},
      {MessageCode::config_not_object,
       {message_value("got", input_message(MessageCode::json_array))},
       "config.json must hold one JSON object (got an array)"},
      {MessageCode::config_no_model_type, {}, "config.json has no model_type, so its architecture is unknown"},
      {MessageCode::config_model_type_not_text, {number_value("got", 7)}, "model_type must be a string (got 7)"},
      {MessageCode::config_unknown_model_type,
       {text_value("got", "\"gpt2\""), text_value("families", "llama, mistral")},
       "model_type \"gpt2\" is not an architecture this importer reads (it reads llama, mistral)"},
      {MessageCode::config_key_missing,
       {text_value("key", "text_config.hidden_size")},
       "config.json has no text_config.hidden_size, which this architecture needs"},
      {MessageCode::config_not_flag,
       {text_value("key", "tie_word_embeddings"), text_value("got", "\"yes\"")},
       "tie_word_embeddings must be true or false (got \"yes\")"},
      {MessageCode::config_not_count,
       {text_value("key", "num_hidden_layers"), number_value("min", 1), number_value("max", 1000),
        count_value("got", 100000)},
       "num_hidden_layers must be a whole number from 1 to 1000 (got 100,000)"},
      {MessageCode::config_kv_not_dividing,
       {text_value("key", "num_key_value_heads"), count_value("kv_heads", 5),
        text_value("heads_key", "num_attention_heads"), count_value("heads", 32)},
       "num_key_value_heads (5) must divide num_attention_heads (32) so every KV head serves the same number of query "
       "heads"},
      {MessageCode::config_head_dim_unknown,
       {text_value("key", "head_dim"), text_value("hidden_key", "hidden_size"), count_value("hidden", 4100),
        text_value("heads_key", "num_attention_heads"), count_value("heads", 32)},
       "config.json has no head_dim and hidden_size (4,100) is not a multiple of num_attention_heads (32)"},
      {MessageCode::config_experts_per_token_above,
       {text_value("key", "num_experts_per_tok"), count_value("per_token", 8), count_value("experts", 4)},
       "num_experts_per_tok (8) must be at most the number of experts (4)"},
      {MessageCode::config_alias_disagrees,
       {text_value("key", "experts_per_token"), number_value("got", 2), text_value("other_key", "num_experts_per_tok"),
        count_value("per_token", 4)},
       "experts_per_token (2) disagrees with num_experts_per_tok (4)"},
      {MessageCode::config_not_layer_list,
       {text_value("key", "mlp_only_layers"), text_value("got", "true")},
       "mlp_only_layers must be an array of layer numbers (got true)"},
      {MessageCode::config_bad_layer_number,
       {text_value("key", "mlp_only_layers"), count_value("index", 0), count_value("last", 1), number_value("got", 5)},
       "mlp_only_layers[0] must be a layer number from 0 to 1 (got 5)"},
      {MessageCode::config_layer_types_count,
       {text_value("key", "layer_types"), count_value("layers", 2), count_value("count", 1)},
       "layer_types must be an array of 2 layer kinds, one per layer (got 1 entries)"},
      {MessageCode::config_layer_types_not_array,
       {text_value("key", "layer_types"), count_value("layers", 2),
        message_value("got", input_message(MessageCode::json_object))},
       "layer_types must be an array of 2 layer kinds, one per layer (got an object)"},
      {MessageCode::config_bad_layer_kind,
       {text_value("key", "layer_types"), count_value("index", 1), text_value("got", "\"linear_attention\"")},
       "layer_types[1] must be \"sliding_attention\" or \"full_attention\" (got \"linear_attention\")"},
      {MessageCode::config_no_text_config,
       {},
       "a gemma3 config.json must hold its language model in text_config (an object)"},
      {MessageCode::config_no_vision_config,
       {},
       "a gemma3 config.json must describe its vision tower in vision_config (an object)"},
      {MessageCode::config_patch_not_dividing,
       {count_value("patch", 14), count_value("image", 900)},
       "vision_config.patch_size (14) must divide vision_config.image_size (900)"},
      {MessageCode::config_outside_range,
       {refusal_value("refusal",
                      InputError{"total_params", "total_params must be a number from 1 to 1e13 (got 2e13)"})},
       "the model this config.json describes is outside the calculator's range: total_params must be a number from 1 "
       "to 1e13 (got 2e13)"},
      {MessageCode::json_null, {}, "null"},
      {MessageCode::json_boolean, {}, "true or false"},
      {MessageCode::json_number, {}, "a number"},
      {MessageCode::json_string, {}, "a string"},
      {MessageCode::json_array, {}, "an array"},
      {MessageCode::json_object, {}, "an object"},
      // The serving simulation's own rules (serving_simulation.h, load_search.h, traffic_validate.h).
      {MessageCode::load_mode_unset,
       {text_value("rate_field", "request_rate"), text_value("concurrency_field", "concurrency")},
       "set request_rate (open loop) or concurrency (closed loop)"},
      {MessageCode::load_mode_both,
       {text_value("rate_field", "request_rate"), text_value("concurrency_field", "concurrency")},
       "set request_rate (open loop) or concurrency (closed loop), not both"},
      {MessageCode::search_no_target,
       {text_value("field", "ttft_target_s"), text_value("other_field", "per_request_target_tokens_per_s")},
       "ttft_target_s or per_request_target_tokens_per_s must be set (above 0) to search for the highest load (both "
       "are 0: no target)"},
      {MessageCode::search_one_token,
       {text_value("field", "per_request_target_tokens_per_s"), text_value("tokens_field", "output_tokens"),
        text_value("ttft_field", "ttft_target_s")},
       "per_request_target_tokens_per_s cannot be held when every request generates one token (output_tokens 1: "
       "there is no time per output token); set ttft_target_s, or more output tokens"},
      {MessageCode::batched_below_seqs,
       {text_value("field", "max_num_batched_tokens"), text_value("seqs_field", "max_num_seqs"),
        number_value("seqs", 64), number_value("value", 32)},
       "max_num_batched_tokens must be at least max_num_seqs (64), so every running request's decode token fits one "
       "iteration (got 32)"},
      {MessageCode::batched_below_seqs_default,
       {text_value("field", "max_num_batched_tokens"), text_value("seqs_field", "max_num_seqs"),
        number_value("seqs", 1024), number_value("value", 512)},
       "max_num_batched_tokens must be at least max_num_seqs (1024, vLLM's default for this GPU's memory), so every "
       "running request's decode token fits one iteration (got 512)"},
      {MessageCode::no_kv_budget,
       {},
       "the weights and the runtime's memory leave no KV cache within the headroom limit of each GPU"},
      {MessageCode::request_above_context,
       {number_value("tokens", 9216), text_value("limit_field", "model_max_context_tokens"),
        number_value("limit", 4096)},
       "a request may hold up to 9216 tokens (input + output), more than model_max_context_tokens (4096)"},
      {MessageCode::request_above_kv_budget,
       {number_value("tokens", 9216), number_value("bytes", 1207959552), number_value("budget", 1000000000)},
       "a request of 9216 tokens (input + output) needs 1207959552 B of KV cache per GPU, more than the 1e9 B each "
       "GPU has for it"},
      {MessageCode::work_above_limit,
       {number_value("limit", 1e9), number_value("value", 2e9)},
       "requests * (output_tokens + input_tokens / max_num_batched_tokens) must be at most 1e9, the simulation's work "
       "limit (got 2e9)"},
  };
  std::set<MessageCode> covered;
  for (const Case& c : cases) {
    const InputMessageDeclaration& m = input_message(c.code);
    INFO(m.code);
    CHECK(fill_message(m.pattern, c.params) == c.english);
    // The params are exactly the pattern's placeholders.
    std::set<std::string> given;
    for (const MessageValue& p : c.params) given.insert(p.name);
    const std::vector<std::string> names = placeholders(m.pattern);
    CHECK(given == std::set<std::string>(names.begin(), names.end()));
    covered.insert(c.code);
  }
  CHECK(covered.size() == input_message_declarations().size);
}

TEST_CASE("input messages: range refusals carry their code and params") {
  const InputFieldDeclaration& batch = *find_budget_input_field("batch");
  check_error(*check_declared_value(batch, 0.5), "batch must be a whole number from 1 to 1e6 (got 0.5)",
              "out_of_range_whole", R"({"field":"batch","min":1,"max":1e6,"value":0.5})");
  check_error(*check_declared_value(*find_budget_input_field("headroom_fraction"), kNaN),
              "headroom_fraction must be a number from 0 to 0.9 (got NaN)", "out_of_range",
              R"({"field":"headroom_fraction","min":0,"max":0.9,"value":"NaN"})");
  check_error(*check_declared_value(*find_budget_input_field("sliding_window_tokens"), -1),
              "sliding_window_tokens must be 0 (full attention) or a whole number from 1 to 1e7 (got -1)",
              "out_of_range_or_zero_whole",
              R"({"field":"sliding_window_tokens","zero_means":"full attention","min":1,"max":1e7,"value":-1})");
  check_error(*check_declared_value(*find_budget_input_field("ttft_target_s"), -1),
              "ttft_target_s must be 0 (no target) or a number from 1e-6 to 10000 (got -1)", "out_of_range_or_zero",
              R"({"field":"ttft_target_s","zero_means":"no target","min":1e-6,"max":10000,"value":-1})");
  check_error(*detail::check_value("bytes_per_score", 0, 0, 8, true, false),
              "bytes_per_score must be a number above 0 and at most 8 (got 0)", "out_of_range_above",
              R"({"field":"bytes_per_score","min":0,"max":8,"value":0})");

  // A capped field: above the cap (the cap note), and below its minimum.
  BudgetInput in;
  in.query_heads = 32;
  in.kv_heads = 40;
  check_error(*validate_budget_input(in),
              "kv_heads must be a whole number from 1 to query_heads (got 40; query_heads is 32)", "above_cap_whole",
              R"({"field":"kv_heads","min":1,"cap_field":"query_heads","value":40,"cap":32})");
  check_error(*validate_budget_input(with(&BudgetInput::kv_heads, 0)),
              "kv_heads must be a whole number from 1 to query_heads (got 0)", "out_of_range_capped_whole",
              R"({"field":"kv_heads","min":1,"cap_field":"query_heads","value":0})");
  check_error(*validate_budget_input(with(&BudgetInput::batch, 0)),
              "batch must be a whole number from 1 to 1e6 (got 0)", "out_of_range_whole",
              R"({"field":"batch","min":1,"max":1e6,"value":0})");

  // The context sweep's upper end, whose lower end is another argument.
  const ContextSweep sweep = sweep_context(BudgetInput{}, 1000, 5, 8);
  check_error(sweep.error, "max_context must be a whole number from min_context to 1e8 (got 5)",
              "out_of_range_from_field_whole",
              R"({"field":"max_context","min_field":"min_context","max":1e8,"value":5})");
}

TEST_CASE("input messages: the model's shape and the tensor split carry their code and params") {
  BudgetInput heads;
  heads.query_heads = 32;
  heads.kv_heads = 5;
  check_error(*validate_budget_input(heads),
              "kv_heads must divide query_heads (32): each KV head serves a whole group of query heads; got 5; nearest "
              "valid: 4 or 8",
              "kv_heads_not_dividing",
              R"({"field":"kv_heads","heads_field":"query_heads","heads":32,"value":5,"below":4,"above":8})");
  BudgetInput split;
  split.query_heads = 32;
  split.kv_heads = 8;
  split.gpus = 3;
  check_error(*validate_budget_input(split),
              "gpus must divide query_heads (32) and either divide or be divided by kv_heads (8); got 3; nearest "
              "valid: 2 or 4",
              "gpus_not_splitting",
              R"({"field":"gpus","query_field":"query_heads","query_heads":32,"kv_field":"kv_heads","kv_heads":8,)"
              R"("value":3,"below":2,"above":4})");
  BudgetInput moe;
  moe.experts = 8;
  moe.experts_per_token = 0;
  check_error(*validate_budget_input(moe),
              "experts_per_token must be set (at least 1) when experts is (got 0; experts is 8); set both to 0 for a "
              "dense model",
              "experts_unset", R"({"field":"experts_per_token","other_field":"experts","other":8})");
  moe.experts_per_token = 2;
  moe.total_params = 8e9;
  moe.active_params = 1e9;
  // 8e9 * 2 / 8 = 2e9 at least.
  check_error(*validate_budget_input(moe),
              "active_params must be at least total_params * experts_per_token / experts (2e9): a token's 2 of 8 "
              "experts cannot weigh less than their share of the total (got 1e9)",
              "active_below_share",
              R"({"field":"active_params","total_field":"total_params","per_token_field":"experts_per_token",)"
              R"("experts_field":"experts","least":2e9,"per_token":2,"experts":8,"value":1e9})");
}

TEST_CASE("input messages: typed-text refusals carry their code and params") {
  const auto error = [](const char* field, const std::string& text) {
    const FieldReading r = read_field_value(field, text, 1);
    CHECK_FALSE(r.ok);
    return r.error;
  };
  check_error(error("batch", ""), "Batch: type a number.", "empty_text", R"({"label":"Batch"})");
  check_error(error("layers", "abc"), "Layers: “abc” is not a number; type digits such as 12.5.", "not_a_number",
              R"({"label":"Layers","text":"abc"})");
  check_error(error("batch", "1e"), "Batch: “1e” is not finished: type the exponent's digits (1e9).",
              "unfinished_exponent", R"({"label":"Batch","text":"1e"})");
  check_error(error("batch", "1e999"), "Batch: that number is too large.", "number_too_large", R"({"label":"Batch"})");
  check_error(error("batch", "1\x01"), "Batch: that holds characters that are not text.", "not_text",
              R"({"label":"Batch"})");
  check_error(error("no_such_field", "1"), "“no_such_field” is not an input field.", "unknown_field",
              R"({"text":"no_such_field"})");
  check_error(error("gpu_memory_bytes", std::string(201, '1')),
              "GPU memory: that is too long to be a number (more than 200 bytes).", "text_too_long",
              R"({"label":"GPU memory","limit":200})");
  check_error(error("layers", "12 GB"),
              "Layers: “GB” is not a unit of layers; write a number, or a number with k, M, B or T (70B, 32k).",
              "wrong_unit", R"({"label":"Layers","typed_unit":"GB","unit":"layers","hint":"unit_hint_count"})");
  check_error(error("gpu_memory_bytes", "80 Gb"),
              "GPU memory: “Gb” is a unit of bits; use B, KB, MB, GB, TB or KiB, MiB, GiB, TiB (80 GB).", "bits_unit",
              R"({"label":"GPU memory","typed_unit":"Gb","hint":"unit_hint_bytes"})");
  const FieldReading bad_factor = read_field_value("batch", "1", 0);
  check_error(bad_factor.error, "Batch: the display factor must be a positive number.", "bad_display_factor",
              R"({"label":"Batch"})");
}
