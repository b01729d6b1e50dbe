// Tests for the guided tours' content (content/tours.json): tools/check-content
// refuses a broken copy with one line naming the file, the step and the path
// inside it; the tour link reader refuses hostile text in words; a step's
// prediction is graded by the core from two plan() calls.
// Run: node --test tests/node/tours.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { presetSet } from '../../web/element/preset-set.js';
import { validateTours } from '../../web/tour/tour-schema.js';
import { stepResolver, preparePrediction, stepInput } from '../../web/tour/tour-steps.js';
import { readTourStep } from '../../web/tour/tour-link.js';
import { splitFragment, joinFragment } from '../../web/element/link-fragment.js';
import { readFragment } from '../../web/element/link-state.js';
import { gradeStep } from '../../web/quiz/grade.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOOL = path.join(ROOT, 'tools', 'check-content');
const CONTENT = path.join(ROOT, 'content');
const TOURS = JSON.parse(fs.readFileSync(path.join(CONTENT, 'tours.json'), 'utf8'));
const CORE = await loadBudgetCore();
const QUIZ = await loadQuizCore();
const PRESETS = presetSet(JSON.parse(fs.readFileSync(path.join(CONTENT, 'presets.json'), 'utf8'))).forCore(CORE);

/** Copies content/, lets `mutate(tours, dir)` break tours.json (or a lesson file), runs the tool. */
function runOnBrokenCopy(mutate) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-tours-'));
  try {
    fs.cpSync(CONTENT, dir, { recursive: true });
    const tours = structuredClone(TOURS);
    mutate(tours, dir);
    fs.writeFileSync(path.join(dir, 'tours.json'), JSON.stringify(tours, null, 2));
    const r = spawnSync(process.execPath, [TOOL, '--dir', dir], { encoding: 'utf8' });
    return { code: r.status, err: r.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function assertFails(r, line) {
  assert.equal(r.code, 1, r.err);
  assert.ok(r.err.split('\n').includes(line), `expected\n  ${line}\nin\n${r.err}`);
}

test('the real tours pass the checks', () => {
  assert.deepEqual(validateTours(TOURS, { core: CORE, quizCore: QUIZ, presets: PRESETS }), []);
  assert.deepEqual(TOURS.tours.map((t) => [t.id, t.steps.length]), [['decision', 5], ['four-costs', 4]]);
});

test('check-content names the file, the step and the path of each broken tour', () => {
  assertFails(runOnBrokenCopy((t) => { t.tours[0].steps[1].target.part = 'calculater'; }),
    'tours.json: decision/baseline: target.part: unknown part "calculater" (known: presets, calculator, table, memory-chart, batch-chart, speculative, attention, decision, traffic, measured, kv-practice, quiz)');
  assertFails(runOnBrokenCopy((t) => { t.tours[0].steps[0].target.field = 'kv_cache_gb'; }),
    'tours.json: decision/workload: target.field: unknown result field "kv_cache_gb" (a declared result of plan() or capacity(), such as weight_bytes, kv_cache_bytes, kv_cache_bytes_per_token, total_bytes)');
  assertFails(runOnBrokenCopy((t) => { t.tours[1].steps[0].set.preset = 'lesson-gqa9'; }),
    'tours.json: four-costs/weights: set.preset: unknown preset "lesson-gqa9" (a configuration, model or GPU id of presets.json)');
  assertFails(runOnBrokenCopy((t) => { t.tours[1].steps = []; }),
    'tours.json: four-costs: steps: is empty: a tour needs at least one step');
  assertFails(runOnBrokenCopy((t) => { t.tours[1].steps[1].id = 'weights'; }),
    'tours.json: four-costs/weights: id: duplicate step id (another step of tour "four-costs" has it)');
  assertFails(runOnBrokenCopy((t) => { t.tours[1].steps[0].set.inputs = { batchh: 2 }; }),
    'tours.json: four-costs/weights: set.inputs.batchh: is not an input field the core declares');
  // A state the core refuses is named with the core's sentence.
  const r = runOnBrokenCopy((t) => { t.tours[1].steps[0].set.inputs = { kv_heads: 64 }; });
  assert.match(r.err, /^tours\.json: four-costs\/weights: set\.inputs\.kv_heads: .+/m);
  // A prediction whose answer the core cannot compute: the speed of a plan that does not fit.
  assertFails(runOnBrokenCopy((t) => { t.tours[0].steps[2].predict.correct_value = { calc: 'change', field: 'per_request_tokens_per_s' }; }),
    'tours.json: decision/keep-output: predict.correct_value: plan.per_request_tokens_per_s gave no number');
});

test('check-content checks the targets of the lesson\'s linked terms', () => {
  const r = runOnBrokenCopy((t, dir) => {
    const f = path.join(dir, 'lesson', '03-budget.md');
    fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('{{term:kv_cache_bytes|KV cache}}', '{{term:kv_cache_gb|KV cache}}'));
  });
  assert.equal(r.code, 1, r.err);
  assert.match(r.err, /^lesson\/03-budget\.md: line \d+: term: \{\{term:kv_cache_gb\|\.\.\.\}\}: field: unknown result field "kv_cache_gb"/m);
});

test('a change prediction is graded from two plan() calls: doubling the batch slows each request', () => {
  const step = TOURS.tours[1].steps.find((s) => s.id === 'bandwidth');
  const resolve = stepResolver(step, CORE, QUIZ, PRESETS);
  // Lesson 7B at B = 1 then 2: the second request's cache is read on every step too, so the step grows.
  const before = CORE.plan(stepInput(step, PRESETS, CORE).input).value.per_request_tokens_per_s;
  const after = CORE.plan(stepInput(step, PRESETS, CORE, { batch: 2 }).input).value.per_request_tokens_per_s;
  assert.ok(after < before, `${after} < ${before}`);
  assert.deepEqual(resolve({ calc: 'change', field: 'per_request_tokens_per_s' }), { ok: true, value: -1 });
  assert.deepEqual(resolve({ calc: 'change', field: 'weight_bytes' }), { ok: true, value: 0 });
  const p = preparePrediction(step, CORE, QUIZ, PRESETS);
  assert.ok(p.ok);
  assert.equal(gradeStep(p.step, p.settings, ['down'], QUIZ).verdict, 'correct');
  assert.equal(gradeStep(p.step, p.settings, ['up'], QUIZ).verdict, 'wrong');
});

test('a numeric prediction: 8-bit weights of the 7B model are 7 GB (7e9 parameters x 1 byte)', () => {
  const step = TOURS.tours[1].steps.find((s) => s.id === 'weights');
  const p = preparePrediction(step, CORE, QUIZ, PRESETS);
  assert.ok(p.ok);
  assert.equal(p.settings.expected, 7);
  assert.equal(gradeStep(p.step, p.settings, '7 GB', QUIZ).verdict, 'correct');
  assert.equal(gradeStep(p.step, p.settings, '14 GB', QUIZ).verdict, 'wrong');
  assert.equal(gradeStep(p.step, p.settings, '7000 MB', QUIZ).verdict, 'correct');
});

test('the tour link: steps by number or id; hostile text refused in words', () => {
  const tours = TOURS.tours;
  assert.deepEqual(readTourStep('decision/3', tours), { ok: true, tour: 0, step: 2 });
  assert.deepEqual(readTourStep('four-costs/cache', tours), { ok: true, tour: 1, step: 1 });
  for (const [seg, re] of [['decision/0', /has no step “0”/], ['decision/6', /has no step “6”/], ['x/1', /names the tour “x”/],
    ['<script>/1', /not of the form/], ['%E0%A4%A', /not readable text/], ['a'.repeat(101), /too long/], ['decision/1/2', /not of the form/]]) {
    const r = readTourStep(seg, tours);
    assert.equal(r.ok, false, seg);
    assert.match(r.message, re, seg);
  }
});

test('the fragment keeps a tour step and the calculator settings side by side', () => {
  assert.deepEqual(splitFragment('#tour=decision/3&lab:batch=32;kv_heads=8'), { tour: 'decision/3', rest: 'lab:batch=32;kv_heads=8' });
  assert.deepEqual(splitFragment('#lab:batch=32'), { tour: null, rest: 'lab:batch=32' });
  assert.deepEqual(splitFragment('#budget'), { tour: null, rest: 'budget' });
  assert.equal(joinFragment('decision/3', 'lab:batch=32'), 'tour=decision/3&lab:batch=32');
  assert.equal(joinFragment(null, 'lab:batch=32'), 'lab:batch=32');
  const base = PRESETS.defaultInput(CORE);
  const read = readFragment('#tour=decision/3&lab:batch=32', CORE, base);
  assert.equal(read.input.batch, 32);
  assert.deepEqual(read.notices, [], 'the tour step is not read as a calculator setting');
  assert.equal(readFragment('#tour=decision/3', CORE, base), null, 'a tour step alone sets no calculator input');
});
