// Embind table for the flat calls (src/flat_calls.h): one shared set of
// buffers, exposed as Float64Array views of wasm memory. A view is valid
// until memory grows; web/core/budget-core.js asks for it again then.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "flat_calls.h"

namespace lb = llmbudget;
using emscripten::function;

namespace {
lb::FlatCalls& calls() {
  static lb::FlatCalls instance;
  return instance;
}
emscripten::val flat_input_view() {
  return emscripten::val(emscripten::typed_memory_view(calls().input().size(), calls().input().data()));
}
emscripten::val flat_plan_view() {
  const auto& out = calls().plan_output();
  return emscripten::val(emscripten::typed_memory_view(out.size(), out.data()));
}
emscripten::val flat_capacity_view() {
  const auto& out = calls().capacity_output();
  return emscripten::val(emscripten::typed_memory_view(out.size(), out.data()));
}
// Series `index` of the last sweep of `kind` as a view; an empty view for a bad index.
emscripten::val flat_series_view(int kind, int index) {
  const std::vector<double>* series = calls().series(kind, index);
  if (series == nullptr) return emscripten::val(emscripten::typed_memory_view(0, static_cast<const double*>(nullptr)));
  return emscripten::val(emscripten::typed_memory_view(series->size(), series->data()));
}
bool flat_sweep_batch(double max_batch) { return calls().run_sweep_batch(max_batch); }
bool flat_sweep_context(double lo, double hi, double points) { return calls().run_sweep_context(lo, hi, points); }
bool flat_sweep_acceptance(double k, double c, double points) { return calls().run_sweep_acceptance(k, c, points); }
bool flat_plan_levers(bool speculative, double a, double k, double c) {
  return calls().run_plan_levers(speculative, a, k, c);
}
emscripten::val flat_plan_rows_view() {
  const auto& out = calls().plan_rows_output();
  return emscripten::val(emscripten::typed_memory_view(out.size(), out.data()));
}
double flat_cheapest_row() { return calls().cheapest_row(); }
bool flat_plan() { return calls().run_plan(); }
bool flat_capacity() { return calls().run_capacity(); }
std::string flat_error_field() { return calls().error().field; }
std::string flat_error_message() { return calls().error().message; }
}  // namespace

EMSCRIPTEN_BINDINGS(budget_flat) {
  function("flat_input_view", &flat_input_view);
  function("flat_plan_view", &flat_plan_view);
  function("flat_capacity_view", &flat_capacity_view);
  function("flat_series_view", &flat_series_view);
  function("flat_sweep_batch", &flat_sweep_batch);
  function("flat_sweep_context", &flat_sweep_context);
  function("flat_sweep_acceptance", &flat_sweep_acceptance);
  function("flat_plan_levers", &flat_plan_levers);
  function("flat_plan_rows_view", &flat_plan_rows_view);
  function("flat_cheapest_row", &flat_cheapest_row);
  function("flat_plan", &flat_plan);
  function("flat_capacity", &flat_capacity);
  function("flat_error_field", &flat_error_field);
  function("flat_error_message", &flat_error_message);
}
