// "Find the mistake" drills through the wasm facade and the questions-file
// machinery: the same seed gives the wasm module the numbers the native core
// gives (tests/practice/test_mistake_drill.cpp works seed 1 by hand), the
// questions file's "drills" block and its "mistake" and "worked" keys are
// checked by name, and every built-in drill grades its right answers right
// and the mistaken numbers wrong, as the page grades them.
// Run: node --test tests/node/mistake-drill.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateQuestions } from '../../web/quiz/schema.js';
import { prepareQuestion } from '../../web/quiz/prepare.js';
import { blockResolver, fill } from '../../web/quiz/resolve.js';
import { gradeStep } from '../../web/quiz/grade.js';
import { presetSet } from '../../web/element/preset-set.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PRESETS = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/presets.json'), 'utf8'));
const QUESTIONS = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/questions.json'), 'utf8'));
const budget = await loadBudgetCore();
const quizCore = await loadQuizCore();
const presets = presetSet(PRESETS).forCore(budget);
// The serving simulation's facade: the built-in file's Question 4 is a "simulate" calculation.
const traffic = await loadTrafficCore();
const opts = { quizCore, budget, presets, traffic };
const lines = (problems) => problems.map((p) => `${p.id}: ${p.field}: ${p.reason}`);

test('the facade names the five mistakes with their steps and public sources, in the core\'s order', () => {
  assert.deepEqual(quizCore.DRILL_MISTAKES.map((m) => [m.name, m.step]), [
    ['moe_active_params', 1], ['head_dim_from_hidden', 2], ['attention_heads_for_kv', 3], ['gib_as_gb', 5], ['vram_summed', 6],
  ]);
  for (const m of quizCore.DRILL_MISTAKES) assert.match(m.source, /^https:\/\/github\.com\/[^/]+\/[^/]+\/(issues|pull)\/\d+$/);
  assert.equal(quizCore.PRACTICE.drill.block, 'drills');
  assert.equal(quizCore.PRACTICE.drill.fields.length, 29);
});

test('seed 1 in wasm gives the numbers the native tests work out by hand', () => {
  const moe = quizCore.makeMistakeDrill(1, 'moe_active_params');
  assert.ok(moe.ok);
  // 235B with 22B active at 1 B per weight: shown 22e9 B, right 235e9 B; 2 * 36 * 4 * 256 * 1 = 73,728 B per token.
  assert.equal(moe.value.values.shown_weight_bytes, 22e9);
  assert.equal(moe.value.values.weight_bytes, 235e9);
  assert.equal(moe.value.values.kv_bytes_per_token, 73728);
  assert.equal(moe.value.values.shown_fits, true);
  assert.equal(moe.value.values.fits, false);
  assert.equal(moe.value.units.weight_bytes, 'B');
  // d_h = 8,192 / 64 = 128 shown where head_dim is 64.
  const head = quizCore.makeMistakeDrill(1, 'head_dim_from_hidden').value.values;
  assert.deepEqual([head.shown_head_dim, head.head_dim, head.shown_kv_bytes_per_token, head.kv_bytes_per_token], [128, 64, 262144, 131072]);
  // 106,335,544,320 B / 2^30 = 99.0327 "GB" shown; / 1e9 = 106.3355 GB.
  const gib = quizCore.makeMistakeDrill(1, 'gib_as_gb').value.values;
  assert.equal(gib.total_bytes, 106335544320);
  assert.ok(Math.abs(gib.shown_total_gb - 106335544320 / 2 ** 30) < 1e-9);
  assert.equal(quizCore.makeMistakeDrill(1, 'vram_summed').value.values.shown_available_gb, 96);
  // Same seed, same drill; another seed, other numbers.
  assert.deepEqual(quizCore.makeMistakeDrill(1, 'gib_as_gb'), quizCore.makeMistakeDrill(1, 'gib_as_gb'));
  assert.notDeepEqual(quizCore.makeMistakeDrill(2, 'gib_as_gb').value.values, gib);
});

test('makeMistakeDrill refuses a seed or a mistake it does not know, by field', () => {
  assert.deepEqual(quizCore.makeMistakeDrill(-1, 'gib_as_gb').field, 'seed');
  assert.deepEqual(quizCore.makeMistakeDrill(1.5, 'gib_as_gb').field, 'seed');
  const r = quizCore.makeMistakeDrill(1, 'gb_as_gib');
  assert.equal(r.ok, false);
  assert.equal(r.field, 'mistake');
  assert.match(r.error, /^mistake must be one of moe_active_params, .*vram_summed \(got the text "gb_as_gib"\)\.$/);
});

/** The built-in questions with the drills block edited by `edit`. */
function withDrills(edit) {
  const doc = structuredClone(QUESTIONS);
  edit(doc.drills.questions);
  return doc;
}

