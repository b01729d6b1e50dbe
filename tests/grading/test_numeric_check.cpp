// Reading and grading typed numeric answers: units, tolerance edges,
// separators, overflow and hostile input. No file I/O (runs as wasm too).
// Choice grading is in test_choice_check.cpp, the UTF-8 helpers in
// test_utf8_text.cpp, the unit table in test_unit_table.cpp.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "grading/answer_check.h"
#include "grading/knowledge_check_questions.h"
#include "grading/lesson_questions.h"

using namespace llmbudget;

namespace {

// The lesson's knowledge check, Q1 (53 GB) and Q2 (2.952):
// tests/grading/knowledge_check_questions.h.
using test::kQ1;
using test::kQ2;

NumericQuestion question(UnitDimension d, double expected, const char* unit, double rel, double abs, double close) {
  NumericQuestion q;
  q.dimension = d;
  q.expected = expected;
  q.default_unit = unit;
  q.relative_tolerance = rel;
  q.absolute_tolerance = abs;
  q.close_relative_tolerance = close;
  return q;
}

// A decode rate of 20 tok/s, within 2 %, close within 10 %.
const NumericQuestion kRate = question(UnitDimension::tokens_per_s, 20, "tok/s", 0.02, 0, 0.10);
// A step time of 50 ms, within 1 %, close within 5 %.
const NumericQuestion kStep = question(UnitDimension::seconds, 50, "ms", 0.01, 0, 0.05);
// An acceptance rate of 0.8 as a fraction (or 80 %), +-0.005.
const NumericQuestion kFraction = question(UnitDimension::none, 0.8, "", 0, 0.005, 0.05);
// A speed-up of 2.3 (x), +-0.05.
const NumericQuestion kSpeedup = question(UnitDimension::none, 2.3, "x", 0, 0.05, 0.05);

struct AnswerRow {
  const char* text;
  const NumericQuestion* q;
  AnswerVerdict verdict;
};

using V = AnswerVerdict;

const AnswerRow kAnswerRows[] = {
    // ---- Q1: 53 GB, every way of typing it
    {"53", &kQ1, V::correct},
    {"53.0", &kQ1, V::correct},
    {"53 GB", &kQ1, V::correct},
    {"53GB", &kQ1, V::correct},
    {"53 gb", &kQ1, V::correct},
    {"53 gigabytes", &kQ1, V::correct},
    {"53 Gigabyte", &kQ1, V::correct},
    // Bits are not bytes: an upper-case prefix (or SI "k") then a lower-case b.
    {"53 Gb", &kQ1, V::wrong_unit},
    {"53Gb", &kQ1, V::wrong_unit},
    {"424 Gb", &kQ1, V::wrong_unit},  // 424 gigabits = 53 GB, still bits
    {"53000 Mb", &kQ1, V::wrong_unit},
    {"53 gigabits", &kQ1, V::wrong_unit},
    {"53 Gbit", &kQ1, V::wrong_unit},
    {"53000000 kb", &kQ1, V::wrong_unit},
    {"0.053 Tb", &kQ1, V::wrong_unit},
    {"53 gB", &kQ1, V::correct},     // odd case but not a bit symbol
    {"53000 mb", &kQ1, V::correct},  // all lower case: bytes
    {"53000000 KB", &kQ1, V::correct},
    {"2.952 Gb", &kQ2, V::wrong_unit},  // bits on a tokens question: wrong kind
    // A signed zero is zero.
    {"-0", &kQ1, V::wrong},
    {"-0 GB", &kQ1, V::wrong},
    {"5.3e1", &kQ1, V::correct},
    {"5.3E+01", &kQ1, V::correct},
    {"5.3e+1 GB", &kQ1, V::correct},
    {"53000 MB", &kQ1, V::correct},
    {"53,000 MB", &kQ1, V::correct},  // comma as thousands separator
    {"53 000 MB", &kQ1, V::correct},  // space grouping
    {"53\xC2\xA0"
     "000 MB",
     &kQ1, V::correct},  // no-break space grouping
    {"0.053 TB", &kQ1, V::correct},
    {"53000000 KB", &kQ1, V::correct},
    {"53e9 B", &kQ1, V::correct},
    {"53000000000 bytes", &kQ1, V::correct},
    {"53,000,000,000 bytes", &kQ1, V::correct},
    {"49.36 GiB", &kQ1, V::correct},   // 52.99990 GB
    {"50545 MiB", &kQ1, V::correct},   // 53.00027 GB
    {"0.0482 TiB", &kQ1, V::correct},  // 52.99646 GB
    {"  53 GB  ", &kQ1, V::correct},
    {"53 GB.", &kQ1, V::correct},
    {"53.", &kQ1, V::correct},
    {"\xE2\x89\x88 53 GB", &kQ1, V::correct},  // ≈
    {"~53", &kQ1, V::correct},
    {"about 53 GB", &kQ1, V::correct},
    {"approx. 53GB", &kQ1, V::correct},
    {"= 53 GB", &kQ1, V::correct},
    {"53\tGB\n", &kQ1, V::correct},
    {"53\xC2\xA0GB", &kQ1, V::correct},
    {"53,0", &kQ1, V::correct},     // decimal comma, one digit
    {"53.1", &kQ1, V::correct},     // upper edge (+0.1)
    {"52.9 GB", &kQ1, V::correct},  // lower edge (-0.1)
    // ---- Q1: close (outside +-0.1 GB, inside 5 %)
    {"53.11", &kQ1, V::close},
    {"52.89", &kQ1, V::close},
    {"52", &kQ1, V::close},
    {"55 GB", &kQ1, V::close},
    {"49 GiB", &kQ1, V::close},  // 52.61 GB
    {"55.65", &kQ1, V::close},   // close edge (+2.65)
    {"50.35", &kQ1, V::close},   // close edge (-2.65)
    // ---- Q1: wrong unit
    {"53 MB", &kQ1, V::wrong_unit},
    {"53 TB", &kQ1, V::wrong_unit},
    {"53 KiB", &kQ1, V::wrong_unit},    // 53 would be right in GB
    {"53000", &kQ1, V::wrong_unit},     // bare number is GB; right in MB
    {"53 tok/s", &kQ1, V::wrong_unit},  // other dimension
    {"53 s", &kQ1, V::wrong_unit},
    {"53 tokens", &kQ1, V::wrong_unit},
    {"53 %", &kQ1, V::wrong_unit},
    // ---- Q1: wrong
    {"55.66", &kQ1, V::wrong},
    {"50.34", &kQ1, V::wrong},
    {"48", &kQ1, V::wrong},
    {"40 GB", &kQ1, V::wrong},
    {"33 GB", &kQ1, V::wrong},
    {"13", &kQ1, V::wrong},
    {"-53", &kQ1, V::wrong},
    {"0", &kQ1, V::wrong},
    {"1,000", &kQ1, V::wrong},  // neither 1000 GB nor 1.000 GB
    // ---- Q1: unparseable
    {"", &kQ1, V::unparseable},
    {"   ", &kQ1, V::unparseable},
    {".", &kQ1, V::unparseable},
    {"GB", &kQ1, V::unparseable},
    {"fifty-three", &kQ1, V::unparseable},
    {"53 apples", &kQ1, V::unparseable},
    {"53 GB GB", &kQ1, V::unparseable},
    {"13 + 40 = 53", &kQ1, V::unparseable},
    {"5..3", &kQ1, V::unparseable},
    {"5,3,1", &kQ1, V::unparseable},      // grouping needs threes
    {"12,34,567", &kQ1, V::unparseable},  // lakh grouping is not accepted
    {"1.234.5", &kQ1, V::unparseable},
    {"1,234.5.6", &kQ1, V::unparseable},
    {"1e1000", &kQ1, V::unparseable},       // exponent longer than 3 digits
    {"1e999", &kQ1, V::unparseable},        // overflows
    {"1e308 TB", &kQ1, V::unparseable},     // overflows once converted to bytes
    {"1e300", &kQ1, V::unparseable},        // a bare number in GB overflows as bytes
    {"4003,03E300", &kQ1, V::unparseable},  // fuzzer input: 4.00303e303 GB overflows as bytes
    {"<img src=x onerror=alert(1)>", &kQ1, V::unparseable},
    {"53<img src=x onerror=alert(1)>", &kQ1, V::unparseable},
    {"53\x01", &kQ1, V::unparseable},  // control character
    {"5\x7F"
     "3",
     &kQ1, V::unparseable},                    // DEL
    {"53\xC2\x85", &kQ1, V::unparseable},      // C1 control U+0085
    {"53\xE2\x80\xA8", &kQ1, V::unparseable},  // line separator U+2028
    {"\xFF\xFE"
     "53",
     &kQ1, V::unparseable},                                          // not UTF-8
    {"53\xC3", &kQ1, V::unparseable},                                // truncated UTF-8
    {"\xEF\xBC\x95\xEF\xBC\x93", &kQ1, V::correct},                  // fullwidth ５３ reads as 53
    {"\xE4\xBA\x94\xE5\x8D\x81\xE4\xB8\x89", &kQ1, V::unparseable},  // 五十三
    {"\xD9\xA5\xD9\xA3", &kQ1, V::correct},                          // Arabic-Indic ٥٣ reads as 53
    {"\xDB\xB5\xDB\xB3", &kQ1, V::correct},                          // Persian ۵۳ reads as 53
    {"\xE0\xA5\xAB\xE0\xA5\xA9", &kQ1, V::correct},                  // Devanagari ५३ reads as 53
    {"53 \xD0\x93\xD0\x91", &kQ1, V::unparseable},                   // 53 ГБ (Cyrillic)
    {"53 GB \xF0\x9F\x99\x82", &kQ1, V::unparseable},                // emoji after the unit
    // ---- Q2: 2.952 tokens per pass
    {"2.952", &kQ2, V::correct},
    {"2.95", &kQ2, V::correct},
    {"2,952", &kQ2, V::correct},  // ambiguous: decimal-comma reading is right
    {"2,95", &kQ2, V::correct},   // decimal comma
    {"2,9520", &kQ2, V::correct},
    {"\xE2\x89\x88 2.95", &kQ2, V::correct},
    {"~2.95", &kQ2, V::correct},
    {"\xE2\x88\xBC"
     "2.95",
     &kQ2, V::correct},  // ∼ U+223C
    {"+2.95", &kQ2, V::correct},
    {"2.95 tokens", &kQ2, V::correct},
    {"2.95 tok", &kQ2, V::correct},
    {"2.95 tokens per pass", &kQ2, V::correct},
    {"2.95 Tokens/Pass", &kQ2, V::correct},
    {"2.95 tokens / pass.", &kQ2, V::correct},
    {"2.95 tokens per target pass", &kQ2, V::correct},
    {"2.952e0", &kQ2, V::correct},
    {"295.2e-2", &kQ2, V::correct},
    {"2.947", &kQ2, V::correct},  // lower edge (-0.005)
    {"2.957", &kQ2, V::correct},  // upper edge (+0.005)
    {"2.9469", &kQ2, V::close},
    {"2.9571", &kQ2, V::close},
    {"3", &kQ2, V::close},  // rounded too coarsely
    {"3.0", &kQ2, V::close},
    {"2.9", &kQ2, V::close},
    {"3 tokens", &kQ2, V::close},
    {"3.09", &kQ2, V::close},
    {"2.8", &kQ2, V::wrong},  // outside 5 %
    {"4", &kQ2, V::wrong},    // k + 1
    {"2.5", &kQ2, V::wrong},
    {"0.8", &kQ2, V::wrong},
    {"2952", &kQ2, V::wrong},  // tokens have one scale only
    {"1,000", &kQ2, V::wrong},
    {"4003,03E300", &kQ2, V::wrong},  // fuzzer input: finite in tokens, just wrong
    {"2.95 GB", &kQ2, V::wrong_unit},
    {"2.95 tok/s", &kQ2, V::wrong_unit},
    {"2.95 x", &kQ2, V::wrong_unit},
    {"2.95 apples", &kQ2, V::unparseable},
    {"two point nine five", &kQ2, V::unparseable},
    // ---- tokens per second: 20 tok/s, within 2 %
    {"20 tok/s", &kRate, V::correct},
    {"20 tokens/s", &kRate, V::correct},
    {"20 tokens per second", &kRate, V::correct},
    {"20 t/s", &kRate, V::correct},
    {"20 tokens/sec", &kRate, V::correct},
    {"20.4", &kRate, V::correct},  // +2 % edge
    {"21", &kRate, V::close},
    {"25", &kRate, V::wrong},
    {"20 GB", &kRate, V::wrong_unit},
    {"20 tokens", &kRate, V::wrong_unit},  // per pass is another dimension
    // ---- seconds: 50 ms, within 1 %
    {"50 ms", &kStep, V::correct},
    {"50", &kStep, V::correct},
    {"0.05 s", &kStep, V::correct},
    {"0.05 seconds", &kStep, V::correct},
    {"50 milliseconds", &kStep, V::correct},
    {"50000 \xC2\xB5s", &kStep, V::correct},  // micro sign
    {"50000 \xCE\xBCs", &kStep, V::correct},  // Greek mu
    {"50000 us", &kStep, V::correct},
    {"5e7 ns", &kStep, V::correct},
    {"51 ms", &kStep, V::close},
    {"50 s", &kStep, V::wrong_unit},  // right number, wrong scale
    {"0.05", &kStep, V::wrong_unit},  // bare number is ms; right in s
    {"70 ms", &kStep, V::wrong},
    {"50 tok/s", &kStep, V::wrong_unit},
    // ---- plain numbers: 0.8 and 2.3x
    {"0.8", &kFraction, V::correct},
    {"0,8", &kFraction, V::correct},
    {"80%", &kFraction, V::correct},
    {"80 %", &kFraction, V::correct},
    {"80", &kFraction, V::wrong_unit},  // right as a percentage
    {"0.8 GB", &kFraction, V::wrong_unit},
    {"0.9", &kFraction, V::wrong},
    {"2.3x", &kSpeedup, V::correct},
    {"2.3 \xC3\x97", &kSpeedup, V::correct},  // ×
    {"2.3 times", &kSpeedup, V::correct},
    {"2.3", &kSpeedup, V::correct},
    {"2.4", &kSpeedup, V::close},
};

}  // namespace

