// The answer checker's sentences are declared kinds (feedback_messages.h): each
// sentence the checker writes carries its code and values, and its English is
// its pattern filled with them, the same text as before the kinds were
// declared (the sentences below are the checker's earlier English, byte for
// byte). Every declared code is met by one of the checks here.
#include <catch2/catch.hpp>

#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "grading/answer_check.h"
#include "grading/feedback_messages.h"
#include "grading/lesson_questions.h"

using namespace llmbudget;

namespace {

// The lesson's knowledge check (seed-values.json "knowledge_check"): Q1 53 GB
// (13 GB + 40 GB) to ±0.1 GB, Q2 (1 − 0.8⁴)/(1 − 0.8) = 2.952 tokens per pass to ±0.005.
const NumericQuestion kFeedbackQ1 = memory_total_question(53);
const NumericQuestion kFeedbackQ2 = tokens_per_pass_question(2.952);

NumericQuestion feedback_question(UnitDimension d, double expected, const char* unit, double rel, double abs,
                                  double close) {
  NumericQuestion q;
  q.dimension = d;
  q.expected = expected;
  q.default_unit = unit;
  q.relative_tolerance = rel;
  q.absolute_tolerance = abs;
  q.close_relative_tolerance = close;
  return q;
}

const char* const kBytesAsked =
    "This question asks for a memory size (B, KB, MB, GB, TB, KiB, MiB, GiB or TiB); a bare number is read as GB.";

// Every code named in a JSON text ("code":"..."), nested phrases included.
void collect_codes(const std::string& json, std::set<std::string>& codes) {
  const std::string key = "\"code\":\"";
  for (std::size_t at = json.find(key); at != std::string::npos; at = json.find(key, at + 1)) {
    const std::size_t start = at + key.size();
    codes.insert(json.substr(start, json.find('"', start) - start));
  }
}

NumericCheck graded(const std::string& text, const NumericQuestion& q) { return check_numeric_answer(text, q); }

ChoiceCheck chosen(const std::vector<int>& selected, const ChoiceQuestion& q) {
  return check_choice_answer(selected, q);
}

}  // namespace

TEST_CASE("feedback codes are unique and snake_case, one row per code in enum order", "[feedback_messages]") {
  std::set<std::string> codes;
  std::size_t i = 0;
  for (const FeedbackDeclaration& d : feedback_declarations()) {
    INFO(d.code);
    CHECK(static_cast<std::size_t>(d.value) == i++);
    CHECK(codes.insert(d.code).second);
    for (const char* c = d.code; *c != '\0'; ++c) CHECK(((*c >= 'a' && *c <= 'z') || *c == '_'));
    // A pattern for a count of 1 is chosen by {count}.
    if (d.pattern_one != nullptr) CHECK(std::strstr(d.pattern, "{count}") != nullptr);
  }
  CHECK(feedback_declarations_json().rfind("[{\"code\":\"correct\",\"pattern\":\"Correct.\"},", 0) == 0);
  CHECK(feedback_declarations_json().find(
            "{\"code\":\"digits_decimals\",\"pattern\":\"keep {count} decimals\",\"one\":\"keep {count} decimal\"}") !=
        std::string::npos);
}

