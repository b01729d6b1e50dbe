#include "traffic/traffic_declarations_json.h"

#include "budget/field_declarations_json.h"
#include "budget/input_messages.h"
#include "budget/unit_words.h"
#include "text/json_text.h"
#include "traffic/traffic_declarations.h"

namespace llmbudget {

namespace {

template <class R>
void add_results(std::string& out, Table<TrafficResultFieldDeclaration<R>> fields) {
  json::add_object_array(out, fields, [&out, fields](const TrafficResultFieldDeclaration<R>& f) {
    json::add_text_member(out, "name", f.name);
    json::add_text_member(out, "unit", f.unit);
    json::add_text_member(out, "unit_one", unit_singular(f.unit).c_str());
    json::add_text_member(out, "kind", kTrafficResultKindNames[static_cast<int>(f.kind)]);
    json::add_flag_member(out, "needs_stable", f.needs_stable);
    // The flag's name, found by its member among the same result's flags.
    const char* null_unless = "";
    for (const TrafficResultFieldDeclaration<R>& g : fields) {
      if (f.null_unless != nullptr && g.kind == TrafficResultKind::flag && g.flag == f.null_unless)
        null_unless = g.name;
    }
    json::add_text_member(out, "null_unless", null_unless);
    json::add_text_member(out, "meaning", f.meaning);
  });
}

}  // namespace

std::string traffic_declarations_json() {
  const TrafficInput defaults;
  std::string out = "{";
  json::add_key(out, "inputs");
  json::add_object_array(out, traffic_input_fields(), [&out, &defaults](const TrafficInputFieldDeclaration& row) {
    add_input_declaration_members(out, *row.field);
    json::add_number_member(out, "default", defaults.*row.member);
  });
  out += ',';
  json::add_key(out, "results");
  out += '{';
  json::add_key(out, "simulation");
  add_results(out, traffic_result_fields());
  out += ',';
  json::add_key(out, "max_rate");
  add_results(out, load_search_result_fields());
  out += "},";
  json::add_key(out, "statistics");
  out += '[';
  for (const LatencyStatisticDeclaration& stat : latency_statistics()) {
    json::add_string(out, stat.name);
    out += ',';
  }
  json::close_with(out, ']');
  out += '}';
  return out;
}

std::string simulation_message_declarations_json() {
  return message_declarations_json(simulation_refusal_declarations());
}

}  // namespace llmbudget
