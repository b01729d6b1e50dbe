#include "budget/planner.h"

#include <optional>
#include <string>
#include <tuple>

#include "budget/budget_math.h"
#include "budget/field_declarations.h"
#include "budget/serving_budget.h"
#include "budget/speculative.h"
#include "budget/tensor_parallel.h"
#include "budget/validate.h"

namespace llmbudget {

namespace {

constexpr double kWeightBytes[] = {2, 1, 0.5};
constexpr double kCacheBytes[] = {2, 1};
constexpr double kGpuCounts[] = {1, 2, 4, 8};

// Sort key of the table: output-preserving first, G, then precision high to low, speculative last.
auto order_key(const PlanRow& r) {
  return std::make_tuple(r.changes_output, r.gpus, -r.weight_bytes_per_param, -r.cache_bytes_per_value, r.speculative);
}

// Cost key of a mark within one kind (output kept, or changed): G first, then
// headroom kept (fits before tight), then precision high to low, then without
// speculative decoding.
auto cost_key(const PlanRow& r) {
  return std::make_tuple(r.gpus, r.verdict == Verdict::tight, -r.weight_bytes_per_param, -r.cache_bytes_per_value,
                         r.speculative);
}

// Index of the cheapest row of the kind `changes_output` that meets every target; -1 when none does.
double cheapest_of_kind(const std::vector<PlanRow>& rows, bool changes_output) {
  double best = -1;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!rows[i].meets_targets || rows[i].changes_output != changes_output) continue;
    if (best < 0 || cost_key(rows[i]) < cost_key(rows[static_cast<std::size_t>(best)])) best = static_cast<double>(i);
  }
  return best;
}

Verdict verdict_of(const BudgetInput& in, double per_gpu) {
  if (!detail::fits(in, per_gpu)) return Verdict::does_not_fit;
  return detail::fits_with_headroom(in, per_gpu) ? Verdict::fits : Verdict::tight;
}

}  // namespace

PlanLeversResult plan_levers(const BudgetInput& in, const PlanOptions& options) {
  PlanLeversResult out;
  if (auto error = validate_budget_input(in)) {
    out.error = *error;
    return out;
  }
  double speedup = 1;
  double draft_share = 0;  // P_d / P: the draft's bytes per GPU as a share of the target's
  if (options.speculative) {
    for (const InputFieldDeclaration& f : speculative_input_fields()) {
      if (auto error = check_declared_value(f, options.*f.plan_option)) {
        out.error = *error;
        return out;
      }
    }
    const SpeculativeResult s = speculative(options.acceptance_rate, options.draft_tokens, options.draft_cost_ratio);
    speedup = s.speedup;  // the parameters were checked above against the same declarations
    const double draft_params =
        options.draft_params > 0 ? options.draft_params : options.draft_cost_ratio * in.total_params;
    draft_share = draft_params / in.total_params;
  }
  out.ok = true;
  for (const double g : kGpuCounts) {
    if (!valid_tensor_split(g, in.query_heads, in.kv_heads)) continue;
    for (const double wb : kWeightBytes) {
      for (const double cb : kCacheBytes) {
        BudgetInput at = in;
        at.gpus = g;
        at.weight_bytes_per_param = wb;
        at.cache_bytes_per_value = cb;
        const BudgetResult r =
            detail::plan_validated(at);  // same ranges as `in`: precisions 0.5..2 are inside [0.01, 8]
        for (int spec = 0; spec <= (options.speculative ? 1 : 0); ++spec) {
          PlanRow row;
          row.weight_bytes_per_param = wb;
          row.cache_bytes_per_value = cb;
          row.gpus = g;
          row.speculative = spec == 1;
          row.changes_output = wb < 2 || cb < 2;
          // The draft's weights P_d*b_w/G and its cache (the target's per-GPU cache times P_d/P) add up to the
          // target's per-GPU bytes times P_d/P (planner.h).
          row.draft_bytes = spec ? r.per_gpu_bytes * draft_share : 0;
          row.per_gpu_bytes = r.per_gpu_bytes + row.draft_bytes;
          row.verdict = spec ? verdict_of(at, row.per_gpu_bytes) : r.verdict;
          row.fits = row.verdict != Verdict::does_not_fit;
          if (row.fits) {
            row.ttft_s = r.ttft_s;
            row.per_request_tokens_per_s = r.per_request_tokens_per_s * (spec ? speedup : 1);
            row.total_tokens_per_s = in.batch * row.per_request_tokens_per_s;
          }
          row.ttft_target_met = in.ttft_target_s == 0 || (row.fits && row.ttft_s <= in.ttft_target_s);
          row.per_request_target_met = in.per_request_target_tokens_per_s == 0 ||
                                       (row.fits && row.per_request_tokens_per_s >= in.per_request_target_tokens_per_s);
          row.meets_targets = row.fits && row.ttft_target_met && row.per_request_target_met;
          out.rows.push_back(row);
        }
      }
    }
  }
  // At most 48 rows: a stable insertion sort (far less wasm than std::stable_sort).
  for (std::size_t i = 1; i < out.rows.size(); ++i) {
    const PlanRow row = out.rows[i];
    std::size_t j = i;
    for (; j > 0 && order_key(row) < order_key(out.rows[j - 1]); --j) out.rows[j] = out.rows[j - 1];
    out.rows[j] = row;
  }
  out.cheapest_row = cheapest_of_kind(out.rows, false);
  const double changing = cheapest_of_kind(out.rows, true);
  if (changing >= 0 && (out.cheapest_row < 0 || out.rows[static_cast<std::size_t>(changing)].gpus <
                                                    out.rows[static_cast<std::size_t>(out.cheapest_row)].gpus)) {
    out.cheapest_changing_output_row = changing;
    out.rows[static_cast<std::size_t>(changing)].cheapest_changing_output = true;
  }
  if (out.cheapest_row >= 0) out.rows[static_cast<std::size_t>(out.cheapest_row)].cheapest = true;
  return out;
}

