// The one declaration of the practice generators and their fields: the
// seeded variant of knowledge-check questions 1 and 2 (quiz_variant.h) and the
// KV-cache practice (kv_practice.h). Each field row gives the name (the
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

}  // namespace llmbudget
