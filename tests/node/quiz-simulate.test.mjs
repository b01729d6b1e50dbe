// The questions file's "simulate" calculation (web/quiz/resolve.js, web/quiz/schema.js):
// the serving simulation's results by the traffic declaration's names, the
// built-in Little's law question's answer from the core, and refusals that
// name the field.
// Run: node --test tests/node/quiz-simulate.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateQuestions } from '../../web/quiz/schema.js';
import { prepareQuestion } from '../../web/quiz/prepare.js';
import { gradeStep } from '../../web/quiz/grade.js';
import { makeResolver, fill, needsTraffic, simulationFields } from '../../web/quiz/resolve.js';
import { presetSet } from '../../web/element/preset-set.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PRESETS = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/presets.json'), 'utf8'));
const QUESTIONS = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/questions.json'), 'utf8'));
const budget = await loadBudgetCore();
const quizCore = await loadQuizCore();
const traffic = await loadTrafficCore();
const presets = presetSet(PRESETS).forCore(budget);
const resolve = makeResolver(budget, quizCore, null, { presets, traffic });
const lines = (problems) => problems.map((p) => `${p.id}: ${p.field}: ${p.reason}`);

const LOAD = { request_rate: 1, requests: 1000, input_tokens: 1024, output_tokens: 256 };
const GQA8 = (set = {}) => ({ ...presets.defaultInput(budget), ...presets.presetPatch('lesson-gqa8-16', budget), ...set });

/** A one-question file whose single numeric step expects `expected`. */
function file(expected, values = {}) {
  return { format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 't-1', questions: [{
    id: 's1', title: 'Simulated', prompt: 'How many?', values,
    steps: [{ id: 'n', kind: 'numeric', prompt: 'How many?', dimension: 'none', unit: '', expected,
      tolerance: { relative: 0.03, absolute: 0 } }],
    explanation: ['Because.'] }] };
}

test('Question 4: the expected requests in flight are the simulation\'s own, and Little\'s law gives them from the numbers shown', () => {
  const q = QUESTIONS.questions.find((x) => x.id === 'q4-littles-law');
  const step = q.steps[0];
  const prepared = prepareQuestion(q, resolve, quizCore);
  assert.equal(prepared.ok, true, JSON.stringify(prepared.problems));
  // The same run as the traffic facade's (lesson-gqa8-16, 1,000 requests of 1,024 + 256 tokens at 1 request/s, seed 1).
  const run = traffic.simulateTraffic(GQA8(), LOAD);
  assert.equal(run.ok, true);
  const v = run.value;
  assert.equal(v.unstable, false, 'the question says the queue stayed bounded');
  assert.equal(prepared.steps.get('in-flight').expected, v.mean_in_flight);
  assert.equal(v.mean_in_flight, 6.295964451154318); // wasm = native, the portable seeded run
  // Little's law, L = λ·W with λ the rate measured over the run: a run that starts and ends empty
  // has the area under its in-flight curve equal to the sum of the latencies, so the two agree to rounding.
  assert.ok(Math.abs(v.requests_per_s * v.e2e_s.mean - v.mean_in_flight) < 1e-9 * v.mean_in_flight);
  // The student works from the prompt's rounded figures, λ = 0.958 and W = 6.57: 0.958 × 6.57 = 6.29406,
  // 0.03 % from 6.29596, inside the step's 3 %.
  assert.equal(fill(q.prompt, prepared.texts).includes('λ = 0.958 per second, each took W = 6.57 s'), true, fill(q.prompt, prepared.texts));
  const shown = Number(prepared.texts.throughput) * Number(prepared.texts.latency_s);
  assert.ok(Math.abs(shown - v.mean_in_flight) <= step.tolerance.relative * v.mean_in_flight, String(shown));
  const grade = (answer) => gradeStep(step, prepared.steps.get('in-flight'), answer, quizCore).verdict;
  assert.equal(grade('0.958 × 6.57'), 'correct');
  assert.equal(grade('6.3'), 'correct');
  // The nominal rate: 1 × 6.5696 s = 6.57, 4.3 % high: close (within 6 %), and its feedback says why.
  assert.equal(grade('6.57'), 'close');
  assert.match(step.feedback.close, /measured over the run/);
  // W / λ = 6.857 (8.9 % high) and λ / W = 0.146: wrong.
  assert.equal(grade('6.57 / 0.958'), 'wrong');
  assert.equal(grade('0.146'), 'wrong');
});

