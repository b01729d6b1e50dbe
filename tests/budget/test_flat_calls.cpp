// The budget's flat calls that read text or write a small result (flat_calls.h), as the
// calculator's module reaches them without Embind: the text buffer's layout (a name, a NUL,
// the typed text), each result in its declared layout, and refusals in error().
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <string>

#include "budget/field_declarations_json.h"
#include "budget/flat_calls.h"

using namespace llmbudget;

namespace {

// Writes `name`, a NUL and `text` into the calls' text buffer, as web/core/wasm-text.js does.
void write_name_and_text(FlatCalls& calls, const std::string& name, const std::string& text) {
  char* at = calls.text_buffer(static_cast<double>(name.size() + 1 + text.size()));
  std::memcpy(at, name.data(), name.size());
  at[name.size()] = '\0';
  std::memcpy(at + name.size() + 1, text.data(), text.size());
}

}  // namespace

TEST_CASE("flat read_field: the name and the text from the buffer, the reading in its declared layout",
          "[flat_calls]") {
  FlatCalls calls;
  // "2,039" in a bandwidth box shown in TB/s: ambiguous, the thousands reading first (2039 TB/s = 2.039e15 B/s).
  write_name_and_text(calls, "bandwidth_bytes_per_s", "2,039");
  REQUIRE(calls.run_read_field(21, 5, 1e12, false, false));
  // kFieldReadingLayout: value, significant_digits, binary_prefix, ambiguous, ambiguous_mark, grouping_taken.
  REQUIRE(calls.small_output().size() == std::size(kFieldReadingLayout));
  CHECK(calls.small_output()[0] == 2.039e15);
  CHECK(calls.small_output()[1] == 4);
  CHECK(calls.small_output()[2] == 0);
  CHECK(calls.small_output()[3] == 1);
  CHECK(calls.small_output()[4] == ',');
  CHECK(calls.small_output()[5] == 1);
  // "32k" of context: k is 1,024 there (a binary prefix).
  write_name_and_text(calls, "context_tokens", "32k");
  REQUIRE(calls.run_read_field(14, 3, 1, false, false));
  CHECK(calls.small_output()[0] == 32768);
  CHECK(calls.small_output()[2] == 1);
  // A refusal is in error(), with its declared kind.
  write_name_and_text(calls, "batch", "1/2");
  CHECK_FALSE(calls.run_read_field(5, 3, 1, false, false));
  CHECK(calls.error().field == "batch");
  CHECK(calls.error().code == "calculation_not_taken");
  CHECK(calls.error().message == "Batch: “1/2” is a calculation; type its result as one number.");
}

TEST_CASE("flat read_field: lengths past the buffer are cut to it, never read beyond", "[flat_calls]") {
  FlatCalls calls;
  write_name_and_text(calls, "batch", "16");
  // A text length far past the buffer reads only what is there: "16".
  REQUIRE(calls.run_read_field(5, 1e9, 1, false, false));
  CHECK(calls.small_output()[0] == 16);
  // A name length past the buffer takes the whole buffer as the name: no such field.
  CHECK_FALSE(calls.run_read_field(1e9, 2, 1, false, false));
  // No room is given for more than kMaxFlatTextBytes bytes, nor for a negative or NaN size; the buffer stays.
  CHECK(calls.text_buffer(static_cast<double>(kMaxFlatTextBytes) + 1) == nullptr);
  CHECK(calls.text_buffer(-5) == nullptr);
  CHECK(calls.text_buffer(std::nan("")) == nullptr);
  CHECK(calls.run_read_field(5, 2, 1, false, false));
  CHECK(calls.text_buffer(static_cast<double>(kMaxFlatTextBytes)) != nullptr);
}

TEST_CASE("flat speculative, best draft and attention memory write their declared layouts", "[flat_calls]") {
  FlatCalls calls;
  // a = 0.8, k = 4, c = 0.1: (1 - 0.8^5) / (1 - 0.8) = 3.3616 tokens per target pass, speedup 3.3616 / 1.4 = 2.4011.
  REQUIRE(calls.run_speculative(0.8, 4, 0.1));
  REQUIRE(calls.small_output().size() == speculative_result_fields().size);
  for (std::size_t i = 0; i < speculative_result_fields().size; ++i) {
    const std::string name = speculative_result_fields().rows[i].name;
    if (name == "tokens_per_pass") CHECK(calls.small_output()[i] == Approx(3.3616));
    if (name == "speedup") CHECK(calls.small_output()[i] == Approx(3.3616 / 1.4));
  }
  CHECK_FALSE(calls.run_speculative(1.5, 4, 0.1));
  CHECK(calls.error().field == "acceptance_rate");
  // kBestDraftLayout: draft_tokens, speedup, tokens_per_pass. For a = 0.8, c = 0.1 the speedup
  // (1 - 0.8^(k+1)) / 0.2 / (1 + 0.1 k) is largest at k = 6: 3.951424 tokens per pass / 1.6 = 2.46964.
  REQUIRE(calls.run_best_draft_tokens(0.8, 0.1));
  REQUIRE(calls.small_output().size() == std::size(kBestDraftLayout));
  CHECK(calls.small_output()[0] == 6);
  CHECK(calls.small_output()[1] == Approx(2.46964));
  CHECK(calls.small_output()[2] == Approx(3.951424));
  // kAttentionMemoryLayout: 32 heads x 8,192^2 x 2 B = 4,294,967,296 B stored; 32 x 8,192 x 2 x 4 B = 2,097,152 B
  // tiled.
  REQUIRE(calls.run_attention_memory(32, 8192, 2));
  REQUIRE(calls.small_output().size() == std::size(kAttentionMemoryLayout));
  CHECK(calls.small_output()[0] == 4294967296.0);
  CHECK(calls.small_output()[1] == 2097152.0);
}

TEST_CASE("flat vllm_default_max_num_seqs reads the device name from the buffer", "[flat_calls]") {
  FlatCalls calls;
  const std::string a100 = "NVIDIA A100-SXM4-80GB";
  std::memcpy(calls.text_buffer(static_cast<double>(a100.size())), a100.data(), a100.size());
  // 80 GiB, but an A100 keeps vLLM's 256 (vllm_runtime.h).
  CHECK(calls.run_vllm_default_max_num_seqs(80.0 * 1073741824.0, static_cast<double>(a100.size())) == 256);
  calls.text_buffer(0);
  CHECK(calls.run_vllm_default_max_num_seqs(80.0 * 1073741824.0, 0) == 1024);
}

TEST_CASE("the declarations JSON lists the flat layouts by name", "[flat_calls][declarations]") {
  const std::string json = field_declarations_json();
  CHECK(json.find("\"flat_layouts\":{\"field_reading\":[\"value\",\"significant_digits\",\"binary_prefix\","
                  "\"ambiguous\",\"ambiguous_mark\",\"grouping_taken\"],\"best_draft\":[\"draft_tokens\",\"speedup\","
                  "\"tokens_per_pass\"],\"attention_memory\":[\"stored_score_bytes\",\"tiled_kernel_bytes\"]}") !=
        std::string::npos);
}
