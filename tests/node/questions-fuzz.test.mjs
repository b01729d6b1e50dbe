// Fuzzing the questions-file validator (web/quiz/schema.js) from node: it is
// JavaScript, so instead of a libFuzzer target a seeded generator (mulberry32,
// fixed seed) mutates content/questions.json for a fixed number of rounds.
// Promises checked on every mutant: validateQuestions never throws, returns
// an array of { id, field, reason } strings, and shows no invisible character
// raw (the core's [U+XXXX] escape); the unmutated file has no problem; and a
// mutant it accepts is one the quiz can use: every question (practice blocks
// over a few seeds) prepares as the quiz prepares it (web/quiz/prepare.js),
// and every step grades an answer without an error.
// A second generator writes the values the quiz cannot use into otherwise
// good files (a set the core refuses, a unit that is no unit, a speed of a
// plan that does not fit, an expected number out of range, a correct_value
// no choice has) and checks the validator names each by question and field.
// LLMB_FUZZ_ROUNDS overrides the round count (tools/fuzz-questions runs longer).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateQuestions } from '../../web/quiz/schema.js';
import { makeResolver } from '../../web/quiz/resolve.js';
import { prepareQuestion } from '../../web/quiz/prepare.js';
import { gradeStep } from '../../web/quiz/grade.js';
import { presetSet } from '../../web/element/preset-set.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const QUESTIONS = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/questions.json'), 'utf8'));
const PRESETS = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/presets.json'), 'utf8'));
const ROUNDS = Number(process.env.LLMB_FUZZ_ROUNDS || 3000);
const SEED = Number(process.env.LLMB_FUZZ_SEED || 20240611);

/** mulberry32: a small seeded generator with a 32-bit state. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Values a mutation may put anywhere: wrong types, edge numbers, hostile text.
const ODD_VALUES = [null, true, false, 0, -1, 1e308, -1e-308, NaN, Infinity, 2 ** 53 + 1, '', ' ', 'GB',
  'number', 'expression', 'kv', 'variant', 'plan', 'x'.repeat(3000), 'a\u200Bb', '\u202Eevil', '{missing}',
  '__proto__', 'constructor', [], [[]], {}, { calc: 'kv', field: 'cache_bytes' }, { calc: 'variant', field: 'fits' },
  { relative: 2, absolute: -1 }, '\uD800', 'tok/s', '2 × 6.5 GB'];

/** Every [parent, key] pair in `doc` (objects and arrays), depth first. */
function slots(doc) {
  const out = [];
  const walk = (node) => {
    if (node === null || typeof node !== 'object') return;
    for (const key of Object.keys(node)) {
      out.push([node, key]);
      walk(node[key]);
    }
  };
  walk(doc);
  return out;
}

function mutate(doc, rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const n = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < n; i += 1) {
    const all = slots(doc);
    if (all.length === 0) return { ...pick(ODD_VALUES) };
    const [parent, key] = pick(all);
    const r = rand();
    if (r < 0.35) parent[key] = structuredClone(pick(ODD_VALUES));
    else if (r < 0.55) delete parent[key];
    else if (r < 0.7) parent[key] = structuredClone(pick(all)[0]); // a subtree from elsewhere
    else if (r < 0.8 && Array.isArray(parent)) parent.push(structuredClone(parent[key]));
    else if (r < 0.9) parent[`${key}_${Math.floor(rand() * 10)}`] = structuredClone(pick(ODD_VALUES));
    else if (typeof parent[key] === 'number') parent[key] *= pick([-1, 0, 1e300, 1e-300, 0.5]);
    else if (typeof parent[key] === 'string') parent[key] = parent[key].slice(0, Math.floor(rand() * 8)) + pick(['\u200B', '{x}', '', '\u0000']);
  }
  return doc;
}

/** Code points a problem message must never show raw (the core writes them as [U+XXXX]). */
const INVISIBLE_RANGES = [[0x00, 0x1F], [0x7F, 0xA0], [0xAD, 0xAD], [0x200B, 0x200F], [0x202A, 0x202E],
  [0x2060, 0x2064], [0x2066, 0x2069], [0xFEFF, 0xFEFF]];
const INVISIBLE = {
  test: (text) => [...text].some((ch) => INVISIBLE_RANGES.some(([lo, hi]) => ch.codePointAt(0) >= lo && ch.codePointAt(0) <= hi)),
};

const budget = await loadBudgetCore();
const quizCore = await loadQuizCore();
const presets = presetSet(PRESETS).forCore(budget);
const opts = { quizCore, budget, presets };

/** Answers every kind of step is graded with: typed text of each sort, and choice lists. */
const TYPED_ANSWERS = ['', '42', '31.2 GB', '2 × 6.5 GB', 'banana'];

/**
 * Why the quiz could not use an accepted `doc` (null when it can): it prepares
 * each question as the quiz part does, practice blocks over three seeds, and
 * grades a few answers of each step.
 */
function quizProblem(doc) {
  const blocks = [['questions', doc.questions, [null]]];
  for (const p of Object.values(quizCore.PRACTICE)) {
    if (doc[p.block]) blocks.push([p.block, doc[p.block].questions, [0, 7, 4294967295]]);
  }
  for (const [block, questions, seeds] of blocks) {
    const generator = Object.values(quizCore.PRACTICE).find((p) => p.block === block);
    for (const seed of seeds) {
      const variant = generator && generator.calc === 'variant' ? quizCore.makeVariant(seed).value : null;
      const kvPractice = generator && generator.calc === 'kv' ? quizCore.makeKvPractice(seed).value : null;
      const resolve = makeResolver(budget, quizCore, variant, { kvPractice, presets });
      for (const q of questions) {
        const prepared = prepareQuestion(q, resolve, quizCore);
        if (!prepared.ok) return `${block} ${q.id} (seed ${seed}): ${JSON.stringify(prepared.problems)}`;
        for (const step of q.steps) {
          const answers = Array.isArray(step.choices) ? [[], [step.choices[0].id], step.choices.map((c) => c.id)] : TYPED_ANSWERS;
          for (const a of answers) {
            const r = gradeStep(step, prepared.steps.get(step.id), a, quizCore);
            if (!r.ok) return `${block} ${q.id}.${step.id} (seed ${seed}) answer ${JSON.stringify(a)}: ${r.error}`;
          }
        }
      }
    }
  }
  return null;
}

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
    for (const p of problems) {
      for (const k of ['id', 'field', 'reason']) {
        assert.equal(typeof p[k], 'string', `round ${round}: ${k}`);
        assert.ok(!INVISIBLE.test(p.id) && !INVISIBLE.test(p.field) && !INVISIBLE.test(p.reason), `round ${round}: raw invisible character in ${JSON.stringify(p)}`);
      }
    }
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
