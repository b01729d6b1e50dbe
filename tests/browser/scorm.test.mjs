// The SCORM 2004 package (dist/llm-budget-lab-scorm.zip)
// against a real SCORM run-time, npm scorm-again (its browser build), on a
// test "LMS" page that exposes window.API_1484_11 and frames the package's
// launch page the way an LMS does. Answers, reload with the saved cmi
// (loadFromJSON), answers come back from cmi.suspend_data; the recorded score
// is the page's. Then the ways it can go wrong: no LMS, an API that throws, one
// that refuses Commit, corrupt or other-version suspend_data. And the manifest
// against the SCORM 2004 4th edition packaging rules (the XSDs cannot be
// fetched here; the rules are written out below).
// Expected answers: tests/data/seed-values.json (Q1 53 GB, does not fit, 33 GB
// with an 8-bit cache; Q2 2.952 tokens per pass; Q3 4-bit weights).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, mkdirSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { REPO, DIST, assertBuilt, launch, recordedPage, serveFolder } from './lib/harness.mjs';

const SEED = JSON.parse(readFileSync(path.join(REPO, 'tests/data/seed-values.json'), 'utf8'));
const KC = Object.fromEntries(SEED.knowledge_check.map((q) => [q.id, q]));
const QUESTIONS = JSON.parse(readFileSync(path.join(REPO, 'content/questions.json'), 'utf8'));
const KEY = (qid) => `llm-budget-lab:${QUESTIONS.lesson}:${QUESTIONS.version}:${qid}`;
/** The SCORM adapter's browser copy of question `qid` for LMS learner `learner` (web/scorm/adapter.js browserKey). */
const LEARNER_KEY = (qid, learner) => `${KEY(qid)}:lms-learner:${encodeURIComponent(learner)}`;

/**
 * A questions file at the schema's largest: 50 questions of 20 steps, odd
 * steps typed (bytes, in GB), even ones a yes/no choice. The typed steps
 * expect 23.48576 GB: 13e9 B of weights + 2 × 40 × 5 × 128 × 4,096 × 25 × 2 B
 * = 10,485,760,000 B of cache.
 */
function longQuestions() {
  const questions = [];
  for (let q = 1; q <= 50; q += 1) {
    const steps = [];
    for (let s = 1; s <= 20; s += 1) {
      steps.push(s % 2 ? { id: `step-${s}`, kind: 'numeric', prompt: `Memory of setting ${s}?`, dimension: 'bytes', unit: 'GB',
        expected: 23.48576, tolerance: { relative: 0.001, absolute: 0 } }
        : { id: `step-${s}`, kind: 'choice', prompt: 'Does it fit in 80 GB?', choices: [
          { id: 'yes', text: 'Yes', correct: true }, { id: 'no', text: 'No', correct: false }] });
    }
    questions.push({ id: `q${q}-memory`, title: `Question ${q}`, prompt: 'Work out the memory.', steps, explanation: ['Weights plus cache.'] });
  }
  return { format: 'llm-budget-lab-questions', lesson: 'LONG-1', version: 'v1', questions };
}
const LONG = longQuestions();
const LONG_KEY = (qid) => `llm-budget-lab:${LONG.lesson}:${LONG.version}:${qid}`;

let browser;
let lms; // the test LMS on 127.0.0.1: lms.html, scorm-again, the package under pkg/
let dir;
let files; // the zip's entries

// The LMS side: scorm-again's Scorm2004API (or a broken API for ?mode=throw),
// every call logged in window.calls, the package framed as an LMS frames a SCO.
// ?mode=refuse refuses Commit; ?fail=N takes N cmi.suspend_data values, then
// answers "false" to each later one; ?cut=N keeps only the first N characters
// of each cmi.suspend_data value (and says "true"); ?pkg=NAME frames NAME/index.html;
// ?learner=ID is the learner the LMS names (cmi.learner_id; scorm-again's default is "").
const LMS_JS = `
const params = new URLSearchParams(location.search);
const mode = params.get('mode') || 'good';
window.calls = [];
if (mode === 'throw') {
  const fail = () => { window.calls.push('throw'); throw new Error('the LMS is down'); };
  window.API_1484_11 = { Initialize: fail, GetValue: fail, SetValue: fail, Commit: fail, Terminate: fail, GetLastError: fail };
} else {
  const api = new Scorm2004API({ logLevel: 5 });
  if (window.savedCmi) api.loadFromJSON(window.savedCmi);
  if (params.has('learner')) api.loadFromJSON({ learner_id: params.get('learner') });
  for (const name of ['Initialize', 'Commit', 'Terminate']) {
    const original = api[name].bind(api);
    api[name] = (...args) => {
      if (mode === 'refuse' && name === 'Commit') { window.calls.push('Commit refused'); return 'false'; }
      window.calls.push(name);
      return original(...args);
    };
  }
  const setValue = api.SetValue.bind(api);
  let taken = 0;
  api.SetValue = (element, value) => {
    if (element !== 'cmi.suspend_data') return setValue(element, value);
    if (params.has('fail') && taken >= Number(params.get('fail'))) { window.calls.push('suspend_data refused'); return 'false'; }
    taken += 1;
    window.calls.push('suspend_data');
    return setValue(element, params.has('cut') ? String(value).slice(0, Number(params.get('cut'))) : value);
  };
  window.API_1484_11 = api;
}
const frame = document.createElement('iframe');
frame.id = 'sco';
frame.title = 'lesson';
frame.src = (params.get('pkg') || 'pkg') + '/index.html';
document.body.append(frame);
`;

