// The one declaration of every reason read_json() (json_reader.h) gives for a
// text that is not JSON: a stable code and its English pattern. The reader's
// reason is the pattern with its one placeholder, if any, filled: {limit} a
// number (the text's byte limit, the nesting limit, the longest number),
// {key} an object key as typed, invisible characters escaped. The codes start
// with "json_error_", apart from every other message's; the declaration JSON
// lists them with the core's messages (field_declarations_json.h), so a page
// can write a reason in another language ("core.message.<code>").
#pragma once

#include <string>

#include "text/table.h"

namespace llmbudget {
namespace json {

/// Every reason, in the order of json_error_declarations().
enum class JsonError {
  too_long,
  empty,
  text_after_value,
  ends_before_value,
  too_deep,
  nan_or_infinity,
  single_quotes,
  comment,
  bad_number_start,
  expected_value,
  ends_in_object,
  trailing_comma_object,
  expected_key,
  duplicate_key,
  expected_colon,
  expected_comma_object,
  trailing_comma_array,
  ends_in_array,
  expected_comma_array,
  ends_in_string,
  control_character,
  bad_unicode_escape,
  lone_low_surrogate,
  lone_high_surrogate,
  unknown_escape,
  not_utf8,
  minus_without_digit,
  leading_zero,
  point_without_digit,
  exponent_without_digit,
  number_too_long,
  number_too_large,
  number_too_small,
};

/// One reason: row i has value JsonError(i).
struct JsonErrorDeclaration {
  JsonError value;
  const char* code;     ///< stable name: "json_error_expected_value"
  const char* pattern;  ///< English, with at most one placeholder ({limit} or {key})
  const char* param;    ///< the placeholder's name ("limit", "key"), or "" when it has none
};

/// Every reason, in JsonError order.
Table<JsonErrorDeclaration> json_error_declarations();

/// The declaration of `error`.
const JsonErrorDeclaration& json_error(JsonError error);

/// The English reason: the pattern of `error` with its placeholder replaced by `value`
/// (a number as format_compact() writes it, or a key as given); `value` is ignored when
/// the pattern has none.
std::string json_error_text(JsonError error, const std::string& value = std::string());

}  // namespace json
}  // namespace llmbudget
