// Reading arithmetic answers; grammar, unit and bound rules in answer_expression.h.
#include "reading/answer_expression.h"

#include <cmath>
#include <vector>

#include "reading/expression_lexer.h"
#include "reading/expression_parser.h"
#include "text/number_text.h"
#include "text/utf8_text.h"

namespace llmbudget {

namespace {

using detail::BitUnit;
using detail::UnitEntry;

using detail::Node;
using detail::NodeKind;

struct Failure {
  ParseError error = ParseError::none;
  std::string message;
};

// ---- Evaluation --------------------------------------------------------------

struct Value {
  double base = 0;  // in base units (bytes, seconds ...) when has_unit, else the plain number
  bool has_unit = false;
  UnitDimension dimension = UnitDimension::none;
  double factor = 1;        // base units per one display unit
  const char* symbol = "";  // the display unit (the first unit typed)
  bool bits = false;
};

class Evaluator {
 public:
  Evaluator(const std::vector<Node>& nodes, bool alt) : nodes_(nodes), alt_(alt) {}

  bool eval(int index, Value& out) {
    const Node& n = nodes_[static_cast<std::size_t>(index)];
    Value a;
    Value b;
    switch (n.kind) {
      case NodeKind::number:
        out = Value{};
        out.base = alt_ ? n.alt_value : n.value;
        return true;
      case NodeKind::group: return eval(n.a, out);
      case NodeKind::negate:
        if (!eval(n.a, out)) return false;
        out.base = -out.base;
        return true;
      case NodeKind::unit:
        if (!eval(n.a, a)) return false;
        if (a.has_unit) return fail(ParseError::mixed_units, "Two units follow one another.");
        out = a;
        out.has_unit = true;
        out.bits = n.bits != nullptr;
        out.dimension = n.bits != nullptr ? UnitDimension::bytes : n.unit->dimension;
        out.factor = n.bits != nullptr ? n.bits->factor : n.unit->factor;
        out.symbol = n.bits != nullptr ? n.bits->symbol : n.unit->symbol;
        out.base = a.base * out.factor;
        return finite(out);
      default: break;
    }
    if (!eval(n.a, a) || !eval(n.b, b)) return false;
    out = a.has_unit ? a : b;
    out.bits = a.bits || b.bits;
    switch (n.kind) {
      case NodeKind::add:
      case NodeKind::subtract:
        if (a.has_unit != b.has_unit || (a.has_unit && a.dimension != b.dimension))
          return fail(ParseError::mixed_units,
                      "Every term of a sum needs the same kind of unit (20 GB + 500 MB), or none: put a unit on each "
                      "term, or one unit at the very end.");
        out.base = n.kind == NodeKind::add ? a.base + b.base : a.base - b.base;
        break;
      case NodeKind::multiply:
        if (a.has_unit && b.has_unit)
          return fail(ParseError::mixed_units,
                      "Two quantities with units are multiplied (GB \xC3\x97 GB): keep the unit on one factor only.");
        out.base = a.base * b.base;
        break;
      case NodeKind::divide:
        if (b.has_unit && !(a.has_unit && a.dimension == b.dimension))
          return fail(ParseError::mixed_units,
                      "The divisor has a unit the dividend does not share: divide by a plain number (40 GB / 8).");
        if (b.base == 0)
          return fail(ParseError::division_by_zero,
                      "Division by zero: a divisor in the working comes to 0, so the expression has no value.");
        out.base = a.base / b.base;
        if (b.has_unit) out = Value{a.base / b.base, false, UnitDimension::none, 1, "", out.bits};  // GB / GB
        break;
      case NodeKind::power:
        if (a.has_unit || b.has_unit)
          return fail(ParseError::mixed_units, "A unit cannot be raised to a power or stand in an exponent.");
        if (std::fabs(b.base) > kMaxExponent)
          return fail(ParseError::out_of_range,
                      "That exponent is too large to check: keep it within \xC2\xB1"
                      "400.");
        if (a.base == 0 && b.base < 0)
          return fail(ParseError::division_by_zero,
                      "Division by zero: 0 to a negative power is 1 divided by 0, which has no value.");
        if (a.base < 0 && b.base != std::floor(b.base))
          return fail(ParseError::bad_expression, "A negative number to a fractional power has no real value.");
        out.base = std::pow(a.base, b.base);
        break;
      default: break;
    }
    return finite(out);
  }

  Failure failure;

 private:
  bool fail(ParseError e, const char* message) {
    failure = Failure{e, message};
    return false;
  }
  bool finite(const Value& v) {
    if (std::isfinite(v.base)) return true;
    return fail(ParseError::out_of_range, kTooLargeMessage);
  }