test('a simulate value reads every declared result: numbers, a summary\'s statistic in another unit, the highest load', () => {
  const calc = (field, extra = {}) => ({ calc: 'simulate', preset: 'lesson-gqa8-16', traffic: LOAD, field, ...extra });
  const v = traffic.simulateTraffic(GQA8(), LOAD).value;
  assert.deepEqual(resolve(calc('requests_per_s')), { ok: true, value: v.requests_per_s });
  assert.deepEqual(resolve(calc('ttft_s.p90')), { ok: true, value: v.ttft_s.p90 });
  // e2e_s is declared in s: 6.5696 s is 6,569.6 ms.
  assert.ok(Math.abs(resolve(calc('e2e_s.mean'), 'ms').value - v.e2e_s.mean * 1000) < 1e-9);
  assert.deepEqual(resolve(calc('unstable')), { ok: true, value: false });
  // The knee: the highest rate whose TTFT p90 stays within 0.5 s, from the core's load search.
  const knee = traffic.highestLoad(GQA8({ ttft_target_s: 0.5 }), LOAD).value;
  assert.equal(knee.found, true);
  assert.deepEqual(resolve(calc('max_rate.highest_load', { set: { ttft_target_s: 0.5 } })), { ok: true, value: knee.highest_load });
  // The field list is the declaration's: every summary with each statistic, every search result after "max_rate.".
  const names = simulationFields(traffic.declaration).map((f) => f.name);
  assert.ok(names.includes('e2e_s.p99') && names.includes('mean_in_flight') && names.includes('max_rate.highest_load'));
  // 16 simulation results, of which 3 summaries (ttft_s, tpot_s, e2e_s) give 4 names each: 13 + 12; then 7 search results.
  const summaries = traffic.declaration.results.simulation.filter((f) => f.kind === 'summary').length;
  assert.equal(summaries, 3);
  assert.equal(names.length, traffic.declaration.results.simulation.length - summaries
    + summaries * traffic.declaration.statistics.length + traffic.declaration.results.max_rate.length);
  assert.equal(names.length, 13 + 12 + 7);
});

test('a simulate calculation\'s refusals name the field and the reason', () => {
  const calc = (extra) => ({ calc: 'simulate', preset: 'lesson-gqa8-16', field: 'mean_in_flight', ...extra });
  const bad = resolve(calc({ field: 'in_flight' }));
  assert.equal(bad.ok, false);
  assert.match(bad.error, /^field "in_flight" is not a result of the simulation; the fields are unstable, tpot_defined, ttft_s\.mean, /);
  const refused = resolve(calc({ traffic: { requests: 2.5 } }));
  assert.deepEqual([refused.ok, refused.error], [false, 'traffic.requests: requests must be a whole number from 1 to 1e6 (got 2.5)']);
  assert.match(resolve(calc({ traffic: { reqs: 5 } })).error, /^traffic\.reqs: reqs is not a traffic field; the fields are request_rate, /);
  assert.match(resolve(calc({ set: { kv_heads: 7 } })).error, /^kv_heads /);
  const unknown = resolve(calc({ preset: 'nope' }));
  assert.deepEqual([unknown.ok, unknown.error], [false, 'unknown preset "nope"']);
  // Past the knee (the server does about 2.2 requests/s here) the in-flight count has no value.
  assert.match(resolve(calc({ traffic: { request_rate: 4 } })).error, /^simulate\.mean_in_flight has no value: the run is unstable/);
  // One output token: no time between tokens, so no TPOT (null in the core's result, not 0).
  assert.equal(resolve(calc({ traffic: { output_tokens: 1 }, field: 'tpot_s.p50' })).error,
    'simulate.tpot_s.p50 has no value: every request has one output token, so TPOT is not defined');
  // A resolver made without the traffic facade says what it needs.
  const without = makeResolver(budget, quizCore, null, { presets });
  assert.match(without(calc({})).error, /^a "simulate" calculation needs the serving simulation/);
});

