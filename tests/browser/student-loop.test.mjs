// The student's loop in Debian chromium: results in view after a
// preset click, a link that keeps the inputs (http and file://), hostile
// links, copy/reset, downloads parsed and checked, print as a worksheet, the
// quiz in a frame sandboxed with allow-scripts only, and a storage notice that
// never costs a click.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  OUT, INDEX_FILE_URL, openSession, closeSession, assertQuiet, recordedPage, waitReady, serveFolder, downloadBytes,
} from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';
const out = (key) => `${CALC} [data-out="${key}"]`;
const box = (page, field) => page.locator(`${CALC} input.field-text[data-field="${field}"]`);

let browser;
let server;
let host;
let hostDir;

before(async () => {
  ({ browser, server } = await openSession());
  // A course page on another loopback origin that frames the quiz with
  // sandbox="allow-scripts" only (no allow-forms, no allow-same-origin).
  hostDir = mkdtempSync(path.join(tmpdir(), 'llmb-sandbox-'));
  writeFileSync(path.join(hostDir, 'sandbox.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Sandboxed</title><link rel="icon" href="data:,"></head><body>
<iframe id="frame" sandbox="allow-scripts" title="Quiz" width="900" height="1400"
  src="${server.url}embed.html?parts=quiz"></iframe></body></html>`);
  host = await serveFolder(hostDir, { host: '127.0.0.1' });
});
after(async () => {
  await closeSession({ browser, server });
  if (host) await host.close();
  if (hostDir) rmSync(hostDir, { recursive: true, force: true });
});

async function openLesson(viewport = { width: 1280, height: 800 }, url = server.url, contextOptions = {}) {
  const rec = await recordedPage(browser, { viewport, acceptDownloads: true, ...contextOptions });
  rec.dialogs = [];
  rec.page.on('dialog', (d) => { rec.dialogs.push(d.message()); d.dismiss(); });
  await rec.page.goto(url);
  await waitReady(rec.page);
  return rec;
}

/** True when the element's box lies inside the viewport (at least its top 40 px). */
async function inViewport(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= -2 && r.top + Math.min(40, r.height) <= window.innerHeight && r.width > 0;  // sub-pixel scroll positions
  });
}

test('a preset click brings the results into view and says which inputs changed (1280 and 360 px)', async () => {
  for (const [width, height] of [[1280, 800], [360, 740]]) {
    const rec = await openLesson({ width, height });
    const { page } = rec;
    const preset = page.locator('llm-budget-lab[parts="presets"] button[data-preset="lesson-gqa8-16-b64"]');
    await preset.scrollIntoViewIfNeeded();
    await preset.click();
    const panel = page.locator(`${CALC} .results`);
    assert.ok(await inViewport(panel), `results panel in view after a preset click at ${width} px`);
    // From the lesson page's defaults (GQA-8, batch 16) this row changes only the batch.
    assert.equal(await page.locator(out('changes')).textContent(),
      'Preset “16-bit weights, GQA-8, 16-bit cache, B = 64” changed batch 16 requests → 64 requests.');
    // Batch 64 with GQA-8 at 16 bits is the lesson's 82.7 GB row: it does not fit 80 GB.
    assert.equal(await page.locator(out('verdict')).textContent(), 'Does not fit');
    await page.screenshot({ path: path.join(OUT, `student-preset-${width}x${height}.png`) });
    // The note describes that click only: typing another value clears it.
    await box(page, 'batch').fill('8');
    assert.equal(await page.locator(out('changes')).textContent(), '');
    assertQuiet(rec);
    await rec.context.close();
  }
});

test('on a phone the compact results panel shows the breakdown, stays in view while the inputs scroll, and expands', async () => {
  const rec = await openLesson({ width: 360, height: 740 });
  const { page } = rec;
  await box(page, 'batch').scrollIntoViewIfNeeded();
  const compact = page.locator(`${CALC} .calc-status`);
  assert.ok(await inViewport(compact), 'compact panel in view beside the batch field');
  // The lesson page's defaults (7B, GQA-8, batch 16): 14.0 GB of weights; 2*32*8*128*2 B per token
  // x 8192 tokens x 16 requests = 17.2 GB of cache; 31.2 GB / 1 TB/s = 31.2 ms, memory-bound.
  assert.equal(await compact.locator('[data-compact="weights"]').textContent(), '14.0 GB');
  assert.equal(await compact.locator('[data-compact="kv"]').textContent(), '17.2 GB');
  assert.equal(await compact.locator('[data-compact="step"]').textContent(), '31.2 ms, memory-bound');
  assert.equal(await compact.locator('[data-compact="total"]').textContent(), '513 tok/s');
  assert.ok(!(await compact.locator('[data-compact="free"]').isVisible()));
  await compact.locator('.calc-status-more').click();
  assert.ok(await compact.locator('[data-compact="free"]').isVisible(), 'More shows the rest');
  assert.equal(await compact.locator('.calc-status-more').getAttribute('aria-expanded'), 'true');
  // A change is marked on the number it moved: 32 KV heads (MHA) make the cache 68.7 GB, 82.7 GB in all.
  await box(page, 'kv_heads').fill('32');
  assert.equal(await compact.locator('[data-compact="kv"]').textContent(), '68.7 GB');
  assert.equal(await compact.locator('[data-compact="step"]').textContent(), 'does not fit');
  assert.ok(await compact.locator('[data-compact="kv"].just-changed').count() === 1, 'the moved number is marked');
  await page.screenshot({ path: path.join(OUT, 'student-phone-results-360x740.png') });
  assertQuiet(rec);
  await rec.context.close();
});

/** Sets batch 32, KV heads 4 and 4-bit weights; returns the results panel's text. */
async function changeInputs(page) {
  await box(page, 'batch').fill('32');
  await box(page, 'kv_heads').fill('4');
  await page.locator(`${CALC} .field[data-field="weight_bytes_per_param"] button.choice[data-bits="4"]`).click();
  return page.locator(`${CALC} .result-list`).textContent();
}

test('the inputs live in the URL fragment: a link opens to the same numbers, over http and from file://', async () => {
  const rec = await openLesson();
  const before = await changeInputs(rec.page);
  // Declaration order, only the fields that differ from the defaults, shortest round-trip numbers.
  // The fragment is written at most every 250 ms: wait for the last value.
  const want = '#lab:kv_heads=4;weight_bytes_per_param=0.5;batch=32';
  await rec.page.waitForFunction((h) => location.hash === h, want, { timeout: 3000 });
  const hash = await rec.page.evaluate(() => location.hash);
  assert.equal(hash, want);
  await rec.context.close();
  for (const url of [`${server.url}${hash}`, `${INDEX_FILE_URL}${hash}`]) {
    const fresh = await openLesson({ width: 1280, height: 800 }, url);
    assert.equal(await box(fresh.page, 'batch').inputValue(), '32');
    assert.equal(await box(fresh.page, 'kv_heads').inputValue(), '4');
    assert.equal(await box(fresh.page, 'weight_bytes_per_param').inputValue(), '4');
    assert.equal(await fresh.page.locator(`${CALC} .result-list`).textContent(), before, `same results from ${url.slice(0, 8)}`);
    assertQuiet(fresh);
    await fresh.context.close();
  }
});

test('a reload keeps the inputs; Reset calculator returns to the defaults and clears the fragment', async () => {
  const rec = await openLesson();
  const { page } = rec;
  await changeInputs(page);
  await page.waitForFunction(() => location.hash.endsWith('batch=32'), null, { timeout: 3000 });
  await page.reload();
  await waitReady(page);
  assert.equal(await box(page, 'batch').inputValue(), '32');
  // A refused text in another field is cleared by Reset too: the box shows its
  // starting value, without its message, and the results are no longer stale.
  await box(page, 'context_tokens').fill('4kzz');
  await box(page, 'context_tokens').press('Tab');
  const contextError = page.locator(`${CALC} .field[data-field="context_tokens"] .field-error`);
  await contextError.waitFor({ state: 'visible' });
  await page.locator(`${CALC} button[data-action="reset-calculator"]`).click();
  assert.equal(await box(page, 'batch').inputValue(), '16');
  assert.equal(await box(page, 'kv_heads').inputValue(), '8');
  assert.equal(await box(page, 'context_tokens').inputValue(), '8192');
  assert.equal(await contextError.isHidden(), true);
  assert.equal(await box(page, 'context_tokens').getAttribute('aria-invalid'), null);
  await page.waitForFunction(() => location.hash === '', null, { timeout: 3000 });
  assert.equal(await page.evaluate(() => location.hash), '');
  assertQuiet(rec);
  await rec.context.close();
});

test('Copy link puts the configuration link on the clipboard', async () => {
  const rec = await openLesson({ width: 1280, height: 800 }, server.url, { permissions: ['clipboard-read', 'clipboard-write'] });
  const { page } = rec;
  await box(page, 'batch').fill('48');
  await page.locator(`${CALC} button[data-action="copy-link"]`).click();
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel.host).shadowRoot.querySelector('.calc-link-status');
    return el && el.textContent.length > 0;
  }, { host: CALC });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, `${server.url}#lab:batch=48`);
  assert.match(await page.locator(`${CALC} .calc-link-status`).textContent(), /^Link copied/);
  assertQuiet(rec);
  await rec.context.close();
});

test('hostile and stale links: each bad setting is named, the rest apply, nothing runs', async () => {
  const cases = [
    ['#lab:batch=abc', /^Batch in the link cannot be read \(“abc” is not a number; type digits such as 12\.5\), so its starting value is used\.$/, { batch: '16' }],
    ['#lab:nope=1;batch=32', /^The link names “nope”, which is not a calculator setting, so it was ignored\.$/, { batch: '32' }],
    ['#lab:batch=0;kv_heads=4', /^Batch in the link cannot be used: it must be a whole number from 1 to 1 million requests, not 0 requests\. Its starting value is used\.$/, { batch: '16', kv_heads: '4' }],
    // Query heads below the starting KV heads: the KV heads come down with them, as on the slider.
    ['#lab:query_heads=4', null, { query_heads: '4', kv_heads: '4' }],
    [`#lab:${'x'.repeat(10000)}`, /^The link’s settings are too long to be the calculator’s \(10004 characters\)/, { batch: '16' }],
    // The key ends at the first "=": the notice quotes "<img src" as text.
    ['#lab:%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E=1', /^The link names “<img src”, which is not a calculator setting/, { batch: '16' }],
    ['#lab:%3Cscript%3Ealert(1)%3C%2Fscript%3E', /^The link names “<script>alert\(1\)<\/script>”/, { batch: '16' }],
    ['#lab:batch=%E0%A4%A', /^A setting in the link is not readable text/, { batch: '16' }],
    // An invisible character in a name is shown in the core's one format.
    ['#lab:bat%E2%80%8Bch=32', /^The link names “bat\[U\+200B\]ch”, which is not a calculator setting/, { batch: '16' }],
    ['#lab:batch=0x20', /^Batch in the link cannot be read \(“0x20” has a unit this field does not take/, { batch: '16' }],
    // Links may use the same forms as the fields: 32k tokens of context, 32 × 1,024.
    ['#lab:context_tokens=32k;batch=2', null, { context_tokens: '32768', batch: '2' }],
  ];
  for (const [hash, message, expected] of cases) {
    const rec = await openLesson({ width: 1280, height: 800 }, `${server.url}${hash}`);
    const { page } = rec;
    const notices = await page.locator(`${CALC} [data-link-notice]`).allTextContents();
    if (message) assert.ok(notices.some((n) => message.test(n)), `${hash.slice(0, 40)}: ${JSON.stringify(notices)}`);
    else assert.deepEqual(notices, [], `${hash.slice(0, 40)}: no notice`);
    for (const [field, value] of Object.entries(expected)) assert.equal(await box(page, field).inputValue(), value, `${hash.slice(0, 40)} ${field}`);
    assert.deepEqual(rec.dialogs, [], 'nothing ran');
    assert.equal(await page.evaluate((sel) => document.querySelector(sel).shadowRoot.querySelectorAll('img').length, CALC), 0);
    assertQuiet(rec);
    await rec.context.close();
  }
});

test('downloads: chart SVG and PNG, chart and worked-table CSV equal to their tables, the inputs as JSON', async () => {
  const rec = await openLesson();
  const { page } = rec;
  const chart = 'llm-budget-lab[parts="memory-chart"]';
  const save = async (locator) => {
    const [download] = await Promise.all([page.waitForEvent('download'), locator.click()]);
    return { name: download.suggestedFilename(), bytes: await downloadBytes(download) };
  };
  const svg = await save(page.locator(`${chart} button[data-download="svg"]`));
  assert.equal(svg.name, 'gpu-memory-per-configuration.svg');
  const svgText = svg.bytes.toString('utf8');
  assert.match(svgText, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svgText, /<title>GPU memory per configuration<\/title>/);
  assert.match(svgText, /Batch 16 requests/);
  assert.match(svgText, /GPU memory 80 GB/);
  assert.equal((svgText.match(/data-bar="[^"]*-weights"/g) || []).length, 7, 'seven bars, as on the page');
  const png = await save(page.locator(`${chart} button[data-download="png"]`));
  assert.equal(png.name, 'gpu-memory-per-configuration.png');
  assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG file');
  // PNG width (big-endian at byte 16) is twice the chart's.
  assert.ok(png.bytes.readUInt32BE(16) >= 2 * 260);

  // CSV = the data table, cell for cell.
  await page.locator(`${chart} details.chart-data summary`).click();
  await page.locator(`${chart} details.chart-data table tbody tr`).nth(6).waitFor();
  const tableCells = await page.locator(`${chart} details.chart-data table tr`).evaluateAll(
    (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  const csv = await save(page.locator(`${chart} button[data-download="csv"]`));
  const csvRows = csv.bytes.toString('utf8').trimEnd().split('\r\n').map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)
    .filter((c, i, all) => i < all.length - 1 || c !== '').map((c) => c.replace(/,$/, '').replace(/^"(.*)"$/, '$1').replace(/""/g, '"')));
  assert.deepEqual(csvRows, tableCells);

  const worked = 'llm-budget-lab[parts="table"]';
  const workedCells = await page.locator(`${worked} table tr`).evaluateAll(
    (trs) => trs.map((tr) => [...tr.children].flatMap((c) => Array(Number(c.getAttribute('colspan') || 1)).fill(c.textContent))));
  const workedCsv = await save(page.locator(`${worked} button[data-download="csv"]`));
  const workedRows = workedCsv.bytes.toString('utf8').trimEnd().split('\r\n');
  assert.equal(workedRows.length, 7);
  // Row 2 (GQA-8, 16-bit): 31.2 GB, fits, 31.2 ms, 32.1 and 513 tokens/s (the lesson's numbers).
  assert.deepEqual(workedCells[2].slice(1, 6), ['31.2', 'yes', '31.2', '32.1', '513']);
  assert.equal(workedRows[2], workedCells[2].map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','));

  const json = await save(page.locator(`${CALC} button[data-action="download-inputs"]`));
  const doc = JSON.parse(json.bytes.toString('utf8'));
  assert.equal(doc.format, 'llm-budget-lab-inputs');
  assert.equal(doc.inputs.batch, 16);
  assert.equal(doc.inputs.gpu_memory_bytes, 80e9);
  assertQuiet(rec);
  await rec.context.close();
});

test('print: the quiz is a worksheet without controls, chart data tables are expanded, the link is printed', async () => {
  const rec = await openLesson();
  const { page } = rec;
  await page.waitForSelector('llm-budget-lab[parts="quiz"] [data-part="quiz"][data-state="ready"]');
  await page.emulateMedia({ media: 'print' });
  const quiz = 'llm-budget-lab[parts="quiz"]';
  for (const sel of ['button', '.quiz-tools', '.quiz-practice']) {
    const visible = await page.locator(`${quiz} ${sel}`).evaluateAll((els) => els.filter((e) => e.checkVisibility()).length);
    assert.equal(visible, 0, `no visible ${sel} in print`);
  }
  assert.ok(await page.locator(`${quiz} input.quiz-input`).first().isVisible(), 'answer lines print');
  const table = page.locator('llm-budget-lab[parts="memory-chart"] details.chart-data table');
  assert.ok(await table.isVisible(), 'the chart data table prints expanded');
  assert.match(await page.locator(`${CALC} .calc-link-print`).textContent(), /^Link to this configuration: http/);
  assert.ok(await page.locator(`${CALC} .calc-link-print`).isVisible(), 'the link is printed');
  await page.emulateMedia({ media: 'screen' });
  assertQuiet(rec);
  await rec.context.close();
});

test('in a frame sandboxed with allow-scripts only, the quiz answers and grades (button and Enter)', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1000, height: 1500 } });
  const { page } = rec;
  await page.goto(`${host.url}sandbox.html`);
  const frame = page.frameLocator('#frame');
  const q1 = frame.locator('[data-question="q1-fit"] [data-step="total"]');
  await q1.locator('input').waitFor({ timeout: 15000 });
  await q1.locator('input').fill('53 GB');
  await q1.locator('button.quiz-check').click();
  await frame.locator('[data-question="q1-fit"] [data-feedback="total"].verdict-good').waitFor({ timeout: 5000 });
  // Enter in the answer box checks too.
  const q2 = frame.locator('[data-question="q2-speculative"] [data-step="tokens"]');
  await q2.locator('input').fill('2.952');
  await q2.locator('input').press('Enter');
  await frame.locator('[data-question="q2-speculative"] [data-feedback="tokens"].verdict-good').waitFor({ timeout: 5000 });
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});

