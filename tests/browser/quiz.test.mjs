// Browser tests of the knowledge check: Debian chromium via playwright-core.
// Expected answers come from tests/data/seed-values.json (knowledge_check):
// Q1 total 53 GB (13 GB weights + 40 GB cache), does not fit in 48 GB, 8-bit cache
// gives 20 GB and 33 GB in all; Q2 (1 - 0.8^4) / (1 - 0.8) = 2.952 tokens per pass;
// Q3 only 4-bit weights change the outputs. Q4 (ours, on Little's law) takes its numbers from the
// core's serving simulation (tests/node/quiz-simulate.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  REPO, DIST, OUT, INDEX_FILE_URL, openSession, closeSession, assertQuiet, serveDist, recordedPage, renderAllSections,
} from './lib/harness.mjs';

const SEED = JSON.parse(readFileSync(path.join(REPO, 'tests/data/seed-values.json'), 'utf8'));
const KC = Object.fromEntries(SEED.knowledge_check.map((q) => [q.id, q]));
const QUESTIONS = JSON.parse(readFileSync(path.join(REPO, 'content/questions.json'), 'utf8'));
const KEY = (qid, version = QUESTIONS.version) => `llm-budget-lab:${QUESTIONS.lesson}:${version}:${qid}`;

const QUIZ = 'llm-budget-lab [data-part="quiz"]';
const step = (q, s) => `${QUIZ} [data-question="${q}"] [data-step="${s}"]`;

let browser;
let server;

before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

async function waitQuiz(page) {
  await page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
}

async function openQuiz(contextOptions = {}, url = server.url, init = null) {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true, ...contextOptions });
  if (init) await rec.context.addInitScript(init);
  rec.dialogs = [];
  rec.page.on('dialog', (d) => { rec.dialogs.push(d.message()); d.dismiss(); });
  await rec.page.goto(url);
  await waitQuiz(rec.page);
  return rec;
}

/** Types `text` into a numeric step, presses Check, returns { verdict, text } of its feedback. */
async function answer(page, q, s, text) {
  await page.locator(`${step(q, s)} input`).fill(text);
  await page.locator(`${step(q, s)} button.quiz-check`).click();
  return feedback(page, q, s);
}

/** Ticks exactly `ids` in a choice step, presses Check. */
async function choose(page, q, s, ids) {
  const inputs = page.locator(`${step(q, s)} input[data-choice]`);
  for (let i = 0; i < await inputs.count(); i += 1) {
    const box = inputs.nth(i);
    const want = ids.includes(await box.getAttribute('data-choice'));
    if (want) await box.check(); else if ((await box.getAttribute('type')) === 'checkbox') await box.uncheck();
  }
  await page.locator(`${step(q, s)} button.quiz-check`).click();
  return feedback(page, q, s);
}

async function feedback(page, q, s) {
  const fb = page.locator(`${step(q, s)} [data-feedback]`);
  return { verdict: await fb.getAttribute('data-verdict'), text: await fb.textContent() };
}