test('the schema checks a simulate calculation by the traffic declaration, and asks for the traffic facade', () => {
  const opts = { quizCore, budget, presets, traffic };
  const expected = { calc: 'simulate', preset: 'lesson-gqa8-16', traffic: LOAD, field: 'mean_in_flight' };
  assert.deepEqual(validateQuestions(file(expected), opts), []);
  assert.deepEqual(lines(validateQuestions(file({ ...expected, traffic: { ...LOAD, rate: 1 } }), opts)),
    [`s1: steps.n.expected.traffic.rate: is not a traffic field (the fields are ${traffic.declaration.inputs.map((f) => f.name).join(', ')})`]);
  const wrongField = lines(validateQuestions(file({ ...expected, field: 'e2e_s.p95' }), opts));
  assert.equal(wrongField.length, 1);
  assert.match(wrongField[0], /^s1: steps\.n\.expected\.field: must be one of unstable, .*e2e_s\.p99, .* \(got "e2e_s\.p95"\)$/);
  assert.deepEqual(lines(validateQuestions(file({ ...expected, traffic: { requests: '10' } }), opts)),
    ['s1: steps.n.expected.traffic.requests: must be a finite number (got "10")']);
  assert.deepEqual(lines(validateQuestions(file({ ...expected, seed: 3 }), opts)),
    ['s1: steps.n.expected.seed: is not a key here (expected one of calc, unit, digits, preset, field, set, traffic)']);
  // A value the core refuses is found when the question is prepared, by the traffic field's name.
  assert.deepEqual(lines(validateQuestions(file({ ...expected, traffic: { requests: 0 } }), opts)),
    ['s1: steps.n.expected: traffic.requests: requests must be a whole number from 1 to 1e6 (got 0)']);
  // A yes/no result is for a choice step.
  assert.deepEqual(lines(validateQuestions(file({ ...expected, field: 'unstable' }), opts)),
    ['s1: steps.n.expected.field: "unstable" is yes/no: use a choice step with correct_value']);
  // Without the traffic facade a simulate calculation cannot be checked, and says so.
  assert.deepEqual(lines(validateQuestions(file(expected), { quizCore, budget, presets })),
    ['s1: steps.n.expected.calc: "simulate" needs the serving simulation: the checker was given no traffic core (web/core/traffic-core.js)']);
});

test('needsTraffic: only a file that names a simulate calculation loads the serving simulation', () => {
  assert.equal(needsTraffic(QUESTIONS), true);
  const without = { ...QUESTIONS, questions: QUESTIONS.questions.filter((q) => q.id !== 'q4-littles-law') };
  assert.equal(needsTraffic(without), false);
  assert.equal(needsTraffic(file({ calc: 'number', value: 3 }, { v: { calc: 'simulate' } })), true);
  assert.equal(needsTraffic(null), false);
});

test('an empty practice block (drills.questions: []) is refused by its path', () => {
  const opts = { quizCore, budget, presets, traffic };
  for (const block of ['drills', 'practice', 'kv_practice']) {
    const doc = { ...QUESTIONS, [block]: { title: 'Empty', questions: [] } };
    assert.deepEqual(lines(validateQuestions(doc, opts)),
      [`(file): ${block}.questions: must hold 1 to 50 questions (got an empty array); leave "${block}" out for none`], block);
  }
});
