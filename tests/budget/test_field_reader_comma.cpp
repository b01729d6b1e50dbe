// The field reader's CommaReading: which reading of an ambiguous lone comma
// ("2,039": 2039 or 2.039) is tried first. English pages and the CLI read the
// thousands one first; a page whose locale writes a decimal comma (de) the
// decimal one.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "budget/field_reader.h"
#include "budget/unit_constants.h"

using namespace llmbudget;

namespace {
// Reads `text` for `field` with the page's display factor and comma reading; the value or NaN.
double read(const char* field, const char* text, double factor, CommaReading comma) {
  const FieldReading r = read_field_value(field, text, factor, comma);
  return r.ok ? r.value : std::nan("");
}
using test::kTBps;  // the calculator shows memory bandwidth in TB/s
}  // namespace

TEST_CASE("an ambiguous comma: decimal first on a decimal-comma page, thousands first by default",
          "[field_reader][comma]") {
  // 2.039 TB/s = 2.039e12 B/s; 2039 TB/s = 2.039e15 B/s, also inside the declared range (up to 1e16).
  CHECK(read("bandwidth_bytes_per_s", "2,039", kTBps, CommaReading::decimal_first) == 2.039e12);
  CHECK(read("bandwidth_bytes_per_s", "2,039", kTBps, CommaReading::thousands_first) == 2.039e15);
  // The default is today's reading.
  CHECK(read_field_value("bandwidth_bytes_per_s", "2,039", kTBps).value == 2.039e15);
  // A price box reads $ per GPU-hour with factor 1.
  CHECK(read("price_per_gpu_hour", "2,039", 1, CommaReading::decimal_first) == 2.039);
  CHECK(read("price_per_gpu_hour", "2,039", 1, CommaReading::thousands_first) == 2039);
}

TEST_CASE("a whole field falls back to the thousands reading when the decimal one is not whole",
          "[field_reader][comma]") {
  CHECK(read("batch", "1,026", 1, CommaReading::decimal_first) == 1026);  // 1.026 requests is not whole
  CHECK(read("batch", "1,026", 1, CommaReading::thousands_first) == 1026);
}

TEST_CASE("a comma that is not ambiguous reads the same either way", "[field_reader][comma]") {
  for (const CommaReading comma : {CommaReading::thousands_first, CommaReading::decimal_first}) {
    CHECK(read("price_per_gpu_hour", "0,5", 1, comma) == 0.5);         // a comma after a lone 0 is decimal
    CHECK(read("price_per_gpu_hour", "1.234,5", 1, comma) == 1234.5);  // "." groups, "," is the decimal mark
    CHECK(read("price_per_gpu_hour", "1,234.5", 1, comma) == 1234.5);  // "," groups, "." is the decimal mark
    CHECK(read("price_per_gpu_hour", "1.026", 1, comma) == 1.026);     // a lone "." is a decimal point
    CHECK(read("batch", "1,234,567", 1, comma) == 1234567);            // two commas group digits
  }
}