TEST_CASE("answer table: verdicts for typed answers", "[answer_check]") {
  static_assert(sizeof(kAnswerRows) / sizeof(kAnswerRows[0]) >= 60,
                "the answer table keeps at least 60 answer strings");
  for (const AnswerRow& row : kAnswerRows) {
    INFO("answer \"" << row.text << "\" expected " << to_string(row.verdict));
    const NumericCheck r = check_numeric_answer(row.text, *row.q);
    REQUIRE(r.ok);
    INFO("got " << to_string(r.verdict) << ": " << r.message << " [" << r.interpreted << "]");
    CHECK(r.verdict == row.verdict);
    CHECK_FALSE(r.message.empty());
  }
}

TEST_CASE("messages say what was expected without giving the answer away", "[answer_check]") {
  for (const char* text : {"53 MB", "53000", "52", "48", "53 tok/s", "apples", "", "53.11", "1e999"}) {
    INFO(text);
    const NumericCheck r = check_numeric_answer(text, kQ1);
    CHECK(r.message.find("53") == std::string::npos);
    if (r.verdict != AnswerVerdict::wrong_unit || r.message.find("bare") == std::string::npos)
      CHECK(r.message.find("memory size") != std::string::npos);
  }
  for (const char* text : {"3", "4", "2.95 GB", "x"}) {
    INFO(text);
    const NumericCheck r = check_numeric_answer(text, kQ2);
    CHECK(r.message.find("2.95") == std::string::npos);
  }
  // The close message names the tolerance; the wrong one names the unit rule.
  CHECK(check_numeric_answer("3", kQ2).message.find("\xC2\xB1"
                                                    "0.005 tokens per pass") != std::string::npos);
  CHECK(check_numeric_answer("48", kQ1).message.find("a bare number is read as GB") != std::string::npos);
  CHECK(check_numeric_answer("53 MB", kQ1).message.find("(MB)") != std::string::npos);
  CHECK(check_numeric_answer("53 tok/s", kQ1).message.find("tokens per second") != std::string::npos);
}

