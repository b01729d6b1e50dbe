// Answers typed as arithmetic (src/reading/answer_expression.h, src/reading/expression_lexer.h), read and then
// graded by check_numeric_answer, so this file sits with the grading tests:
// every operator, precedence, "× 10^n", units per term and at the end, the
// comma, every refusal with its message, the bounds, and grading through
// check_numeric_answer (the reading shown, accept_expression = false).
#include <catch2/catch.hpp>

#include <string>

#include "grading/answer_check.h"
#include "grading/lesson_questions.h"

using namespace llmbudget;

namespace {

struct ReadRow {
  const char* text;
  double value;            // in `unit` (or bare)
  const char* unit;        // canonical symbol, "" when bare
  const char* expression;  // as read (thousands reading)
};

// Values worked by hand in the comments.
const ReadRow kRead[] = {
    // ---- each operator and its spellings
    {"20 + 13", 33, "", "20 + 13"},
    {"20 - 13", 7, "", "20 \xE2\x88\x92 13"},
    {"20 \xE2\x88\x92 13", 7, "", "20 \xE2\x88\x92 13"},  // U+2212 minus
    {"2*6.5", 13, "", "2 \xC3\x97 6.5"},
    {"2 \xC3\x97 6.5", 13, "", "2 \xC3\x97 6.5"},  // ×
    {"2\xC2\xB7"
     "6.5",
     13, "", "2 \xC3\x97 6.5"},                        // · middle dot
    {"2 \xE2\x8B\x85 6.5", 13, "", "2 \xC3\x97 6.5"},  // ⋅ dot operator
    {"2 x 6.5", 13, "", "2 \xC3\x97 6.5"},             // x between numbers
    {"2 times 6.5", 13, "", "2 \xC3\x97 6.5"},
    {"26/2", 13, "", "26/2"},
    {"26 \xC3\xB7 2", 13, "", "26/2"},            // ÷
    {"2^10", 1024, "", "2\xC2\xB9\xE2\x81\xB0"},  // 2¹⁰
    {"2**10", 1024, "", "2\xC2\xB9\xE2\x81\xB0"},
    {"0.9\xE2\x81\xB5", 0.59049, "", "0.9\xE2\x81\xB5"},              // 0.9⁵ = 0.59049
    {"10\xE2\x81\xBB\xC2\xB3", 0.001, "", "10\xE2\x81\xBB\xC2\xB3"},  // 10⁻³
    {"-(2 - 5)", 3, "", "\xE2\x88\x92(2 \xE2\x88\x92 5)"},
    {"- 5", -5, "",
     "\xE2\x88\x92"
     "5"},
    {"+(5)", 5, "", "(5)"},
    // ---- precedence: ^ over unary minus over × / over + −; ^ right-associative
    {"2 + 3 * 4", 14, "", "2 + 3 \xC3\x97 4"},  // 2 + 12
    {"(2 + 3) * 4", 20, "", "(2 + 3) \xC3\x97 4"},
    {"2 * 3 ^ 2", 18, "", "2 \xC3\x97 3\xC2\xB2"},  // 2 * 9
    {"-2^2", -4, "",
     "\xE2\x88\x92"
     "2\xC2\xB2"},  // −(2²)
    {"(-2)^2", 4, "",
     "(\xE2\x88\x92"
     "2)\xC2\xB2"},
    {"2^3^2", 512, "", "2^3\xC2\xB2"},  // 2^(3^2) = 2^9
    {"10^-3", 0.001, "", "10\xE2\x81\xBB\xC2\xB3"},
    {"12 / 3 / 2", 2, "", "12/3/2"},  // (12/3)/2, left to right
    {"10 - 4 - 3", 3, "", "10 \xE2\x88\x92 4 \xE2\x88\x92 3"},
    {"(1-0.9^5)/(1-0.9)", 4.0951, "", "(1 \xE2\x88\x92 0.9\xE2\x81\xB5)/(1 \xE2\x88\x92 0.9)"},  // 0.40951/0.1
    // ---- × 10^n notation
    {"1.3 \xC3\x97 10^10 B", 1.3e10, "B", "1.3 \xC3\x97 10\xC2\xB9\xE2\x81\xB0 B"},
    {"1.3\xC2\xB7"
     "10^10 B",
     1.3e10, "B", "1.3 \xC3\x97 10\xC2\xB9\xE2\x81\xB0 B"},
    {"5.3 x 10^1 GB", 53, "GB", "5.3 \xC3\x97 10\xC2\xB9 GB"},
    // ---- one unit at the end applies to the whole
    {"2*6.5 GB", 13, "GB", "2 \xC3\x97 6.5 GB"},
    {"20 + 13 GB", 33, "GB", "(20 + 13) GB"},
    {"2^10 B", 1024, "B", "2\xC2\xB9\xE2\x81\xB0 B"},
    {"(1-0.9^5)/(1-0.9) tokens", 4.0951, "tokens", "(1 \xE2\x88\x92 0.9\xE2\x81\xB5)/(1 \xE2\x88\x92 0.9) tokens"},
    {"26.5 \xC3\x97 2 gigabytes", 53, "GB", "26.5 \xC3\x97 2 GB"},
    // ---- units on each term; the first unit typed is the one shown
    {"20 GB + 13 GB", 33, "GB", "20 GB + 13 GB"},
    {"20 GB + 500 MB", 20.5, "GB", "20 GB + 500 MB"},  // 20e9 + 0.5e9 B
    {"53 tok/s + 2 tok/s", 55, "tok/s", "53 tok/s + 2 tok/s"},
    {"2 \xC3\x97 6.5 GB + 1 GB", 14, "GB", "2 \xC3\x97 6.5 GB + 1 GB"},
    {"40 GB / 8", 5, "GB", "40 GB/8"},
    {"40 GB / 8 GB", 5, "", "40 GB/8 GB"},  // a plain ratio
    {"5 % + 3 %", 8, "%", "5 % + 3 %"},
    // ---- the comma: a number's own separator, as for a lone number
    {"1,5 + 1,5", 3, "", "1.5 + 1.5"},            // decimal commas (not 3 digits after)
    {"1,000,000 / 1,000", 1000, "", "1e6/1000"},  // 1,000 ambiguous: thousands reading first; 1e6 as JS writes it
    {"1.234,5 - 0,5", 1234, "", "1234.5 \xE2\x88\x92 0.5"},
    // ---- "about" prefix and a leading "="
    {"~ 2*26.5", 53, "", "2 \xC3\x97 26.5"},
    {"= 20+33", 53, "", "20 + 33"},
};

struct Refusal {
  const char* text;
  ParseError error;
  const char* message;  // the start of the message
};

const Refusal kRefused[] = {
    {"1/0", ParseError::division_by_zero, "Division by zero: a divisor in the working comes to 0"},
    {"2/(1 - 1)", ParseError::division_by_zero, "Division by zero"},
    {"0^-1", ParseError::division_by_zero, "Division by zero: 0 to a negative power"},
    {"2(3+4)", ParseError::bad_expression, "Two numbers stand side by side"},
    {"(2", ParseError::bad_expression, "A \"(\" is never closed"},
    {"2)", ParseError::bad_expression, "A \")\" has no \"(\" to close."},
    {"2 *", ParseError::bad_expression, "The answer ends with an operator"},
    {"2 * * 3", ParseError::bad_expression, "Two operators stand side by side"},
    {"()", ParseError::bad_expression, "Empty parentheses"},
    {"sqrt(2)", ParseError::bad_expression, "\"sqrt\" looks like a function"},
    {"a^4", ParseError::bad_expression, "\"a\" is not a number"},
    {"2 * 3 apples", ParseError::unknown_unit, "\"apples\" is not a unit this check knows."},
    {"2*6.5 GB = 13 GB", ParseError::bad_expression, "Type either the working or the result"},
    {"1, 2 + 3", ParseError::bad_expression, "A comma belongs inside a number"},
    {"(-8)^0.5", ParseError::bad_expression, "A negative number to a fractional power"},
    {"20 GB + 13", ParseError::mixed_units, "Every term of a sum needs the same kind of unit"},
    {"20 GB + 13 tok/s", ParseError::mixed_units, "Every term of a sum"},
    {"2 GB * 3 GB", ParseError::mixed_units, "Two quantities with units are multiplied"},
    {"2 / 4 GB + 1 GB", ParseError::mixed_units, "The divisor has a unit"},
    {"2 GB ^ 2 + 1 GB", ParseError::mixed_units, "A unit cannot be raised to a power"},
    {"10^400", ParseError::out_of_range, "That number is too large to check."},
    {"10^401 * 0", ParseError::out_of_range, "That exponent is too large to check"},
    {"1e308 * 10", ParseError::out_of_range, "That number is too large to check."},
    {"2\xE2\x81\xB9\xE2\x81\xB9\xE2\x81\xB9\xE2\x81\xB9", ParseError::out_of_range, "That exponent is too large"},
    {"1,2,3 + 1", ParseError::bad_number, "Could not read that number"},
};

}  // namespace

