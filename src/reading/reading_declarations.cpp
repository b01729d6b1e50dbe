// The reading layer's names; see reading_declarations.h.
#include "reading/reading_declarations.h"

#include <iterator>

namespace llmbudget {

namespace {

using D = UnitDimension;

constexpr DimensionDeclaration kDimensions[] = {
    // Examples: whole numbers for a plain number (the questions that take one
    // count projections), a product for memory, a quotient for the rest.
    {D::none, "none", "", "a plain number", "no unit (x or % allowed)", "2 \xC3\x97 16 \xC3\x97 4"},
    {D::bytes, "bytes", "B", "a memory size", "B, KB, MB, GB, TB, KiB, MiB, GiB or TiB", "2 \xC3\x97 6.5"},
    {D::tokens_per_pass, "tokens_per_pass", "tokens", "a number of tokens per target pass", "tokens or tokens/pass",
     "(3 + 1) / 2"},
    {D::tokens_per_s, "tokens_per_s", "tok/s", "a rate in tokens per second", "tok/s or tokens per second", "16 / 0.5"},
    {D::seconds, "seconds", "s", "a time", "s, ms, \xC2\xB5s or ns", "2 \xC3\x97 0.015"},
};
static_assert(std::size(kDimensions) == kMaxUnitDimension + 1, "one row per UnitDimension");

using E = ParseError;
constexpr EnumDeclaration kParseErrors[] = {
    {static_cast<int>(E::none), "none", "the text was read"},
    {static_cast<int>(E::empty), "empty", "nothing but white space"},
    {static_cast<int>(E::too_long), "too_long", "longer than the answer limit (kMaxAnswerBytes bytes)"},
    {static_cast<int>(E::control_character), "control_character",
     "a control character, or bytes that are not UTF-8 text"},
    {static_cast<int>(E::no_number), "no_number", "no number where one was expected"},
    {static_cast<int>(E::bad_number), "bad_number", "a malformed number: grouping, exponent or several separators"},
    {static_cast<int>(E::unknown_unit), "unknown_unit", "text after the number that is not a known unit"},
    {static_cast<int>(E::out_of_range), "out_of_range",
     "a number too large to check, or a nonzero one that would read as 0, as typed or converted to base units"},
    {static_cast<int>(E::bad_expression), "bad_expression",
     "arithmetic that does not parse: an operator without a number, unbalanced parentheses, a function"},
    {static_cast<int>(E::division_by_zero), "division_by_zero", "a divisor that works out to 0"},
    {static_cast<int>(E::too_deep), "too_deep", "more nested parentheses and signs than kMaxExpressionDepth"},
    {static_cast<int>(E::mixed_units), "mixed_units",
     "units that cannot combine: GB + tok/s, GB × GB, a unit in an exponent"},
    {static_cast<int>(E::expression_not_allowed), "expression_not_allowed",
     "arithmetic typed where the question asks for the number itself"},
};

}  // namespace

Table<DimensionDeclaration> dimension_declarations() { return {kDimensions, std::size(kDimensions)}; }

Table<EnumDeclaration> parse_error_declarations() { return {kParseErrors, std::size(kParseErrors)}; }

const char* to_string(ParseError error) {
  const auto i = static_cast<std::size_t>(error);
  return i < std::size(kParseErrors) ? kParseErrors[i].name : "bad_number";
}

bool is_nothing_typed(ParseError error) { return error == ParseError::empty; }

}  // namespace llmbudget
