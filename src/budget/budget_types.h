// Value types shared by the serving-budget core.
//
// Every count is carried as a double so the core itself can reject a
// non-integer (a JavaScript number or a CLI flag may hold 7.5 layers); the
// validation in validate.h turns bad values into an InputError that names the
// field. Units are decimal SI unless a name says otherwise (1 GB = 1e9 B).
#pragma once

#include <string>
#include <utility>

namespace llmbudget {

/// One serving configuration: model shape, precision, hardware, workload.
/// Field names follow the lesson's symbols (P, L, H_kv, d_h, b_w, b_c, B, n,
/// BW, F; G, n_p, G_link, lambda for several GPUs and prefill). The member initialisers are the defaults (the lesson's
/// 7B workload; kv_heads 32 is the lesson's first, MHA row). Symbols, units, valid ranges and meanings are declared
/// once, in field_declarations.cpp, and enforced by validate_budget_input(); within them every result is finite.
struct BudgetInput {
  // Model shape
  double total_params = 7e9;         ///< P
  double active_params = 0;          ///< P_active (MoE); 0 = same as total_params
  double layers = 32;                ///< L
  double query_heads = 32;           ///< H_q
  double kv_heads = 32;              ///< H_kv
  double head_dim = 128;             ///< d_h
  double sliding_window_tokens = 0;  ///< W; 0 = full attention
  // Precision
  double weight_bytes_per_param = 2;  ///< b_w
  double cache_bytes_per_value = 2;   ///< b_c
  // Workload
  double batch = 16;             ///< B, concurrent requests
  double context_tokens = 8192;  ///< n, tokens held per request
  // Hardware
  double gpu_memory_bytes = 80e9;
  double bandwidth_bytes_per_s = 1e12;  ///< BW
  double flops_per_s = 4e13;            ///< F, usable
  // Policy
  double headroom_fraction = 0.1;  ///< memory to keep free
  // Several GPUs, prefill and targets (after the lesson's fields; declared in
  // the groups Workload, Hardware, Parallelism and Targets)
  double prompt_tokens = 0;                 ///< n_p, prompt of one request (prefill); 0 = same as context_tokens
  double interconnect_bytes_per_s = 450e9;  ///< G_link, per GPU and direction (H100 SXM NVLink 4: 900 GB/s both ways)
  double gpus = 1;                          ///< G, tensor-parallel GPUs (1 = the lesson's single GPU)
  double allreduce_latency_s =
      20e-6;  ///< lambda, fixed cost of one all-reduce (fit to gpt-fast's 7B rows; see field_declarations.cpp)
  double ttft_target_s = 0;                    ///< time to first token must be at most this
  double per_request_target_tokens_per_s = 0;  ///< each request must decode at least this fast
  // Layer kinds, mixtures of experts and the model's context limit (after the
  // fields above so their positions stay; declared in the group Model)
  double sliding_window_layers = 0;  ///< L_W, layers that use the window W; 0 = every layer (when W is set)
  double latent_kv_dim = 0;          ///< d_c, values cached per token and layer with latent attention (MLA); 0 = none
  double experts = 0;                ///< E, routed experts per MoE layer; 0 = dense
  double experts_per_token = 0;      ///< k, routed experts each token uses; 0 = dense
  double model_max_context_tokens = 0;  ///< the model's longest context; 0 = no limit
  // Arithmetic by precision and the runtime's own memory (groups Hardware,
  // Precision and Runtime; the defaults give the lesson's numbers)
  double flops_8bit_per_s = 0;            ///< F_8, usable 8-bit tensor rate; 0 = same as flops_per_s
  double flops_4bit_per_s = 0;            ///< F_4, usable 4-bit tensor rate; 0 = same as the 8-bit rate
  double activation_bytes_per_value = 2;  ///< b_a, precision of the matrix multiplies' activations
  double activation_peak_bytes = 0;       ///< per GPU, the runtime's peak activation memory; 0 = not counted
  double runtime_reserve_bytes = 0;       ///< per GPU, CUDA context, non-torch memory, CUDA graphs; 0 = not counted
  // The vocabulary (group Model): read by the estimate of vLLM's profile-run
  // peak (vllm_runtime.h); no other formula reads it, so 0 moves no number.
  double vocab_size = 0;  ///< V, tokens in the vocabulary (config.json vocab_size); 0 = not known
};

/// A rejected input: the field's name (as in BudgetInput, or the function's
/// parameter name) and a one-sentence reason that includes the bad value.
/// A message of a kind the core declares (input_messages.h) also carries that
/// kind's code and the values its pattern was filled with, so another language
/// can write the same sentence; code is "" for a message of no declared kind
/// (the config.json importer's, the serving simulation's own rules).
struct InputError {
  InputError() = default;
  /// A refusal of no declared kind.
  InputError(std::string field_name, std::string text) : field(std::move(field_name)), message(std::move(text)) {}
  /// A refusal of a declared kind (input_messages.h coded_error() makes them).
  InputError(std::string field_name, std::string text, std::string kind, std::string values)
      : field(std::move(field_name)), message(std::move(text)), code(std::move(kind)), params_json(std::move(values)) {}

  std::string field;
  std::string message;
  std::string code;         ///< "" or an input_message_declarations() code: "out_of_range_whole"
  std::string params_json;  ///< "" (no code) or the pattern's values as one JSON object: {"field":"batch","min":1,...}
};

enum class Verdict { fits = 0, tight = 1, does_not_fit = 2 };
enum class BindingTerm { memory = 0, compute = 1 };

}  // namespace llmbudget
