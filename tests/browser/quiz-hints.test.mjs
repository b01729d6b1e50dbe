// The words around a typed quiz answer, in Debian chromium: the hint under
// each number box fits that step's unit and tolerance (the core writes it,
// src/grading/answer_hint.h), and a close answer is told to keep more digits
// only when rounding explains the miss; otherwise how far off it is.
// Expected values from tests/data/seed-values.json (knowledge_check): Q1 total
// 13 GB + 40 GB = 53 GB, ±0.1 GB; Q2 (1 − 0.8⁴)/(1 − 0.8) = 2.952 tokens per pass, ±0.005.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, recordedPage } from './lib/harness.mjs';

const QUIZ = 'llm-budget-lab [data-part="quiz"]';
const KV = 'llm-budget-lab [data-part="kv-practice"]';
const stepIn = (part, q, s) => `${part} [data-question="${q}"] [data-step="${s}"]`;

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

async function openLesson() {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  await rec.page.goto(server.url);
  await rec.page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  await rec.page.waitForSelector(`${KV}[data-state="ready"]`, { timeout: 15000 });
  return rec;
}

const hintOf = (page, part, q, s) => page.locator(`${stepIn(part, q, s)} .quiz-hint`).textContent();

async function answer(page, q, s, text) {
  await page.locator(`${stepIn(QUIZ, q, s)} input`).fill(text);
  await page.locator(`${stepIn(QUIZ, q, s)} button.quiz-check`).click();
  const fb = page.locator(`${stepIn(QUIZ, q, s)} [data-feedback]`);
  return { verdict: await fb.getAttribute('data-verdict'), text: await fb.textContent() };
}

test('each number box has a hint in its own unit and tolerance', async () => {
  const rec = await openLesson();
  const { page } = rec;
  assert.equal(await hintOf(page, QUIZ, 'q1-fit', 'total'),
    'A number or your working (such as 2 × 6.5 GB), checked to within ±0.1 GB, so keep 1 decimal; '
    + 'a unit is optional: a bare number is read as GB.');
  // Tokens per pass: an example in tokens per pass, and two decimals for ±0.005.
  const tokens = await hintOf(page, QUIZ, 'q2-speculative', 'tokens');
  assert.equal(tokens, 'A number or your working (such as (3 + 1) / 2 tokens per pass), checked to within '
    + '±0.005 tokens per pass, so keep 2 decimals; a unit is optional: a bare number is read as tokens per pass.');
  assert.doesNotMatch(tokens, /6\.5/);
  // The KV practice's projection counts: whole numbers, no unit.
  for (const s of ['with-cache', 'without-cache']) {
    assert.equal(await hintOf(page, KV, 'kv2-recompute', s),
      'A number or your working (such as 2 × 16 × 4), checked to within ±0.5, so a whole number is enough.', s);
  }
  // The cache size to 0.5 %: three significant digits.
  assert.match(await hintOf(page, KV, 'kv1-size', 'cache'), /checked to within 0\.5 %, so keep 3 significant digits;/);
  assertQuiet(rec);
  await rec.context.close();
});

test('a close answer gets digit advice only when it is the right value rounded', async () => {
  const rec = await openLesson();
  const { page } = rec;
  // 52 GB for 53 GB: inside the 5 % band, but no rounding of 53 gives 52.
  const off = await answer(page, 'q1-fit', 'total', '52 GB');
  assert.equal(off.verdict, 'close');
  assert.match(off.text, /^Close, but off by about 1 GB: this question wants a memory size to within ±0\.1 GB\. /);
  assert.doesNotMatch(off.text, /more digits/);
  // 3 for 2.952 is it rounded to a whole number: keep more digits, two decimals.
  const rounded = await answer(page, 'q2-speculative', 'tokens', '3');
  assert.equal(rounded.verdict, 'close');
  assert.match(rounded.text, /^Close, but rounded too far: .*±0\.005 tokens per pass, so keep 2 decimals\. Keep more digits/);
  // 2.94 keeps two decimals and is 0.012 off.
  const slip = await answer(page, 'q2-speculative', 'tokens', '2.94');
  assert.equal(slip.verdict, 'close');
  assert.match(slip.text, /^Close, but off by about 0\.012 tokens per pass: /);
  assert.doesNotMatch(slip.text, /more digits|Keep at least two decimals/);
  assertQuiet(rec);
  await rec.context.close();
});
