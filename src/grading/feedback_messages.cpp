// The answer checker's sentences; see feedback_messages.h.
#include "grading/feedback_messages.h"

#include <iterator>

#include "text/json_text.h"

namespace llmbudget {

namespace {

using F = FeedbackCode;

constexpr FeedbackDeclaration kFeedback[] = {
    {F::correct, "correct", "Correct.", nullptr},
    {F::not_right, "not_right", "Not right.", nullptr},
    {F::checked_within, "checked_within", "It is checked {tolerance}. Go through the working again.", nullptr},
    {F::expects_unit, "expects_unit",
     "This question asks for {dimension} ({dimension_units}); a bare number is read as {unit}.", nullptr},
    {F::expects_plain, "expects_plain", "This question asks for {dimension}.", nullptr},
    {F::expects_plain_unit, "expects_plain_unit",
     "This question asks for {dimension}; a bare number is read as {unit}.", nullptr},
    // The reader's reason (reading_declarations.h: {parse_error} its name, {reason} its English).
    {F::not_read, "not_read", "{reason}", nullptr},
    {F::number_not_working, "number_not_working",
     "This question asks for the number itself, not the working: work out {expression} and type the result.", nullptr},
    {F::bits_named, "bits_named", "{bit_unit} is {bit_name} (8 bits = 1 byte);", nullptr},
    {F::bits_write_bytes, "bits_write_bytes",
     "this question asks for a memory size in bytes: write {bytes_symbol} (capital B) for {bytes_name}.", nullptr},
    {F::other_dimension, "other_dimension", "Wrong kind of unit: {typed_unit} measures {typed_dimension}.", nullptr},
    {F::unit_would_fit, "unit_would_fit",
     "The number would be right in a different unit: check the unit ({typed_unit}).", nullptr},
    {F::bare_would_fit, "bare_would_fit",
     "A bare number is read as {unit} here, and your number would be right in a different unit: add the unit you "
     "meant.",
     nullptr},
    {F::scale_would_fit, "scale_would_fit",
     "Your number would be right on a different scale (a fraction versus a percentage): check the form the question "
     "asks for.",
     nullptr},
    {F::close_rounded, "close_rounded",
     "Close, but rounded too far: this question wants {dimension} {tolerance}. Keep more digits through the working "
     "and round only at the end.",
     nullptr},
    {F::close_rounded_digits, "close_rounded_digits",
     "Close, but rounded too far: this question wants {dimension} {tolerance}, so {digits}. Keep more digits through "
     "the working and round only at the end.",
     nullptr},
    {F::close_off, "close_off",
     "Close, but off by about {off}: this question wants {dimension} {tolerance}. Check each number in the working.",
     nullptr},
    {F::close_off_unit, "close_off_unit",
     "Close, but off by about {off} {unit}: this question wants {dimension} {tolerance}. Check each number in the "
     "working.",
     nullptr},
    {F::tolerance_relative_absolute, "tolerance_relative_absolute",
     "to within {percent} % or \xC2\xB1{tolerance}, whichever is larger", nullptr},
    {F::tolerance_relative_absolute_unit, "tolerance_relative_absolute_unit",
     "to within {percent} % or \xC2\xB1{tolerance} {unit}, whichever is larger", nullptr},
    {F::tolerance_relative, "tolerance_relative", "to within {percent} %", nullptr},
    {F::tolerance_absolute, "tolerance_absolute", "to within \xC2\xB1{tolerance}", nullptr},
    {F::tolerance_absolute_unit, "tolerance_absolute_unit", "to within \xC2\xB1{tolerance} {unit}", nullptr},
    {F::tolerance_exact, "tolerance_exact", "exactly", nullptr},
    {F::digits_whole, "digits_whole", "a whole number is enough", nullptr},
    {F::digits_decimals, "digits_decimals", "keep {count} decimals", "keep {count} decimal"},
    {F::digits_significant, "digits_significant", "keep {count} significant digits", "keep {count} significant digit"},
    {F::read_decimal_comma, "read_decimal_comma", "(comma read as a decimal comma)", nullptr},
    {F::read_comma_grouping, "read_comma_grouping", "(comma read as a thousands separator)", nullptr},
    {F::read_decimal_point, "read_decimal_point", "(point read as a decimal point)", nullptr},
    {F::read_point_grouping, "read_point_grouping", "(point read as a thousands separator)", nullptr},
    {F::setting_dimension, "setting_dimension", "dimension must be one of {names} (got {value})", nullptr},
    {F::setting_expected, "setting_expected", "expected must be a finite number (got {value})", nullptr},
    {F::setting_default_unit, "setting_default_unit",
     "default_unit must be a unit of {dimension_name}: {dimension_units} (got \"{text}\")", nullptr},
    {F::setting_relative_tolerance, "setting_relative_tolerance",
     "relative_tolerance must be from 0 to 1 (got {value})", nullptr},
    {F::setting_absolute_tolerance, "setting_absolute_tolerance",
     "absolute_tolerance must be a finite number >= 0 (got {value})", nullptr},
    {F::setting_close_relative_tolerance, "setting_close_relative_tolerance",
     "close_relative_tolerance must be from 0 to 1 (got {value})", nullptr},
    {F::choice_out_of_range, "choice_out_of_range",
     "The selection names option {option}, but options are numbered 0 to {last}.", nullptr},
    {F::choice_pick_one, "choice_pick_one", "Pick one option only.", nullptr},
    {F::choice_none_single, "choice_none_single", "No option selected: pick one.", nullptr},
    {F::choice_not_best, "choice_not_best", "Not the best choice here; think about which term dominates the budget.",
     nullptr},
    {F::choice_none_multiple, "choice_none_multiple", "No option selected: select every option that applies.", nullptr},
    {F::choice_none_apply, "choice_none_apply", "Not right: none of your choices is one that applies.", nullptr},
    {F::choice_right_count, "choice_right_count", "{count} of your {picked} choices are right",
     "{count} of your {picked} choices is right"},
    {F::choice_extra_count, "choice_extra_count", "{count} are not", "{count} is not"},
    {F::choice_missing_count, "choice_missing_count", "{count} right options are missing",
     "{count} right option is missing"},
    {F::choice_partly_extra, "choice_partly_extra", "Partly right: {right}, {extra}.", nullptr},
    {F::choice_partly_missing, "choice_partly_missing", "Partly right: {right}, and {missing}.", nullptr},
    {F::choice_partly_extra_missing, "choice_partly_extra_missing", "Partly right: {right}, {extra}, and {missing}.",
     nullptr},
};

constexpr bool in_code_order() {
  for (std::size_t i = 0; i < std::size(kFeedback); ++i) {
    if (static_cast<std::size_t>(kFeedback[i].value) != i) return false;
  }
  return true;
}
static_assert(in_code_order(), "kFeedback must list every FeedbackCode once, in enum order");
static_assert(static_cast<std::size_t>(F::choice_partly_extra_missing) + 1 == std::size(kFeedback),
              "one row per FeedbackCode");

}  // namespace

Table<FeedbackDeclaration> feedback_declarations() { return {kFeedback, std::size(kFeedback)}; }

std::string feedback_declarations_json() {
  std::string out;
  json::add_object_array(out, feedback_declarations(), [&out](const FeedbackDeclaration& d) {
    add_declaration_members(out, d.code, d.pattern, d.pattern_one);
  });
  return out;
}

FeedbackMessage feedback_message(FeedbackCode code, const std::vector<MessageValue>& values) {
  const FeedbackDeclaration& d = kFeedback[static_cast<std::size_t>(code)];
  return write_message(d.code, d.pattern, d.pattern_one, values);
}

std::string feedback_text(const std::vector<FeedbackMessage>& parts) {
  std::string out;
  for (const FeedbackMessage& m : parts) out += (out.empty() ? "" : " ") + m.text;
  return out;
}

}  // namespace llmbudget