before(async () => {
  assertBuilt();
  dir = mkdtempSync(path.join(tmpdir(), 'llmb-scorm-'));
  files = unzipSync(new Uint8Array(readFileSync(path.join(DIST, 'llm-budget-lab-scorm.zip'))));
  mkdirSync(path.join(dir, 'pkg'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, 'pkg', name), bytes);
  copyFileSync(path.join(REPO, 'node_modules/scorm-again/dist/scorm2004.min.js'), path.join(dir, 'scorm2004.min.js'));
  writeFileSync(path.join(dir, 'lms.js'), LMS_JS);
  // The same package with the quiz reading a long questions file (LONG, below).
  mkdirSync(path.join(dir, 'pkg-long'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, 'pkg-long', name), bytes);
  const launchPage = strFromU8(files['index.html']);
  assert.ok(launchPage.includes('<llm-budget-lab parts="quiz" '));
  writeFileSync(path.join(dir, 'pkg-long', 'index.html'), launchPage.replace('<llm-budget-lab parts="quiz" ', '<llm-budget-lab parts="quiz" questions="long-questions.json" '));
  writeFileSync(path.join(dir, 'pkg-long', 'long-questions.json'), JSON.stringify(LONG));
  writeFileSync(path.join(dir, 'lms.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<script src="scorm2004.min.js"></script></head><body><h1>Test LMS</h1><script src="lms.js"></script></body></html>`);
  browser = await launch();
  lms = await serveFolder(dir, { host: '127.0.0.1' });
});

after(async () => {
  if (browser) await browser.close();
  if (lms) await lms.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const step = (q, s) => `llm-budget-lab [data-question="${q}"] [data-step="${s}"]`;
async function type(root, q, s, text) {
  await root.locator(`${step(q, s)} input`).fill(text);
  await root.locator(`${step(q, s)} button.quiz-check`).click();
}
async function choose(root, q, s, id) {
  await root.locator(`${step(q, s)} input[data-choice="${id}"]`).check();
  await root.locator(`${step(q, s)} button.quiz-check`).click();
}
const verdict = (root, q, s) => root.locator(`${step(q, s)} [data-feedback]`).getAttribute('data-verdict');

/**
 * Opens `url` with `savedCmi` handed to the LMS page: in a fresh context (fresh
 * localStorage), or, with `same`, in a new page of `same`'s context (the same
 * browser, its localStorage kept: a relaunch on the student's own machine).
 */
async function openLms(url, savedCmi = null, same = null) {
  const rec = same ? { context: same.context, page: await same.context.newPage(), pageErrors: [] }
    : await recordedPage(browser, { viewport: { width: 1200, height: 900 } });
  if (same) rec.page.on('pageerror', (e) => rec.pageErrors.push(String(e)));
  if (savedCmi) await rec.page.addInitScript((cmi) => { window.savedCmi = cmi; }, savedCmi);
  await rec.page.goto(url);
  return rec;
}
/** The quiz's records in this browser's localStorage (key -> parsed record). */
const browserCopies = (root) => root.locator('body').evaluate(() => Object.fromEntries(Object.keys(localStorage)
  .filter((k) => k.startsWith('llm-budget-lab:')).map((k) => [k, JSON.parse(localStorage.getItem(k))])));
/** One step of version 2's cmi.suspend_data (web/scorm/suspend-data.js): [answer, checked 0/1, seconds after "t"]. */
const suspendStep = (suspend, qid, sid) => suspend.quizzes[`${QUESTIONS.lesson}:${QUESTIONS.version}`][qid][1][sid];
async function quizOf(page, framed = true) {
  const root = framed ? page.frameLocator('#sco') : page;
  await root.locator('llm-budget-lab [data-part="quiz"][data-state="ready"]').waitFor({ timeout: 20000 });
  return root;
}
const cmiOf = (page) => page.evaluate(() => window.API_1484_11.renderCMIToJSONObject().cmi);

test('SCORM package in scorm-again: answers, score and status recorded; a relaunch brings the answers back', async () => {
  const first = await openLms(`${lms.url}lms.html`);
  let sco = await quizOf(first.page);
  assert.equal(await sco.locator('[data-scorm-status]').count(), 0, 'no notice when the LMS answers');
  assert.equal(await sco.locator('llm-budget-lab[parts="quiz"]').getAttribute('report'), 'events');
  let cmi = await cmiOf(first.page);
  assert.equal(cmi.completion_status, 'incomplete');
  assert.equal(cmi.exit, 'suspend');

  // Every step (Q1 4, Q2 1, Q3 2, Q4 1: 8); the 8-bit follow-up answered 40 GB where 33 GB is right: 7 of 8.
  // Q4's L = λ × W from the numbers its prompt shows (the core's simulation, tests/node/quiz-simulate.test.mjs).
  await type(sco, 'q1-fit', 'total', `${KC['q1-fit'].total_gb} GB`);
  await choose(sco, 'q1-fit', 'fits', KC['q1-fit'].fits ? 'yes' : 'no');
  await choose(sco, 'q1-fit', 'lever', 'cache-8bit');
  await type(sco, 'q1-fit', 'effect-cache-8bit', '40 GB');
  await type(sco, 'q2-speculative', 'tokens', KC['q2-speculative'].tokens_per_pass.toFixed(3));
  await choose(sco, 'q3-output-changing', 'changes', 'weights-4bit');
  await choose(sco, 'q3-output-changing', 'action', 'evaluate');
  await type(sco, 'q4-littles-law', 'in-flight', '0.958 × 6.57');
  const line = sco.locator('llm-budget-lab [data-quiz-score]');
  assert.equal(await line.textContent(), 'Knowledge check complete: 7 of 8 steps right.');

  cmi = await cmiOf(first.page);
  // The page's score is the recorded one.
  assert.deepEqual(cmi.score, { scaled: '0.875', raw: await line.getAttribute('data-raw'), min: '0', max: await line.getAttribute('data-max') });
  assert.deepEqual(cmi.score, { scaled: '0.875', raw: '7', min: '0', max: '8' });
  assert.equal(cmi.completion_status, 'completed');
  assert.equal(cmi.success_status, 'failed');
  const suspend = JSON.parse(cmi.suspend_data);
  assert.equal(suspend.format, 'llm-budget-lab-suspend');
  assert.equal(suspend.version, 2);
  // Saved in this run: at most a minute after the start time "t", which is a time of this test's day.
  const [answerText, checked, after] = suspendStep(suspend, 'q2-speculative', 'tokens');
  assert.deepEqual([answerText, checked], ['2.952', 1]);
  assert.ok(Number.isInteger(after) && after >= 0 && after < 60, after);
  assert.ok(Math.abs(suspend.t - Date.now() / 1000) < 600, suspend.t);
  assert.ok(cmi.suspend_data.length < 64000);
  // Answers went to the LMS, not to this browser's storage.
  assert.deepEqual(await sco.locator('body').evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('llm-budget-lab:'))), []);

  // The student corrects the follow-up: recorded again, now passed.
  await type(sco, 'q1-fit', 'effect-cache-8bit', `${KC['q1-fit'].after_8bit_cache.total_gb} GB`);
  cmi = await cmiOf(first.page);
  assert.deepEqual(cmi.score, { scaled: '1', raw: '8', min: '0', max: '8' });
  assert.equal(cmi.success_status, 'passed');

  // Leaving the SCO (the LMS closes its frame): Terminate, once.
  await first.page.evaluate(() => document.getElementById('sco').remove());
  await first.page.waitForFunction(() => window.calls.includes('Terminate'));
  const calls = await first.page.evaluate(() => window.calls);
  assert.equal(calls.filter((c) => c === 'Initialize').length, 1);
  assert.equal(calls.filter((c) => c === 'Terminate').length, 1);
  assert.ok(calls.filter((c) => c === 'Commit').length >= 3);
  const saved = await cmiOf(first.page);
  assert.deepEqual(first.pageErrors, []);
  await first.context.close();

  // Relaunch in a fresh browser profile: the LMS hands back its cmi; the answers come back from suspend_data.
  const second = await openLms(`${lms.url}lms.html`, saved);
  sco = await quizOf(second.page);
  assert.equal(await sco.locator(`${step('q1-fit', 'total')} input`).inputValue(), `${KC['q1-fit'].total_gb} GB`);
  assert.equal(await sco.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '2.952');
  assert.equal(await verdict(sco, 'q2-speculative', 'tokens'), 'correct');
  assert.equal(await verdict(sco, 'q1-fit', 'effect-cache-8bit'), 'correct');
  assert.equal(await sco.locator(`${step('q3-output-changing', 'changes')} input[data-choice="weights-4bit"]`).isChecked(), true);
  assert.equal(await verdict(sco, 'q4-littles-law', 'in-flight'), 'correct');
  assert.equal(await sco.locator('llm-budget-lab [data-quiz-score]').textContent(), 'Knowledge check complete: 8 of 8 steps right.');
  const again = await cmiOf(second.page);
  assert.equal(again.completion_status, 'completed', 'a relaunch keeps the completion');
  assert.deepEqual(again.score, { scaled: '1', raw: '8', min: '0', max: '8' });
  assert.deepEqual(second.pageErrors, []);
  await second.context.close();
});

test('no LMS, an API that throws, one that refuses Commit: the page works and says so once', async () => {
  const NOTICE = 'Your learning platform (LMS) could not be reached, so your progress is not recorded there. The lesson and the quiz work as usual, with your answers kept in this browser.';
  const cases = [['alone', `${lms.url}pkg/index.html`, false], ['throw', `${lms.url}lms.html?mode=throw`, true],
    ['refuse', `${lms.url}lms.html?mode=refuse`, true]];
  for (const [name, url, framed] of cases) {
    const rec = await openLms(url);
    const sco = await quizOf(rec.page, framed);
    const status = sco.locator('[data-scorm-status]');
    assert.equal(await status.count(), 1, name);
    assert.equal(await status.textContent(), NOTICE, name);
    await type(sco, 'q2-speculative', 'tokens', '2.952');
    await type(sco, 'q1-fit', 'total', '53 GB');
    assert.equal(await verdict(sco, 'q2-speculative', 'tokens'), 'correct', name);
    assert.equal(await verdict(sco, 'q1-fit', 'total'), 'correct', name);
    assert.equal(await status.count(), 1, `${name}: said once`);
    // As today without an LMS: the answers are in this browser.
    assert.ok(await sco.locator('body').evaluate((b, k) => localStorage.getItem(k), KEY('q2-speculative')), name);
    if (name === 'refuse') {
      const calls = await rec.page.evaluate(() => window.calls);
      assert.deepEqual(calls, ['Initialize', 'Commit refused'], 'nothing more is tried after a refusal');
    }
    assert.deepEqual(rec.pageErrors, [], name);
    await rec.context.close();
  }
});

test('an LMS that stops taking answers mid-session: the answers kept in this browser are merged back at the next launch, newest step winning', async () => {
  // Four cmi.suspend_data values taken, then "false" to every later one. A typed answer is
  // saved twice (the box's change as it loses the focus to Check, then the check): Q2 "3",
  // then Q1's total fill the four.
  const first = await openLms(`${lms.url}lms.html?fail=4&learner=learner-a`);
  let sco = await quizOf(first.page);
  await type(sco, 'q2-speculative', 'tokens', '3');
  await type(sco, 'q1-fit', 'total', '53 GB');
  assert.equal((await first.page.evaluate(() => window.calls)).filter((c) => c === 'suspend_data').length, 4);
  assert.equal(await sco.locator('[data-scorm-status]').count(), 0, 'the LMS took both');
  await choose(sco, 'q1-fit', 'fits', 'no');
  const status = sco.locator('[data-scorm-status]');
  assert.equal(await status.locator('[data-scorm-notice="lost"]').textContent(),
    'Your learning platform (LMS) could not be reached, so your progress is not recorded there. The lesson and the quiz work as usual, with your answers kept in this browser.');
  // After the refusal: Q2 corrected, Q3 answered, in this browser only.
  await type(sco, 'q2-speculative', 'tokens', '2.952');
  await choose(sco, 'q3-output-changing', 'changes', 'weights-4bit');
  const saved = await cmiOf(first.page);
  const lmsCopy = JSON.parse(saved.suspend_data);
  assert.deepEqual(suspendStep(lmsCopy, 'q2-speculative', 'tokens').slice(0, 2), ['3', 1], 'the LMS kept the first answer');
  assert.equal(lmsCopy.quizzes['LM10-T6:v1']['q3-output-changing'], undefined);
  const local = await browserCopies(sco);
  assert.equal(local[LEARNER_KEY('q2-speculative', 'learner-a')].steps.tokens.answer, '2.952', 'kept as learner-a\'s');
  assert.deepEqual(first.pageErrors, []);
  await first.page.close();

  // The next launch of the same learner, LMS working again, on the same machine: every later answer is back.
  const second = await openLms(`${lms.url}lms.html?learner=learner-a`, saved, first);
  sco = await quizOf(second.page);
  assert.equal(await sco.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '2.952', 'the newer Q2 answer wins');
  assert.equal(await verdict(sco, 'q2-speculative', 'tokens'), 'correct');
  assert.equal(await sco.locator(`${step('q1-fit', 'total')} input`).inputValue(), '53 GB');
  assert.equal(await sco.locator(`${step('q1-fit', 'fits')} input[data-choice="no"]`).isChecked(), true);
  assert.equal(await sco.locator(`${step('q3-output-changing', 'changes')} input[data-choice="weights-4bit"]`).isChecked(), true);
  // Q2's step and Q1's "fits" and Q3's "changes" came from this browser: 3 answers.
  assert.equal(await sco.locator('[data-scorm-status] [data-scorm-notice="merged"]').textContent(),
    'Your answers were merged from your learning platform (LMS) and this browser: for each step the answer saved last is shown (3 answers from this browser).');
  // The merge is saved in the LMS, and the browser's copies, now stale, are gone.
  await second.page.waitForFunction(() => JSON.parse(window.API_1484_11.renderCMIToJSONObject().cmi.suspend_data)
    .quizzes['LM10-T6:v1']['q3-output-changing'] !== undefined);
  const merged = JSON.parse((await cmiOf(second.page)).suspend_data);
  assert.deepEqual(suspendStep(merged, 'q2-speculative', 'tokens').slice(0, 2), ['2.952', 1]);
  assert.deepEqual(suspendStep(merged, 'q1-fit', 'fits').slice(0, 2), [['no'], 1]);
  assert.deepEqual(suspendStep(merged, 'q1-fit', 'total').slice(0, 2), ['53 GB', 1]);
  assert.deepEqual(await browserCopies(sco), {});
  assert.deepEqual(second.pageErrors, []);
  await first.context.close();
});

test('a shared browser: one learner\'s browser copies never reach another learner\'s LMS record; copies of no known learner stay out too', async () => {
  const q2Box = (sco) => sco.locator(`${step('q2-speculative', 'tokens')} input`);
  const q1Total = (sco) => sco.locator(`${step('q1-fit', 'total')} input`);
  // Someone uses the package without an LMS: Q2 kept under the plain key, as the quiz keeps it anywhere.
  const alone = await openLms(`${lms.url}pkg/index.html`);
  let sco = await quizOf(alone.page, false);
  await type(sco, 'q2-speculative', 'tokens', '2.952');
  assert.equal((await browserCopies(sco))[KEY('q2-speculative')].steps.tokens.answer, '2.952');
  await alone.page.close();

  // Learner A, in the same browser, with an LMS that takes no answer: A's answer is kept as A's; the plain copy is not A's.
  const a = await openLms(`${lms.url}lms.html?fail=0&learner=learner-a`, null, alone);
  sco = await quizOf(a.page);
  assert.equal(await q2Box(sco).inputValue(), '', 'a copy of no known learner is not shown to learner A');
  await type(sco, 'q1-fit', 'total', '53 GB');
  await sco.locator('[data-scorm-notice="lost"]').waitFor();
  const before = await browserCopies(sco);
  assert.deepEqual(Object.keys(before).sort(), [KEY('q2-speculative'), LEARNER_KEY('q1-fit', 'learner-a')].sort());
  assert.deepEqual(a.pageErrors, []);
  await a.page.close();

  // Learner B, same browser, a working LMS with an empty cmi: nothing of A's or of the plain copy is shown or saved.
  const b = await openLms(`${lms.url}lms.html?learner=learner-b`, null, alone);
  sco = await quizOf(b.page);
  assert.equal(await q2Box(sco).inputValue(), '');
  assert.equal(await q1Total(sco).inputValue(), '');
  assert.equal(await sco.locator('[data-scorm-notice="merged"]').count(), 0);
  await choose(sco, 'q3-output-changing', 'changes', 'weights-4bit');
  const quizzes = JSON.parse((await cmiOf(b.page)).suspend_data).quizzes['LM10-T6:v1'];
  assert.deepEqual(Object.keys(quizzes), ['q3-output-changing'], "only B's own answer is in B's record");
  assert.deepEqual(await browserCopies(sco), before, 'the other copies are left in this browser untouched');
  assert.deepEqual(b.pageErrors, []);
  await alone.context.close();

  // Copies the released version (73460c0) wrote name no learner: not merged into a learner's record, still loaded without an LMS.
  const stored = JSON.parse(readFileSync(path.join(REPO, 'tests/data/release-73460c0/local-storage.json'), 'utf8'));
  const seed = await openLms(`${lms.url}pkg/index.html`);
  await seed.page.evaluate((all) => { for (const [k, v] of Object.entries(all)) localStorage.setItem(k, v); }, stored);
  await seed.page.close();
  const c = await openLms(`${lms.url}lms.html?learner=learner-c`, null, seed);
  sco = await quizOf(c.page);
  assert.equal(await q1Total(sco).inputValue(), '');
  assert.equal(await q2Box(sco).inputValue(), '');
  assert.equal(JSON.parse((await cmiOf(c.page)).suspend_data || '{}').quizzes, undefined, "nothing of the release's copies in C's record");
  await c.page.close();
  const offline = await openLms(`${lms.url}pkg/index.html`, null, seed);
  sco = await quizOf(offline.page, false);
  assert.equal(await q1Total(sco).inputValue(), '13 GB + 40 GB', 'without an LMS the released copies load as before');
  assert.equal(await q2Box(sco).inputValue(), '2.95');
  assert.deepEqual(offline.pageErrors, []);
  await seed.context.close();
});

/** An answers file for LONG: every typed step answered `typed` (checked or not), every choice "yes", checked. */
function longAnswers(typed, checked) {
  const answers = {};
  for (const q of LONG.questions) {
    answers[q.id] = { steps: Object.fromEntries(q.steps.map((s) => [s.id,
      s.kind === 'numeric' ? { answer: typed, checked } : { answer: ['yes'], checked: true }])), explained: false };
  }
  return { format: 'llm-budget-lab-answers', lesson: LONG.lesson, version: LONG.version, saved_at: '2026-12-01T12:00:00.000Z', answers };
}
/** Loads an answers file into the quiz in `sco` and waits for its status line. */
async function loadAnswers(sco, doc, name) {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(doc));
  await sco.locator('llm-budget-lab [data-part="quiz"] input[type="file"]').setInputFiles(file);
  await sco.locator('llm-budget-lab [data-quiz-status]').filter({ hasText: 'Answers loaded' }).waitFor({ timeout: 30000 });
}
/** How many of LONG's typed boxes hold `typed`, and how many "yes" boxes are ticked. */
const longFilled = (sco, typed) => sco.locator('body').evaluate((body, t) => {
  const quiz = body.querySelector('llm-budget-lab[parts="quiz"]');
  const root = quiz.shadowRoot || quiz;
  return [[...root.querySelectorAll('[data-step] input[type="text"], [data-step] input:not([type])')].filter((i) => i.value === t).length,
    root.querySelectorAll('[data-step] input[data-choice="yes"]:checked').length];
}, typed);

test('a 50-question file of 20 steps each, every step answered: the whole record fits in cmi.suspend_data and comes back', async () => {
  const typed = '13e9 B + 2 * 40 * 5 * 128 * 4096 * 25 * 2 B';
  const first = await openLms(`${lms.url}lms.html?pkg=pkg-long`);
  let sco = await quizOf(first.page);
  await loadAnswers(sco, longAnswers(typed, true), 'long-answers.json');
  assert.equal(await verdict(sco, 'q50-memory', 'step-19'), 'correct');
  assert.equal(await sco.locator('[data-scorm-status]').count(), 0, 'nothing to say: the LMS keeps them all');
  const saved = await cmiOf(first.page);
  // 1,000 answers; version 1 writes about 67,200 characters for them (more than the 64,000 kept), version 2 about 45,700.
  assert.ok(saved.suspend_data.length < 64000, saved.suspend_data.length);
  assert.equal(Object.keys(JSON.parse(saved.suspend_data).quizzes['LONG-1:v1']).length, 50);
  assert.deepEqual(await browserCopies(sco), {});
  await first.context.close();

  const second = await openLms(`${lms.url}lms.html?pkg=pkg-long`, saved);
  sco = await quizOf(second.page);
  assert.deepEqual(await longFilled(sco, typed), [500, 500]);
  assert.equal(await verdict(sco, 'q50-memory', 'step-19'), 'correct');
  assert.deepEqual(second.pageErrors, []);
  await second.context.close();
});

test('answers past the 64,000 characters an LMS keeps go to this browser, the page says where they are, and a relaunch brings all of them back', async () => {
  // 500 typed answers of 205 characters (the same sum with 25 "0 B" terms): over 100,000 characters in any form.
  const typed = `13e9 B + ${'0 B + '.repeat(25)}2 * 40 * 5 * 128 * 4096 * 25 * 2 B`;
  const first = await openLms(`${lms.url}lms.html?pkg=pkg-long&learner=learner-a`);
  let sco = await quizOf(first.page);
  await loadAnswers(sco, longAnswers(typed, false), 'longer-answers.json');
  const notice = sco.locator('[data-scorm-status] [data-scorm-notice="answers"]');
  assert.match(await notice.textContent(), /^Your answers are now too long for your learning platform to keep \(\d{3},\d{3} characters; it keeps at most 64,000\), so they are kept in this browser until they fit again\. The platform still holds the answers saved before\.$/);
  const local = await browserCopies(sco);
  assert.equal(Object.keys(local).length, 50, 'every question is in this browser');
  assert.equal(local[`${LONG_KEY('q50-memory')}:lms-learner:learner-a`].steps['step-19'].answer, typed);
  const saved = await cmiOf(first.page);
  assert.ok(saved.suspend_data.length <= 64000);
  await first.page.close();

  // Relaunch on the same machine: the LMS's part and this browser's, every answer back, and still said where they are.
  const second = await openLms(`${lms.url}lms.html?pkg=pkg-long&learner=learner-a`, saved, first);
  sco = await quizOf(second.page);
  assert.deepEqual(await longFilled(sco, typed), [500, 500]);
  await sco.locator('[data-scorm-status] [data-scorm-notice="answers"]').filter({ hasText: 'kept in this browser' }).waitFor();
  assert.deepEqual(second.pageErrors, []);
  await first.context.close();
});

test('an LMS that keeps only part of suspend_data: noticed when saving, answers kept in this browser, the cut record kept at the next launch', async () => {
  const first = await openLms(`${lms.url}lms.html?cut=100&learner=learner-a`);
  let sco = await quizOf(first.page);
  await type(sco, 'q2-speculative', 'tokens', '2.952');
  const notice = sco.locator('[data-scorm-status] [data-scorm-notice="answers"]');
  assert.match(await notice.textContent(), /^Your learning platform kept only part of your answers \(100 of \d+ characters\), so from now on they are kept in this browser\.$/);
  await type(sco, 'q1-fit', 'total', '53 GB');
  const local = await browserCopies(sco);
  assert.equal(local[LEARNER_KEY('q2-speculative', 'learner-a')].steps.tokens.answer, '2.952');
  assert.equal(local[LEARNER_KEY('q1-fit', 'learner-a')].steps.total.answer, '53 GB');
  const saved = await cmiOf(first.page);
  assert.equal(saved.suspend_data.length, 100);
  await first.page.close();

  const second = await openLms(`${lms.url}lms.html?learner=learner-a`, saved, first);
  sco = await quizOf(second.page);
  assert.equal(await sco.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '2.952');
  assert.equal(await sco.locator(`${step('q1-fit', 'total')} input`).inputValue(), '53 GB');
  assert.match(await sco.locator('[data-scorm-notice="unreadable"]').textContent(), /it is not complete JSON \(it may have been cut short; it is 100 characters long\)/);
  // Nothing came from the LMS (its record cannot be read): the two answers shown are this browser's, and only that is said.
  assert.equal(await sco.locator('[data-scorm-notice="merged"]').textContent(),
    'Your answers saved in this browser are shown (2 answers); nothing was taken from your learning platform, whose record this page cannot read.');
  assert.equal((await cmiOf(second.page)).suspend_data, saved.suspend_data, 'the cut record is left as it was');
  assert.deepEqual(second.pageErrors, []);
  await first.context.close();
});

test('corrupt, mangled or other-version suspend_data is kept until the student copies or discards it; version 1 is read', async () => {
  const record = { lesson: QUESTIONS.lesson, version: QUESTIONS.version, steps: { tokens: { answer: '9', checked: true } }, explained: false };
  const cases = {
    corrupt: ['{"format":"llm-budget-lab-suspend","version":2,"t":1764633600,"quizzes":{', /^it is not complete JSON/],
    otherVersion: [JSON.stringify({ format: 'llm-budget-lab-suspend', version: 3, answers: { [KEY('q2-speculative')]: record } }),
      /^it is of format version 3, which this page cannot read/],
    otherFormat: [JSON.stringify({ answers: { [KEY('q2-speculative')]: record } }), /^it is not in a format this page knows$/],
    mangled: [JSON.stringify({ format: 'llm-budget-lab-suspend', version: 2, t: 0, quizzes: { 'LM10-T6:v1': { 'q2-speculative': { tokens: '9' } } } }),
      /^one of its records is not in the expected form$/],
  };
  for (const [name, [suspendData, problem]] of Object.entries(cases)) {
    const rec = await openLms(`${lms.url}lms.html`, { suspend_data: suspendData });
    const sco = await quizOf(rec.page);
    assert.equal(await sco.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '', name);
    const said = await sco.locator('[data-scorm-notice="unreadable"]').textContent();
    const reason = /cannot read \((.*)\)\. They are left there as they are, and your new answers are kept in this browser, until you copy that record or discard it\.$/.exec(said);
    assert.ok(reason, `${name}: ${said}`);
    assert.match(reason[1], problem, name);
    await type(sco, 'q2-speculative', 'tokens', '2.952');
    assert.equal((await cmiOf(rec.page)).suspend_data, suspendData, `${name}: not overwritten`);
    assert.equal((await browserCopies(sco))[KEY('q2-speculative')].steps.tokens.answer, '2.952', `${name}: kept in this browser`);
    // Copy: the record, exactly, on the clipboard.
    await rec.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: lms.url });
    await sco.locator('[data-action="copy-unreadable"]').click();
    await sco.locator('[data-scorm-copy-note]').filter({ hasText: `Copied (${suspendData.length} characters)` }).waitFor();
    assert.equal(await rec.page.evaluate(() => navigator.clipboard.readText()), suspendData, name);
    // Discard: the platform takes the answers again.
    await sco.locator('[data-action="discard-unreadable"]').click();
    const suspend = JSON.parse((await cmiOf(rec.page)).suspend_data);
    assert.deepEqual(suspendStep(suspend, 'q2-speculative', 'tokens').slice(0, 2), ['2.952', 1], name);
    assert.equal(await sco.locator('[data-scorm-notice="unreadable"]').count(), 0, name);
    assert.equal(await sco.locator('[data-scorm-notice="answers"]').textContent(),
      'The record this page could not read was discarded; your answers are saved in your learning platform from now on.', name);
    assert.deepEqual(await browserCopies(sco), {}, `${name}: the browser's copy is gone once the platform holds it`);
    assert.deepEqual(rec.pageErrors, [], name);
    await rec.context.close();
  }
  // Version 1, as releases 3fbce11 and 73460c0 wrote it: read, and answered over in version 2.
  const v1 = JSON.stringify({ format: 'llm-budget-lab-suspend', version: 1, answers: { [KEY('q2-speculative')]: record } });
  const rec = await openLms(`${lms.url}lms.html`, { suspend_data: v1 });
  const sco = await quizOf(rec.page);
  assert.equal(await sco.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '9');
  assert.equal(await verdict(sco, 'q2-speculative', 'tokens'), 'wrong');
  assert.equal(await sco.locator('[data-scorm-status]').count(), 0);
  await type(sco, 'q2-speculative', 'tokens', '2.952');
  assert.deepEqual(suspendStep(JSON.parse((await cmiOf(rec.page)).suspend_data), 'q2-speculative', 'tokens').slice(0, 2), ['2.952', 1]);
  await rec.context.close();
});