TEST_CASE("the verdict sentences of the knowledge check: codes, values and the English as before",
          "[feedback_messages]") {
  const NumericCheck right = graded("53 GB", kFeedbackQ1);
  CHECK(right.message == "Correct.");
  CHECK(right.message_kinds == "[{\"code\":\"correct\",\"params\":{}}]");

  const NumericCheck wrong = graded("40", kFeedbackQ1);
  CHECK(wrong.message == std::string("Not right. ") + kBytesAsked +
                             " It is checked to within \xC2\xB1"
                             "0.1 GB. Go through the working again.");
  CHECK(
      wrong.message_kinds ==
      "[{\"code\":\"not_right\",\"params\":{}},"
      "{\"code\":\"expects_unit\",\"params\":{\"dimension\":\"bytes\",\"dimension_units\":\"bytes\",\"unit\":\"GB\"}},"
      "{\"code\":\"checked_within\",\"params\":{\"tolerance\":{\"code\":\"tolerance_absolute_unit\","
      "\"params\":{\"tolerance\":0.1,\"unit\":\"GB\"}}}}]");

  // 52 GB is 1 GB off 53 GB, inside the 5 % close band (50.35 .. 55.65 GB); not a rounding of 53.
  const NumericCheck off = graded("52", kFeedbackQ1);
  CHECK(off.message ==
        "Close, but off by about 1 GB: this question wants a memory size to within \xC2\xB1"
        "0.1 GB. Check each number "
        "in the working.");
  CHECK(off.message_kinds ==
        "[{\"code\":\"close_off_unit\",\"params\":{\"off\":1,\"unit\":\"GB\",\"dimension\":\"bytes\","
        "\"tolerance\":{\"code\":\"tolerance_absolute_unit\",\"params\":{\"tolerance\":0.1,\"unit\":\"GB\"}}}}]");

  // 2.9 is 2.952 cut to one decimal: rounded too far; ±0.005 needs 2 decimals (ceil(-log10(0.01)) = 2).
  const NumericCheck rounded = graded("2.9", kFeedbackQ2);
  CHECK(rounded.message ==
        "Close, but rounded too far: this question wants a number of tokens per target pass to within \xC2\xB1"
        "0.005 "
        "tokens per pass, so keep 2 decimals. Keep more digits through the working and round only at the end.");
  CHECK(rounded.message_kinds ==
        "[{\"code\":\"close_rounded_digits\",\"params\":{\"dimension\":\"tokens_per_pass\","
        "\"tolerance\":{\"code\":\"tolerance_absolute_unit\",\"params\":{\"tolerance\":0.005,\"unit\":\"tokens\"}},"
        "\"digits\":{\"code\":\"digits_decimals\",\"params\":{\"count\":2}}}}]");

  // 53 MB would be right as 53 GB; a bare 53000 would be right as MB.
  CHECK(graded("53 MB", kFeedbackQ1).message ==
        std::string("The number would be right in a different unit: check the unit (MB). ") + kBytesAsked);
  CHECK(
      graded("53000", kFeedbackQ1).message ==
      "A bare number is read as GB here, and your number would be right in a different unit: add the unit you meant.");
  const NumericCheck rate = graded("53 tok/s", kFeedbackQ1);
  CHECK(rate.message == std::string("Wrong kind of unit: tok/s measures a rate in tokens per second. ") + kBytesAsked);
  CHECK(rate.message_kinds.rfind("[{\"code\":\"other_dimension\",\"params\":{\"typed_unit\":\"tok/s\","
                                 "\"typed_dimension\":\"tokens_per_s\"}},",
                                 0) == 0);
}

TEST_CASE("bits, the working, unreadable and too large: the English as before", "[feedback_messages]") {
  const NumericCheck gb = graded("53 Gb", kFeedbackQ1);
  CHECK(gb.message ==
        "Gb is gigabits (8 bits = 1 byte); this question asks for a memory size in bytes: write GB (capital B) for "
        "gigabytes.");
  CHECK(gb.message_kinds ==
        "[{\"code\":\"bits_named\",\"params\":{\"bit_unit\":\"Gb\",\"bit_name\":\"gigabits\"}},"
        "{\"code\":\"bits_write_bytes\",\"params\":{\"bytes_symbol\":\"GB\",\"bytes_name\":\"gigabytes\"}}]");
  CHECK(graded("3 Mb", kFeedbackQ2).message ==
        "Mb is megabits (8 bits = 1 byte); This question asks for a number of tokens per target pass (tokens or "
        "tokens/pass); a bare number is read as tokens per pass.");

  NumericQuestion plain = kFeedbackQ1;
  plain.accept_expression = false;
  CHECK(graded("2 \xC3\x97 6.5 GB", plain).message ==
        std::string("This question asks for the number itself, not the working: work out 2 \xC3\x97 6.5 GB and type "
                    "the result. ") +
            kBytesAsked);

  const NumericCheck unread = graded("abc", kFeedbackQ1);
  CHECK(unread.message == std::string("Could not find a number in \"abc\": type digits such as 12.5, optionally "
                                      "followed by a unit. ") +
                              kBytesAsked);
  CHECK(unread.message_kinds.rfind(
            "[{\"code\":\"not_read\",\"params\":{\"reason\":\"Could not find a number in \\\"abc\\\": type "
            "digits such as 12.5, optionally followed by a unit.\",\"parse_error\":\"no_number\",\"typed\":\"abc\"}}",
            0) == 0);
  const NumericCheck large = graded("1e300", kFeedbackQ1);
  CHECK(large.message == std::string("That number is too large to check. ") + kBytesAsked);
  CHECK(large.message_kinds.find("\"parse_error\":\"out_of_range\"") != std::string::npos);
}

