// Checking a student's typed answers: the umbrella header for callers that
// use the whole answer checker (the Embind table, quiz_variant, the tests).
//
//   unit_table.h     the units an answer may carry and their factors
//   utf8_text.h      UTF-8 validation, control/invisible characters, "[U+XXXX]"
//   decimal_scan.h   the number lexer (separators, grouping, exponent)
//   quantity.h       parse_quantity: "about" prefix + signed number + unit
//   expression_lexer.h, expression_parser.h, answer_expression.h
//                    read_answer: a plain number, or
//                    arithmetic ("2 × 6.5 GB", "(1 − 0.9^5)/(1 − 0.9)")
//   numeric_check.h  check_numeric_answer: verdict and feedback for a number
//   answer_hint.h    numeric_answer_hint: the hint under an answer box, in the
//                    question's unit and tolerance
//   choice_check.h   check_choice_answer: verdict and feedback for a selection
//   reading_declarations.h, grading_declarations.h
//                    the names of dimensions, parse errors, verdicts and step kinds
//   feedback_messages.h
//                    the kinds of sentence the checkers write, with their values
#pragma once

#include "grading/answer_hint.h"
#include "grading/choice_check.h"
#include "grading/feedback_messages.h"
#include "grading/grading_declarations.h"
#include "grading/numeric_check.h"
#include "reading/answer_expression.h"
#include "reading/quantity.h"
#include "reading/reading_declarations.h"
#include "reading/unit_table.h"
#include "text/utf8_text.h"