test('numbers typed in several forms are graded by the core; choices, follow-up and explanation', async () => {
  const rec = await openQuiz();
  const { page } = rec;
  assert.equal(KC['q1-fit'].total_gb, 53);
  // Q1 total = 53 GB in several spellings.
  for (const text of ['53 GB', '53000 MB', '5.3e1', '53', '49.36 GiB', ' 53 gigabytes. ']) {
    assert.equal((await answer(page, 'q1-fit', 'total', text)).verdict, 'correct', text);
  }
  const mb = await answer(page, 'q1-fit', 'total', '53 MB');
  assert.equal(mb.verdict, 'wrong_unit');
  assert.match(mb.text, /unit/);
  const cacheOnly = await answer(page, 'q1-fit', 'total', '40 GB');
  assert.equal(cacheOnly.verdict, 'wrong', 'the cache alone is not the total');
  // The core's message, then the step's own hint for a wrong total.
  assert.match(cacheOnly.text, /^Not right\. .*plus the KV cache; check that both are in\./);
  assert.equal((await answer(page, 'q1-fit', 'total', 'a lot')).verdict, 'unparseable');
  assert.equal((await answer(page, 'q1-fit', 'total', '52 GB')).verdict, 'close', '52 is within 5 % of 53 but outside ±0.1 GB');

  // Does it fit? seed: no.
  assert.equal(KC['q1-fit'].fits, false);
  // Each choice has its own reason, filled with the question's numbers (53 GB on 48 GB).
  const yes = await choose(page, 'q1-fit', 'fits', ['yes']);
  assert.equal(yes.verdict, 'wrong');
  assert.equal(yes.text, 'Not right. 53 GB is more than the 48 GB the GPU has, so it cannot fit, and that is before keeping 10–20 % of the memory free as headroom.');
  const no = await choose(page, 'q1-fit', 'fits', ['no']);
  assert.equal(no.verdict, 'correct');
  assert.match(no.text, /^Correct\. 53 GB of weights and cache is more than the 48 GB on the GPU/);

  // First lever: a distractor is wrong and shows no follow-up; the 8-bit cache is right and asks its effect.
  const flash = await choose(page, 'q1-fit', 'lever', ['flash-attention']);
  assert.equal(flash.verdict, 'wrong');
  assert.match(flash.text, /^Not right\. .*the KV cache keeps its size, and the 40 GB cache is what overflows here\.$/);
  assert.doesNotMatch(flash.text, /which term dominates/, 'not the core\'s generic sentence');
  assert.equal(await page.locator(`${step('q1-fit', 'effect-cache-8bit')}`).isVisible(), false);
  const cache8 = await choose(page, 'q1-fit', 'lever', ['cache-8bit']);
  assert.equal(cache8.verdict, 'correct');
  assert.match(cache8.text, /^Correct\. The KV cache \(40 GB\) .* halve it to 20 GB\./);
  assert.equal(await page.locator(`${step('q1-fit', 'effect-cache-8bit')}`).isVisible(), true);
  assert.equal(await page.locator(`${step('q1-fit', 'effect-lower-load')}`).isVisible(), false);
  assert.equal(KC['q1-fit'].after_8bit_cache.total_gb, 33);
  assert.equal((await answer(page, 'q1-fit', 'effect-cache-8bit', '33 GB')).verdict, 'correct');
  assert.equal((await answer(page, 'q1-fit', 'effect-cache-8bit', '20')).verdict, 'wrong', '20 GB is the cache alone');
  // Another defensible lever gets its own follow-up: 2 KV heads instead of 5 -> cache 40*2/5 = 16 GB, total 13 + 16 = 29 GB.
  assert.equal((await choose(page, 'q1-fit', 'lever', ['fewer-kv-heads'])).verdict, 'correct');
  assert.equal(await page.locator(`${step('q1-fit', 'effect-fewer-kv-heads')}`).isVisible(), true);
  assert.equal((await answer(page, 'q1-fit', 'effect-fewer-kv-heads', '29 GB')).verdict, 'correct');

  // Q2: 2.952 tokens per pass; "2,952" is read as a decimal comma, "3" is close.
  assert.equal(KC['q2-speculative'].tokens_per_pass.toFixed(3), '2.952');
  for (const text of ['2.952', '2,952', '2.95', '≈ 2.95', '~2.95 tokens']) {
    assert.equal((await answer(page, 'q2-speculative', 'tokens', text)).verdict, 'correct', text);
  }
  const three = await answer(page, 'q2-speculative', 'tokens', '3');
  assert.equal(three.verdict, 'close');
  assert.match(three.text, /[Cc]lose/);
  assert.equal((await answer(page, 'q2-speculative', 'tokens', '2.952 GB')).verdict, 'wrong_unit');
  assert.equal((await answer(page, 'q2-speculative', 'tokens', '4')).verdict, 'wrong');

  // Q3: only 4-bit weights (seed changes_output = [false, false, true, false]).
  assert.deepEqual(KC['q3-output-changing'].changes_output, [false, false, true, false]);
  const partly = await choose(page, 'q3-output-changing', 'changes', ['batching', 'weights-4bit']);
  assert.equal(partly.verdict, 'partly');
  // The core's count, then why the wrongly selected option does not apply.
  assert.match(partly.text, /^Partly right: 1 of your 2 choices is right, 1 is not\./);
  const notes = () => page.locator(`${step('q3-output-changing', 'changes')} [data-feedback] li`).allTextContents();
  assert.deepEqual((await notes()).map((t) => t.split(':')[0]), ['“Batching more requests together” does not apply']);
  const spec = await choose(page, 'q3-output-changing', 'changes', ['speculative']);
  assert.equal(spec.verdict, 'wrong');
  // A wrong pick and the missed right option each get their reason.
  assert.deepEqual((await notes()).map((t) => t.split(':')[0]), [
    '“Weights quantised to 4 bits” applies', '“Speculative decoding with the correct acceptance rule” does not apply']);
  assert.match((await notes())[1], /target model’s own distribution/);
  assert.equal((await choose(page, 'q3-output-changing', 'changes', ['weights-4bit'])).verdict, 'correct');
  const nothing = await choose(page, 'q3-output-changing', 'action', ['nothing']);
  assert.equal(nothing.verdict, 'wrong');
  assert.match(nothing.text, /^Not right\. Saving memory is the reason for the change/);
  assert.equal((await choose(page, 'q3-output-changing', 'action', ['evaluate'])).verdict, 'correct');

  // Explanation: hidden until asked, then shows the worked numbers (13 + 40 = 53, 8-bit cache 20 -> 33).
  const expl = page.locator(`${QUIZ} [data-question="q1-fit"] .quiz-explanation`);
  assert.equal(await expl.isVisible(), false);
  const toggle = page.locator(`${QUIZ} [data-question="q1-fit"] .quiz-explain-toggle`);
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  const working = await expl.textContent();
  assert.match(working, /13 \+ 40 = 53 GB/);
  assert.match(working, /40 → 20 GB, total 13 \+ 20 = 33 GB/);
  await page.locator(`${QUIZ} [data-question="q2-speculative"] .quiz-explain-toggle`).click();
  assert.match(await page.locator(`${QUIZ} [data-question="q2-speculative"] .quiz-explanation`).textContent(), /= 2\.952 tokens per target pass/);

  // Feedback lines are live regions.
  assert.equal(await page.locator(`${step('q1-fit', 'total')} [data-feedback]`).getAttribute('role'), 'status');
  // No answer left the page: every request went to the page's own origin (page, script, styles).
  const origin = new URL(server.url).origin;
  for (const u of rec.requests) assert.equal(new URL(u).origin, origin, `request stays on the page origin: ${u}`);
  // Path and query only: the origin (checked above) holds a random port that may contain "53".
  const sent = rec.requests.map((u) => { const url = new URL(u); return url.pathname + url.search + url.hash; });
  assert.ok(!sent.some((u) => /53|2\.952|2,952/.test(u)), 'no answer text in any request');
  assertQuiet(rec);
  await rec.context.close();
});

