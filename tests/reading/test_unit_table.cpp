// The unit table: canonical symbols, factors and lookups. No file I/O (runs
// as wasm too). How answers with units grade is in test_numeric_check.cpp.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "reading/unit_table.h"

using namespace llmbudget;

TEST_CASE("unit_table lists the units a question may name, with canonical symbol and factor", "[units]") {
  const std::vector<UnitSymbol> table = unit_table();
  struct Expect {
    UnitDimension dimension;
    const char* symbol;
    const char* canonical;
    double factor;
  };
  const Expect expected[] = {
      {UnitDimension::bytes, "B", "B", 1},
      {UnitDimension::bytes, "KB", "KB", 1e3},
      {UnitDimension::bytes, "MB", "MB", 1e6},
      {UnitDimension::bytes, "GB", "GB", 1e9},
      {UnitDimension::bytes, "TB", "TB", 1e12},
      {UnitDimension::bytes, "KiB", "KiB", 1024},
      {UnitDimension::bytes, "MiB", "MiB", 1048576},
      {UnitDimension::bytes, "GiB", "GiB", 1073741824},
      {UnitDimension::bytes, "TiB", "TiB", 1099511627776},
      {UnitDimension::tokens_per_pass, "tokens", "tokens", 1},
      {UnitDimension::tokens_per_pass, "tok", "tokens", 1},
      {UnitDimension::tokens_per_s, "tok/s", "tok/s", 1},
      {UnitDimension::tokens_per_s, "tokens/s", "tok/s", 1},
      {UnitDimension::seconds, "s", "s", 1},
      {UnitDimension::seconds, "ms", "ms", 1e-3},
      {UnitDimension::seconds, "us", "\xC2\xB5s", 1e-6},
      {UnitDimension::seconds, "\xC2\xB5s", "\xC2\xB5s", 1e-6},
      {UnitDimension::seconds, "ns", "ns", 1e-9},
      {UnitDimension::none, "x", "x", 1},
      {UnitDimension::none, "%", "%", 0.01},
  };
  REQUIRE(table.size() == sizeof(expected) / sizeof(expected[0]));
  for (std::size_t i = 0; i < table.size(); ++i) {
    INFO("row " << i << ": " << table[i].symbol);
    CHECK(table[i].dimension == expected[i].dimension);
    CHECK(table[i].symbol == expected[i].symbol);
    CHECK(table[i].canonical == expected[i].canonical);
    CHECK(table[i].factor == expected[i].factor);
    CHECK(unit_factor(table[i].dimension, table[i].symbol) == table[i].factor);
  }
  CHECK(unit_symbols(UnitDimension::seconds) == std::vector<std::string>{"s", "ms", "\xC2\xB5s", "ns"});
  CHECK(unit_symbols(UnitDimension::none) == std::vector<std::string>{"x", "%"});
  CHECK(unit_symbols(static_cast<UnitDimension>(9)).empty());
}

TEST_CASE("unit_factor matches spellings as answers do, never bits", "[units]") {
  CHECK(unit_factor(UnitDimension::bytes, " gigabytes ") == 1e9);
  CHECK(unit_factor(UnitDimension::bytes, "gB") == 1e9);
  CHECK(unit_factor(UnitDimension::tokens_per_s, "Tokens / S") == 1);
  CHECK(unit_factor(UnitDimension::tokens_per_pass, "tok") == 1);
  CHECK(unit_factor(UnitDimension::seconds, "us") == 1e-6);
  CHECK(unit_factor(UnitDimension::seconds, "\xCE\xBCs") == 1e-6);  // Greek mu
  CHECK(unit_factor(UnitDimension::bytes, "Gb") == 0);              // gigabits
  CHECK(unit_factor(UnitDimension::bytes, "kb") == 0);              // kilobits (SI k)
  CHECK(unit_factor(UnitDimension::bytes, "megabits") == 0);
  CHECK(unit_factor(UnitDimension::bytes, "ms") == 0);  // another dimension
  CHECK(unit_factor(UnitDimension::none, "") == 0);     // "" is not a unit
}

TEST_CASE("lookups and sentence pieces", "[units]") {
  CHECK(detail::normalise_unit_text("Tokens  Per   Pass ") == "tokens per pass");
  CHECK(detail::normalise_unit_text("tok / s") == "tok/s");
  CHECK(detail::canonical_symbol("gigabytes") == "GB");
  CHECK(detail::canonical_symbol(" msec ") == "ms");
  CHECK(detail::canonical_symbol("parsecs") == "");
  const detail::BitUnit* b = detail::find_bit_unit("Gb", "gb");
  REQUIRE(b != nullptr);
  CHECK(std::string(b->bytes_symbol) == "GB");
  CHECK(b->factor == 1.25e8);
  CHECK(detail::find_bit_unit("gb", "gb") == nullptr);  // lower-case gb is bytes
  CHECK(detail::unit_display("tokens") == "tokens per pass");
  CHECK(detail::unit_display("GB") == "GB");
  CHECK(std::string(to_string(UnitDimension::tokens_per_s)) == "tokens_per_s");
  CHECK(std::string(to_string(static_cast<UnitDimension>(9))) == "none");
}
