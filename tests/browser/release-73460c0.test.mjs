// What release 73460c0 saved for a student, loaded by the current page
// (tests/data/release-73460c0, README there; captured from the 73460c0 build
// in chromium): its localStorage quiz records and its SCORM suspend_data
// (format version 1, read now through web/scorm/suspend-data.js's migration).
// The answers (seed-values.json's knowledge check): Q1 13 GB + 40 GB = 53 GB,
// does not fit in 48 GB, 8-bit cache, 33 GB: four right; Q2 "2.95" typed but
// not checked (so no verdict); Q3 4-bit weights, evaluate: two right. Six of
// seven steps right, two of three questions complete. The current file adds Q4
// (Little's law, one step), which 73460c0 never saw: it comes back unanswered,
// and the same answers read 6 of 8 steps right, 2 of 4 questions complete.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, mkdirSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { REPO, DIST, openSession, closeSession, assertQuiet, recordedPage, serveFolder } from './lib/harness.mjs';

const DATA = path.join(REPO, 'tests/data/release-73460c0');
const read = (name) => JSON.parse(readFileSync(path.join(DATA, name), 'utf8'));
const STORED = read('local-storage.json');
const SCORM = read('scorm-cmi.json');

const QUIZ = 'llm-budget-lab [data-part="quiz"]';
const step = (q, s) => `${QUIZ} [data-question="${q}"] [data-step="${s}"]`;
/** The score line 73460c0 showed, over its three questions (7 steps). */
const RELEASED_SCORE = 'So far: 6 of 7 steps right; 2 of 3 questions complete.';
/** The same answers now: Q4's step is one more, not answered yet. */
const SCORE = 'So far: 6 of 8 steps right; 2 of 4 questions complete.';
const Q4 = (q) => `${QUIZ} [data-question="q4-littles-law"] [data-step="in-flight"] ${q}`;

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** The student's 73460c0 answers are on the quiz in `root` (a page or a frame), with their verdicts and the score. */
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
  assert.equal(await value('q2-speculative', 'tokens'), '2.95', what);
  assert.equal(await verdict('q2-speculative', 'tokens'), null, `${what}: typed, not checked`);
  assert.equal(await checked('q3-output-changing', 'changes', 'weights-4bit'), true, what);
  assert.equal(await verdict('q3-output-changing', 'action'), 'correct', what);
  assert.equal(await root.locator(`${QUIZ} [data-question="q3-output-changing"] button.quiz-explain-toggle`).getAttribute('aria-expanded'), 'true', what);
  assert.equal(await root.locator(Q4('input')).inputValue(), '', `${what}: Q4 is new, so unanswered`);
  assert.equal(await root.locator(`${QUIZ} [data-quiz-score]`).textContent(), SCORE, what);
}

test('73460c0 wrote the score line this test expects', () => {
  assert.equal(SCORM.score_line, RELEASED_SCORE);
});

test("73460c0's localStorage records come back: answers, verdicts, the unchecked answer, the opened explanation", async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  await rec.context.addInitScript((stored) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
  }, STORED);
  await rec.page.goto(server.url);
  await rec.page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  await assertAnswersBack(rec.page, 'localStorage');
  assertQuiet(rec);
  await rec.context.close();
});

test("73460c0's SCORM suspend_data (version 1) comes back in the current package and is written again as version 2", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'llmb-release-scorm-'));
  let lms;
  try {
    const files = unzipSync(new Uint8Array(readFileSync(path.join(DIST, 'llm-budget-lab-scorm.zip'))));
    mkdirSync(path.join(dir, 'pkg'));
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, 'pkg', name), bytes);
    copyFileSync(path.join(REPO, 'node_modules/scorm-again/dist/scorm2004.min.js'), path.join(dir, 'scorm2004.min.js'));
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
    assert.equal(await sco.locator('[data-scorm-status]').count(), 0, 'read, nothing to say');
    await assertAnswersBack(sco, 'suspend_data');
    // Checking Q2's box as it is: 2.95 is within the step's ±0.005 of 2.952, so right, and the check is complete.
    await sco.locator(`${step('q2-speculative', 'tokens')} button.quiz-check`).click();
    await sco.locator(`${step('q2-speculative', 'tokens')} [data-feedback][data-verdict="correct"]`).waitFor();
    assert.equal(await sco.locator(`${QUIZ} [data-quiz-score]`).textContent(), 'So far: 7 of 8 steps right; 3 of 4 questions complete.');
    // And the new Q4 (L = λ × W from its prompt's numbers) completes the check.
    await sco.locator(Q4('input')).fill('0.958 × 6.57');
    await sco.locator(Q4('button.quiz-check')).click();
    await sco.locator(`${QUIZ} [data-quiz-score]`).filter({ hasText: 'Knowledge check complete: 8 of 8 steps right.' }).waitFor();
    const cmi = await rec.page.evaluate(() => window.API_1484_11.renderCMIToJSONObject().cmi);
    const now = JSON.parse(cmi.suspend_data);
    assert.equal(now.version, 2);
    const q3 = JSON.parse(SCORM.suspend_data).answers['llm-budget-lab:LM10-T6:v1:q3-output-changing'];
    assert.deepEqual(now.quizzes['LM10-T6:v1']['q3-output-changing'], [1, Object.fromEntries(Object.entries(q3.steps)
      .map(([id, st]) => [id, [st.answer, st.checked ? 1 : 0]]))], 'a record not touched is kept as it was');
    assert.deepEqual(now.quizzes['LM10-T6:v1']['q2-speculative'][1].tokens.slice(0, 2), ['2.95', 1]);
    assert.deepEqual(rec.pageErrors, []);
    await rec.context.close();
  } finally {
    if (lms) await lms.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