test('Question 4, Little\'s law: the prompt shows the simulation\'s numbers; L = λ × W is right, the nominal rate close, W / λ wrong', async () => {
  const rec = await openQuiz();
  const { page } = rec;
  const q = `${QUIZ} [data-question="q4-littles-law"]`;
  // The core's run (tests/node/quiz-simulate.test.mjs): lesson-gqa8-16, 1,000 requests of 1,024 + 256 tokens
  // at 1 request/s: 0.958 requests/s finished, mean end-to-end latency 6.57 s, 6.296 requests in flight.
  const prompt = await page.locator(`${q} .quiz-prompt`).first().textContent();
  assert.match(prompt, /1,000 requests of 1,024 prompt tokens and 256 output tokens arrive at random, 1 per second on average\./);
  assert.match(prompt, /requests finished at λ = 0\.958 per second, each took W = 6\.57 s on average/);
  // 0.958 × 6.57 = 6.294, within 3 % of 6.296.
  const right = await answer(page, 'q4-littles-law', 'in-flight', '0.958 × 6.57');
  assert.equal(right.verdict, 'correct');
  assert.equal((await answer(page, 'q4-littles-law', 'in-flight', '6.3')).verdict, 'correct');
  // The nominal rate: 1 × 6.57 = 6.57, 4.3 % high: close, and the step says which rate to use.
  const nominal = await answer(page, 'q4-littles-law', 'in-flight', '6.57');
  assert.equal(nominal.verdict, 'close');
  assert.match(nominal.text, /Use the rate measured over the run, λ = 0\.958 per second, not the nominal 1 per second/);
  // W / λ = 6.858: wrong, with the step's hint.
  const divided = await answer(page, 'q4-littles-law', 'in-flight', '6.57 / 0.958');
  assert.equal(divided.verdict, 'wrong');
  assert.match(divided.text, /Little’s law multiplies: L = λ × W/);
  assert.equal((await answer(page, 'q4-littles-law', 'in-flight', '0.958 × 6.57')).verdict, 'correct');
  await page.locator(`${q} .quiz-explain-toggle`).click();
  assert.match(await page.locator(`${q} .quiz-explanation`).textContent(), /Here L = 0\.958 × 6\.57 ≈ 6\.3 requests\./);
  // Saved under its own key, beside the released questions' keys.
  const saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY('q4-littles-law')));
  assert.equal(saved.steps['in-flight'].answer, '0.958 × 6.57');
  assertQuiet(rec);
  await rec.context.close();
});

test('answers and verdicts survive a reload, under a key naming lesson, version and question', async () => {
  const rec = await openQuiz();
  const { page } = rec;
  await answer(page, 'q1-fit', 'total', '53000 MB');
  await choose(page, 'q1-fit', 'fits', ['no']);
  await answer(page, 'q2-speculative', 'tokens', '3');
  await choose(page, 'q3-output-changing', 'changes', ['weights-4bit']);
  await page.locator(`${QUIZ} [data-question="q2-speculative"] .quiz-explain-toggle`).click();
  const saved = await page.evaluate((k) => localStorage.getItem(k), KEY('q1-fit'));
  assert.ok(saved, `saved under ${KEY('q1-fit')}`);
  assert.equal(JSON.parse(saved).steps.total.answer, '53000 MB');
  await page.reload();
  await waitQuiz(page);
  assert.equal(await page.locator(`${step('q1-fit', 'total')} input`).inputValue(), '53000 MB');
  assert.equal((await feedback(page, 'q1-fit', 'total')).verdict, 'correct');
  assert.equal(await page.locator(`${step('q1-fit', 'fits')} input[data-choice="no"]`).isChecked(), true);
  assert.equal((await feedback(page, 'q1-fit', 'fits')).verdict, 'correct');
  assert.equal((await feedback(page, 'q2-speculative', 'tokens')).verdict, 'close');
  assert.equal((await feedback(page, 'q3-output-changing', 'changes')).verdict, 'correct');
  assert.equal(await page.locator(`${QUIZ} [data-question="q2-speculative"] .quiz-explanation`).isVisible(), true);
  assert.equal((await feedback(page, 'q1-fit', 'lever')).verdict, null, 'an unanswered step has no verdict');
  assertQuiet(rec);
  await rec.context.close();
});

test('when localStorage throws, grading still works and a notice appears once', async () => {
  const rec = await openQuiz({}, server.url, () => {
    const deny = () => { throw new DOMException('storage is blocked', 'SecurityError'); };
    Storage.prototype.getItem = deny;
    Storage.prototype.setItem = deny;
    Storage.prototype.removeItem = deny;
  });
  const { page } = rec;
  assert.equal((await answer(page, 'q1-fit', 'total', '53 GB')).verdict, 'correct');
  assert.equal((await answer(page, 'q2-speculative', 'tokens', '2,952')).verdict, 'correct');
  await page.locator(`${QUIZ} [data-action="reset"]`).click();
  assert.equal((await answer(page, 'q2-speculative', 'tokens', '3')).verdict, 'close');
  const notices = page.locator(`${QUIZ} [data-notice="storage"]`);
  assert.equal(await notices.count(), 1, 'one notice, however often storage fails');
  assert.match(await notices.textContent(), /kept only until you leave/);
  assertQuiet(rec);
  await rec.context.close();
});

test('reset clears answers, verdicts and storage', async () => {
  const rec = await openQuiz();
  const { page } = rec;
  await answer(page, 'q1-fit', 'total', '53 GB');
  await choose(page, 'q3-output-changing', 'changes', ['weights-4bit']);
  await page.locator(`${QUIZ} [data-action="reset"]`).click();
  assert.equal(await page.locator(`${step('q1-fit', 'total')} input`).inputValue(), '');
  assert.equal((await feedback(page, 'q1-fit', 'total')).verdict, null);
  assert.equal(await page.locator(`${step('q3-output-changing', 'changes')} input:checked`).count(), 0);
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('llm-budget-lab:')));
  assert.deepEqual(keys, []);
  await page.reload();
  await waitQuiz(page);
  assert.equal(await page.locator(`${step('q1-fit', 'total')} input`).inputValue(), '');
  assertQuiet(rec);
  await rec.context.close();
});

