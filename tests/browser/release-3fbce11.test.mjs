// What the previous release saved for a student, loaded by the current page
// (tests/data/release-3fbce11, README there; captured from the 3fbce11 build
// in chromium): its localStorage quiz records, its answers file, its #lab:
// link and its SCORM suspend_data. Each comes back with the same answers and
// verdicts, and the link with the same numbers.
// The answers (seed-values.json's knowledge check): Q1 13 GB + 40 GB = 53 GB,
// does not fit, 8-bit cache, 33 GB; Q2 answered "3" against 2.952 tokens per
// pass (close, not right); Q3 4-bit weights, evaluate: 6 of 7 steps right. The current file
// adds Q4 (Little's law, one step) after them: 3fbce11 never saw it, so it comes back
// unanswered and the same answers read 6 of 8 steps right, 3 of 4 questions complete.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, mkdirSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { REPO, DIST, openSession, closeSession, assertQuiet, recordedPage, waitReady, serveFolder } from './lib/harness.mjs';

const DATA = path.join(REPO, 'tests/data/release-3fbce11');
const read = (name) => JSON.parse(readFileSync(path.join(DATA, name), 'utf8'));
const STORED = read('local-storage.json');
const LINK = read('link.json');
const SCORM = read('scorm-cmi.json');
const ANSWERS_FILE = path.join(DATA, 'answers-file.json');

const QUIZ = 'llm-budget-lab [data-part="quiz"]';
const step = (q, s) => `${QUIZ} [data-question="${q}"] [data-step="${s}"]`;
const CALC = 'llm-budget-lab[parts="calculator"]';
/** The score line 3fbce11 showed, over its three questions (7 steps). */
const RELEASED_SCORE = 'Knowledge check complete: 6 of 7 steps right.';
/** The same answers now: Q4's step is one more, not answered yet. */
const SCORE = 'So far: 6 of 8 steps right; 3 of 4 questions complete.';
const Q4 = (q) => `${QUIZ} [data-question="q4-littles-law"] [data-step="in-flight"] ${q}`;

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** The student's 3fbce11 answers are on the quiz in `root` (a page or a frame), with their verdicts and the score. */
async function assertAnswersBack(root, what) {
  const value = (q, s) => root.locator(`${step(q, s)} input[type="text"], ${step(q, s)} input:not([type])`).first().inputValue();
  const verdict = (q, s) => root.locator(`${step(q, s)} [data-feedback]`).getAttribute('data-verdict');
  const checked = (q, s, id) => root.locator(`${step(q, s)} input[data-choice="${id}"]`).isChecked();
  assert.equal(await value('q1-fit', 'total'), '13 GB + 40 GB', what);
  assert.equal(await verdict('q1-fit', 'total'), 'correct', what);
  assert.equal(await checked('q1-fit', 'fits', 'no'), true, what);
  assert.equal(await checked('q1-fit', 'lever', 'cache-8bit'), true, what);
  assert.equal(await value('q1-fit', 'effect-cache-8bit'), '33 GB', what);
  assert.equal(await verdict('q1-fit', 'effect-cache-8bit'), 'correct', what);
  assert.equal(await value('q2-speculative', 'tokens'), '3', what);
  assert.equal(await verdict('q2-speculative', 'tokens'), 'close', what);
  assert.equal(await checked('q3-output-changing', 'changes', 'weights-4bit'), true, what);
  assert.equal(await verdict('q3-output-changing', 'action'), 'correct', what);
  assert.equal(await root.locator(`${QUIZ} [data-question="q1-fit"] button.quiz-explain-toggle`).getAttribute('aria-expanded'), 'true', what);
  assert.equal(await root.locator(`${Q4('input')}`).inputValue(), '', `${what}: Q4 is new, so unanswered`);
  assert.equal(await root.locator(`${QUIZ} [data-quiz-score]`).textContent(), SCORE, what);
}

test('3fbce11 wrote the score line this test expects', () => {
  assert.equal(LINK.score, RELEASED_SCORE);
});

test("3fbce11's localStorage records come back: answers, verdicts, the opened explanation, the score", async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  // Stored before the page's scripts run, as 3fbce11 left them, on the first load only.
  await rec.context.addInitScript((stored) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
  }, STORED);
  await rec.page.goto(server.url);
  await rec.page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  await assertAnswersBack(rec.page, 'localStorage');
  // Saved again in the same form: a record the current page writes reads as 3fbce11's did.
  await rec.page.locator(`${step('q2-speculative', 'tokens')} input`).fill('2.952');
  await rec.page.locator(`${step('q2-speculative', 'tokens')} button.quiz-check`).click();
  await rec.page.locator(`${QUIZ} [data-quiz-score]`).filter({ hasText: '7 of 8' }).waitFor();
  const key = Object.keys(STORED).find((k) => k.endsWith(':q2-speculative'));
  const saved = JSON.parse(await rec.page.evaluate((k) => localStorage.getItem(k), key));
  // The same record, the changed step now stamped with the second it was saved (a time of this run).
  const at = saved.steps.tokens.at;
  assert.ok(Number.isInteger(at) && Math.abs(at - Date.now() / 1000) < 600, at);
  assert.deepEqual(saved, { ...JSON.parse(STORED[key]), steps: { tokens: { answer: '2.952', checked: true, at } } });
  assertQuiet(rec);
  await rec.context.close();
});

test("3fbce11's answers file loads: every answer re-graded as before", async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  await rec.page.goto(server.url);
  await rec.page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  await rec.page.locator(`${QUIZ} input[type="file"]`).setInputFiles(ANSWERS_FILE);
  await rec.page.locator(`${QUIZ} [data-quiz-status]`).filter({ hasText: 'Answers loaded' }).waitFor();
  await assertAnswersBack(rec.page, 'answers file');
  assertQuiet(rec);
  await rec.context.close();
});

