#include "budget/vllm_runtime.h"

#include <cmath>

#include "budget/field_declarations.h"
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
               "vocab_size must be known (a whole number from 1 to 1e7) for the estimate of vLLM's warm-up, "
               "which sizes its logits by the model's vocabulary (config.json's vocab_size); it is 0 (not known)"};
    return e;
  }
  e.max_num_seqs = max_num_seqs > 0 ? max_num_seqs : vllm_default_max_num_seqs(in.gpu_memory_bytes, "");
  // 1 - 0.9 in doubles is 0.09999999999999998: rounded to the 0.1 it stands for.
  e.headroom_fraction = std::round((1 - kVllmGpuMemoryUtilization) * 1e9) / 1e9;
  // Whole bytes: the estimate is good to about 2 %, a fraction of a byte says nothing.
  e.activation_peak_bytes = std::round(kVllmSamplerCopies * e.max_num_seqs * in.vocab_size * kFloat32Bytes);
  e.runtime_reserve_bytes = std::round(in.gpus > 1 ? kVllmNonTorchBytesTensorParallel : kVllmNonTorchBytesOneGpu);
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
