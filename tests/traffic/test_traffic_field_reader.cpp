// The serving simulation's field reader: the budget's reader on the rows of
// traffic_input_fields(), so the simulation's declared units, ranges and
// whole-number rules pick the reading. Golden values are worked in the
// comments from the declaration (src/traffic/traffic_declarations.cpp).
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "traffic/traffic_field_reader.h"
#include "traffic/traffic_validate.h"

using namespace llmbudget;

namespace {
// The value read for `field`, or NaN when refused.
double read(const char* field, const char* text, CommaReading comma = CommaReading::thousands_first,
            PointReading point = PointReading::decimal) {
  const FieldReading r = read_traffic_field_value(field, text, 1, comma, point);
  return r.ok ? r.value : std::nan("");
}
constexpr CommaReading kDe = CommaReading::decimal_first;              // a page that writes a decimal comma
constexpr PointReading kDeGroups = PointReading::decimal_or_grouping;  // and groups digits with "."
}  // namespace

TEST_CASE("the declared range of a simulation field picks the reading of an ambiguous comma",
          "[traffic_field_reader]") {
  // target_percentile is declared 1 to 99.9 (the budget has no such field): "99,900" read as thousands is
  // 99,900, outside, so the decimal reading 99.9 is taken even on an English page.
  CHECK(read("target_percentile", "99,900") == 99.9);
  // request_rate is declared 1e-6 to 1e6 requests/s: both readings of "2,039" fit, so the page's order decides.
  CHECK(read("request_rate", "2,039") == 2039);
  CHECK(read("request_rate", "2,039", kDe) == 2.039);
  const FieldReading r = read_traffic_field_value("request_rate", "2,039", 1, kDe);
  CHECK(r.ambiguous);
  CHECK(r.ambiguous_mark == ',');
  CHECK_FALSE(r.grouping_taken);
}

TEST_CASE("a value outside the declared range is read, and the simulation's validation names the field",
          "[traffic_field_reader]") {
  const FieldReading zero = read_traffic_field_value("requests", "0", 1);
  REQUIRE(zero.ok);
  CHECK(zero.value == 0);
  TrafficInput t;
  t.requests = zero.value;
  const auto error = validate_traffic_input(t);
  REQUIRE(error.has_value());
  CHECK(error->field == "requests");
  CHECK(error->code == "out_of_range_whole");
  CHECK(error->message == "requests must be a whole number from 1 to 1e6 (got 0)");
}

TEST_CASE("a whole-number simulation field takes the grouping reading the decimal one cannot give",
          "[traffic_field_reader]") {
  // Requests are whole: 1.026 requests is not, so "1,026" is 1026 even where a comma is decimal first.
  CHECK(read("requests", "1,026", kDe) == 1026);
  // Concurrency (whole clients), on a German page: "1.500" is 1,500 clients, the grouping reading.
  const FieldReading clients = read_traffic_field_value("concurrency", "1.500", 1, kDe, kDeGroups);
  REQUIRE(clients.ok);
  CHECK(clients.value == 1500);
  CHECK(clients.ambiguous);
  CHECK(clients.ambiguous_mark == '.');
  CHECK(clients.grouping_taken);
  // The request rate is not whole: the same text is 1.5 requests/s, the decimal point, still ambiguous.
  const FieldReading rate = read_traffic_field_value("request_rate", "1.500", 1, kDe, kDeGroups);
  REQUIRE(rate.ok);
  CHECK(rate.value == 1.5);
  CHECK(rate.ambiguous);
  CHECK_FALSE(rate.grouping_taken);
}

