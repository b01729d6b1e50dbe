#include "budget/flat_calls.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <string>

#include "budget/attention_memory.h"
#include "budget/capacity.h"
#include "budget/field_reader.h"
#include "budget/series_declarations.h"
#include "budget/serving_budget.h"
#include "budget/speculative.h"
#include "budget/vllm_runtime.h"

namespace llmbudget {

namespace {

template <class R>
void write_flat(const R& result, Table<ResultFieldDeclaration<R>> fields, std::vector<double>& out, std::size_t i = 0) {
  for (const ResultFieldDeclaration<R>& f : fields) {
    double v = 0;
    switch (f.kind) {
      case ResultKind::number: v = result.*f.number; break;
      case ResultKind::flag: v = (result.*f.flag) ? 1 : 0; break;
      case ResultKind::verdict: v = static_cast<double>(static_cast<int>(result.*f.verdict)); break;
      case ResultKind::binding_term: v = static_cast<double>(static_cast<int>(result.*f.binding_term)); break;
    }
    out[i++] = v;
  }
}

// `result`'s values in `layout`'s order (flat_calls.h FlatValue).
template <class R, std::size_t N>
void write_layout(const R& result, const FlatValue<R> (&layout)[N], std::vector<double>& out) {
  out.resize(N);
  for (std::size_t i = 0; i < N; ++i) out[i] = layout[i].read(result);
}

// Whether a result (a sweep made in place, or any result with ok and error) succeeded; copies its
// error when not.
template <class Result>
bool kept(const Result& result, InputError& error) {
  if (!result.ok) error = result.error;
  return result.ok;
}

template <class Sweep>
const std::vector<double>* series_at(const Sweep& sweep, Table<SeriesDeclaration<Sweep>> table, int index) {
  if (index < 0 || static_cast<std::size_t>(index) >= table.size) return nullptr;
  return &(sweep.*(table.rows[index].member));
}

}  // namespace

BudgetInput budget_input_from_flat(const std::vector<double>& values) {
  BudgetInput in;
  std::size_t i = 0;
  for (const InputFieldDeclaration& f : budget_input_fields()) in.*f.member = values[i++];
  return in;
}

FlatCalls::FlatCalls()
    : input_(budget_input_fields().size),
      plan_output_(budget_result_fields().size),
      capacity_output_(capacity_result_fields().size),
      vllm_runtime_output_(vllm_runtime_result_fields().size),
      plan_options_(speculative_input_fields().size) {
  const BudgetInput defaults;
  std::size_t i = 0;
  for (const InputFieldDeclaration& f : budget_input_fields()) input_[i++] = defaults.*f.member;
  const PlanOptions default_options;
  i = 0;
  for (const InputFieldDeclaration& f : speculative_input_fields()) plan_options_[i++] = default_options.*f.plan_option;
}

bool FlatCalls::run_plan() {
  const BudgetResult r = plan(budget_input_from_flat(input_));
  if (!r.ok) {
    error_ = r.error;
    return false;
  }
  write_flat(r, budget_result_fields(), plan_output_);
  return true;
}

bool FlatCalls::run_capacity() {
  const CapacityResult r = capacity(budget_input_from_flat(input_));
  if (!r.ok) {
    error_ = r.error;
    return false;
  }
  write_flat(r, capacity_result_fields(), capacity_output_);
  return true;
}

bool FlatCalls::run_vllm_runtime(double max_num_seqs) {
  const VllmRuntimeEstimate r = vllm_runtime_estimate(budget_input_from_flat(input_), max_num_seqs);
  if (!r.ok) {
    error_ = r.error;
    return false;
  }
  write_flat(r, vllm_runtime_result_fields(), vllm_runtime_output_);
  return true;
}

bool FlatCalls::run_sweep_batch(double max_batch) {
  sweep_batch(budget_input_from_flat(input_), max_batch, batch_sweep_);
  return kept(batch_sweep_, error_);
}

bool FlatCalls::run_sweep_context(double min_context, double max_context, double points) {
  sweep_context(budget_input_from_flat(input_), min_context, max_context, points, context_sweep_);
  return kept(context_sweep_, error_);
}

bool FlatCalls::run_sweep_acceptance(double draft_tokens, double draft_cost_ratio, double points) {
  sweep_acceptance(draft_tokens, draft_cost_ratio, points, acceptance_sweep_);
  return kept(acceptance_sweep_, error_);
}

bool FlatCalls::run_plan_levers(bool speculative) {
  PlanOptions options;
  options.speculative = speculative;
  std::size_t i = 0;
  for (const InputFieldDeclaration& f : speculative_input_fields()) options.*f.plan_option = plan_options_[i++];
  const PlanLeversResult r = plan_levers(budget_input_from_flat(input_), options);
  if (!r.ok) {
    error_ = r.error;
    return false;
  }
  const auto fields = plan_row_fields();
  plan_rows_output_.assign(r.rows.size() * fields.size, 0);
  for (std::size_t row = 0; row < r.rows.size(); ++row)
    write_flat(r.rows[row], fields, plan_rows_output_, row * fields.size);
  cheapest_row_ = r.cheapest_row;
  cheapest_changing_output_row_ = r.cheapest_changing_output_row;
  return true;
}

std::size_t FlatCalls::hardware_option_width() {
  std::size_t n = plan_cost_input_fields().size;
  for (const InputFieldDeclaration& f : budget_input_fields()) n += std::strcmp(f.group, "Hardware") == 0 ? 1 : 0;
  return n;
}

std::vector<double>& FlatCalls::hardware_options(double count) {
  const double n = count > 0 ? std::min(count, static_cast<double>(kMaxHardwareOptions + 1)) : 0;
  hardware_options_.assign(static_cast<std::size_t>(n) * hardware_option_width(), 0);
  return hardware_options_;
}

bool FlatCalls::run_plan_hardware(bool speculative) {
  PlanOptions options;
  options.speculative = speculative;
  std::size_t i = 0;
  for (const InputFieldDeclaration& f : speculative_input_fields()) options.*f.plan_option = plan_options_[i++];
  const BudgetInput in = budget_input_from_flat(input_);
  const std::size_t width = hardware_option_width();
  std::vector<HardwareOption> hardware;
  for (std::size_t start = 0; start + width <= hardware_options_.size(); start += width) {
    BudgetInput at = in;
    std::size_t k = start;
    for (const InputFieldDeclaration& f : budget_input_fields()) {
      if (std::strcmp(f.group, "Hardware") == 0) at.*f.member = hardware_options_[k++];
    }
    hardware.push_back(hardware_option_of(at, hardware_options_[k]));  // the price follows the Hardware fields
  }
  const HardwarePlanResult r = plan_hardware(in, options, hardware);
  if (!r.ok) {
    error_ = r.error;
    return false;
  }
  const auto plan_fields = plan_row_fields();
  const auto cost_fields = hardware_plan_row_fields();
  const std::size_t row_width = plan_fields.size + cost_fields.size;
  plan_rows_output_.assign(r.rows.size() * row_width, 0);
  for (std::size_t row = 0; row < r.rows.size(); ++row) {
    write_flat(r.rows[row].plan, plan_fields, plan_rows_output_, row * row_width);
    write_flat(r.rows[row], cost_fields, plan_rows_output_, row * row_width + plan_fields.size);
  }
  cheapest_row_ = r.cheapest_row;
  cheapest_changing_output_row_ = r.cheapest_changing_output_row;
  return true;
}

const std::vector<double>* FlatCalls::series(int kind, int index) const {
  if (kind == 0) return series_at(batch_sweep_, batch_series(), index);
  if (kind == 1) return series_at(context_sweep_, context_series(), index);
  if (kind == 2) return series_at(acceptance_sweep_, acceptance_series(), index);
  return nullptr;
}

char* FlatCalls::text_buffer(double bytes) {
  if (!std::isfinite(bytes) || bytes < 0 || bytes > static_cast<double>(kMaxFlatTextBytes)) return nullptr;
  text_.assign(static_cast<std::size_t>(bytes) + 1, '\0');
  return text_.data();
}

namespace {

// `bytes` of the text buffer from `start`, no further than its end (the buffer always ends in a NUL).
std::string text_at(const std::vector<char>& text, double start, double bytes) {
  const std::size_t size = text.empty() ? 0 : text.size() - 1;
  const auto clip = [size](double v) {
    return std::isfinite(v) ? static_cast<std::size_t>(std::clamp(v, 0.0, static_cast<double>(size))) : 0;
  };
  const std::size_t from = clip(start);
  return std::string(text.data() + from, std::min(clip(bytes), size - from));
}

}  // namespace

bool FlatCalls::run_read_field(double name_bytes, double text_bytes, double display_factor, bool decimal_comma,
                               bool groups_with_point) {
  const std::string name = text_at(text_, 0, name_bytes);
  const std::string text = text_at(text_, static_cast<double>(name.size()) + 1, text_bytes);
  const FieldReading r = read_field_value(
      name, text, display_factor, decimal_comma ? CommaReading::decimal_first : CommaReading::thousands_first,
      groups_with_point ? PointReading::decimal_or_grouping : PointReading::decimal);
  if (!kept(r, error_)) return false;
  write_layout(r, kFieldReadingLayout, small_output_);
  return true;
}

bool FlatCalls::run_speculative(double acceptance_rate, double draft_tokens, double draft_cost_ratio) {
  const SpeculativeResult r = speculative(acceptance_rate, draft_tokens, draft_cost_ratio);
  if (!kept(r, error_)) return false;
  small_output_.assign(speculative_result_fields().size, 0);
  write_flat(r, speculative_result_fields(), small_output_);
  return true;
}

bool FlatCalls::run_best_draft_tokens(double acceptance_rate, double draft_cost_ratio) {
  const BestDraftResult r = best_draft_tokens(acceptance_rate, draft_cost_ratio);
  if (!kept(r, error_)) return false;
  write_layout(r, kBestDraftLayout, small_output_);
  return true;
}

bool FlatCalls::run_attention_memory(double heads, double context_tokens, double bytes_per_score) {
  const AttentionMemoryResult r = attention_memory(heads, context_tokens, bytes_per_score);
  if (!kept(r, error_)) return false;
  write_layout(r, kAttentionMemoryLayout, small_output_);
  return true;
}

double FlatCalls::run_vllm_default_max_num_seqs(double gpu_memory_bytes, double name_bytes) {
  return vllm_default_max_num_seqs(gpu_memory_bytes, text_at(text_, 0, name_bytes));
}

}  // namespace llmbudget
