// vLLM's startup memory, estimated: the figures vLLM's profile run measures
// before it sizes the KV cache (the activation peak of its warm-up, the memory
// outside torch) and its default gpu_memory_utilization, so the calculator can
// answer "how many tokens of KV cache will vLLM report on this card" before
// anyone starts it.
//
// vLLM (V1 engine) sizes the cache as
//   KV cache = gpu_memory_utilization * GPU memory - weights - peak activation - non-torch memory,
// which is the budget's own rule with headroom_fraction = 1 - gpu_memory_utilization,
// activation_peak_bytes and runtime_reserve_bytes (serving_budget.h). Checked on
// llm-d's measured H100 runs (llm-d/llm-d-benchmark @ 259334868c5075da530cc6c90b43fceb11b6e6a7,
// config_explorer/empirical-vllm-memory-results.md; 79.18 GiB, u = 0.9 = 71.26 GiB):
//   Llama-3.1-8B        71.26 - 14.99 - 4.76 - 0.13 = 51.38 GiB (vLLM printed 51.38)
//   gpt-oss-20b         71.26 - 13.47 - 7.38 - 0.13 = 50.28 GiB (50.28)
//   Llama-3.3-70B FP8, TP 2, per GPU: 71.26 - 33.88 - 4.84 - 0.55 = 31.99 GiB (32.0)
// CUDA graphs are captured after the cache is sized, out of the (1 - u) share
// vLLM leaves free (llm-d saw -0.45 to +1.03 GiB), so they are not deducted.
#pragma once

#include <string>

#include "budget/budget_types.h"

namespace llmbudget {

/// vLLM's default gpu_memory_utilization (vllm/engine/arg_utils.py, EngineArgs): 0.90.
constexpr double kVllmGpuMemoryUtilization = 0.9;

/// Copies of a float32 [max_num_seqs x vocabulary] logits tensor that vLLM's
/// warm-up peak amounts to: a fit, not a derivation. llm-d's five H100 runs at
/// vLLM's H100 default of 1,024 sequences give peak / (1,024 x V x 4 B) =
/// 9.73 (Llama-3.1-8B, V = 128,256: 4.76 GiB), 9.89 (Llama-3.3-70B FP8 TP 2,
/// 128,256: 4.84), 9.59 (Qwen3-0.6B, 151,936: 5.56), 9.73 (Qwen3-32B, 151,936:
/// 5.64) and 9.62 (gpt-oss-20b, 201,088: 7.38): the peak follows the
/// vocabulary, not the model's size, because the sampler's dummy run (logits
/// in float32, their softmax, log-softmax and the top-k/top-p sort with its
/// int64 indices) outweighs the forward pass of max_num_batched_tokens tokens
/// for every one of them (Llama-3.1-8B's largest forward activation, the MLP's
/// 8,192 x 28,672 16-bit values, is 0.44 GiB). The mean, 9.7, is within 2 %
/// of each run. Only 1,024 sequences were measured: that the peak scales with
/// max_num_seqs is the sampler's shape, an assumption at 256.
constexpr double kVllmSamplerCopies = 9.7;

/// Memory vLLM counts outside torch (CUDA context, cuBLAS, NCCL buffers),
/// per GPU, as llm-d measured it on H100: 0.13 GiB with one GPU (every
/// single-GPU run), 0.55 GiB with tensor parallel over 2 (NCCL). More GPUs
/// were not measured; the 2-GPU figure is used for them.
constexpr double kVllmNonTorchBytesOneGpu = 0.13 * 1073741824.0;
constexpr double kVllmNonTorchBytesTensorParallel = 0.55 * 1073741824.0;

/// vLLM's default max_num_seqs for the OpenAI server (vllm/engine/arg_utils.py,
/// EngineArgs.get_batch_defaults): 1,024 on GPUs of at least 70 GiB whose device
/// name does not contain "a100" (any case; H100, H200, B200, MI300X), 256
/// otherwise (the A100 80 GB is excepted by name: vLLM's comment there says a
/// larger token budget lowered its throughput). gpu_memory_bytes: one GPU's capacity in bytes;
/// device_name: the GPU's name as a preset or the driver gives it, "" when unknown.
double vllm_default_max_num_seqs(double gpu_memory_bytes, const std::string& device_name);

struct VllmRuntimeEstimate {
  bool ok = false;
  InputError error;                  ///< when !ok: the field and the reason
  double max_num_seqs = 0;           ///< the sequences the estimate assumed
  double headroom_fraction = 0;      ///< 1 - gpu_memory_utilization = 0.1 (exactly)
  double activation_peak_bytes = 0;  ///< kVllmSamplerCopies * max_num_seqs * vocab_size * 4 B, to a whole byte
  double runtime_reserve_bytes = 0;  ///< non-torch memory, by GPU count, to a whole byte
};

/// The runtime inputs that make the budget read as vLLM's startup log would,
/// for the model and GPUs in `in` (validated first, as plan() does).
/// max_num_seqs: whole, 1 to 1e6, or 0 for vLLM's default on `in`'s GPU
/// memory (vllm_default_max_num_seqs with no device name: pass the default
/// for a named GPU explicitly); declared in
/// vllm_runtime_input_fields() (field_declarations.h).
/// Errors: any of validate_budget_input()'s; {"vocab_size", ...} when the
/// vocabulary is not known (0); {"max_num_seqs", ...} out of range.
/// Example: Llama 3.1 8B (V = 128,256) on one H100 (81,559 MiB), default 1,024
/// sequences: peak 9.7 * 1,024 * 128,256 * 4 = 5,095,764,787.2 B (4.75 GiB),
/// reserve 0.13 GiB, headroom 0.1.
VllmRuntimeEstimate vllm_runtime_estimate(const BudgetInput& in, double max_num_seqs = 0);

/// `in` with the estimate's three runtime inputs set; `in` unchanged when !e.ok.
BudgetInput with_vllm_runtime(const BudgetInput& in, const VllmRuntimeEstimate& e);

}  // namespace llmbudget
