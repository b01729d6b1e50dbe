// The field declarations: every row consistent with the structs it describes,
// and the JSON the facade and the CLI read.
#include <catch2/catch.hpp>
#include <cstring>
#include <string>

#include "budget/field_declarations.h"
#include "budget/field_declarations_json.h"
#include "budget/speculative.h"
#include "budget/validate.h"

using namespace llmbudget;

TEST_CASE("result declarations name each struct member once, with units the answer checker knows", "[declarations]") {
  const auto plan_fields = budget_result_fields();
  // The lesson's 15, 8 of several GPUs (per GPU, comm, TTFT, targets), 4 of
  // decode traffic and the layer mix, 5 of the runtime's memory and the rate.
  REQUIRE(plan_fields.size == 32);
  BudgetInput in;
  in.kv_heads = 8;  // the lesson's GQA-8 row: 31.2 GB, 31.2 ms (seed-values.json)
  const BudgetResult r = plan(in);
  REQUIRE(r.ok);
  for (const auto& f : plan_fields) {
    INFO(f.name);
    const int set = (f.number != nullptr) + (f.flag != nullptr) + (f.verdict != nullptr) + (f.binding_term != nullptr);
    CHECK(set == 1);
    const std::string unit = f.unit;
    CHECK((unit.empty() || unit == "B" || unit == "s" || unit == "tok/s"));
  }
  // Reading through the declaration gives the struct's own values.
  for (const auto& f : plan_fields) {
    if (std::strcmp(f.name, "total_bytes") == 0)
      CHECK(r.*f.number == 31179869184.0);  // 14e9 + 2*32*8*128*8192*16*2 = 14e9 + 17179869184
    if (std::strcmp(f.name, "step_s") == 0) CHECK(r.*f.number == Approx(0.031179869184));  // 31179869184 B / 1e12 B/s
    if (std::strcmp(f.name, "verdict") == 0) CHECK(std::string(verdict_name(r.*f.verdict)) == "fits");
  }
  CHECK(capacity_result_fields().size == 7);  // + min_gpus_to_fit
  CHECK(speculative_result_fields().size == 2);
}

TEST_CASE("speculative parameters are declared with the ranges speculative() enforces", "[declarations]") {
  const auto* k = find_speculative_input_field("draft_tokens");
  REQUIRE(k != nullptr);
  CHECK(k->kind == FieldKind::whole);
  CHECK(k->min == 1);
  CHECK(k->max == 32);
  CHECK(speculative(0.8, 32, 0).ok);
  const SpeculativeResult over = speculative(0.8, 33, 0);
  REQUIRE_FALSE(over.ok);
  CHECK(over.error.message == "draft_tokens must be a whole number from 1 to 32 (got 33)");
  CHECK(find_speculative_input_field("batch") == nullptr);
}

TEST_CASE("declared values pass their own check and 0 only where it has a meaning", "[declarations]") {
  for (const InputFieldDeclaration& f : budget_input_fields()) {
    INFO(f.name);
    const double cap = f.max;  // a cap no lower than the field's own maximum
    CHECK_FALSE(check_declared_value(f, f.max, cap).has_value());
    CHECK(check_declared_value(f, 0, cap).has_value() == (f.zero_means[0] == '\0' && (f.min > 0 || f.min_exclusive)));
  }
  const auto* window = find_budget_input_field("sliding_window_tokens");
  CHECK(check_declared_value(*window, -4096)->message ==
        "sliding_window_tokens must be 0 (full attention) or a whole number from 1 to 1e7 (got -4096)");
}

TEST_CASE("k means 1024 only in the token counts of a context", "[declarations]") {
  // Context lengths are counted in powers of two: a "32k" model holds 32,768
  // tokens, "128k" 131,072 (Llama 3.1's 128k context is 131,072 tokens), and a
  // 4k sliding window is 4,096 (Mistral 7B's). Everything else counts in
  // thousands: 32k requests are 32,000.
  for (const InputFieldDeclaration& f : budget_input_fields()) {
    INFO(f.name);
    const std::string name = f.name;
    const bool context = name == "context_tokens" || name == "prompt_tokens" || name == "sliding_window_tokens" ||
                         name == "model_max_context_tokens";
    CHECK((f.count_prefixes == CountPrefixes::binary) == context);
  }
  for (const InputFieldDeclaration& f : speculative_input_fields()) CHECK(f.count_prefixes == CountPrefixes::decimal);
  const std::string json = field_declarations_json();
  CHECK(json.find(R"("meaning":"tokens each request holds in the KV cache","count_prefixes":"binary")") !=
        std::string::npos);
}

TEST_CASE("the declaration as JSON carries names, ranges, defaults and enum names", "[declarations]") {
  const std::string json = field_declarations_json();
  CHECK(json.front() == '{');
  CHECK(json.back() == '}');
  // Defaults are BudgetInput{}'s own: 7e9 parameters, 80 GB.
  CHECK(
      json.find(
          R"("name":"total_params","symbol":"P","label":"Total parameters","unit":"parameters","unit_one":"parameter","kind":"real","min":1,"max":1e13,)") !=
      std::string::npos);
  CHECK(
      json.find(
          R"("meaning":"all parameters (MoE: every expert); sets weight memory","count_prefixes":"decimal","default":7e9})") !=
      std::string::npos);
  CHECK(json.find(R"("name":"gpu_memory_bytes")") != std::string::npos);
  CHECK(json.find(R"("default":8e10})") != std::string::npos);
  CHECK(json.find(R"("max_from":"query_heads")") != std::string::npos);
  CHECK(json.find(R"("Verdict":["fits","tight","does-not-fit"])") != std::string::npos);
  CHECK(
      json.find(R"("name":"kv_cache_bytes_per_token","unit":"B","unit_one":"B","kind":"number","needs_fit":false,)") !=
      std::string::npos);
  CHECK(json.find(R"("name":"step_s","unit":"s","unit_one":"s","kind":"number","needs_fit":true,)") !=
        std::string::npos);
  // The meaning of headroom has quotes of its own: written as they are (single quotes need no escape).
  CHECK(json.find("less free than this is 'tight'") != std::string::npos);
  // Speculative parameters have no default (they are not BudgetInput members).
  const std::size_t spec = json.find(R"("speculative_inputs")");
  const std::size_t results = json.find(R"("results")");
  REQUIRE(spec < results);
  CHECK(json.substr(spec, results - spec).find("\"default\"") == std::string::npos);
}