TEST_CASE("bit units are named as bits, with the byte unit meant", "[answer_check][units]") {
  const NumericCheck gb = check_numeric_answer("53 Gb", kQ1);
  CHECK(gb.verdict == AnswerVerdict::wrong_unit);
  CHECK(gb.message ==
        "Gb is gigabits (8 bits = 1 byte); this question asks for a memory size in bytes: "
        "write GB (capital B) for gigabytes.");
  CHECK(gb.message.find("53") == std::string::npos);
  const Quantity q = parse_quantity("424 Gb");
  REQUIRE(q.ok);
  CHECK(q.bits);
  CHECK(q.unit == "Gb");
  CHECK(q.dimension == UnitDimension::bytes);
  CHECK(q.unit_factor == 125000000.0);  // 1e9 bits / 8
  CHECK(parse_quantity("7 Kb").unit == "kb");
  CHECK(check_numeric_answer("8 megabits", kQ1).message.find("write MB (capital B) for megabytes") !=
        std::string::npos);
  // Byte spellings in any other case are bytes, not bits.
  for (const char* text : {"53 GB", "53 gb", "53 gB", "53 mb", "53 tb", "53 b"}) {
    INFO(text);
    CHECK_FALSE(parse_quantity(text).bits);
  }
  // On a question of another dimension the usual expectation follows.
  CHECK(check_numeric_answer("3 Mb", kQ2).message.find("tokens per target pass") != std::string::npos);
  // A bit symbol is never a valid default unit.
  CHECK(unit_factor(UnitDimension::bytes, "Gb") == 0);
  CHECK(unit_factor(UnitDimension::bytes, "gb") == 1e9);
  CHECK(parse_quantity("1e305 Tb").error == ParseError::out_of_range);
}

