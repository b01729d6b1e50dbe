// The lesson in German (dist/index.de.html, <html lang="de">) beside the English page:
// the worked table's six rows with decimal commas and German grouping, typed answers read
// in the German convention as well as the universal one, and the English page as before,
// without fetching German strings. Expected numbers are the lesson's (tests/data/seed-values.json
// "displayed": 31.2 GB, 1,026 tokens/s ...), written as German writes them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, DIST, openSession, closeSession, assertQuiet, recordedPage, waitReady, openReady } from './lib/harness.mjs';

const SEED = JSON.parse(readFileSync(path.join(REPO, 'tests/data/seed-values.json'), 'utf8'));
const TABLE = 'llm-budget-lab[parts="table"]';
const QUIZ = 'llm-budget-lab [data-part="quiz"]';
const step = (q, s) => `${QUIZ} [data-question="${q}"] [data-step="${s}"]`;
const CALC_TOTAL = 'llm-budget-lab[parts="calculator"] [data-out="total_bytes"]';

/** A number as German writes it: decimal comma, "." between groups of three ("1.026", "31,2"). */
const german = (v, digits) => new Intl.NumberFormat('de', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const open = (url) => openReady(browser, url);

async function tableColumn(page, col) {
  return page.locator(`${TABLE} td[data-col="${col}"]`).allTextContents();
}

test('German page: the six rows with decimal commas and German grouping, German words, English page linked', async () => {
  const rec = await open(new URL('index.de.html', server.url).href);
  const { page } = rec;
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  assert.equal(await page.locator(`${TABLE} tbody tr`).count(), 6);
  // 82.7, 31.2, 15.6, 12.1, 82.7, 15.1 GB as "82,7" ... (the lesson's six configurations).
  assert.deepEqual(await tableColumn(page, 'memory'), SEED.budget_rows.map((r) => german(r.displayed.memory_gb, 1)));
  assert.ok((await tableColumn(page, 'memory')).includes('31,2'));
  // Totals of the rows that fit: 513, 1.026, 1.323, 66 tokens/s (grouping with ".").
  const fitting = SEED.budget_rows.filter((r) => r.displayed.total_tokens_per_s !== null);
  assert.deepEqual(await tableColumn(page, 'total'), fitting.map((r) => german(r.displayed.total_tokens_per_s, 0)));
  assert.ok((await tableColumn(page, 'total')).includes('1.026'));
  assert.deepEqual(await tableColumn(page, 'per-request'), fitting.map((r) => german(r.displayed.per_request_tokens_per_s, 1)));
  assert.equal(await page.locator(`${TABLE} th[scope="col"]`).first().textContent(), 'Konfiguration');
  assert.equal(await page.locator(`${TABLE} td[data-col="fits"]`).first().textContent(), 'nein');
  // The calculator starts at the lesson's GQA-8 configuration: 31.2 GB in all, "31,2 GB".
  assert.equal(await page.locator(CALC_TOTAL).textContent(), '31,2 GB');
  assert.equal(await page.locator('llm-budget-lab[parts="calculator"] h2.part-title').textContent(), 'Rechner für das Serving-Budget');
  // The page's own words and the way back to English.
  assert.equal(await page.locator('h1').textContent(), 'Wie viel GPU braucht man, um ein Sprachmodell zu betreiben?');
  const back = page.locator('.page-languages a[hreflang="en"]');
  assert.equal(await back.getAttribute('href'), 'index.html');
  assert.equal(await back.textContent(), 'This lesson in English');
  assertQuiet(rec);
  await rec.context.close();
});

test('German page: the build wrote the German drawing (numbers before scripts)', () => {
  const html = readFileSync(path.join(DIST, 'index.de.html'), 'utf8');
  assert.match(html, /<html lang="de">/);
  assert.match(html, /data-col="memory">31,2</);
  assert.match(html, /data-col="total">1\.026</);
  assert.doesNotMatch(html, /data-col="memory">31\.2</);
});

test('German page grades "53,0 GB" as correct, and "53.0 GB" (universal) and "53.000 MB" (German grouping) too', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  const { page } = rec;
  await page.goto(new URL('index.de.html', server.url).href);
  await page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  const answer = async (q, s, text) => {
    await page.locator(`${step(q, s)} input`).fill(text);
    await page.locator(`${step(q, s)} button.quiz-check`).click();
    const fb = page.locator(`${step(q, s)} [data-feedback]`);
    return { verdict: await fb.getAttribute('data-verdict'), text: await fb.textContent() };
  };
  // Question 1's total is 53 GB (13 GB of weights + 40 GB of cache, seed-values.json).
  const comma = await answer('q1-fit', 'total', '53,0 GB');
  assert.equal(comma.verdict, 'correct');
  assert.match(comma.text, /^Richtig\./);
  assert.match(comma.text, /Gelesen als 53 GB/);
  assert.equal((await answer('q1-fit', 'total', '53.0 GB')).verdict, 'correct', 'the universal decimal point too');
  // "53.000 MB": on a German page the point groups thousands (53,000 MB = 53 GB).
  assert.equal((await answer('q1-fit', 'total', '53.000 MB')).verdict, 'correct');
  assert.equal((await answer('q1-fit', 'total', '40 GB')).verdict, 'wrong');
  assert.equal(await page.locator(`${step('q1-fit', 'total')} button.quiz-check`).textContent(), 'Prüfen');
  assertQuiet(rec);
  await rec.context.close();
});

