// The one declaration of every input and result field the core exposes.
//
// Each input row gives the field's name (also its CLI flag, --config key and
// JS property), the lesson's symbol, a short label, its unit, whether it must
// be whole, its valid range, the special meaning of 0 where 0 is allowed
// outside the range, the field that caps it (cross-field rule), the range a
// slider usually covers, the calculator group it belongs to and a one-line
// meaning. Defaults are the struct's own member initialisers (BudgetInput{}),
// so a default is written once. Each result row gives name, unit, kind and
// meaning.
//
// Everything that names, checks, binds, parses, prints or displays a field
// reads these tables: validate_budget_input(), the flat calls (flat_calls.h,
// wasm/budget/bindings_flat.cpp) and the simulation's Embind table, the CLI (tools/cli/budget_table.cpp), the JS facade
// (web/core/budget-core.js), the calculator, tools/check-content and the
// quiz's value lookups. Adding an input is one BudgetInput member, one row in
// kBudgetInputFields (field_declarations.cpp) and its tests.
#pragma once

#include <cstddef>

#include "budget/budget_types.h"
#include "budget/capacity.h"
#include "budget/planner.h"
#include "budget/serving_budget.h"
#include "budget/speculative.h"
#include "budget/vllm_runtime.h"
#include "text/table.h"

namespace llmbudget {

/// How a field's value must look: any real number in range, or a whole number.
enum class FieldKind { real = 0, whole = 1 };

/// What k and M stand for in a count typed into a field (field_reader.h):
/// decimal, k = 1,000 and M = 1,000,000 (requests, parameters, layers); or
/// binary, k = 1,024 and M = 1,048,576, the way context lengths are counted
/// (a "32k" model holds 32,768 tokens, "128k" 131,072; Llama 2's 4k is 4,096).
/// The words thousand and million stay decimal everywhere.
enum class CountPrefixes { decimal = 0, binary = 1 };

/// One input field. Strings are static and never null ("" when absent).
/// Valid values: min <= v <= max (min < v when min_exclusive), whole if kind
/// is whole; v <= the current value of `max_from` when that names a field;
/// v == 0 as well when zero_means is non-empty (0 then means zero_means).
struct InputFieldDeclaration {
  const char* name;    ///< snake_case, as in BudgetInput: "kv_heads"
  const char* symbol;  ///< the lesson's symbol: "H_kv"; "" when it has none
  const char* label;   ///< short label for a form: "KV heads"
  const char* unit;    ///< what one unit of the value is: "bytes", "tokens per request"
  FieldKind kind;
  double min;
  double max;
  bool min_exclusive;
  const char* zero_means;  ///< "" or what 0 stands for: "full attention"
  const char* max_from;    ///< "" or the field whose value caps this one: "query_heads"
  double typical_min;      ///< the span a slider covers, inside [min, max]
  double typical_max;
  const char*
      group;  ///< calculator group: "Model", "Precision", "Workload", "Hardware", "Parallelism", "Policy",
              ///< "Targets", "Runtime", "Cost"; a preset of a model sets the Model group, of a GPU the Hardware group
  const char* meaning;               ///< one line, for --help and a field's hint
  double BudgetInput::*member;       ///< nullptr for a parameter of a function other than plan()
  double PlanOptions::*plan_option;  ///< the same parameter in plan_levers()' options (speculative ones); else nullptr
  CountPrefixes count_prefixes;      ///< what k and M mean when typed for this field
};

/// The kind of value a result field holds.
enum class ResultKind { number = 0, flag = 1, verdict = 2, binding_term = 3 };

/// One result field of BudgetResult, CapacityResult, SpeculativeResult or PlanRow.
/// Exactly one member pointer matching `kind` is set; the others are null.
template <class Result>
struct ResultFieldDeclaration {
  const char* name;  ///< as in the result struct: "kv_cache_bytes"
  const char* unit;  ///< a unit the answer checker knows ("B", "s", "tok/s", "tokens") or "" for a plain number
  ResultKind kind;
  bool needs_fit;       ///< meaningless (reported as null) when the configuration does not fit
  const char* meaning;  ///< one line
  double Result::*number;
  bool Result::*flag;
  Verdict Result::*verdict;
  BindingTerm Result::*binding_term;
};

/// The 32 BudgetInput fields in declaration (and calculator) order.
Table<InputFieldDeclaration> budget_input_fields();
/// The parameters of speculative decoding: acceptance_rate, draft_tokens, draft_cost_ratio (speculative()'s and,
/// without draft_tokens, best_draft_tokens()'s), then draft_params (plan_levers()' alone: the draft model's size).
Table<InputFieldDeclaration> speculative_input_fields();
/// The fields of BudgetResult (beyond ok/error), in struct order.
Table<ResultFieldDeclaration<BudgetResult>> budget_result_fields();
/// The fields of CapacityResult (beyond ok/error).
Table<ResultFieldDeclaration<CapacityResult>> capacity_result_fields();
/// The fields of SpeculativeResult (beyond ok/error).
Table<ResultFieldDeclaration<SpeculativeResult>> speculative_result_fields();
/// The fields of one plan_levers() row, in struct (and column) order.
Table<ResultFieldDeclaration<PlanRow>> plan_row_fields();
/// The cost parameter of plan_hardware() (HardwareOption::price_per_gpu_hour): price_per_gpu_hour, $ per GPU-hour,
/// 1e-4 (a hundredth of a cent) to 1e6, or 0 = no price.
Table<InputFieldDeclaration> plan_cost_input_fields();
/// The parameter of vllm_runtime_estimate() beside the BudgetInput: max_num_seqs, sequences, whole, 1 to 1e6,
/// or 0 = vLLM's default for the GPU's memory (vllm_runtime.h).
Table<InputFieldDeclaration> vllm_runtime_input_fields();
/// The fields of VllmRuntimeEstimate (beyond ok/error), in struct order.
Table<ResultFieldDeclaration<VllmRuntimeEstimate>> vllm_runtime_result_fields();
/// The fields plan_hardware() adds to each plan row (HardwarePlanRow beyond `plan`), in struct (and column) order.
Table<ResultFieldDeclaration<HardwarePlanRow>> hardware_plan_row_fields();

/// The declaration of `name` among the BudgetInput fields, or nullptr.
const InputFieldDeclaration* find_budget_input_field(const char* name);
/// The declaration of `name` among the speculative parameters, or nullptr.
const InputFieldDeclaration* find_speculative_input_field(const char* name);

/// The declaration of `name` among the planner's cost parameters, or nullptr.
const InputFieldDeclaration* find_plan_cost_input_field(const char* name);

/// Enum names, indexed by the enum's value; the bindings and every printer use these.
constexpr const char* kVerdictNames[] = {"fits", "tight", "does-not-fit"};
constexpr const char* kBindingTermNames[] = {"memory", "compute"};
constexpr const char* kFieldKindNames[] = {"real", "whole"};
constexpr const char* kResultKindNames[] = {"number", "flag", "verdict", "binding_term"};
constexpr const char* kCountPrefixNames[] = {"decimal", "binary"};

inline const char* verdict_name(Verdict v) { return kVerdictNames[static_cast<int>(v)]; }
inline const char* binding_term_name(BindingTerm b) { return kBindingTermNames[static_cast<int>(b)]; }

}  // namespace llmbudget
