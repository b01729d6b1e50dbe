// plan() and capacity() on flat arrays of doubles laid out by the field
// declarations, so a caller across the wasm boundary writes the inputs into
// one Float64Array and reads every result back from another, with no
// per-field object conversion (the page calls plan() on every slider step).
//
// Layout: the input array holds budget_input_fields() in declaration order;
// a result array holds the result struct's declared fields in declaration
// order, numbers as they are, flags as 0 or 1, enums as their numeric value
// (names in kVerdictNames / kBindingTermNames).
#pragma once

#include <cstddef>
#include <vector>

#include "budget/attention_memory.h"
#include "budget/budget_types.h"
#include "budget/field_declarations.h"
#include "budget/field_reader.h"
#include "budget/planner.h"
#include "budget/speculative.h"
#include "budget/sweeps.h"

namespace llmbudget {

/// One value of a small flat result: its name and how it is read from the result (a number as it is, a flag as
/// 0 or 1, a character as its code). A layout is an array of these: the one list of its names and order, which
/// FlatCalls writes by and field_declarations_json() lists under "flat_layouts", so a caller reads by name.
template <class R>
struct FlatValue {
  const char* name;
  double (*read)(const R&);
};

/// run_read_field()'s values: FieldReading's (field_reader.h) but ok and error.
inline constexpr FlatValue<FieldReading> kFieldReadingLayout[] = {
    {"value", [](const FieldReading& r) { return r.value; }},
    {"significant_digits", [](const FieldReading& r) { return static_cast<double>(r.significant_digits); }},
    {"binary_prefix", [](const FieldReading& r) { return r.binary_prefix ? 1.0 : 0.0; }},
    {"ambiguous", [](const FieldReading& r) { return r.ambiguous ? 1.0 : 0.0; }},
    {"ambiguous_mark",
     [](const FieldReading& r) { return static_cast<double>(static_cast<unsigned char>(r.ambiguous_mark)); }},
    {"grouping_taken", [](const FieldReading& r) { return r.grouping_taken ? 1.0 : 0.0; }},
};
/// run_best_draft_tokens()'s values (BestDraftResult, speculative.h).
inline constexpr FlatValue<BestDraftResult> kBestDraftLayout[] = {
    {"draft_tokens", [](const BestDraftResult& r) { return r.draft_tokens; }},
    {"speedup", [](const BestDraftResult& r) { return r.speedup; }},
    {"tokens_per_pass", [](const BestDraftResult& r) { return r.tokens_per_pass; }},
};
/// run_attention_memory()'s values (AttentionMemoryResult, attention_memory.h).
inline constexpr FlatValue<AttentionMemoryResult> kAttentionMemoryLayout[] = {
    {"stored_score_bytes", [](const AttentionMemoryResult& r) { return r.stored_score_bytes; }},
    {"tiled_kernel_bytes", [](const AttentionMemoryResult& r) { return r.tiled_kernel_bytes; }},
};

/// The input array's values as a BudgetInput (values.size() must be at least
/// budget_input_fields().size; extra values are ignored).
BudgetInput budget_input_from_flat(const std::vector<double>& values);

/// The most text bytes text_buffer() holds: a field's name and its typed text, each clipped by the caller to
/// just past the core's limit (kMaxAnswerBytes), with room to spare.
constexpr std::size_t kMaxFlatTextBytes = 4096;

/// One set of buffers for flat calls. Sizes follow the declarations.
class FlatCalls {
 public:
  FlatCalls();
  /// The input array (budget_input_fields().size doubles), written by the caller.
  std::vector<double>& input() { return input_; }
  /// plan() fields (budget_result_fields().size doubles), valid after run_plan() returned true.
  const std::vector<double>& plan_output() const { return plan_output_; }
  /// capacity() fields (capacity_result_fields().size doubles), valid after run_capacity() returned true.
  const std::vector<double>& capacity_output() const { return capacity_output_; }
  /// The refusal of the last call that returned false (its code and params_json are ""
  /// for a message of no declared kind).
  const InputError& error() const { return error_; }

  /// Runs plan() on input(); false (and error() set) when the core refused it.
  bool run_plan();
  /// Runs capacity() on input(); false (and error() set) when the core refused it.
  bool run_capacity();
  /// vllm_runtime_estimate() on input() and max_num_seqs (0 = vLLM's default for the GPU's memory); false (and
  /// error() set) when refused. Fields in vllm_runtime_output(), vllm_runtime_result_fields() order.
  bool run_vllm_runtime(double max_num_seqs);
  const std::vector<double>& vllm_runtime_output() const { return vllm_runtime_output_; }