TEST_CASE("k follows the simulation field's declared count prefixes", "[traffic_field_reader]") {
  // requests: decimal counts, 32k = 32 x 1,000.
  const FieldReading requests = read_traffic_field_value("requests", "32k", 1);
  REQUIRE(requests.ok);
  CHECK(requests.value == 32000);
  CHECK_FALSE(requests.binary_prefix);
  CHECK(requests.significant_digits == 2);
  // input_tokens and the token budget: binary counts like a context, 32k = 32 x 1,024 = 32,768.
  const FieldReading tokens = read_traffic_field_value("input_tokens", "32k", 1);
  REQUIRE(tokens.ok);
  CHECK(tokens.value == 32768);
  CHECK(tokens.binary_prefix);
  CHECK(read("max_num_batched_tokens", "8K") == 8192);
  CHECK(read("output_tokens", "1M") == 1048576);  // 1,024²
  // max_num_seqs is vLLM's runtime row, shared: decimal, 1k = 1,000.
  CHECK(read("max_num_seqs", "1k") == 1000);
  CHECK(read("concurrency", "1.5 thousand") == 1500);
}

TEST_CASE("a unit of the simulation field's family is converted to its declared unit", "[traffic_field_reader]") {
  // prefix_hit_rate is a fraction of the prompt: 50% = 0.5; length_range_ratio a fraction: 10% = 0.1.
  CHECK(read("prefix_hit_rate", "50%") == 0.5);
  CHECK(read("length_range_ratio", "10 %") == 0.1);
  CHECK(read("length_range_ratio", "0,25", kDe) == 0.25);
  // A count with its own unit word.
  CHECK(read("input_tokens", "8192 tokens") == 8192);
  CHECK(read("request_rate", "2.5 requests/s") == 2.5);
  // A unit of another family is refused, naming the field by its label.
  const FieldReading bytes = read_traffic_field_value("input_tokens", "80 GB", 1);
  REQUIRE_FALSE(bytes.ok);
  CHECK(bytes.error.field == "input_tokens");
  CHECK(bytes.error.code == "wrong_unit");
  CHECK(bytes.error.message.rfind("Input tokens: “GB” is not a unit of tokens per request", 0) == 0);
}

TEST_CASE("German digit grouping and decimal comma in the simulation's boxes", "[traffic_field_reader]") {
  // "1.234" requests: 1.234 is not whole, so the grouping reading 1,234; "10.000" is 10, a whole number
  // already, read with the decimal point (the reading says it had a second one, for the page's note).
  CHECK(read("requests", "1.234", kDe, kDeGroups) == 1234);
  const FieldReading ten = read_traffic_field_value("requests", "10.000", 1, kDe, kDeGroups);
  CHECK(ten.value == 10);
  CHECK(ten.ambiguous);
  CHECK_FALSE(ten.grouping_taken);
  CHECK(read("request_rate", "1.234,5", kDe, kDeGroups) == 1234.5);  // "." groups, "," is decimal
  CHECK(read("request_rate", "0,25", kDe, kDeGroups) == 0.25);       // a comma after a lone 0
  CHECK(read("input_tokens", "131.072", kDe, kDeGroups) == 131072);  // whole tokens: grouping
  CHECK(read("burstiness", "2,5", kDe, kDeGroups) == 2.5);
}

TEST_CASE("the traffic field reader's refusals name the field", "[traffic_field_reader]") {
  const FieldReading empty = read_traffic_field_value("concurrency", " ", 1);
  REQUIRE_FALSE(empty.ok);
  CHECK(empty.error.field == "concurrency");
  CHECK(empty.error.message == "Concurrency: type a number.");
  // A budget field is no simulation field: no second list, the declaration decides.
  const FieldReading budget = read_traffic_field_value("batch", "16", 1);
  REQUIRE_FALSE(budget.ok);
  CHECK(budget.error.code == "unknown_field");
  CHECK(budget.error.message == "“batch” is not an input field.");
  const FieldReading factor = read_traffic_field_value("requests", "16", 0);
  REQUIRE_FALSE(factor.ok);
  CHECK(factor.error.code == "bad_display_factor");
  CHECK(factor.error.message == "Requests: the display factor must be a positive number.");
  const FieldReading huge = read_traffic_field_value("requests", "1e400", 1);
  REQUIRE_FALSE(huge.ok);
  CHECK(huge.error.message == "Requests: that number is too large.");
}