TEST_CASE("a signed zero reads as 0 and no message shows -0", "[answer_check][parse]") {
  for (const char* text : {"-0", "-0.0",
                           "\xE2\x88\x92"
                           "0 GB",
                           "-0,000"}) {
    INFO(text);
    const Quantity q = parse_quantity(text);
    REQUIRE(q.ok);
    CHECK(q.value == 0);
    CHECK_FALSE(std::signbit(q.value));
    CHECK_FALSE(std::signbit(q.alt_value));
    const NumericCheck r = check_numeric_answer(text, kQ1);
    CHECK(r.interpreted.find("-0") == std::string::npos);
    CHECK(r.message.find("-0") == std::string::npos);
    CHECK_FALSE(std::signbit(r.answer_in_default_unit));
  }
  CHECK(check_numeric_answer("-0", kQ1).interpreted == "0 GB");
}

TEST_CASE("quoted unit text shows invisible characters by code point", "[answer_check][hostile]") {
  // "GB" followed by a zero-width space (U+200B) is not a unit; the message
  // shows the hidden character instead of a quote that looks like "GB".
  NumericCheck r = check_numeric_answer("53 GB\xE2\x80\x8B", kQ1);
  CHECK(r.verdict == AnswerVerdict::unparseable);
  CHECK(r.message.rfind("\"GB[U+200B]\" is not a unit this check knows.", 0) == 0);
  // Right-to-left override, BOM and soft hyphen inside a unit.
  r = check_numeric_answer(
      "53 G\xE2\x80\xAE"
      "B\xEF\xBB\xBF",
      kQ1);
  CHECK(r.message.rfind("\"G[U+202E]B[U+FEFF]\"", 0) == 0);
  r = check_numeric_answer(
      "53 G\xC2\xAD"
      "B",
      kQ1);
  CHECK(r.message.rfind("\"G[U+00AD]B\"", 0) == 0);
  // A language tag character (4-byte UTF-8) shows with five hex digits.
  r = check_numeric_answer("53 GB\xF3\xA0\x80\x81", kQ1);
  CHECK(r.message.rfind("\"GB[U+E0001]\"", 0) == 0);
  // Visible text, including other scripts, is quoted as typed.
  r = check_numeric_answer("53 \xE5\x90\x89", kQ1);
  CHECK(r.message.rfind("\"\xE5\x90\x89\" is not", 0) == 0);
  // Clipping never splits a [U+...] marker: 30 zero-width spaces give at most
  // 24 bytes of markers (3 x 8) and an ellipsis.
  std::string many = "53 x";
  for (int i = 0; i < 30; ++i) many += "\xE2\x80\x8B";
  r = check_numeric_answer(many, kQ1);
  CHECK(r.message.rfind("\"x[U+200B][U+200B]\xE2\x80\xA6\"", 0) == 0);
}

