// The field reader: what people type into the calculator, read with the
// answer checker's number reader plus each field's own suffixes.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <string>

#include "budget/field_reader.h"

using namespace llmbudget;

namespace {
// Reads `text` for `field` with the page's display factor; the value or NaN.
double read(const char* field, const char* text, double factor) {
  const FieldReading r = read_field_value(field, text, factor);
  return r.ok ? r.value : std::nan("");
}
std::string error_of(const char* field, const char* text, double factor) {
  return read_field_value(field, text, factor).error.message;
}
}  // namespace

TEST_CASE("counts: bare numbers in display units, k/M/B/T and words, grouping and the decimal comma",
          "[field_reader]") {
  // The page shows parameters in billions (factor 1e9).
  CHECK(read("total_params", "70", 1e9) == 70e9);
  CHECK(read("total_params", "70B", 1e9) == 70e9);  // B = billion here, not bytes
  CHECK(read("total_params", "70 billion", 1e9) == 70e9);
  CHECK(read("total_params", "6.7 billion parameters", 1e9) == Approx(6.7e9));
  CHECK(read("total_params", "7e9 params", 1e9) == 7e9);  // the unit word: the number is in parameters
  CHECK(read("total_params", "7e9", 1e9) == 7e9);         // 7e9 billion is out of range: read as parameters
  CHECK(read("total_params", "1.5T", 1e9) == 1.5e12);
  CHECK(read("total_params", "350M", 1e9) == 350e6);
  CHECK(read("total_params", "4,5", 1e9) == 4.5e9);  // decimal comma
  // Tokens of a context: factor 1, and k is 1024 there (CountPrefixes::binary).
  CHECK(read("context_tokens", "32k", 1) == 32768);
  CHECK(read("context_tokens", "32K tokens", 1) == 32768);
  CHECK(read("context_tokens", "32,768", 1) == 32768);  // a whole field takes the thousands reading
  CHECK(read("context_tokens", "32 768", 1) == 32768);
  CHECK(read("context_tokens", "8192 tokens", 1) == 8192);
  CHECK(read("batch", "64 requests", 1) == 64);
  CHECK(read("layers", "80", 1) == 80);
}

TEST_CASE("context lengths count k as 1024, other counts as 1000, and the reading says which", "[field_reader]") {
  // 32k = 32 × 1024 = 32,768 and 128k = 131,072 tokens: the context lengths models are sold with.
  const FieldReading context = read_field_value("context_tokens", "32k", 1);
  REQUIRE(context.ok);
  CHECK(context.value == 32768);
  CHECK(context.binary_prefix);
  CHECK(read("context_tokens", "128k", 1) == 131072);
  CHECK(read("prompt_tokens", "4K", 1) == 4096);
  CHECK(read("sliding_window_tokens", "4k", 1) == 4096);  // Mistral 7B's window, 4,096 tokens
  CHECK(read("context_tokens", "1M", 1) == 1048576);
  // The words stay decimal, and so does a number written out.
  CHECK(read("context_tokens", "32 thousand", 1) == 32000);
  CHECK_FALSE(read_field_value("context_tokens", "32 thousand", 1).binary_prefix);
  CHECK_FALSE(read_field_value("context_tokens", "32768", 1).binary_prefix);
  // A batch of 32k requests is 32,000 of them.
  const FieldReading batch = read_field_value("batch", "32k", 1);
  CHECK(batch.value == 32000);
  CHECK_FALSE(batch.binary_prefix);
  CHECK(read("total_params", "350M", 1e9) == 350e6);
}

TEST_CASE("the reading keeps the significant digits typed", "[field_reader]") {
  CHECK(read_field_value("gpu_memory_bytes", "74.5 GiB", 1e9).significant_digits == 3);
  CHECK(read_field_value("context_tokens", "32k", 1).significant_digits == 2);
  CHECK(read_field_value("context_tokens", "32,768", 1).significant_digits == 5);
  CHECK(read_field_value("total_params", "46.7B", 1e9).significant_digits == 3);
  CHECK(read_field_value("total_params", "1e9", 1e9).significant_digits == 1);
  CHECK(read_field_value("headroom_fraction", "0.050", 0.01).significant_digits == 2);  // leading zeros do not count
  CHECK(read_field_value("weight_bytes_per_param", "4,5", 0.125).significant_digits == 2);
}