  const std::vector<Node>& nodes_;
  bool alt_;
};

// ---- Rendering ("as read") ---------------------------------------------------

std::string superscript_text(double e) {
  static const char* const kDigits[] = {"\xE2\x81\xB0", "\xC2\xB9",     "\xC2\xB2",     "\xC2\xB3",     "\xE2\x81\xB4",
                                        "\xE2\x81\xB5", "\xE2\x81\xB6", "\xE2\x81\xB7", "\xE2\x81\xB8", "\xE2\x81\xB9"};
  std::string digits = format_compact(std::fabs(e));
  std::string out = e < 0 ? "\xE2\x81\xBB" : "";
  for (char c : digits) out += kDigits[c - '0'];
  return out;
}

// True for an exponent shown as superscript digits: a whole number up to 999,
// typed plainly or with a minus sign.
bool superscript_exponent(const std::vector<Node>& nodes, const Node& e, bool alt, double& value) {
  double sign = 1;
  const Node* n = &e;
  if (n->kind == NodeKind::negate) {
    sign = -1;
    n = &nodes[static_cast<std::size_t>(n->a)];
  }
  if (n->kind != NodeKind::number) return false;
  value = sign * (alt ? n->alt_value : n->value);
  return value == std::floor(value) && std::fabs(value) <= 999;
}

std::string render(const std::vector<Node>& nodes, int index, bool alt) {
  const Node& n = nodes[static_cast<std::size_t>(index)];
  switch (n.kind) {
    case NodeKind::number: return format_compact(alt ? n.alt_value : n.value);
    case NodeKind::group: return "(" + render(nodes, n.a, alt) + ")";
    case NodeKind::negate: return "\xE2\x88\x92" + render(nodes, n.a, alt);
    case NodeKind::unit: return render(nodes, n.a, alt) + " " + (n.bits != nullptr ? n.bits->symbol : n.unit->symbol);
    case NodeKind::add: return render(nodes, n.a, alt) + " + " + render(nodes, n.b, alt);
    case NodeKind::subtract: return render(nodes, n.a, alt) + " \xE2\x88\x92 " + render(nodes, n.b, alt);
    case NodeKind::multiply: return render(nodes, n.a, alt) + " \xC3\x97 " + render(nodes, n.b, alt);
    case NodeKind::divide: return render(nodes, n.a, alt) + "/" + render(nodes, n.b, alt);
    case NodeKind::power: {
      double e = 0;
      const Node& exponent = nodes[static_cast<std::size_t>(n.b)];
      if (superscript_exponent(nodes, exponent, alt, e)) return render(nodes, n.a, alt) + superscript_text(e);
      return render(nodes, n.a, alt) + "^" + render(nodes, n.b, alt);
    }
  }
  return "";
}

AnswerReading failed(ParseError e, std::string message, bool approximate) {
  AnswerReading r;
  r.is_expression = true;
  r.quantity.ok = false;
  r.quantity.error = e;
  r.quantity.message = std::move(message);
  r.quantity.approximate = approximate;
  return r;
}

}  // namespace

AnswerReading read_answer(const std::string& text, PointReading point) {
  AnswerReading out;
  out.quantity = parse_quantity(text, point);
  if (out.quantity.ok) return out;
  const ParseError plain_error = out.quantity.error;
  if (plain_error == ParseError::too_long || plain_error == ParseError::control_character ||
      plain_error == ParseError::empty)
    return out;
  bool approximate = false;
  const std::string s = prepare_answer_text(text, approximate);
  if (!looks_like_expression(s)) return out;

  const LexResult lexed = lex_expression(s, point);
  if (!lexed.ok) return failed(lexed.error, lexed.message, approximate);
  std::vector<ExpressionToken> tokens = lexed.tokens;
  // One unit, and it is the last token: it applies to the whole expression.
  std::size_t units = 0;
  for (const ExpressionToken& t : tokens) units += t.kind == TokenKind::unit ? 1 : 0;
  const bool whole_unit = units == 1 && tokens.size() > 1 && tokens.back().kind == TokenKind::unit;
  detail::ParsedExpression parsed = detail::parse_expression(tokens, whole_unit ? tokens.size() - 1 : tokens.size());
  if (parsed.root < 0) return failed(parsed.error, parsed.message, approximate);
  int root = parsed.root;
  std::vector<Node> nodes = std::move(parsed.nodes);
  if (whole_unit) {
    const NodeKind top = nodes[static_cast<std::size_t>(root)].kind;
    if (top == NodeKind::add || top == NodeKind::subtract) {  // shown as (20 + 13) GB
      Node g;
      g.kind = NodeKind::group;
      g.a = root;
      nodes.push_back(g);
      root = static_cast<int>(nodes.size()) - 1;
    }
    Node u;
    u.kind = NodeKind::unit;
    u.a = root;
    u.unit = tokens.back().unit;
    u.bits = tokens.back().bits;
    nodes.push_back(u);
    root = static_cast<int>(nodes.size()) - 1;
  }

  bool ambiguous = false;
  char mark = 0;  // the first ambiguous separator, for the grader's note
  for (const ExpressionToken& t : tokens) {
    if (t.ambiguous && !ambiguous) mark = t.ambiguous_mark;
    ambiguous = ambiguous || t.ambiguous;
  }
  Value value;
  Value alt;
  Evaluator first(nodes, false);
  const bool first_ok = first.eval(root, value);
  Evaluator second(nodes, true);
  const bool second_ok = !ambiguous || second.eval(root, alt);
  if (!first_ok && !(ambiguous && second_ok)) return failed(first.failure.error, first.failure.message, approximate);
  if (!ambiguous) alt = value;
  if (!first_ok) value = alt;   // only the decimal-comma reading has a value
  if (!second_ok) alt = value;  // only the thousands reading has a value

  out = AnswerReading{};
  out.is_expression = true;
  out.expression = render(nodes, root, !first_ok);
  out.alt_expression = render(nodes, root, second_ok);
  Quantity& q = out.quantity;
  q.ok = true;
  q.approximate = approximate;
  q.ambiguous = ambiguous && first_ok && second_ok && value.base != alt.base;
  q.ambiguous_mark = q.ambiguous ? mark : 0;
  q.has_unit = value.has_unit;
  q.bits = value.bits;
  q.unit = value.symbol;
  q.dimension = value.has_unit ? value.dimension : UnitDimension::none;
  q.unit_factor = value.has_unit ? value.factor : 1;
  q.value = value.base / q.unit_factor;
  q.alt_value = q.ambiguous ? alt.base / q.unit_factor : q.value;
  if (q.value == 0) q.value = 0;  // no "-0"
  if (q.alt_value == 0) q.alt_value = 0;
  if (!q.ambiguous) out.alt_expression = out.expression;
  return out;
}

}  // namespace llmbudget
