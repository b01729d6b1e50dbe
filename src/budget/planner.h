// The lesson's decision procedure as one call: evaluate every combination of
// the levers on one workload, model and GPU type against its latency targets.
#pragma once

#include <cstddef>
#include <vector>

#include "budget/budget_types.h"

namespace llmbudget {

/// Whether and how to try speculative decoding in plan_levers(). The numbers
/// are declared in speculative_input_fields(): a, k and c are speculative()'s
/// parameters, draft_params the size of the draft model; they are read and
/// checked only when `speculative` is true.
///
/// draft_params: parameters of the draft model, P_d [parameters], 1 to 1e13,
/// or 0 for the default P_d = c * P (draft_cost_ratio times the target's
/// total_params). Why that default: on a memory-bound decode step the time
/// of a pass is the bytes it reads, so a draft whose step costs c of a target
/// pass reads about c of the target's bytes; a draft of the same family (the
/// same precision and, scaled down, the same shape) reads in proportion to
/// its parameters, so c of the bytes is about c of the parameters. Give
/// draft_params when the draft is known; c still sets the speed-up (see
/// plan_levers()), so the two then describe the draft separately.
struct PlanOptions {
  bool speculative = false;
  double acceptance_rate = 0.8;    ///< a in [0, 1]
  double draft_tokens = 3;         ///< k whole in [1, 32]
  double draft_cost_ratio = 0.05;  ///< c in [0, 1], one draft token's cost relative to a target pass
  double draft_params = 0;         ///< P_d in [1, 1e13], or 0 = c * total_params
};

/// One combination of levers and its verdicts. Speeds, TTFT and the target
/// verdicts are those of plan() on the input with the levers applied.
struct PlanRow {
  double weight_bytes_per_param = 0;  ///< b_w tried: 2, 1 or 0.5
  double cache_bytes_per_value = 0;   ///< b_c tried: 2 or 1
  double gpus = 0;                    ///< G tried: 1, 2, 4 or 8
  bool speculative = false;           ///< speculative decoding on (options' a, k, c)
  bool changes_output = false;        ///< b_w < 2 or b_c < 2: quantisation changes the model's output
  double per_gpu_bytes = 0;           ///< what one GPU holds: the target's weights and cache, plus draft_bytes
  double draft_bytes = 0;             ///< of per_gpu_bytes, the draft model's weights and cache (0 unless speculative)
  bool fits = false;
  Verdict verdict = Verdict::does_not_fit;
  double ttft_s = 0;                      ///< 0 when it does not fit
  double per_request_tokens_per_s = 0;    ///< times the speculative speed-up when speculative; 0 when it does not fit
  double total_tokens_per_s = 0;          ///< B * per_request_tokens_per_s; 0 when it does not fit
  bool ttft_target_met = false;           ///< no target, or fits with ttft_s <= target
  bool per_request_target_met = false;    ///< no target, or fits with per-request tokens/s >= target
  bool meets_targets = false;             ///< fits and both targets met
  bool cheapest = false;                  ///< the cheapest row that keeps the output and meets every target
  bool cheapest_changing_output = false;  ///< the cheapest that changes the output and meets every target, when
                                          ///< it needs fewer GPUs than the `cheapest` row (or there is none)
};

struct PlanLeversResult {
  bool ok = false;
  InputError error;
  std::vector<PlanRow> rows;
  double cheapest_row =
      -1;  ///< index into rows of the `cheapest` row; -1 when no output-keeping row meets every target
  double cheapest_changing_output_row = -1;  ///< index of the `cheapest_changing_output` row; -1 when none is marked
};

/// Evaluates every combination of weight precision b_w in {2, 1, 0.5} bytes
/// (16, 8, 4 bits), cache precision b_c in {2, 1}, GPU count G in {1, 2, 4, 8}
/// that splits in.query_heads and in.kv_heads validly (valid_tensor_split()),
/// and, when options.speculative, with and without speculative decoding: up
/// to 3*2*4*2 = 48 rows. Every other field of `in` (model, batch, context,
/// prompt, GPU type, link, targets) is kept.
///
/// Speculative decoding: a second row per combination, with the draft model
/// (options.draft_params, P_d; 0 = c * P) held next to the target.
/// - Memory: one GPU also holds the draft's weights, P_d * b_w / G at the
///   row's weight precision (the draft is split over the G GPUs as the target
///   is), and the draft's KV cache, assumed to be the target's per-GPU cache
///   times P_d / P (a smaller model of the same family has fewer or narrower
///   layers in about the proportion of its parameters; a draft with a
///   different shape holds a different cache). Together: draft_bytes =
///   (target's per-GPU bytes) * P_d / P. per_gpu_bytes includes it, and
///   fits, the verdict and the targets are judged on that total.
/// - Speed: each request's decode speed times speculative()'s speed-up,
///   tokens_per_pass / (k*c + 1) (Leviathan et al., 2023). The draft's
///   traffic is the k*c in the denominator: k draft steps, each costing c of a
///   target pass, i.e. on a memory-bound step reading c of the target's bytes,
///   which the default P_d = c * P makes the draft's own bytes (its weights
///   and cache are that share of the target's). The batch's extra
///   verification arithmetic is not charged, so at large batches, where the
///   step is compute-bound, the speed is optimistic.
/// - TTFT: the target's prefill; the draft's own prefill of the prompt (about
///   P_d / P of the target's arithmetic) is not added.
///
/// Output: quantisation (b_w or b_c below 2 bytes) changes the model's output;
/// more GPUs, batching and speculative decoding with the exact acceptance
/// rule do not.
///
/// Order (the lesson's order of levers): output-preserving rows first, then by
/// G ascending, then by precision (b_w, then b_c, higher first), speculative
/// off before on.
///
/// The marks follow the lesson: levers that keep the output first, levers
/// that change it only when they buy something.
/// - cheapest (cheapest_row): among the rows that keep the output and meet
///   every target, the fewest GPUs, then a verdict of fits before tight, then
///   without speculative decoding.
/// - cheapest_changing_output (cheapest_changing_output_row): among the rows
///   that change the output and meet every target, the fewest GPUs, then fits
///   before tight, then higher b_w, then higher b_c, then without speculative
///   decoding; marked only when it needs fewer GPUs than the `cheapest` row,
///   or when no output-keeping row meets the targets.
/// A marked row may be tight (verdict tight) only when no row of its kind
/// (output kept or changed) at its GPU count meets the targets with headroom.
///
/// Errors: validate_budget_input(in)'s; then, when options.speculative,
/// the first speculative parameter outside its declared range
/// (acceptance_rate, draft_tokens, draft_cost_ratio, draft_params).
PlanLeversResult plan_levers(const BudgetInput& in, const PlanOptions& options);

/// One GPU type to try in plan_hardware(): the Hardware group of BudgetInput
/// (each member replaces the input's field of the same name and unit, in the
/// ranges budget_input_fields() declares) and what one GPU costs to rent.
struct HardwareOption {
  double gpu_memory_bytes = 80e9;           ///< M [B]
  double bandwidth_bytes_per_s = 2e12;      ///< BW [B/s]
  double flops_per_s = 6e14;                ///< F [FLOP/s], 16-bit
  double flops_8bit_per_s = 0;              ///< F_8 [FLOP/s]; 0 = the 16-bit rate
  double flops_4bit_per_s = 0;              ///< F_4 [FLOP/s]; 0 = the 8-bit rate
  double interconnect_bytes_per_s = 450e9;  ///< G_link [B/s] per GPU and direction
  /// Price of one GPU for one hour [$ per GPU-hour], declared in plan_cost_input_fields(); 0 = no price
  /// (no built-in price: the caller supplies it).
  double price_per_gpu_hour = 0;
};

/// The Hardware-group fields of `in` as an option with the given price.
HardwareOption hardware_option_of(const BudgetInput& in, double price_per_gpu_hour);
/// `in` with the option's Hardware-group fields in place of its own.
BudgetInput with_hardware(BudgetInput in, const HardwareOption& option);

/// One plan_levers() row on one hardware option, and what its tokens cost.
/// Fields beyond `plan` are declared in hardware_plan_row_fields().
struct HardwarePlanRow {
  PlanRow plan;       ///< the row as plan_levers() gives it on this option (its marks are within the option)
  double option = 0;  ///< index into the options passed to plan_hardware()
  /// price * G / 3600 / total_tokens_per_s * 1e6 [$]: one million output tokens at the batch's decode rate, the
  /// G GPUs rented for the time it takes. 0 without a price or a fit.
  double cost_per_million_output_tokens = 0;
  /// price * G / 3600 * ttft_s / n_p * 1e6 [$], n_p = prompt_tokens (0: context_tokens): one million input tokens
  /// read at the rate of one request's prefill (the planner's TTFT, a request arriving alone). Batched prefill
  /// reads prompts faster, so this is an upper bound. 0 without a price or a fit.
  double cost_per_million_input_tokens = 0;
  bool cheapest_by_cost = false;                  ///< lowest output cost among priced rows that keep the output and
                                                  ///< meet every target
  bool cheapest_by_cost_changing_output = false;  ///< lowest output cost among priced rows that change the output and
                                                  ///< meet every target, when below the `cheapest_by_cost` row's
};

struct HardwarePlanResult {
  bool ok = false;
  InputError error;
  std::vector<HardwarePlanRow> rows;
  double cheapest_row = -1;                  ///< index of the cheapest_by_cost row; -1 when none
  double cheapest_changing_output_row = -1;  ///< index of the cheapest_by_cost_changing_output row; -1 when none
};

/// The most options plan_hardware() takes.
constexpr std::size_t kMaxHardwareOptions = 64;

/// plan_levers(with_hardware(in, o), options) for each option o, its rows
/// tagged with the option's index and costed at the option's price:
///   cost_per_million_output_tokens = price * G / 3600 / total_tokens_per_s * 1e6
///   cost_per_million_input_tokens  = price * G / 3600 * ttft_s / n_p * 1e6
/// (price in $ per GPU-hour, G the row's GPUs, 3600 s per hour; ttft_s is one
/// request's prefill of n_p tokens, so the input cost is that of prefilling one
/// request at a time). Both are 0 for a row without a price or a fit.
///
/// Order: the rows that have a cost (a price and a fit) by output cost, lowest
/// first; then the others; ties keep option order, then plan_levers()' order.
///
/// Marks, as the lesson orders levers (keep the output first):
/// - cheapest_by_cost (cheapest_row): the lowest output cost among the priced
///   rows that keep the output and meet every target;
/// - cheapest_by_cost_changing_output (cheapest_changing_output_row): the lowest
///   output cost among the priced rows that change the output and meet every
///   target, marked only when strictly below the first mark's cost (or when no
///   output-keeping row is marked).
/// Ties go to the earlier row in the order above.
///
/// Errors: no options, or more than kMaxHardwareOptions (field "options");
/// a price outside its declaration (field "price_per_gpu_hour"); then
/// plan_levers()' errors on the first option that is refused. The message
/// names the option by its index.
HardwarePlanResult plan_hardware(const BudgetInput& in, const PlanOptions& options,
                                 const std::vector<HardwareOption>& hardware);

}  // namespace llmbudget