test('undo reset restores answers, verdicts and storage; the next change or a reload drops it', async () => {
  const rec = await openQuiz();
  const { page } = rec;
  const undo = page.locator(`${QUIZ} [data-action="undo-reset"]`);
  const savedKeys = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('llm-budget-lab:')).sort());
  assert.ok(!(await undo.isVisible()), 'no undo before a reset');
  assert.equal((await answer(page, 'q1-fit', 'total', '53 GB')).verdict, 'correct');
  await choose(page, 'q3-output-changing', 'changes', ['weights-4bit']);
  const before = await savedKeys();
  const beforeValues = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), before);
  assert.equal(before.length, 2);

  await page.locator(`${QUIZ} [data-action="reset"]`).click();
  assert.deepEqual(await savedKeys(), []);
  assert.ok(await undo.isVisible(), 'undo offered after a reset');
  await undo.click();
  assert.equal(await page.locator(`${step('q1-fit', 'total')} input`).inputValue(), '53 GB');
  assert.equal((await feedback(page, 'q1-fit', 'total')).verdict, 'correct');
  assert.equal(await page.locator(`${step('q3-output-changing', 'changes')} input:checked`).count(), 1);
  assert.deepEqual(await savedKeys(), before);
  assert.deepEqual(await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), before), beforeValues);
  assert.ok(!(await undo.isVisible()), 'undo used up');
  assert.equal(await page.locator(`${QUIZ} [data-quiz-status]`).textContent(), 'Your answers are back.');

  // Reset, then a new answer: the undo is gone and the old answers stay cleared.
  await page.locator(`${QUIZ} [data-action="reset"]`).click();
  assert.ok(await undo.isVisible());
  await page.locator(`${step('q2-speculative', 'tokens')} input`).fill('3');
  assert.ok(!(await undo.isVisible()), 'a change drops the undo');
  assert.equal(await page.locator(`${step('q1-fit', 'total')} input`).inputValue(), '');

  // Reset, then reload: nothing to undo.
  await page.locator(`${QUIZ} [data-action="reset"]`).click();
  await page.reload();
  await waitQuiz(page);
  assert.ok(!(await undo.isVisible()), 'no undo after a reload');
  assert.deepEqual(await savedKeys(), []);
  assertQuiet(rec);
  await rec.context.close();
});

test('download then load restores answers; a bad file gets a clear error', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quiz-answers-'));
  try {
    const rec = await openQuiz();
    const { page } = rec;
    await answer(page, 'q1-fit', 'total', '53 GB');
    await choose(page, 'q1-fit', 'lever', ['cache-8bit']);
    await answer(page, 'q1-fit', 'effect-cache-8bit', '33');
    await answer(page, 'q2-speculative', 'tokens', '2.95');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator(`${QUIZ} [data-action="download"]`).click(),
    ]);
    const file = path.join(dir, 'answers.json');
    await download.saveAs(file);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(doc.format, 'llm-budget-lab-answers');
    assert.equal(doc.version, QUESTIONS.version);
    assert.equal(doc.answers['q2-speculative'].steps.tokens.answer, '2.95');

    await page.locator(`${QUIZ} [data-action="reset"]`).click();
    assert.equal(await page.locator(`${step('q1-fit', 'total')} input`).inputValue(), '');
    await page.locator(`${QUIZ} input[type="file"]`).setInputFiles(file);
    await page.locator(`${QUIZ} [data-quiz-status]`).filter({ hasText: 'Answers loaded' }).waitFor();
    assert.equal(await page.locator(`${step('q1-fit', 'total')} input`).inputValue(), '53 GB');
    assert.equal((await feedback(page, 'q1-fit', 'total')).verdict, 'correct');
    assert.equal((await feedback(page, 'q1-fit', 'effect-cache-8bit')).verdict, 'correct');
    assert.equal((await feedback(page, 'q2-speculative', 'tokens')).verdict, 'correct');
    // Loaded answers are saved again: they survive a reload.
    await page.reload();
    await waitQuiz(page);
    assert.equal(await page.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '2.95');

    const status = page.locator(`${QUIZ} [data-quiz-status]`);
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{ this is not json');
    await page.locator(`${QUIZ} input[type="file"]`).setInputFiles(bad);
    await status.filter({ hasText: 'Could not load answers' }).waitFor();
    assert.match(await status.textContent(), /not valid JSON/);
    const other = path.join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ ...doc, version: 'v0' }));
    await page.locator(`${QUIZ} input[type="file"]`).setInputFiles(other);
    await status.filter({ hasText: 'version “v0”' }).waitFor();
    const mangled = path.join(dir, 'mangled.json');
    writeFileSync(mangled, JSON.stringify({ ...doc, answers: { 'q1-fit': { steps: 'none' } } }));
    await page.locator(`${QUIZ} input[type="file"]`).setInputFiles(mangled);
    await status.filter({ hasText: 'q1-fit' }).waitFor();
    // A rejected file leaves the answers as they were.
    assert.equal(await page.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '2.95');
    assertQuiet(rec);
    await rec.context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('corrupt or other-version saved data is ignored without breaking the page', async () => {
  const corrupt = {
    [KEY('q1-fit')]: '{not json',
    [KEY('q2-speculative')]: JSON.stringify({ lesson: QUESTIONS.lesson, version: QUESTIONS.version, steps: { tokens: { answer: 42, checked: true } } }),
    [KEY('q3-output-changing')]: JSON.stringify([1, 2, 3]),
    [KEY('q1-fit', 'v0')]: JSON.stringify({ lesson: QUESTIONS.lesson, version: 'v0', steps: { total: { answer: '99 GB', checked: true } } }),
  };
  const rec = await openQuiz();
  const { page } = rec;
  await page.evaluate((entries) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, corrupt);
  await page.reload();
  await waitQuiz(page);
  assert.equal(await page.locator(`${step('q1-fit', 'total')} input`).inputValue(), '');
  assert.equal(await page.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '');
  assert.equal((await feedback(page, 'q2-speculative', 'tokens')).verdict, null);
  // Still fully usable, and a new answer replaces the corrupt value.
  assert.equal((await answer(page, 'q1-fit', 'total', '53 GB')).verdict, 'correct');
  assert.equal(JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY('q1-fit'))).steps.total.answer, '53 GB');
  assertQuiet(rec);
  await rec.context.close();
});

