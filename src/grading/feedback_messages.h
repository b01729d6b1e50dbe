// The one declaration of every kind of sentence the answer checker writes: the
// feedback on a typed number (numeric_check.h) and on a selection of choices
// (choice_check.h), the phrases they share with the hint under an answer box
// (answer_hint.h: the tolerance, the digits it needs), the note on how an
// ambiguous separator was read, and the refusals of a question's grading
// settings. Each kind has a stable snake_case code and an English pattern with
// {placeholders}; a kind whose English depends on a count has a second pattern
// for a count of 1, chosen by the value {count}. The checker returns the
// English sentence and, beside it, the kinds and values it was written from
// (written_messages_json), so a page writes the same sentence in another
// language from its own pattern of the code ("core.feedback.<code>" in
// content/ui/<locale>.json).
//
// Values (reading/message_values.h, the same kinds as the refusals'): a number
// with the significant digits the English shows, a count (a number of options or
// digits: a value named {count} picks pattern_one when it is 1), text written as
// it is in every language, a unit symbol (in the locale's unit words on the page),
// a unit dimension (by its phrase, or its units for a name *_units, or its name
// for *_name), and a part: another kind with its own code and values (a
// tolerance phrase inside a sentence).
#pragma once

#include <string>
#include <vector>

#include "reading/message_values.h"
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
using FeedbackMessage = WrittenMessage;

/// The sentence of kind `code` with `values` (reading/message_values.h): the English pattern
/// (pattern_one when declared and {count} is 1) with each {name} replaced by the English of
/// the value of that name (a placeholder with no value stays as written), and the values as
/// JSON in the order given (write_message()).
FeedbackMessage feedback_message(FeedbackCode code, const std::vector<MessageValue>& values);

/// The English of several sentences: their texts joined by one space.
std::string feedback_text(const std::vector<FeedbackMessage>& parts);

}  // namespace llmbudget
