// The one declaration of the practice generators and their fields: the
// seeded variant of knowledge-check questions 1 and 2 (quiz_variant.h), the
// KV-cache practice (kv_practice.h) and the "find the mistake" drills
// (mistake_drill.h, with the table of the mistakes they plant). Each field row gives the name (the
// struct member's, a questions file's {"calc": ..., "field": ...}), the unit
// its value is in, what kind of value it is, a one-line meaning and the
// member. The Embind registration (wasm/practice/), kv_practice_values(), the
// answer-side JSON (answer_declarations_json.h) and through it the JS facade,
// the questions-file checks and the value resolver read these tables; no
// other list of these fields exists. A field's unit is "" (a count or a
// ratio) or a symbol unit_factor() knows ("GB", "B", "tokens").
#pragma once

#include "grading/numeric_check.h"
#include "practice/kv_practice.h"
#include "practice/mistake_drill.h"
#include "practice/quiz_variant.h"
#include "text/table.h"

namespace llmbudget {

/// What a practice field holds.
enum class PracticeFieldKind { number = 0, flag = 1, question = 2 };

/// Names of PracticeFieldKind, indexed by value.
constexpr const char* kPracticeFieldKindNames[] = {"number", "flag", "question"};

/// One field of a practice struct. Exactly the member pointer matching `kind`
/// is set; the others are null. Strings are static and never null.
template <class Practice>
struct PracticeFieldDeclaration {
  const char* name;  ///< as in the struct: "total_gb"
  const char* unit;  ///< "" or a unit symbol: "GB", "B", "tokens"; "" for flags and questions
  PracticeFieldKind kind;
  const char* meaning;  ///< one line
  double Practice::*number;
  bool Practice::*flag;
  NumericQuestion Practice::*question;  ///< grading settings for one of the variant's answers
};

/// One practice generator: how a questions file names it and its fields.
template <class Practice>
struct PracticeDeclaration {
  const char* calc;     ///< a questions file's {"calc": ...}: "variant", "kv"
  const char* block;    ///< the questions-file block whose questions may use it: "practice", "kv_practice"
  const char* meaning;  ///< one line
  Table<PracticeFieldDeclaration<Practice>> fields;  ///< in struct order, the seed left out
};

/// make_variant's generator: 19 fields (16 numbers and flags, 3 questions).
const PracticeDeclaration<QuizVariant>& quiz_variant_declaration();
/// make_kv_practice's generator: 17 number fields.
const PracticeDeclaration<KvPractice>& kv_practice_declaration();
/// make_mistake_drill's generator: 29 fields (27 numbers, 2 flags).
const PracticeDeclaration<MistakeDrill>& mistake_drill_declaration();

/// One mistake a drill can plant: a calculator error seen in public. Strings are static and never null.
struct MistakeDeclaration {
  DrillMistake mistake;  ///< row i has value i
  const char* name;      ///< a questions file's drill "mistake": "moe_active_params"
  int step;              ///< the step of the worked estimate it is in, 1 to 6 (mistake_drill.h)
  const char* meaning;   ///< one line: what the calculator did
  const char* source;    ///< the public report of the error (URL)
};

/// The mistakes in enum order: moe_active_params, head_dim_from_hidden,
/// attention_heads_for_kv, gib_as_gb, vram_summed.
Table<MistakeDeclaration> mistake_declarations();

}  // namespace llmbudget
