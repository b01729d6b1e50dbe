// The values of a declared message, and the one way the core writes such a
// message. Every kind of sentence the core writes is declared once with a stable
// snake_case code and an English pattern with {placeholders}: the refusals of
// inputs and the importer's notes (budget/input_messages.h, budget/import_notes.h),
// the simulation's refusals, and the answer checker's sentences
// (grading/feedback_messages.h). A message of such a kind is its pattern filled
// with MessageValues (fill_message: the English) and, beside it, the same values
// as one JSON object (message_values_json), from which the page writes the
// sentence in another language from its own pattern of the code.
//
// Values, by kind (the page treats each kind the same way in every pattern):
//   number     a number; in English and in JSON with `digits` significant digits
//              (format_significant), or with digits 0 as format_compact writes it
//              (1e6, 0.5); not finite: its English text ("NaN", "Infinity") as a
//              JSON string
//   count      a whole number; in English with thousands separators
//              (format_grouped: "8,030,261,248"), in JSON as format_compact
//   text       text written as it is in every language (a field's name, typed
//              text quoted, a config.json key)
//   unit       a unit symbol of the unit table ("GB", "tokens"); in English as
//              unit_display writes it ("tokens per pass"), in JSON the symbol
//   dimension  a unit dimension, in JSON by its declared name ("bytes"); in
//              English by its phrase ("a memory size") or, for a value named
//              *_units, by its units ("B, KB, ... or TiB"), or, for a value
//              named *_name, by its name
//   message    another declared message standing for the placeholder with no
//              values of its own (a hint, a JSON value's kind): in English its
//              pattern, in JSON its code
//   part       another message with its own code and values (a tolerance phrase
//              inside a sentence): in English its sentence, in JSON
//              {"code", "params"}
//   refusal    a refusal this message wraps: in English its sentence, in JSON
//              {"field", "error", "code", "params"} (code "" and params {} when
//              it has no declared kind)
// A value named "count" (a number or a count) picks a kind's pattern for one
// when it is 1 (pattern_for).
#pragma once

#include <string>
#include <vector>

#include "reading/unit_table.h"

namespace llmbudget {

/// One value of a declared message; made by the *_value functions below.
struct MessageValue {
  enum class Kind { number, count, text, unit, dimension, message, part, refusal };
  const char* name;  ///< the placeholder it fills, without braces ("min"); a string literal
  Kind kind;
  double number;            ///< number, count
  int digits;               ///< number: significant digits (1..15), or 0 for format_compact
  std::string text;         ///< text; unit symbol; message: its English pattern; part, refusal: its English
  UnitDimension dimension;  ///< dimension
  std::string code;         ///< message, part, refusal: the code of its kind ("" for a refusal with none)
  std::string field;        ///< refusal: the field it refuses
  std::string params_json;  ///< part, refusal: its values as one JSON object ("" for none)
};

/// A written message of a declared kind: its code, its English text and its values as one JSON
/// object (message_values_json): an importer's note, the answer checker's sentence or phrase.
struct WrittenMessage {
  std::string code;
  std::string text;
  std::string params_json;
};

/// A number, written with `digits` significant digits (1..15), or with digits 0 as
/// format_compact writes it ("0.5", "1e6"); the JSON carries the digits the English shows.
MessageValue number_value(const char* name, double value, int digits = 0);

/// A whole number: "8,030,261,248" in English (format_grouped), 8030261248 in JSON.
MessageValue count_value(const char* name, double value);

/// Text written as it is in every language (field names, labels, typed text as quoted).
MessageValue text_value(const char* name, std::string text);

/// A unit symbol of the unit table ("GB", "tokens"): "tokens per pass" in English (unit_display).
MessageValue unit_value(const char* name, const std::string& symbol);

/// A unit dimension: in English its phrase, or its units for a name ending in "_units", or its
/// name for a name ending in "_name"; its name in JSON.
MessageValue dimension_value(const char* name, UnitDimension dimension);

/// A declared message with no values standing for a placeholder (a hint, a JSON value's kind):
/// `pattern` (English) in the text, `code` in JSON.
MessageValue message_value(const char* name, const char* code, const char* pattern);

/// Another written message standing for a placeholder (a phrase inside a sentence): its
/// English text in the text, {"code", "params"} in JSON.
MessageValue part_value(const char* name, const WrittenMessage& part);

/// A refusal this message wraps: `error` (its English) in the text; in JSON
/// {"field", "error", "code", "params"}, with params {} when `params_json` is empty.
MessageValue refusal_value(const char* name, std::string field, std::string error, std::string code,
                           std::string params_json);

/// The English of one value, as fill_message() writes it (see the kinds above).
std::string value_in_english(const MessageValue& value);

/// `pattern` with each {name} replaced by the English of the value of that name (the last
/// one of a name wins); a placeholder with no value stays as written ("{x}": the tests check
/// every pattern's placeholders against its values).
std::string fill_message(const char* pattern, const std::vector<MessageValue>& values);

/// The values as one JSON object, in the order given:
/// {"field":"batch","min":1,"max":1e6,"value":0.5} (see the kinds above for each one's shape).
std::string message_values_json(const std::vector<MessageValue>& values);

/// `pattern_one` when it is declared (not null) and a value named "count" (a number or a
/// count) is 1, else `pattern`: the English pattern of a kind with a plural.
const char* pattern_for(const char* pattern, const char* pattern_one, const std::vector<MessageValue>& values);

/// The message of the kind `code` with `values`: pattern_for(pattern, pattern_one, values)
/// filled by fill_message(), and message_values_json(values).
WrittenMessage write_message(const char* code, const char* pattern, const char* pattern_one,
                             const std::vector<MessageValue>& values);

/// Several written messages as one JSON array, in order: [{"code":"not_right","params":{}}, ...]
/// (the checker's sentences of an answer, the importer's note kinds).
std::string written_messages_json(const std::vector<WrittenMessage>& messages);

/// Appends the members of one declared kind's row, "code":code,"pattern":pattern and, when
/// `pattern_one` is not null, "one":pattern_one (each with its trailing comma, as text/json_text.h
/// writes members): the row shape of every declaration list of messages the page reads.
void add_declaration_members(std::string& out, const char* code, const char* pattern, const char* pattern_one);

}  // namespace llmbudget
