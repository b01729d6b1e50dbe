// The config.json importer's notes and refusals are declared kinds
// (import_notes.h, input_messages.h): each carries its code and values, and its
// English sentence is its pattern filled with them, so a page can write it in
// another language.
#include <catch2/catch.hpp>

#include <cstring>
#include <set>
#include <string>

#include "budget/hf_config.h"
#include "budget/hf_config_fixture.h"
#include "budget/hf_config_json.h"
#include "budget/import_notes.h"
#include "budget/input_messages.h"
#include "text/number_text.h"

using namespace llmbudget;

namespace {

using test::fixture;  // tests/budget/hf_config_fixture.h

}  // namespace

TEST_CASE("note and message codes are unique across both declarations, notes start with note_", "[import_messages]") {
  std::set<std::string> codes;
  for (const InputMessageDeclaration& m : input_message_declarations()) CHECK(codes.insert(m.code).second);
  for (const ImportNoteDeclaration& n : import_note_declarations()) {
    INFO(n.code);
    CHECK(codes.insert(n.code).second);
    CHECK(std::strncmp(n.code, "note_", 5) == 0);
  }
  CHECK(codes.size() == input_message_declarations().size + import_note_declarations().size);
}

TEST_CASE("format_grouped writes whole numbers with thousands separators", "[import_messages]") {
  CHECK(format_grouped(8030261248) == "8,030,261,248");
  CHECK(format_grouped(131072) == "131,072");
  CHECK(format_grouped(999) == "999");
  CHECK(format_grouped(0) == "0");
  CHECK(format_grouped(-1200) == "-1,200");
  CHECK(format_grouped(2.5) == "2.5");  // not whole: as format_compact()
}

TEST_CASE("Llama-3.1-8B's notes: codes, values, and the English sentences as before", "[import_messages]") {
  const HfImportResult r = import_hf_config(fixture("llama-3.1-8b.json"));
  REQUIRE(r.ok);
  REQUIRE(r.notes.size() == 2);
  // Embeddings 128,256 x 4,096 = 525,336,576, and as many for the untied lm_head.
  CHECK(r.notes[0].code == "note_read_as");
  CHECK(r.notes[0].params_json ==
        "{\"model_type\":\"llama\",\"modeling\":\"llama/modeling_llama.py\",\"total\":8030261248,"
        "\"embeddings\":525336576,\"lm_head\":525336576}");
  CHECK(r.notes[0].text ==
        "Read as llama, counted the way huggingface/transformers src/transformers/models/llama/modeling_llama.py "
        "builds the weights: 8,030,261,248 parameters (embeddings 525,336,576, lm_head 525,336,576).");
  CHECK(r.notes[1].code == "note_rope_context_trained");
  CHECK(r.notes[1].params_json ==
        "{\"scaling\":\"rope_scaling (llama3, factor 8)\",\"context\":131072,\"trained\":8192}");
  CHECK(r.notes[1].text ==
        "rope_scaling (llama3, factor 8) is present: the maximum context is max_position_embeddings, 131,072 "
        "(trained at 8,192).");
}

TEST_CASE("a note whose English depends on a count: DeepSeek-V3's one shared expert", "[import_messages]") {
  const HfImportResult r = import_hf_config(fixture("deepseek-v3.json"));
  REQUIRE(r.ok);
  const ImportNote* shared = nullptr;
  for (const ImportNote& n : r.notes)
    if (n.code == "note_shared_experts") shared = &n;
  REQUIRE(shared != nullptr);
  CHECK(shared->params_json == "{\"count\":1}");
  CHECK(shared->text == "1 shared expert per MoE layer, always used, counted with the always-used weights.");
  // Two shared experts take the other pattern.
  const ImportNote two = import_note(NoteCode::shared_experts, {count_value("count", 2)});
  CHECK(two.text == "2 shared experts per MoE layer, always used, counted with the always-used weights.");
}

TEST_CASE("every fixture's notes are their patterns filled: no placeholder left", "[import_messages]") {
  for (const HfConfigFixture& f : kHfConfigFixtures) {
    INFO(f.name);
    const HfImportResult r = import_hf_config(f.text);
    REQUIRE(r.ok);
    for (const ImportNote& n : r.notes) {
      INFO(n.text);
      CHECK(std::strncmp(n.code.c_str(), "note_", 5) == 0);
      CHECK(n.text.find('{') == std::string::npos);
      CHECK(n.params_json.front() == '{');
    }
  }
}

