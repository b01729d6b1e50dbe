// Fuzzing the questions-file validator (web/quiz/schema.js) from node: it is
// JavaScript, so instead of a libFuzzer target a seeded generator (mulberry32,
// fixed seed) mutates content/questions.json for a fixed number of rounds
// (the mutants and the checks are shared with the long run of
// `tools/fuzz <seconds> questions_validator`: tests/fuzz/questions-mutants.mjs,
// tests/fuzz/questions-oracle.mjs).
// Promises checked on every mutant: validateQuestions never throws, returns
// an array of { id, field, reason } strings, each naming a question and a
// field, bounded, with no invisible character raw (the core's [U+XXXX]
// escape); the unmutated file has no problem; and a mutant it accepts is one
// the quiz can use: every question (practice blocks over a few seeds)
// prepares as the quiz prepares it (web/quiz/prepare.js), and every step
// grades an answer without an error and without NaN or Infinity in its words.
// A second generator writes the values the quiz cannot use into otherwise
// good files (a set the core refuses, a unit that is no unit, a speed of a
// plan that does not fit, an expected number out of range, a correct_value
// no choice has) and checks the validator names each by question and field.
// LLMB_FUZZ_ROUNDS and LLMB_FUZZ_SEED change the run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateQuestions } from '../../web/quiz/schema.js';
import { presetSet } from '../../web/element/preset-set.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';
import { generator, mutate } from '../fuzz/questions-mutants.mjs';
import { problemFault, quizProblem as quizProblemWith } from '../fuzz/questions-oracle.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const QUESTIONS = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/questions.json'), 'utf8'));
const PRESETS = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/presets.json'), 'utf8'));
const ROUNDS = Number(process.env.LLMB_FUZZ_ROUNDS || 3000);
const SEED = Number(process.env.LLMB_FUZZ_SEED || 20240611);

const budget = await loadBudgetCore();
const quizCore = await loadQuizCore();
const presets = presetSet(PRESETS).forCore(budget);
// The serving simulation's facade: the built-in file's Question 4 is a "simulate" calculation.
const traffic = await loadTrafficCore();
const opts = { quizCore, budget, presets, traffic };
const quizProblem = (doc) => quizProblemWith(doc, opts);

test(`questions-file validator: ${ROUNDS} seeded mutants (seed ${SEED}) never throw and report plain problems`, async () => {
  assert.deepEqual(validateQuestions(QUESTIONS, opts), [], 'the built-in file is valid');
  const rand = generator(SEED);
  let withProblems = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const doc = mutate(structuredClone(QUESTIONS), rand);
    let problems;
    try {
      problems = validateQuestions(doc, opts);
    } catch (err) {
      assert.fail(`round ${round}: validateQuestions threw ${err && err.stack}\n${JSON.stringify(doc).slice(0, 400)}`);
    }
    assert.ok(Array.isArray(problems), `round ${round}`);
    if (problems.length > 0) withProblems += 1;
    else {
      const problem = quizProblem(doc);
      assert.equal(problem, null, `round ${round}: accepted, but the quiz cannot use it: ${problem}\n${JSON.stringify(doc).slice(0, 400)}`);
    }
    for (const p of problems) assert.equal(problemFault(p), '', `round ${round}: ${JSON.stringify(p).slice(0, 300)}`);
  }
  assert.ok(withProblems > ROUNDS / 2, `most mutants are refused (${withProblems} of ${ROUNDS})`);
});