test('the questions-file checks: a drill names a known mistake, only drills name one, and worked steps fill from values', () => {
  assert.deepEqual(lines(validateQuestions(QUESTIONS, opts)), []);
  assert.deepEqual(lines(validateQuestions(withDrills((qs) => { delete qs[0].mistake; }), opts)),
    ['drill-moe-weights: mistake: must be one of moe_active_params, head_dim_from_hidden, attention_heads_for_kv, gib_as_gb, vram_summed (it is missing)']);
  assert.deepEqual(lines(validateQuestions(withDrills((qs) => { qs[1].mistake = 'head_dim'; }), opts)),
    ['drill-head-dim: mistake: must be one of moe_active_params, head_dim_from_hidden, attention_heads_for_kv, gib_as_gb, vram_summed (got "head_dim")']);
  assert.deepEqual(lines(validateQuestions(withDrills((qs) => { qs[2].worked[1] = 'd_h = {nope}'; }), opts)),
    ['drill-kv-heads: worked[1]: uses {nope} but the question has no value named "nope" in values']);
  assert.deepEqual(lines(validateQuestions(withDrills((qs) => { qs[2].worked = []; }), opts)),
    ['drill-kv-heads: worked: must be an array of 1 to 12 steps (strings)']);
  // "mistake" outside the drills block, and a drill value outside it.
  const misplaced = structuredClone(QUESTIONS);
  misplaced.questions[1].mistake = 'gib_as_gb';
  misplaced.questions[1].values.x = { calc: 'drill', field: 'total_gb' };
  assert.deepEqual(lines(validateQuestions(misplaced, opts)), [
    'q2-speculative: values.x.calc: "drill" is only available in drills questions',
    'q2-speculative: mistake: is only available in drills questions',
  ]);
  // A worked estimate is open to any question.
  const worked = structuredClone(QUESTIONS);
  worked.questions[1].worked = ['One pass: {tokens_per_pass} tokens.'];
  assert.deepEqual(lines(validateQuestions(worked, opts)), []);
});

/** Every built-in drill prepared at `seed`: the question, its texts, its steps' settings and its drill. */
function drillsAt(seed) {
  return QUESTIONS.drills.questions.map((q) => {
    const made = blockResolver(budget, quizCore, { block: 'drills', seed, question: q, presets });
    assert.ok(made.ok, made.error);
    const prepared = prepareQuestion(q, made.resolve, quizCore);
    assert.ok(prepared.ok, JSON.stringify(prepared.problems));
    return { q, prepared, drill: quizCore.makeMistakeDrill(seed, q.mistake).value.values };
  });
}

test('each built-in drill grades its step and its corrected number right, and the mistaken ones wrong', () => {
  // The number the mistaken step showed, in the corrected step's unit.
  const shownNumber = {
    moe_active_params: (v) => `${v.shown_weight_bytes} B`,
    head_dim_from_hidden: (v) => String(v.shown_head_dim),
    attention_heads_for_kv: (v) => `${v.shown_kv_bytes_per_token} B`,
    gib_as_gb: (v) => `${v.shown_total_gb} GB`,
    vram_summed: (v) => `${v.shown_available_gb} GB`,
  };
  const shownVerdict = { gib_as_gb: 'wrong_unit' }; // right in GiB: the checker says so
  const seen = new Set();
  for (const seed of [1, 2, 3, 99, 4294967295]) {
    for (const { q, prepared, drill } of drillsAt(seed)) {
      seen.add(q.mistake);
      const [which, corrected] = q.steps;
      const where = `${q.id} seed ${seed}`;
      const step = quizCore.DRILL_MISTAKES.find((m) => m.name === q.mistake).step;
      assert.equal(gradeStep(which, prepared.steps.get(which.id), [`step-${step}`], quizCore).verdict, 'correct', where);
      for (const other of [1, 2, 3, 4, 5, 6].filter((s) => s !== step)) {
        assert.equal(gradeStep(which, prepared.steps.get(which.id), [`step-${other}`], quizCore).verdict, 'wrong', `${where} step ${other}`);
      }
      const settings = prepared.steps.get(corrected.id);
      const right = `${settings.expected} ${settings.default_unit}`.trim();
      assert.equal(gradeStep(corrected, settings, right, quizCore).verdict, 'correct', `${where}: ${right}`);
      const wrong = shownNumber[q.mistake](drill);
      assert.equal(gradeStep(corrected, settings, wrong, quizCore).verdict, shownVerdict[q.mistake] || 'wrong', `${where}: ${wrong}`);
      // No placeholder is left unfilled in what the student reads.
      for (const t of [q.prompt, ...q.worked, ...q.explanation]) assert.doesNotMatch(fill(t, prepared.texts), /\{[a-z_]+\}/, where);
    }
  }
  assert.equal(seen.size, 5);
});

test('the worked estimate shows the mistaken number in its step and the right one in the explanation', () => {
  const [moe] = drillsAt(1);
  assert.equal(fill(moe.q.worked[0], moe.prepared.texts), 'Weights: 22 × 10⁹ parameters × 1 B = 22,000,000,000 B.');
  assert.match(fill(moe.q.explanation[0], moe.prepared.texts), /all 235 billion, every expert included: 235 × 10⁹ × 1 B = 235 GB\./);
  assert.match(fill(moe.q.worked[5], moe.prepared.texts), /^Memory to fit it in: 80 GB\. Fits: yes\.$/);
  assert.match(fill(moe.q.explanation[1], moe.prepared.texts), /Fits: no\.$/);
});