  /// Sweeps (sweeps.h) on input(), kept until the next sweep of the same kind.
  /// false (and error() set) when the core refused the arguments.
  bool run_sweep_batch(double max_batch);
  bool run_sweep_context(double min_context, double max_context, double points);
  bool run_sweep_acceptance(double draft_tokens, double draft_cost_ratio, double points);
  /// The speculative parameters of plan_levers() (speculative_input_fields().size doubles, in
  /// declaration order: a, k, c, P_d), written by the caller; read only by run_plan_levers(true).
  std::vector<double>& plan_options() { return plan_options_; }
  /// plan_levers() on input(), with speculative decoding when `speculative` (its parameters
  /// from plan_options()). false (and error() set) when refused.
  bool run_plan_levers(bool speculative);
  /// The planner's rows, one after another, each plan_row_fields().size values
  /// in declaration order (flags 0/1, enums as values); valid after run_plan_levers().
  const std::vector<double>& plan_rows_output() const { return plan_rows_output_; }
  /// The hardware options of run_plan_hardware(), resized to `count` options (0 to kMaxHardwareOptions + 1: more
  /// is cut to one past the limit, which plan_hardware() refuses with its message) and returned. Each option is
  /// hardware_option_width() values: the budget_input_fields() of group "Hardware" in declaration order, then
  /// plan_cost_input_fields() (price_per_gpu_hour).
  std::vector<double>& hardware_options(double count);
  /// The size of hardware_options() in doubles.
  std::size_t hardware_options_size() const { return hardware_options_.size(); }
  /// Values per option in hardware_options().
  static std::size_t hardware_option_width();
  /// plan_hardware() on input() and hardware_options() (speculative as in run_plan_levers()). false (and error()
  /// set) when refused. Rows as plan_rows_output(), each plan_row_fields() then hardware_plan_row_fields() values;
  /// cheapest_row() and cheapest_changing_output_row() then give plan_hardware()'s marks.
  bool run_plan_hardware(bool speculative);
  /// Index of the row marked cheapest (output kept), -1 when none of those meets every target.
  double cheapest_row() const { return cheapest_row_; }
  /// Index of the row marked cheapest_changing_output, -1 when none is marked.
  double cheapest_changing_output_row() const { return cheapest_changing_output_row_; }

  /// Room for `bytes` bytes of UTF-8 text and a NUL after them, which the caller fills before a call that reads
  /// text; valid until the next text_buffer() call. nullptr (and the buffer as it was) for `bytes` outside
  /// 0..kMaxFlatTextBytes: the caller must not write then.
  char* text_buffer(double bytes);
  /// read_field_value() (field_reader.h) on the text buffer: the field's name in its first `name_bytes` bytes,
  /// a NUL, then the typed text's `text_bytes` bytes; `decimal_comma` and `groups_with_point` as CommaReading
  /// decimal_first and PointReading decimal_or_grouping. false (and error() set) when refused; else the reading in
  /// small_output(), in kFieldReadingLayout's order.
  bool run_read_field(double name_bytes, double text_bytes, double display_factor, bool decimal_comma,
                      bool groups_with_point);
  /// speculative() (speculative.h): false (and error() set) when refused; else small_output() holds
  /// speculative_result_fields() in declaration order.
  bool run_speculative(double acceptance_rate, double draft_tokens, double draft_cost_ratio);
  /// best_draft_tokens(): false (and error() set) when refused; else small_output() in kBestDraftLayout's order.
  bool run_best_draft_tokens(double acceptance_rate, double draft_cost_ratio);
  /// attention_memory(): false (and error() set) when refused; else small_output() in kAttentionMemoryLayout's order.
  bool run_attention_memory(double heads, double context_tokens, double bytes_per_score);
  /// vllm_default_max_num_seqs() (vllm_runtime.h) with the device name in the text buffer's first `name_bytes` bytes.
  double run_vllm_default_max_num_seqs(double gpu_memory_bytes, double name_bytes);
  /// The values of the last run_read_field(), run_speculative(), run_best_draft_tokens() or
  /// run_attention_memory() that returned true.
  const std::vector<double>& small_output() const { return small_output_; }

  /// Series `index` (series_declarations.h order) of the last sweep of `kind`
  /// (0 batch, 1 context, 2 acceptance); nullptr for an index out of range.
  const std::vector<double>* series(int kind, int index) const;

 private:
  std::vector<double> input_;
  std::vector<double> plan_output_;
  std::vector<double> capacity_output_;
  std::vector<double> vllm_runtime_output_;
  BatchSweep batch_sweep_;
  ContextSweep context_sweep_;
  AcceptanceSweep acceptance_sweep_;
  std::vector<double> plan_options_;
  std::vector<double> plan_rows_output_;
  std::vector<double> hardware_options_;
  double cheapest_row_ = -1;
  double cheapest_changing_output_row_ = -1;
  std::vector<char> text_;
  std::vector<double> small_output_;
  InputError error_;
};

}  // namespace llmbudget