TEST_CASE("expressions: operators, precedence, x10^n, units and commas read as worked", "[expression]") {
  for (const ReadRow& row : kRead) {
    INFO(row.text);
    const AnswerReading r = read_answer(row.text);
    REQUIRE(r.quantity.ok);
    CHECK(r.is_expression);
    CHECK(r.quantity.value == Approx(row.value).epsilon(1e-12));
    CHECK(r.quantity.unit == row.unit);
    CHECK(r.quantity.has_unit == (row.unit[0] != '\0'));
    CHECK(r.expression == row.expression);
  }
}

TEST_CASE("expressions: plain numbers are read exactly as parse_quantity reads them", "[expression]") {
  for (const char* text : {"53", "53 GB", "-5", "2,952", "5.3e1", "3 x", "50 %", "\xE2\x89\x88 2.95 tokens"}) {
    INFO(text);
    const AnswerReading r = read_answer(text);
    const Quantity q = parse_quantity(text);
    REQUIRE(r.quantity.ok);
    CHECK_FALSE(r.is_expression);
    CHECK(r.expression.empty());
    CHECK(r.quantity.value == q.value);
    CHECK(r.quantity.unit == q.unit);
  }
  // Not arithmetic: the plain reader's message stays ("/" before a letter is part of a unit).
  const AnswerReading gbs = read_answer("53 GB/s");
  CHECK_FALSE(gbs.is_expression);
  CHECK(gbs.quantity.error == ParseError::unknown_unit);
  CHECK(gbs.quantity.message == "\"GB/s\" is not a unit this check knows.");
  CHECK(read_answer("a lot").quantity.error == ParseError::no_number);
}