HardwareOption hardware_option_of(const BudgetInput& in, double price_per_gpu_hour) {
  HardwareOption o;
  o.gpu_memory_bytes = in.gpu_memory_bytes;
  o.bandwidth_bytes_per_s = in.bandwidth_bytes_per_s;
  o.flops_per_s = in.flops_per_s;
  o.flops_8bit_per_s = in.flops_8bit_per_s;
  o.flops_4bit_per_s = in.flops_4bit_per_s;
  o.interconnect_bytes_per_s = in.interconnect_bytes_per_s;
  o.price_per_gpu_hour = price_per_gpu_hour;
  return o;
}

BudgetInput with_hardware(BudgetInput in, const HardwareOption& o) {
  in.gpu_memory_bytes = o.gpu_memory_bytes;
  in.bandwidth_bytes_per_s = o.bandwidth_bytes_per_s;
  in.flops_per_s = o.flops_per_s;
  in.flops_8bit_per_s = o.flops_8bit_per_s;
  in.flops_4bit_per_s = o.flops_4bit_per_s;
  in.interconnect_bytes_per_s = o.interconnect_bytes_per_s;
  return in;
}

namespace {

bool has_cost(const HardwarePlanRow& r) { return r.cost_per_million_output_tokens > 0; }

// Index of the lowest-cost priced row of the kind `changes_output` that meets every target; rows are in cost order,
// so it is the first such row. -1 when none.
double cheapest_by_cost_of_kind(const std::vector<HardwarePlanRow>& rows, bool changes_output) {
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (has_cost(rows[i]) && rows[i].plan.meets_targets && rows[i].plan.changes_output == changes_output)
      return static_cast<double>(i);
  }
  return -1;
}

}  // namespace

HardwarePlanResult plan_hardware(const BudgetInput& in, const PlanOptions& options,
                                 const std::vector<HardwareOption>& hardware) {
  HardwarePlanResult out;
  if (hardware.empty() || hardware.size() > kMaxHardwareOptions) {
    out.error = {"options", "plan_hardware needs 1 to " + std::to_string(kMaxHardwareOptions) +
                                " hardware options; got " + std::to_string(hardware.size())};
    return out;
  }
  const InputFieldDeclaration& price_field = plan_cost_input_fields().rows[0];
  for (std::size_t i = 0; i < hardware.size(); ++i) {
    const BudgetInput at = with_hardware(in, hardware[i]);
    std::optional<InputError> error = check_declared_value(price_field, hardware[i].price_per_gpu_hour);
    PlanLeversResult p;
    if (!error) {
      p = plan_levers(at, options);
      if (!p.ok) error = p.error;
    }
    if (error) {
      out.error = *error;
      out.error.message = "hardware option " + std::to_string(i) + ": " + out.error.message;
      out.rows.clear();
      return out;
    }
    const double price = hardware[i].price_per_gpu_hour;
    const double prompt = at.prompt_tokens > 0 ? at.prompt_tokens : at.context_tokens;
    for (const PlanRow& row : p.rows) {
      HardwarePlanRow h;
      h.plan = row;
      h.option = static_cast<double>(i);
      if (price > 0 && row.fits && row.total_tokens_per_s > 0) {
        const double dollars_per_s = price * row.gpus / 3600;  // the row's G GPUs at price $ per GPU-hour
        h.cost_per_million_output_tokens = dollars_per_s / row.total_tokens_per_s * 1e6;
        h.cost_per_million_input_tokens = dollars_per_s * row.ttft_s / prompt * 1e6;
      }
      out.rows.push_back(h);
    }
  }
  // Stable insertion sort by (has no cost, output cost): at most 48 rows an option.
  const auto before = [](const HardwarePlanRow& a, const HardwarePlanRow& b) {
    if (has_cost(a) != has_cost(b)) return has_cost(a);
    return has_cost(a) && a.cost_per_million_output_tokens < b.cost_per_million_output_tokens;
  };
  for (std::size_t i = 1; i < out.rows.size(); ++i) {
    const HardwarePlanRow row = out.rows[i];
    std::size_t j = i;
    for (; j > 0 && before(row, out.rows[j - 1]); --j) out.rows[j] = out.rows[j - 1];
    out.rows[j] = row;
  }
  out.ok = true;
  out.cheapest_row = cheapest_by_cost_of_kind(out.rows, false);
  const double changing = cheapest_by_cost_of_kind(out.rows, true);
  if (changing >= 0 && (out.cheapest_row < 0 ||
                        out.rows[static_cast<std::size_t>(changing)].cost_per_million_output_tokens <
                            out.rows[static_cast<std::size_t>(out.cheapest_row)].cost_per_million_output_tokens)) {
    out.cheapest_changing_output_row = changing;
    out.rows[static_cast<std::size_t>(changing)].cheapest_by_cost_changing_output = true;
  }
  if (out.cheapest_row >= 0) out.rows[static_cast<std::size_t>(out.cheapest_row)].cheapest_by_cost = true;
  return out;
}

}  // namespace llmbudget
