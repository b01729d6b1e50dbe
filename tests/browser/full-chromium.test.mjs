// The browser suite runs in Debian's chromium-headless-shell (lib/harness.mjs,
// CHROMIUM); this file runs a student's loop in Debian's full chromium, the
// browser a reader has: the lesson page over http and from file://, on a
// desktop window and a touch phone, a typed input changing the result, a quiz
// answer graded and kept across a reload, and no console or page errors.
// Anything the headless shell leaves out that the page came to need would
// show here first. (LLMB_CHROMIUM=/usr/bin/chromium runs every browser file in
// the full browser.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  FULL_CHROMIUM, INDEX_FILE_URL, assertBuilt, launch, serveDist, recordedPage, waitReady, assertQuiet,
} from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';
const QUIZ = 'llm-budget-lab [data-part="quiz"]';
const step = (q, s) => `${QUIZ} [data-question="${q}"] [data-step="${s}"]`;

let browser;
let server;

before(async () => {
  assertBuilt();
  browser = await launch(FULL_CHROMIUM);
  server = await serveDist();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

test('the browser here is the full chromium, not the headless shell', async () => {
  // The full browser carries the PDF viewer and window.chrome; the headless
  // shell leaves both out (both name themselves HeadlessChrome).
  const rec = await recordedPage(browser);
  await rec.page.goto(`${server.url}favicon.svg`);
  assert.deepEqual(await rec.page.evaluate(() => [navigator.pdfViewerEnabled, typeof window.chrome]), [true, 'object']);
  await rec.context.close();
});

for (const [label, options] of [
  ['1280 x 800', { viewport: { width: 1280, height: 800 } }],
  ['360 x 740 touch', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }],
]) {
  test(`full chromium, ${label}: a typed batch changes the verdict, a quiz answer is graded and survives a reload`, async () => {
    const rec = await recordedPage(browser, options);
    const { page } = rec;
    await page.goto(server.url);
    await waitReady(page);
    const verdict = page.locator(`${CALC} [data-out="verdict"]`);
    const batch = page.locator(`${CALC} input.field-text[data-field="batch"]`);
    // The lesson's defaults are GQA-8 with a 16-bit cache on one 80 GB GPU; at
    // batch 64 that is the lesson's 82.7 GB row, which does not fit.
    await batch.fill('64');
    assert.equal(await verdict.textContent(), 'Does not fit');
    await batch.fill('8');
    assert.equal(await verdict.textContent(), 'Fits');

    // The lesson's first question: 53 GB of weights and cache, typed in MB.
    const quizReady = () => page.locator(`${QUIZ}[data-state="ready"]`).waitFor({ timeout: 15000 });
    await quizReady();
    await page.locator(`${step('q1-fit', 'total')} input`).fill('53000 MB');
    await page.locator(`${step('q1-fit', 'total')} button.quiz-check`).click();
    const feedback = page.locator(`${step('q1-fit', 'total')} [data-feedback]`);
    assert.equal(await feedback.getAttribute('data-verdict'), 'correct');
    await page.reload();
    await waitReady(page);
    await quizReady();
    assert.equal(await page.locator(`${step('q1-fit', 'total')} input`).inputValue(), '53000 MB');
    assert.equal(await feedback.getAttribute('data-verdict'), 'correct');
    assertQuiet(rec);
    await rec.context.close();
  });
}

test('full chromium: the lesson page opened from disk (file://) is ready and computes', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page } = rec;
  await page.goto(INDEX_FILE_URL);
  await waitReady(page);
  await page.locator(`${CALC} input.field-text[data-field="batch"]`).fill('64');
  assert.equal(await page.locator(`${CALC} [data-out="verdict"]`).textContent(), 'Does not fit');
  assertQuiet(rec);
  await rec.context.close();
});
