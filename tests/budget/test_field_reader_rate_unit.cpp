// A memory bandwidth is a rate: a byte unit is taken for it only with "/s"
// (or "per second", "ps") after it. "80 GiB" in the bandwidth box is a size,
// and was once read as 80 * 2^30 B/s = 0.0859 TB/s without a word.
#include <catch2/catch.hpp>
#include <string>

#include "budget/field_reader.h"
#include "budget/unit_constants.h"

using namespace llmbudget;

namespace {
using test::kTBps;  // the calculator shows memory bandwidth in TB/s
}  // namespace

TEST_CASE("a byte unit without per-second is refused for a bandwidth, naming the unit", "[field_reader][unit]") {
  for (const char* text : {"80 GiB", "3.35 TB", "900GB"}) {
    const FieldReading r = read_field_value("bandwidth_bytes_per_s", text, kTBps);
    INFO(text);
    CHECK_FALSE(r.ok);
    CHECK(r.error.field == "bandwidth_bytes_per_s");
    CHECK(r.error.code == "wrong_unit");
  }
  const FieldReading r = read_field_value("bandwidth_bytes_per_s", "80 GiB", kTBps);
  CHECK(r.error.message.find("GiB") != std::string::npos);
  CHECK(r.error.message.find("900 GB/s") != std::string::npos);  // the hint: how to write a bandwidth
}

TEST_CASE("a byte unit per second is a bandwidth", "[field_reader][unit]") {
  // 3.35 TB/s = 3.35e12 B/s (H100 SXM's datasheet figure); 900 GB/s = 9e11 B/s.
  CHECK(read_field_value("bandwidth_bytes_per_s", "3.35 TB/s", kTBps).value == 3.35e12);
  CHECK(read_field_value("bandwidth_bytes_per_s", "900 GB/s", kTBps).value == 9e11);
  CHECK(read_field_value("bandwidth_bytes_per_s", "900 GB per second", kTBps).value == 9e11);
  CHECK(read_field_value("bandwidth_bytes_per_s", "900 GBps", kTBps).value == 9e11);
  // 2 GiB/s = 2 * 2^30 = 2,147,483,648 B/s.
  CHECK(read_field_value("bandwidth_bytes_per_s", "2 GiB/s", kTBps).value == 2147483648.0);
  // A bare number is in the box's unit (TB/s).
  CHECK(read_field_value("bandwidth_bytes_per_s", "3.35", kTBps).value == 3.35e12);
}

TEST_CASE("a memory size still takes a byte unit", "[field_reader][unit]") {
  // 80 GiB = 80 * 2^30 = 85,899,345,920 B.
  CHECK(read_field_value("gpu_memory_bytes", "80 GiB", 1e9).value == 85899345920.0);
}
