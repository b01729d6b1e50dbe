#include "budget/planner.h"

#include <algorithm>
#include <tuple>

#include "budget/budget_math.h"
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

// Cost key of the choice: G first, then output-preserving, then precision high to low.
auto cost_key(const PlanRow& r) {
  return std::make_tuple(r.gpus, r.changes_output, -r.weight_bytes_per_param, -r.cache_bytes_per_value, r.speculative);
}

}  // namespace

PlanLeversResult plan_levers(const BudgetInput& in, const PlanOptions& options) {
  PlanLeversResult out;
  if (auto error = validate_budget_input(in)) {
    out.error = *error;
    return out;
  }
  double speedup = 1;
  if (options.speculative) {
    const SpeculativeResult s = speculative(options.acceptance_rate, options.draft_tokens, options.draft_cost_ratio);
    if (!s.ok) {
      out.error = s.error;
      return out;
    }
    speedup = s.speedup;
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
          row.per_gpu_bytes = r.per_gpu_bytes;
          row.fits = r.fits;
          row.verdict = r.verdict;
          if (r.fits) {
            row.ttft_s = r.ttft_s;
            row.per_request_tokens_per_s = r.per_request_tokens_per_s * (spec ? speedup : 1);
            row.total_tokens_per_s = in.batch * row.per_request_tokens_per_s;
          }
          row.ttft_target_met = in.ttft_target_s == 0 || (r.fits && row.ttft_s <= in.ttft_target_s);
          row.per_request_target_met = in.per_request_target_tokens_per_s == 0 ||
                                       (r.fits && row.per_request_tokens_per_s >= in.per_request_target_tokens_per_s);
          row.meets_targets = r.fits && row.ttft_target_met && row.per_request_target_met;
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
  for (std::size_t i = 0; i < out.rows.size(); ++i) {
    if (!out.rows[i].meets_targets) continue;
    if (out.cheapest_row < 0 ||
        cost_key(out.rows[i]) < cost_key(out.rows[static_cast<std::size_t>(out.cheapest_row)])) {
      out.cheapest_row = static_cast<double>(i);
    }
  }
  if (out.cheapest_row >= 0) out.rows[static_cast<std::size_t>(out.cheapest_row)].cheapest = true;
  return out;
}

}  // namespace llmbudget