test('an answer containing markup is shown as text, never run', async () => {
  const rec = await openQuiz();
  const { page } = rec;
  const hostile = '<img src=x onerror=alert(1)>';
  const r = await answer(page, 'q1-fit', 'total', hostile);
  assert.equal(r.verdict, 'unparseable');
  await page.reload();
  await waitQuiz(page);
  assert.equal(await page.locator(`${step('q1-fit', 'total')} input`).inputValue(), hostile);
  assert.equal((await feedback(page, 'q1-fit', 'total')).verdict, 'unparseable');
  assert.equal(await page.locator(`${QUIZ} img`).count(), 0, 'no img element in the quiz');
  assert.equal(await page.evaluate(() => document.querySelectorAll('img').length), 0);
  assert.deepEqual(rec.dialogs, [], 'no dialog opened');
  assert.ok(!rec.requests.some((u) => u.endsWith('/x')), 'no request for the img src');
  assertQuiet(rec);
  await rec.context.close();
});

test('practice with new numbers: the core\'s variant, graded the same way', async () => {
  const { loadQuizCore } = await import(pathToFileURL(path.join(REPO, 'web/core/quiz-core.js')).href);
  const quizCore = await loadQuizCore();
  const rec = await openQuiz();
  const { page } = rec;
  await page.locator(`${QUIZ} [data-action="practice"]`).click();
  const seed = Number(await page.locator(`${QUIZ} .quiz-practice`).getAttribute('data-seed'));
  const v = quizCore.makeVariant(seed);
  assert.ok(v.ok, 'the same seed gives a variant in node');
  const { total_gb: total, total_gb_8bit_cache: total8, fits, tokens_per_pass: tokens } = v.value;
  assert.match(await page.locator(`${QUIZ} [data-question="p1-fit"] .quiz-prompt`).textContent(),
    new RegExp(`^The model has ${v.value.params_billion} billion parameters, stored as ${v.value.weight_bits}-bit weights.*${v.value.gpu_memory_gb} GB`));
  assert.equal((await answer(page, 'p1-fit', 'total', `${total} GB`)).verdict, 'correct');
  assert.equal((await answer(page, 'p1-fit', 'total', `${total} MB`)).verdict, 'wrong_unit');
  assert.equal((await choose(page, 'p1-fit', 'fits', [fits ? 'yes' : 'no'])).verdict, 'correct');
  assert.equal((await answer(page, 'p1-fit', 'total-8bit', String(total8))).verdict, 'correct');
  assert.equal((await answer(page, 'p2-speculative', 'tokens', tokens.toFixed(3))).verdict, 'correct');
  await page.locator(`${QUIZ} [data-question="p2-speculative"] .quiz-explain-toggle`).click();
  // The explanation's result, to the thousandth: within half a thousandth of the variant's value
  // (a value such as (1 - 0.85³) / 0.15 = 2.5725 sits on a rounding boundary, so no one
  // rounding of it is re-derived here).
  const explained = (await page.locator(`${QUIZ} [data-question="p2-speculative"] .quiz-explanation`).textContent())
    .match(/= (\d+(?:\.\d{1,3})?) tokens per target pass/);
  assert.ok(explained, 'the explanation ends on the tokens per target pass');
  assert.ok(Math.abs(Number(explained[1]) - tokens) <= 0.0005 + 1e-12, `${explained[1]} against ${tokens}`);
  // A second click draws another variant (a new seed; the questions are rebuilt).
  await page.locator(`${QUIZ} [data-action="practice"]`).click();
  assert.equal(await page.locator(`${step('p1-fit', 'total')} input`).inputValue(), '');
  assertQuiet(rec);
  await rec.context.close();
});

