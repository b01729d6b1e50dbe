// A saved answer this browser holds that the quiz cannot read (a corrupt
// localStorage value) is not lost: the quiz copies it, as it was, under its
// unreadable-key ("llm-budget-lab-unreadable:<lesson>:<version>:<question id>")
// before anything can overwrite it, says so once with a box to copy it and a
// button to discard it, and saves the student's new answers as usual; on the
// German page in German. (The SCORM path keeps an unreadable suspend_data the
// same way: tests/browser/scorm.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, openSession, closeSession, recordedPage, assertQuiet } from './lib/harness.mjs';

const QUESTIONS = JSON.parse(readFileSync(path.join(REPO, 'content/questions.json'), 'utf8'));
const KEY = `llm-budget-lab:${QUESTIONS.lesson}:${QUESTIONS.version}:q2-speculative`;
const ASIDE = `llm-budget-lab-unreadable:${QUESTIONS.lesson}:${QUESTIONS.version}:q2-speculative`;
// A record cut off in the middle: not JSON.
const CORRUPT = `{"lesson":"${QUESTIONS.lesson}","version":"${QUESTIONS.version}","steps":{"tokens":{"answer":"2.9`;
const QUIZ = 'llm-budget-lab [data-part="quiz"]';
const step = (q, s) => `${QUIZ} [data-question="${q}"] [data-step="${s}"]`;

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** A page of `url` whose localStorage holds the corrupt value for question 2 before the quiz starts. */
async function openWithCorrupt(url) {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  await rec.page.goto(url);
  await rec.page.evaluate(([key, text]) => localStorage.setItem(key, text), [KEY, CORRUPT]);
  await rec.page.reload();
  await rec.page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  return rec;
}

const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);

test('English: the corrupt value is kept aside, said once with a copy, and a new answer is saved as usual', async () => {
  const rec = await openWithCorrupt(server.url);
  const { page } = rec;
  assert.equal(await stored(page, ASIDE), CORRUPT, 'kept aside before anything was saved');
  assert.equal(await page.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '', 'the question starts empty');
  const notice = page.locator(`${QUIZ} [data-notice="unreadable"]`);
  assert.equal(await notice.count(), 1);
  assert.equal(await notice.textContent(), 'An answer saved in this browser could not be read, so that question starts empty. '
    + `The saved text is kept aside as it was, under the key “${ASIDE}” of this browser’s storage (localStorage); `
    + 'copy it below if you want it, or discard it. Your new answers are saved as usual.');
  // The text to copy is the corrupt value, exactly.
  assert.equal(await page.locator(`${QUIZ} .quiz-unreadable [data-copy-by-hand]`).inputValue(), CORRUPT);
  await rec.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await page.locator(`${QUIZ} .quiz-unreadable summary`).click();
  await page.locator(`${QUIZ} .quiz-unreadable [data-action="copy-text"]`).click();
  await page.locator(`${QUIZ} .quiz-unreadable .copy-by-hand-status`).filter({ hasText: 'Copied' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), CORRUPT);

  // Answering again: Q2 is (1 − 0.8⁴)/(1 − 0.8) = 2.952 tokens per pass. The new answer is saved
  // under the question's key, and the corrupt text stays where it was kept.
  await page.locator(`${step('q2-speculative', 'tokens')} input`).fill('2.952');
  await page.locator(`${step('q2-speculative', 'tokens')} button.quiz-check`).click();
  assert.equal(await page.locator(`${step('q2-speculative', 'tokens')} [data-feedback]`).getAttribute('data-verdict'), 'correct');
  const saved = JSON.parse(await stored(page, KEY));
  assert.deepEqual([saved.steps.tokens.answer, saved.steps.tokens.checked], ['2.952', true]);
  assert.equal(await stored(page, ASIDE), CORRUPT);
  // Reloaded: the answer is read back, and there is nothing new to say.
  await page.reload();
  await page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  assert.equal(await page.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '2.952');
  assert.equal(await page.locator(`${QUIZ} [data-notice="unreadable"]`).count(), 0);
  assert.equal(await stored(page, ASIDE), CORRUPT);
  assertQuiet(rec);
  await rec.context.close();
});