TEST_CASE("unitless questions, every tolerance phrase and digits advice: the English as before",
          "[feedback_messages]") {
  // A fraction of 0.5 to within 1 %: a bare 50 would be right as a percentage.
  const NumericQuestion fraction = feedback_question(UnitDimension::none, 0.5, "", 0.01, 0, 0.05);
  CHECK(graded("50", fraction).message ==
        "Your number would be right on a different scale (a fraction versus a percentage): check the form the question "
        "asks for.");
  CHECK(graded("7", fraction).message ==
        "Not right. This question asks for a plain number. It is checked to within 1 %. Go through the working again.");
  // 0.505 is 0.5 off by 0.005: within the 5 % close band, not a rounding of 0.5.
  CHECK(graded("0.51", fraction).message ==
        "Close, but off by about 0.01: this question wants a plain number to within 1 %. Check each number in the "
        "working.");
  // 50 % to within 2 % or ±0.5 %.
  const NumericQuestion percent = feedback_question(UnitDimension::none, 50, "%", 0.02, 0.5, 0.05);
  CHECK(graded("5", percent).message ==
        "Not right. This question asks for a plain number; a bare number is read as %. It is checked to within 2 % or "
        "\xC2\xB1"
        "0.5 %, whichever is larger. Go through the working again.");
  // Exactly 3.
  CHECK(graded("5", feedback_question(UnitDimension::none, 3, "", 0, 0, 0)).message ==
        "Not right. This question asks for a plain number. It is checked exactly. Go through the working again.");
  // The phrases without a unit: tolerance_absolute, tolerance_relative_absolute.
  const NumericQuestion count = feedback_question(UnitDimension::none, 12, "", 0, 0.5, 0.5);
  CHECK(graded("2", count).message ==
        "Not right. This question asks for a plain number. It is checked to within \xC2\xB1"
        "0.5. Go through the "
        "working again.");
  CHECK(tolerance_phrase(feedback_question(UnitDimension::none, 12, "", 0.1, 0.5, 0.5)) ==
        "to within 10 % or \xC2\xB1"
        "0.5, whichever is larger");
  // A memory size to within 0.5 % or ±0.25 GB: no single digits rule, so no advice.
  const NumericQuestion both = feedback_question(UnitDimension::bytes, 1026, "GB", 0.005, 0.25, 0.05);
  CHECK(graded("1000", both).message ==
        "Close, but rounded too far: this question wants a memory size to within 0.5 % or \xC2\xB1"
        "0.25 GB, whichever "
        "is larger. Keep more digits through the working and round only at the end.");
  // Digits: ±0.5 -> a whole number; ±0.1 -> 1 decimal; 0.5 % -> 3 significant digits (ceil(1 - log10(0.01)));
  // 50 % -> 1 significant digit.
  CHECK(digits_words(count).text == "a whole number is enough");
  CHECK(digits_words(count).code == "digits_whole");
  CHECK(digits_words(kFeedbackQ1).text == "keep 1 decimal");
  CHECK(digits_words(feedback_question(UnitDimension::bytes, 1, "GB", 0.005, 0, 0)).text ==
        "keep 3 significant digits");
  CHECK(digits_words(feedback_question(UnitDimension::bytes, 1, "GB", 0.5, 0, 0)).text == "keep 1 significant digit");
  CHECK(digits_words(both).code.empty());
}

TEST_CASE("the separator notes after the reading", "[feedback_messages]") {
  const NumericQuestion one = feedback_question(UnitDimension::none, 1, "", 0, 0.01, 0.05);
  const NumericQuestion thousand = feedback_question(UnitDimension::none, 1000, "", 0, 0.01, 0.05);
  CHECK(graded("1,000", one).interpreted == "1 (comma read as a decimal comma)");
  CHECK(graded("1,000", one).reading_note == "read_decimal_comma");
  CHECK(graded("1,000", thousand).interpreted == "1000 (comma read as a thousands separator)");
  CHECK(graded("1,000", thousand).reading_note == "read_comma_grouping");
  NumericQuestion one_de = one, thousand_de = thousand;
  one_de.point_may_group = thousand_de.point_may_group = true;
  CHECK(graded("1.000", one_de).interpreted == "1 (point read as a decimal point)");
  CHECK(graded("1.000", thousand_de).interpreted == "1000 (point read as a thousands separator)");
  CHECK(graded("1.000", thousand_de).reading_note == "read_point_grouping");
  CHECK(graded("53", kFeedbackQ1).reading_note.empty());
}

