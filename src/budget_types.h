// Value types shared by the serving-budget core.
//
// Every count is carried as a double so the core itself can reject a
// non-integer (a JavaScript number or a CLI flag may hold 7.5 layers); the
// validation in validate.h turns bad values into an InputError that names the
// field. Units are decimal SI unless a name says otherwise (1 GB = 1e9 B).
#pragma once

#include <string>

namespace llmbudget {

/// One serving configuration: model shape, precision, hardware, workload.
/// Field names follow the lesson's symbols (P, L, H_kv, d_h, b_w, b_c, B, n,
/// BW, F). Valid ranges are enforced by validate_budget_input() and listed
/// by budget_input_limits(); within them every result is finite (validate.cpp
/// shows the bound). Defaults are the lesson's 7B workload (GQA fields aside:
/// kv_heads 32 is the lesson's first, MHA row).
struct BudgetInput {
  // Model shape
  double total_params = 7e9;        ///< P, all parameters (MoE: every expert), [1, 1e13]; need not be whole ("6.7e9")
  double active_params = 0;         ///< parameters used per token (MoE); 0 means "same as total_params"; else [1, total_params]
  double layers = 32;               ///< L, whole number in [1, 1000]
  double query_heads = 32;          ///< whole number in [1, 1024]
  double kv_heads = 32;             ///< H_kv, whole number in [1, query_heads]
  double head_dim = 128;            ///< d_h, whole number in [1, 4096]
  double sliding_window_tokens = 0; ///< W; 0 means full attention, else whole number in [1, 1e7]
  // Precision
  double weight_bytes_per_param = 2;  ///< b_w, [0.01, 8]; 4.5-bit weights = 0.5625 (floor 0.01 keeps speeds finite)
  double cache_bytes_per_value = 2;   ///< b_c, [0.01, 8]
  // Workload
  double batch = 16;                ///< B, concurrent requests, whole number in [1, 1e6]
  double context_tokens = 8192;     ///< n, tokens held per request, whole number in [1, 1e8]
  // Hardware
  double gpu_memory_bytes = 80e9;        ///< (0, 1e15]
  double bandwidth_bytes_per_s = 1e12;   ///< BW, [1, 1e16] (floor keeps memory_time_s finite)
  double flops_per_s = 4e13;             ///< F, usable arithmetic rate, [1, 1e19]
  // Policy
  double headroom_fraction = 0.1;   ///< memory to keep free, [0, 0.9]
};

/// A rejected input: the field's name (as in BudgetInput, or the function's
/// parameter name) and a one-sentence reason that includes the bad value.
struct InputError {
  std::string field;
  std::string message;
};

enum class Verdict { fits = 0, tight = 1, does_not_fit = 2 };
enum class BindingTerm { memory = 0, compute = 1 };

}  // namespace llmbudget
