// The traffic chart's and the worked table's CSV files hold numbers a
// spreadsheet reads, in Debian chromium, on the English and the German page:
// every data cell of a number column is a bare number in the page's decimal
// mark (no digit grouping, no unit), each column's unit is in its header
// ("TTFT p99 (ms)": every latency in ms, none in s), and words ("grows without
// bound", "does not fit") stand only in text columns. The figures are the core's:
// the traffic run at 1 request/s is the facade's under node on the embed's
// starting input (the lesson's 7B with 8 KV heads), the worked table's rows are the
// lesson's (tests/browser/csv-locale.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, openSession, closeSession, assertQuiet, recordedPage, waitReady, downloadBytes } from './lib/harness.mjs';
import { parseCsv } from './lib/csv.mjs';

const load = (rel) => import(pathToFileURL(path.join(REPO, rel)).href);

let browser;
let server;
let at1; // the facade's run at 1 request/s, 1,024 + 256 tokens, on the lesson's starting input
let english; // format.js's English number formatting
before(async () => {
  ({ browser, server } = await openSession());
  const { loadBudgetCore } = await load('web/core/budget-core.js');
  const { loadTrafficCore } = await load('web/core/traffic-core.js');
  english = await load('web/element/format.js');
  const budget = await loadBudgetCore();
  const traffic = await loadTrafficCore();
  at1 = traffic.simulateTraffic({ ...budget.DEFAULT_INPUT, kv_heads: 8 }, { request_rate: 1, input_tokens: 1024, output_tokens: 256 }).value;
});
after(() => closeSession({ browser, server }));

const PAGES = {
  en: {
    separator: ',', number: /^-?\d+(\.\d+)?$/,
    trafficHeader: ['Request rate (requests/s)', 'TTFT p50 (ms)', 'TTFT p99 (ms)', 'TPOT p50 (ms)', 'TPOT p99 (ms)', 'Queue'],
    grows: 'grows without bound', bounded: 'bounded',
    tableHeader: ['Configuration', 'Memory (GB)', 'Fits?', 'Step (ms)', 'Per request (tokens/s)', 'Total (tokens/s)', 'Fits your 80.0 GB GPU?'],
    no: 'no',
  },
  de: {
    separator: ';', number: /^-?\d+(,\d+)?$/,
    trafficHeader: ['Anfragerate (Anfragen/s)', 'TTFT p50 (ms)', 'TTFT p99 (ms)', 'TPOT p50 (ms)', 'TPOT p99 (ms)', 'Warteschlange'],
    grows: 'wächst unbegrenzt', bounded: 'begrenzt',
    tableHeader: ['Konfiguration', 'Speicher (GB)', 'Passt?', 'Schritt (ms)', 'Pro Anfrage (Token/s)', 'Gesamt (Token/s)', 'Passt auf Ihre GPU mit 80,0 GB?'],
    no: 'nein',
  },
};

/** Clicks a download button and returns the file's text without its byte order mark. */
async function saved(page, locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), locator.click()]);
  return (await downloadBytes(download)).toString('utf8').replace(/^\uFEFF/, '');
}

/** A number cell's value: the page's decimal mark read back. */
const valueOf = (cell, lang) => Number(lang === 'de' ? cell.replace(',', '.') : cell);

for (const lang of ['en', 'de']) {
  const w = PAGES[lang];
  test(`${lang}: the traffic chart's CSV has bare numbers, every latency in ms, words only in the queue column`, async () => {
    const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
    const { page } = rec;
    await page.goto(`${server.url}embed.html?parts=traffic${lang === 'de' ? '&lang=de' : ''}`);
    await waitReady(page);
    await page.locator('.traffic-body:not([data-busy])').waitFor({ timeout: 30000 });
    const rows = parseCsv(await saved(page, page.locator('.chart-downloads button[data-download="csv"]')), w.separator);
    const [header, ...body] = rows;
    assert.deepEqual(header, w.trafficHeader);
    assert.ok(body.length >= 12, `${body.length} loads`);
    for (const row of body) {
      assert.equal(row.length, 6);
      assert.match(row[0], w.number);
      assert.ok([w.grows, w.bounded].includes(row[5]), row[5]);
      // A bounded queue has every latency; an unstable run none (its queue cell says why).
      for (const cell of row.slice(1, 5)) {
        if (row[5] === w.grows) assert.equal(cell, '');
        else assert.match(cell, w.number, `"${cell}" in ${row.join('|')}`);
      }
    }
    assert.ok(body.some((r) => r[5] === w.grows), 'the sweep reaches an unstable load');
    // At 1 request/s the run is the facade's: TTFT p50 and p99 and TPOT p99 in ms, as the page rounds
    // them (format.js adaptive), written without grouping in the page's decimal mark.
    const csvMs = (s) => {
      const text = english.adaptive(s * 1000).replace(/,/g, '');
      return lang === 'de' ? text.replace('.', ',') : text;
    };
    const one = body.find((r) => valueOf(r[0], lang) === 1);
    assert.deepEqual(one.slice(1, 5), [csvMs(at1.ttft_s.p50), csvMs(at1.ttft_s.p99), csvMs(at1.tpot_s.p50), csvMs(at1.tpot_s.p99)]);
    // Its TTFT p99 is 1.506 s: the page's table says "1.51 s", the file 1506 in its column of ms, and
    // latencies rise past a second toward the knee, still in ms.
    assert.equal(one[2], '1506');
    const latest = body.filter((r) => r[5] === w.bounded).map((r) => valueOf(r[2], lang));
    assert.ok(Math.max(...latest) >= 1000, `TTFT p99 up to ${Math.max(...latest)} ms`);
    assertQuiet(rec);
    await rec.context.close();
  });

  test(`${lang}: the worked table's CSV has bare numbers; its fit is its own column`, async () => {
    const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
    const { page } = rec;
    await page.goto(`${server.url}embed.html?parts=table${lang === 'de' ? '&lang=de' : ''}`);
    await waitReady(page);
    const rows = parseCsv(await saved(page, page.locator('button[data-download="csv"]')), w.separator);
    const [header, ...body] = rows;
    assert.deepEqual(header, w.tableHeader);
    assert.equal(body.length, 6);
    for (const row of body) {
      assert.equal(row.length, 7);
      for (const i of [1, 3, 4, 5]) {
        // A row that does not fit has no speeds: empty cells, its "Fits?" cell saying no.
        if (i > 1 && row[2] === w.no) assert.equal(row[i], '');
        else assert.match(row[i], w.number, `"${row[i]}" in ${row.join('|')}`);
      }
    }
    // The lesson's GQA-8 16-bit row: 31.2 GB, fits, a 31.2 ms step, 32.1 tokens/s per request and 513 in all.
    const dec = (x) => (lang === 'de' ? x.replace('.', ',') : x);
    assert.deepEqual(body[1].slice(1, 6), [dec('31.2'), lang === 'de' ? 'ja' : 'yes', dec('31.2'), dec('32.1'), '513']);
    // The on-page table writes totals from 1,000 up with grouping; the file does not.
    const shown = await page.locator('table.worked-table td[data-col="total"]').allTextContents();
    assert.deepEqual(body.filter((r) => r[5] !== '').map((r) => valueOf(r[5], lang)),
      shown.map((text) => Number(lang === 'de' ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, ''))));
    assertQuiet(rec);
    await rec.context.close();
  });
}