TEST_CASE("the refusals of grading settings: codes, values and the English as before", "[feedback_messages]") {
  const NumericCheck dim = graded("1", feedback_question(static_cast<UnitDimension>(9), 1, "GB", 0, 0, 0));
  CHECK(dim.error_message == "dimension must be one of none, bytes, tokens_per_pass, tokens_per_s, seconds (got 9)");
  CHECK(dim.error_code == "setting_dimension");
  CHECK(dim.error_params == "{\"names\":\"none, bytes, tokens_per_pass, tokens_per_s, seconds\",\"value\":9}");
  const NumericCheck expected = graded("1", feedback_question(UnitDimension::bytes, 1e31, "GB", 0, 0, 0));
  CHECK(expected.error_message == "expected must be a finite number (got 1e+31)");
  CHECK(expected.error_params == "{\"value\":1e+31}");
  const NumericCheck unit = graded("1", feedback_question(UnitDimension::bytes, 1, "ms", 0, 0, 0));
  CHECK(unit.error_message ==
        "default_unit must be a unit of bytes: B, KB, MB, GB, TB, KiB, MiB, GiB or TiB (got \"ms\")");
  CHECK(unit.error_params == "{\"dimension_name\":\"bytes\",\"dimension_units\":\"bytes\",\"text\":\"ms\"}");
  const NumericCheck rel = graded("1", feedback_question(UnitDimension::bytes, 1, "GB", 1.5, 0, 0));
  CHECK(rel.error_message == "relative_tolerance must be from 0 to 1 (got 1.5)");
  CHECK(rel.error_code == "setting_relative_tolerance");
  CHECK(rel.error_params == "{\"value\":1.5}");
  CHECK(graded("1", feedback_question(UnitDimension::bytes, 1, "GB", 0, -1, 0)).error_message ==
        "absolute_tolerance must be a finite number >= 0 (got -1)");
  // Not finite: the value as its English text in JSON.
  const NumericCheck inf = graded("1", feedback_question(UnitDimension::bytes, 1, "GB", 0, 1e308 * 10, 0));
  CHECK(inf.error_message == "absolute_tolerance must be a finite number >= 0 (got inf)");
  CHECK(inf.error_params == "{\"value\":\"Infinity\"}");
  CHECK(graded("1", feedback_question(UnitDimension::bytes, 1, "GB", 0, 0, 2)).error_message ==
        "close_relative_tolerance must be from 0 to 1 (got 2)");
  std::string message;
  CHECK(validate_numeric_question(feedback_question(UnitDimension::bytes, 1, "GB", 0, 0, 2), message) ==
        "close_relative_tolerance");
  CHECK(message == "close_relative_tolerance must be from 0 to 1 (got 2)");
}

TEST_CASE("the choice checker's sentences: codes, counts and the English as before", "[feedback_messages]") {
  const ChoiceQuestion single{4, {1}, false};
  CHECK(chosen({1}, single).message == "Correct.");
  CHECK(chosen({0}, single).message == "Not the best choice here; think about which term dominates the budget.");
  CHECK(chosen({}, single).message == "No option selected: pick one.");
  CHECK(chosen({0, 1}, single).message == "Pick one option only.");
  const ChoiceCheck outside = chosen({7}, single);
  CHECK(outside.message == "The selection names option 7, but options are numbered 0 to 3.");
  CHECK(outside.message_kinds == "[{\"code\":\"choice_out_of_range\",\"params\":{\"option\":7,\"last\":3}}]");

  const ChoiceQuestion several{4, {0, 2}, true};
  CHECK(chosen({}, several).message == "No option selected: select every option that applies.");
  CHECK(chosen({1, 3}, several).message == "Not right: none of your choices is one that applies.");
  const ChoiceCheck extra = chosen({0, 1, 2}, several);
  CHECK(extra.message == "Partly right: 2 of your 3 choices are right, 1 is not.");
  CHECK(extra.message_kinds ==
        "[{\"code\":\"choice_partly_extra\",\"params\":{"
        "\"right\":{\"code\":\"choice_right_count\",\"params\":{\"count\":2,\"picked\":3}},"
        "\"extra\":{\"code\":\"choice_extra_count\",\"params\":{\"count\":1}}}}]");
  CHECK(chosen({0}, several).message == "Partly right: 1 of your 1 choices is right, and 1 right option is missing.");
  const ChoiceQuestion five{5, {0, 1, 2}, true};
  CHECK(chosen({0, 1, 3, 4}, five).message ==
        "Partly right: 2 of your 4 choices are right, 2 are not, and 1 right option is missing.");
  CHECK(chosen({0}, five).message == "Partly right: 1 of your 1 choices is right, and 2 right options are missing.");
}

