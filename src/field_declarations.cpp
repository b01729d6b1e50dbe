#include "field_declarations.h"

#include <cstring>
#include <iterator>

namespace llmbudget {

namespace {

// Why these bounds: the lower bounds of the precisions (0.01 B), parameters
// (1), bandwidth (1 B/s) and FLOP/s (1) keep every result finite. With all
// fields at their limits, memory <= 8e13 + 2*1000*1024*4096*8*1e8*1e6 ~ 6.7e24 B
// and step >= 1 * 0.01 / 1e16 = 1e-18 s, so tokens/s <= 1e6 / 1e-18 = 1e24.
//
// Typical spans (what a slider covers) are the lesson's and today's models and
// GPUs with room on both sides: 100 M to 2 T parameters, 4 GB to 2 TB of memory.
using K = FieldKind;
using I = BudgetInput;

constexpr InputFieldDeclaration kBudgetInputFields[] = {
    // name, symbol, label, unit, kind, min, max, min_exclusive, zero_means, max_from,
    // typical_min, typical_max, group, meaning, member
    {"total_params", "P", "Total parameters", "parameters", K::real, 1, 1e13, false, "", "", 1e8, 2e12, "Model",
     "all parameters (MoE: every expert); sets weight memory", &I::total_params},
    {"active_params", "P_active", "Active parameters per token", "parameters", K::real, 1, 1e13, false,
     "same as total_params", "total_params", 0, 2e12, "Model",
     "parameters used per token (MoE); sets the arithmetic per token", &I::active_params},
    {"layers", "L", "Layers", "layers", K::whole, 1, 1000, false, "", "", 1, 200, "Model", "transformer layers",
     &I::layers},
    {"query_heads", "H_q", "Query heads", "heads", K::whole, 1, 1024, false, "", "", 1, 256, "Model",
     "attention query heads per layer", &I::query_heads},
    {"kv_heads", "H_kv", "KV heads", "heads", K::whole, 1, 1024, false, "", "query_heads", 1, 256, "Model",
     "key-value heads per layer (GQA; equal to query heads for MHA, 1 for MQA)", &I::kv_heads},
    {"head_dim", "d_h", "Head dimension", "values per head", K::whole, 1, 4096, false, "", "", 16, 512, "Model",
     "values in one head's key or value vector", &I::head_dim},
    {"sliding_window_tokens", "W", "Sliding window", "tokens", K::whole, 1, 1e7, false, "full attention", "", 0,
     131072, "Model", "the cache holds min(context, W) tokens per request", &I::sliding_window_tokens},
    {"weight_bytes_per_param", "b_w", "Weight precision", "bytes per parameter", K::real, 0.01, 8, false, "", "",
     0.25, 4, "Precision", "storage per weight (16-bit = 2 bytes, 4-bit = 0.5, 4.5-bit = 0.5625)",
     &I::weight_bytes_per_param},
    {"cache_bytes_per_value", "b_c", "KV cache precision", "bytes per value", K::real, 0.01, 8, false, "", "", 0.25,
     4, "Precision", "storage per cached key or value (16-bit = 2 bytes, 8-bit = 1)", &I::cache_bytes_per_value},
    {"batch", "B", "Batch", "requests", K::whole, 1, 1e6, false, "", "", 1, 4096, "Workload",
     "concurrent requests decoded together", &I::batch},
    {"context_tokens", "n", "Context", "tokens per request", K::whole, 1, 1e8, false, "", "", 128, 1048576,
     "Workload", "tokens each request holds in the KV cache", &I::context_tokens},
    {"gpu_memory_bytes", "", "GPU memory", "bytes", K::real, 0, 1e15, true, "", "", 4e9, 2e12,
     "Hardware", "memory of one GPU (decimal: 80e9 = 80 GB)", &I::gpu_memory_bytes},
    {"bandwidth_bytes_per_s", "BW", "Memory bandwidth", "bytes/s", K::real, 1, 1e16, false, "", "", 5e10, 2e13,
     "Hardware", "usable memory bandwidth", &I::bandwidth_bytes_per_s},
    {"flops_per_s", "F", "Arithmetic rate", "FLOP/s", K::real, 1, 1e19, false, "", "", 1e12, 5e15,
     "Hardware", "usable arithmetic rate", &I::flops_per_s},
    {"headroom_fraction", "", "Headroom to keep free", "fraction of GPU memory", K::real, 0, 0.9, false, "", "", 0,
     0.5, "Policy", "memory to keep free; less free than this is 'tight'", &I::headroom_fraction},
};

constexpr InputFieldDeclaration kSpeculativeInputFields[] = {
    {"acceptance_rate", "a", "Acceptance rate", "fraction", K::real, 0, 1, false, "", "", 0, 1, "Speculative decoding",
     "chance the target accepts each draft token", nullptr},
    {"draft_tokens", "k", "Draft tokens", "tokens", K::whole, 1, 32, false, "", "", 1, 32, "Speculative decoding",
     "tokens the draft proposes per target pass", nullptr},
    {"draft_cost_ratio", "c", "Draft cost per token", "fraction of a target pass", K::real, 0, 1, false, "", "", 0, 1,
     "Speculative decoding", "cost of one draft token relative to one target pass", nullptr},
};

template <class R>
constexpr ResultFieldDeclaration<R> number(const char* name, const char* unit, bool needs_fit, const char* meaning,
                                           double R::*member) {
  return {name, unit, ResultKind::number, needs_fit, meaning, member, nullptr, nullptr, nullptr};
}
template <class R>
constexpr ResultFieldDeclaration<R> flag(const char* name, const char* meaning, bool R::*member) {
  return {name, "", ResultKind::flag, false, meaning, nullptr, member, nullptr, nullptr};
}

using BR = BudgetResult;
constexpr ResultFieldDeclaration<BR> kBudgetResultFields[] = {
    number<BR>("weight_bytes", "B", false, "weight memory, P*b_w", &BR::weight_bytes),
    number<BR>("kv_cache_bytes", "B", false, "KV cache of the whole batch", &BR::kv_cache_bytes),
    number<BR>("kv_cache_bytes_per_token", "B", false, "KV cache of one token of one request, 2*L*H_kv*d_h*b_c",
               &BR::kv_cache_bytes_per_token),
    number<BR>("total_bytes", "B", false, "weights + KV cache (activations ignored)", &BR::total_bytes),
    number<BR>("free_bytes", "B", false, "GPU memory minus total_bytes (negative when over)", &BR::free_bytes),
    number<BR>("headroom_limit_bytes", "B", false, "the most total_bytes may be for the verdict 'fits'",
               &BR::headroom_limit_bytes),
    number<BR>("memory_time_s", "s", false, "memory term of one decode step, total_bytes/BW", &BR::memory_time_s),
    number<BR>("compute_time_s", "s", false, "arithmetic term of one decode step, 2*P_active*B/F",
               &BR::compute_time_s),
    number<BR>("step_s", "s", true, "one decode step, the larger term", &BR::step_s),
    {"bound_by", "", ResultKind::binding_term, false, "the term that sets the decode step", nullptr, nullptr, nullptr,
     &BR::bound_by},
    flag<BR>("fits", "total_bytes <= GPU memory", &BR::fits),
    {"verdict", "", ResultKind::verdict, false, "fits, tight (less free than the headroom) or does-not-fit", nullptr,
     nullptr, &BR::verdict, nullptr},
    flag<BR>("has_speed", "the configuration fits, so it has a speed", &BR::has_speed),
    number<BR>("per_request_tokens_per_s", "tok/s", true, "tokens per second of one request, 1/step",
               &BR::per_request_tokens_per_s),
    number<BR>("total_tokens_per_s", "tok/s", true, "tokens per second of the whole batch, B/step",
               &BR::total_tokens_per_s),
};

using CR = CapacityResult;
constexpr ResultFieldDeclaration<CR> kCapacityResultFields[] = {
    number<CR>("max_batch", "requests", false, "largest batch that fits at this context", &CR::max_batch),
    number<CR>("max_batch_with_headroom", "requests", false, "largest batch that keeps the headroom free",
               &CR::max_batch_with_headroom),
    number<CR>("max_context_tokens", "tokens", false, "longest context that fits at this batch",
               &CR::max_context_tokens),
    number<CR>("crossover_batch", "requests", false, "smallest batch where the arithmetic term overtakes memory",
               &CR::crossover_batch),
    flag<CR>("weights_fit", "the weights alone fit in GPU memory", &CR::weights_fit),
    flag<CR>("weights_fit_with_headroom", "the weights alone fit below the headroom limit",
             &CR::weights_fit_with_headroom),
};

using SR = SpeculativeResult;
constexpr ResultFieldDeclaration<SR> kSpeculativeResultFields[] = {
    number<SR>("tokens_per_pass", "tokens", false, "tokens produced per target pass, (1-a^(k+1))/(1-a)",
               &SR::tokens_per_pass),
    number<SR>("speedup", "", false, "tokens per pass / (k*c + 1)", &SR::speedup),
};

const InputFieldDeclaration* find_in(Table<InputFieldDeclaration> table, const char* name) {
  for (const InputFieldDeclaration& row : table) {
    if (std::strcmp(row.name, name) == 0) return &row;
  }
  return nullptr;
}

}  // namespace

Table<InputFieldDeclaration> budget_input_fields() {
  return {kBudgetInputFields, std::size(kBudgetInputFields)};
}
Table<InputFieldDeclaration> speculative_input_fields() {
  return {kSpeculativeInputFields, std::size(kSpeculativeInputFields)};
}
Table<ResultFieldDeclaration<BudgetResult>> budget_result_fields() {
  return {kBudgetResultFields, std::size(kBudgetResultFields)};
}
Table<ResultFieldDeclaration<CapacityResult>> capacity_result_fields() {
  return {kCapacityResultFields, std::size(kCapacityResultFields)};
}
Table<ResultFieldDeclaration<SpeculativeResult>> speculative_result_fields() {
  return {kSpeculativeResultFields, std::size(kSpeculativeResultFields)};
}

const InputFieldDeclaration* find_budget_input_field(const char* name) { return find_in(budget_input_fields(), name); }
const InputFieldDeclaration* find_speculative_input_field(const char* name) {
  return find_in(speculative_input_fields(), name);
}

}  // namespace llmbudget