// Values the quiz cannot use, each written into a copy of the built-in file
// (where: a function that changes the copy; field: the problem's field).
// The built-in q1 (knowledge-check-13b) has a typed step "weights" and choice steps.
const UNUSABLE = [
  {
    what: 'a set the core refuses (batch 0)',
    change: (doc) => { const q = firstWithValues(doc); Object.values(q.values)[0].set = { batch: 0 }; return [q.id, `values.${Object.keys(q.values)[0]}`]; },
    reason: /batch/,
  },
  {
    what: 'a unit that is no unit ("GB{")',
    change: (doc) => { const q = firstWithValues(doc); Object.values(q.values)[0].unit = 'GB{'; return [q.id, `values.${Object.keys(q.values)[0]}`]; },
    reason: /cannot convert .* to GB\{/,
  },
  {
    what: 'an expected speed of a plan that does not fit',
    change: (doc) => {
      const [q, step] = firstTyped(doc);
      // The 13B scenario at B = 4096 and 8192 tokens needs far more than one GPU's memory, so it has no speed.
      step.expected = { calc: 'plan', preset: 'knowledge-check-13b', set: { batch: 4096 }, field: 'total_tokens_per_s' };
      step.dimension = 'tokens_per_s';
      step.unit = 'tok/s';
      return [q.id, `steps.${step.id}.expected`];
    },
    reason: /gave no number/,
  },
  {
    what: 'an expected number the core refuses (1e308)',
    change: (doc) => { const [q, step] = firstTyped(doc); step.expected = 1e308; return [q.id, `steps.${step.id}.expected`]; },
    reason: /expected must be a finite number/,
  },
  {
    what: 'a correct_value that no choice has',
    change: (doc) => {
      const [q, step] = firstChoice(doc);
      step.correct_value = { calc: 'number', value: 12345 };
      for (const c of step.choices) { delete c.correct; c.value = 1; }
      return [q.id, `steps.${step.id}.correct_value`];
    },
    reason: /gives 12345, the value of no choice/,
  },
  {
    what: 'a practice choice step on a yes/no field of the variant with no choice for "yes"',
    change: (doc) => {
      // The built-in practice question's "fits" step: the choice "yes" has value true, "no" false.
      // Which one is right changes with the variant; at seed 0 (one of quizProblem's seeds)
      // the model fits, so a file without a true choice cannot be prepared there.
      const q = doc.practice.questions.find((x) => x.steps.some((st) => st.correct_value && st.correct_value.calc === 'variant'));
      const step = q.steps.find((st) => st.correct_value && st.correct_value.calc === 'variant');
      step.choices.find((c) => c.value === true).value = 1;
      return [q.id, `steps.${step.id}.choices`];
    },
    reason: /variant\.fits is yes\/no and changes with each practice variant: a choice needs the value true/,
  },
];

function firstWithValues(doc) { return doc.questions.find((q) => q.values && Object.keys(q.values).length > 0); }
function firstTyped(doc) {
  for (const q of doc.questions) for (const s of q.steps) if (s.kind === 'numeric') return [q, s];
  throw new Error('no numeric step');
}
function firstChoice(doc) {
  for (const q of doc.questions) for (const s of q.steps) if (s.kind === 'choice' && !s.show_when) return [q, s];
  throw new Error('no choice step');
}

for (const u of UNUSABLE) {
  test(`questions-file validator names ${u.what} by question and field`, () => {
    const doc = structuredClone(QUESTIONS);
    const [id, field] = u.change(doc);
    assert.ok(quizProblem(doc), 'the quiz cannot use it');
    const problems = validateQuestions(doc, opts);
    const found = problems.find((p) => p.id === id && p.field === field);
    assert.ok(found, `no problem at ${id}: ${field} in ${JSON.stringify(problems)}`);
    assert.match(found.reason, u.reason);
  });
}

test('a questions file\'s ids and keys are echoed bounded and with invisible characters written out', () => {
  const doc = structuredClone(QUESTIONS);
  doc.questions[0].id = `q\u202Eevil${'x'.repeat(2000)}`;
  doc.questions[1].values = { ...doc.questions[1].values, [`bad\u202E${'k'.repeat(2000)}`]: { calc: 'number', value: 1 } };
  const problems = validateQuestions(doc, opts);
  const idProblem = problems.find((p) => p.field === 'id');
  assert.equal(idProblem.id, `q[U+202E]evil${'x'.repeat(34)}…`);
  const keyProblem = problems.find((p) => p.field.startsWith('values.bad'));
  assert.equal(keyProblem.field, `values.bad[U+202E]${'k'.repeat(36)}…`);
  for (const p of problems) assert.ok(p.id.length <= 81 && p.field.length <= 201 && p.reason.length < 1000, JSON.stringify(p).slice(0, 300));
});

test('a question whose id is empty or blank is named by its place in the file', () => {
  const doc = structuredClone(QUESTIONS);
  doc.questions[0].id = '';
  doc.questions[1].id = ' ';
  const problems = validateQuestions(doc, opts);
  const idProblems = problems.filter((p) => p.field === 'id');
  assert.deepEqual(idProblems.map((p) => p.id), ['questions[0]', 'questions[1]']);
  assert.match(idProblems[1].reason, /must be a lower-case id such as "q1-fit" \(got " "\)/);
});

test('a value\'s unit that is no unit is echoed clipped, with invisible characters written out', () => {
  const doc = structuredClone(QUESTIONS);
  const q = firstWithValues(doc);
  const name = Object.keys(q.values)[0];
  q.values[name].unit = `\u202E${'x'.repeat(3000)}`;
  const found = validateQuestions(doc, opts).find((p) => p.id === q.id && p.field === `values.${name}`);
  assert.ok(found, 'the unit is refused');
  // quoteText(unit, 80): the bidi mark as its escape, 79 more characters and the clip's "…".
  assert.match(found.reason, new RegExp(`^cannot convert \\S+ to \\[U\\+202E\\]${'x'.repeat(79)}…$`));
});
