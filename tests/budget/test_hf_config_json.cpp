// import_hf_config() as JSON text for the JS facade: the shape the facade
// parses, read back with the core's own JSON reader.
#include <catch2/catch.hpp>

#include <string>

#include "budget/hf_config_json.h"
#include "text/json_reader.h"

using namespace llmbudget;

TEST_CASE("hf_import_json gives ok, error null, the inputs by name and the notes", "[hf_config]") {
  // Llama 2 7B's shapes: 32 x (4 x 4096^2 + 3 x 4096 x 11008 + 2 x 4096) + 2 x 32000 x 4096 + 4096.
  const std::string text = hf_import_json(
      "{\"model_type\": \"llama\", \"vocab_size\": 32000, \"hidden_size\": 4096, \"intermediate_size\": 11008,"
      " \"num_hidden_layers\": 32, \"num_attention_heads\": 32, \"num_key_value_heads\": 32,"
      " \"max_position_embeddings\": 4096}");
  const json::ReadResult r = json::read_json(text);
  REQUIRE(r.ok);
  CHECK(r.value.find("ok")->flag);
  CHECK(r.value.find("error")->kind == json::Kind::null_value);
  const json::Value* inputs = r.value.find("inputs");
  REQUIRE(inputs != nullptr);
  REQUIRE(inputs->keys.size() == 13);
  CHECK(inputs->keys[0] == "total_params");
  CHECK(inputs->find("total_params")->number == 6738415616);
  CHECK(inputs->find("model_max_context_tokens")->number == 4096);
  CHECK(inputs->find("vocab_size")->number == 32000);
  const json::Value* notes = r.value.find("notes");
  REQUIRE(notes->kind == json::Kind::array);
  REQUIRE_FALSE(notes->items.empty());
  CHECK(notes->items[0].text.find("Read as llama") == 0);
}

TEST_CASE("hf_import_json gives a refusal as error {field, message}, empty inputs and notes", "[hf_config]") {
  const json::ReadResult r = json::read_json(hf_import_json("{\"model_type\": \"rwkv\\\"\\n\"}"));
  REQUIRE(r.ok);  // a quote and a newline in the echoed model_type are escaped
  CHECK_FALSE(r.value.find("ok")->flag);
  const json::Value* error = r.value.find("error");
  REQUIRE(error != nullptr);
  CHECK(error->find("field")->text == "model_type");
  CHECK(error->find("message")->text.find("model_type \"rwkv\"[U+000A]\" is not an architecture") == 0);
  CHECK(r.value.find("inputs")->keys.empty());
  CHECK(r.value.find("notes")->items.empty());
}
