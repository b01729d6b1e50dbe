// The practice generators' declarations: every field named once, with the
// member its kind needs, set by its generator, and in a unit the answer
// checker knows; and the answer side's JSON built from these tables.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "grading/grading_declarations.h"
#include "practice/answer_declarations_json.h"
#include "practice/practice_declarations.h"
#include "reading/reading_declarations.h"
#include "text/number_text.h"

using namespace llmbudget;

namespace {

// A unit the answer checker knows, in some dimension; "" is a count or ratio.
bool known_unit(const std::string& unit) {
  if (unit.empty()) return true;
  for (const DimensionDeclaration& d : dimension_declarations()) {
    if (unit_factor(d.dimension, unit) != 0) return true;
  }
  return false;
}

template <class P>
void check_rows(const PracticeDeclaration<P>& p) {
  std::set<std::string> names;
  for (const PracticeFieldDeclaration<P>& f : p.fields) {
    INFO(p.calc << "." << f.name << " [" << f.unit << "]");
    CHECK(names.insert(f.name).second);
    CHECK(std::string(f.name) != "seed");  // the seed is the generator's argument, not a field
    const int set = (f.number != nullptr) + (f.flag != nullptr) + (f.question != nullptr);
    CHECK(set == 1);
    CHECK((f.kind == PracticeFieldKind::number) == (f.number != nullptr));
    CHECK((f.kind == PracticeFieldKind::flag) == (f.flag != nullptr));
    CHECK((f.kind == PracticeFieldKind::question) == (f.question != nullptr));
    CHECK(known_unit(f.unit));
    if (f.kind != PracticeFieldKind::number) CHECK(std::string(f.unit).empty());
    CHECK(std::string(f.meaning).size() > 0);
  }
}

}  // namespace

TEST_CASE("variant fields: each named once, with its member and a known unit", "[declarations][quiz_variant]") {
  const auto& p = quiz_variant_declaration();
  CHECK(std::string(p.calc) == "variant");
  CHECK(std::string(p.block) == "practice");
  REQUIRE(p.fields.size == 19);  // QuizVariant's members other than the seed
  check_rows(p);
  int questions = 0;
  for (const auto& f : p.fields) questions += f.kind == PracticeFieldKind::question;
  CHECK(questions == 3);  // total_question, total_8bit_question, tokens_question
}

TEST_CASE("variant fields: make_variant sets every declared field", "[declarations][quiz_variant]") {
  // Over 60 seeds each field differs from QuizVariant{}'s value at least once
  // (a flag is true for some seed: about half the variants fit).
  const QuizVariant blank;
  for (const auto& f : quiz_variant_declaration().fields) {
    INFO(f.name);
    bool set = false;
    for (std::uint32_t seed = 0; seed < 60 && !set; ++seed) {
      const QuizVariant v = make_variant(seed);
      switch (f.kind) {
        case PracticeFieldKind::number: set = v.*f.number != blank.*f.number; break;
        case PracticeFieldKind::flag: set = v.*f.flag != blank.*f.flag; break;
        case PracticeFieldKind::question: set = (v.*f.question).expected != 0; break;
      }
    }
    CHECK(set);
  }
}

TEST_CASE("variant fields: the declared unit is the one the value is graded in", "[declarations][quiz_variant]") {
  // Each graded value's declared unit is its question's default unit, and the
  // question expects exactly that field's value.
  const auto& fields = quiz_variant_declaration().fields;
  const auto unit_of = [&](const char* name) {
    for (const auto& f : fields)
      if (std::string(f.name) == name) return std::string(f.unit);
    return std::string("(none)");
  };
  for (std::uint32_t seed : {0u, 7u, 99u}) {
    const QuizVariant v = make_variant(seed);
    INFO("seed " << seed);
    CHECK(unit_of("total_gb") == v.total_question.default_unit);  // "GB"
    CHECK(v.total_question.expected == v.total_gb);
    CHECK(unit_of("total_gb_8bit_cache") == v.total_8bit_question.default_unit);
    CHECK(v.total_8bit_question.expected == v.total_gb_8bit_cache);
    CHECK(unit_of("tokens_per_pass") == v.tokens_question.default_unit);  // "tokens"
    CHECK(v.tokens_question.expected == v.tokens_per_pass);
    // The GB fields add up in GB: total = weights + cache.
    CHECK(v.total_gb == v.weight_gb + v.cache_gb);
  }
  // Every unit-carrying field reads, with its unit, as a memory size or tokens per pass.
  const QuizVariant v = make_variant(7);
  for (const auto& f : fields) {
    if (f.kind != PracticeFieldKind::number || std::string(f.unit).empty()) continue;
    INFO(f.name);
    const Quantity q = parse_quantity(format_significant(v.*f.number, 15) + " " + f.unit);
    REQUIRE(q.ok);
    CHECK((q.dimension == UnitDimension::bytes || q.dimension == UnitDimension::tokens_per_pass));
  }
}

