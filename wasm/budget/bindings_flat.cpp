// Plain wasm exports for the budget's calls (src/budget/flat_calls.h): no Embind,
// in either module (the calculator's has none at all: its glue is a fifth of
// Embind's). The page calls plan() on every slider step, and an Embind invoker
// cost more than the call itself; these take and return only numbers and
// addresses, so JS calls the wasm export directly. One shared set of buffers:
// JS wraps an address in a Float64Array over wasm memory (web/core/flat-calls.js),
// and wraps it again when memory grows; text goes in as UTF-8 bytes written
// into the text buffer and comes out as NUL-terminated UTF-8. Sizes in doubles;
// layouts are the declarations' (flat_calls.h). A declarative list, no logic.
#include <emscripten/emscripten.h>

#include <string>
#include <vector>

#include "budget/field_declarations_json.h"
#include "budget/flat_calls.h"

namespace lb = llmbudget;

namespace {
lb::FlatCalls& calls() {
  static lb::FlatCalls instance;
  return instance;
}
const std::vector<double> kNoSeries;
const std::vector<double>& series(int kind, int index) {
  const std::vector<double>* s = calls().series(kind, index);
  return s == nullptr ? kNoSeries : *s;
}
}  // namespace

extern "C" {

/// The input array: budget_input_fields().size doubles, written by JS before each call.
EMSCRIPTEN_KEEPALIVE double* llmb_flat_input() { return calls().input().data(); }
/// plan() fields, budget_result_fields().size doubles; valid after llmb_flat_plan() returned 1.
EMSCRIPTEN_KEEPALIVE const double* llmb_flat_plan_output() { return calls().plan_output().data(); }
/// capacity() fields, capacity_result_fields().size doubles; valid after llmb_flat_capacity() returned 1.
EMSCRIPTEN_KEEPALIVE const double* llmb_flat_capacity_output() { return calls().capacity_output().data(); }
/// 1 when the core accepted the input, 0 when it refused it (then llmb_flat_error_*).
EMSCRIPTEN_KEEPALIVE int llmb_flat_plan() { return calls().run_plan(); }
EMSCRIPTEN_KEEPALIVE int llmb_flat_capacity() { return calls().run_capacity(); }
/// vllm_runtime_estimate() on the input array: 1 when accepted (fields in llmb_flat_vllm_runtime_output()).
EMSCRIPTEN_KEEPALIVE int llmb_flat_vllm_runtime(double max_num_seqs) { return calls().run_vllm_runtime(max_num_seqs); }
EMSCRIPTEN_KEEPALIVE const double* llmb_flat_vllm_runtime_output() { return calls().vllm_runtime_output().data(); }
EMSCRIPTEN_KEEPALIVE int llmb_flat_sweep_batch(double max_batch) { return calls().run_sweep_batch(max_batch); }
EMSCRIPTEN_KEEPALIVE int llmb_flat_sweep_context(double lo, double hi, double points) {
  return calls().run_sweep_context(lo, hi, points);
}
EMSCRIPTEN_KEEPALIVE int llmb_flat_sweep_acceptance(double k, double c, double points) {
  return calls().run_sweep_acceptance(k, c, points);
}
/// Series `index` of the last sweep of `kind` (0 batch, 1 context, 2 acceptance): address and length (0 for a bad
/// index).
EMSCRIPTEN_KEEPALIVE const double* llmb_flat_series(int kind, int index) { return series(kind, index).data(); }
EMSCRIPTEN_KEEPALIVE int llmb_flat_series_size(int kind, int index) {
  return static_cast<int>(series(kind, index).size());
}
/// plan_levers()' speculative parameters: speculative_input_fields().size doubles, written by JS.
EMSCRIPTEN_KEEPALIVE double* llmb_flat_plan_options() { return calls().plan_options().data(); }
/// plan_levers(): speculative 0 or 1 (the parameters are read only when it is 1).
EMSCRIPTEN_KEEPALIVE int llmb_flat_plan_levers(int speculative) { return calls().run_plan_levers(speculative != 0); }
/// The planner's rows one after another: address and length in doubles; and the two marked rows (-1: none).
EMSCRIPTEN_KEEPALIVE const double* llmb_flat_plan_rows() { return calls().plan_rows_output().data(); }
EMSCRIPTEN_KEEPALIVE int llmb_flat_plan_rows_size() { return static_cast<int>(calls().plan_rows_output().size()); }
EMSCRIPTEN_KEEPALIVE double llmb_flat_cheapest_row() { return calls().cheapest_row(); }
EMSCRIPTEN_KEEPALIVE double llmb_flat_cheapest_changing_output_row() { return calls().cheapest_changing_output_row(); }
/// plan_hardware()'s options: room for `count` options (at most one past kMaxHardwareOptions) of
/// FlatCalls::hardware_option_width() doubles each (the Hardware-group inputs in declaration order, then
/// price_per_gpu_hour), written by JS after this call; the room's size in doubles.
EMSCRIPTEN_KEEPALIVE double* llmb_flat_hardware_options(double count) { return calls().hardware_options(count).data(); }
EMSCRIPTEN_KEEPALIVE int llmb_flat_hardware_options_size() { return static_cast<int>(calls().hardware_options_size()); }
/// plan_hardware(): rows in llmb_flat_plan_rows() (plan row fields, then the cost fields), marks in
/// llmb_flat_cheapest_row() and llmb_flat_cheapest_changing_output_row().
EMSCRIPTEN_KEEPALIVE int llmb_flat_plan_hardware(int speculative) {
  return calls().run_plan_hardware(speculative != 0);
}
/// The last refusal: the field's name and the sentence, as NUL-terminated UTF-8.
EMSCRIPTEN_KEEPALIVE const char* llmb_flat_error_field() { return calls().error().field.c_str(); }
EMSCRIPTEN_KEEPALIVE const char* llmb_flat_error_message() { return calls().error().message.c_str(); }
/// Its declared kind (input_messages.h; "" for none) and the values of its pattern as a JSON object ("" for none).
EMSCRIPTEN_KEEPALIVE const char* llmb_flat_error_code() { return calls().error().code.c_str(); }
EMSCRIPTEN_KEEPALIVE const char* llmb_flat_error_params() { return calls().error().params_json.c_str(); }

/// The budget's declarations as JSON (field_declarations_json.h), made once: NUL-terminated UTF-8.
EMSCRIPTEN_KEEPALIVE const char* llmb_flat_declarations_json() {
  static const std::string json = lb::field_declarations_json();
  return json.c_str();
}
/// Room for `bytes` bytes of text (and a NUL), written by JS before a call that reads text.
EMSCRIPTEN_KEEPALIVE char* llmb_flat_text(double bytes) { return calls().text_buffer(bytes); }
/// read_field_value() on the text buffer (name, NUL, text): 1 when read (values in llmb_flat_small_output()).
EMSCRIPTEN_KEEPALIVE int llmb_flat_read_field(double name_bytes, double text_bytes, double display_factor,
                                              int decimal_comma, int groups_with_point) {
  return calls().run_read_field(name_bytes, text_bytes, display_factor, decimal_comma != 0, groups_with_point != 0);
}
/// speculative(), best_draft_tokens() and attention_memory(): 1 when accepted (values in llmb_flat_small_output(), in
/// the layouts of flat_calls.h), 0 when refused (then llmb_flat_error_*).
EMSCRIPTEN_KEEPALIVE int llmb_flat_speculative(double a, double k, double c) {
  return calls().run_speculative(a, k, c);
}
EMSCRIPTEN_KEEPALIVE int llmb_flat_best_draft_tokens(double a, double c) { return calls().run_best_draft_tokens(a, c); }
EMSCRIPTEN_KEEPALIVE int llmb_flat_attention_memory(double heads, double context_tokens, double bytes_per_score) {
  return calls().run_attention_memory(heads, context_tokens, bytes_per_score);
}
/// vllm_default_max_num_seqs() with the device name in the text buffer's first `name_bytes` bytes.
EMSCRIPTEN_KEEPALIVE double llmb_flat_vllm_default_max_num_seqs(double gpu_memory_bytes, double name_bytes) {
  return calls().run_vllm_default_max_num_seqs(gpu_memory_bytes, name_bytes);
}
/// The values of the last read, speculative, best-draft or attention call: address and length in doubles.
EMSCRIPTEN_KEEPALIVE const double* llmb_flat_small_output() { return calls().small_output().data(); }
EMSCRIPTEN_KEEPALIVE int llmb_flat_small_output_size() { return static_cast<int>(calls().small_output().size()); }

}  // extern "C"
