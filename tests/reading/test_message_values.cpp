// The one value type of a declared message (reading/message_values.h): each kind's English
// in a filled pattern and its shape in the values' JSON, the pattern for one, and a whole
// written message. The refusals and notes that use it are tested in tests/budget/, the
// answer checker's sentences in tests/grading/.
#include <catch2/catch.hpp>

#include <limits>
#include <string>
#include <vector>

#include "reading/message_values.h"

using namespace llmbudget;

TEST_CASE("message values: a number with 0 digits is compact, with digits significant, in English and JSON alike",
          "[message_values]") {
  // format_compact: the shortest text reading back to the same double (1e6, 0.5).
  const std::vector<MessageValue> values{number_value("min", 1), number_value("max", 1e6), number_value("value", 0.5),
                                         number_value("off", 0.123456, 3)};
  CHECK(fill_message("{min} to {max}, got {value}; off by {off}", values) == "1 to 1e6, got 0.5; off by 0.123");
  // The JSON carries the digits the English shows: 0.123456 to 3 significant digits is 0.123.
  CHECK(message_values_json(values) == R"({"min":1,"max":1e6,"value":0.5,"off":0.123})");
}

TEST_CASE("message values: a value that is not finite is its English text, a JSON string", "[message_values]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<MessageValue> values{number_value("value", nan), count_value("got", inf)};
  CHECK(fill_message("{value} {got}", values) == "NaN Infinity");
  CHECK(message_values_json(values) == R"({"value":"NaN","got":"Infinity"})");
}

TEST_CASE("message values: a count is grouped in English, a plain number in JSON", "[message_values]") {
  // 8,030,261,248 parameters of Llama 3.1 8B: thousands separators in English only.
  const std::vector<MessageValue> values{count_value("total", 8030261248.0), count_value("layers", 32)};
  CHECK(fill_message("{total} parameters in {layers} layers", values) == "8,030,261,248 parameters in 32 layers");
  CHECK(message_values_json(values) == R"({"total":8030261248,"layers":32})");
}

TEST_CASE("message values: text, a unit and a dimension by the value's name", "[message_values]") {
  const std::vector<MessageValue> values{text_value("text", "\"5 foo\""),
                                         unit_value("unit", "tokens"),
                                         unit_value("typed_unit", "GB"),
                                         dimension_value("dimension", UnitDimension::bytes),
                                         dimension_value("dimension_units", UnitDimension::bytes),
                                         dimension_value("dimension_name", UnitDimension::seconds)};
  // A unit by unit_display ("tokens" reads "tokens per pass"), a dimension by its phrase, or
  // its units for *_units, or its name for *_name.
  CHECK(fill_message("{text}|{unit}|{typed_unit}|{dimension}|{dimension_units}|{dimension_name}", values) ==
        "\"5 foo\"|tokens per pass|GB|a memory size|B, KB, MB, GB, TB, KiB, MiB, GiB or TiB|seconds");
  // JSON: text and units as written (quotes escaped), each dimension by its declared name.
  CHECK(message_values_json(values) == R"({"text":"\"5 foo\"","unit":"tokens","typed_unit":"GB","dimension":"bytes",)"
                                       R"("dimension_units":"bytes","dimension_name":"seconds"})");
}

TEST_CASE("message values: a declared message, a part and a refusal standing for a placeholder", "[message_values]") {
  const WrittenMessage part = write_message("tolerance_absolute", "to within \xC2\xB1{tolerance}", nullptr,
                                            {number_value("tolerance", 0.1, 6)});
  CHECK(part.text ==
        "to within \xC2\xB1"
        "0.1");
  CHECK(part.params_json == R"({"tolerance":0.1})");
  const std::vector<MessageValue> values{
      message_value("hint", "unit_hint_count", "a count such as 32k"), part_value("tolerance", part),
      refusal_value("refusal", "batch", "batch must be at least 1", "out_of_range", R"({"min":1})"),
      refusal_value("reason", "", "no kind", "", "")};
  // English: the message's pattern, the part's and the refusals' sentences.
  CHECK(fill_message("{hint}; {tolerance}; {refusal}; {reason}", values) ==
        "a count such as 32k; to within \xC2\xB1"
        "0.1; batch must be at least 1; no kind");
  // JSON: the message by its code; the part as {code, params}; a refusal as {field, error,
  // code, params}, with params {} when it has no values.
  CHECK(message_values_json(values) ==
        R"({"hint":"unit_hint_count","tolerance":{"code":"tolerance_absolute","params":{"tolerance":0.1}},)"
        R"("refusal":{"field":"batch","error":"batch must be at least 1","code":"out_of_range","params":{"min":1}},)"
        R"("reason":{"field":"","error":"no kind","code":"","params":{}}})");
}

TEST_CASE("message values: a placeholder with no value stays, the last value of a name wins, none is {}",
          "[message_values]") {
  CHECK(fill_message("{a} and {b}", {text_value("a", "x"), text_value("a", "y")}) == "y and {b}");
  CHECK(message_values_json({}) == "{}");
}

TEST_CASE("message values: {count} of 1 picks the pattern for one, as a number or a count", "[message_values]") {
  const char* other = "{count} options";
  const char* one = "{count} option";
  CHECK(pattern_for(other, one, {count_value("count", 1)}) == one);
  CHECK(pattern_for(other, one, {number_value("count", 1)}) == one);
  CHECK(pattern_for(other, one, {count_value("count", 2)}) == other);
  // Text named count, or a 1 of another name, does not pick it; nor does a kind without one.
  CHECK(pattern_for(other, one, {text_value("count", "1")}) == other);
  CHECK(pattern_for(other, one, {count_value("layers", 1)}) == other);
  CHECK(pattern_for(other, nullptr, {count_value("count", 1)}) == other);
  const WrittenMessage m = write_message("choice_extra_count", other, one, {count_value("count", 1)});
  CHECK(m.code == "choice_extra_count");
  CHECK(m.text == "1 option");
  CHECK(m.params_json == R"({"count":1})");
}