TEST_CASE("GiB and MiB convert exactly", "[answer_check][units]") {
  // 49.36 GiB = 49.36 * 2^30 B = 52,999,896,432.64 B.
  const NumericCheck r = check_numeric_answer("49.36 GiB", kQ1);
  CHECK(r.verdict == AnswerVerdict::correct);
  CHECK(r.answer_in_default_unit == Approx(52.99989643264).epsilon(1e-12));
  // The conversion is shown to 4 significant digits: 52.99989... -> "53" (zeros dropped).
  CHECK(r.interpreted == "49.36 GiB = 53 GB");
  // 53 GiB = 53 * 2^30 B = 56,908,316,672 B = 56.908316672 GB -> "56.91".
  CHECK(check_numeric_answer("53 GiB", kQ1).interpreted == "53 GiB = 56.91 GB");
  // 500 MiB = 524,288,000 B = 0.524288 GB -> "0.5243".
  CHECK(check_numeric_answer("500 MiB", kQ1).interpreted == "500 MiB = 0.5243 GB");
  CHECK(unit_factor(UnitDimension::bytes, "GiB") == 1073741824.0);
  CHECK(unit_factor(UnitDimension::bytes, "MiB") == 1048576.0);
  CHECK(unit_factor(UnitDimension::bytes, "KiB") == 1024.0);
  CHECK(unit_factor(UnitDimension::bytes, "TiB") == 1099511627776.0);
  CHECK(unit_factor(UnitDimension::bytes, "GB") == 1e9);
  CHECK(unit_factor(UnitDimension::bytes, "gigabytes") == 1e9);
  CHECK(unit_factor(UnitDimension::seconds, "GB") == 0);  // not a time unit
  CHECK(unit_factor(UnitDimension::seconds, "ms") == 1e-3);
}

TEST_CASE("every unit symbol parses to its own dimension and factor", "[answer_check][units]") {
  const UnitDimension dims[] = {UnitDimension::none, UnitDimension::bytes, UnitDimension::tokens_per_pass,
                                UnitDimension::tokens_per_s, UnitDimension::seconds};
  int seen = 0;
  for (UnitDimension d : dims) {
    for (const std::string& sym : unit_symbols(d)) {
      INFO(sym);
      const Quantity q = parse_quantity("7 " + sym);
      REQUIRE(q.ok);
      CHECK(q.has_unit);
      CHECK(q.dimension == d);
      CHECK(q.unit == sym);
      CHECK(q.unit_factor == unit_factor(d, sym));
      CHECK(q.value == 7);
      ++seen;
    }
  }
  // B KB MB GB TB KiB MiB GiB TiB | tokens | tok/s | s ms µs ns | x %
  CHECK(seen == 9 + 1 + 1 + 4 + 2);
}