TEST_CASE("KV practice fields: each named once, and kv_practice_values follows the table",
          "[declarations][kv_practice]") {
  const auto& p = kv_practice_declaration();
  CHECK(std::string(p.calc) == "kv");
  CHECK(std::string(p.block) == "kv_practice");
  REQUIRE(p.fields.size == 17);
  check_rows(p);
  const KvPractice k = make_kv_practice(0);
  const std::vector<NamedValue> values = kv_practice_values(k);
  REQUIRE(values.size() == p.fields.size);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto& f = p.fields.rows[i];
    INFO(f.name);
    CHECK(f.kind == PracticeFieldKind::number);
    CHECK(values[i].name == f.name);
    CHECK(values[i].unit == f.unit);
    CHECK(values[i].value == k.*f.number);
    CHECK(k.*f.number > 0);  // every KV value of seed 0 is positive, so each is set
  }
}

TEST_CASE("drill fields: each named once, and mistake_drill_values follows the table",
          "[declarations][mistake_drill]") {
  const auto& p = mistake_drill_declaration();
  CHECK(std::string(p.calc) == "drill");
  CHECK(std::string(p.block) == "drills");
  REQUIRE(p.fields.size == 29);
  check_rows(p);
  const MistakeDrill d = make_mistake_drill(3, DrillMistake::gib_as_gb);
  const std::vector<NamedValue> values = mistake_drill_values(d);
  REQUIRE(values.size() == p.fields.size);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto& f = p.fields.rows[i];
    INFO(f.name);
    CHECK(values[i].name == f.name);
    CHECK(values[i].unit == f.unit);
    CHECK(values[i].value == (f.kind == PracticeFieldKind::flag ? (d.*f.flag ? 1.0 : 0.0) : d.*f.number));
  }
}

TEST_CASE("the three generators have distinct calc names and blocks", "[declarations]") {
  const std::set<std::string> calcs = {quiz_variant_declaration().calc, kv_practice_declaration().calc,
                                       mistake_drill_declaration().calc};
  const std::set<std::string> blocks = {quiz_variant_declaration().block, kv_practice_declaration().block,
                                        mistake_drill_declaration().block};
  CHECK(calcs.size() == 3);
  CHECK(blocks.size() == 3);
}

TEST_CASE("the answer-side JSON lists every declared name in order", "[declarations]") {
  const std::string j = answer_declarations_json();
  CHECK(j.front() == '{');
  CHECK(j.back() == '}');
  CHECK(j.find(R"("dimensions":[{"name":"none","base_unit":"","phrase":"a plain number",)") != std::string::npos);
  CHECK(j.find(R"("verdicts":{"AnswerVerdict":[{"name":"correct","tone":"good",)") != std::string::npos);
  CHECK(j.find(R"("ChoiceVerdict":[{"name":"correct","tone":"good",)") != std::string::npos);
  CHECK(j.find(R"("step_kinds":[{"name":"numeric","answer":"text","verdicts":"AnswerVerdict",)") != std::string::npos);
  CHECK(j.find(R"({"name":"total_gb","unit":"GB","kind":"number",)") != std::string::npos);
  CHECK(j.find(R"({"name":"fits","unit":"","kind":"flag",)") != std::string::npos);
  CHECK(j.find(R"({"calc":"kv","block":"kv_practice",)") != std::string::npos);
  CHECK(j.find(R"({"calc":"drill","block":"drills",)") != std::string::npos);
  CHECK(j.find(R"("drill_mistakes":[{"name":"moe_active_params","step":1,)") != std::string::npos);
  // Every name appears in declaration order: the parse errors, for one.
  std::size_t at = 0;
  for (const EnumDeclaration& e : parse_error_declarations()) {
    INFO(e.name);
    const std::size_t next = j.find(std::string("{\"name\":\"") + e.name + "\"", at);
    CHECK(next != std::string::npos);
    at = next;
  }
  // One "name" per dimension, parse error, verdict, step kind, practice field and drill mistake.
  std::size_t names = 0;
  for (std::size_t p = j.find("\"name\":"); p != std::string::npos; p = j.find("\"name\":", p + 1)) ++names;
  CHECK(names == 5 + 13 + 5 + 4 + 2 + 19 + 17 + 29 + 5);
}
