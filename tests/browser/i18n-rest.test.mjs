// The last English texts of the German pages, in German, as the browser shows them: a
// question's preparation problems on the German instructors' workbench (the core's
// refusal in its words, the preparation's own sentences, "questionPrep.*"), and the first
// problem of a presets file in the element's notice (the checker's "presetsCheck.*" sentences
// and the core's refusals).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { openSession, closeSession, recordedPage, assertQuiet } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession({ csp: true })); });
after(() => closeSession({ browser, server }));

const rowsOf = (page) => page.locator('#wb-problems tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));

// Shape-valid questions that cannot be prepared: a "set" of batch 0.5 the core refuses
// (batch is a whole number from 1 to 1,000,000), and a correct_value (the preset's batch,
// 16) no choice's value (1, 2) matches.
const UNPREPARED = {
  format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'wb-de-2',
  questions: [{
    id: 'q1', title: 'Halber Batch', prompt: 'Speicher: {m} GB.',
    values: { m: { calc: 'plan', preset: 'lesson-gqa8-16', field: 'total_bytes', unit: 'GB', set: { batch: 0.5 } } },
    steps: [{ id: 's', kind: 'numeric', prompt: 'Wie viel?', dimension: 'bytes', unit: 'GB',
      expected: 3, tolerance: { relative: 0.02, absolute: 0 } }],
    explanation: ['Weil.'],
  }, {
    id: 'q2', title: 'Keine Auswahl', prompt: 'Welcher Batch?',
    steps: [{ id: 'c', kind: 'choice', prompt: 'Welcher?', correct_value: { calc: 'input', preset: 'lesson-gqa8-16', field: 'batch' },
      choices: [{ id: 'a', text: 'Eins', value: 1 }, { id: 'b', text: 'Zwei', value: 2 }] }],
    explanation: ['Weil.'],
  }],
};

test('German workbench: a question that cannot be prepared is listed in German', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1300, height: 900 } });
  const { page } = rec;
  await page.goto(`${server.url}instructors.de.html`);
  await page.waitForSelector('#wb-lab [data-part="quiz"][data-state="ready"]', { timeout: 15000 });
  await page.locator('#wb-source').fill(JSON.stringify(UNPREPARED));
  await page.waitForFunction(() => document.getElementById('wb-status').dataset.result === 'problems');
  assert.deepEqual(await rowsOf(page), [
    ['q1', 'values.m', 'Für Batch ist eine ganze Zahl von 1 Anfrage bis 1.000.000 Anfragen erforderlich (erhalten: 0,5 Anfragen)'],
    ['q2', 'steps.c.correct_value', 'ergibt 16, den Wert keiner Auswahlmöglichkeit (verglichen wird mit dem "value" jeder Auswahlmöglichkeit)'],
  ]);
  assertQuiet(rec);
  await rec.context.close();
});

const notices = (page, id) => page.locator(`#${id}`).evaluate((el) =>
  [...el.shadowRoot.querySelectorAll('[data-lab-notice]')].map((n) => n.textContent));

test('German notice for a presets file with problems: its first problem in German', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1200, height: 900 } });
  const { page, context } = rec;
  const doc = JSON.parse(fs.readFileSync(new URL('../../content/presets.json', import.meta.url), 'utf8'));
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Gastseite</title>
<script src="/llm-budget-lab.js" defer></script></head><body>
<llm-budget-lab id="version" parts="presets" presets="version.json"></llm-budget-lab>
<llm-budget-lab id="batch" parts="presets" presets="batch.json"></llm-budget-lab>
</body></html>`;
  await context.route(`${server.url}host.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  await context.route(`${server.url}version.json`, (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...doc, version: 2 }) }));
  await context.route(`${server.url}batch.json`, (r) => r.fulfill({ contentType: 'application/json',
    body: JSON.stringify({ ...doc, defaults: { ...doc.defaults, batch: 0.5 } }) }));
  await page.goto(`${server.url}host.html`);
  await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 15000 });
  assert.deepEqual(await notices(page, 'version'),
    ['Die Vorgaben-Datei hat 1 Problem (zuerst: (Datei): version: muss 1 sein (erhalten: 2)); es werden die eingebauten Vorgaben gezeigt.']);
  // Batch 0.5 is refused by the core: a whole number from 1 to 1,000,000, in German numbers.
  assert.deepEqual(await notices(page, 'batch'), ['Die Vorgaben-Datei hat 1 Problem (zuerst: defaults: batch: '
    + 'Für Batch ist eine ganze Zahl von 1 Anfrage bis 1.000.000 Anfragen erforderlich (erhalten: 0,5 Anfragen)); es werden die eingebauten Vorgaben gezeigt.']);
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});
