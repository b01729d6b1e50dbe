// The one declaration of the simulation's inputs and results
// (traffic_declarations.h), its validation, and the percentile rule.
#include <catch2/catch.hpp>

#include <cstring>
#include <iterator>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "budget/field_declarations.h"
#include "traffic/latency_summary.h"
#include "traffic/traffic_declarations.h"
#include "traffic/traffic_validate.h"

using namespace llmbudget;

TEST_CASE("every TrafficInput field is declared once, its default valid", "[traffic_declarations]") {
  const TrafficInput defaults;
  std::set<std::string> names;
  std::set<std::size_t> positions;  // which double of the struct each row's member is
  for (const TrafficInputFieldDeclaration& row : traffic_input_fields()) {
    CHECK(names.insert(row.field->name).second);
    TrafficInput marked;
    marked.*row.member = -12345;
    double words[sizeof(TrafficInput) / sizeof(double)];
    std::memcpy(words, &marked, sizeof words);
    for (std::size_t i = 0; i < std::size(words); ++i) {
      if (words[i] == -12345) CHECK(positions.insert(i).second);
    }
    CHECK(row.field->member == nullptr);
    CHECK(std::strlen(row.field->meaning) > 0);
    // A label the page may show: a capital, then letters, spaces and hyphens only
    // (tests/browser/lesson.test.mjs holds every shown label to ^[A-Z][A-Za-z -]+).
    const std::string label = row.field->label;
    CHECK(std::regex_match(label, std::regex("^[A-Z][A-Za-z -]+$")));
    // No name is also a budget input's: the CLI takes both sets of flags.
    CHECK(find_budget_input_field(row.field->name) == nullptr);
    CHECK(find_traffic_input_field(row.field->name) == &row);
    CHECK(row.field->typical_min >= (row.field->zero_means[0] ? 0 : row.field->min));
    CHECK(row.field->typical_max <= row.field->max);
  }
  CHECK(traffic_input_fields().size == sizeof(TrafficInput) / sizeof(double));
  CHECK(positions.size() == traffic_input_fields().size);
  CHECK_FALSE(validate_traffic_input(defaults).has_value());
  CHECK(find_traffic_input_field("batch") == nullptr);
}

TEST_CASE("validation walks the declaration and names the field", "[traffic_declarations]") {
  for (const TrafficInputFieldDeclaration& row : traffic_input_fields()) {
    TrafficInput t;
    t.*row.member = -5;
    const auto error = validate_traffic_input(t);
    REQUIRE(error.has_value());
    CHECK(error->field == row.field->name);
  }
  TrafficInput t;
  t.burstiness = 0;
  CHECK(validate_traffic_input(t)->message == "burstiness must be a number from 0.01 to 1000 (got 0)");
}

TEST_CASE("result declarations cover the result structs", "[traffic_declarations]") {
  std::set<std::string> names;
  for (const auto& row : traffic_result_fields()) CHECK(names.insert(row.name).second);
  // The search's names differ from the run's, but for tpot_defined, which says the same of the run at that load.
  std::set<std::string> search;
  for (const auto& row : load_search_result_fields()) {
    CHECK(search.insert(row.name).second);
    CHECK((names.count(row.name) == 0) == (std::string(row.name) != "tpot_defined"));
  }
  // ok and error are not declared; every other member is: the flags unstable and tpot_defined, 3 summaries,
  // 11 numbers.
  CHECK(traffic_result_fields().size == 16);
  CHECK(load_search_result_fields().size == 7);  // found, tpot_defined and 5 numbers
  CHECK(latency_statistics().size == 4);
}

TEST_CASE("TPOT is declared null without a second token; nothing else is", "[traffic_declarations]") {
  std::set<std::string> nullable;
  for (const auto& row : traffic_result_fields()) {
    if (row.null_unless) {
      CHECK(row.null_unless == &TrafficResult::tpot_defined);
      nullable.insert(row.name);
    }
  }
  CHECK(nullable == std::set<std::string>{"tpot_s", "tpot_at_target_percentile_s"});
  for (const auto& row : load_search_result_fields()) {
    CHECK((row.null_unless != nullptr) == (std::string(row.name) == "tpot_at_percentile_s"));
  }
  TrafficResult r;
  r.tpot_defined = false;
  const auto& tpot = traffic_result_fields().rows[3];
  REQUIRE(std::string(tpot.name) == "tpot_s");
  CHECK(traffic_result_is_null(tpot, r, false));
  r.tpot_defined = true;
  CHECK_FALSE(traffic_result_is_null(tpot, r, false));
  CHECK_FALSE(traffic_result_is_null(tpot, r, true));  // TPOT is measured even when the queue grows
}

TEST_CASE("percentiles interpolate between order statistics", "[traffic_declarations]") {
  const std::vector<double> sorted = {1, 2, 3, 4};
  CHECK(percentile_of_sorted(sorted, 90) == Approx(3.7).epsilon(1e-15));  // rank 0.9 * 3 = 2.7
  CHECK(percentile_of_sorted(sorted, 50) == 2.5);
  CHECK(percentile_of_sorted(sorted, 100) == 4);
  CHECK(percentile_of_sorted(sorted, 0) == 1);
  std::vector<double> values = {4, 1, 3, 2};
  const LatencySummary s = summarize_latencies(values);
  CHECK(s.mean == 2.5);
  CHECK(s.p99 == Approx(3.97).epsilon(1e-15));
  std::vector<double> none;
  CHECK(summarize_latencies(none).p99 == 0);
}
