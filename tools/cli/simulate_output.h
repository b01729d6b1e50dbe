// budget-table --simulate: the serving simulation's results as JSON or as a
// table. Every field, its unit and whether an unstable run reports it come from
// the core's declaration (traffic/traffic_declarations.h); this file only prints.
#pragma once

#include <string>

#include "traffic/traffic_types.h"

namespace llmbudget {

/// One JSON object: each declared TrafficResult field by name (a LatencySummary as
/// {"mean", "p50", "p90", "p99"}; null where traffic_result_is_null(): the fields declared
/// needs_stable when the run is unstable, TPOT when tpot_defined is false), then "load": "request_rate" or
/// "concurrency", and with a search (non-null) "max_rate": each declared LoadSearchResult field. Numbers as
/// format_shortest() writes them.
std::string simulation_json(const TrafficResult& result, bool open_loop, const LoadSearchResult* search);

/// The same as lines of text: "  ttft_s (s)   mean 0.36  p50 ...", one field a line, "unstable: ..." first;
/// "-" for a field an unstable run has no value of, "not defined (...)" for TPOT without a second token.
std::string simulation_text(const TrafficResult& result, bool open_loop, const LoadSearchResult* search);

}  // namespace llmbudget
