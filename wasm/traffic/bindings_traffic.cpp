// Embind table for the serving simulation (src/traffic/): a declarative list,
// no logic. Its inputs and results become plain JS objects (value_object),
// registered by looping over the core's declarations (the budget's inputs over
// budget_input_fields(), the simulation's over traffic_declarations.h), so no
// handle needs a delete(). The facade is web/core/traffic-core.js.
#include <emscripten/bind.h>

#include "budget/field_declarations.h"
#include "traffic/load_search.h"
#include "traffic/serving_simulation.h"
#include "traffic/traffic_declarations.h"
#include "traffic/traffic_declarations_json.h"
#include "traffic/traffic_field_reader.h"

namespace lb = llmbudget;
using emscripten::function;
using emscripten::value_object;

namespace {

template <class Result>
void register_traffic_result(const char* name, lb::Table<lb::TrafficResultFieldDeclaration<Result>> fields) {
  value_object<Result> object(name);
  object.field("ok", &Result::ok).field("error", &Result::error);
  for (const lb::TrafficResultFieldDeclaration<Result>& f : fields) {
    switch (f.kind) {
      case lb::TrafficResultKind::number: object.field(f.name, f.number); break;
      case lb::TrafficResultKind::flag: object.field(f.name, f.flag); break;
      case lb::TrafficResultKind::summary: object.field(f.name, f.summary); break;
    }
  }
}

}  // namespace

EMSCRIPTEN_BINDINGS(traffic_core) {
  value_object<lb::BudgetInput> budget("BudgetInput");
  for (const lb::InputFieldDeclaration& f : lb::budget_input_fields()) budget.field(f.name, f.member);
  value_object<lb::TrafficInput> traffic("TrafficInput");
  for (const lb::TrafficInputFieldDeclaration& row : lb::traffic_input_fields())
    traffic.field(row.field->name, row.member);
  value_object<lb::LatencySummary> summary("LatencySummary");
  for (const lb::LatencyStatisticDeclaration& stat : lb::latency_statistics()) summary.field(stat.name, stat.member);
  register_traffic_result<lb::TrafficResult>("TrafficResult", lb::traffic_result_fields());
  register_traffic_result<lb::LoadSearchResult>("LoadSearchResult", lb::load_search_result_fields());

  function("traffic_declarations_json", &lb::traffic_declarations_json);
  function("simulation_message_declarations_json", &lb::simulation_message_declarations_json);
  function("simulate_traffic", &lb::simulate_traffic);
  function("highest_load", &lb::highest_load);
  // A typed value for a TrafficInput field, returned as the budget's FieldReading (registered in
  // wasm/budget/embind/bindings_budget_types.cpp); the two bools are CommaReading and PointReading, as
  // read_field_value's.
  function(
      "read_traffic_field_value", +[](const std::string& name, const std::string& text, double display_factor,
                                      bool decimal_comma, bool groups_with_point) {
        return lb::read_traffic_field_value(
            name, text, display_factor,
            decimal_comma ? lb::CommaReading::decimal_first : lb::CommaReading::thousands_first,
            groups_with_point ? lb::PointReading::decimal_or_grouping : lb::PointReading::decimal);
      });
}