TEST_CASE("decimal comma and grouping rules", "[answer_check][separators]") {
  struct Case {
    const char* text;
    double value;
    double alt_value;
    bool ambiguous;
  };
  const Case cases[] = {
      {"2,952", 2952, 2.952, true},  // 1-3 digits, comma, 3 digits: both readings
      {"1,000", 1000, 1.0, true},
      {"53,000", 53000, 53.0, true},
      {"999,999", 999999, 999.999, true},
      {"2,95", 2.95, 2.95, false},  // 2 digits after: decimal comma only
      {"2,9", 2.9, 2.9, false},
      {"2,9520", 2.952, 2.952, false},          // 4 digits after: decimal comma only
      {"0,952", 0.952, 0.952, false},           // "0,952" is not a grouped whole number
      {"1234,567", 1234.567, 1234.567, false},  // 4 digits before: decimal comma only
      {"1.000", 1.0, 1.0, false},               // a lone point is always decimal
      {"1,000,000", 1e6, 1e6, false},           // several commas: grouping
      {"1.000.000", 1e6, 1e6, false},           // several points: grouping
      {"1 000 000", 1e6, 1e6, false},           // spaces: grouping
      {"1,234.5", 1234.5, 1234.5, false},       // both: the last one is decimal
      {"1.234,5", 1234.5, 1234.5, false},
      {"1 234,5", 1234.5, 1234.5, false},
      {".5", 0.5, 0.5, false},
      {",5", 0.5, 0.5, false},
      {"2,952e1", 29520, 29.52, true},  // exponent applies to both readings
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const Quantity q = parse_quantity(c.text);
    REQUIRE(q.ok);
    CHECK(q.value == Approx(c.value).epsilon(1e-15));
    CHECK(q.alt_value == Approx(c.alt_value).epsilon(1e-15));
    CHECK(q.ambiguous == c.ambiguous);
    CHECK_FALSE(q.has_unit);
  }
  for (const char* bad : {"1,00,000", "1,0000,000", "1.234.5", "1,234,5", "1,2.3.4", "1 2", "1.2,3.4", "1 234 5"}) {
    INFO(bad);
    const Quantity q = parse_quantity(bad);
    CHECK_FALSE(q.ok);
    CHECK(q.error == ParseError::bad_number);
  }
  // The ambiguous reading that grades better wins, and the page is told which.
  const NumericQuestion one = question(UnitDimension::none, 1, "", 0, 0.001, 0.05);
  const NumericQuestion thousand = question(UnitDimension::none, 1000, "", 0, 0.5, 0.05);
  CHECK(check_numeric_answer("1,000", one).verdict == AnswerVerdict::correct);
  CHECK(check_numeric_answer("1,000", thousand).verdict == AnswerVerdict::correct);
  CHECK(check_numeric_answer("1,000", one).interpreted == "1 (comma read as a decimal comma)");
  CHECK(check_numeric_answer("1,000", thousand).interpreted == "1000 (comma read as a thousands separator)");
  CHECK(check_numeric_answer("2,952", kQ2).answer_in_default_unit == Approx(2.952));
}

