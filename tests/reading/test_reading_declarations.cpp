// The reading layer's name tables: one row per enum value, in value order,
// names unique, and the functions that print names reading them.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "reading/quantity.h"
#include "reading/reading_declarations.h"
#include "reading/unit_table.h"

using namespace llmbudget;

TEST_CASE("unit dimensions: one row per value, in order, with unique names", "[declarations][units]") {
  const auto rows = dimension_declarations();
  REQUIRE(rows.size == 5);  // none, bytes, tokens_per_pass, tokens_per_s, seconds
  REQUIRE(static_cast<int>(rows.size) == kMaxUnitDimension + 1);
  std::set<std::string> names;
  for (std::size_t i = 0; i < rows.size; ++i) {
    const DimensionDeclaration& d = rows.rows[i];
    INFO(d.name);
    CHECK(static_cast<std::size_t>(d.dimension) == i);
    CHECK(names.insert(d.name).second);
    CHECK(std::string(to_string(d.dimension)) == d.name);
    CHECK(std::string(detail::dimension_phrase(d.dimension)) == d.phrase);
    CHECK(std::string(detail::dimension_units(d.dimension)) == d.units);
  }
  CHECK(std::string(to_string(UnitDimension::tokens_per_s)) == "tokens_per_s");
  CHECK(std::string(detail::dimension_phrase(UnitDimension::bytes)) == "a memory size");
  // Outside the enum: the documented fallbacks.
  CHECK(std::string(to_string(static_cast<UnitDimension>(9))) == "none");
  CHECK(std::string(detail::dimension_phrase(static_cast<UnitDimension>(-1))) == "a number");
  CHECK(std::string(detail::dimension_units(static_cast<UnitDimension>(9))).empty());
}

TEST_CASE("unit dimensions: the base unit has factor 1 and the sentence names every symbol", "[declarations][units]") {
  for (const DimensionDeclaration& d : dimension_declarations()) {
    INFO(d.name);
    const std::string base = d.base_unit;
    if (d.dimension == UnitDimension::none)
      CHECK(base.empty());
    else
      CHECK(unit_factor(d.dimension, base) == 1);  // B, tokens, tok/s and s are the base units
    // "B, KB, MB, GB, TB, KiB, MiB, GiB or TiB" lists what unit_symbols(bytes) gives, and so on.
    for (const std::string& symbol : unit_symbols(d.dimension)) {
      INFO(symbol);
      CHECK(std::string(d.units).find(symbol) != std::string::npos);
    }
  }
}

TEST_CASE("parse errors: one row per value, in order, and to_string reads the table", "[declarations][units]") {
  const auto rows = parse_error_declarations();
  REQUIRE(rows.size == 13);  // none = 0 .. expression_not_allowed = 12
  CHECK(rows.rows[rows.size - 1].value == static_cast<int>(ParseError::expression_not_allowed));
  std::set<std::string> names;
  for (std::size_t i = 0; i < rows.size; ++i) {
    const EnumDeclaration& e = rows.rows[i];
    INFO(e.name);
    CHECK(static_cast<std::size_t>(e.value) == i);
    CHECK(names.insert(e.name).second);
    CHECK(std::string(e.meaning).size() > 0);
    CHECK(std::string(to_string(static_cast<ParseError>(e.value))) == e.name);
  }
  // The reader's errors come out under these names.
  CHECK(std::string(to_string(parse_quantity("53 GQ").error)) == "unknown_unit");
  CHECK(std::string(to_string(parse_quantity("   ").error)) == "empty");
  CHECK(std::string(to_string(parse_quantity("1e999 GB").error)) == "out_of_range");
  CHECK(std::string(to_string(static_cast<ParseError>(40))) == "bad_number");
}