test('English page unchanged: English words, "." decimals, "53.000 MB" not read as 53 GB, no German strings fetched', async () => {
  const rec = await open(server.url);
  const { page } = rec;
  assert.deepEqual(await tableColumn(page, 'memory'), SEED.budget_rows.map((r) => r.displayed.memory_gb.toFixed(1)));
  assert.ok((await tableColumn(page, 'total')).includes('1,026'));
  assert.equal(await page.locator(CALC_TOTAL).textContent(), '31.2 GB');
  assert.equal(await page.locator(`${TABLE} th[scope="col"]`).first().textContent(), 'Configuration');
  assert.equal(await page.locator('.page-languages a[hreflang="de"]').getAttribute('href'), 'index.de.html');
  await page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  await page.locator(`${step('q1-fit', 'total')} input`).fill('53.000 MB');
  await page.locator(`${step('q1-fit', 'total')} button.quiz-check`).click();
  // 53.000 MB is 53 MB in the universal convention: a thousand times too small, the unit is wrong.
  assert.equal(await page.locator(`${step('q1-fit', 'total')} [data-feedback]`).getAttribute('data-verdict'), 'wrong_unit');
  assert.deepEqual(rec.requests.filter((u) => /locale/.test(u)), [], 'no locale script requested');
  assertQuiet(rec);
  await rec.context.close();
});

test('German page from file:// and an element with lang="de" on an English page', async () => {
  const rec = await open(pathToFileURL(path.join(DIST, 'index.de.html')).href);
  assert.equal(await rec.page.locator(CALC_TOTAL).textContent(), '31,2 GB');
  assertQuiet(rec);
  await rec.context.close();
  // The element's own lang wins over the page's: an English page (served beside dist/'s files) with one German element.
  const rec2 = await recordedPage(browser, { viewport: { width: 1000, height: 800 } });
  const pageUrl = new URL('lang-element.html', server.url).href;
  await rec2.page.route(pageUrl, (route) => route.fulfill({
    contentType: 'text/html',
    body: '<!doctype html><html lang="en"><body><llm-budget-lab parts="table" lang="de"></llm-budget-lab>'
      + '<script src="llm-budget-lab.js"></script></body></html>',
  }));
  await rec2.page.goto(pageUrl);
  await waitReady(rec2.page);
  assert.ok((await rec2.page.locator(`${TABLE} td[data-col="total"]`).allTextContents()).includes('1.026'));
  await rec2.context.close();
});

test('German page: the guided tour panel speaks German', async () => {
  const rec = await open(new URL('index.de.html', server.url).href);
  const { page } = rec;
  const start = page.locator('[data-tour-start]').first();
  assert.equal(await start.textContent(), 'Tour starten');
  await start.click();
  const panel = page.locator('[data-tour-panel]');
  await panel.waitFor({ timeout: 15000 });
  assert.match(await panel.locator('[data-tour-progress]').textContent(), /: Schritt 1 von \d+$/);
  assert.equal(await panel.locator('[data-tour-action="next"]').textContent(), 'Weiter');
  assert.equal(await panel.locator('[data-tour-action="leave"]').textContent(), 'Tour verlassen');
  await panel.locator('[data-tour-action="leave"]').click();
  assert.equal(await page.locator('[data-tour-status]').textContent(), 'Sie haben die Tour verlassen; der Rechner zeigt wieder Ihre eigenen Einstellungen. Sie können die Tour hier jederzeit fortsetzen.');
  assertQuiet(rec);
  await rec.context.close();
});

test('the iframe embed in German: embed.html?parts=table&lang=de', async () => {
  const rec = await open(new URL('embed.html?parts=table&lang=de', server.url).href);
  assert.equal(await rec.page.evaluate(() => document.documentElement.lang), 'de');
  assert.ok((await tableColumn(rec.page, 'total')).includes('1.026'));
  assertQuiet(rec);
  await rec.context.close();
});

test('German page: a calculator box reads "1.024" as the calculator always does, 1,024, and says so', async () => {
  const rec = await open(`${server.url}index.de.html`);
  const { page } = rec;
  const gpu = page.locator('llm-budget-lab[parts="calculator"] input.field-text[data-field="gpu_memory_bytes"]');
  const note = page.locator('llm-budget-lab[parts="calculator"] [data-read="gpu_memory_bytes"]');
  await gpu.fill('1.024');
  // German writes 1024 as "1.024"; the box's universal reading is 1.024 GB, and the note
  // writes it in German ("1,024 GB") so the student sees which reading was used.
  assert.match(await note.textContent(), /1,024 GB/);
  // A German-looking number with a comma is read the German way too: 1.024,5 GB = 1,024.5 GB.
  await gpu.fill('1.024,5');
  assert.match(await note.textContent(), /1\.024,5 GB/);
  await rec.context.close();
});
