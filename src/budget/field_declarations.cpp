#include "budget/field_declarations.h"

#include <cstring>
#include <iterator>

namespace llmbudget {

namespace {

// Why these bounds: the lower bounds of the precisions (0.01 B), parameters
// (1), bandwidth (1 B/s) and FLOP/s (1) keep every result finite. GPU memory
// starts at 1 byte, as bandwidth does at 1 B/s: no memory holds less, and a
// smaller value (down to 5e-324, which a reader may type) would only show as 0
// or as a row of zeros on the page. With all
// fields at their limits, memory <= 8e13 + 2*1000*1024*4096*8*1e8*1e6 ~ 6.7e24 B
// and step >= 1 * 0.01 / 1e16 = 1e-18 s, so tokens/s <= 1e6 / 1e-18 = 1e24.
//
// Typical spans (what a slider covers) are the lesson's and today's models and
// GPUs with room on both sides: 100 M to 2 T parameters, 4 GB to 2 TB of memory.
//
// The inputs of several GPUs, prefill and latency targets, with the basis of
// their defaults (BudgetInput's initialisers):
// - gpus: 1, the lesson's single GPU; every earlier number is unchanged.
// - prompt_tokens: 0 = the whole context is the prompt. A fixed default (say
//   1024) would refuse every workload with a shorter context (the CLI's
//   --context-tokens 512, context sweeps from 128), so 0 follows the context
//   as active_params follows total_params; TTFT is new, so no earlier number moves.
// - interconnect_bytes_per_s: 450e9, the NVLink 4 figure of the H100 SXM
//   datasheet (900 GB/s per GPU counting both directions, so 450 GB/s each
//   way; a ring all-reduce sends and receives at once, each way at that rate).
//   Typical span 10 GB/s (PCIe 3 x16 is ~16 GB/s a way) to 2 TB/s (past NVLink 5's 900 GB/s a way).
// - allreduce_latency_s: 20e-6, a fit, not a measurement: gpt-fast's Llama-2-7B
//   bf16 rows on A100 SXM at 330 W (README, commit c5d3454) run 104.9, 168.84,
//   254.02 and 328.43 tok/s on 1, 2, 4 and 8 GPUs; taking the 1-GPU rate as the
//   memory-bound step (13.48 GB per token) and subtracting its 1/G share
//   leaves 1.16, 1.55 and 1.85 ms; over 2*32 = 64 all-reduces per token, less
//   the bytes term at 300 GB/s a way (A100 NVLink 3), that is about 18, 24 and
//   29 us each. 20 us is a round figure at the low end (the residual also
//   holds kernel-launch gaps the model does not count). Typical span 0 to 100 us.
// - ttft_target_s, per_request_target_tokens_per_s: 0 = no target.
using K = FieldKind;
using CP = CountPrefixes;
using I = BudgetInput;

constexpr InputFieldDeclaration kBudgetInputFields[] = {
    // name, symbol, label, unit, kind, min, max, min_exclusive, zero_means, max_from,
    // typical_min, typical_max, group, meaning, member, plan option (none),
    // count prefixes (binary for the token counts of a context: 32k = 32,768)
    {"total_params", "P", "Total parameters", "parameters", K::real, 1, 1e13, false, "", "", 1e8, 2e12, "Model",
     "all parameters (MoE: every expert); sets weight memory", &I::total_params, nullptr, CP::decimal},
    {"active_params", "P_active", "Active parameters per token", "parameters", K::real, 1, 1e13, false,
     "same as total_params", "total_params", 0, 2e12, "Model",
     "parameters used per token (MoE); sets the arithmetic per token", &I::active_params, nullptr, CP::decimal},
    {"layers", "L", "Layers", "layers", K::whole, 1, 1000, false, "", "", 1, 200, "Model", "transformer layers",
     &I::layers, nullptr, CP::decimal},
    {"query_heads", "H_q", "Query heads", "heads", K::whole, 1, 1024, false, "", "", 1, 256, "Model",
     "attention query heads per layer", &I::query_heads, nullptr, CP::decimal},
    {"kv_heads", "H_kv", "KV heads", "heads", K::whole, 1, 1024, false, "", "query_heads", 1, 256, "Model",
     "key-value heads per layer (GQA; equal to query heads for MHA, 1 for MQA)", &I::kv_heads, nullptr, CP::decimal},
    {"head_dim", "d_h", "Head dimension", "values per head", K::whole, 1, 4096, false, "", "", 16, 512, "Model",
     "values in one head's key or value vector", &I::head_dim, nullptr, CP::decimal},
    {"sliding_window_tokens", "W", "Sliding window", "tokens", K::whole, 1, 1e7, false, "full attention", "", 0, 131072,
     "Model", "the cache holds min(context, W) tokens per request", &I::sliding_window_tokens, nullptr, CP::binary},
    {"weight_bytes_per_param", "b_w", "Weight precision", "bytes per parameter", K::real, 0.01, 8, false, "", "", 0.25,
     4, "Precision", "storage per weight (16-bit = 2 bytes, 4-bit = 0.5, 4.5-bit = 0.5625)", &I::weight_bytes_per_param,
     nullptr, CP::decimal},
    {"cache_bytes_per_value", "b_c", "KV cache precision", "bytes per value", K::real, 0.01, 8, false, "", "", 0.25, 4,
     "Precision", "storage per cached key or value (16-bit = 2 bytes, 8-bit = 1)", &I::cache_bytes_per_value, nullptr,
     CP::decimal},
    {"batch", "B", "Batch", "requests", K::whole, 1, 1e6, false, "", "", 1, 4096, "Workload",
     "concurrent requests decoded together", &I::batch, nullptr, CP::decimal},
    {"context_tokens", "n", "Context", "tokens per request", K::whole, 1, 1e8, false, "", "model_max_context_tokens",
     128, 1048576, "Workload", "tokens each request holds in the KV cache", &I::context_tokens, nullptr, CP::binary},
    {"gpu_memory_bytes", "", "GPU memory", "bytes", K::real, 1, 1e15, false, "", "", 4e9, 2e12, "Hardware",
     "memory of one GPU (decimal: 80e9 = 80 GB)", &I::gpu_memory_bytes, nullptr, CP::decimal},
    {"bandwidth_bytes_per_s", "BW", "Memory bandwidth", "bytes/s", K::real, 1, 1e16, false, "", "", 5e10, 2e13,
     "Hardware", "usable memory bandwidth", &I::bandwidth_bytes_per_s, nullptr, CP::decimal},
    {"flops_per_s", "F", "Arithmetic rate", "FLOP/s", K::real, 1, 1e19, false, "", "", 1e12, 5e15, "Hardware",
     "usable arithmetic rate", &I::flops_per_s, nullptr, CP::decimal},
    {"headroom_fraction", "", "Headroom to keep free", "fraction of GPU memory", K::real, 0, 0.9, false, "", "", 0, 0.5,
     "Policy", "memory to keep free; less free than this is 'tight' (vLLM's gpu_memory_utilization is 1 minus this)",
     &I::headroom_fraction, nullptr, CP::decimal},
    // Several GPUs, prefill and targets: after the lesson's fields, so their
    // positions stay; the calculator groups fields by `group`, not by position.
    {"prompt_tokens", "n_p", "Prompt", "tokens per request", K::whole, 1, 1e8, false, "same as context_tokens",
     "context_tokens", 0, 131072, "Workload",
     "tokens of one request's prompt, read in one prefill pass; sets the time to first token", &I::prompt_tokens,
     nullptr, CP::binary},
    {"interconnect_bytes_per_s", "G_link", "GPU-to-GPU link", "bytes/s", K::real, 1, 1e15, false, "", "", 1e10, 2e12,
     "Hardware", "link bandwidth per GPU and direction, carrying the all-reduces of several GPUs",
     &I::interconnect_bytes_per_s, nullptr, CP::decimal},
    {"gpus", "G", "GPUs", "GPUs", K::whole, 1, 64, false, "", "", 1, 64, "Parallelism",
     "GPUs sharing every layer (tensor parallel); must divide the query heads and divide or be divided by the KV heads",
     &I::gpus, nullptr, CP::decimal},
    {"allreduce_latency_s", "λ", "All-reduce latency", "s", K::real, 0, 1, false, "", "", 0, 1e-4, "Parallelism",
     "fixed cost of one all-reduce between the GPUs, whatever its size", &I::allreduce_latency_s, nullptr, CP::decimal},
    {"ttft_target_s", "", "Time to first token target", "s", K::real, 1e-6, 1e4, false, "no target", "", 0, 10,
     "Targets", "the longest acceptable wait for the first token of a request arriving alone", &I::ttft_target_s,
     nullptr, CP::decimal},
    {"per_request_target_tokens_per_s", "", "Per-request speed target", "tokens/s", K::real, 1e-3, 1e9, false,
     "no target", "", 0, 200, "Targets", "the slowest acceptable decode speed of each request",
     &I::per_request_target_tokens_per_s, nullptr, CP::decimal},
    // Layer kinds, mixtures of experts and the model's context limit: after
    // the fields above, so their positions stay.
    {"sliding_window_layers", "L_W", "Layers with the window", "layers", K::whole, 1, 1000, false,
     "every layer (when a sliding window is set)", "layers", 0, 200, "Model",
     "layers whose cache holds at most W tokens; the others attend to the whole context (Gemma 2: 21 of 42)",
     &I::sliding_window_layers, nullptr, CP::decimal},
    {"latent_kv_dim", "d_c", "Latent KV values", "values per token and layer", K::whole, 1, 65536, false,
     "none: keys and values per KV head", "", 0, 2048, "Model",
     "latent attention (MLA): one cached vector of kv_lora_rank + qk_rope_head_dim values per token and layer "
     "(DeepSeek-V3: 512 + 64 = 576), no factor 2 and no heads",
     &I::latent_kv_dim, nullptr, CP::decimal},
    {"experts", "E", "Routed experts", "experts per MoE layer", K::whole, 1, 4096, false,
     "dense: not a mixture of experts", "", 0, 512, "Model",
     "routed experts in each mixture-of-experts layer (shared experts count among the always-used weights)",
     &I::experts, nullptr, CP::decimal},
    {"experts_per_token", "k", "Experts per token", "experts", K::whole, 1, 4096, false, "not a mixture of experts",
     "experts", 0, 64, "Model", "routed experts each token uses; a decode step reads the experts its batch touches",
     &I::experts_per_token, nullptr, CP::decimal},
    {"model_max_context_tokens", "", "Model context limit", "tokens per request", K::whole, 1, 1e8, false, "no limit",
     "", 0, 1048576, "Model",
     "the longest context the model is trained or configured for (config.json "
     "max_position_embeddings); caps the context",
     &I::model_max_context_tokens, nullptr, CP::binary},
    // Arithmetic by precision and the runtime's own memory: 0 (and b_a = 2)
    // leave every earlier number as it was.
    {"flops_8bit_per_s", "F_8", "Eight-bit arithmetic rate", "FLOP/s", K::real, 1, 1e19, false,
     "same as the 16-bit rate", "", 0, 1e16, "Hardware",
     "usable dense tensor rate with 8-bit weights and activations (FP8, INT8)", &I::flops_8bit_per_s, nullptr,
     CP::decimal},
    {"flops_4bit_per_s", "F_4", "Four-bit arithmetic rate", "FLOP/s", K::real, 1, 1e19, false, "same as the 8-bit rate",
     "", 0, 2e16, "Hardware", "usable dense tensor rate with 4-bit weights and activations (FP4)", &I::flops_4bit_per_s,
     nullptr, CP::decimal},
    {"activation_bytes_per_value", "b_a", "Activation precision", "bytes per value", K::real, 0.25, 4, false, "", "",
     0.5, 2, "Precision",
     "precision the matrix multiplies' activations run in; the rate follows the wider of weights and activations "
     "(16-bit = 2: weight-only quantisation keeps the 16-bit rate; FP8 = 1)",
     &I::activation_bytes_per_value, nullptr, CP::decimal},
    {"activation_peak_bytes", "", "Activation peak", "bytes per GPU", K::real, 0, 1e15, false, "", "", 0, 2e10,
     "Runtime",
     "the runtime's peak activation memory in its largest forward pass (vLLM's profile run); 0 = not counted",
     &I::activation_peak_bytes, nullptr, CP::decimal},
    {"runtime_reserve_bytes", "", "Runtime reserve", "bytes per GPU", K::real, 0, 1e15, false, "", "", 0, 1e10,
     "Runtime", "CUDA context, non-torch allocations (NCCL, cuBLAS) and CUDA graphs; 0 = not counted",
     &I::runtime_reserve_bytes, nullptr, CP::decimal},
    // Last so every earlier position stays. Upper bound: the largest vocabularies
    // published are a few hundred thousand tokens (Gemma 3: 262,208); 1e7 leaves
    // room and keeps the sampler estimate's bytes finite.
    {"vocab_size", "V", "Vocabulary", "tokens", K::whole, 1, 1e7, false, "not known", "", 0, 262144, "Model",
     "tokens in the model's vocabulary (config.json vocab_size); sizes the estimate of vLLM's sampler warm-up",
     &I::vocab_size, nullptr, CP::decimal},
};

constexpr InputFieldDeclaration kSpeculativeInputFields[] = {
    {"acceptance_rate", "a", "Acceptance rate", "fraction", K::real, 0, 1, false, "", "", 0, 1, "Speculative decoding",
     "chance the target accepts each draft token", nullptr, &PlanOptions::acceptance_rate, CP::decimal},
    {"draft_tokens", "k", "Draft tokens", "tokens", K::whole, 1, 32, false, "", "", 1, 32, "Speculative decoding",
     "tokens the draft proposes per target pass", nullptr, &PlanOptions::draft_tokens, CP::decimal},
    {"draft_cost_ratio", "c", "Draft cost per token", "fraction of a target pass", K::real, 0, 1, false, "", "", 0, 1,
     "Speculative decoding", "cost of one draft token relative to one target pass", nullptr,
     &PlanOptions::draft_cost_ratio, CP::decimal},
    // The planner's alone (speculative() does not read it): the draft model's memory. 0 = c * P, a draft whose step
    // costs c of a target pass reads about c of its bytes (planner.h, PlanOptions).
    {"draft_params", "P_d", "Draft model size", "parameters", K::real, 1, 1e13, false,
     "draft_cost_ratio × total_params", "", 0, 1e11, "Speculative decoding",
     "draft model size; its weights and KV cache add to each GPU's memory", nullptr, &PlanOptions::draft_params,
     CP::decimal},
};

// The planner's cost parameter (plan_hardware(), HardwareOption): no built-in
// price, as rental prices vary by provider, region and commitment; the reader
// types it. The bounds keep costs finite: $1e6 per GPU-hour over 64 GPUs at
// 1e-24 tok/s is still a finite double.
// vLLM's max_num_seqs as the estimate of its warm-up reads it (vllm_runtime.h); the upper bound keeps
// 9.7 * max_num_seqs * vocab_size * 4 B (at most 3.9e14) inside activation_peak_bytes' range.
constexpr InputFieldDeclaration kVllmRuntimeInputFields[] = {
    {"max_num_seqs", "", "Sequences per step", "sequences", K::whole, 1, 1e6, false,
     "vLLM's default for the GPU's memory", "", 0, 1024, "Runtime",
     "vLLM's max_num_seqs: the most sequences one step runs, and the rows of its sampler's warm-up", nullptr, nullptr,
     CP::decimal},
};

constexpr InputFieldDeclaration kPlanCostInputFields[] = {
    {"price_per_gpu_hour", "", "Price per GPU-hour", "$ per GPU-hour", K::real, 1e-4, 1e6, false, "no price", "", 0, 20,
     "Cost", "what one GPU costs to rent for one hour; sets the cost per million tokens", nullptr, nullptr,
     CP::decimal},
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
    number<BR>("kv_cache_bytes_per_token", "B", false,
               "KV cache of one token of one request over every layer, 2*L*H_kv*d_h*b_c (MLA: L*d_c*b_c)",
               &BR::kv_cache_bytes_per_token),
    number<BR>("total_bytes", "B", false, "weights + KV cache + the runtime's memory on every GPU", &BR::total_bytes),
    number<BR>("free_bytes", "B", false, "GPU memory minus per_gpu_bytes (negative when over)", &BR::free_bytes),
    number<BR>("headroom_limit_bytes", "B", false, "the most per_gpu_bytes may be for the verdict 'fits'",
               &BR::headroom_limit_bytes),
    number<BR>("memory_time_s", "s", false, "memory term of one decode step, decode_traffic_bytes/BW",
               &BR::memory_time_s),
    number<BR>("compute_time_s", "s", false, "arithmetic term of one decode step, 2*P_active*B/(G*F)",
               &BR::compute_time_s),
    number<BR>("step_s", "s", true, "one decode step, the larger term + comm_s", &BR::step_s),
    {"bound_by", "", ResultKind::binding_term, false, "the term that sets the decode step", nullptr, nullptr, nullptr,
     &BR::bound_by},
    flag<BR>("fits", "per_gpu_bytes <= GPU memory", &BR::fits),
    {"verdict", "", ResultKind::verdict, false, "fits, tight (less free than the headroom) or does-not-fit", nullptr,
     nullptr, &BR::verdict, nullptr},
    flag<BR>("has_speed", "the configuration fits, so it has a speed", &BR::has_speed),
    number<BR>("per_request_tokens_per_s", "tok/s", true, "tokens per second of one request, 1/step",
               &BR::per_request_tokens_per_s),
    number<BR>("total_tokens_per_s", "tok/s", true, "tokens per second of the whole batch, B/step",
               &BR::total_tokens_per_s),
    number<BR>("per_gpu_bytes", "B", false,
               "memory one GPU holds, P*b_w/G + its KV heads' cache; the verdict judges it", &BR::per_gpu_bytes),
    number<BR>("kv_heads_per_gpu", "", false, "KV heads each GPU holds, H_kv/G, or 1 when replicated (H_kv < G)",
               &BR::kv_heads_per_gpu),
    number<BR>("comm_s", "s", false, "all-reduce time of one decode step, part of step_s (0 with one GPU)",
               &BR::comm_s),
    number<BR>("ttft_s", "s", true, "time to first token: prefill of one request arriving alone", &BR::ttft_s),
    flag<BR>("ttft_target_met", "no TTFT target, or it fits and ttft_s <= the target", &BR::ttft_target_met),
    number<BR>("ttft_margin_s", "s", true, "TTFT target - ttft_s: below 0 missed by that much (0 without a target)",
               &BR::ttft_margin_s),
    flag<BR>("per_request_target_met", "no speed target, or it fits and per-request tokens/s >= the target",
             &BR::per_request_target_met),
    number<BR>("per_request_margin_tokens_per_s", "tok/s", true,
               "per-request tokens/s - target: below 0 missed by that much (0 without a target)",
               &BR::per_request_margin_tokens_per_s),
    number<BR>(
        "decode_traffic_bytes", "B", false,
        "bytes one GPU reads in a decode step: the weights it reads (MoE: always-used + experts touched) and its "
        "cache",
        &BR::decode_traffic_bytes),
    number<BR>("experts_touched", "", false,
               "expected distinct routed experts one MoE layer reads in a decode step, E*(1-(1-k/E)^B); 0 when dense",
               &BR::experts_touched),
    number<BR>("full_attention_layers", "", false, "layers whose cache holds the whole context",
               &BR::full_attention_layers),
    number<BR>("sliding_window_layers_used", "", false, "layers whose cache holds at most W tokens",
               &BR::sliding_window_layers_used),
    number<BR>("runtime_bytes", "B", false, "the runtime's own memory on each GPU: activation peak + reserve",
               &BR::runtime_bytes),
    number<BR>("matmul_bits", "", false, "16, 8 or 4: the precision the arithmetic rate is for, max(b_w, b_a)",
               &BR::matmul_bits),
    number<BR>("matmul_flops_per_s", "", false, "the usable arithmetic rate the decode step and TTFT used",
               &BR::matmul_flops_per_s),
    number<BR>("kv_capacity_tokens", "", false,
               "tokens of KV cache one GPU holds within the headroom limit (vLLM's GPU KV cache size)",
               &BR::kv_capacity_tokens),
    number<BR>("max_concurrency", "", false,
               "requests of this context whose cache fits within the headroom limit (vLLM's maximum concurrency)",
               &BR::max_concurrency),
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
    flag<CR>("weights_fit", "the weights (and the runtime's own memory, when set) fit in GPU memory", &CR::weights_fit),
    flag<CR>("weights_fit_with_headroom", "the weights (and the runtime's memory) fit below the headroom limit",
             &CR::weights_fit_with_headroom),
    number<CR>("min_gpus_to_fit", "GPUs", false,
               "fewest GPUs (1 to 64, splitting the heads validly) that fit this workload; 0 if none",
               &CR::min_gpus_to_fit),
};

using VR = VllmRuntimeEstimate;
constexpr ResultFieldDeclaration<VR> kVllmRuntimeResultFields[] = {
    number<VR>("max_num_seqs", "sequences", false, "the max_num_seqs the estimate assumed", &VR::max_num_seqs),
    number<VR>("headroom_fraction", "fraction of GPU memory", false, "1 - vLLM's gpu_memory_utilization (0.9)",
               &VR::headroom_fraction),
    number<VR>("activation_peak_bytes", "B", false,
               "vLLM's warm-up peak: 9.7 float32 copies of max_num_seqs x vocab_size logits",
               &VR::activation_peak_bytes),
    number<VR>("runtime_reserve_bytes", "B", false,
               "memory outside torch as llm-d measured it: 0.13 GiB, 0.55 GiB with "
               "tensor parallel",
               &VR::runtime_reserve_bytes),
};

using SR = SpeculativeResult;
constexpr ResultFieldDeclaration<SR> kSpeculativeResultFields[] = {
    number<SR>("tokens_per_pass", "tokens", false, "tokens produced per target pass, (1-a^(k+1))/(1-a)",
               &SR::tokens_per_pass),
    number<SR>("speedup", "", false, "tokens per pass / (k*c + 1)", &SR::speedup),
};

using PR = PlanRow;
constexpr ResultFieldDeclaration<PR> kPlanRowFields[] = {
    number<PR>("weight_bytes_per_param", "", false, "bytes per weight tried (2, 1, 0.5: 16, 8, 4 bits)",
               &PR::weight_bytes_per_param),
    number<PR>("cache_bytes_per_value", "", false, "bytes per cached value tried (2, 1)", &PR::cache_bytes_per_value),
    number<PR>("gpus", "", false, "GPUs tried (1, 2, 4, 8 that split the heads validly)", &PR::gpus),
    flag<PR>("speculative", "speculative decoding on", &PR::speculative),
    flag<PR>("changes_output", "quantised below 16 bits, so the model's output changes", &PR::changes_output),
    number<PR>("per_gpu_bytes", "B", false, "memory one GPU holds (the draft model's included)", &PR::per_gpu_bytes),
    number<PR>("draft_bytes", "B", false,
               "of per_gpu_bytes, the draft model's weights and KV cache (0 unless speculative)", &PR::draft_bytes),
    flag<PR>("fits", "per_gpu_bytes <= GPU memory", &PR::fits),
    {"verdict", "", ResultKind::verdict, false, "fits, tight or does-not-fit", nullptr, nullptr, &PR::verdict, nullptr},
    number<PR>("ttft_s", "s", true, "time to first token of one request arriving alone", &PR::ttft_s),
    number<PR>("per_request_tokens_per_s", "tok/s", true, "decode speed of one request (speculative speed-up included)",
               &PR::per_request_tokens_per_s),
    number<PR>("total_tokens_per_s", "tok/s", true, "decode speed of the whole batch", &PR::total_tokens_per_s),
    flag<PR>("ttft_target_met", "no TTFT target, or it fits and meets it", &PR::ttft_target_met),
    flag<PR>("per_request_target_met", "no speed target, or it fits and meets it", &PR::per_request_target_met),
    flag<PR>("meets_targets", "fits and meets every target", &PR::meets_targets),
    flag<PR>("cheapest",
             "the cheapest row that keeps the output and meets every target (fewest GPUs, then headroom kept)",
             &PR::cheapest),
    flag<PR>("cheapest_changing_output",
             "the cheapest row that changes the output and meets every target, marked when it needs fewer GPUs than "
             "the cheapest output-keeping row (or none of those meets them)",
             &PR::cheapest_changing_output),
};

using HR = HardwarePlanRow;
constexpr ResultFieldDeclaration<HR> kHardwarePlanRowFields[] = {
    number<HR>("option", "", false, "index of the hardware option (GPU type) the row was planned on", &HR::option),
    number<HR>("cost_per_million_output_tokens", "$", true,
               "price*G/3600/total_tokens_per_s*1e6: one million output tokens at the batch's rate; 0 without a price",
               &HR::cost_per_million_output_tokens),
    number<HR>("cost_per_million_input_tokens", "$", true,
               "price*G/3600*ttft_s/n_p*1e6: one million prompt tokens at one request's prefill rate; 0 without a "
               "price",
               &HR::cost_per_million_input_tokens),
    flag<HR>("cheapest_by_cost", "the lowest output cost among priced rows that keep the output and meet every target",
             &HR::cheapest_by_cost),
    flag<HR>("cheapest_by_cost_changing_output",
             "the lowest output cost among priced rows that change the output and meet every target, when below "
             "the cheapest_by_cost row's",
             &HR::cheapest_by_cost_changing_output),
};

const InputFieldDeclaration* find_in(Table<InputFieldDeclaration> table, const char* name) {
  for (const InputFieldDeclaration& row : table) {
    if (std::strcmp(row.name, name) == 0) return &row;
  }
  return nullptr;
}

}  // namespace

Table<InputFieldDeclaration> budget_input_fields() { return {kBudgetInputFields, std::size(kBudgetInputFields)}; }
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
Table<ResultFieldDeclaration<PlanRow>> plan_row_fields() { return {kPlanRowFields, std::size(kPlanRowFields)}; }
Table<InputFieldDeclaration> plan_cost_input_fields() {
  return {kPlanCostInputFields, std::size(kPlanCostInputFields)};
}
Table<InputFieldDeclaration> vllm_runtime_input_fields() {
  return {kVllmRuntimeInputFields, std::size(kVllmRuntimeInputFields)};
}
Table<ResultFieldDeclaration<VllmRuntimeEstimate>> vllm_runtime_result_fields() {
  return {kVllmRuntimeResultFields, std::size(kVllmRuntimeResultFields)};
}
Table<ResultFieldDeclaration<HardwarePlanRow>> hardware_plan_row_fields() {
  return {kHardwarePlanRowFields, std::size(kHardwarePlanRowFields)};
}

const InputFieldDeclaration* find_budget_input_field(const char* name) { return find_in(budget_input_fields(), name); }
const InputFieldDeclaration* find_speculative_input_field(const char* name) {
  return find_in(speculative_input_fields(), name);
}

const InputFieldDeclaration* find_plan_cost_input_field(const char* name) {
  return find_in(plan_cost_input_fields(), name);
}

}  // namespace llmbudget