test('questions="URL": another questions file over http; a bad one falls back with a notice', async () => {
  const custom = {
    format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'custom-1',
    questions: [{
      id: 'c1-weights', title: 'Custom: weights of a 70B model',
      prompt: 'A 70-billion-parameter model at 16 bits.',
      values: { w: { calc: 'plan', preset: 'lesson-gqa8-16', set: { total_params: 70e9, active_params: 0 }, field: 'weight_bytes', unit: 'GB' } },
      steps: [{ id: 'w', kind: 'numeric', prompt: 'Weight memory?', dimension: 'bytes', unit: 'GB',
        expected: { calc: 'plan', preset: 'lesson-gqa8-16', set: { total_params: 70e9, active_params: 0 }, field: 'weight_bytes' },
        tolerance: { relative: 0.01, absolute: 0, close_relative: 0.1 } }],
      explanation: ['70 × 10⁹ × 2 bytes = {w} GB.'],
    }],
  };
  const page404 = (questions) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>q</title>
<script src="/llm-budget-lab.js" defer></script></head><body><llm-budget-lab parts="quiz" questions="${questions}"></llm-budget-lab></body></html>`;
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  const { page, context } = rec;
  await context.route(`${server.url}/custom.html`, (r) => r.fulfill({ contentType: 'text/html', body: page404('custom.json') }));
  await context.route(`${server.url}/broken.html`, (r) => r.fulfill({ contentType: 'text/html', body: page404('broken.json') }));
  await context.route(`${server.url}/custom.json`, (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(custom) }));
  const broken = JSON.parse(JSON.stringify(custom));
  broken.questions[0].steps[0].dimension = 'furlongs';
  await context.route(`${server.url}/broken.json`, (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(broken) }));

  await page.goto(`${server.url}/custom.html`);
  await waitQuiz(page);
  assert.equal(await page.locator(`${QUIZ} [data-question]`).count(), 1);
  // 70e9 parameters × 2 bytes = 140 GB.
  assert.equal((await answer(page, 'c1-weights', 'w', '140 GB')).verdict, 'correct');
  assert.equal((await answer(page, 'c1-weights', 'w', '70 GB')).verdict, 'wrong');
  assert.ok(await page.evaluate(() => localStorage.getItem('llm-budget-lab:LM10-T6:custom-1:c1-weights')));

  await page.goto(`${server.url}/broken.html`);
  await waitQuiz(page);
  const notice = page.locator(`${QUIZ} [data-notice="questions"]`);
  assert.match(await notice.textContent(), /c1-weights: steps\.w\.dimension: must be one of/);
  assert.equal(await page.locator(`${QUIZ} [data-question="q1-fit"]`).count(), 1, 'built-in questions shown');
  assert.deepEqual(rec.pageErrors, []);
  await context.close();
});

test('questions="URL": a choice\'s text is filled like a prompt; a value named __proto__ is refused, not shown as [object Object]', async () => {
  const doc = (name) => `{"format":"llm-budget-lab-questions","lesson":"LM10-T6","version":"values-1","questions":[{
    "id":"v1-gpus","title":"GPUs","prompt":"Value {${name}} here.","values":{"${name}":{"calc":"number","value":3}},
    "steps":[{"id":"pick","kind":"choice","prompt":"How many?","choices":[
      {"id":"a","text":"{${name}} GPUs","correct":true},{"id":"b","text":"Four GPUs","correct":false}]}],
    "explanation":["Because."]}]}`;
  const host = (file) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>q</title>
<script src="/llm-budget-lab.js" defer></script></head><body><llm-budget-lab parts="quiz" questions="${file}"></llm-budget-lab></body></html>`;
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  const { page, context } = rec;
  for (const [file, name] of [['gpus', 'n'], ['proto', '__proto__']]) {
    await context.route(`${server.url}/${file}.html`, (r) => r.fulfill({ contentType: 'text/html', body: host(`${file}.json`) }));
    await context.route(`${server.url}/${file}.json`, (r) => r.fulfill({ contentType: 'application/json', body: doc(name) }));
  }
  await page.goto(`${server.url}/gpus.html`);
  await waitQuiz(page);
  assert.equal(await page.locator(`${QUIZ} [data-question="v1-gpus"] .quiz-prompt`).textContent(), 'Value 3 here.');
  assert.deepEqual(await page.locator(`${step('v1-gpus', 'pick')} .quiz-choice span`).allTextContents(), ['3 GPUs', 'Four GPUs']);

  await page.goto(`${server.url}/proto.html`);
  await waitQuiz(page);
  assert.match(await page.locator(`${QUIZ} [data-notice="questions"]`).textContent(), /v1-gpus: values\.__proto__: is not a plain name/);
  assert.equal(await page.locator(`${QUIZ} [data-question="v1-gpus"]`).count(), 0);
  assert.doesNotMatch(await page.locator(QUIZ).textContent(), /\[object Object\]/);
  assert.deepEqual(rec.pageErrors, []);
  await context.close();
});

