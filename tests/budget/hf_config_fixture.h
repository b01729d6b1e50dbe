// One tests/data/hf-configs/ fixture's text by file name, for the test files
// that import them (the fixtures are compiled in: hf_config_fixtures.h, which
// CMakeLists.txt writes, so the wasm tests need no file system).
#pragma once

#include <catch2/catch.hpp>
#include <cstring>
#include <string>

#include "hf_config_fixtures.h"

namespace llmbudget::test {

/// The text of tests/data/hf-configs/`name` (a file name such as
/// "llama-3.1-8b.json"); fails the running test case, and returns "", when
/// there is no such fixture.
inline std::string fixture(const char *name) {
  for (const HfConfigFixture &f : kHfConfigFixtures)
    if (std::strcmp(f.name, name) == 0) return f.text;
  FAIL("no fixture " << name);
  return "";
}

}  // namespace llmbudget::test
