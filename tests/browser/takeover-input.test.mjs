// The build's drawing takes input: a reader who reaches the calculator
// straight after arriving, before the element's core script and the wasm
// have loaded, drags a slider, presses a key on it or types in a field of the
// written copy (web/prerender); the value moves at once, the written results
// are dimmed and marked busy (they are the starting values' numbers), and
// once the live element takes over (web/element/takeover.js) it holds the
// moved value and its results are those of that value. The core script and
// the wasm are held back with routes until the test releases them, so the
// written copy is what the reader uses.
// Expected results come from the live page itself: the same value set
// on a page that had loaded (by typing it, or by the same keys) must give
// the same results text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';
const WRITTEN = `${CALC} .lab[data-prerendered]`;
const RANGE = (field) => `${CALC} input.field-range[data-field="${field}"]`;
const TEXT = (field) => `${CALC} input.field-text[data-field="${field}"]`;
const RESULTS = ['verdict', 'total_bytes', 'kv_cache_bytes', 'per_request_tokens_per_s', 'total_tokens_per_s', 'max_batch'];
// The calculator's starting batch on the lesson page (tests/data/seed-values.json's second row).
const START_BATCH = '16';

let browser;
let server;

before(async () => { ({ browser, server } = await openSession({ csp: true })); });
after(() => closeSession({ browser, server }));

/**
 * Opens the lesson with the core script and the wasm held back, scrolled to
 * the calculator, once the shell has run (the written controls take input).
 * @returns rec (recordedPage) plus release(): lets the held files through
 */
async function openHeldBack() {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page, context } = rec;
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  for (const file of ['**/llm-budget-lab-core.js', '**/llm-budget-lab.wasm', '**/llm-budget-lab-wasm.js']) {
    await context.route(file, async (route) => { await released; await route.continue(); });
  }
  await page.goto(`${server.url}index.html`, { waitUntil: 'commit' });
  await page.waitForFunction(() => customElements.get('llm-budget-lab') !== undefined);
  await page.locator(CALC).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.locator(RANGE('batch')).waitFor();
  assert.equal(await page.locator(WRITTEN).count(), 1, 'the written copy is on screen');
  assert.equal(await page.locator(RANGE('batch')).isEnabled(), true, 'its controls take input once the shell has run');
  return { ...rec, release };
}

/** The calculator's result texts ([data-out]) by key. */
async function results(page) {
  const out = {};
  for (const key of RESULTS) out[key] = (await page.locator(`${CALC} [data-out="${key}"]`).first().textContent()).trim();
  return out;
}

