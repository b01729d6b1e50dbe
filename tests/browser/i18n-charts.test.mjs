// The speculative, attention, traffic and measured parts in German (dist/index.de.html, and an
// element given lang="de" on an English page): their titles, labels, readouts and tables in
// German, their numbers and axis ticks with decimal commas, every number the core's; and the
// English page as before. Expected values come from the cores under node (web/core/) and the
// lesson's worked figures, written as German writes them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

const load = (rel) => import(pathToFileURL(path.join(REPO, rel)).href);
const host = (part) => `llm-budget-lab[parts="${part}"]`;

/** A number as German writes it: decimal comma, "." between groups of three ("2,95", "8.192"). */
const german = (v, digits) => new Intl.NumberFormat('de', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
const english = (v, digits) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

let browser;
let server;
let spec; // core.speculative(0.8, 3, 0.05): the part's starting a, k and c
let best; // core.bestDraftTokens(0.8, 0.05)
let attention; // core.attentionMemory at the default query heads, context and cache precision
let defaults; // the budget core's DEFAULT_INPUT
let at1; // the traffic core's run at the part's start: 1 request/s, 1,024 + 256 tokens, the lesson's GQA-8 input

before(async () => {
  ({ browser, server } = await openSession());
  const { loadBudgetCore } = await load('web/core/budget-core.js');
  const { loadTrafficCore } = await load('web/core/traffic-core.js');
  const core = await loadBudgetCore();
  const traffic = await loadTrafficCore();
  defaults = core.DEFAULT_INPUT;
  spec = core.speculative(0.8, 3, 0.05).value;
  best = core.bestDraftTokens(0.8, 0.05).value;
  attention = core.attentionMemory(defaults.query_heads, defaults.context_tokens, defaults.cache_bytes_per_value).value;
  at1 = traffic.simulateTraffic({ ...defaults, kv_heads: 8 }, { request_rate: 1, input_tokens: 1024, output_tokens: 256 }).value;
});
after(() => closeSession({ browser, server }));

async function open(url, width = 1280) {
  const rec = await recordedPage(browser, { viewport: { width, height: 900 } });
  await rec.page.goto(url);
  await waitReady(rec.page);
  return rec;
}

/** Scrolls a part into view and waits until it has drawn. */
async function shown(page, part) {
  const lab = page.locator(host(part));
  await lab.scrollIntoViewIfNeeded();
  await page.locator(`${host(part)}[ready]`).waitFor({ timeout: 20000 });
  return lab;
}

/** The texts of the tick labels of every axis in a part's charts. */
const ticks = (lab) => lab.locator('svg .tick text').allTextContents();

/** Opens a chart's data table and returns its header cells. */
async function dataHeaders(lab) {
  await lab.locator('details.chart-data').first().evaluate((d) => { d.open = true; });
  await lab.locator('details.chart-data tbody tr').first().waitFor();
  return lab.locator('details.chart-data th[scope="col"]').allTextContents();
}

test('German page: the speculative and traffic charts and the measured speeds in German, numbers with decimal commas', async () => {
  const rec = await open(new URL('index.de.html', server.url).href);
  const { page } = rec;

  // Speculative decoding at a = 0.8, k = 3, c = 0.05: tokens per pass (1 - a^(k+1)) / (1 - a)
  // = (1 - 0.4096) / 0.2 = 2.952, written to two decimals "2,95"; speed-up 2.952 / (1 + 3 x 0.05)
  // = 2.567, "2,57"; the core's best k is 8 (3.09x).
  assert.ok(Math.abs(spec.tokens_per_pass - 2.952) < 1e-9);
  const specLab = await shown(page, 'speculative');
  assert.equal(await specLab.locator('h2.part-title').textContent(), 'Speculative Decoding: Token pro Zieldurchlauf');
  const readout = `Bei a = 0,8 und k = 3: ${german(spec.tokens_per_pass, 2)} Token pro Zieldurchlauf; `
    + `Beschleunigung ${german(spec.speedup, 2)}×, wenn jedes Draft-Token 0,05 eines Durchlaufs kostet. `
    + `Bestes k hier: ${best.draft_tokens} (${german(best.speedup, 2)}×).`;
  assert.equal(await specLab.locator('[data-out="speculative-readout"]').textContent(), readout);
  assert.ok(readout.includes('2,95 Token') && readout.includes('2,57×'));
  // The declared fields' German labels, the axis in German with decimal-comma ticks (0,2 ... 1,0).
  assert.deepEqual(await specLab.locator('.field-label').evaluateAll((ls) => ls.map((l) => l.firstChild.textContent)),
    ['Akzeptanzrate', 'Draft-Tokens', 'Draft-Kosten pro Token']);
  const specTicks = await ticks(specLab);
  assert.ok(specTicks.includes('0,2') && specTicks.includes('1,0'), specTicks.join(' '));
  assert.deepEqual(specTicks.filter((x) => /\d\.\d/.test(x)), []);
  assert.ok((await specLab.locator('svg text.axis-title').allTextContents()).includes('Akzeptanzrate a'));
  assert.deepEqual((await dataHeaders(specLab)).slice(0, 2), ['Akzeptanzrate', 'k=1: Token/Durchlauf']);

  // Traffic at its start, 1 request/s: the core's TTFT p50 0.378 s, "378,4 ms" (one decimal: 100 ms and up).
  const traffic = await shown(page, 'traffic');
  await traffic.locator('.traffic-body:not([data-busy])').waitFor({ timeout: 20000 });
  assert.equal(await traffic.locator('h2.part-title').first().textContent(), 'Datenverkehr: Latenz unter Last');
  assert.ok(at1.ttft_s.p50 >= 0.1 && at1.ttft_s.p50 < 1);
  const status = await traffic.locator('[data-out="traffic-status"]').textContent();
  assert.ok(status.startsWith(`Bei 1,0 Anfragen/s: TTFT p50 ${german(at1.ttft_s.p50 * 1000, 1)} ms, p99 `), status);
  assert.equal(await traffic.locator('[data-out="traffic-caption"]').textContent(), 'Bei 1,0 Anfragen/s');
  assert.equal(await traffic.locator('[data-out="traffic-percentiles"] tr[data-row="ttft_s"] td[data-stat="p50"]').textContent(),
    `${german(at1.ttft_s.p50 * 1000, 1)} ms`);
  assert.deepEqual(await traffic.locator('[data-out="traffic-percentiles"] thead th').allTextContents(), ['Latenz', 'Mittel', 'p50', 'p90', 'p99']);
  assert.equal(await traffic.locator('.field[data-field="request_rate"] .field-label').evaluate((l) => l.firstChild.textContent), 'Anfragerate');
  assert.equal(await traffic.locator('button[data-mode="closed"]').textContent(), 'Geschlossene Schleife: eine Parallelität');
  const trafficChart = traffic.locator('figure.traffic-chart');
  assert.ok((await trafficChart.locator('svg text.axis-title').allTextContents()).includes('Rate (Anfragen/s)'));
  const trafficTicks = await ticks(trafficChart);
  assert.ok(trafficTicks.includes('0,5'), trafficTicks.join(' '));
  assert.ok(trafficTicks.some((x) => /^\d+(,\d+)? ms$/.test(x)), trafficTicks.join(' '));

  // Measured speeds at the A100 preset's 80%: the worked rows of tests/browser/gpu-page.test.mjs
  // (Llama 2 7B bf16: 104.90 measured, 120.08 estimated, 1.14x), written in German.
  const measured = await shown(page, 'measured');
  assert.equal(await measured.locator('h2.part-title').textContent(), 'Schätzung gegen Messung');
  const first = await measured.locator('[data-out="measured-speed-table"] tbody tr').first().locator('th, td').allTextContents();
  assert.deepEqual(first.slice(2, 6), ['104,90', '120,08', '1,14×', 'ja']);
  assert.equal(await measured.locator('[data-out="measured-speed-table"] thead th').first().textContent(), 'Lauf');
  assert.match(await measured.locator('[data-out="measured-summary"]').textContent(),
    /^Bei 80 % der Spitzenbandbreite liegen 20 von 20 Schätzungen innerhalb eines Faktors 2 um die gemessene Geschwindigkeit; Schätzung ÷ Messung reicht von 1,03 bis 1,92/);
  assert.match(await measured.locator('[data-out="measured-band-shares"]').textContent(), /38–83 % der Spitze von 2\.039 GB\/s/);
  assertQuiet(rec);
});

test('lang="de" on one element of the English page: the attention chart in German', async () => {
  const rec = await open(`${server.url}embed.html?parts=attention&lang=de`);
  const lab = await shown(rec.page, 'attention');
  assert.equal(await lab.locator('h2.part-title').textContent(), 'Speicher der Attention-Scores nach Kontext');
  // One layer's stored scores: 32 heads x 8,192^2 x 2 bytes = 4,294,967,296 B, "4,29 GB"; the tiled
  // kernel's 2,097,152 B, "2,1 MB".
  assert.equal(attention.stored_score_bytes, 32 * 8192 ** 2 * 2);
  assert.equal(await lab.locator('figcaption [data-out="chart-summary"]').textContent(),
    `Bei 8.192 Token und 32 Köpfen belegen die gespeicherten Scores einer Schicht ${german(attention.stored_score_bytes / 1e9, 2)} GB; `
    + 'ein gekachelter Kernel hält 2,1 MB.');
  assert.deepEqual(await dataHeaders(lab), ['Kontext (Token)', 'Gespeicherte Scores (GB)', 'Gekachelter Kernel (MB)', 'KV-Cache, ganzer Batch (GB)']);
  // The table's numbers in German: the first context row's stored scores with a decimal comma.
  const cells = await lab.locator('details.chart-data tbody tr').first().locator('td').allTextContents();
  assert.match(cells[0], /^\d+,\d\d$/);
  assert.ok((await lab.locator('svg text').allTextContents()).includes('jetzt: 8.192 Token'));
  assertQuiet(rec);
});

test('English page: the same parts in English, as before', async () => {
  const rec = await open(server.url);
  const { page } = rec;
  const specLab = await shown(page, 'speculative');
  assert.equal(await specLab.locator('h2.part-title').textContent(), 'Speculative decoding: tokens per target pass');
  assert.equal(await specLab.locator('[data-out="speculative-readout"]').textContent(),
    `At a = 0.8 with k = 3: ${english(spec.tokens_per_pass, 2)} tokens per target pass; speed-up ${english(spec.speedup, 2)}× `
    + `when each draft token costs 0.05 of a pass. Best k here: ${best.draft_tokens} (${english(best.speedup, 2)}×).`);
  const specTicks = await ticks(specLab);
  assert.ok(specTicks.includes('0.2') && specTicks.includes('1.0'), specTicks.join(' '));
  const attentionLab = await shown(page, 'attention');
  assert.equal(await attentionLab.locator('figcaption [data-out="chart-summary"]').textContent(),
    'At 8,192 tokens with 32 heads, storing one layer’s scores takes 4.29 GB; a tiled kernel keeps 2.1 MB.');
  const traffic = await shown(page, 'traffic');
  await traffic.locator('.traffic-body:not([data-busy])').waitFor({ timeout: 20000 });
  assert.equal(await traffic.locator('h2.part-title').first().textContent(), 'Traffic: latency under load');
  assert.equal(await traffic.locator('[data-out="traffic-caption"]').textContent(), 'At 1.0 requests/s');
  assert.ok((await traffic.locator('[data-out="traffic-status"]').textContent())
    .startsWith(`At 1.0 requests/s: TTFT p50 ${english(at1.ttft_s.p50 * 1000, 1)} ms`));
  const measured = await shown(page, 'measured');
  assert.equal(await measured.locator('h2.part-title').textContent(), 'Estimate against measurement');
  assert.match(await measured.locator('[data-out="measured-summary"]').textContent(), /^At 80% of peak bandwidth, 20 of 20 estimates/);
  // The English page fetches no German strings.
  assert.deepEqual(rec.requests.filter((u) => /locale-de/.test(u)), []);
  assertQuiet(rec);
});

test('the batch chart\'s axis ticks group thousands as the locale does: "1.000" in German, "1,000" in English', async () => {
  // The lesson's 8-bit row (preset lesson-gqa8-8) reaches about 1,000 tokens/s in all before the batch
  // stops fitting, so the top panel's axis runs past 1,000 (ticks every 500 up to 2,000).
  for (const [lang, thousand] of [['de', '1.000'], ['en', '1,000']]) {
    const rec = await open(`${server.url}embed.html?parts=batch-chart&preset=lesson-gqa8-8${lang === 'de' ? '&lang=de' : ''}`);
    const lab = await shown(rec.page, 'batch-chart');
    const all = await ticks(lab);
    assert.ok(all.includes(thousand), all.join(' '));
    assert.deepEqual(all.filter((x) => (lang === 'de' ? /\d,\d/ : /\d\.\d/).test(x)), [], 'no tick in the other locale\'s marks');
    assertQuiet(rec);
  }
});
