#include "text/json_errors.h"

namespace llmbudget {
namespace json {

namespace {

using E = JsonError;

constexpr JsonErrorDeclaration kErrors[] = {
    {E::too_long, "json_error_too_long", "the text is longer than {limit} bytes", "limit"},
    {E::empty, "json_error_empty", "no JSON value (the text is empty)", ""},
    {E::text_after_value, "json_error_text_after_value", "text after the end of the JSON value", ""},
    {E::ends_before_value, "json_error_ends_before_value", "the text ends where a value should start", ""},
    {E::too_deep, "json_error_too_deep", "nested deeper than {limit} arrays and objects", "limit"},
    {E::nan_or_infinity, "json_error_nan_or_infinity", "NaN and Infinity are not JSON numbers", ""},
    {E::single_quotes, "json_error_single_quotes", "strings must be in double quotes", ""},
    {E::comment, "json_error_comment", "JSON has no comments", ""},
    {E::bad_number_start, "json_error_bad_number_start", "a number must start with a digit or '-'", ""},
    {E::expected_value, "json_error_expected_value",
     "expected a value (an object, array, string, number, true, false or null)", ""},
    {E::ends_in_object, "json_error_ends_in_object", "the text ends inside an object", ""},
    {E::trailing_comma_object, "json_error_trailing_comma_object", "a comma before '}' (trailing commas are not JSON)",
     ""},
    {E::expected_key, "json_error_expected_key", "expected an object key in double quotes", ""},
    {E::duplicate_key, "json_error_duplicate_key", "the key \"{key}\" appears twice in one object", "key"},
    {E::expected_colon, "json_error_expected_colon", "expected ':' after an object key", ""},
    {E::expected_comma_object, "json_error_expected_comma_object", "expected ',' or '}' in an object", ""},
    {E::trailing_comma_array, "json_error_trailing_comma_array", "a comma before ']' (trailing commas are not JSON)",
     ""},
    {E::ends_in_array, "json_error_ends_in_array", "the text ends inside an array", ""},
    {E::expected_comma_array, "json_error_expected_comma_array", "expected ',' or ']' in an array", ""},
    {E::ends_in_string, "json_error_ends_in_string", "the text ends inside a string", ""},
    {E::control_character, "json_error_control_character", "a control character inside a string must be escaped", ""},
    {E::bad_unicode_escape, "json_error_bad_unicode_escape", "\\u must be followed by four hex digits", ""},
    {E::lone_low_surrogate, "json_error_lone_low_surrogate", "a low surrogate without a high one before it", ""},
    {E::lone_high_surrogate, "json_error_lone_high_surrogate", "a high surrogate without a low one after it", ""},
    {E::unknown_escape, "json_error_unknown_escape", "an unknown escape in a string", ""},
    {E::not_utf8, "json_error_not_utf8", "bytes that are not UTF-8", ""},
    {E::minus_without_digit, "json_error_minus_without_digit", "'-' must be followed by a digit", ""},
    {E::leading_zero, "json_error_leading_zero", "a number may not have a leading zero", ""},
    {E::point_without_digit, "json_error_point_without_digit", "a decimal point must be followed by a digit", ""},
    {E::exponent_without_digit, "json_error_exponent_without_digit", "an exponent must have a digit", ""},
    {E::number_too_long, "json_error_number_too_long", "a number longer than {limit} characters", "limit"},
    {E::number_too_large, "json_error_number_too_large", "a number too large for a double", ""},
    {E::number_too_small, "json_error_number_too_small", "a nonzero number too small for a double (it reads as 0)", ""},
};

constexpr bool in_order() {
  for (std::size_t i = 0; i < sizeof(kErrors) / sizeof(kErrors[0]); ++i) {
    if (static_cast<std::size_t>(kErrors[i].value) != i) return false;
  }
  return true;
}
static_assert(in_order(), "kErrors must list every JsonError once, in enum order");
static_assert(static_cast<std::size_t>(E::number_too_small) + 1 == sizeof(kErrors) / sizeof(kErrors[0]),
              "one row per JsonError");

}  // namespace

Table<JsonErrorDeclaration> json_error_declarations() { return {kErrors, sizeof(kErrors) / sizeof(kErrors[0])}; }

const JsonErrorDeclaration& json_error(JsonError error) { return kErrors[static_cast<std::size_t>(error)]; }

std::string json_error_text(JsonError error, const std::string& value) {
  const JsonErrorDeclaration& d = json_error(error);
  std::string out = d.pattern;
  if (d.param[0] == '\0') return out;
  const std::string placeholder = std::string("{") + d.param + "}";
  const std::size_t at = out.find(placeholder);
  if (at != std::string::npos) out.replace(at, placeholder.size(), value);
  return out;
}

}  // namespace json
}  // namespace llmbudget
