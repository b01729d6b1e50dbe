// "Find the mistake" drills: a worked memory estimate with one error planted
// in one step, each error one that public LLM memory calculators made (the
// declaration table in practice_declarations.cpp names each with its source).
//
// Every drill works the same six steps for a model served by a runtime that
// places the whole model on one GPU (no tensor parallel) of a machine with
// G GPUs of M GB each:
//   1  weights            P · b_w                                 [B]
//   2  head dimension     d_h, the model's own head_dim (config.json)
//   3  KV cache per token 2 · L · H_kv · d_h · b_c                [B]
//   4  KV cache           per token · n · B                       [B]
//   5  total              (weights + KV cache) / 10⁹              [GB]
//   6  memory to fit in   M, one GPU's memory, and the verdict     [GB]
// The planted mistake changes one input of one step, as the calculator did:
//   moe_active_params       step 1 uses P_active for P (the model is a mixture of experts)
//   head_dim_from_hidden    step 2 takes d_h = hidden / H_q, which differs from the model's head_dim
//   attention_heads_for_kv  step 3 uses H_q (attention heads) for H_kv
//   gib_as_gb               step 5 divides by 2³⁰ (GiB) and calls the result GB
//   vram_summed             step 6 counts G · M, the memory of every GPU together
// The steps after the planted one are worked on from its wrong number, so the
// student looks for the first step that is wrong. The right numbers and the
// wrong ones both come from the budget core's plan() (serving_budget.h), fed
// the right inputs and the mistaken ones; the GiB figure from the unit table.
// The same seed and mistake give the same drill on every platform (Pcg32 from
// quiz_variant.h, on a stream of its own per mistake).
#pragma once

#include <cstdint>
#include <vector>

#include "practice/kv_practice.h"

namespace llmbudget {

/// The planted error. Values index mistake_declarations() (practice_declarations.h).
enum class DrillMistake {
  moe_active_params = 0,
  head_dim_from_hidden = 1,
  attention_heads_for_kv = 2,
  gib_as_gb = 3,
  vram_summed = 4,
};

/// The largest DrillMistake value (for range checks of input from JS).
constexpr int kMaxDrillMistake = 4;

/// One drill. Bytes in B, memory in decimal GB (1 GB = 1e9 B); counts as doubles.
struct MistakeDrill {
  std::uint32_t seed = 0;
  DrillMistake mistake = DrillMistake::moe_active_params;

  // ---- The setting, as the prompt states it
  double total_params_billion = 0;    ///< P in billions: every weight, experts included
  double active_params_billion = 0;   ///< P_active in billions (= total for a dense model)
  double layers = 0;                  ///< L
  double hidden_size = 0;             ///< d_model, config.json's hidden_size
  double query_heads = 0;             ///< H_q, attention heads
  double kv_heads = 0;                ///< H_kv, key-value heads (< H_q: grouped-query attention)
  double head_dim = 0;                ///< d_h, config.json's head_dim (may differ from hidden / H_q)
  double weight_bytes_per_param = 0;  ///< b_w: 0.5, 1 or 2
  double cache_bytes_per_value = 0;   ///< b_c: 1 or 2
  double context_tokens = 0;          ///< n
  double batch = 0;                   ///< B
  double gpus = 0;                    ///< G, GPUs in the machine (the runtime uses one)
  double gpu_memory_gb = 0;           ///< M, one GPU's memory [GB]

  // ---- The worked estimate as shown, with the mistake in step wrong_step
  double wrong_step = 0;                ///< 1 to 6: the step the mistake is in
  double shown_params_billion = 0;      ///< step 1's P
  double shown_weight_bytes = 0;        ///< step 1's result [B]
  double shown_head_dim = 0;            ///< step 2's d_h
  double shown_kv_heads = 0;            ///< step 3's heads
  double shown_kv_bytes_per_token = 0;  ///< step 3's result [B]
  double shown_kv_cache_bytes = 0;      ///< step 4's result [B]
  double shown_total_gb = 0;            ///< step 5's result, as labelled [GB]
  double shown_available_gb = 0;        ///< step 6's memory [GB]
  bool shown_fits = false;              ///< step 6's verdict

  // ---- The right numbers (plan() of the right inputs on one GPU)
  double weight_bytes = 0;        ///< P · b_w [B]
  double kv_bytes_per_token = 0;  ///< 2 · L · H_kv · d_h · b_c [B]
  double kv_cache_bytes = 0;      ///< per token · n · B [B]
  double total_bytes = 0;         ///< weights + KV cache [B]
  double total_gb = 0;            ///< total_bytes / 1e9 [GB]
  bool fits = false;              ///< total_bytes <= M on one GPU
};

/// The drill for `seed` (any uint32) with `mistake` planted. Deterministic;
/// never fails for a mistake inside the enum (one outside it is read as
/// moe_active_params; the bindings check the range first).
MistakeDrill make_mistake_drill(std::uint32_t seed, DrillMistake mistake);

/// Every number and flag of `drill` (flags as 1 or 0) except the seed and the
/// mistake, with its unit, in the order of mistake_drill_declaration()
/// (practice_declarations.h), which lists them.
std::vector<NamedValue> mistake_drill_values(const MistakeDrill& drill);

/// mistake_drill_values(make_mistake_drill(seed, mistake)) for a mistake given
/// by its value: what the Embind table exposes. An empty vector when `mistake`
/// is outside [0, kMaxDrillMistake].
std::vector<NamedValue> mistake_drill_table(std::uint32_t seed, int mistake);

}  // namespace llmbudget
