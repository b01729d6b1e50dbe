// The lesson's decision procedure as one call: evaluate every combination of
// the levers on one workload, model and GPU type against its latency targets.
#pragma once

#include <vector>

#include "budget/budget_types.h"

namespace llmbudget {

/// Whether and how to try speculative decoding in plan_levers(). The three
/// numbers are speculative()'s parameters (declared in
/// speculative_input_fields()); they are read and checked only when
/// `speculative` is true.
struct PlanOptions {
  bool speculative = false;
  double acceptance_rate = 0.8;    ///< a in [0, 1]
  double draft_tokens = 3;         ///< k whole in [1, 32]
  double draft_cost_ratio = 0.05;  ///< c in [0, 1], one draft token's cost relative to a target pass
};

/// One combination of levers and its verdicts. Speeds, TTFT and the target
/// verdicts are those of plan() on the input with the levers applied.
struct PlanRow {
  double weight_bytes_per_param = 0;  ///< b_w tried: 2, 1 or 0.5
  double cache_bytes_per_value = 0;   ///< b_c tried: 2 or 1
  double gpus = 0;                    ///< G tried: 1, 2, 4 or 8
  bool speculative = false;           ///< speculative decoding on (options' a, k, c)
  bool changes_output = false;        ///< b_w < 2 or b_c < 2: quantisation changes the model's output
  double per_gpu_bytes = 0;
  bool fits = false;
  Verdict verdict = Verdict::does_not_fit;
  double ttft_s = 0;                    ///< 0 when it does not fit
  double per_request_tokens_per_s = 0;  ///< times the speculative speed-up when speculative; 0 when it does not fit
  double total_tokens_per_s = 0;        ///< B * per_request_tokens_per_s; 0 when it does not fit
  bool ttft_target_met = false;         ///< no target, or fits with ttft_s <= target
  bool per_request_target_met = false;  ///< no target, or fits with per-request tokens/s >= target
  bool meets_targets = false;           ///< fits and both targets met
  bool cheapest = false;                ///< the one row marked as the cheapest that meets every target
};

struct PlanLeversResult {
  bool ok = false;
  InputError error;
  std::vector<PlanRow> rows;
  double cheapest_row = -1;  ///< index into rows of the marked row; -1 when no row meets every target
};

/// Evaluates every combination of weight precision b_w in {2, 1, 0.5} bytes
/// (16, 8, 4 bits), cache precision b_c in {2, 1}, GPU count G in {1, 2, 4, 8}
/// that splits in.query_heads and in.kv_heads validly (valid_tensor_split()),
/// and, when options.speculative, with and without speculative decoding: up
/// to 3*2*4*2 = 48 rows. Every other field of `in` (model, batch, context,
/// prompt, GPU type, link, targets) is kept.
///
/// Speculative decoding: assumed to multiply each request's decode speed by
/// speculative()'s speed-up, tokens_per_pass / (k*c + 1) (Leviathan et al.,
/// 2023), at the same memory and TTFT; the budget model does not charge the
/// draft model's memory or the batch's extra verification arithmetic, so at
/// large batches, where the step is compute-bound, this is optimistic.
///
/// Output: quantisation (b_w or b_c below 2 bytes) changes the model's output;
/// more GPUs, batching and speculative decoding with the exact acceptance
/// rule do not.
///
/// Order (the lesson's order of levers): output-preserving rows first, then by
/// G ascending, then by precision (b_w, then b_c, higher first), speculative
/// off before on. Cheapest: among rows meeting every target, the fewest GPUs,
/// then output-preserving, then higher b_w, then higher b_c, then without
/// speculative decoding; marked with cheapest = true and cheapest_row.
///
/// Errors: validate_budget_input(in)'s; then, when options.speculative,
/// speculative()'s (naming acceptance_rate, draft_tokens or draft_cost_ratio).
PlanLeversResult plan_levers(const BudgetInput& in, const PlanOptions& options);

}  // namespace llmbudget
