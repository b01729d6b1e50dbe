// The field reader's answer to "could this text be read two ways?": a lone
// "," before exactly three digits ("2,039") on every page, and a lone "."
// there ("1.024") when read for a locale that groups digits with "."
// (PointReading::decimal_or_grouping); which reading was taken. The page
// says how it read such a text ("Gelesen als 2,039 TB/s.").
#include <catch2/catch.hpp>
#include <string>

#include "budget/field_reader.h"
#include "budget/unit_constants.h"

using namespace llmbudget;

namespace {
// The calculator shows memory bandwidth in TB/s (kTBps) and parameters in billions.
using test::kTBps;
constexpr double kBillion = 1e9;
constexpr PointReading kGroups = PointReading::decimal_or_grouping;  // a German page
}  // namespace

TEST_CASE("a lone point before three digits is ambiguous only for a locale that groups with a point",
          "[field_reader][ambiguity]") {
  for (const CommaReading comma : {CommaReading::thousands_first, CommaReading::decimal_first}) {
    // A whole field cannot take 1.024 requests: where "." groups digits, the grouping
    // reading, 1024, is taken (as "1,026" is 1026 for a comma) and the reading says so.
    const FieldReading de = read_field_value("batch", "1.024", 1, comma, kGroups);
    REQUIRE(de.ok);
    CHECK(de.value == 1024);
    CHECK(de.ambiguous);
    CHECK(de.ambiguous_mark == '.');
    CHECK(de.grouping_taken);
    // A field that can take the decimal reading keeps it: 1.024 $ per GPU-hour.
    const FieldReading price = read_field_value("price_per_gpu_hour", "1.024", 1, comma, kGroups);
    REQUIRE(price.ok);
    CHECK(price.value == 1.024);
    CHECK_FALSE(price.grouping_taken);
    const FieldReading en = read_field_value("batch", "1.024", 1, comma, PointReading::decimal);
    REQUIRE(en.ok);
    CHECK(en.value == 1.024);
    CHECK_FALSE(en.ambiguous);
    CHECK(en.ambiguous_mark == 0);
  }
  // The default is the universal reading: not ambiguous.
  CHECK_FALSE(read_field_value("batch", "1.024", 1).ambiguous);
  // A count shown in billions: 1.024 billion parameters, the point still ambiguous.
  const FieldReading params = read_field_value("total_params", "1.024", kBillion, CommaReading::decimal_first, kGroups);
  REQUIRE(params.ok);
  CHECK(params.value == 1.024e9);
  CHECK(params.ambiguous);
  // With a unit after it: 1.024 TB/s.
  const FieldReading unit =
      read_field_value("bandwidth_bytes_per_s", "1.024 TB/s", kTBps, CommaReading::decimal_first, kGroups);
  REQUIRE(unit.ok);
  CHECK(unit.value == 1.024e12);
  CHECK(unit.ambiguous);
  CHECK(unit.ambiguous_mark == '.');
}

TEST_CASE("a lone comma before three digits is ambiguous on every page, and says which reading it took",
          "[field_reader][ambiguity]") {
  // Memory bandwidth in TB/s: 2.039 TB/s and 2039 TB/s (2.039e15 B/s) are both inside the range (up to 1e16).
  const FieldReading de =
      read_field_value("bandwidth_bytes_per_s", "2,039", kTBps, CommaReading::decimal_first, kGroups);
  REQUIRE(de.ok);
  CHECK(de.value == 2.039e12);
  CHECK(de.ambiguous);
  CHECK(de.ambiguous_mark == ',');
  CHECK_FALSE(de.grouping_taken);
  const FieldReading en = read_field_value("bandwidth_bytes_per_s", "2,039", kTBps, CommaReading::thousands_first);
  REQUIRE(en.ok);
  CHECK(en.value == 2.039e15);
  CHECK(en.ambiguous);
  CHECK(en.ambiguous_mark == ',');
  CHECK(en.grouping_taken);
  // A whole field falls back to the thousands reading when the decimal one (1.026 requests) is not whole.
  const FieldReading batch = read_field_value("batch", "1,026", 1, CommaReading::decimal_first, kGroups);
  REQUIRE(batch.ok);
  CHECK(batch.value == 1026);
  CHECK(batch.ambiguous);
  CHECK(batch.grouping_taken);
}

TEST_CASE("text with one reading is not ambiguous", "[field_reader][ambiguity]") {
  for (const CommaReading comma : {CommaReading::thousands_first, CommaReading::decimal_first}) {
    for (const PointReading point : {PointReading::decimal, kGroups}) {
      const auto one = [&](const char* field, const char* text, double factor, double expected) {
        const FieldReading r = read_field_value(field, text, factor, comma, point);
        INFO(text);
        REQUIRE(r.ok);
        CHECK(r.value == expected);
        CHECK_FALSE(r.ambiguous);
        CHECK(r.ambiguous_mark == 0);
        CHECK_FALSE(r.grouping_taken);
      };
      one("price_per_gpu_hour", "1.234,5", 1, 1234.5);     // "." groups, "," is the decimal mark
      one("price_per_gpu_hour", "1,234.5", 1, 1234.5);     // "," groups, "." is the decimal mark
      one("price_per_gpu_hour", "0,5", 1, 0.5);            // a comma after a lone 0 is decimal
      one("price_per_gpu_hour", "0,500", 1, 0.5);          // so is one before three digits
      one("price_per_gpu_hour", "0.024", 1, 0.024);        // and a point after a lone 0
      one("price_per_gpu_hour", "1234.567", 1, 1234.567);  // four digits before it: no group
      one("batch", "53", 1, 53);
      one("batch", "1,234,567", 1, 1234567);  // two commas group digits
      one("batch", "1.234.567", 1, 1234567);  // two points too
    }
  }
}

TEST_CASE("a second reading a double cannot hold does not make the text ambiguous", "[field_reader][ambiguity]") {
  // Read as grouping, "1.797e308" would be 1797e308, past the largest double; as a decimal point it is a value.
  const FieldReading r =
      read_field_value("bandwidth_bytes_per_s", "1.797e308 B/s", 1, CommaReading::decimal_first, kGroups);
  REQUIRE(r.ok);
  CHECK(r.value == 1.797e308);
  CHECK_FALSE(r.ambiguous);
}

TEST_CASE("a refused text reports no ambiguity", "[field_reader][ambiguity]") {
  const FieldReading r = read_field_value("batch", "1,026 GB", 1, CommaReading::decimal_first, kGroups);
  REQUIRE_FALSE(r.ok);
  CHECK_FALSE(r.ambiguous);
}