/**
 * The SCORM 2004 4th edition packaging rules the manifest is held to (from the
 * Content Aggregation Model book; the XSDs themselves are not available here):
 *  1. imsmanifest.xml at the package root, well-formed XML;
 *  2. root <manifest> in the IMS CP 1.1.4 namespace, with an identifier;
 *  3. <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion>;
 *  4. the adlcp, adlseq, adlnav and imsss namespaces declared with the 2004 4th edition URIs;
 *  5. <organizations default> names an <organization> of the manifest;
 *  6. every organization and item has a non-empty <title>;
 *  7. every identifier is unique and a valid xs:ID (NCName);
 *  8. each leaf item's identifierref names a resource; an item with identifierref has no child items;
 *  9. exactly one resource, a SCO: type="webcontent", adlcp:scormType="sco", an href;
 * 10. every href is relative, inside the package (no "..", no scheme, no leading "/") and the file is in the zip;
 * 11. every file of the zip but the manifest is listed as a <file> of the resource, and the launch href is among them.
 */
function manifestRules() {
  return (xml, zipNames) => {
    const problems = [];
    const CP = 'http://www.imsglobal.org/xsd/imscp_v1p1';
    const ADLCP = 'http://www.adlnet.org/xsd/adlcp_v1p3';
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length) return ['1: not well-formed XML'];
    const root = doc.documentElement;
    if (root.localName !== 'manifest' || root.namespaceURI !== CP) problems.push('2: root is not an IMS CP manifest');
    if (!root.getAttribute('identifier')) problems.push('2: manifest has no identifier');
    const kids = (el, name) => [...el.children].filter((c) => c.localName === name && c.namespaceURI === CP);
    const text = (el, name) => (kids(el, name)[0] ? kids(el, name)[0].textContent.trim() : '');
    const meta = kids(root, 'metadata')[0];
    if (!meta || text(meta, 'schema') !== 'ADL SCORM' || text(meta, 'schemaversion') !== '2004 4th Edition') problems.push('3: schema/schemaversion');
    const ns = { adlcp: ADLCP, adlseq: 'http://www.adlnet.org/xsd/adlseq_v1p3', adlnav: 'http://www.adlnet.org/xsd/adlnav_v1p3', imsss: 'http://www.imsglobal.org/xsd/imsss' };
    for (const [prefix, uri] of Object.entries(ns)) if (root.lookupNamespaceURI(prefix) !== uri) problems.push(`4: ${prefix} namespace`);
    const orgsEl = kids(root, 'organizations')[0];
    const orgs = orgsEl ? kids(orgsEl, 'organization') : [];
    if (!orgsEl || !orgs.some((o) => o.getAttribute('identifier') === orgsEl.getAttribute('default'))) problems.push('5: organizations default');
    const all = [...root.getElementsByTagNameNS(CP, '*')];
    for (const el of all.filter((e) => e.localName === 'organization' || e.localName === 'item')) {
      if (!text(el, 'title')) problems.push(`6: ${el.localName} ${el.getAttribute('identifier')} has no title`);
    }
    const ids = all.map((e) => e.getAttribute('identifier')).filter((x) => x !== null);
    if (new Set(ids).size !== ids.length) problems.push('7: duplicate identifier');
    for (const id of ids) if (!/^[A-Za-z_][A-Za-z0-9._-]*$/.test(id)) problems.push(`7: ${id} is not an NCName`);
    const resourcesEl = kids(root, 'resources')[0];
    const resources = resourcesEl ? kids(resourcesEl, 'resource') : [];
    for (const item of all.filter((e) => e.localName === 'item')) {
      const ref = item.getAttribute('identifierref');
      if (ref && kids(item, 'item').length) problems.push(`8: item ${item.getAttribute('identifier')} has identifierref and children`);
      if (!ref && !kids(item, 'item').length) problems.push(`8: leaf item ${item.getAttribute('identifier')} has no identifierref`);
      if (ref && !resources.some((r) => r.getAttribute('identifier') === ref)) problems.push(`8: ${ref} names no resource`);
    }
    const scos = resources.filter((r) => r.getAttributeNS(ADLCP, 'scormType') === 'sco');
    if (resources.length !== 1 || scos.length !== 1) problems.push('9: not exactly one resource, a SCO');
    const sco = scos[0];
    if (sco && (sco.getAttribute('type') !== 'webcontent' || !sco.getAttribute('href'))) problems.push('9: SCO type or href');
    const listed = sco ? kids(sco, 'file').map((f) => f.getAttribute('href')) : [];
    for (const href of [sco && sco.getAttribute('href'), ...listed].filter(Boolean)) {
      if (/^[a-z][a-z0-9+.-]*:|^\/|(^|\/)\.\.(\/|$)/i.test(href)) problems.push(`10: ${href} is not inside the package`);
      if (!zipNames.includes(href)) problems.push(`10: ${href} is not in the zip`);
    }
    for (const name of zipNames.filter((n) => n !== 'imsmanifest.xml')) if (!listed.includes(name)) problems.push(`11: ${name} is not listed`);
    if (sco && !listed.includes(sco.getAttribute('href'))) problems.push('11: the launch page is not listed');
    return problems;
  };
}

