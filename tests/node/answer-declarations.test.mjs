// The answer side's names reach JS from the core's declaration once
// (src/practice/answer_declarations_json.h): the reading facade's dimensions
// and parse errors, the quiz facade's verdicts, step kinds and practice
// fields, and the Embind enums registered from the same tables.
// A facade built over a module whose declaration is changed follows the
// change, so no second list of these names is left in JS.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmModule } from '../../web/core/wasm-module.js';
import { buildReadingCore, loadReadingCore } from '../../web/core/reading-core.js';
import { buildQuizCore, loadQuizCore } from '../../web/core/quiz-core.js';
import { stepKind, stepKinds } from '../../web/quiz/step-kinds.js';
import { cleanRecord } from '../../web/quiz/storage.js';

const module = await loadWasmModule();
const declaration = JSON.parse(module.answer_declarations_json());
const reading = await loadReadingCore();
const quiz = await loadQuizCore();

/** A module like `module` whose answer-side declaration is `edit`ed. */
function withDeclaration(edit) {
  const doc = structuredClone(declaration);
  edit(doc);
  const fake = Object.create(module);
  fake.answer_declarations_json = () => JSON.stringify(doc);
  return fake;
}

test('the facades\' names are the declaration\'s, in enum order, and the Embind enums agree', () => {
  assert.deepEqual(reading.DIMENSIONS, ['none', 'bytes', 'tokens_per_pass', 'tokens_per_s', 'seconds']);
  assert.deepEqual(reading.DIMENSIONS, declaration.dimensions.map((d) => d.name));
  assert.deepEqual(reading.PARSE_ERRORS, declaration.parse_errors.map((e) => e.name));
  assert.equal(reading.PARSE_ERRORS.length, 13); // none .. expression_not_allowed
  assert.deepEqual(quiz.ANSWER_VERDICTS, ['correct', 'close', 'wrong_unit', 'wrong', 'unparseable']);
  assert.deepEqual(quiz.CHOICE_VERDICTS, ['correct', 'partly', 'wrong', 'invalid']);
  // The Embind enums are registered by looping over the same tables: name i has value i.
  const enums = [[module.QuizUnitDimension, reading.DIMENSIONS], [module.QuizParseError, reading.PARSE_ERRORS],
    [module.QuizAnswerVerdict, quiz.ANSWER_VERDICTS], [module.QuizChoiceVerdict, quiz.CHOICE_VERDICTS]];
  for (const [Enum, names] of enums) names.forEach((name, i) => assert.equal(Enum[name].value, i, name));
  assert.deepEqual(quiz.STEP_KINDS.map((k) => [k.name, k.answer, k.verdicts]),
    [['numeric', 'text', quiz.ANSWER_VERDICTS], ['choice', 'choices', quiz.CHOICE_VERDICTS]]);
  assert.equal(quiz.STEP_KINDS[0].tones.wrong_unit, 'warn');
  assert.equal(quiz.STEP_KINDS[1].tones.invalid, 'bad');
  assert.ok(Object.isFrozen(quiz.STEP_KINDS) && Object.isFrozen(quiz.PRACTICE.variant.fields));
});

test('a facade over a changed declaration follows it: no hand-kept list remains', () => {
  const changed = buildQuizCore(withDeclaration((doc) => {
    doc.practice[0].fields = doc.practice[0].fields.filter((f) => f.name !== 'numerator');
    doc.step_kinds[1].name = 'pick';
    doc.verdicts.AnswerVerdict[1].tone = 'bad';
  }));
  const v = changed.makeVariant(3);
  assert.ok(v.ok);
  assert.equal('numerator' in v.value, false);
  assert.equal(v.value.denominator, 1 - v.value.acceptance_rate);
  assert.deepEqual(changed.STEP_KINDS.map((k) => k.name), ['numeric', 'pick']);
  assert.equal(changed.STEP_KINDS[0].tones.close, 'bad');
  assert.deepEqual([...stepKinds(changed).keys()], ['numeric', 'pick']);
  assert.equal(stepKind({ kind: 'choice' }, changed), null);
  const renamed = buildReadingCore(withDeclaration((doc) => { doc.dimensions[1].name = 'memory'; }));
  assert.equal(renamed.parseQuantity('53 GB').value.dimension, 'memory');
  assert.deepEqual(renamed.UNITS.memory.slice(0, 4), ['B', 'KB', 'MB', 'GB']);
});

