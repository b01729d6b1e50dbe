// Browser tests of the lesson page: Debian chromium via playwright-core.
// Expected numbers come from tests/data/seed-values.json ("displayed").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  REPO, OUT, INDEX_FILE_URL, openSession, closeSession, assertQuiet, recordedPage, waitReady, originOf, renderAllSections, waitRedrawn, declaredInputs,
} from './lib/harness.mjs';

const SEED = JSON.parse(readFileSync(path.join(REPO, 'tests/data/seed-values.json'), 'utf8'));
const PRESETS = JSON.parse(readFileSync(path.join(REPO, 'content/presets.json'), 'utf8'));
const LESSON_IDS = ['lesson-mha-16', 'lesson-gqa8-16', 'lesson-gqa8-8', 'lesson-gqa8-4w8c',
  'lesson-gqa8-16-b64', 'lesson-gqa8-16-b1'];

const CALC = 'llm-budget-lab[parts="calculator"]';
const out = (key) => `${CALC} [data-out="${key}"]`;

let browser;
let server;

before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** "1,026 tokens/s" -> 1026; "82.7 GB" -> 82.7 */
const numberIn = (text) => Number(String(text).replace(/,/g, '').match(/-?\d+(\.\d+)?/)[0]);

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
  await waitRedrawn(page); // the memory chart is far below the calculator
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

/** A declared input's zero meaning as the page words it: other fields' codes become lower-case labels. */
function zeroWords(d, declared) {
  if (!d || !d.zero_means) return '';
  let text = d.zero_means;
  for (const f of declared) {
    const label = /^[A-Z][A-Z]/.test(f.label) ? f.label : f.label.charAt(0).toLowerCase() + f.label.slice(1);
    text = text.split(f.name).join(label);
  }
  return text;
}

