// Reading JSON text (RFC 8259) into a tree: objects, arrays, numbers (as
// doubles), strings, true, false and null. The writer is json_text.h; this is
// its reading side, used by the config.json importer (budget/hf_config.h).
//
// Errors are values, never exceptions (the wasm build has them off): a failed
// read gives the byte offset where the text stopped being JSON and a reason.
// Limits bound the work on hostile text: the text's size, the nesting depth and
// the length of one number literal. Within them the work is linear in the text
// (each byte is read once; a number literal of at most kMaxNumberChars
// characters is rounded by decimal_to_double).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "text/json_errors.h"

namespace llmbudget {
namespace json {

/// What a JSON value is.
enum class Kind { null_value = 0, boolean = 1, number = 2, string = 3, array = 4, object = 5 };

/// One JSON value. Only the members of its kind are meaningful:
/// boolean -> flag; number -> number (finite, correctly rounded, -0 kept);
/// string -> text (UTF-8, escapes resolved); array -> items in order;
/// object -> keys and items in the order written (items[i] is the value of keys[i]).
struct Value {
  Kind kind = Kind::null_value;
  bool flag = false;
  double number = 0;
  std::string text;
  std::vector<std::string> keys;
  std::vector<Value> items;

  /// The member named `key` of an object, or nullptr (also when this is no object).
  const Value* find(const char* key) const;
};

/// Bounds on what read_json accepts.
struct ReadLimits {
  std::size_t max_bytes = 1 << 20;  ///< longest text read, in bytes (1 MiB: a config.json is a few KB)
  int max_depth = 64;               ///< deepest nesting of arrays and objects (the top value is depth 1)
};

/// The longest number literal read, in characters ("1e400" is 5); a longer one is refused.
constexpr std::size_t kMaxNumberChars = 800;

/// Where and why a text is not JSON. `offset` is the byte index in the text
/// where reading stopped (0-based; text.size() when it ended too soon).
struct ReadError {
  std::size_t offset = 0;
  std::string reason;                 ///< one phrase, e.g. "expected ':' after an object key"
  JsonError kind = JsonError::empty;  ///< its declared kind (json_errors.h): reason is its pattern filled
  double limit = 0;                   ///< the {limit} of too_long, too_deep, number_too_long, else 0
  std::string key;                    ///< the {key} of duplicate_key (invisible characters escaped), else ""
};

/// The outcome of read_json: ok and value, or not ok and error.
struct ReadResult {
  bool ok = false;
  Value value;
  ReadError error;
};

/// Reads `text` as one JSON document: optional white space, one value,
/// optional white space, the end. A leading UTF-8 byte order mark is skipped.
/// Refused, with the offset and reason: text over limits.max_bytes, nesting
/// deeper than limits.max_depth, anything RFC 8259 does not allow (NaN,
/// Infinity, leading zeros, "+1", ".5", trailing commas, single quotes,
/// comments, unescaped control characters in strings), bytes that are not
/// UTF-8, lone surrogates in \u escapes, duplicate keys in one object, numbers
/// that overflow a double ("1e400") or round a nonzero value to 0 ("1e-400"),
/// and number literals over kMaxNumberChars characters.
ReadResult read_json(const std::string& text, const ReadLimits& limits = ReadLimits{});

/// The name of a kind, as a message says it: "null", "true or false", "a number",
/// "a string", "an array", "an object".
const char* kind_name(Kind kind);

}  // namespace json
}  // namespace llmbudget