TEST_CASE("a German page's answers: decimal comma, and a lone point before 3 digits read both ways",
          "[answer_check][parse][locale]") {
  // 53 GB: the knowledge check's first answer (13e9 B of 8-bit weights + 40 GB of KV cache), typed
  // as a German student writes it, "53,0 GB", must be graded correct.
  NumericQuestion gb = question(UnitDimension::bytes, 53, "GB", 0.01, 0, 0.05);
  gb.point_may_group = true;
  CHECK(check_numeric_answer("53,0 GB", gb).verdict == AnswerVerdict::correct);    // decimal comma: 53.0
  CHECK(check_numeric_answer("53.0 GB", gb).verdict == AnswerVerdict::correct);    // the universal point too
  CHECK(check_numeric_answer("53.000 MB", gb).verdict == AnswerVerdict::correct);  // 53000 MB, German grouping
  // "1.026" on a German page: 1026 (grouping) or 1.026 (decimal point); the better verdict is kept.
  NumericQuestion total = question(UnitDimension::tokens_per_s, 1026, "tok/s", 0.005, 0, 0.05);
  total.point_may_group = true;
  NumericCheck c = check_numeric_answer("1.026", total);
  CHECK(c.verdict == AnswerVerdict::correct);
  CHECK(c.interpreted == "1026 tok/s (point read as a thousands separator)");
  NumericQuestion small = question(UnitDimension::none, 1.026, "", 0.001, 0, 0.05);
  small.point_may_group = true;
  CHECK(check_numeric_answer("1.026", small).verdict == AnswerVerdict::correct);
  CHECK(check_numeric_answer("1.026", small).interpreted == "1.026 (point read as a decimal point)");
  // Without the locale's flag a lone point is only a decimal point: 1.026 is far from 1026.
  total.point_may_group = false;
  CHECK(check_numeric_answer("1.026", total).verdict == AnswerVerdict::wrong);
  // Not ambiguous either way: one digit after the point, a leading 0, two points, both marks.
  const Quantity q1 = parse_quantity("53.0", PointReading::decimal_or_grouping);
  CHECK((q1.ok && !q1.ambiguous && q1.value == 53));
  const Quantity q2 = parse_quantity("0.026", PointReading::decimal_or_grouping);
  CHECK((q2.ok && !q2.ambiguous && q2.value == 0.026));
  const Quantity q3 = parse_quantity("1.026.000", PointReading::decimal_or_grouping);
  CHECK((q3.ok && !q3.ambiguous && q3.value == 1026000));
  const Quantity q4 = parse_quantity("1.026,5", PointReading::decimal_or_grouping);
  CHECK((q4.ok && !q4.ambiguous && q4.value == 1026.5));
  const Quantity q5 = parse_quantity("1.026", PointReading::decimal_or_grouping);
  CHECK((q5.ok && q5.ambiguous && q5.ambiguous_mark == '.' && q5.value == 1026 && q5.alt_value == 1.026));
}

TEST_CASE("parse_quantity reports sign, prefix, unit and exact decimal values", "[answer_check][parse]") {
  Quantity q = parse_quantity(
      "\xE2\x88\x92"
      "5 ms");  // U+2212 minus
  REQUIRE(q.ok);
  CHECK(q.value == -5);
  CHECK(q.unit == "ms");
  CHECK(q.unit_factor == 1e-3);
  q = parse_quantity("~ 0.053 TB.");
  REQUIRE(q.ok);
  CHECK(q.approximate);
  CHECK(q.value == 0.053);  // 53 / 1000, correctly rounded
  CHECK(q.unit == "TB");
  q = parse_quantity("5.3E+01");
  REQUIRE(q.ok);
  CHECK(q.value == 53);
  CHECK_FALSE(q.approximate);
  q = parse_quantity("2.9520000000000004");
  REQUIRE(q.ok);
  CHECK(q.value == Approx(2.9520000000000004).epsilon(1e-15));
  q = parse_quantity("0.1");
  CHECK(q.value == 0.1);
  q = parse_quantity("123456789012345678901234567890");  // every digit counts: correctly rounded
  REQUIRE(q.ok);
  CHECK(q.value == 1.2345678901234568e29);
  q = parse_quantity("1e-320");  // tiny numbers are fine (they are just wrong answers)
  REQUIRE(q.ok);
  CHECK(q.value == 1e-320);
  q = parse_quantity("1e-400");  // but not a nonzero number that would read as 0
  CHECK(q.error == ParseError::out_of_range);
  CHECK(q.message == kTooSmallMessage);
  q = parse_quantity("1e-320 ns");  // 1e-329 s: 0 in base units
  CHECK(q.error == ParseError::out_of_range);
  CHECK(q.message == kTooSmallMessage);
  q = parse_quantity("aboutness");  // a word prefix must stand alone
  CHECK(q.error == ParseError::no_number);
}