test('storage failing on write: the notice moves nothing, the first click on Check grades', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  await rec.context.addInitScript(() => {
    Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
  });
  const { page } = rec;
  await page.goto(server.url);
  await waitReady(page);
  const quiz = 'llm-budget-lab[parts="quiz"]';
  await page.waitForSelector(`${quiz} [data-part="quiz"][data-state="ready"]`);
  const step = page.locator(`${quiz} [data-question="q1-fit"] [data-step="total"]`);
  await step.locator('input').scrollIntoViewIfNeeded();
  await step.locator('input').fill('53 GB');
  const check = step.locator('button.quiz-check');
  const before = await check.boundingBox();
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();  // the answer box loses focus here: the write fails and the notice appears
  await page.mouse.up();
  const after = await check.boundingBox();
  assert.equal(after.y, before.y, 'the Check button did not move');
  await page.locator(`${quiz} [data-question="q1-fit"] [data-feedback="total"].verdict-good`).waitFor({ timeout: 5000 });
  assert.equal(await page.locator(`${quiz} [data-notice="storage"]`).count(), 1);
  await rec.context.close();
});

test('one number reader for every field: typed forms people use are read, and the page says what it read', async () => {
  const rec = await openLesson();
  const { page } = rec;
  const readNote = (field) => page.locator(`${CALC} [data-read="${field}"]`);
  const cases = [
    // [field, typed, value the field then shows, what it says it read]
    ['weight_bytes_per_param', '4,5', '4.5', 'Read as 4.5 bits per weight.'],
    ['weight_bytes_per_param', '4.5 bit', '4.5', 'Read as 4.5 bits per weight.'],
    ['total_params', '70B', '70', 'Read as 70 billion parameters.'],
    ['total_params', '6.7 billion', '6.7', 'Read as 6.7 billion parameters.'],
    ['total_params', '7e9', '7', 'Read as 7 billion parameters.'],
    ['gpu_memory_bytes', '80 GB', '80', 'Read as 80 GB.'],
    // A context length's k is 1,024.
    ['context_tokens', '32k', '32768', 'Read as 32,768 tokens per request (k = 1,024 and M = 1,024² here, as context lengths are counted).'],
    ['context_tokens', '32,768', '32768', 'Read as 32,768 tokens per request.'],
    ['bandwidth_bytes_per_s', '1.5 TB/s', '1.5', 'Read as 1.5 TB/s.'],
  ];
  for (const [field, typed, value, said] of cases) {
    await box(page, field).fill(typed);
    assert.ok(!(await page.locator(`${CALC} .field[data-field="${field}"] .field-error`).isVisible()), `${field} "${typed}" accepted`);
    assert.equal(await readNote(field).textContent(), said, `${field} "${typed}"`);
    await box(page, field).blur();
    assert.equal(await box(page, field).inputValue(), value, `${field} "${typed}" shows ${value}`);
  }
  // 4.5-bit weights on the lesson's 7B: 7e9 x 0.5625 B = 3.94 GB.
  await box(page, 'total_params').fill('7');
  await box(page, 'weight_bytes_per_param').fill('4,5');
  assert.equal(await page.locator(out('weight_bytes')).textContent(), '3.94 GB');
  // The real reason for a refusal: a unit the field does not take.
  await box(page, 'layers').fill('80 GB');
  assert.equal(await page.locator(`${CALC} .field[data-field="layers"] .field-error`).textContent(),
    'Layers: “GB” is not a unit of layers; write a number, or a number with k, M, B or T (70B, 32k).');
  assertQuiet(rec);
  await rec.context.close();
});