/** The results a loaded page shows for `field` typed as `value` (the reference). */
async function resultsTyped(field, value) {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${server.url}index.html`);
  await waitReady(rec.page);
  await rec.page.locator(TEXT(field)).fill(value);
  await rec.page.locator(TEXT(field)).blur();
  const out = await results(rec.page);
  assertQuiet(rec);
  await rec.context.close();
  return out;
}

/** The written results: dimmed and busy once a control moved (they belong to the starting values). */
async function assertWrittenBusy(page) {
  const lab = page.locator(WRITTEN);
  assert.equal(await lab.getAttribute('aria-busy'), 'true', 'the written results say they are not current');
  const opacity = await page.locator(`${WRITTEN} [data-out="total_tokens_per_s"]`).evaluate((el) => getComputedStyle(el).opacity);
  assert.ok(Number(opacity) < 0.6, `the written numbers are dimmed (opacity ${opacity})`);
}

test('a drag on the written batch slider moves it, and the live calculator takes that value and its results', async () => {
  const rec = await openHeldBack();
  const { page } = rec;
  const range = page.locator(RANGE('batch'));
  await range.scrollIntoViewIfNeeded();
  const before = await range.inputValue();
  const box = await range.boundingBox();
  const y = box.y + box.height / 2;
  const from = box.x + box.width * (Number(before) - Number(await range.getAttribute('min')))
    / (Number(await range.getAttribute('max')) - Number(await range.getAttribute('min')));
  await page.mouse.move(from, y);
  await page.mouse.down();
  await page.mouse.move(from + box.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  const moved = await range.inputValue();
  assert.ok(Number(moved) > Number(before), `the written slider moved (${before} -> ${moved})`);
  await assertWrittenBusy(page);
  const paired = await page.locator(TEXT('batch')).evaluate((el) => getComputedStyle(el).opacity);
  assert.ok(Number(paired) < 0.6, `the batch field beside the slider, still showing ${START_BATCH}, is dimmed (opacity ${paired})`);

  rec.release();
  await waitReady(page);
  assert.equal(await page.locator(WRITTEN).count(), 0, 'the live element took over');
  assert.equal(await range.inputValue(), moved, 'the live slider is where the drag left it');
  const batch = await page.locator(TEXT('batch')).inputValue();
  assert.ok(Number(batch) > Number(START_BATCH), `the batch moved up from ${START_BATCH} (now ${batch})`);
  for (const shown of [page.locator(`${CALC} [data-out="total_tokens_per_s"]`), page.locator(TEXT('batch'))]) {
    assert.equal(await shown.evaluate((el) => getComputedStyle(el).opacity), '1', 'the live drawing is not dimmed');
  }
  assert.deepEqual(await results(page), await resultsTyped('batch', batch), `the results are those of batch ${batch}`);
  assertQuiet(rec);
  await rec.context.close();
});

test('a drag held while the live element arrives: it takes over on release, with the value the drag ended on', async () => {
  const rec = await openHeldBack();
  const { page } = rec;
  const range = page.locator(RANGE('context_tokens'));
  await range.scrollIntoViewIfNeeded();
  const box = await range.boundingBox();
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const coreArrived = page.waitForResponse('**/llm-budget-lab-core.js');
  rec.release();
  await coreArrived;
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.equal(await page.locator(WRITTEN).count(), 1, 'no takeover while the pointer is held on the written copy');
  await page.mouse.move(x + box.width * 0.15, y, { steps: 4 });
  const ended = await range.inputValue();
  await page.mouse.up();
  await waitReady(page);
  assert.equal(await page.locator(WRITTEN).count(), 0, 'taken over after the release');
  assert.equal(await range.inputValue(), ended, 'the live slider holds the value the drag ended on');
  const tokens = await page.locator(TEXT('context_tokens')).inputValue();
  assert.deepEqual(await results(page), await resultsTyped('context_tokens', tokens), `the results are those of ${tokens} tokens`);
  assertQuiet(rec);
  await rec.context.close();
});

test('keys pressed on the written batch slider reach the live one: the same value as the same keys on a loaded page, focus kept', async () => {
  // The reference: two ArrowRight presses on the batch slider of a loaded page.
  const ref = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await ref.page.goto(`${server.url}index.html`);
  await waitReady(ref.page);
  await ref.page.locator(RANGE('batch')).focus();
  await ref.page.keyboard.press('ArrowRight');
  await ref.page.keyboard.press('ArrowRight');
  const wantBatch = await ref.page.locator(TEXT('batch')).inputValue();
  const wantResults = await results(ref.page);
  await ref.context.close();
  assert.notEqual(wantBatch, START_BATCH);

  const rec = await openHeldBack();
  const { page } = rec;
  await page.locator(RANGE('batch')).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await assertWrittenBusy(page);
  rec.release();
  await waitReady(page);
  assert.equal(await page.locator(WRITTEN).count(), 0, 'the live element took over');
  assert.equal(await page.locator(TEXT('batch')).inputValue(), wantBatch);
  assert.deepEqual(await results(page), wantResults);
  assert.equal(await page.locator(RANGE('batch')).evaluate((el) => el.getRootNode().activeElement === el), true,
    'the live batch slider has the focus: the next key goes on from there');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator(TEXT('batch')).inputValue(), START_BATCH, 'two keys back return to the start');
  assertQuiet(rec);
  await rec.context.close();
});

test('text typed into a written field is read by the live calculator', async () => {
  const rec = await openHeldBack();
  const { page } = rec;
  const text = page.locator(TEXT('batch'));
  await text.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('48');
  assert.equal(await text.inputValue(), '48', 'the written field took the typing');
  await assertWrittenBusy(page);
  rec.release();
  await waitReady(page);
  assert.equal(await page.locator(WRITTEN).count(), 0);
  await text.blur();
  assert.equal(await text.inputValue(), '48');
  assert.deepEqual(await results(page), await resultsTyped('batch', '48'));
  assertQuiet(rec);
  await rec.context.close();
});
