// The tree of an arithmetic answer: a recursive-descent parser over the
// tokens of expression_lexer.h, with the grammar of answer_expression.h
// (sum, product, signed, power, operand; units attached to the operand they
// follow, or to a whole power: "10^9 B"). Evaluation and the "as read" text
// are answer_expression.cpp's. Internal to the answer checker.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "reading/expression_lexer.h"

namespace llmbudget {
namespace detail {

enum class NodeKind { number, group, negate, add, subtract, multiply, divide, power, unit };

/// One node; children are indices into the same vector (-1 when absent).
struct Node {
  NodeKind kind = NodeKind::number;
  int a = -1;                       ///< operand (negate, group, unit) or left side
  int b = -1;                       ///< right side (binary operators)
  double value = 0;                 ///< number: thousands reading
  double alt_value = 0;             ///< number: decimal-comma reading
  bool superscript = false;         ///< power: the exponent was typed as superscript digits
  const UnitEntry* unit = nullptr;  ///< unit node: the unit, or
  const BitUnit* bits = nullptr;    ///< a bit unit
};

/// A parsed expression: `nodes` with `root`, or root = -1 with the reason.
struct ParsedExpression {
  std::vector<Node> nodes;
  int root = -1;
  ParseError error = ParseError::none;  ///< bad_expression or too_deep when root < 0
  std::string message;                  ///< one sentence for the student when root < 0
};

/// Parses tokens[0 .. count) (count <= tokens.size()). Nesting of parentheses,
/// signs and exponents is limited to kMaxExpressionDepth (too_deep); every
/// other refusal is bad_expression with its message. Work is O(count).
ParsedExpression parse_expression(const std::vector<ExpressionToken>& tokens, std::size_t count);

}  // namespace detail
}  // namespace llmbudget