test('smaller points: exact halvings read as halvings, bars carry short labels, bytes are spelled out, "no k helps"', async () => {
  const rec = await openLesson();
  const { page } = rec;
  // 0.535e9 parameters x 2 bytes = 1.07 GB; at 8 bits it halves to 0.535 GB (not "1.1 GB -> 0.5 GB").
  await box(page, 'total_params').fill('0.535');
  assert.equal(await page.locator(out('weight_bytes')).textContent(), '1.07 GB');
  await page.locator(`${CALC} .field[data-field="weight_bytes_per_param"] button.choice[data-bits="8"]`).click();
  assert.equal(await page.locator(out('weight_bytes')).textContent(), '0.535 GB');
  // One parameter at 16 bits is 2 bytes, spelled out ("2 B" reads as two billion).
  await box(page, 'total_params').fill('1 parameter');
  await page.locator(`${CALC} .field[data-field="weight_bytes_per_param"] button.choice[data-bits="16"]`).click();
  assert.equal(await page.locator(out('weight_bytes')).textContent(), '2 bytes');
  // The memory chart's bars: "now" and the six lesson rows with what sets each apart.
  const ticks = await page.locator('llm-budget-lab[parts="memory-chart"] .axis:not(.y-axis) .tick text').allTextContents();
  assert.deepEqual(ticks, ['now', '1 MHA', '2 16/16', '3 8/8', '4 4/8', '5 B64', '6 B1']);
  // Speculative decoding at acceptance 0 with a costly draft: every k is slower, and the page says so.
  const spec = 'llm-budget-lab[parts="speculative"]';
  await page.locator(`${spec} input.field-text`).first().fill('0');
  assert.match(await page.locator(`${spec} [data-out="speculative-readout"]`).textContent(), /No k helps here/);
  assertQuiet(rec);
  await rec.context.close();
});
