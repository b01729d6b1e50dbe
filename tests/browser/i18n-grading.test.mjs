// The knowledge check's feedback in German (dist/index.de.html): the checker's sentences are
// kinds the core declares (src/grading/feedback_messages.h), so the German page writes the
// expectation, the tolerance with a decimal comma ("±0,1 GB"), how far off a close answer is,
// the digits it needs, the wrong unit and bits in German (content/ui/de.json "grading.*"),
// and the English page keeps the core's sentences. The German instructors' workbench words a
// grading setting the core refuses. Expected values from tests/data/seed-values.json
// (knowledge_check): Q1 13 GB + 40 GB = 53 GB to ±0.1 GB, close within 5 %; Q2
// (1 − 0.8⁴)/(1 − 0.8) = 2.952 tokens per target pass to ±0.005.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, openSession, closeSession, assertQuiet, recordedPage } from './lib/harness.mjs';

const QUIZ = 'llm-budget-lab [data-part="quiz"]';
const step = (q, s) => `${QUIZ} [data-question="${q}"] [data-step="${s}"]`;
const GERMAN_STEPS = JSON.parse(readFileSync(path.join(REPO, 'content/locales/de/questions.json'), 'utf8')).questions;
const HINTS = {
  total: GERMAN_STEPS['q1-fit'].steps.total.feedback,
  tokens: GERMAN_STEPS['q2-speculative'].steps.tokens.feedback,
};

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** Types `text` into a step, checks it, and returns the verdict and the feedback line's sentences (without the reading). */
async function answer(page, q, s, text) {
  await page.locator(`${step(q, s)} input`).fill(text);
  await page.locator(`${step(q, s)} button.quiz-check`).click();
  const fb = page.locator(`${step(q, s)} [data-feedback]`);
  return {
    verdict: await fb.getAttribute('data-verdict'),
    sentence: await fb.evaluate((el) => el.firstChild.textContent),
    read: await fb.locator('.quiz-read').count() ? await fb.locator('.quiz-read').textContent() : '',
    note: await fb.locator('.quiz-read-note').count() ? await fb.locator('.quiz-read-note').textContent() : '',
  };
}

async function openQuiz(file) {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  await rec.page.goto(new URL(file, server.url).href);
  await rec.page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  return rec;
}

const ASKED = 'Gefragt ist eine Speichergröße (B, KB, MB, GB, TB, KiB, MiB, GiB oder TiB); eine Zahl ohne Einheit wird als GB gelesen.';

test('German knowledge check: wrong, close, too rounded and wrong-unit answers in German sentences', async () => {
  const rec = await openQuiz('index.de.html');
  const { page } = rec;
  // 40 GB leaves out the weights: wrong.
  const wrong = await answer(page, 'q1-fit', 'total', '40');
  assert.equal(wrong.verdict, 'wrong');
  assert.equal(wrong.sentence, `Nicht richtig. ${ASKED} Geprüft wird auf ±0,1 GB genau. Gehen Sie den Rechenweg noch einmal durch. ${HINTS.total.wrong}`);
  assert.equal(wrong.read, ' (Gelesen als 40 GB.)');
  // 52,4 GB is 0.6 GB under 53 GB, inside the 5 % band (50.35 .. 55.65 GB), not a rounding of 53.
  const close = await answer(page, 'q1-fit', 'total', '52,4');
  assert.equal(close.verdict, 'close');
  assert.equal(close.sentence, 'Knapp daneben, um etwa 0,6 GB verfehlt: Gefragt ist eine Speichergröße auf ±0,1 GB genau. '
    + `Prüfen Sie jede Zahl im Rechenweg. ${HINTS.total.close}`);
  // 2,9 is 2.952 cut to one decimal: ±0.005 needs 2 decimals (ceil(−log10(2 × 0.005)) = 2).
  const rounded = await answer(page, 'q2-speculative', 'tokens', '2,9');
  assert.equal(rounded.verdict, 'close');
  assert.equal(rounded.sentence, 'Knapp daneben, aber zu stark gerundet: Gefragt ist eine Anzahl Token pro Zieldurchlauf auf ±0,005 Token genau, '
    + `also 2 Nachkommastellen behalten. Behalten Sie im Rechenweg mehr Stellen und runden Sie erst am Ende. ${HINTS.tokens.close}`);
  // 53 MB would be right as 53 GB; 53 tok/s is a rate; 53 Gb is gigabits.
  const mb = await answer(page, 'q1-fit', 'total', '53 MB');
  assert.equal(mb.verdict, 'wrong_unit');
  assert.equal(mb.sentence, `Die Zahl wäre in einer anderen Einheit richtig: Prüfen Sie die Einheit (MB). ${ASKED}`);
  const rate = await answer(page, 'q1-fit', 'total', '53 tok/s');
  assert.equal(rate.verdict, 'wrong_unit');
  assert.equal(rate.sentence, `Falsche Art von Einheit: tok/s misst eine Rate in Token pro Sekunde. ${ASKED}`);
  const bits = await answer(page, 'q1-fit', 'total', '53 Gb');
  assert.equal(bits.sentence, 'Gb ist eine Einheit in Bit (8 Bit = 1 Byte). Gefragt ist eine Speichergröße in Byte: Schreiben Sie GB (mit großem B).');
  // A bare 53000 would be right in MB.
  const bare = await answer(page, 'q1-fit', 'total', '53000');
  assert.equal(bare.sentence, 'Eine Zahl ohne Einheit wird hier als GB gelesen, und Ihre Zahl wäre in einer anderen Einheit richtig: Geben Sie die gemeinte Einheit an.');
  // Right, with the separator note in German after the reading (2,952: a comma before three digits).
  const right = await answer(page, 'q2-speculative', 'tokens', '2,952');
  assert.equal(right.verdict, 'correct');
  assert.equal(right.sentence, 'Richtig.');
  assert.equal(right.read, ' (Gelesen als 2,952 Token.)');
  assert.equal(right.note, ' (Komma als Dezimalkomma gelesen)');
  assertQuiet(rec);
  await rec.context.close();
});