TEST_CASE("the importer's refusals carry their codes and values", "[import_messages]") {
  // Broken JSON: the reader stops at byte 15 (counted from 0), the '}' where a value should follow the colon.
  const HfImportResult broken = import_hf_config("{\"model_type\": }");
  REQUIRE_FALSE(broken.ok);
  CHECK(broken.error.field == "config.json");
  CHECK(broken.error.code == "config_not_json");
  CHECK(broken.error.params_json.find("{\"offset\":15,\"reason\":") == 0);
  CHECK(broken.error.message.find("config.json is not valid JSON at byte 15: ") == 0);

  // A JSON array, not an object: its kind is a declared message.
  const HfImportResult array = import_hf_config("[1, 2]");
  CHECK(array.error.code == "config_not_object");
  CHECK(array.error.params_json == "{\"got\":\"json_array\"}");
  CHECK(array.error.message == "config.json must hold one JSON object (got an array)");

  const HfImportResult unknown = import_hf_config("{\"model_type\": \"gpt2\"}");
  CHECK(unknown.error.code == "config_unknown_model_type");
  CHECK(unknown.error.params_json.find("{\"got\":\"\\\"gpt2\\\"\",\"families\":\"llama, mistral,") == 0);
  CHECK(unknown.error.message.find(
            "model_type \"gpt2\" is not an architecture this importer reads (it reads llama, ") == 0);

  // A count that is not whole, by its path inside text_config.
  std::string gemma = fixture("gemma-3-27b-it.json");
  const std::string key = "\"num_key_value_heads\": 16";
  gemma.replace(gemma.find(key), key.size(), "\"num_key_value_heads\": 2.5");
  const HfImportResult half = import_hf_config(gemma);
  CHECK(half.error.code == "config_not_count");
  CHECK(half.error.params_json == "{\"key\":\"text_config.num_key_value_heads\",\"min\":1,\"max\":1e9,\"got\":2.5}");
  CHECK(half.error.message == "text_config.num_key_value_heads must be a whole number from 1 to 1e9 (got 2.5)");
}

TEST_CASE("a model outside the calculator's range wraps the range refusal it met", "[import_messages]") {
  // A layer count past the declared range is refused before anything is sized by it, with the
  // importer's own range sentence (the count grouped in English).
  std::string text = fixture("llama-3.1-8b.json");
  const std::string key = "\"num_hidden_layers\": 32";
  text.replace(text.find(key), key.size(), "\"num_hidden_layers\": 100000");
  const HfImportResult r = import_hf_config(text);
  REQUIRE_FALSE(r.ok);
  CHECK(r.error.code == "config_not_count");
  CHECK(r.error.field == "num_hidden_layers");
  CHECK(r.error.params_json.find("\"got\":100000}") != std::string::npos);
  CHECK(r.error.message.find("(got 100,000)") != std::string::npos);

  // An MLP so wide the count passes total_params' declared maximum (1e13): 32 layers of
  // 3 x 4,096 x 1e9 weights are 3.9e14 alone.
  std::string huge = fixture("llama-3.1-8b.json");
  const std::string mlp = "\"intermediate_size\": 14336";
  huge.replace(huge.find(mlp), mlp.size(), "\"intermediate_size\": 1000000000");
  const HfImportResult big = import_hf_config(huge);
  REQUIRE_FALSE(big.ok);
  CHECK(big.error.code == "config_outside_range");
  CHECK(big.error.field == "total_params");
  const std::string inner = "{\"refusal\":{\"field\":\"total_params\",\"error\":\"total_params must be";
  CHECK(big.error.params_json.find(inner) == 0);
  CHECK(big.error.params_json.find("\"code\":\"out_of_range") != std::string::npos);
  CHECK(big.error.message.find("the model this config.json describes is outside the calculator's range: "
                               "total_params must be") == 0);
}

TEST_CASE("hf_import_json carries the notes' kinds and the refusal's code", "[import_messages]") {
  const std::string ok = hf_import_json(fixture("llama-3.1-8b.json"));
  CHECK(ok.find("\"note_kinds\":[{\"code\":\"note_read_as\",\"params\":{\"model_type\":\"llama\",") !=
        std::string::npos);
  const std::string refused = hf_import_json("[1, 2]");
  CHECK(refused.find("\"code\":\"config_not_object\",\"params\":{\"got\":\"json_array\"}") != std::string::npos);
  CHECK(refused.find("\"note_kinds\":[]") != std::string::npos);
}

TEST_CASE("broken JSON: the reader's reason is a message of its own inside the refusal", "[import_messages]") {
  // The key starts at byte 24 (counted from 0), where it is given the second time.
  const HfImportResult twice = import_hf_config("{\"model_type\": \"llama\", \"model_type\": \"llama\"}");
  REQUIRE_FALSE(twice.ok);
  CHECK(twice.error.code == "config_not_json");
  CHECK(twice.error.params_json ==
        "{\"offset\":24,\"reason\":{\"field\":\"config.json\",\"error\":\"the key \\\"model_type\\\" appears twice in "
        "one "
        "object\",\"code\":\"json_error_duplicate_key\",\"params\":{\"key\":\"model_type\"}}}");
  CHECK(twice.error.message ==
        "config.json is not valid JSON at byte 24: the key \"model_type\" appears twice in one object");
}