TEST_CASE("expressions: every refusal has its reason and message", "[expression]") {
  for (const Refusal& row : kRefused) {
    INFO(row.text);
    const AnswerReading r = read_answer(row.text);
    REQUIRE_FALSE(r.quantity.ok);
    CHECK(r.quantity.error == row.error);
    CHECK(r.quantity.message.rfind(row.message, 0) == 0);
  }
}

TEST_CASE("expressions: the bounds", "[expression]") {
  // 20 nested parentheses are read; 21 are too deep.
  const std::string twenty = std::string(20, '(') + "1" + std::string(20, ')');
  CHECK(read_answer(twenty).quantity.ok);
  const std::string deep = std::string(21, '(') + "1" + std::string(21, ')');
  CHECK(read_answer(deep).quantity.error == ParseError::too_deep);
  // Signs count too: 20 minus signs are read (an even count: +1), 21 are too deep.
  CHECK(read_answer(std::string(20, '-') + "1").quantity.value == 1);
  CHECK(read_answer(std::string(21, '-') + "1").quantity.error == ParseError::too_deep);
  // The 200-byte limit applies to arithmetic as to a number: 1+1+...+1 of 201 bytes.
  std::string sum = "1";
  while (sum.size() < 201) sum += "+1";
  CHECK(read_answer(sum).quantity.error == ParseError::too_long);
  std::string ok_sum = "1";
  while (ok_sum.size() + 2 <= kMaxAnswerBytes) ok_sum += "+1";
  CHECK(read_answer(ok_sum).quantity.value == 100);  // 199 bytes: 100 ones
  // |exponent| <= 400: 10^400 overflows (too large), 10^-400 underflows to 0 (a value), 10^401 is refused before pow.
  CHECK(read_answer("10^308").quantity.value == 1e308);
  CHECK(read_answer("10^-400").quantity.value == 0);
  CHECK(read_answer("0.5^401").quantity.error == ParseError::out_of_range);
  // Once converted to the question's unit the value must stay finite too ("51e305secs" in ms).
  NumericQuestion ms;
  ms.dimension = UnitDimension::seconds;
  ms.expected = 50;
  ms.default_unit = "ms";
  ms.relative_tolerance = 0.01;
  const NumericCheck big = check_numeric_answer("51e305 s + 1 s", ms);
  CHECK(big.verdict == AnswerVerdict::unparseable);
  CHECK(big.parse_error == ParseError::out_of_range);
  CHECK_FALSE(big.has_value);
}

