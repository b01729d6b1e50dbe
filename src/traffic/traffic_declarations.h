// The one declaration of the serving simulation's inputs (TrafficInput) and
// results (TrafficResult, LatencySummary, LoadSearchResult), in the style of
// budget/field_declarations.h: each input row has its name (also the CLI flag
// and the JS property), label, unit, kind, range, the meaning of 0 where 0 is
// allowed outside the range, a slider's span, group and meaning; defaults are
// TrafficInput{}'s initialisers. validate_traffic_input(), the CLI's --simulate
// flags and --help, the Embind table and the JS facade read these tables.
#pragma once

#include "budget/field_declarations.h"
#include "text/table.h"
#include "traffic/traffic_types.h"

namespace llmbudget {

/// One TrafficInput field: a row of the budget's shape (its member pointers null; max_from "") and the
/// member. `field` points at the simulation's own row, or for max_num_seqs at the one row vLLM's runtime
/// estimate declares (vllm_runtime_input_fields(), budget/field_declarations.h): one field, one name.
struct TrafficInputFieldDeclaration {
  const InputFieldDeclaration* field;
  double TrafficInput::*member;
};

/// The kind of a simulation result: a number, a flag, or a LatencySummary (mean, p50, p90, p99).
enum class TrafficResultKind { number = 0, flag = 1, summary = 2 };
constexpr const char* kTrafficResultKindNames[] = {"number", "flag", "summary"};

/// One result field of TrafficResult or LoadSearchResult; exactly the member pointer matching `kind` is set.
template <class Result>
struct TrafficResultFieldDeclaration {
  const char* name;
  const char* unit;  ///< "s", "tok/s", "requests/s", "requests" or ""
  TrafficResultKind kind;
  bool needs_stable;  ///< no result (null) when the run is unstable
  const char* meaning;
  double Result::*number;
  bool Result::*flag;
  LatencySummary Result::*summary;
  /// nullptr, or a flag of the same result (declared among its fields; its name is the JSON's
  /// "null_unless"): no result (null) while that flag is false (tpot_defined: TPOT has no value when
  /// every request generated one token, so no inter-token time exists).
  bool Result::*null_unless = nullptr;
};

/// True when field `f` of `result` has no value: the run is `unstable` and `f` is declared needs_stable,
/// or `f`'s null_unless flag is false. The CLI's writers ask this; the facade reads the same rule from the JSON.
template <class Result>
bool traffic_result_is_null(const TrafficResultFieldDeclaration<Result>& f, const Result& result, bool unstable) {
  return (f.needs_stable && unstable) || (f.null_unless != nullptr && !(result.*f.null_unless));
}

/// One statistic of a LatencySummary: "mean", "p50", "p90" or "p99".
struct LatencyStatisticDeclaration {
  const char* name;
  double percentile;  ///< 50, 90, 99; 0 for the mean
  double LatencySummary::*member;
};

/// The 13 TrafficInput fields in declaration order (groups "Load" and "Scheduler"; max_num_seqs "Runtime").
Table<TrafficInputFieldDeclaration> traffic_input_fields();
/// The fields of TrafficResult (beyond ok/error), in struct order.
Table<TrafficResultFieldDeclaration<TrafficResult>> traffic_result_fields();
/// The fields of LoadSearchResult (beyond ok/error), in struct order.
Table<TrafficResultFieldDeclaration<LoadSearchResult>> load_search_result_fields();
/// mean, p50, p90, p99, in LatencySummary's order.
Table<LatencyStatisticDeclaration> latency_statistics();

/// The declaration of `name` among the TrafficInput fields, or nullptr.
const TrafficInputFieldDeclaration* find_traffic_input_field(const char* name);

}  // namespace llmbudget
