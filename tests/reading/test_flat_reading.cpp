// The reading layer's flat calls (flat_reading.h), as the calculator's module reaches them
// without Embind: text in through the buffer, values in kQuantityLayout, text out.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "reading/flat_reading.h"
#include "reading/reading_declarations_json.h"
#include "reading/unit_table.h"

using namespace llmbudget;

namespace {

double write_text(FlatReading& reading, const std::string& text) {
  std::memcpy(reading.text_buffer(static_cast<double>(text.size())), text.data(), text.size());
  return static_cast<double>(text.size());
}

}  // namespace

TEST_CASE("flat parse_quantity: values in kQuantityLayout order, the unit or the reason as text", "[flat_reading]") {
  FlatReading reading;
  // "~49.36 GiB": approximate, 49.36 GiB, bytes (dimension 1), 2^30 B per GiB.
  reading.run_parse_quantity(write_text(reading, "~49.36 GiB"));
  // ok, error, value, alt_value, ambiguous, has_unit, dimension, unit_factor, approximate.
  REQUIRE(reading.output().size() == std::size(kQuantityLayout));
  CHECK(reading.output()[0] == 1);
  CHECK(reading.output()[1] == 0);
  CHECK(reading.output()[2] == 49.36);
  CHECK(reading.output()[5] == 1);
  CHECK(reading.output()[6] == static_cast<double>(static_cast<int>(UnitDimension::bytes)));
  CHECK(reading.output()[7] == 1073741824.0);
  CHECK(reading.output()[8] == 1);
  CHECK(reading.text() == "GiB");
  // "twelve": not read; the error's value and the core's sentence.
  reading.run_parse_quantity(write_text(reading, "twelve"));
  CHECK(reading.output()[0] == 0);
  CHECK(reading.output()[1] == static_cast<double>(static_cast<int>(ParseError::no_number)));
  CHECK_FALSE(reading.text().empty());
}

TEST_CASE("flat escape_invisible and the unit table", "[flat_reading]") {
  FlatReading reading;
  // A zero-width space (E2 80 8B) is written as [U+200B].
  reading.run_escape_invisible(write_text(reading, "12\xE2\x80\x8B"));
  CHECK(reading.text() == "12[U+200B]");
  // Every row of unit_table(), in order; an index past the end writes nothing.
  const std::vector<UnitSymbol> table = unit_table();
  REQUIRE(reading.unit_count() == static_cast<double>(table.size()));
  for (std::size_t i = 0; i < table.size(); ++i) {
    reading.run_unit(static_cast<double>(i));
    CHECK(reading.text() == table[i].symbol);
    CHECK(reading.output()[0] == static_cast<double>(static_cast<int>(table[i].dimension)));
  }
  reading.run_unit(static_cast<double>(table.size()));
  CHECK(reading.text() == table.back().symbol);
  // A length past the buffer reads what is there.
  reading.run_escape_invisible(write_text(reading, "ab") + 1e9);
  CHECK(reading.text() == "ab");
}

TEST_CASE("the reading JSON lists the quantity's flat layout by name", "[flat_reading][declarations]") {
  CHECK(reading_declarations_json().find(
            "\"flat_layouts\":{\"quantity\":[\"ok\",\"error\",\"value\",\"alt_value\","
            "\"ambiguous\",\"has_unit\",\"dimension\",\"unit_factor\",\"approximate\"]}") != std::string::npos);
}