TEST_CASE("memory, bandwidth, FLOP/s, precision, fractions and times take their own units", "[field_reader]") {
  CHECK(read("gpu_memory_bytes", "80", 1e9) == 80e9);  // bare: GB on the page
  CHECK(read("gpu_memory_bytes", "80 GB", 1e9) == 80e9);
  CHECK(read("gpu_memory_bytes", "74.5 GiB", 1e9) == 74.5 * 1073741824.0);
  CHECK(read("bandwidth_bytes_per_s", "1.5 TB/s", 1e12) == 1.5e12);
  CHECK(read("bandwidth_bytes_per_s", "900 GB/s", 1e12) == 900e9);
  CHECK(read("bandwidth_bytes_per_s", "2", 1e12) == 2e12);
  CHECK(read("flops_per_s", "989 TFLOP/s", 1e12) == 989e12);
  CHECK(read("flops_per_s", "1.2 PFLOPS", 1e12) == Approx(1.2e15));
  // Bits per weight on the page: factor 1/8 byte per displayed bit.
  CHECK(read("weight_bytes_per_param", "4,5", 0.125) == 0.5625);  // 4.5 bits
  CHECK(read("weight_bytes_per_param", "4.5 bit", 0.125) == 0.5625);
  CHECK(read("weight_bytes_per_param", "16-bit", 0.125) == 2);
  CHECK(read("weight_bytes_per_param", "2 bytes", 0.125) == 2);
  CHECK(read("cache_bytes_per_value", "8 bits", 0.125) == 1);
  // Headroom shown in percent (factor 0.01).
  CHECK(read("headroom_fraction", "10", 0.01) == Approx(0.1));
  CHECK(read("headroom_fraction", "15%", 0.01) == Approx(0.15));
  CHECK(read("acceptance_rate", "80%", 1) == Approx(0.8));
  // Small display units divide rather than multiply, so "20" µs is exactly 2e-5 s (20 * 1e-6 is not).
  CHECK(read("allreduce_latency_s", "20", 1e-6) == 2e-5);
  CHECK(read("allreduce_latency_s", "20 µs", 1e-6) == 2e-5);
  CHECK(read("ttft_target_s", "500 ms", 1e-3) == 0.5);
}

TEST_CASE("a comma with two readings takes the one the field can use", "[field_reader]") {
  // 4,500 bits: 4500 is outside 0.01..8 bytes once read (562.5 B), 4.5 bits is inside.
  CHECK(read("weight_bytes_per_param", "4,500", 0.125) == 0.5625);
  // 2,952 requests: the thousands reading is whole and in range.
  CHECK(read("batch", "2,952", 1) == 2952);
}

TEST_CASE("refusals say why, naming the field", "[field_reader]") {
  const FieldReading empty = read_field_value("batch", "  ", 1);
  CHECK_FALSE(empty.ok);
  CHECK(empty.error.field == "batch");
  CHECK(empty.error.message == "Batch: type a number.");
  CHECK(error_of("layers", "abc", 1) == "Layers: “abc” is not a number; type digits such as 12.5.");
  // "1e9" half typed: the exponent is missing, not a unit.
  CHECK(error_of("batch", "1e", 1) == "Batch: “1e” is not finished: type the exponent's digits (1e9).");
  CHECK(error_of("batch", "2.5E-", 1) == "Batch: “2.5E-” is not finished: type the exponent's digits (1e9).");
  CHECK_FALSE(read_field_value("total_params", "7e", 1e9).ok);
  CHECK(error_of("layers", "80 GB", 1) ==
        "Layers: “GB” is not a unit of layers; write a number, or a number with k, M, B or T (70B, 32k).");
  CHECK(error_of("gpu_memory_bytes", "80 Gb", 1e9) ==
        "GPU memory: “Gb” is a unit of bits; use B, KB, MB, GB, TB or KiB, MiB, GiB, TiB (80 GB).");
  CHECK(error_of("gpu_memory_bytes", "80 furlongs", 1e9) ==
        "GPU memory: “80 furlongs” has a unit this field does not take; use B, KB, MB, GB, TB or KiB, MiB, GiB, TiB "
        "(80 GB).");
  // A calculation is named as one, not as a unit ("/2" is no unit); a unit's own slash is not one.
  CHECK(error_of("batch", "1/2", 1) == "Batch: “1/2” is a calculation; type its result as one number.");
  CHECK(error_of("batch", "16 * 4", 1) == "Batch: “16 * 4” is a calculation; type its result as one number.");
  CHECK(error_of("context_tokens", "2^13", 1) == "Context: “2^13” is a calculation; type its result as one number.");
  CHECK(error_of("batch", "(8)+8", 1) == "Batch: “(8)+8” is a calculation; type its result as one number.");
  CHECK(error_of("batch", "4 × 4", 1) == "Batch: “4 × 4” is a calculation; type its result as one number.");
  CHECK(error_of("gpu_memory_bytes", "80 furlongs/s", 1e9) ==
        "GPU memory: “80 furlongs/s” has a unit this field does not take; use B, KB, MB, GB, TB or KiB, MiB, GiB, "
        "TiB (80 GB).");
  // "0x20" reads as text with a unit, not as 0 x 20 (a link's hexadecimal stays "a unit").
  CHECK(error_of("batch", "0x20", 1).find("has a unit this field does not take") != std::string::npos);
  CHECK(read_field_value("bandwidth_bytes_per_s", "3.35 TB/s", 1e12).ok);
  CHECK(read_field_value("batch", "1e+3", 1).ok);
  CHECK(error_of("batch", "5-3", 1) == "Batch: “5-3” is a calculation; type its result as one number.");
  CHECK(error_of("batch", "5 \xE2\x88\x92 3", 1) == "Batch: “5 − 3” is a calculation; type its result as one number.");
  // Full-width operators read as ASCII first: "１／２".
  CHECK(error_of("batch", "\xEF\xBC\x91\xEF\xBC\x8F\xEF\xBC\x92", 1) ==
        "Batch: “１／２” is a calculation; type its result as one number.");
  // A leading sign is no calculation: -5 is refused by the range.
  CHECK(error_of("batch", "-5", 1).find("calculation") == std::string::npos);
  CHECK(read_field_value("allreduce_latency_s", "1e-3", 1e-6).ok);
  CHECK(error_of("batch", "1e999", 1) == "Batch: that number is too large.");
  CHECK(error_of("no_such_field", "1", 1) == "“no_such_field” is not an input field.");
  CHECK(error_of("batch", std::string(300, '1').c_str(), 1) ==
        "Batch: that is too long to be a number (more than 200 bytes).");
  // A nonzero number that would read as 0 is refused, as typed or in the field's unit:
  // 5e-324 µs (display factor 1e-6) is 5e-330 s, below the smallest double.
  CHECK(error_of("allreduce_latency_s", "1e-400", 1) ==
        "All-reduce latency: that number is too small: it would read as 0.");
  CHECK(error_of("allreduce_latency_s", "5e-324", 1e-6) ==
        "All-reduce latency: that number is too small: it would read as 0.");
  CHECK(error_of("allreduce_latency_s", "1e-320 ns", 1) ==
        "All-reduce latency: that number is too small: it would read as 0.");
  CHECK(error_of("batch", "1\x01", 1) == "Batch: that holds characters that are not text.");
  // Text is quoted with invisible characters shown.
  CHECK(error_of("batch",
                 "12\xE2\x80\x8B"
                 "x",
                 1)
            .find("12[U+200B]x") != std::string::npos);
  // A value out of range is read (the core's validation names the range later).
  CHECK(read("batch", "0", 1) == 0);
  CHECK(read("batch", "-5", 1) == -5);
}

