// A question's values and their {placeholders}: names are plain identifiers,
// lookups see the question's own values only (never what every object
// inherits, such as "__proto__" or "constructor"), and a choice's text is
// checked and filled like a prompt.
// Run: node --test tests/node/quiz-values.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateQuestions } from '../../web/quiz/schema.js';
import { prepareQuestion } from '../../web/quiz/prepare.js';
import { makeResolver, fill } from '../../web/quiz/resolve.js';
import { presetSet } from '../../web/element/preset-set.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PRESETS = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/presets.json'), 'utf8'));
const budget = await loadBudgetCore();
const quizCore = await loadQuizCore();
const presets = presetSet(PRESETS).forCore(budget);
// The serving simulation's facade: the built-in file's Question 4 is a "simulate" calculation.
const traffic = await loadTrafficCore();
const opts = { quizCore, budget, presets, traffic };

/** A one-question file; `valuesJson` is raw JSON text so that a "__proto__" key stays an own key. */
function file(valuesJson, prompt, choiceText = 'Three') {
  return JSON.parse(`{"format":"llm-budget-lab-questions","lesson":"LM10-T6","version":"t-1","questions":[{
    "id":"v1","title":"Values","prompt":${JSON.stringify(prompt)},"values":${valuesJson},
    "steps":[{"id":"pick","kind":"choice","prompt":"Which?","choices":[
      {"id":"a","text":${JSON.stringify(choiceText)},"correct":true},{"id":"b","text":"Four","correct":false}]}],
    "explanation":["Because."]}]}`);
}
const lines = (problems) => problems.map((p) => `${p.id}: ${p.field}: ${p.reason}`);

test('a value named __proto__ (or any name that is not a plain identifier) is refused by question and field', () => {
  const doc = file('{"__proto__":{"calc":"number","value":3}}', 'Value {__proto__} here');
  assert.ok(Object.hasOwn(doc.questions[0].values, '__proto__'), 'JSON.parse keeps __proto__ as an own key');
  assert.deepEqual(lines(validateQuestions(doc, opts)),
    ['v1: values.__proto__: is not a plain name: start with a letter a-z, then use a-z, 0-9 and _ only']);
  assert.deepEqual(lines(validateQuestions(file('{"_n":{"calc":"number","value":3}}', 'Value {_n} here'), opts)),
    ['v1: values._n: is not a plain name: start with a letter a-z, then use a-z, 0-9 and _ only']);
  assert.deepEqual(validateQuestions(file('{"n_2":{"calc":"number","value":3}}', 'Value {n_2} here'), opts), []);
});

test('placeholders are filled from the question\'s own values only', () => {
  const resolve = makeResolver(budget, quizCore, null, { presets });
  // Prepared directly (as if a validator had let it through): the own value is used, never Object.prototype.
  const q = file('{"__proto__":{"calc":"number","value":3}}', 'Value {__proto__} here').questions[0];
  const prepared = prepareQuestion(q, resolve, quizCore);
  assert.equal(prepared.ok, true);
  assert.equal(fill(q.prompt, prepared.texts), 'Value 3 here');
  // A name no value has stays as written, even one every object answers to.
  assert.equal(fill('{constructor} and {valueof}', prepared.texts), '{constructor} and {valueof}');
  assert.equal(fill('{constructor}', {}), '{constructor}');
});

test('a choice\'s text: a placeholder with no value is refused by name; one with a value is filled', () => {
  assert.deepEqual(lines(validateQuestions(file('{"v":{"calc":"number","value":3}}', 'Pick {v}.', '{w} GPUs'), opts)),
    ['v1: steps.pick.choices[0].text: uses {w} but the question has no value named "w" in values']);
  const doc = file('{"v":{"calc":"number","value":3}}', 'Pick {v}.', '{v} GPUs');
  assert.deepEqual(validateQuestions(doc, opts), []);
  const prepared = prepareQuestion(doc.questions[0], makeResolver(budget, quizCore, null, { presets }), quizCore);
  assert.equal(fill(doc.questions[0].steps[0].choices[0].text, prepared.texts), '3 GPUs');
});