test('German: the notice in German; discarding removes only the kept text', async () => {
  const rec = await openWithCorrupt(new URL('index.de.html', server.url).href);
  const { page } = rec;
  assert.equal(await page.locator(`${QUIZ} [data-notice="unreadable"]`).textContent(),
    'Eine in diesem Browser gespeicherte Antwort ließ sich nicht lesen, daher beginnt diese Frage leer. '
    + `Der gespeicherte Text wird unverändert unter dem Schlüssel „${ASIDE}“ im Speicher dieses Browsers (localStorage) aufbewahrt; `
    + 'kopieren Sie ihn unten, wenn Sie ihn brauchen, oder verwerfen Sie ihn. Ihre neuen Antworten werden wie gewohnt gespeichert.');
  assert.equal(await page.locator(`${QUIZ} .quiz-unreadable summary`).textContent(), 'Der nicht lesbare gespeicherte Text zum Kopieren');
  await page.locator(`${step('q2-speculative', 'tokens')} input`).fill('2,952');
  await page.locator(`${step('q2-speculative', 'tokens')} button.quiz-check`).click();
  assert.equal(JSON.parse(await stored(page, KEY)).steps.tokens.answer, '2,952');
  assert.equal(await stored(page, ASIDE), CORRUPT);
  const discard = page.locator(`${QUIZ} [data-action="discard-unreadable"]`);
  assert.equal(await discard.textContent(), 'Nicht lesbaren Text verwerfen');
  await discard.click();
  assert.equal(await page.locator(`${QUIZ} [data-notice="unreadable-discarded"]`).textContent(), 'Der nicht lesbare gespeicherte Text wurde verworfen.');
  assert.equal(await stored(page, ASIDE), null);
  assert.equal(JSON.parse(await stored(page, KEY)).steps.tokens.answer, '2,952', 'the answer stays');
  assertQuiet(rec);
  await rec.context.close();
});

test('a saved value that is JSON but holds an answer of the wrong shape is kept aside with the same notice', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  const { page } = rec;
  try {
    // Question 2's one step, "tokens", takes a typed answer (text): an object is no answer it can show.
    const wrong = JSON.stringify({ lesson: QUESTIONS.lesson, version: QUESTIONS.version, steps: { tokens: { answer: { x: 1 }, checked: true } } });
    await page.goto(server.url);
    await page.evaluate(([key, text]) => localStorage.setItem(key, text), [KEY, wrong]);
    await page.reload();
    await page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
    assert.equal(await stored(page, ASIDE), wrong, 'kept aside, as it was');
    assert.equal(await page.locator(`${QUIZ} [data-notice="unreadable"]`).count(), 1, 'said once');
    assert.equal(await page.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '', 'the question starts empty');
    assertQuiet(rec);
  } finally {
    await rec.context.close();
  }
});

test('a tenth unreadable value, with all nine kept-aside keys taken: it stays under its own key, named in the notice, and the other questions still save', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  const { page } = rec;
  try {
    await page.goto(server.url);
    await page.evaluate(([key, aside]) => {
      for (let n = 1; n <= 9; n += 1) localStorage.setItem(n === 1 ? aside : `${aside}:${n}`, `garbage-${n}`);
      localStorage.setItem(key, 'garbage-new');
    }, [KEY, ASIDE]);
    await page.reload();
    await page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
    const notice = page.locator(`${QUIZ} [data-notice="unreadable"]`);
    assert.equal(await notice.count(), 1, 'said once');
    assert.ok((await notice.textContent()).includes(`“${KEY}”`), 'the notice names the key the text stays under');
    // And says that question's answers are kept only while the page is open, until the text is discarded.
    assert.ok((await notice.textContent()).endsWith(`The text under “${KEY}” stays where it was, so until you discard it your `
      + 'answers to that question are kept only while this page is open; your other answers are saved as usual.'));
    assert.ok(!(await notice.textContent()).includes('Your new answers are saved as usual'));
    assert.equal(await page.locator(`${QUIZ} [data-notice="storage"]`).count(), 0, 'storage is not called blocked');
    // The first question's answer is saved and comes back after a reload.
    await page.locator(`${step('q1-fit', 'total')} input`).fill('53 GB');
    await page.locator(`${step('q1-fit', 'total')} button.quiz-check`).click();
    await page.reload();
    await page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
    assert.equal(await page.locator(`${step('q1-fit', 'total')} input`).inputValue(), '53 GB');
    assert.equal(await stored(page, KEY), 'garbage-new', 'the unreadable text is where it was');
    assert.equal(await stored(page, `${ASIDE}:9`), 'garbage-9');
    assertQuiet(rec);
  } finally {
    await rec.context.close();
  }
});
