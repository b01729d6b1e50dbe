// Grading choice answers; rules in choice_check.h.
#include "grading/choice_check.h"

#include <string>

#include "budget/field_checks.h"
#include "grading/feedback_messages.h"
#include "text/number_text.h"

namespace llmbudget {

namespace {

// The check's message and its kind from `m`.
void say(ChoiceCheck& out, const FeedbackMessage& m) {
  out.message = m.text;
  out.message_kinds = written_messages_json({m});
}

double count_of(std::size_t n) { return static_cast<double>(n); }

}  // namespace

ChoiceCheck check_choice_answer(const std::vector<int>& selected, const ChoiceQuestion& question) {
  ChoiceCheck out;
  if (auto e = detail::check_value("option_count", question.option_count, 1, 64, false, true)) {
    out.error_field = e->field;
    out.error_message = e->message;
    return out;
  }
  std::vector<bool> is_right(static_cast<std::size_t>(question.option_count), false);
  for (int c : question.correct) {
    if (c < 0 || c >= question.option_count || is_right[static_cast<std::size_t>(c)]) {
      out.error_field = "correct";
      out.error_message = "correct must hold distinct option indices from 0 to " +
                          format_compact(static_cast<double>(question.option_count - 1)) + " (got " +
                          format_compact(static_cast<double>(c)) + ")";
      return out;
    }
    is_right[static_cast<std::size_t>(c)] = true;
  }
  if (!question.multiple && question.correct.empty()) {
    out.error_field = "correct";
    out.error_message = "correct must name at least one option for a single-choice question";
    return out;
  }
  out.ok = true;

  // The selection: indices checked before anything else, duplicates ignored.
  std::vector<bool> picked(static_cast<std::size_t>(question.option_count), false);
  for (int s : selected) {
    if (s < 0 || s >= question.option_count) {
      out.verdict = ChoiceVerdict::invalid;
      say(out, feedback_message(FeedbackCode::choice_out_of_range,
                                {number_value("option", s), count_value("last", question.option_count - 1)}));
      return out;
    }
    picked[static_cast<std::size_t>(s)] = true;
  }
  int picked_count = 0, right_picked = 0;
  for (std::size_t i = 0; i < picked.size(); ++i) {
    picked_count += picked[i] ? 1 : 0;
    if (picked[i] && is_right[i]) ++right_picked;
    if (is_right[i] && !picked[i]) out.missing.push_back(static_cast<int>(i));
    if (picked[i] && !is_right[i]) out.extra.push_back(static_cast<int>(i));
  }

  if (!question.multiple) {
    if (picked_count > 1) {
      out.verdict = ChoiceVerdict::invalid;
      say(out, feedback_message(FeedbackCode::choice_pick_one, {}));
      return out;
    }
    if (picked_count == 0) {
      out.verdict = ChoiceVerdict::wrong;
      say(out, feedback_message(FeedbackCode::choice_none_single, {}));
      return out;
    }
    // Several answers may be defensible: one right pick is enough.
    out.missing.clear();
    out.verdict = right_picked == 1 ? ChoiceVerdict::correct : ChoiceVerdict::wrong;
    say(out, feedback_message(right_picked == 1 ? FeedbackCode::correct : FeedbackCode::choice_not_best, {}));
    return out;
  }

  using F = FeedbackCode;
  if (out.missing.empty() && out.extra.empty()) {
    out.verdict = ChoiceVerdict::correct;
    say(out, feedback_message(F::correct, {}));
  } else if (right_picked > 0) {
    out.verdict = ChoiceVerdict::partly;
    // How many are right, extra and missing: each a phrase with its own count.
    const MessageValue right = part_value(
        "right", feedback_message(F::choice_right_count,
                                  {count_value("count", right_picked), count_value("picked", picked_count)}));
    const MessageValue extra = part_value(
        "extra", feedback_message(F::choice_extra_count, {count_value("count", count_of(out.extra.size()))}));
    const MessageValue missing = part_value(
        "missing", feedback_message(F::choice_missing_count, {count_value("count", count_of(out.missing.size()))}));
    if (out.missing.empty())
      say(out, feedback_message(F::choice_partly_extra, {right, extra}));
    else if (out.extra.empty())
      say(out, feedback_message(F::choice_partly_missing, {right, missing}));
    else
      say(out, feedback_message(F::choice_partly_extra_missing, {right, extra, missing}));
  } else if (picked_count == 0) {
    out.verdict = ChoiceVerdict::wrong;
    say(out, feedback_message(F::choice_none_multiple, {}));
  } else {
    out.verdict = ChoiceVerdict::wrong;
    say(out, feedback_message(F::choice_none_apply, {}));
  }
  return out;
}

}  // namespace llmbudget
