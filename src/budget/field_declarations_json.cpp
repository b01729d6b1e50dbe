#include "budget/field_declarations_json.h"

#include "budget/field_declarations.h"
#include "budget/flat_calls.h"
#include "budget/input_messages.h"
#include "budget/series_declarations.h"
#include "budget/unit_words.h"
#include "reading/quantity.h"
#include "text/json_text.h"

namespace llmbudget {

namespace {

using json::add_flag_member;
using json::add_key;
using json::add_number_member;
using json::add_object_array;
using json::add_string;
using json::add_text_member;
using json::close_with;

void add_inputs(std::string& out, Table<InputFieldDeclaration> fields, bool with_default) {
  const BudgetInput defaults;
  add_object_array(out, fields, [&out, &defaults, with_default](const InputFieldDeclaration& f) {
    add_input_declaration_members(out, f);
    if (with_default && f.member != nullptr) add_number_member(out, "default", defaults.*f.member);
  });
}

template <class R>
void add_results(std::string& out, Table<ResultFieldDeclaration<R>> fields) {
  add_object_array(out, fields, [&out](const ResultFieldDeclaration<R>& f) {
    add_text_member(out, "name", f.name);
    add_text_member(out, "unit", f.unit);
    add_text_member(out, "unit_one", unit_singular(f.unit).c_str());
    add_text_member(out, "kind", kResultKindNames[static_cast<int>(f.kind)]);
    add_flag_member(out, "needs_fit", f.needs_fit);
    add_text_member(out, "meaning", f.meaning);
  });
}

template <class S>
void add_series(std::string& out, Table<SeriesDeclaration<S>> series) {
  add_object_array(out, series, [&out](const SeriesDeclaration<S>& f) {
    add_text_member(out, "name", f.name);
    add_text_member(out, "unit", f.unit);
    add_text_member(out, "unit_one", unit_singular(f.unit).c_str());
    add_flag_member(out, "flag", f.flag);
    add_flag_member(out, "needs_fit", f.needs_fit);
    add_text_member(out, "meaning", f.meaning);
  });
}

// A flat layout's names, in order (flat_calls.h FlatValue).
template <class R, std::size_t N>
void add_layout_names(std::string& out, const FlatValue<R> (&layout)[N]) {
  out += '[';
  for (const FlatValue<R>& v : layout) {
    add_string(out, v.name);
    out += ',';
  }
  close_with(out, ']');
}

template <std::size_t N>
void add_names(std::string& out, const char* const (&names)[N]) {
  out += '[';
  for (const char* name : names) {
    add_string(out, name);
    out += ',';
  }
  close_with(out, ']');
}

}  // namespace

void add_input_declaration_members(std::string& out, const InputFieldDeclaration& f) {
  add_text_member(out, "name", f.name);
  add_text_member(out, "symbol", f.symbol);
  add_text_member(out, "label", f.label);
  add_text_member(out, "unit", f.unit);
  add_text_member(out, "unit_one", unit_singular(f.unit).c_str());
  add_text_member(out, "kind", kFieldKindNames[static_cast<int>(f.kind)]);
  add_number_member(out, "min", f.min);
  add_number_member(out, "max", f.max);
  add_flag_member(out, "min_exclusive", f.min_exclusive);
  add_text_member(out, "zero_means", f.zero_means);
  add_text_member(out, "max_from", f.max_from);
  add_number_member(out, "typical_min", f.typical_min);
  add_number_member(out, "typical_max", f.typical_max);
  add_text_member(out, "group", f.group);
  add_text_member(out, "meaning", f.meaning);
  add_text_member(out, "count_prefixes", kCountPrefixNames[static_cast<int>(f.count_prefixes)]);
}

std::string field_declarations_json() {
  std::string out = "{";
  // The longest text read_field_value reads (field_reader.h); a facade clips
  // what it hands to the core just past it, so no pasted megabyte enters wasm.
  json::add_number_member(out, "max_text_bytes", static_cast<double>(kMaxAnswerBytes));
  add_key(out, "inputs");
  add_inputs(out, budget_input_fields(), true);
  out += ',';
  add_key(out, "speculative_inputs");
  add_inputs(out, speculative_input_fields(), false);
  out += ',';
  add_key(out, "plan_cost_inputs");
  add_inputs(out, plan_cost_input_fields(), false);
  out += ',';
  add_key(out, "vllm_runtime_inputs");
  add_inputs(out, vllm_runtime_input_fields(), false);
  out += ',';
  add_key(out, "results");
  out += '{';
  add_key(out, "plan");
  add_results(out, budget_result_fields());
  out += ',';
  add_key(out, "capacity");
  add_results(out, capacity_result_fields());
  out += ',';
  add_key(out, "speculative");
  add_results(out, speculative_result_fields());
  out += ',';
  add_key(out, "vllm_runtime");
  add_results(out, vllm_runtime_result_fields());
  out += ',';
  add_key(out, "plan_levers");
  add_results(out, plan_row_fields());
  out += ',';
  add_key(out, "plan_hardware");
  add_results(out, hardware_plan_row_fields());
  out += "},";
  add_key(out, "series");
  out += '{';
  add_key(out, "batch");
  add_series(out, batch_series());
  out += ',';
  add_key(out, "context");
  add_series(out, context_series());
  out += ',';
  add_key(out, "acceptance");
  add_series(out, acceptance_series());
  out += "},";
  add_key(out, "enums");
  out += '{';
  add_key(out, "Verdict");
  add_names(out, kVerdictNames);
  out += ',';
  add_key(out, "BindingTerm");
  add_names(out, kBindingTermNames);
  out += "},";
  // The flat calls' small layouts (flat_calls.h): the names of the values each writes, in order.
  add_key(out, "flat_layouts");
  out += '{';
  add_key(out, "field_reading");
  add_layout_names(out, kFieldReadingLayout);
  out += ',';
  add_key(out, "best_draft");
  add_layout_names(out, kBestDraftLayout);
  out += ',';
  add_key(out, "attention_memory");
  add_layout_names(out, kAttentionMemoryLayout);
  out += "},";
  // Every kind of refusal the budget writes (input_messages.h), each a code and
  // its English pattern, so a page can write a refusal in its own language. The
  // config.json importer's kinds, its notes and the JSON reader's reasons are listed
  // by import_message_declarations_json() (hf_config_json.h), the serving
  // simulation's by simulation_message_declarations_json() (traffic_declarations_json.h),
  // in the full module only.
  add_key(out, "messages");
  out += message_declarations_json(budget_message_declarations());
  out += '}';
  return out;
}

}  // namespace llmbudget