TEST_CASE("hostile and oversized input is unparseable, with a reason", "[answer_check][hostile]") {
  const std::string ten_thousand(10000, '5');
  Quantity q = parse_quantity(ten_thousand);
  CHECK_FALSE(q.ok);
  CHECK(q.error == ParseError::too_long);
  CHECK(check_numeric_answer(ten_thousand, kQ1).verdict == AnswerVerdict::unparseable);
  CHECK(check_numeric_answer(std::string(10000, '\x01'), kQ1).parse_error == ParseError::too_long);
  std::string long_unicode;
  for (int i = 0; i < 3000; ++i) long_unicode += "\xE4\xBA\x94";  // 9,000 bytes of 五
  CHECK(parse_quantity(long_unicode).error == ParseError::too_long);
  // Exactly at the cap still parses; one byte more does not.
  const std::string at_cap = "53" + std::string(kMaxAnswerBytes - 2, ' ');
  CHECK(parse_quantity(at_cap).ok);
  CHECK(parse_quantity(at_cap + " ").error == ParseError::too_long);

  CHECK(parse_quantity(std::string("53\0GB", 5)).error == ParseError::control_character);  // NUL inside
  CHECK(parse_quantity("\x1B[31m53").error == ParseError::control_character);              // terminal escape
  CHECK(parse_quantity("\xED\xA0\x80").error == ParseError::control_character);            // a lone surrogate
  CHECK(parse_quantity("\xC0\xB5").error == ParseError::control_character);                // overlong
  CHECK(parse_quantity("<img src=x onerror=alert(1)>").error == ParseError::no_number);
  CHECK(parse_quantity("1e999").error == ParseError::out_of_range);
  CHECK(parse_quantity("53 apples").error == ParseError::unknown_unit);
  // Fuzzer finding: parses (decimal comma, 3-digit exponent) but overflows as bytes.
  q = parse_quantity("4003,03E300");
  REQUIRE(q.ok);
  CHECK(q.value == Approx(4.00303e303));
  CHECK(check_numeric_answer("4003,03E300", kQ1).parse_error == ParseError::out_of_range);

  // The unknown unit is echoed clipped, never more than a short phrase.
  const NumericCheck r = check_numeric_answer("1 " + std::string(150, 'z'), kQ1);
  CHECK(r.verdict == AnswerVerdict::unparseable);
  CHECK(r.message.size() < 250);
}

TEST_CASE("a value that overflows in the question's unit is refused as too large", "[answer_check][hostile]") {
  // A fuzz finding: "51e305secs" is 5.1e306 s, finite, but 5.1e309 ms
  // (kStep's default unit) is not. Each row: text, question, read or refused.
  struct OverflowRow {
    const char* text;
    const NumericQuestion* q;
    bool refused;
  };
  const OverflowRow rows[] = {
      {"51e305secs", &kStep, true},   {"2e305 s", &kStep, true},
      {"1.8e305 s", &kStep, true},                               // 1.8e308 ms is just above the largest double
      {"1.7e305 s", &kStep, false},                              // 1.7e308 ms is still a double
      {"1e305 s", &kStep, false},     {"1e300", &kStep, false},  // a bare number is already in ms
      {"1e306 tok/s", &kRate, false}, {"1e299 TB", &kQ1, true},  // 1e311 B overflows in base units (as before)
      {"1e295 TB", &kQ1, false},                                 // 1e307 B = 1e298 GB
  };
  for (const OverflowRow& row : rows) {
    INFO("answer \"" << row.text << "\"");
    const NumericCheck r = check_numeric_answer(row.text, *row.q);
    REQUIRE(r.ok);
    if (row.refused) {
      CHECK(r.verdict == AnswerVerdict::unparseable);
      CHECK(r.parse_error == ParseError::out_of_range);
      CHECK_FALSE(r.has_value);
      CHECK(r.message.rfind("That number is too large to check. ", 0) == 0);
    } else {
      CHECK(r.verdict == AnswerVerdict::wrong);
      CHECK(r.has_value);
    }
    CHECK(std::isfinite(r.answer_in_default_unit));
    CHECK(r.interpreted.find("inf") == std::string::npos);
  }
  const NumericCheck edge = check_numeric_answer("1.7e305 s", kStep);
  CHECK(edge.answer_in_default_unit == Approx(1.7e308));
  CHECK(edge.interpreted == "1.7e+305 s = 1.7e+308 ms");
}

TEST_CASE("invalid questions are reported by field", "[answer_check][question]") {
  NumericQuestion q = kQ1;
  q.default_unit = "tok/s";
  NumericCheck r = check_numeric_answer("53", q);
  CHECK_FALSE(r.ok);
  CHECK(r.error_field == "default_unit");
  q = kQ1;
  q.expected = std::numeric_limits<double>::quiet_NaN();
  CHECK(check_numeric_answer("53", q).error_field == "expected");
  q = kQ1;
  q.relative_tolerance = -0.1;
  CHECK(check_numeric_answer("53", q).error_field == "relative_tolerance");
  q = kQ1;
  q.absolute_tolerance = std::numeric_limits<double>::infinity();
  CHECK(check_numeric_answer("53", q).error_field == "absolute_tolerance");
  q = kQ1;
  q.close_relative_tolerance = 2;
  CHECK(check_numeric_answer("53", q).error_field == "close_relative_tolerance");
  q = kQ1;
  q.dimension = static_cast<UnitDimension>(9);  // what an unchecked enum from JS could carry
  CHECK(check_numeric_answer("53", q).error_field == "dimension");
  q = kQ1;
  q.default_unit = "";
  CHECK(check_numeric_answer("53", q).error_field == "default_unit");  // only `none` may omit it
}
