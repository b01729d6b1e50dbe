// The "find the mistake" drills; the steps and the mistakes in mistake_drill.h.
#include "practice/mistake_drill.h"

#include "budget/budget_math.h"
#include "budget/serving_budget.h"
#include "practice/practice_declarations.h"
#include "practice/quiz_variant.h"
#include "reading/unit_table.h"

namespace llmbudget {

namespace {

// One stream per mistake, so the five drills of one seed differ.
constexpr std::uint64_t kDrillStream = 0x4D495354414B4521ULL;  // "MISTAKE!"

// Dense sizes (billions) and mixture-of-experts sizes (total, active), in the
// range of published models.
const double kDenseBillion[] = {7, 8, 9, 12, 14, 24, 27, 32, 70};
const double kMoeTotalBillion[] = {21, 30.5, 47, 57, 106, 117, 235};
const double kMoeActiveBillion[] = {3.6, 3.3, 13, 14, 12, 5.1, 22};
const double kLayers[] = {24, 28, 32, 36, 40, 48, 64, 80};
const double kQueryHeads[] = {16, 32, 40, 48, 64};
const double kKvHeads[] = {2, 4, 8};  // each divides every entry of kQueryHeads and is smaller
const double kHeadDims[] = {64, 128, 256};
// Per-head widths hidden / H_q a model may have besides its head_dim.
const double kHiddenPerHead[] = {64, 80, 96, 128, 160, 192};
const double kWeightBytes[] = {0.5, 1, 2};
const double kCacheBytes[] = {1, 2};
const double kContextTokens[] = {2048, 4096, 8192, 16384, 32768};
const double kBatch[] = {1, 2, 4, 8, 16, 32};
const double kGpus[] = {2, 4, 8};
const double kGpuMemoryGb[] = {24, 40, 48, 80, 96, 141};

template <std::size_t N>
double pick(Pcg32& rng, const double (&options)[N]) {
  return options[rng.below(static_cast<std::uint32_t>(N))];
}

// A hidden size per head other than `head_dim`.
double other_width(Pcg32& rng, double head_dim) {
  double w = pick(rng, kHiddenPerHead);
  while (w == head_dim) w = pick(rng, kHiddenPerHead);
  return w;
}

BudgetInput drill_input(const MistakeDrill& d) {
  BudgetInput in;
  in.total_params = d.total_params_billion * 1e9;
  in.active_params = d.active_params_billion * 1e9;
  in.layers = d.layers;
  in.query_heads = d.query_heads;
  in.kv_heads = d.kv_heads;
  in.head_dim = d.head_dim;
  in.weight_bytes_per_param = d.weight_bytes_per_param;
  in.cache_bytes_per_value = d.cache_bytes_per_value;
  in.context_tokens = d.context_tokens;
  in.prompt_tokens = 0;
  in.batch = d.batch;
  in.gpus = 1;  // the runtime places the whole model on one GPU
  in.gpu_memory_bytes = d.gpu_memory_gb * unit_factor(UnitDimension::bytes, "GB");
  return in;
}

}  // namespace

MistakeDrill make_mistake_drill(std::uint32_t seed, DrillMistake mistake) {
  const int index = static_cast<int>(mistake);
  if (index < 0 || index > kMaxDrillMistake) mistake = DrillMistake::moe_active_params;
  Pcg32 rng(seed, kDrillStream + 2 * static_cast<std::uint64_t>(mistake));
  MistakeDrill d;
  d.seed = seed;
  d.mistake = mistake;

  // ---- The setting. Only the MoE drill needs a mixture of experts and only the
  // head-dimension drill needs hidden / H_q to differ from head_dim; the others
  // draw either, so those steps must be read in every drill.
  const bool moe = mistake == DrillMistake::moe_active_params || rng.below(2) == 1;
  if (moe) {
    const std::uint32_t i = rng.below(static_cast<std::uint32_t>(std::size(kMoeTotalBillion)));
    d.total_params_billion = kMoeTotalBillion[i];
    d.active_params_billion = kMoeActiveBillion[i];
  } else {
    d.total_params_billion = pick(rng, kDenseBillion);
    d.active_params_billion = d.total_params_billion;
  }
  d.layers = pick(rng, kLayers);
  d.query_heads = pick(rng, kQueryHeads);
  d.kv_heads = pick(rng, kKvHeads);
  d.head_dim = pick(rng, kHeadDims);
  const bool widths_differ = mistake == DrillMistake::head_dim_from_hidden || rng.below(2) == 1;
  d.hidden_size = d.query_heads * (widths_differ ? other_width(rng, d.head_dim) : d.head_dim);
  d.weight_bytes_per_param = pick(rng, kWeightBytes);
  d.cache_bytes_per_value = pick(rng, kCacheBytes);
  d.context_tokens = pick(rng, kContextTokens);
  d.batch = pick(rng, kBatch);
  d.gpus = pick(rng, kGpus);
  d.gpu_memory_gb = pick(rng, kGpuMemoryGb);

  // ---- The right numbers: the budget core's plan() on one GPU.
  const BudgetInput right_in = drill_input(d);
  const BudgetResult right = plan(right_in);  // ok: every drawn input is inside its declared range
  const double bytes_per_gb = unit_factor(UnitDimension::bytes, "GB");
  d.weight_bytes = right.weight_bytes;
  d.kv_bytes_per_token = right.kv_cache_bytes_per_token;
  d.kv_cache_bytes = right.kv_cache_bytes;
  d.total_bytes = right.total_bytes;
  d.total_gb = right.total_bytes / bytes_per_gb;
  d.fits = right.fits;

  // ---- The worked estimate as the mistaken calculator does it: the same plan()
  // fed the mistaken input, and the steps after it worked on from its numbers.
  BudgetInput shown_in = right_in;
  switch (mistake) {
    case DrillMistake::moe_active_params:
      shown_in.total_params = right_in.active_params;
      shown_in.active_params = 0;
      break;
    case DrillMistake::head_dim_from_hidden: shown_in.head_dim = d.hidden_size / d.query_heads; break;
    case DrillMistake::attention_heads_for_kv: shown_in.kv_heads = d.query_heads; break;
    case DrillMistake::vram_summed: shown_in.gpu_memory_bytes = d.gpus * right_in.gpu_memory_bytes; break;
    case DrillMistake::gib_as_gb: break;
  }
  const BudgetResult shown = plan(shown_in);
  d.wrong_step = mistake_declarations().rows[static_cast<int>(mistake)].step;
  d.shown_params_billion = shown_in.total_params / 1e9;
  d.shown_weight_bytes = shown.weight_bytes;
  d.shown_head_dim = shown_in.head_dim;
  d.shown_kv_heads = shown_in.kv_heads;
  d.shown_kv_bytes_per_token = shown.kv_cache_bytes_per_token;
  d.shown_kv_cache_bytes = shown.kv_cache_bytes;
  d.shown_available_gb = shown_in.gpu_memory_bytes / bytes_per_gb;
  if (mistake == DrillMistake::gib_as_gb) {
    // The total in GiB, labelled GB and held against M GB.
    d.shown_total_gb = shown.total_bytes / unit_factor(UnitDimension::bytes, "GiB");
    d.shown_fits = detail::fits(shown_in, d.shown_total_gb * bytes_per_gb);
  } else {
    d.shown_total_gb = shown.total_bytes / bytes_per_gb;
    d.shown_fits = shown.fits;
  }
  return d;
}

std::vector<NamedValue> mistake_drill_values(const MistakeDrill& drill) {
  std::vector<NamedValue> out;
  const auto fields = mistake_drill_declaration().fields;
  out.reserve(fields.size);
  for (const PracticeFieldDeclaration<MistakeDrill>& f : fields) {
    const double value = f.kind == PracticeFieldKind::flag ? (drill.*(f.flag) ? 1.0 : 0.0) : drill.*(f.number);
    out.push_back(NamedValue{f.name, f.unit, value});
  }
  return out;
}

std::vector<NamedValue> mistake_drill_table(std::uint32_t seed, int mistake) {
  if (mistake < 0 || mistake > kMaxDrillMistake) return {};
  return mistake_drill_values(make_mistake_drill(seed, static_cast<DrillMistake>(mistake)));
}

}  // namespace llmbudget