test('bad input in any number field: inline range message, aria-invalid, last good results kept, nothing logged', async () => {
  const rec = await openLesson();
  const { page } = rec;
  const fields = await page.locator(`${CALC} input.field-text`).evaluateAll((els) => els.map((e) => e.dataset.field));
  // Every declared input, each once; 0 is valid where the declaration gives it a
  // meaning or the range starts at 0 inclusive.
  const declared = await declaredInputs();
  assert.deepEqual([...fields].sort(), declared.map((f) => f.name).sort());
  const zeroAllowed = new Set(declared.filter((f) => f.zero_means || (f.min === 0 && !f.min_exclusive)).map((f) => f.name));
  assert.ok(zeroAllowed.has('sliding_window_tokens') && zeroAllowed.has('headroom_fraction') && !zeroAllowed.has('batch'));
  const good = await page.locator(out('total_bytes')).textContent();
  for (const field of fields) {
    const box = page.locator(`${CALC} input.field-text[data-field="${field}"]`);
    const error = page.locator(`${CALC} .field[data-field="${field}"] .field-error`);
    const before = await box.inputValue();
    for (const bad of ['-5', '0', 'abc', '1e400']) {
      if (bad === '0' && zeroAllowed.has(field)) continue;
      await box.fill(bad);
      assert.ok(await error.isVisible(), `${field}: message shown for "${bad}"`);
      const msg = await error.textContent();
      if (['-5', '0'].includes(bad)) {
        // A number outside the field's range: the field's label, the range in the field's units, and
        // the value typed. What 0 means is the declaration's, in the page's words (field codes as
        // lower-case labels).
        const row = declared.find((d) => d.name === field);
        const zero = zeroWords(row, declared);
        const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const zeroPart = zero ? `(0 \\(${escape(zero)}\\) or )?` : '';
        assert.match(msg, new RegExp(`^${escape(row.label)}: enter ${zeroPart}(a|a whole) number (from|greater than) \\d[\\d.,]*%?( [a-zA-Z/]+)? (to|up to|and at most) `), `${field} "${bad}": ${msg}`);
        assert.match(msg, new RegExp(`, not ${bad}\\b[^,]*\\.$`), `${field} "${bad}": ${msg}`);
      } else {
        // Not a number at all (or too large to be one): the reader says so, naming the field by its label.
        assert.match(msg, /^[A-Z][A-Za-z -]+: (“abc” is not a number; type digits such as 12\.5|that number is too large)\.$/, `${field} "${bad}": ${msg}`);
      }
      assert.doesNotMatch(msg, /_|\de[-+]?\d/, `${field}: no internal names or exponent notation: ${msg}`);
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
  // Same style as the calculator: no internal name, the range said once.
  assert.equal(await page.locator('llm-budget-lab[parts="speculative"] .field-error').first().textContent(), 'Acceptance rate: enter a number from 0 to 1, not 1.5.');
  assert.match(await page.locator('llm-budget-lab[parts="speculative"] [data-out="speculative-readout"]').textContent(), /a = 0\.8 with k = 3: 2\.95 tokens/);
  // ... and the readout says it is the last valid one, in a status region.
  const specStale = page.locator('llm-budget-lab[parts="speculative"] [data-out="speculative-stale"]');
  assert.match(await specStale.textContent(), /^Showing the last valid result/);
  assert.equal(await specStale.getAttribute('role'), 'status');
  assert.ok(await specStale.isVisible());
  // A good value: used at once, the note goes. a = 0.5, k = 3: (1 - 0.5^4) / (1 - 0.5) = 1.875 -> 1.88.
  await a.fill('0.5');
  assert.equal(await specStale.textContent(), '');
  assert.ok(!(await specStale.isVisible()));
  assert.match(await page.locator('llm-budget-lab[parts="speculative"] [data-out="speculative-readout"]').textContent(), /a = 0\.5 with k = 3: 1\.88 tokens/);
  assertQuiet(rec);
  await rec.context.close();
});

const box = (page, field) => page.locator(`${CALC} input.field-text[data-field="${field}"]`);
const errorOf = (page, field) => page.locator(`${CALC} .field[data-field="${field}"] .field-error`);
const rangeOf = (page, field) => page.locator(`${CALC} input.field-range[data-field="${field}"]`);

test('log sliders by keyboard: arrows move by at least one unit, Page Up/Down further, Home/End to the ends', async () => {
  const rec = await openLesson();
  const { page } = rec;
  const value = async (field) => Number(await box(page, field).inputValue());
  const press = async (field, key) => { await rangeOf(page, field).focus(); await page.keyboard.press(key); return value(field); };
  // Batch (whole numbers, 1..4096 on the slider): 16 -> 17 -> 16, Page Up more than one.
  assert.equal(await press('batch', 'ArrowRight'), 17);
  assert.equal(await press('batch', 'ArrowUp'), 18);
  assert.equal(await press('batch', 'ArrowLeft'), 17);
  assert.equal(await press('batch', 'ArrowDown'), 16);
  const paged = await press('batch', 'PageUp');
  assert.ok(paged > 17 && paged < 37, `Page Up is a larger but moderate step (${paged})`);
  assert.equal(await press('batch', 'Home'), 1);
  assert.equal(await press('batch', 'ArrowRight'), 2);
  assert.equal(await press('batch', 'ArrowRight'), 3);
  assert.equal(await press('batch', 'End'), 4096);
  // Every log slider: Home/End give the slider's ends, arrows always change the value.
  const ends = {
    total_params: [0.1, 2000], batch: [1, 4096], context_tokens: [128, 1048576], gpu_memory_bytes: [4, 2000],
    bandwidth_bytes_per_s: [0.05, 20], flops_per_s: [1, 5000],
  };
  for (const [field, [lo, hi]] of Object.entries(ends)) {
    assert.equal(await press(field, 'Home'), lo, `${field} Home`);
    const up = await press(field, 'ArrowRight');
    assert.ok(up > lo, `${field}: ArrowRight from ${lo} moved (${up})`);
    assert.equal(await press(field, 'ArrowLeft'), lo, `${field}: ArrowLeft back to ${lo}`);
    const paged2 = await press(field, 'PageUp');
    assert.ok(paged2 > up, `${field}: Page Up moves further than an arrow (${paged2} > ${up})`);
    assert.ok(await press(field, 'PageDown') < paged2, `${field}: Page Down comes back`);
    assert.equal(await press(field, 'End'), hi, `${field} End`);
    assert.ok(await press(field, 'ArrowLeft') < hi, `${field}: ArrowLeft from the end moved`);
    assert.equal(await press(field, 'ArrowRight'), hi, `${field}: ArrowRight at the end stays`);
  }
  assertQuiet(rec);
  await rec.context.close();
});

test('refused typed values are retried when another field changes; clash messages in the page’s words; stale results are marked', async () => {
  const rec = await openLesson();
  const { page } = rec;
  const stale = page.locator(`${CALC} [data-out="stale"]`);
  const attention = page.locator('llm-budget-lab[parts="attention"] [data-out="chart-summary"]');
  assert.equal(await stale.textContent(), '');
  await box(page, 'kv_heads').fill('32');
  await box(page, 'query_heads').fill('16');
  const msg = await errorOf(page, 'query_heads').textContent();
  assert.equal(msg, 'Query heads: 16 heads would be fewer than the KV heads (32 heads). Lower the KV heads first; this value is used as soon as it fits.');
  assert.match(await stale.textContent(), /^Showing the last valid result/);
  assert.equal(await page.locator(`${CALC} .results`).getAttribute('data-stale'), '');
  await waitRedrawn(page);
  assert.match(await attention.textContent(), /with 32 heads/, 'query heads 16 not used yet');
  // KV 8 removes the clash: the typed 16 is now used and its message goes.
  await box(page, 'kv_heads').fill('8');
  assert.ok(!(await errorOf(page, 'query_heads').isVisible()), 'stale clash message cleared');
  assert.equal(await box(page, 'query_heads').inputValue(), '16');
  await waitRedrawn(page);
  assert.match(await attention.textContent(), /with 16 heads/, 'results use the 16 on screen');
  // 2 (K and V) x 32 layers x 8 KV heads x 128 values x 2 bytes = 131,072 B per token.
  assert.match(await page.locator(out('kv_cache_bytes')).textContent(), /\(131\.1 kB per token\)/);
  assert.equal(await stale.textContent(), '');
  assert.equal(await page.locator(`${CALC} .results`).getAttribute('data-stale'), null);
  // The other order: KV 32 is refused while query heads are 16, then used when query heads reach 64.
  await box(page, 'kv_heads').fill('32');
  assert.equal(await errorOf(page, 'kv_heads').textContent(), 'KV heads: enter a whole number from 1 to 16 heads (the query heads), not 32.');
  await box(page, 'query_heads').fill('64');
  assert.ok(!(await errorOf(page, 'kv_heads').isVisible()));
  // 2 x 32 x 32 x 128 x 2 = 524,288 B per token.
  assert.match(await page.locator(out('kv_cache_bytes')).textContent(), /\(524\.3 kB per token\)/);

  // Dense model: typing a smaller total takes active parameters down with it.
  await box(page, 'total_params').fill('0.5');
  assert.ok(!(await errorOf(page, 'total_params').isVisible()), 'total 0.5 billion accepted');
  await box(page, 'total_params').blur();
  assert.equal(await box(page, 'active_params').inputValue(), '0.5');
  // 0.5e9 parameters x 2 bytes = 1.0 GB of weights.
  assert.equal(await page.locator(out('weight_bytes')).textContent(), '1.0 GB');
  await box(page, 'active_params').fill('7');
  assert.equal(await errorOf(page, 'active_params').textContent(),
    'Active parameters per token: enter 0 (same as total parameters) or a number from 1 parameter to 500 million parameters (the total parameters), not 7 billion parameters.');
  await box(page, 'active_params').fill('0');
  assert.ok(!(await errorOf(page, 'active_params').isVisible()));

  // Range messages in the field's units, as a student reads them.
  const said = async (field, text) => { await box(page, field).fill(text); return errorOf(page, field).textContent(); };
  assert.equal(await said('total_params', '-5'), 'Total parameters: enter a number from 1 parameter to 10 trillion parameters, not -5 billion parameters.');
  assert.equal(await said('bandwidth_bytes_per_s', '0'), 'Memory bandwidth: enter a number from 1 byte/s to 10,000 TB/s, not 0 TB/s.');
  // The link's box reads GB/s (its typical span is below 5 TB/s), and so does its message: 1e15 B/s = 1,000,000 GB/s.
  assert.equal(await said('interconnect_bytes_per_s', '0'), 'GPU-to-GPU link: enter a number from 1 byte/s to 1,000,000 GB/s, not 0 GB/s.');
  assert.equal(await said('context_tokens', 'abc'), 'Context: “abc” is not a number; type digits such as 12.5.');
  assert.equal(await said('context_tokens', '0'), 'Context: enter a whole number from 1 to 100 million tokens per request, not 0.');
  assert.equal(await said('gpu_memory_bytes', '0'), 'GPU memory: enter a number from 1 byte to 1,000,000 GB, not 0 GB.');
  // The smallest double is refused by the range too, and named as the double it is (4.94e-324 GB),
  // not as 0 or a row of zeros.
  assert.equal(await said('gpu_memory_bytes', '5e-324'), 'GPU memory: enter a number from 1 byte to 1,000,000 GB, not 4.94e-324 GB.');
  // A tiny batch typed in full: the refusal and the note write it alike, 1e-10 (not "1.00e-10" beside
  // "0.0000000001").
  assert.equal(await said('batch', '0.0000000001'), 'Batch: enter a whole number from 1 to 1 million requests, not 1e-10.');
  assert.equal(await page.locator(`${CALC} .field[data-field="batch"] .field-read`).textContent(), 'Read as 1e-10 requests.');
  assert.equal(await said('headroom_fraction', '95'), 'Headroom to keep free: enter a number from 0% to 90%, not 95% of GPU memory.');
  assert.equal(await said('weight_bytes_per_param', '0'), 'Weight precision: enter a number from 0.08 to 64 bits per weight, not 0 bits per weight.');
  assert.equal(await said('layers', '0'), 'Layers: enter a whole number from 1 to 1,000 layers, not 0.');
  assertQuiet(rec);
  await rec.context.close();
});

test('typed values: exact display after blur, plain decimal only', async () => {
  const rec = await openLesson();
  const { page } = rec;
  await box(page, 'context_tokens').fill('1234567');
  await box(page, 'context_tokens').blur();
  assert.equal(await box(page, 'context_tokens').inputValue(), '1234567');
  await box(page, 'bandwidth_bytes_per_s').fill('1.23456789');
  await box(page, 'bandwidth_bytes_per_s').blur();
  assert.equal(await box(page, 'bandwidth_bytes_per_s').inputValue(), '1.23456789');
  await box(page, 'total_params').fill('6.738415616');
  await box(page, 'total_params').blur();
  assert.equal(await box(page, 'total_params').inputValue(), '6.738415616');
  // 14 GB of weights fit in 80 GB, but one request's cache at 1,234,567 tokens
  // (131072 B x 1234567 = 161.8 GB) does not: the reason is the cache, not the weights.
  assert.equal(await page.locator(out('max_batch')).textContent(),
    'none: one request’s KV cache at this context does not fit beside the weights');
  assert.equal(await page.locator(out('max_batch_with_headroom')).textContent(),
    'none: one request’s KV cache at this context does not fit beside the weights with 10% kept free');
  // 38 billion x 2 bytes = 76 GB: fits in 80 GB (3 requests at 8,192 tokens) but not under 72 GB.
  await box(page, 'context_tokens').fill('8192');
  await box(page, 'total_params').fill('38');
  assert.equal(await page.locator(out('max_batch')).textContent(), '3 requests');
  assert.equal(await page.locator(out('max_batch_with_headroom')).textContent(), 'none: the weights alone leave less than 10% free');
  await box(page, 'total_params').fill('70');
  assert.equal(await page.locator(out('max_batch')).textContent(), 'none: the weights alone do not fit');
  await box(page, 'total_params').fill('7');
  for (const bad of ['0x10', '0b11', '1_000', 'Infinity', '16px', '1.2.3', '8,19']) {
    await box(page, 'batch').fill(bad);
    assert.ok(await errorOf(page, 'batch').isVisible(), `"${bad}" refused`);
  }
  for (const [good, shown] of [['1e3', '1000'], [' 32 ', '32'], ['+8', '8'], ['2,048', '2048']]) {
    await box(page, 'batch').fill(good);
    assert.ok(!(await errorOf(page, 'batch').isVisible()), `"${good}" accepted`);
    await box(page, 'batch').blur();
    assert.equal(await box(page, 'batch').inputValue(), shown);
  }
  assertQuiet(rec);
  await rec.context.close();
});

test('valid extremes read well: small speeds, tiny memory, long context, huge memory axis, articles, GB/s', async () => {
  const rec = await openLesson();
  const { page } = rec;
  // The lesson's row 3 (GQA-8, 8-bit, batch 16) gives 64.1 and 1,026 tokens/s at 1 TB/s;
  // at 0.001 TB/s (1 GB/s) the memory-bound step is 1000 times longer: 0.0641 and 1.03.
  await page.locator('llm-budget-lab[parts="presets"] button[data-preset="lesson-gqa8-8"]').click();
  await box(page, 'bandwidth_bytes_per_s').fill('0.001');
  assert.equal(await page.locator(out('per_request_tokens_per_s')).textContent(), '0.0641 tokens/s');
  assert.equal(await page.locator(out('total_tokens_per_s')).textContent(), '1.03 tokens/s');
  // The smallest GPU the field takes, 1e-9 GB, is 1 byte (spelled out: "B" could read as billion).
  await box(page, 'gpu_memory_bytes').fill('1e-9');
  assert.match(await page.locator(out('verdict-note')).textContent(), / of 1 byte$/);
  // Huge GPU memory: the y-axis ticks stay short (compact notation).
  await box(page, 'gpu_memory_bytes').fill('1000000');
  await waitRedrawn(page);
  const ticks = await page.locator('llm-budget-lab[parts="memory-chart"] .y-axis .tick text').allTextContents();
  assert.ok(ticks.length > 0 && ticks.every((t) => t.length <= 5), `short y ticks: ${ticks.join(' ')}`);
  // Context 100 million: the attention chart reaches it and labels its marker.
  await box(page, 'context_tokens').fill('100000000');
  const att = 'llm-budget-lab[parts="attention"]';
  await page.locator(att).scrollIntoViewIfNeeded();
  await waitRedrawn(page);
  assert.equal(await page.locator(`${att} .marker-label`).textContent(), 'now: 100,000,000 tokens');
  assert.notEqual(await page.locator(`${att} .crossover-line`).getAttribute('display'), 'none');
  await box(page, 'context_tokens').fill('1');
  await waitRedrawn(page);
  assert.match(await page.locator(`${att} [data-out="chart-summary"]`).textContent(), /^At 1 token with/);
  // Table caption: "an 80.0 GB GPU"; the L4 preset in GB/s (240 usable of 300; the peak first,
  // unrounded, and the card's 23,034 MiB = 24.2 GB = 22.5 GiB).
  assert.match(await page.locator('llm-budget-lab[parts="table"] caption').textContent(), /on an 80\.0 GB GPU, 1\.0 TB\/s,/);
  assert.match(await page.locator('llm-budget-lab[parts="presets"] button[data-preset="l4-24gb"]').textContent(),
    /24\.2 GB \(22\.5 GiB\); memory bandwidth 300 GB\/s peak, 80% usable \(240 GB\/s\)/);
  assertQuiet(rec);
  await rec.context.close();
});

test('at 360 px display formulas fit the column and wide lesson tables scroll with a visible shadow', async () => {
  const rec = await openLesson({ width: 360, height: 740 });
  const { page } = rec;
  await renderAllSections(page);
  const blocks = await page.evaluate(() => [...document.querySelectorAll('.math-display, .table-scroll')].map((e) => {
    const cs = getComputedStyle(e);
    return { cls: e.className, text: e.textContent.slice(0, 40), scroll: e.scrollWidth, client: e.clientWidth,
      overflowX: cs.overflowX, bg: cs.backgroundImage };
  }));
  const throughput = blocks.find((b) => b.cls === 'math-display' && /^total\sthroughput/.test(b.text.trim()));
  assert.ok(throughput, 'the total-throughput formula is a display formula of its own');
  assert.ok(throughput.scroll <= throughput.client, `throughput formula fits at 360 px (${throughput.scroll} > ${throughput.client})`);
  for (const b of blocks) {
    assert.equal(b.overflowX, 'auto', `${b.cls} "${b.text}" scrolls sideways rather than clipping`);
    assert.match(b.bg, /radial-gradient/, `${b.cls} "${b.text}" has scroll shadows`);
  }
  const levers = blocks.find((b) => b.cls === 'table-scroll' && /Lever/.test(b.text));
  assert.ok(levers && levers.scroll > levers.client, 'the levers table is wider than the column at 360 px (so it scrolls)');

  // The element's worked table: wider than 360 px, so it has a scroll shadow and a visible hint.
  const worked = page.locator('llm-budget-lab[parts="table"] .table-scroll');
  await worked.scrollIntoViewIfNeeded();
  const wt = await worked.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth,
    overflowX: getComputedStyle(e).overflowX, bg: getComputedStyle(e).backgroundImage }));
  assert.ok(wt.scroll > wt.client, `worked table overflows at 360 px (${wt.scroll} <= ${wt.client})`);
  assert.equal(wt.overflowX, 'auto');
  assert.match(wt.bg, /radial-gradient/, 'worked table has scroll shadows');
  const hint = page.locator('llm-budget-lab[parts="table"] [data-out="scroll-hint"]');
  assert.ok(await hint.isVisible(), 'scroll hint shown while the table overflows');
  assert.equal(await hint.textContent(), 'Scroll the table sideways for the speeds →');
  // Wide enough for the whole table: no hint.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => {
    const host = document.querySelector('llm-budget-lab[parts="table"]');
    return host.shadowRoot.querySelector('[data-out="scroll-hint"]').hidden;
  });
  assert.ok(!(await hint.isVisible()), 'no hint when the table fits');
  assertQuiet(rec);
  await rec.context.close();
});
