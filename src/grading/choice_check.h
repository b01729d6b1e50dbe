// Grading a selection of options for a choice question (single choice or
// select-all-that-apply). Messages give counts only, never which options
// are right. Never throws.
#pragma once

#include <string>
#include <vector>

namespace llmbudget {

/// A choice question: options are numbered 0..option_count-1.
/// Single-select (multiple = false): any one option of `correct` is right
/// (several may be defensible). Multi-select: the selection must equal `correct`.
struct ChoiceQuestion {
  int option_count = 0;      ///< in [1, 64]
  std::vector<int> correct;  ///< distinct indices in [0, option_count); non-empty for single-select
  bool multiple = false;
};

enum class ChoiceVerdict { correct = 0, partly = 1, wrong = 2, invalid = 3 };

/// The grade of one selection.
///  correct  single: the one selected option is in `correct`; multi: the sets are equal.
///  partly   multi only: at least one right option selected, but some missing or extra.
///  wrong    no selected option is right (or nothing selected when something was due).
///  invalid  the selection is malformed: an index outside [0, option_count), or
///           more than one option on a single-select question; `message` says which.
/// When ok is false the question itself is invalid (error_field / error_message).
struct ChoiceCheck {
  bool ok = false;
  std::string error_field;
  std::string error_message;
  ChoiceVerdict verdict = ChoiceVerdict::invalid;
  std::vector<int> missing;   ///< right options not selected, ascending
  std::vector<int> extra;     ///< selected options that are not right, ascending
  std::string message;        ///< counts only, never which options are right
  std::string message_kinds;  ///< `message` as declared kinds with their values (feedback_messages.h,
                              ///< written_messages_json: [{"code","params"}])
};

/// Grades `selected` (duplicates ignored) against `question`. Never throws.
ChoiceCheck check_choice_answer(const std::vector<int>& selected, const ChoiceQuestion& question);

}  // namespace llmbudget