test("3fbce11's link opens the calculator at the same inputs and the same numbers", async () => {
  assert.equal(LINK.hash, '#lab:weight_bytes_per_param=0.5;cache_bytes_per_value=1;batch=32;context_tokens=16384');
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${server.url}${LINK.hash}`);
  await waitReady(rec.page);
  // The boxes as numbers (in the boxes' units: bits for the precisions), however they group digits.
  const box = async (field) => Number((await rec.page.locator(`${CALC} input.field-text[data-field="${field}"]`).inputValue()).replace(/,/g, ''));
  assert.equal(await box('batch'), 32);
  assert.equal(await box('context_tokens'), 16384);
  assert.equal(await box('weight_bytes_per_param'), 4);
  assert.equal(await box('cache_bytes_per_value'), 8);
  assert.equal(await rec.page.locator(`${CALC} [data-notice], ${CALC} .lab-notice`).count(), 0, 'nothing in the link was refused');
  const results = await rec.page.locator(`${CALC} .result-list`).textContent();
  // 7e9 × 0.5 B + 2 × 32 × 8 × 128 × 16,384 × 32 × 1 B = 3.5 GB + 34.36 GB = 37,859,738,368 B; memory-bound
  // at 1 TB/s: 37.9 ms a step, 32 / 37.86 ms = 845 tokens/s. The same lines 3fbce11 showed:
  for (const line of ['Weights3.5 GB', 'KV cache34.4 GB (65.5 kB per token)', 'Total memory37.9 GB', 'Decode step37.9 ms',
    'All requests845 tokens/s', 'Largest batch that fits71 requests']) {
    assert.ok(LINK.results.includes(line), `3fbce11 showed ${line}`);
    assert.ok(results.includes(line), `the page shows ${line}: ${results}`);
  }
  assertQuiet(rec);
  await rec.context.close();
});

test("3fbce11's SCORM suspend_data comes back in the current package, with the same score", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'llmb-release-scorm-'));
  let lms;
  try {
    const files = unzipSync(new Uint8Array(readFileSync(path.join(DIST, 'llm-budget-lab-scorm.zip'))));
    mkdirSync(path.join(dir, 'pkg'));
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, 'pkg', name), bytes);
    copyFileSync(path.join(REPO, 'node_modules/scorm-again/dist/scorm2004.min.js'), path.join(dir, 'scorm2004.min.js'));
    // The LMS hands back what it kept from the 3fbce11 session.
    writeFileSync(path.join(dir, 'lms.js'), `const api = new Scorm2004API({ logLevel: 5 });
api.loadFromJSON(${JSON.stringify({ suspend_data: SCORM.suspend_data, completion_status: SCORM.completion_status })});
window.API_1484_11 = api;
const frame = document.createElement('iframe'); frame.id = 'sco'; frame.title = 'lesson'; frame.src = 'pkg/index.html';
document.body.append(frame);`);
    writeFileSync(path.join(dir, 'lms.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<script src="scorm2004.min.js"></script></head><body><script src="lms.js"></script></body></html>`);
    lms = await serveFolder(dir, { host: '127.0.0.1' });
    const rec = await recordedPage(browser, { viewport: { width: 1200, height: 900 } });
    await rec.page.goto(`${lms.url}lms.html`);
    const sco = rec.page.frameLocator('#sco');
    await sco.locator(`${QUIZ}[data-state="ready"]`).waitFor({ timeout: 20000 });
    assert.equal(await sco.locator('[data-scorm-status]').count(), 0, 'the LMS answered');
    await assertAnswersBack(sco, 'suspend_data');
    // One more answer: the page records the score and writes suspend_data in the same format.
    await sco.locator(`${step('q2-speculative', 'tokens')} input`).fill('2.952');
    await sco.locator(`${step('q2-speculative', 'tokens')} button.quiz-check`).click();
    await sco.locator(`${QUIZ} [data-quiz-score]`).filter({ hasText: '7 of 8' }).waitFor();
    // And the new Q4 (L = λ × W from its prompt's numbers): the check is complete, and its score recorded.
    await sco.locator(Q4('input')).fill('0.958 × 6.57');
    await sco.locator(Q4('button.quiz-check')).click();
    await sco.locator(`${QUIZ} [data-quiz-score]`).filter({ hasText: 'Knowledge check complete: 8 of 8' }).waitFor();
    const cmi = await rec.page.evaluate(() => window.API_1484_11.renderCMIToJSONObject().cmi);
    assert.deepEqual(cmi.score, { scaled: '1', raw: '8', min: '0', max: '8' });
    // Written again in the current format (version 2, web/scorm/suspend-data.js), every record
    // 3fbce11 wrote in it, the one not touched exactly as it was.
    const before = JSON.parse(SCORM.suspend_data);
    const now = JSON.parse(cmi.suspend_data);
    assert.equal(now.format, before.format);
    assert.equal(now.version, 2);
    const q1 = before.answers[Object.keys(before.answers).find((k) => k.endsWith(':q1-fit'))];
    assert.deepEqual(now.quizzes['LM10-T6:v1']['q1-fit'], [q1.explained ? 1 : 0, Object.fromEntries(Object.entries(q1.steps)
      .map(([id, st]) => [id, [st.answer, st.checked ? 1 : 0]]))], 'an answer not touched is kept as it was');
    assert.deepEqual(rec.pageErrors, []);
    await rec.context.close();
  } finally {
    if (lms) await lms.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
