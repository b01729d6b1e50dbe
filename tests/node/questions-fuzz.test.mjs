// Fuzzing the questions-file validator (web/quiz/schema.js) from node: it is
// JavaScript, so instead of a libFuzzer target a seeded generator (mulberry32,
// fixed seed) mutates content/questions.json for a fixed number of rounds.
// Promises checked on every mutant: validateQuestions never throws, returns
// an array of { id, field, reason } strings, and shows no invisible character
// raw (the core's [U+XXXX] escape); the unmutated file has no problem.
// LLMB_FUZZ_ROUNDS overrides the round count (tools/fuzz-questions runs longer).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateQuestions } from '../../web/quiz/schema.js';
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

test(`questions-file validator: ${ROUNDS} seeded mutants (seed ${SEED}) never throw and report plain problems`, async () => {
  const budget = await loadBudgetCore();
  const quizCore = await loadQuizCore();
  const opts = {
    quizCore, declaration: budget.declaration, presetIds: new Set(PRESETS.configurations.map((c) => c.id)),
  };
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
    for (const p of problems) {
      for (const k of ['id', 'field', 'reason']) {
        assert.equal(typeof p[k], 'string', `round ${round}: ${k}`);
        assert.ok(!INVISIBLE.test(p.id) && !INVISIBLE.test(p.field) && !INVISIBLE.test(p.reason), `round ${round}: raw invisible character in ${JSON.stringify(p)}`);
      }
    }
  }
  assert.ok(withProblems > ROUNDS / 2, `most mutants are refused (${withProblems} of ${ROUNDS})`);
});
