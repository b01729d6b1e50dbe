#include "simulate_output.h"

#include <algorithm>

#include "number_format.h"
#include "traffic/traffic_declarations.h"

namespace llmbudget {

namespace {

std::string summary_json(const LatencySummary& s) {
  std::string out = "{";
  for (const LatencyStatisticDeclaration& stat : latency_statistics()) {
    if (out.size() > 1) out += ", ";
    out += std::string("\"") + stat.name + "\": " + format_shortest(s.*stat.member);
  }
  return out + "}";
}

template <class R>
std::string fields_json(const R& result, Table<TrafficResultFieldDeclaration<R>> fields, bool unstable) {
  std::string out;
  for (const TrafficResultFieldDeclaration<R>& f : fields) {
    if (!out.empty()) out += ", ";
    out += std::string("\"") + f.name + "\": ";
    if (traffic_result_is_null(f, result, unstable))
      out += "null";
    else if (f.kind == TrafficResultKind::flag)
      out += result.*f.flag ? "true" : "false";
    else if (f.kind == TrafficResultKind::summary)
      out += summary_json(result.*f.summary);
    else
      out += format_shortest(result.*f.number);
  }
  return out;
}

std::string load_name(bool open_loop) { return open_loop ? "request_rate" : "concurrency"; }

}  // namespace

std::string simulation_json(const TrafficResult& result, bool open_loop, const LoadSearchResult* search) {
  std::string out = "{" + fields_json(result, traffic_result_fields(), result.unstable);
  out += ", \"load\": \"" + load_name(open_loop) + "\"";
  if (search) out += ", \"max_rate\": {" + fields_json(*search, load_search_result_fields(), false) + "}";
  return out + "}";
}

std::string simulation_text(const TrafficResult& result, bool open_loop, const LoadSearchResult* search) {
  std::string out;
  if (result.unstable) {
    out +=
        "unstable: arrivals outpace the server; the waiting queue was still growing at the end of the run,\n"
        "so TTFT, end-to-end latency, goodput and requests in flight have no steady value (shown as -)\n";
  }
  for (const TrafficResultFieldDeclaration<TrafficResult>& f : traffic_result_fields()) {
    if (f.kind == TrafficResultKind::flag) continue;
    std::string line = std::string("  ") + f.name + (f.unit[0] ? std::string(" (") + f.unit + ")" : "");
    line.resize(std::max<std::size_t>(line.size() + 1, 38), ' ');
    if (f.needs_stable && result.unstable) {
      line += "-";
    } else if (traffic_result_is_null(f, result, result.unstable)) {
      line += "not defined (every request has one output token: no inter-token time)";
    } else if (f.kind == TrafficResultKind::summary) {
      for (const LatencyStatisticDeclaration& stat : latency_statistics())
        line += std::string(stat.name) + " " + format_significant((result.*f.summary).*stat.member, 4) + "  ";
    } else {
      line += format_significant(result.*f.number, 6);
    }
    out += line + "\n";
  }
  if (search) {
    if (!search->found) {
      out += "max rate: even the lightest load tried misses a target\n";
    } else {
      const std::string tpot =
          search->tpot_defined ? format_compact(search->tpot_at_percentile_s) + " s" : std::string("not defined");
      out += "max rate: " + format_compact(search->highest_load) + (open_loop ? " requests/s" : " clients") +
             " meets the targets (TTFT " + format_compact(search->ttft_at_percentile_s) + " s, TPOT " + tpot +
             " at the target percentile; " + format_compact(search->simulations) + " runs)\n";
    }
  }
  return out;
}

}  // namespace llmbudget