test('imsmanifest.xml follows the SCORM 2004 4th edition packaging rules; broken copies are caught', async () => {
  const names = Object.keys(files);
  assert.equal(names[0], 'imsmanifest.xml');
  assert.ok(names.includes('index.html') && names.includes('scorm-adapter.js') && names.includes('llm-budget-lab.wasm'));
  const xml = strFromU8(files['imsmanifest.xml']);
  const rec = await recordedPage(browser);
  await rec.page.goto(`${lms.url}lms.html?mode=throw`);
  const check = (x, n) => rec.page.evaluate(`(${manifestRules.toString()})()(${JSON.stringify(x)}, ${JSON.stringify(n)})`);
  assert.deepEqual(await check(xml, names), []);
  // The rules bite: each broken copy is named.
  assert.deepEqual(await check(xml.replace('2004 4th Edition', '2004 3rd Edition'), names), ['3: schema/schemaversion']);
  assert.deepEqual(await check(xml, [...names, 'extra.js']), ['11: extra.js is not listed']);
  assert.deepEqual(await check(xml, names.filter((n) => n !== 'lesson.css')), ['10: lesson.css is not in the zip']);
  assert.deepEqual(await check(xml.replace('identifierref="res-lesson"', 'identifierref="res-other"'), names), ['8: res-other names no resource']);
  assert.deepEqual(await check(xml.replace('</manifest>', ''), names), ['1: not well-formed XML']);
  // The launch page loads the adapter before the element, so it can hand the element its storage.
  const launchHtml = strFromU8(files['index.html']);
  assert.ok(launchHtml.indexOf('scorm-adapter.js') < launchHtml.indexOf('llm-budget-lab.js'));
  await rec.context.close();
});