test('makeVariant gives the seed and every declared field, in the declaration\'s order', () => {
  const v = quiz.makeVariant(11).value;
  assert.deepEqual(Object.keys(v), ['seed', ...quiz.PRACTICE.variant.fields.map((f) => f.name)]);
  assert.equal(Object.keys(v).length, 20); // the seed and QuizVariant's 19 declared fields
  assert.equal(v.seed, 11);
  assert.equal(v.total_gb, v.weight_gb + v.cache_gb);
  assert.equal(v.weight_gb, (v.params_billion * v.weight_bits) / 8);
  assert.equal(v.fits, v.total_gb <= v.gpu_memory_gb);
  assert.equal(v.cache_gb_8bit, v.cache_gb / 2);
  assert.deepEqual({ dimension: v.total_question.dimension, expected: v.total_question.expected, unit: v.total_question.default_unit },
    { dimension: 'bytes', expected: v.total_gb, unit: 'GB' });
  assert.equal(v.tokens_question.default_unit, 'tokens');
});

test('every practice field\'s unit is one the quantity reader knows', () => {
  const units = new Set();
  for (const generator of Object.values(quiz.PRACTICE)) {
    for (const f of generator.fields) {
      if (f.unit === '') continue;
      units.add(f.unit);
      assert.ok(Number.isFinite(reading.unitFactor(f.unit)), `${generator.calc}.${f.name}: ${f.unit}`);
    }
  }
  assert.deepEqual([...units].sort(), ['B', 'GB', 'tokens']);
  assert.equal(reading.unitFactor('GB'), 1e9);
  assert.ok(Number.isNaN(reading.unitFactor('bytes/s')));
  assert.deepEqual(Object.keys(quiz.PRACTICE), ['variant', 'kv', 'drill']);
  assert.deepEqual(Object.values(quiz.PRACTICE).map((p) => p.block), ['practice', 'kv_practice', 'drills']);
});

test('saved answers are checked against the declared step kinds\' answer shapes', () => {
  const question = { id: 'q', steps: [{ id: 'a', kind: 'numeric' }, { id: 'b', kind: 'choice', choices: [{ id: 'yes' }, { id: 'no' }] }] };
  const dropped = [];
  const rec = cleanRecord({ steps: { a: { answer: ['53'], checked: true }, b: { answer: ['yes'], checked: true } } },
    question, quiz, dropped);
  assert.deepEqual(rec.steps, { b: { answer: ['yes'], checked: true } });
  assert.deepEqual(dropped, [{ step: 'a', reason: 'the answer is not text' }]);
  assert.equal(stepKind({ kind: 'numeric' }, quiz).empty(), '');
  assert.deepEqual(stepKind({ kind: 'choice' }, quiz).empty(), []);
});

test('the reading facade reads quantities and escapes invisible characters', () => {
  const q = reading.parseQuantity('53 GiB');
  assert.ok(q.ok);
  assert.deepEqual([q.value.value, q.value.unit, q.value.dimension, q.value.unit_factor], [53, 'GiB', 'bytes', 2 ** 30]);
  assert.equal(reading.parseQuantity(7).field, 'text');
  assert.equal(reading.visibleText('GB\u200B'), 'GB[U+200B]');
  assert.deepEqual(reading.UNITS.none, ['', 'x', '%']);
  assert.deepEqual(quiz.reading.UNITS, reading.UNITS);
});