TEST_CASE("expressions: an ambiguous comma gives two readings, graded both ways", "[expression]") {
  // "2,952 + 0" is 2952 (thousands) or 2.952 (decimal comma).
  const AnswerReading r = read_answer("2,952 + 0");
  REQUIRE(r.quantity.ok);
  CHECK(r.quantity.ambiguous);
  CHECK(r.quantity.value == 2952);
  CHECK(r.quantity.alt_value == Approx(2.952));
  CHECK(r.expression == "2952 + 0");
  CHECK(r.alt_expression == "2.952 + 0");
  // Q2 expects 2.952 tokens per pass: the decimal-comma reading is right and shown.
  const NumericCheck c = check_numeric_answer("2,952 + 0", tokens_per_pass_question(2.952));
  CHECK(c.verdict == AnswerVerdict::correct);
  CHECK(c.expression == "2.952 + 0");
  CHECK(c.interpreted == "2.952 + 0 = 2.952 tokens per pass (comma read as a decimal comma)");
}

TEST_CASE("expressions: graded with the reading shown; accept_expression = false refuses them", "[expression]") {
  // Q2: (1 - 0.8^4)/(1 - 0.8) = 0.5904/0.2 = 2.952 tokens per pass.
  const NumericQuestion q2 = tokens_per_pass_question(2.952);
  const NumericCheck c = check_numeric_answer("(1-0.8^4)/(1-0.8)", q2);
  CHECK(c.verdict == AnswerVerdict::correct);
  CHECK(c.expression == "(1 \xE2\x88\x92 0.8\xE2\x81\xB4)/(1 \xE2\x88\x92 0.8)");
  CHECK(c.interpreted == "(1 \xE2\x88\x92 0.8\xE2\x81\xB4)/(1 \xE2\x88\x92 0.8) = 2.952 tokens per pass");
  // Q1: 13 + 40 = 53 GB; 13 GB + 40 MB is wrong; 53 tok/s + 1 tok/s is the wrong kind of unit.
  const NumericQuestion q1 = memory_total_question(53);
  CHECK(check_numeric_answer("13 + 40", q1).verdict == AnswerVerdict::correct);
  CHECK(check_numeric_answer("13 GB + 40 GB", q1).verdict == AnswerVerdict::correct);
  CHECK(check_numeric_answer("13 \xC3\x97 10^9 B + 40 \xC3\x97 10^9 B", q1).verdict == AnswerVerdict::correct);
  CHECK(check_numeric_answer("13 GB + 40 MB", q1).verdict == AnswerVerdict::wrong);
  CHECK(check_numeric_answer("26.5 * 2 MB", q1).verdict == AnswerVerdict::wrong_unit);  // 53 MB
  CHECK(check_numeric_answer("53 tok/s + 1 tok/s", q1).verdict == AnswerVerdict::wrong_unit);
  CHECK(check_numeric_answer("424 Gb / 8", q1).verdict == AnswerVerdict::wrong_unit);  // bits
  const NumericCheck gib = check_numeric_answer("49 GiB + 0.36 GiB", q1);              // 49.36 * 2^30 B = 53.0 GB
  CHECK(gib.verdict == AnswerVerdict::correct);
  CHECK(gib.interpreted == "49 GiB + 0.36 GiB = 49.36 GiB = 53 GB");
  // Division by zero is unparseable with its own reason.
  const NumericCheck zero = check_numeric_answer("53/0", q1);
  CHECK(zero.verdict == AnswerVerdict::unparseable);
  CHECK(zero.parse_error == ParseError::division_by_zero);

  NumericQuestion plain = q2;
  plain.accept_expression = false;
  const NumericCheck refused = check_numeric_answer("(1-0.8^4)/(1-0.8)", plain);
  CHECK(refused.verdict == AnswerVerdict::unparseable);
  CHECK(refused.parse_error == ParseError::expression_not_allowed);
  CHECK(refused.message.rfind("This question asks for the number itself, not the working: work out (1 \xE2\x88\x92 "
                              "0.8\xE2\x81\xB4)/(1 \xE2\x88\x92 0.8) and type the result.",
                              0) == 0);
  CHECK(refused.message.find("2.952") == std::string::npos);  // neither the value nor the expected answer
  CHECK(check_numeric_answer("2.952", plain).verdict == AnswerVerdict::correct);
  CHECK(check_numeric_answer("-2.952", plain).verdict == AnswerVerdict::wrong);  // a signed number is not arithmetic
}

