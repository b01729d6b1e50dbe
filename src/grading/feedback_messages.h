// The one declaration of every kind of sentence the answer checker writes: the
// feedback on a typed number (numeric_check.h) and on a selection of choices
// (choice_check.h), the phrases they share with the hint under an answer box
// (answer_hint.h: the tolerance, the digits it needs), the note on how an
// ambiguous separator was read, and the refusals of a question's grading
// settings. Each kind has a stable snake_case code and an English pattern with
// {placeholders}; a kind whose English depends on a count has a second pattern
// for a count of 1, chosen by the value {count}. The checker returns the
// English sentence and, beside it, the kinds and values it was written from
// (feedback_messages_json), so a page writes the same sentence in another
// language from its own pattern of the code ("grading.<code>" in
// content/ui/<locale>.json).
//
// Values, by kind (the page treats each kind the same way in every pattern):
//   number     a number, in English as format_significant(v, digits) writes it
//              (digits 0: format_compact); in JSON the same digits, so the page
//              shows the value the English shows, written for its locale
//   count      a whole number, in English as format_compact writes it; {count}
//              picks pattern_one when it is 1
//   text       text written as it is in every language (typed text, an
//              arithmetic as read, a list of declared names)
//   unit       a unit symbol of the unit table ("GB", "tokens"); in English as
//              unit_display writes it ("tokens per pass"), on the page in the
//              locale's unit words
//   dimension  a unit dimension (reading_declarations.h), in JSON by its name
//              ("bytes"); in English by its phrase ("a memory size") or, for a
//              value named *_units, by its units ("B, KB, ... or TiB"), or,
//              for a value named *_name, by its name
//   part       another kind with its own code and values (a tolerance phrase
//              inside a sentence): in English its sentence, in JSON
//              {"code", "params"}
#pragma once

#include <string>
#include <vector>

#include "reading/unit_table.h"
#include "text/table.h"

namespace llmbudget {

/// Every declared feedback kind, in the order of feedback_declarations().
enum class FeedbackCode {
  // The verdict's lead and the numeric checker's sentences.
  correct,
  not_right,
  checked_within,
  expects_unit,
  expects_plain,
  expects_plain_unit,
  not_read,
  number_not_working,
  bits_named,
  bits_write_bytes,
  other_dimension,
  unit_would_fit,
  bare_would_fit,
  scale_would_fit,
  close_rounded,
  close_rounded_digits,
  close_off,
  close_off_unit,
  // Phrases inside a sentence: the tolerance and the digits it needs.
  tolerance_relative_absolute,
  tolerance_relative_absolute_unit,
  tolerance_relative,
  tolerance_absolute,
  tolerance_absolute_unit,
  tolerance_exact,
  digits_whole,
  digits_decimals,
  digits_significant,
  // How an ambiguous separator was read (after the reading of the answer).
  read_decimal_comma,
  read_comma_grouping,
  read_decimal_point,
  read_point_grouping,
  // Refusals of a numeric question's grading settings.
  setting_dimension,
  setting_expected,
  setting_default_unit,
  setting_relative_tolerance,
  setting_absolute_tolerance,
  setting_close_relative_tolerance,
  // The choice checker's sentences.
  choice_out_of_range,
  choice_pick_one,
  choice_none_single,
  choice_not_best,
  choice_none_multiple,
  choice_none_apply,
  choice_right_count,
  choice_extra_count,
  choice_missing_count,
  choice_partly_extra,
  choice_partly_missing,
  choice_partly_extra_missing,
};

/// One feedback kind: row i has code FeedbackCode(i).
struct FeedbackDeclaration {
  FeedbackCode value;
  const char* code;         ///< stable name, snake_case: "close_rounded"
  const char* pattern;      ///< English, with {placeholders}
  const char* pattern_one;  ///< English when {count} is 1, or nullptr (the one pattern for every count)
};

/// Every feedback kind, in FeedbackCode order.
Table<FeedbackDeclaration> feedback_declarations();

/// Every feedback kind as JSON: [{"code","pattern"[,"one"]}, ...] in FeedbackCode order
/// ("one": pattern_one, when declared).
std::string feedback_declarations_json();

/// One written sentence (or phrase) of a declared kind: its code, its English
/// text and its values as one JSON object ({"tolerance":0.1,"unit":"GB"}).
struct FeedbackMessage {
  std::string code;
  std::string text;
  std::string params_json;
};

/// One value of a feedback kind; made by the *_value functions below.
struct FeedbackValue {
  enum class Kind { number, count, text, unit, dimension, part };
  const char* name;
  Kind kind;
  double number;
  int digits;               ///< number: significant digits (1..15), 0 for format_compact
  std::string text;         ///< text; unit symbol; part: its English
  UnitDimension dimension;  ///< dimension
  std::string code;         ///< part: its code
  std::string params_json;  ///< part: its values
};

/// A number, written with `digits` significant digits (0: format_compact).
FeedbackValue number_value(const char* name, double value, int digits);
/// A whole number; {count} picks a kind's pattern_one when it is 1.
FeedbackValue count_value(const char* name, double value);
/// Text written as it is in every language.
FeedbackValue text_value(const char* name, std::string text);
/// A unit symbol of the unit table ("GB", "tokens").
FeedbackValue unit_value(const char* name, const std::string& symbol);
/// A unit dimension: its phrase, or its units for a name ending in "_units",
/// or its name for a name ending in "_name".
FeedbackValue dimension_value(const char* name, UnitDimension dimension);
/// Another kind standing for a placeholder (a phrase inside a sentence).
FeedbackValue part_value(const char* name, const FeedbackMessage& part);

/// The sentence of kind `code` with `values`: the English pattern (pattern_one
/// when declared and {count} is 1) with each {name} replaced by the English of
/// the value of that name (a placeholder with no value stays as written), and
/// the values as JSON in the order given.
FeedbackMessage feedback_message(FeedbackCode code, const std::vector<FeedbackValue>& values);

/// The English of several sentences: their texts joined by one space.
std::string feedback_text(const std::vector<FeedbackMessage>& parts);

/// Several sentences as JSON: [{"code":"not_right","params":{}}, ...], in order.
std::string feedback_messages_json(const std::vector<FeedbackMessage>& parts);

}  // namespace llmbudget
