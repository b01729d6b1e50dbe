// A quiz step's unit on the German lesson page (dist/index.de.html): the hint under
// the number box and the "Gelesen als …" note name the unit in German words from the
// string file ("core.unit.tokens", the core's declared unit: "Token"), not the questions
// file's symbol "tokens", and the hint states the tolerance, ±0.005 tokens, and the 2 decimals it
// needs (ceil(-log10(2 × 0.005)) = 2). Expected value from tests/data/seed-values.json
// (knowledge_check): Q2 (1 − 0.8⁴)/(1 − 0.8) = 2.952 tokens per pass, ±0.005.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, recordedPage } from './lib/harness.mjs';

const QUIZ = 'llm-budget-lab [data-part="quiz"]';
const stepIn = (q, s) => `${QUIZ} [data-question="${q}"] [data-step="${s}"]`;

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

test('German quiz: the unit word "tokens" is "Token" in the hint and the read-as note', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  const { page } = rec;
  await page.goto(new URL('index.de.html', server.url).href);
  await page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  assert.equal(await page.locator(`${stepIn('q2-speculative', 'tokens')} .quiz-hint`).textContent(),
    'Eine Zahl in Token oder eine Rechnung wie 2 × 6,5 (andere Einheiten wie GiB oder MB werden umgerechnet); Dezimalkomma oder -punkt. '
    + 'Geprüft wird auf ±0,005 Token genau: 2 Nachkommastellen behalten.');
  await page.locator(`${stepIn('q2-speculative', 'tokens')} input`).fill('2,952');
  await page.locator(`${stepIn('q2-speculative', 'tokens')} button.quiz-check`).click();
  const fb = page.locator(`${stepIn('q2-speculative', 'tokens')} [data-feedback]`);
  assert.equal(await fb.getAttribute('data-verdict'), 'correct');
  // 2.952 written with the German decimal comma, then the unit's German words.
  assert.equal(await fb.locator('.quiz-read').textContent(), ' (Gelesen als 2,952 Token.)');
  // A memory step keeps its symbol: Question 1's total, 13 GB + 40 GB = 53 GB.
  await page.locator(`${stepIn('q1-fit', 'total')} input`).fill('53,0 GB');
  await page.locator(`${stepIn('q1-fit', 'total')} button.quiz-check`).click();
  assert.equal(await page.locator(`${stepIn('q1-fit', 'total')} .quiz-read`).textContent(), ' (Gelesen als 53 GB.)');
  assertQuiet(rec);
  await rec.context.close();
});
