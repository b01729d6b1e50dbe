// unit_singular: the words for one of each declared unit, and that every unit
// the budget's and the simulation's declarations name gets a sensible one.
#include <catch2/catch.hpp>

#include <string>

#include "budget/field_declarations.h"
#include "budget/unit_words.h"

using llmbudget::unit_singular;

TEST_CASE("unit_singular drops the plural s of a declared unit's first word") {
  CHECK(unit_singular("requests") == "request");
  CHECK(unit_singular("GPUs") == "GPU");
  CHECK(unit_singular("layers") == "layer");
  CHECK(unit_singular("heads") == "head");
  CHECK(unit_singular("tokens per request") == "token per request");
  CHECK(unit_singular("requests/s") == "request/s");
  CHECK(unit_singular("tokens/s") == "token/s");
  CHECK(unit_singular("bytes per parameter") == "byte per parameter");
  CHECK(unit_singular("experts per MoE layer") == "expert per MoE layer");
  CHECK(unit_singular("values per token and layer") == "value per token and layer");
  CHECK(unit_singular("clients") == "client");
  CHECK(unit_singular("sequences") == "sequence");
}

TEST_CASE("unit_singular leaves a symbol or a non-plural unit as it is") {
  CHECK(unit_singular("") == "");
  CHECK(unit_singular("s") == "s");
  CHECK(unit_singular("FLOP/s") == "FLOP/s");
  CHECK(unit_singular("B") == "B");
  CHECK(unit_singular("tok/s") == "tok/s");
  CHECK(unit_singular("percent") == "percent");
  CHECK(unit_singular("fraction of GPU memory") == "fraction of GPU memory");
  CHECK(unit_singular("$ per GPU-hour") == "$ per GPU-hour");
  CHECK(unit_singular("gamma shape") == "gamma shape");
}

TEST_CASE("every declared input's unit has words for one that differ only where it is a plural") {
  for (const auto& f : llmbudget::budget_input_fields()) {
    const std::string unit = f.unit;
    const std::string one = unit_singular(unit);
    INFO(f.name << ": " << unit << " -> " << one);
    CHECK(one.size() <= unit.size());
    if (one != unit) CHECK(one.size() + 1 == unit.size());
  }
}