test('English knowledge check: the core\'s sentences, unchanged', async () => {
  const rec = await openQuiz('');
  const { page } = rec;
  const englishHint = JSON.parse(readFileSync(path.join(REPO, 'content/questions.json'), 'utf8'))
    .questions.find((q) => q.id === 'q1-fit').steps.find((s) => s.id === 'total').feedback;
  const asked = 'This question asks for a memory size (B, KB, MB, GB, TB, KiB, MiB, GiB or TiB); a bare number is read as GB.';
  const wrong = await answer(page, 'q1-fit', 'total', '40');
  assert.equal(wrong.sentence, `Not right. ${asked} It is checked to within ±0.1 GB. Go through the working again. ${englishHint.wrong}`);
  const close = await answer(page, 'q1-fit', 'total', '52.4');
  assert.equal(close.sentence, `Close, but off by about 0.6 GB: this question wants a memory size to within ±0.1 GB. Check each number in the working. ${englishHint.close}`);
  const rounded = await answer(page, 'q2-speculative', 'tokens', '2.9');
  assert.match(rounded.sentence, /^Close, but rounded too far: this question wants a number of tokens per target pass to within ±0\.005 tokens per pass, so keep 2 decimals\. Keep more digits through the working and round only at the end\. /);
  const mb = await answer(page, 'q1-fit', 'total', '53 MB');
  assert.equal(mb.sentence, `The number would be right in a different unit: check the unit (MB). ${asked}`);
  const right = await answer(page, 'q2-speculative', 'tokens', '2,952');
  assert.equal(right.read, ' (Read as 2.952 tokens per pass (comma read as a decimal comma).)');
  assert.equal(right.note, '', 'English keeps the note inside the core\'s reading');
  assertQuiet(rec);
  await rec.context.close();
});

test('German workbench: a grading setting the core refuses is worded in German', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1300, height: 900 } });
  const { page } = rec;
  await page.goto(`${server.url}instructors.de.html`);
  await page.waitForSelector('#wb-lab [data-part="quiz"][data-state="ready"]', { timeout: 15000 });
  // An expected value past the checker's range (|expected| <= 1e30): the file's shape is fine, the core refuses it.
  const doc = {
    format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'wb-grading-de',
    questions: [{ id: 'huge', title: 'Huge', prompt: 'A number too large to grade.',
      steps: [{ id: 'n', kind: 'numeric', prompt: 'How many bytes?', dimension: 'bytes', unit: 'GB', expected: 1e31,
        tolerance: { relative: 0, absolute: 0.1 } }],
      explanation: ['None.'] }],
  };
  await page.locator('#wb-source').fill(JSON.stringify(doc));
  await page.waitForFunction(() => document.getElementById('wb-status').dataset.result === 'problems');
  const rows = await page.locator('#wb-problems tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.equal(rows.length, 1);
  assert.equal(rows[0][0], 'huge');
  assert.equal(rows[0][1], 'steps.n.expected');
  // The core's English is "expected must be a finite number (got 1e+31)"; German writes 1e31 as format.js does.
  assert.equal(rows[0][2], 'expected muss eine endliche Zahl sein (erhalten: 1e31)');
  assertQuiet(rec);
  await rec.context.close();
});