TEST_CASE("unit words students write are read as the unit they name", "[expression][units]") {
  // A per-token size: 16,384 bytes per token is 16,384 B (16 KiB = 16 * 1024 B).
  NumericQuestion per_token;
  per_token.dimension = UnitDimension::bytes;
  per_token.expected = 16384;
  per_token.default_unit = "B";
  per_token.absolute_tolerance = 0.5;
  for (const char* text : {"16384 bytes per token", "16384 B/token", "16384 bytes/token", "16 KiB/token",
                           "2*32*2*64*2 bytes per token", "16.384 KB/token"}) {
    INFO(text);
    CHECK(check_numeric_answer(text, per_token).verdict == AnswerVerdict::correct);
  }
  // Times and rates: 50 ms, 20 tok/s.
  NumericQuestion ms;
  ms.dimension = UnitDimension::seconds;
  ms.expected = 50;
  ms.default_unit = "ms";
  ms.relative_tolerance = 0.01;
  for (const char* text : {"50 msecs", "50 millisec", "50000 usec", "5e7 nsecs", "25 msecs + 25 msecs"}) {
    INFO(text);
    CHECK(check_numeric_answer(text, ms).verdict == AnswerVerdict::correct);
  }
  NumericQuestion rate;
  rate.dimension = UnitDimension::tokens_per_s;
  rate.expected = 20;
  rate.default_unit = "tok/s";
  rate.relative_tolerance = 0.01;
  for (const char* text : {"20 tokens/second", "20 tokens a second", "10 token/sec + 10 token/sec"}) {
    INFO(text);
    CHECK(check_numeric_answer(text, rate).verdict == AnswerVerdict::correct);
  }
}