test('from file://: the quiz grades, and a questions="URL" reports that it cannot load', async () => {
  const rec = await openQuiz({}, INDEX_FILE_URL);
  const { page } = rec;
  assert.equal((await answer(page, 'q2-speculative', 'tokens', '2,952')).verdict, 'correct');
  assert.equal((await answer(page, 'q1-fit', 'total', '53 MB')).verdict, 'wrong_unit');
  for (const u of rec.requests) assert.ok(u.startsWith('file:') || u.startsWith('data:') || u.startsWith('blob:'), u);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quiz-file-'));
  try {
    const html = path.join(dir, 'page.html');
    writeFileSync(html, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>q</title>
<script src="${pathToFileURL(path.join(DIST, 'llm-budget-lab.js')).href}" defer></script></head>
<body><llm-budget-lab parts="quiz" questions="other.json"></llm-budget-lab></body></html>`);
    await page.goto(pathToFileURL(html).href);
    await waitQuiz(page);
    assert.match(await page.locator(`${QUIZ} [data-notice="questions"]`).textContent(), /opened from disk \(file:\/\/\)/);
    assert.equal((await answer(page, 'q1-fit', 'total', '53')).verdict, 'correct');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assertQuiet(rec);
  await rec.context.close();
});

test('screenshots at 360 px and 1280 px; no sideways scroll; keyboard reaches Check', async () => {
  for (const [width, height] of [[360, 740], [1280, 800]]) {
    const rec = await openQuiz({ viewport: { width, height } });
    const { page } = rec;
    await answer(page, 'q1-fit', 'total', '53 MB');
    await choose(page, 'q1-fit', 'fits', ['no']);
    await page.locator(`${QUIZ} [data-question="q1-fit"] .quiz-explain-toggle`).click();
    await page.locator(`${QUIZ} [data-question="q1-fit"]`).screenshot({ path: path.join(OUT, `quiz-${width}.png`) });
    await renderAllSections(page);
    const [scrollWidth, clientWidth] = await page.evaluate(
      () => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scrollWidth <= clientWidth, `no horizontal scroll at ${width}px`);
    // Keyboard: type into Q2 and press Enter to check.
    await page.locator(`${step('q2-speculative', 'tokens')} input`).focus();
    await page.keyboard.type('2.952');
    await page.keyboard.press('Enter');
    assert.equal((await feedback(page, 'q2-speculative', 'tokens')).verdict, 'correct');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      for (const lab of document.querySelectorAll('llm-budget-lab')) {
        if (lab.shadowRoot && lab.shadowRoot.querySelector('[data-part="quiz"]')) {
          const a = lab.shadowRoot.activeElement;
          return a ? a.className : '';
        }
      }
      return '';
    });
    assert.equal(focused, 'quiz-check', 'Tab moves from the input to its Check button');
    assertQuiet(rec);
    await rec.context.close();
  }
});

test('loading answers: a file naming no lesson is described in words; an unusable answer is reported; other answers are kept', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quiz-merge-'));
  try {
    const rec = await openQuiz();
    const { page } = rec;
    const status = page.locator(`${QUIZ} [data-quiz-status]`);
    const load = async (name, doc) => {
      const file = path.join(dir, name);
      writeFileSync(file, JSON.stringify(doc));
      await status.evaluate((el) => { el.textContent = ''; });
      await page.locator(`${QUIZ} input[type="file"]`).setInputFiles(file);
      await status.filter({ hasText: /\S/ }).waitFor();
      return status.textContent();
    };
    // An answer of the student's own, saved before any file is loaded.
    assert.equal((await answer(page, 'q2-speculative', 'tokens', '2.95')).verdict, 'correct');

    const noTags = await load('no-tags.json', { format: 'llm-budget-lab-answers' });
    assert.equal(noTags, `Could not load answers: That answers file names no lesson and no questions version (this page needs "lesson": "${QUESTIONS.lesson}", "version": "${QUESTIONS.version}").`);
    const wrongTypes = await load('types.json', { format: 'llm-budget-lab-answers', lesson: { a: 1 }, version: null, answers: {} });
    assert.equal(wrongTypes, `Could not load answers: That answers file gives its lesson as an object rather than text and names no questions version (this page needs "lesson": "${QUESTIONS.lesson}", "version": "${QUESTIONS.version}").`);
    assert.doesNotMatch(wrongTypes, /undefined|null|\[object/);
    // A version that is there but a number: said as such, and only the version is asked for.
    const numbered = await load('numbered.json', { format: 'llm-budget-lab-answers', lesson: QUESTIONS.lesson, version: 1, answers: {} });
    assert.equal(numbered, `Could not load answers: That answers file gives its questions version as 1, a number rather than text (this page needs "version": "${QUESTIONS.version}").`);
    const other = await load('other.json', { format: 'llm-budget-lab-answers', lesson: 'LM99', version: 'v\u200b1', answers: {} });
    assert.match(other, /for lesson “LM99”, questions version “v\[U\+200B\]1”; this page has lesson “LM10-T6”/);

    // One usable answer and one 5,000-character answer for question 1; nothing for question 2.
    const base = { format: 'llm-budget-lab-answers', lesson: QUESTIONS.lesson, version: QUESTIONS.version };
    const mixed = await load('mixed.json', { ...base, answers: { 'q1-fit': { steps: {
      total: { answer: '5'.repeat(5000), checked: true },
      fits: { answer: ['no'], checked: true },
    } } } });
    assert.equal(mixed, 'Answers loaded from mixed.json: 1 answer from the file, 1 other answer of yours kept. ' +
      'Not loaded: question q1-fit, step “total”: the answer is 5,000 characters long (at most 1,000).');
    assert.equal((await feedback(page, 'q1-fit', 'fits')).verdict, 'correct');
    assert.equal(await page.locator(`${step('q1-fit', 'total')} input`).inputValue(), '');
    // Question 2, absent from the file, keeps its answer and verdict, also after a reload.
    assert.equal((await feedback(page, 'q2-speculative', 'tokens')).verdict, 'correct');
    await page.reload();
    await waitQuiz(page);
    assert.equal(await page.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '2.95');
    assert.equal((await feedback(page, 'q1-fit', 'fits')).verdict, 'correct');

    // A choice this step does not offer ("maybe": Q1's "fits" has only "yes" and "no") is not
    // loaded, is named with the reason, and the saved "no" stays ticked and right.
    const foreign = await load('foreign.json', { ...base, answers: { 'q1-fit': { steps: {
      fits: { answer: ['maybe'], checked: true },
      lever: { answer: ['cache-8bit'], checked: true },
    } } } });
    assert.equal(foreign, 'Answers loaded from foreign.json: 1 answer from the file, 2 other answers of yours kept. ' +
      'Not loaded: question q1-fit, step “fits”: the answer names “maybe”, which is not a choice of this step.');
    assert.equal(await page.locator(`${step('q1-fit', 'fits')} input[data-choice="no"]`).isChecked(), true);
    assert.equal((await feedback(page, 'q1-fit', 'fits')).verdict, 'correct');
    assert.equal((await feedback(page, 'q1-fit', 'lever')).verdict, 'correct');
    assert.deepEqual(JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY('q1-fit'))).steps.fits.answer, ['no']);

    // Two choices for Q1's "fits", a step that takes one (it has no "multiple": true), are not
    // loaded and the saved "no" stays; two for Q3's "changes", which takes several, load.
    const several = await load('several.json', { ...base, answers: {
      'q1-fit': { steps: { fits: { answer: ['yes', 'no'], checked: true } } },
      'q3-output-changing': { steps: { changes: { answer: ['weights-4bit', 'batching'], checked: true } } },
    } });
    assert.equal(several, 'Answers loaded from several.json: 1 answer from the file, 3 other answers of yours kept. ' +
      'Not loaded: question q1-fit, step “fits”: the answer picks 2 choices, but this step takes one only.');
    assert.equal(await page.locator(`${step('q1-fit', 'fits')} input[data-choice="no"]`).isChecked(), true);
    assert.equal(await page.locator(`${step('q1-fit', 'fits')} input[data-choice="yes"]`).isChecked(), false);
    assert.equal((await feedback(page, 'q1-fit', 'fits')).verdict, 'correct');
    assert.deepEqual(JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY('q1-fit'))).steps.fits.answer, ['no']);
    assert.equal(await page.locator(`${step('q3-output-changing', 'changes')} input[data-choice="batching"]`).isChecked(), true);

    // A file whose only answer is unusable loads nothing and says so.
    const none = await load('none.json', { ...base, answers: { 'q1-fit': { steps: { total: { answer: 53, checked: true } } } } });
    assert.equal(none, 'No answers were loaded from none.json; your answers are unchanged. ' +
      'Not loaded: question q1-fit, step “total”: the answer is not text.');
    assert.equal(await status.getAttribute('data-error'), '');
    // A 3,000-character file name (a name no disk allows, but a page can hand over)
    // with a right-to-left override: named by its first 80 characters, the override written out.
    const longName = `\u202E${'n'.repeat(3000)}.json`;
    await status.evaluate((el) => { el.textContent = ''; });
    await page.locator(`${QUIZ} input[type="file"]`).setInputFiles({ name: longName, mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...base, answers: { 'q1-fit': { steps: { total: { answer: 53, checked: true } } } } })) });
    await status.filter({ hasText: /\S/ }).waitFor();
    assert.equal(await status.textContent(), `No answers were loaded from [U+202E]${'n'.repeat(79)}…; your answers are unchanged. ` +
      'Not loaded: question q1-fit, step “total”: the answer is not text.');
    assertQuiet(rec);
    await rec.context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('verdict text: a negative zero reads as 0; an invisible character in the answer is shown as [U+XXXX]', async () => {
  const rec = await openQuiz();
  const { page } = rec;
  // The page shows the core's reading as it is: the core reads a typed -0 as
  // 0 (src/reading/quantity.cpp), and a product of 0 and a negative number,
  // which is -0 in IEEE arithmetic, as 0 too (src/reading/answer_expression.cpp).
  const zero = await answer(page, 'q1-fit', 'total', '-0');
  assert.equal(zero.verdict, 'wrong');
  assert.match(zero.text, /\(Read as 0 GB\.\)$/);
  const product = await answer(page, 'q1-fit', 'total', '0 × -1');
  assert.equal(product.verdict, 'wrong');
  assert.match(product.text, /\(Read as 0 × −1 = 0 GB\.\)$/);
  assert.doesNotMatch(product.text, /-0|−0/);
  // 53 GiB = 53 x 2^30 B = 56.908316672 GB, shown to 4 significant digits.
  const gib = await answer(page, 'q1-fit', 'total', '53 GiB');
  assert.match(gib.text, /\(Read as 53 GiB = 56\.91 GB\.\)$/);
  assert.doesNotMatch(zero.text, /-0/);
  const zw = await answer(page, 'q1-fit', 'total', '53 GB\u200b');
  assert.equal(zw.verdict, 'unparseable');
  // Written out by the core, in the one format for invisible characters.
  assert.match(zw.text, /^"GB\[U\+200B\]" is not a unit/);
  assert.doesNotMatch(zw.text, /\u200b/);
  assertQuiet(rec);
  await rec.context.close();
});

test('questions="URL": other schemes are refused without a request; missing fields, unknown keys, size and CORS are named', async () => {
  const other = await serveDist({ host: '127.0.0.2' }); // another origin, no CORS headers
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  const { page, context } = rec;
  try {
    const html = (questions) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>q</title>
<script src="/llm-budget-lab.js" defer></script></head><body><llm-budget-lab parts="quiz" questions="${questions}"></llm-budget-lab></body></html>`;
    const cases = {
      js: 'javascript:alert(1)',
      data: 'data:application/json,{}',
      partial: 'partial.json',
      extra: 'extra.json',
      big: 'big.json',
    };
    for (const [name, q] of Object.entries(cases)) {
      await context.route(`${server.url}/${name}.html`, (r) => r.fulfill({ contentType: 'text/html', body: html(q) }));
    }
    await context.route(`${server.url}/partial.json`, (r) => r.fulfill({ contentType: 'application/json', body: '{"lesson":"x"}' }));
    const extraDoc = { ...QUESTIONS, answers_url: 'https://example.org/collect' };
    await context.route(`${server.url}/extra.json`, (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(extraDoc) }));
    // 300,000 bytes: over the 256 KB (262,144-byte) limit.
    await context.route(`${server.url}/big.json`, (r) => r.fulfill({ contentType: 'application/json', body: ' '.repeat(300000) }));
    const noticeOf = async (name) => {
      await page.goto(`${server.url}/${name}.html`);
      await waitQuiz(page);
      assert.equal(await page.locator(`${QUIZ} [data-question="q1-fit"]`).count(), 1, `${name}: built-in questions shown`);
      return page.locator(`${QUIZ} [data-notice="questions"]`).textContent();
    };
    assert.equal(await noticeOf('js'), 'The questions file address “javascript:alert(1)” uses “javascript:”, which is not loaded: only http: and https: addresses are; showing the built-in questions.');
    assert.match(await noticeOf('data'), /^The questions file address “data:application\/json,\{\}” uses “data:”, which is not loaded/);
    const partial = await noticeOf('partial');
    assert.equal(partial, 'The questions file has 3 problems (first: (file): format: must be "llm-budget-lab-questions" (it is missing)); showing the built-in questions.');
    assert.match(await noticeOf('extra'), /\(first: \(file\): answers_url: unknown key \(expected one of format, lesson, version, questions, practice, kv_practice, drills\)\)/);
    assert.equal(await noticeOf('big'), 'The questions file is too large (300000 bytes; at most 262144); showing the built-in questions.');
    assert.ok(!rec.requests.some((u) => u.startsWith('javascript:') || u.startsWith('data:application/json')), 'refused addresses are not requested');
    assertQuiet(rec);

    // Another origin that does not allow cross-origin reads (the browser itself logs the CORS refusal).
    await context.route(`${server.url}/cors.html`, (r) => r.fulfill({ contentType: 'text/html', body: html(`${other.url}favicon.svg`) }));
    const cors = await noticeOf('cors');
    assert.equal(cors, `The questions file could not be read from ${new URL(other.url).origin}: that server must allow cross-origin reads (CORS, an Access-Control-Allow-Origin header), or it could not be reached; showing the built-in questions.`);
    assert.deepEqual(rec.pageErrors, []);
  } finally {
    await context.close();
    await other.close();
  }
});
