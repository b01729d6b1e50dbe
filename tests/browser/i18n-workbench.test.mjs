// The questions workbench on the German instructors' page (dist/instructors.de.html),
// served with the strict CSP: a broken questions file pasted in is checked by the
// quiz's own validator, and every problem it lists is a German sentence of
// content/ui/de.json ("questionsCheck.*"), with the file's values, the core's
// names and "(erhalten: …)" in its placeholders. The English workbench keeps its
// sentences (tests/browser/workbench.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, recordedPage, assertQuiet } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession({ csp: true })); });
after(() => closeSession({ browser, server }));

const status = (page) => page.locator('#wb-status').textContent();

// A file with four problems: a dimension the core does not declare, a configuration id
// presets.json lacks, a tolerance above 1, and a title that is missing.
const BROKEN = {
  format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'wb-de-1',
  questions: [{ id: 'c1-weights', prompt: 'A 70-billion-parameter model at 16 bits.',
    steps: [{ id: 'w', kind: 'numeric', prompt: 'Weight memory?', dimension: 'furlongs', unit: 'GB',
      expected: { calc: 'plan', preset: 'no-such-preset', field: 'weight_bytes' },
      tolerance: { relative: 1.5, absolute: 0 } }],
    explanation: ['70 × 10⁹ × 2 bytes = 140 GB.'] }],
};

test('German workbench: the problems of a pasted questions file are listed in German', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1300, height: 900 } });
  const { page } = rec;
  await page.goto(`${server.url}instructors.de.html`);
  await page.waitForSelector('#wb-lab [data-part="quiz"][data-state="ready"]', { timeout: 15000 });
  await page.locator('#wb-source').fill(JSON.stringify(BROKEN));
  await page.waitForFunction(() => document.getElementById('wb-status').dataset.result === 'problems');
  assert.equal(await status(page), '4 Probleme gefunden; der Wissenstest daneben zeigt weiter die letzte Fassung ohne Probleme.');
  const rows = await page.locator('#wb-problems tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.deepEqual(rows, [
    ['c1-weights', 'title', 'muss ein nicht leerer String sein'],
    ['c1-weights', 'steps.w.dimension', 'muss einer dieser Werte sein: none, bytes, tokens_per_pass, tokens_per_s, seconds (erhalten: "furlongs")'],
    ['c1-weights', 'steps.w.expected.preset', 'ist keine Konfigurations-Id in presets.json (erhalten: "no-such-preset")'],
    ['c1-weights', 'steps.w.tolerance.relative', 'muss ein Anteil von 0 bis 1 sein (erhalten: 1.5)'],
  ]);

  // A file whose top level is not an object, and one that lacks its questions: problems of the
  // whole file, named "(Datei)" in the question column.
  await page.locator('#wb-source').fill('[1, 2]');
  await page.waitForFunction(() => document.querySelector('#wb-problems tbody th')?.textContent === '(Datei)'
    && document.querySelector('#wb-problems tbody tr').children[1].textContent === '(oberste Ebene)');
  assert.deepEqual(await page.locator('#wb-problems tbody td').allTextContents(), ['(oberste Ebene)', 'muss ein Objekt sein']);
  await page.locator('#wb-source').fill(JSON.stringify({ format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'v', extra: 1 }));
  await page.waitForFunction(() => document.querySelectorAll('#wb-problems tbody tr').length === 2);
  const rows2 = await page.locator('#wb-problems tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.deepEqual(rows2, [
    ['(Datei)', 'extra', 'unbekannter Schlüssel (erwartet wird einer von format, lesson, version, questions, practice, kv_practice, drills)'],
    ['(Datei)', 'questions', 'fehlt (ein Array mit 1 bis 50 Fragen)'],
  ]);
  assertQuiet(rec);
  await rec.context.close();
});
