// libFuzzer target for the JSON reader and the config.json importer
// (tools/fuzz 60 fuzz_hf_config; seeds: the fixtures of tests/data/hf-configs).
// Besides "no crash, no sanitizer report", it checks the documented promises:
// a refusal names a field and says why and carries no values; an import gives
// every one of its twelve values, each finite and valid for its declaration;
// a read error's offset lies inside the text (or at its end).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "budget/hf_config.h"
#include "budget/validate.h"
#include "text/json_reader.h"

namespace lb = llmbudget;

namespace {
void require(bool condition) {
  if (!condition) std::abort();  // libFuzzer reports the input that broke a promise
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);

  const lb::json::ReadResult doc = lb::json::read_json(text);
  if (!doc.ok) {
    require(doc.error.offset <= text.size());
    require(!doc.error.reason.empty());
  }

  const lb::HfImportResult r = lb::import_hf_config(text);
  if (!r.ok) {
    require(!r.error.field.empty());
    require(!r.error.message.empty());
    require(r.values.empty() && r.notes.empty());
    return 0;
  }
  require(r.values.size() == 12);
  lb::BudgetInput in;
  lb::apply_hf_import(r, in);
  for (const lb::HfImportedValue& v : r.values) require(std::isfinite(v.value));
  // The model fields alone are valid; the workload's context may exceed the model's limit.
  in.context_tokens = 1;
  require(!lb::validate_budget_input(in).has_value());
  return 0;
}
