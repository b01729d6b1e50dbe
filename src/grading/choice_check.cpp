// Grading choice answers; rules in choice_check.h.
#include "grading/choice_check.h"

#include <string>

#include "budget/field_checks.h"
#include "text/number_text.h"

namespace llmbudget {

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
      out.message = "The selection names option " + format_compact(static_cast<double>(s)) +
                    ", but options are numbered 0 to " +
                    format_compact(static_cast<double>(question.option_count - 1)) + ".";
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
      out.message = "Pick one option only.";
      return out;
    }
    if (picked_count == 0) {
      out.verdict = ChoiceVerdict::wrong;
      out.message = "No option selected: pick one.";
      return out;
    }
    // Several answers may be defensible: one right pick is enough.
    out.missing.clear();
    out.verdict = right_picked == 1 ? ChoiceVerdict::correct : ChoiceVerdict::wrong;
    out.message =
        right_picked == 1 ? "Correct." : "Not the best choice here; think about which term dominates the budget.";
    return out;
  }

  if (out.missing.empty() && out.extra.empty()) {
    out.verdict = ChoiceVerdict::correct;
    out.message = "Correct.";
  } else if (right_picked > 0) {
    out.verdict = ChoiceVerdict::partly;
    out.message = "Partly right: " + format_compact(static_cast<double>(right_picked)) + " of your " +
                  format_compact(static_cast<double>(picked_count)) + " choices " + (right_picked == 1 ? "is" : "are") +
                  " right";
    if (!out.extra.empty())
      out.message += ", " + format_compact(static_cast<double>(out.extra.size())) + " " +
                     (out.extra.size() == 1 ? "is" : "are") + " not";
    if (!out.missing.empty())
      out.message += ", and " + format_compact(static_cast<double>(out.missing.size())) + " right option" +
                     (out.missing.size() == 1 ? " is" : "s are") + " missing";
    out.message += ".";
  } else if (picked_count == 0) {
    out.verdict = ChoiceVerdict::wrong;
    out.message = "No option selected: select every option that applies.";
  } else {
    out.verdict = ChoiceVerdict::wrong;
    out.message = "Not right: none of your choices is one that applies.";
  }
  return out;
}

}  // namespace llmbudget
