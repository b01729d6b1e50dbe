// Browser tests of the lesson page (issue 3): Debian chromium via playwright-core.
// Expected numbers come from ../shared/reference/seed-values.json ("displayed").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  REPO, OUT, INDEX_FILE_URL, assertBuilt, launch, serveDist, recordedPage, waitReady, originOf, renderAllSections,
} from './lib/harness.mjs';

const SEED = JSON.parse(readFileSync(path.resolve(REPO, '../shared/reference/seed-values.json'), 'utf8'));
const PRESETS = JSON.parse(readFileSync(path.join(REPO, 'content/presets.json'), 'utf8'));
const LESSON_IDS = ['lesson-mha-16', 'lesson-gqa8-16', 'lesson-gqa8-8', 'lesson-gqa8-4w8c',
  'lesson-gqa8-16-b64', 'lesson-gqa8-16-b1'];

const CALC = 'llm-budget-lab[parts="calculator"]';
const out = (key) => `${CALC} [data-out="${key}"]`;

let browser;
let server;

before(async () => {
  assertBuilt();
  mkdirSync(OUT, { recursive: true });
  browser = await launch();
  server = await serveDist();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

/** "1,026 tokens/s" -> 1026; "82.7 GB" -> 82.7 */
const numberIn = (text) => Number(String(text).replace(/,/g, '').match(/-?\d+(\.\d+)?/)[0]);

function assertQuiet(rec) {
  assert.deepEqual(rec.pageErrors, [], 'no page errors');
  assert.deepEqual(rec.consoleMessages.filter((m) => m.type === 'error' || m.type === 'warning'), [],
    'no console errors or warnings');
}

async function openLesson(viewport = { width: 1280, height: 800 }, url = server.url) {
  const rec = await recordedPage(browser, { viewport });
  await rec.page.goto(url);
  await waitReady(rec.page);
  return rec;
}

async function assertTableFilled(page) {
  const rows = page.locator('llm-budget-lab[parts="table"] tbody tr');
  assert.equal(await rows.count(), 6);
  const memory = await page.locator('llm-budget-lab[parts="table"] td[data-col="memory"]').allTextContents();
  assert.deepEqual(memory.map(Number), SEED.budget_rows.map((r) => r.displayed.memory_gb));
}

test('over http: ready, table filled, every request on the page origin, screenshots, no sideways scroll at 360 px', async () => {
  for (const [width, height] of [[1280, 800], [360, 740]]) {
    const rec = await openLesson({ width, height });
    const { page } = rec;
    await assertTableFilled(page);
    // Charts drawn: the memory chart has one weights bar per configuration (now + 6 rows).
    assert.equal(await page.locator('llm-budget-lab[parts="memory-chart"] rect.bar-weights[data-bar]').count(), 7);
    await page.screenshot({ path: path.join(OUT, `lesson-${width}x${height}.png`) });
    await renderAllSections(page);
    await page.screenshot({ path: path.join(OUT, `lesson-${width}x${height}-full.png`), fullPage: true });
    await page.locator('llm-budget-lab[parts="calculator"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, `lesson-${width}x${height}-calculator.png`) });
    const [scrollWidth, clientWidth] = await page.evaluate(
      () => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scrollWidth <= clientWidth, `no horizontal scroll at ${width}px (${scrollWidth} > ${clientWidth})`);
    const origin = originOf(server.url);
    assert.ok(rec.requests.length >= 4, 'page, script and two stylesheets were requested');
    for (const u of rec.requests) assert.equal(originOf(u), origin, `request stays on the page origin: ${u}`);
    assertQuiet(rec);
    await rec.context.close();
  }
});

test('from file://: ready, table filled, every request is a file: URL', async () => {
  const rec = await openLesson(undefined, INDEX_FILE_URL);
  await assertTableFilled(rec.page);
  assert.ok(rec.requests.some((u) => u.endsWith('/llm-budget-lab.css')), 'shadow stylesheet loaded beside the script');
  for (const u of rec.requests) assert.equal(originOf(u), 'file:', `request stays on disk: ${u}`);
  assertQuiet(rec);
  await rec.context.close();
});

test('each lesson preset reproduces its row of the lesson table', async () => {
  const lessonConfs = PRESETS.configurations.filter((c) => c.group === 'lesson');
  assert.deepEqual(lessonConfs.map((c) => c.id), LESSON_IDS);
  const rec = await openLesson();
  const { page } = rec;
  for (const [i, id] of LESSON_IDS.entries()) {
    const row = SEED.budget_rows[i];
    // The preset is the seed row (same levers), so the expected numbers apply.
    for (const [k, v] of Object.entries(row.inputs)) assert.equal(lessonConfs[i].inputs[k], v, `${id}.${k}`);
    await page.locator(`llm-budget-lab[parts="presets"] button[data-preset="${id}"]`).click();
    const d = row.displayed;
    assert.equal(await page.locator(out('total_bytes')).textContent(), `${d.memory_gb} GB`, `${id} memory`);
    const tableRow = page.locator(`llm-budget-lab[parts="table"] tr[data-config="${id}"]`);
    assert.equal(Number(await tableRow.locator('td[data-col="memory"]').textContent()), d.memory_gb);
    if (d.fits_80gb) {
      assert.equal(numberIn(await page.locator(out('step')).textContent()), d.step_ms, `${id} step ms`);
      assert.equal(numberIn(await page.locator(out('per_request_tokens_per_s')).textContent()), d.per_request_tokens_per_s, `${id} per request`);
      assert.equal(numberIn(await page.locator(out('total_tokens_per_s')).textContent()), d.total_tokens_per_s, `${id} total`);
      assert.match(await page.locator(out('verdict')).textContent(), /^Fits/);
      assert.equal(numberIn(await tableRow.locator('td[data-col="per-request"]').textContent()), d.per_request_tokens_per_s);
      assert.equal(numberIn(await tableRow.locator('td[data-col="total"]').textContent()), d.total_tokens_per_s);
    } else {
      assert.equal(await page.locator(out('verdict')).textContent(), 'Does not fit');
      assert.equal(await page.locator(out('per_request_tokens_per_s')).textContent(), 'does not fit');
      assert.equal(await page.locator(out('total_tokens_per_s')).textContent(), 'does not fit');
      assert.equal(await tableRow.locator('td[data-col="speed"]').textContent(), 'does not fit');
    }
    assert.equal(await page.locator(`llm-budget-lab[parts="presets"] button[data-preset="${id}"]`).getAttribute('aria-pressed'), 'true');
  }
  // GiB on request: 31,179,869,184 B = 29.04 GiB (÷ 2^30), shown beside the GB figure.
  await page.locator(`llm-budget-lab[parts="presets"] button[data-preset="lesson-gqa8-16"]`).click();
  await page.locator(`${CALC} input.gib-toggle`).check();
  assert.equal(await page.locator(out('total_bytes')).textContent(), '31.2 GB (29.0 GiB)');
  assertQuiet(rec);
  await rec.context.close();
});

async function chartState(page) {
  return {
    total: await page.locator(out('total_bytes')).textContent(),
    perRequest: await page.locator(out('per_request_tokens_per_s')).textContent(),
    cacheBar: await page.locator('llm-budget-lab[parts="memory-chart"] rect[data-bar="now-cache"]').getAttribute('height'),
    summary: await page.locator('llm-budget-lab[parts="memory-chart"] [data-out="chart-summary"]').textContent(),
    batchField: await page.locator(`${CALC} input.field-text[data-field="batch"]`).inputValue(),
  };
}

test('moving the batch slider by mouse and by keyboard updates results, bars and the chart summary', async () => {
  const rec = await openLesson();
  const { page } = rec;
  const slider = page.locator(`${CALC} input.field-range[data-field="batch"]`);
  const start = await chartState(page);
  assert.equal(start.batchField, '16');

  // Mouse: click near the slider's right end (a larger batch, log scale).
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
  const afterMouse = await chartState(page);
  assert.ok(Number(afterMouse.batchField) > 16, `batch grew (${afterMouse.batchField})`);
  for (const k of ['total', 'perRequest', 'cacheBar', 'summary']) {
    assert.notEqual(afterMouse[k], start[k], `${k} changed after the mouse move`);
  }
  assert.ok(Number(afterMouse.cacheBar) > Number(start.cacheBar), 'KV-cache bar grew with the batch');

  // Keyboard: Home goes to the smallest batch (1), then arrows step up.
  await slider.focus();
  await page.keyboard.press('Home');
  const atHome = await chartState(page);
  assert.equal(atHome.batchField, '1');
  // Batch 1 on the default 7B (GQA-8, 16-bit, 8,192 tokens) is the lesson's last row: 15.1 GB.
  assert.equal(atHome.total, '15.1 GB');
  assert.match(atHome.summary, /15\.1 GB/);
  await page.keyboard.press('PageUp');
  const afterKey = await chartState(page);
  assert.ok(Number(afterKey.batchField) > 1);
  for (const k of ['total', 'cacheBar', 'summary']) {
    assert.notEqual(afterKey[k], atHome[k], `${k} changed after PageUp`);
  }
  assertQuiet(rec);
  await rec.context.close();
});

test('bad input in any number field: inline range message, aria-invalid, last good results kept, nothing logged', async () => {
  const rec = await openLesson();
  const { page } = rec;
  const fields = await page.locator(`${CALC} input.field-text`).evaluateAll((els) => els.map((e) => e.dataset.field));
  assert.equal(fields.length, 15);
  const zeroAllowed = new Set(['active_params', 'sliding_window_tokens', 'headroom_fraction']);
  const good = await page.locator(out('total_bytes')).textContent();
  for (const field of fields) {
    const box = page.locator(`${CALC} input.field-text[data-field="${field}"]`);
    const error = page.locator(`${CALC} .field[data-field="${field}"] .field-error`);
    const before = await box.inputValue();
    for (const bad of ['-5', '0', 'abc', '1e400', '']) {
      if (bad === '0' && zeroAllowed.has(field)) continue;
      await box.fill(bad);
      assert.ok(await error.isVisible(), `${field}: message shown for "${bad}"`);
      const msg = await error.textContent();
      assert.match(msg, /^Enter (a|a whole) number (from|greater than) [\d.,e-]+ (to|and at most) [\d.,]+/, `${field} "${bad}": ${msg}`);
      assert.equal(await box.getAttribute('aria-invalid'), 'true');
      assert.equal(await page.locator(out('total_bytes')).textContent(), good, `${field}: last good result kept`);
    }
    await box.fill(before);
    assert.ok(!(await error.isVisible()), `${field}: message cleared by a good value`);
    assert.equal(await box.getAttribute('aria-invalid'), null);
  }
  // Speculative controls follow the same rule.
  const a = page.locator('llm-budget-lab[parts="speculative"] input.field-text').first();
  await a.fill('1.5');
  assert.ok(await page.locator('llm-budget-lab[parts="speculative"] .field-error').first().isVisible());
  assert.match(await page.locator('llm-budget-lab[parts="speculative"] [data-out="speculative-readout"]').textContent(), /a = 0\.8 with k = 3: 2\.95 tokens/);
  assertQuiet(rec);
  await rec.context.close();
});