TEST_CASE("every declared kind is met by a check", "[feedback_messages]") {
  // The checks of the cases above, collected on their own (the cases may run in any order).
  std::set<std::string> seen;
  const auto numeric = [&](const std::string& text, const NumericQuestion& q) {
    const NumericCheck r = check_numeric_answer(text, q);
    collect_codes(r.message_kinds, seen);
    seen.insert(r.error_code);
    seen.insert(r.reading_note);
  };
  const auto choice = [&](const std::vector<int>& selected, const ChoiceQuestion& q) {
    collect_codes(check_choice_answer(selected, q).message_kinds, seen);
  };
  NumericQuestion plain = kFeedbackQ1;
  plain.accept_expression = false;
  const NumericQuestion fraction = feedback_question(UnitDimension::none, 0.5, "", 0.01, 0, 0.05);
  const NumericQuestion percent = feedback_question(UnitDimension::none, 50, "%", 0.02, 0.5, 0.05);
  const NumericQuestion count = feedback_question(UnitDimension::none, 12, "", 0, 0.5, 0.5);
  const NumericQuestion both = feedback_question(UnitDimension::bytes, 1026, "GB", 0.005, 0.25, 0.05);
  const NumericQuestion one = feedback_question(UnitDimension::none, 1, "", 0, 0.01, 0.05);
  const NumericQuestion thousand = feedback_question(UnitDimension::none, 1000, "", 0, 0.01, 0.05);
  NumericQuestion one_de = one, thousand_de = thousand;
  one_de.point_may_group = thousand_de.point_may_group = true;
  for (const char* text : {"53", "40", "52", "53 MB", "53000", "53 tok/s", "53 Gb", "abc"}) numeric(text, kFeedbackQ1);
  numeric("3 Mb", kFeedbackQ2);
  numeric("2.9", kFeedbackQ2);
  numeric("2 \xC3\x97 6.5 GB", plain);
  for (const char* text : {"50", "7", "0.51"}) numeric(text, fraction);
  numeric("5", percent);
  numeric("5", feedback_question(UnitDimension::none, 3, "", 0, 0, 0));
  numeric("2", count);
  numeric("1000", both);
  numeric("1,000", one);
  numeric("1,000", thousand);
  numeric("1.000", one_de);
  numeric("1.000", thousand_de);
  numeric("1", feedback_question(static_cast<UnitDimension>(9), 1, "GB", 0, 0, 0));
  numeric("1", feedback_question(UnitDimension::bytes, 1e31, "GB", 0, 0, 0));
  numeric("1", feedback_question(UnitDimension::bytes, 1, "ms", 0, 0, 0));
  numeric("1", feedback_question(UnitDimension::bytes, 1, "GB", 1.5, 0, 0));
  numeric("1", feedback_question(UnitDimension::bytes, 1, "GB", 0, -1, 0));
  numeric("1", feedback_question(UnitDimension::bytes, 1, "GB", 0, 0, 2));
  seen.insert(digits_words(count).code);
  seen.insert(digits_words(feedback_question(UnitDimension::bytes, 1, "GB", 0.005, 0, 0)).code);
  seen.insert(tolerance_words(feedback_question(UnitDimension::none, 12, "", 0.1, 0.5, 0.5)).code);
  const ChoiceQuestion single{4, {1}, false};
  for (const std::vector<int>& s : std::vector<std::vector<int>>{{1}, {0}, {}, {0, 1}, {7}}) choice(s, single);
  const ChoiceQuestion several{4, {0, 2}, true};
  for (const std::vector<int>& s : std::vector<std::vector<int>>{{}, {1, 3}, {0, 1, 2}, {0}, {0, 1}})
    choice(s, several);
  for (const FeedbackDeclaration& d : feedback_declarations()) {
    INFO(d.code);
    CHECK(seen.count(d.code) == 1);
  }
}
