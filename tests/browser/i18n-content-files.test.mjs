// Notices about a presets="URL" or questions="URL" file the element cannot use, on a
// German host page: each cause is a whole German sentence of content/ui/de.json
// ("presetsFile.*", "questionsFile.*"), with the address, the status, the byte counts
// and the time limit in its placeholders (0.5 seconds written "0,5 Sekunden"), and a
// questions file's first problem in the checker's German; the built-in presets and
// questions are kept. The English sentences are tests/browser/attributes.test.mjs's,
// quiz.test.mjs's and content-fetch.test.mjs's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, recordedPage } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const notices = (page, id) => page.locator(`#${id}`).evaluate((el) =>
  [...el.shadowRoot.querySelectorAll('[data-lab-notice]')].map((n) => n.textContent));

test('German notices for a presets file that cannot be used: one sentence per cause', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1200, height: 900 } });
  const { page, context } = rec;
  const elements = {
    json: 'presets="not-json.json"',
    big: 'presets="big.json"',
    missing: 'presets="missing.json"',
    js: 'presets="javascript:alert(1)"',
    slow: 'presets="never.json" fetch-timeout="0.5"',
  };
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Gastseite</title>
<script src="/llm-budget-lab.js" defer></script></head><body>
${Object.entries(elements).map(([id, attrs]) => `<llm-budget-lab id="${id}" parts="presets" ${attrs}></llm-budget-lab>`).join('\n')}
</body></html>`;
  await context.route(`${server.url}host.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  await context.route(`${server.url}not-json.json`, (r) => r.fulfill({ contentType: 'application/json', body: '{"version": 1,' }));
  await context.route(`${server.url}big.json`, (r) => r.fulfill({ contentType: 'application/json', body: ' '.repeat(300000) }));
  await context.route(`${server.url}missing.json`, (r) => r.fulfill({ status: 404, contentType: 'text/plain', body: 'no' }));
  await context.route(`${server.url}never.json`, () => {}); // never answered: the element gives up after 0.5 s
  await page.goto(`${server.url}host.html`);
  await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 15000 });

  assert.deepEqual(await notices(page, 'json'), ['Die Vorgaben-Datei ist kein gültiges JSON; es werden die eingebauten Vorgaben gezeigt.']);
  // 300,000 spaces: over the limit of 256 × 1024 = 262,144 bytes.
  assert.deepEqual(await notices(page, 'big'), ['Die Vorgaben-Datei ist zu groß (300000 Byte; höchstens 262144); es werden die eingebauten Vorgaben gezeigt.']);
  assert.deepEqual(await notices(page, 'missing'),
    ['Die Vorgaben-Datei konnte nicht geladen werden: Der Server antwortete mit HTTP 404; es werden die eingebauten Vorgaben gezeigt.']);
  assert.deepEqual(await notices(page, 'js'), ['Die Adresse der Vorgaben-Datei „javascript:alert(1)“ verwendet „javascript:“, was nicht geladen wird: '
    + 'Nur Adressen mit http: und https: werden geladen; es werden die eingebauten Vorgaben gezeigt.']);
  assert.deepEqual(await notices(page, 'slow'), ['Die Vorgaben-Datei ist nicht innerhalb von 0,5 Sekunden eingetroffen '
    + '(der Server hat aufgehört zu senden oder nie geantwortet); es werden die eingebauten Vorgaben gezeigt.']);
  for (const id of Object.keys(elements)) {
    assert.equal(await page.locator(`#${id} [data-preset="h100-sxm-80gb"]`).count(), 1, `${id}: the built-in presets kept`);
  }
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});

test('German notices for a questions file that cannot be used: the cause, or its first problem, in German', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1200, height: 900 } });
  const { page, context } = rec;
  const broken = { format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'de-1', questions: [] };
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Gastseite</title>
<script src="/llm-budget-lab.js" defer></script></head><body>
<llm-budget-lab id="qjson" parts="quiz" questions="q-not-json.json"></llm-budget-lab>
<llm-budget-lab id="qbad" parts="quiz" questions="q-empty.json"></llm-budget-lab>
<llm-budget-lab id="qjs" parts="quiz" questions="javascript:alert(1)"></llm-budget-lab>
</body></html>`;
  await context.route(`${server.url}host.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  await context.route(`${server.url}q-not-json.json`, (r) => r.fulfill({ contentType: 'application/json', body: '{"format": ' }));
  await context.route(`${server.url}q-empty.json`, (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(broken) }));
  await page.goto(`${server.url}host.html`);
  const notice = async (id) => {
    await page.waitForSelector(`#${id} [data-part="quiz"][data-state="ready"]`, { timeout: 15000 });
    return page.locator(`#${id} [data-notice="questions"]`).textContent();
  };
  assert.equal(await notice('qjson'), 'Die Fragen-Datei ist kein gültiges JSON; es werden die eingebauten Fragen gezeigt.');
  assert.equal(await notice('qbad'), 'Die Fragen-Datei hat 1 Problem (zuerst: (Datei): questions: muss ein Array mit 1 bis 50 Fragen sein); '
    + 'es werden die eingebauten Fragen gezeigt.');
  assert.equal(await notice('qjs'), 'Die Adresse der Fragen-Datei „javascript:alert(1)“ verwendet „javascript:“, was nicht geladen wird: '
    + 'Nur Adressen mit http: und https: werden geladen; es werden die eingebauten Fragen gezeigt.');
  // The built-in questions are shown.
  assert.equal(await page.locator('#qbad [data-question="q1-fit"]').count(), 1);
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});
