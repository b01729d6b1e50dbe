#include "budget/vllm_runtime.h"

#include <cmath>
#include "budget/validate.h"

namespace llmbudget {

namespace {
constexpr double kGiB = 1073741824.0;
constexpr double kFloat32Bytes = 4;
}  // namespace

double vllm_default_max_num_seqs(double gpu_memory_bytes, const std::string& device_name) {
  std::string lower = device_name;
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  const bool a100 = lower.find("a100") != std::string::npos;
  return (gpu_memory_bytes >= 70 * kGiB && !a100) ? 1024 : 256;
}

VllmRuntimeEstimate vllm_runtime_estimate(const BudgetInput& in, double max_num_seqs) {
  VllmRuntimeEstimate e;
  if (auto error = validate_budget_input(in)) {
    e.error = *error;
    return e;
  }
  if (auto error = check_declared_value(vllm_runtime_input_fields().rows[0], max_num_seqs)) {
    e.error = *error;
    return e;
  }
  if (in.vocab_size == 0) {
    e.error = {"vocab_size",
               "the estimate of vLLM's warm-up needs the model's vocabulary size, vocab_size (config.json's "
               "vocab_size), which is 0 (not known)"};
    return e;
  }
  e.max_num_seqs = max_num_seqs > 0 ? max_num_seqs : vllm_default_max_num_seqs(in.gpu_memory_bytes, "");
  e.headroom_fraction = 1 - kVllmGpuMemoryUtilization;
  e.activation_peak_bytes = kVllmSamplerCopies * e.max_num_seqs * in.vocab_size * kFloat32Bytes;
  e.runtime_reserve_bytes = in.gpus > 1 ? kVllmNonTorchBytesTensorParallel : kVllmNonTorchBytesOneGpu;
  e.ok = true;
  return e;
}

BudgetInput with_vllm_runtime(const BudgetInput& in, const VllmRuntimeEstimate& e) {
  if (!e.ok) return in;
  BudgetInput out = in;
  out.headroom_fraction = e.headroom_fraction;
  out.activation_peak_bytes = e.activation_peak_bytes;
  out.runtime_reserve_bytes = e.runtime_reserve_bytes;
  return out;
}

}  // namespace llmbudget
