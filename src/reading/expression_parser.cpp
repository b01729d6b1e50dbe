// The parser of arithmetic answers; grammar in answer_expression.h.
#include "reading/expression_parser.h"

#include "reading/answer_expression.h"

namespace llmbudget {
namespace detail {

namespace {

struct Failure {
  ParseError error = ParseError::none;
  std::string message;
};

class Parser {
 public:
  Parser(const std::vector<ExpressionToken>& tokens, std::size_t count) : tokens_(tokens), count_(count) {}

  // The root node of the whole token list, or -1 with `failure` set.
  int parse() {
    const int root = sum();
    if (root >= 0 && pos_ < count_) {
      const TokenKind k = tokens_[pos_].kind;
      if (k == TokenKind::close) return fail(ParseError::bad_expression, "A \")\" has no \"(\" to close.");
      return fail(
          ParseError::bad_expression,
          "Two numbers stand side by side: write the operator between them (2 \xC3\x97 (3 + 4), not 2(3 + 4)).");
    }
    return root;
  }

  std::vector<Node> nodes;
  Failure failure;

 private:
  int fail(ParseError e, const char* message) {
    if (failure.error == ParseError::none) failure = Failure{e, message};
    return -1;
  }
  bool peek(TokenKind k) const { return pos_ < count_ && tokens_[pos_].kind == k; }
  int add(Node n) {
    nodes.push_back(n);
    return static_cast<int>(nodes.size()) - 1;
  }
  int binary(NodeKind kind, int a, int b) {
    Node n;
    n.kind = kind;
    n.a = a;
    n.b = b;
    return add(n);
  }
  bool enter() { return ++depth_ <= kMaxExpressionDepth; }

  int sum() {
    int left = product();
    while (left >= 0 && (peek(TokenKind::plus) || peek(TokenKind::minus))) {
      const NodeKind kind = tokens_[pos_++].kind == TokenKind::plus ? NodeKind::add : NodeKind::subtract;
      const int right = product();
      if (right < 0) return -1;
      left = binary(kind, left, right);
    }
    return left;
  }

  int product() {
    int left = signed_operand();
    while (left >= 0 && (peek(TokenKind::times) || peek(TokenKind::divide))) {
      const NodeKind kind = tokens_[pos_++].kind == TokenKind::times ? NodeKind::multiply : NodeKind::divide;
      const int right = signed_operand();
      if (right < 0) return -1;
      left = binary(kind, left, right);
    }
    return left;
  }

  int signed_operand() {
    if (peek(TokenKind::plus) || peek(TokenKind::minus)) {
      const bool minus = tokens_[pos_++].kind == TokenKind::minus;
      if (!enter()) return fail(ParseError::too_deep, too_deep_message());
      const int inner = signed_operand();
      --depth_;
      if (inner < 0 || !minus) return inner;  // a unary plus changes nothing
      Node n;
      n.kind = NodeKind::negate;
      n.a = inner;
      return add(n);
    }
    return power();
  }

  int power() {
    const int base = operand();
    if (base < 0 || !peek(TokenKind::power)) return base;
    ++pos_;
    if (!enter()) return fail(ParseError::too_deep, too_deep_message());
    // A unit after the exponent belongs to the power ("10^9 B" is 10^9 bytes),
    // so the exponent's operands leave it alone.
    const bool outer = in_exponent_;
    in_exponent_ = true;
    const int exponent = signed_operand();  // right-associative through operand -> power
    in_exponent_ = outer;
    --depth_;
    if (exponent < 0) return -1;
    const int node = binary(NodeKind::power, base, exponent);
    return in_exponent_ ? node : with_unit(node);
  }

  // `node` followed by the unit token at pos_, if there is one.
  int with_unit(int node) {
    if (!peek(TokenKind::unit)) return node;
    Node u;
    u.kind = NodeKind::unit;
    u.a = node;
    u.unit = tokens_[pos_].unit;
    u.bits = tokens_[pos_].bits;
    ++pos_;
    return add(u);
  }

  int operand() {
    int node = -1;
    if (pos_ >= count_)
      return fail(ParseError::bad_expression,
                  "The answer ends with an operator: finish the working or take the operator away.");
    const ExpressionToken& t = tokens_[pos_];
    if (t.kind == TokenKind::number) {
      ++pos_;
      Node n;
      n.value = t.value;
      n.alt_value = t.alt_value;
      node = add(n);
    } else if (t.kind == TokenKind::open) {
      ++pos_;
      if (!enter()) return fail(ParseError::too_deep, too_deep_message());
      const bool outer = in_exponent_;
      in_exponent_ = false;  // inside parentheses units attach as usual
      const int inner = sum();
      in_exponent_ = outer;
      --depth_;
      if (inner < 0) return -1;
      if (!peek(TokenKind::close)) return fail(ParseError::bad_expression, "A \"(\" is never closed: add the \")\".");
      ++pos_;
      Node n;
      n.kind = NodeKind::group;
      n.a = inner;
      node = add(n);
    } else if (t.kind == TokenKind::close) {
      return fail(ParseError::bad_expression, "Empty parentheses, or a \")\" right after an operator.");
    } else if (t.kind == TokenKind::unit || t.kind == TokenKind::superscript) {
      return fail(ParseError::bad_expression, "A unit or an exponent needs a number before it.");
    } else {
      return fail(
          ParseError::bad_expression,
          "Two operators stand side by side: put a number between them (a sign may follow one: 2 \xC3\x97 -3).");
    }
    if (peek(TokenKind::superscript)) {
      Node e;
      e.value = tokens_[pos_].value;
      e.alt_value = e.value;
      ++pos_;
      node = binary(NodeKind::power, node, add(e));
      nodes[node].superscript = true;
    }
    return in_exponent_ ? node : with_unit(node);
  }

  static const char* too_deep_message() {
    return "Too many nested parentheses or signs: at most 20. Simplify the working a little.";
  }

  const std::vector<ExpressionToken>& tokens_;
  std::size_t count_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  bool in_exponent_ = false;
};

}  // namespace

ParsedExpression parse_expression(const std::vector<ExpressionToken>& tokens, std::size_t count) {
  Parser parser(tokens, count);
  ParsedExpression out;
  out.root = parser.parse();
  out.nodes = std::move(parser.nodes);
  out.error = out.root < 0 ? parser.failure.error : ParseError::none;
  out.message = out.root < 0 ? parser.failure.message : std::string();
  return out;
}

}  // namespace detail
}  // namespace llmbudget
