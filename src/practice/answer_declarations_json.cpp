// The answer side's declarations as JSON; see answer_declarations_json.h.
#include "practice/answer_declarations_json.h"

#include "grading/grading_declarations.h"
#include "practice/practice_declarations.h"
#include "reading/reading_declarations_json.h"
#include "text/json_text.h"

namespace llmbudget {

namespace {

using json::add_key;
using json::add_object_array;
using json::add_text_member;
using json::close_with;

void add_verdicts(std::string& out, Table<VerdictDeclaration> rows) {
  add_object_array(out, rows, [&out](const VerdictDeclaration& v) {
    add_text_member(out, "name", v.name);
    add_text_member(out, "tone", v.tone);
    add_text_member(out, "meaning", v.meaning);
  });
}

void add_step_kinds(std::string& out) {
  add_object_array(out, step_kind_declarations(), [&out](const StepKindDeclaration& k) {
    add_text_member(out, "name", k.name);
    add_text_member(out, "answer", k.answer);
    add_text_member(out, "verdicts", k.verdict_enum);
    add_text_member(out, "meaning", k.meaning);
  });
}

template <class P>
void add_practice(std::string& out, const PracticeDeclaration<P>& p) {
  out += '{';
  add_text_member(out, "calc", p.calc);
  add_text_member(out, "block", p.block);
  add_text_member(out, "meaning", p.meaning);
  add_key(out, "fields");
  add_object_array(out, p.fields, [&out](const PracticeFieldDeclaration<P>& f) {
    add_text_member(out, "name", f.name);
    add_text_member(out, "unit", f.unit);
    add_text_member(out, "kind", kPracticeFieldKindNames[static_cast<int>(f.kind)]);
    add_text_member(out, "meaning", f.meaning);
  });
  out += '}';
}

}  // namespace

std::string answer_declarations_json() {
  std::string out = "{";
  // max_text_bytes, dimensions, parse_errors: the reading layer's, as its own JSON writes them.
  add_reading_declarations(out);
  add_key(out, "verdicts");
  out += '{';
  // Each step kind's verdict enum, once, under its name.
  for (const StepKindDeclaration& k : step_kind_declarations()) {
    add_key(out, k.verdict_enum);
    add_verdicts(out, k.verdicts);
    out += ',';
  }
  close_with(out, '}');
  out += ',';
  add_key(out, "step_kinds");
  add_step_kinds(out);
  out += ',';
  add_key(out, "practice");
  out += '[';
  add_practice(out, quiz_variant_declaration());
  out += ',';
  add_practice(out, kv_practice_declaration());
  out += ',';
  add_practice(out, mistake_drill_declaration());
  out += "],";
  // The mistakes a drill can plant, each with its step and its public source.
  add_key(out, "drill_mistakes");
  add_object_array(out, mistake_declarations(), [&out](const MistakeDeclaration& m) {
    add_text_member(out, "name", m.name);
    json::add_number_member(out, "step", m.step);
    add_text_member(out, "meaning", m.meaning);
    add_text_member(out, "source", m.source);
  });
  out += '}';
  return out;
}

}  // namespace llmbudget