TEST_CASE("a number in percent, ms, µs or a decimal prefix is the double nearest the decimal it denotes",
          "[field_reader]") {
  // 0.7 % is 0.007 exactly as a decimal: its double is 0.007, where 0.7 × 0.01
  // rounds twice and gives 0.006999999999999999.
  CHECK(read("headroom_fraction", "0.7", 0.01) == 0.007);
  CHECK(read("headroom_fraction", "0.7%", 1) == 0.007);
  CHECK(read("allreduce_latency_s", "0.1", 1e-6) == 1e-7);
  CHECK(read("allreduce_latency_s", "0.1 µs", 1) == 1e-7);
  CHECK(read("ttft_target_s", "0.03", 1e-3) == 3e-5);
  CHECK(read("ttft_target_s", "0.03 ms", 1) == 3e-5);
  // A power of two is one exact multiplication: 74.5 GiB, 4.5 bits, binary k.
  CHECK(read("gpu_memory_bytes", "0.1 GiB", 1e9) == 0.1 * 1073741824.0);
  CHECK(read("weight_bytes_per_param", "4.5", 0.125) == 0.5625);
}

TEST_CASE("every 1-3 digit decimal scaled by a power of ten reads as strtod of the shifted decimal", "[field_reader]") {
  struct Case {
    const char* field;
    const char* unit;  // typed after the number ("" for a bare number)
    double display_factor;
    int exp10;  // the unit or display factor is 10^exp10
  };
  const Case cases[] = {
      {"headroom_fraction", "", 0.01, -2},
      {"headroom_fraction", "%", 1, -2},
      {"allreduce_latency_s", "", 1e-6, -6},
      {"allreduce_latency_s", " µs", 1, -6},
      {"ttft_target_s", "", 1e-3, -3},
      {"ttft_target_s", " ms", 1, -3},
      {"allreduce_latency_s", " ns", 1, -9},
      {"total_params", "", 1e9, 9},
      {"total_params", "B", 1e9, 9},
      {"total_params", "M", 1e9, 6},
      {"batch", "k", 1, 3},
      {"gpu_memory_bytes", " GB", 1e9, 9},
      {"gpu_memory_bytes", "", 1e9, 9},
      {"bandwidth_bytes_per_s", " TB/s", 1e12, 12},
      {"flops_per_s", " TFLOP/s", 1e12, 12},
  };
  int misses = 0;
  for (const Case& c : cases) {
    for (int a = 1; a <= 999; ++a) {
      for (int point = 0; point <= 3; ++point) {  // digits after the decimal point
        std::string digits = std::to_string(a);
        while (static_cast<int>(digits.size()) <= point) digits.insert(0, "0");
        const std::string typed =
            point == 0 ? digits : digits.substr(0, digits.size() - point) + "." + digits.substr(digits.size() - point);
        const std::string shifted = std::to_string(a) + "e" + std::to_string(c.exp10 - point);
        const double expected = std::strtod(shifted.c_str(), nullptr);
        const double got = read(c.field, (typed + c.unit).c_str(), c.display_factor);
        if (got != expected) {
          if (++misses <= 5) FAIL_CHECK(c.field << " “" << typed << c.unit << "”: " << got << " not " << shifted);
        }
      }
    }
  }
  CHECK(misses == 0);
}
