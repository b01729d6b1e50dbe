// CSV downloads in the page's number writing, in Debian chromium. On the German
// page a chart's data and the worked table download as German spreadsheet
// programs open a CSV: cells separated by ";" (the cells hold decimal commas,
// "31,2"), a UTF-8 byte order mark first (so "Größe" is not read as Latin-1).
// The English page keeps RFC 4180: "," between cells, cells holding a comma
// quoted, no byte order mark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, openReady, downloadBytes } from './lib/harness.mjs';
import { parseCsv } from './lib/csv.mjs';

const CHART = 'llm-budget-lab[parts="memory-chart"]';
const WORKED = 'llm-budget-lab[parts="table"]';
const BOM = '\uFEFF';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** A page of dist/ at 1280 x 900, once every element on it is ready (harness openReady). */
const openPage = (rel) => openReady(browser, new URL(rel, server.url).href);

/** Clicks a download button and returns the file's text (UTF-8, a byte order mark kept). */
async function saved(page, locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), locator.click()]);
  return (await downloadBytes(download)).toString('utf8');
}

/** The memory chart's data table as shown (header row first), opened. */
async function chartCells(page) {
  await page.locator(`${CHART} details.chart-data summary`).click();
  await page.locator(`${CHART} details.chart-data table tbody tr`).nth(6).waitFor();
  return page.locator(`${CHART} details.chart-data table tr`).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
}

// The lesson's rows (content/lesson, the memory chart's bars): row 1 is the 7B model with 16-bit weights,
// 7e9 x 2 B = 14.0 GB of weights; row 2 (GQA-8, 16-bit) needs 31.2 GB in all, fits, a decode step of
// 31.2 ms, 32.1 tokens/s per request and 513 in total (tests/browser/student-loop.test.mjs).
test('German page: chart and worked-table CSV use ";" between cells, decimal commas, and a byte order mark', async () => {
  const rec = await openPage('index.de.html');
  const { page } = rec;
  const cells = await chartCells(page);
  const text = await saved(page, page.locator(`${CHART} button[data-download="csv"]`));
  assert.ok(text.startsWith(BOM), 'a UTF-8 byte order mark first');
  const rows = parseCsv(text.slice(1), ';');
  assert.deepEqual(rows, cells);
  assert.equal(rows[1][1], '14,0');
  // No cell needs quotes with ";" between them: each line is its cells joined by ";", decimal commas bare.
  const lines = text.slice(1).trimEnd().split('\r\n');
  assert.equal(lines[1], cells[1].join(';'));
  assert.match(lines[1], /;14,0;/);
  assert.ok(cells.flat().every((c) => !/[;"]/.test(c)));

  const worked = await saved(page, page.locator(`${WORKED} button[data-download="csv"]`));
  assert.ok(worked.startsWith(BOM));
  const workedRows = parseCsv(worked.slice(1), ';');
  assert.equal(workedRows.length, 7);
  assert.deepEqual(workedRows[2].slice(1, 6), ['31,2', 'ja', '31,2', '32,1', '513']);
  assert.equal(worked.slice(1).split('\r\n')[2], workedRows[2].join(';'));
  assertQuiet(rec);
  await rec.context.close();
});

test('English page: the chart CSV keeps "," between cells, quotes cells holding a comma, and has no byte order mark', async () => {
  const rec = await openPage('index.html');
  const { page } = rec;
  const cells = await chartCells(page);
  const text = await saved(page, page.locator(`${CHART} button[data-download="csv"]`));
  assert.ok(!text.startsWith(BOM));
  assert.deepEqual(parseCsv(text, ','), cells);
  assert.equal(cells[1][1], '14.0');
  const quote = (c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  assert.equal(text.trimEnd().split('\r\n')[1], cells[1].map(quote).join(','));
  assertQuiet(rec);
  await rec.context.close();
});

test('German page: the files offered are named in German', async () => {
  const rec = await openPage('index.de.html');
  const { page } = rec;
  const named = async (locator) => {
    const [download] = await Promise.all([page.waitForEvent('download'), locator.click()]);
    return download.suggestedFilename();
  };
  // The chart's file name from its German title ("GPU-Speicher pro Konfiguration").
  assert.equal(await named(page.locator(`${CHART} button[data-download="csv"]`)), 'gpu-speicher-pro-konfiguration.csv');
  // The worked table's from its German title ("Durchgerechnete Tabelle").
  assert.equal(await named(page.locator(`${WORKED} button[data-download="csv"]`)), 'durchgerechnete-tabelle.csv');
  assert.equal(await named(page.locator('llm-budget-lab[parts="calculator"] button[data-action="download-inputs"]')),
    'llm-budget-lab-eingaben.json');
  // The answers file keeps the lesson and version the quiz reads back (LM10-T6, version 1).
  assert.equal(await named(page.locator('llm-budget-lab[parts="quiz"] [data-action="download"]')),
    'llm-budget-lab-antworten-LM10-T6-v1.json');
  assertQuiet(rec);
  await rec.context.close();
});
