// What an input event leaves alone, in Debian chromium: typing back the
// character a refused keystroke took away ("128,256" → "128,25" → "128,256")
// changes no input, so only the field's own error, the stale note and the
// status line change (no preset button, chart or result is written again);
// attributes written on every update (aria-pressed of the preset buttons, a
// chart's axis ticks) are rewritten only when their value changes; and the
// error's red frame keeps the text box's size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, openReady, waitRedrawn } from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const openLesson = () => openReady(browser, server.url, { width: 1280, height: 800 });

const box = (page, field) => page.locator(`${CALC} input.field-text[data-field="${field}"]`);
const errorOf = (page, field) => page.locator(`${CALC} .field[data-field="${field}"] .field-error`);

/**
 * Waits until the page has drawn everything the last change asked for: far elements redrawn and
 * the work deferred until the input rests (the simulations, web/parts/deferred-runner.js) done.
 * A part marks what such work will replace (data-busy, data-pending) in the same task that starts
 * it, so once every element has drawn the change, no mark left means no work left.
 */
async function settled(page) {
  await waitRedrawn(page);
  await page.waitForFunction(() => [...document.querySelectorAll('llm-budget-lab')]
    .every((lab) => !lab.shadowRoot || !lab.shadowRoot.querySelector('[data-busy], [data-pending]')), null, { timeout: 15000 });
  await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(), { timeout: 2000 })));
}

/** In the page: starts recording every DOM mutation of the document and of every element's shadow root. */
function watchMutations() {
  window.__seen = [];
  const describe = (node) => {
    const el = node.nodeType === 1 ? node : node.parentNode;
    if (!el) return '?';
    const host = el.getRootNode().host;
    const cls = el.getAttribute('class');
    return `${host ? host.getAttribute('parts') : 'document'} ${el.closest('.tick') ? 'tick ' : ''}${el.localName}${cls ? `.${cls.split(' ')[0]}` : ''}`;
  };
  const mo = new MutationObserver((list) => {
    for (const m of list) window.__seen.push(`${describe(m.target)} ${m.type}${m.attributeName ? ` ${m.attributeName}` : ''}`);
  });
  const options = { subtree: true, childList: true, attributes: true, characterData: true };
  mo.observe(document, options);
  for (const lab of document.querySelectorAll('llm-budget-lab')) if (lab.shadowRoot) mo.observe(lab.shadowRoot, options);
}

/** In the page: the mutations recorded since the last call, after two frames (the parts' redraws done). */
function takeMutations() {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__seen.splice(0)))));
}

test('a character typed back after a refused keystroke redraws only the field, the stale note and the status line', async () => {
  const rec = await openLesson();
  const { page } = rec;
  // A value other than the starting one, so the step below is a real one: 128,256 (Llama 3's vocabulary).
  // Enter keeps it as the value in use (a refused text after it puts this one back, not the one before).
  await box(page, 'vocab_size').fill('128,256');
  await box(page, 'vocab_size').press('Enter');
  await box(page, 'vocab_size').press('End');
  await settled(page);
  await page.evaluate(watchMutations);
  // "128,25" is not a whole number of tokens: refused, the error and the stale note show.
  await box(page, 'vocab_size').press('Backspace');
  assert.ok(await errorOf(page, 'vocab_size').isVisible(), 'the error shows');
  assert.equal(await box(page, 'vocab_size').getAttribute('aria-invalid'), 'true');
  await page.evaluate(takeMutations);
  await box(page, 'vocab_size').press('6');
  assert.ok(!(await errorOf(page, 'vocab_size').isVisible()), 'the error is gone');
  assert.equal(await box(page, 'vocab_size').getAttribute('aria-invalid'), null);
  assert.equal(await page.locator(`${CALC} [data-out="stale"]`).textContent(), '');
  const seen = await page.evaluate(takeMutations);
  // Only the calculator changed, and in it only the field's error, the results' stale marks and the status line.
  assert.deepEqual(seen.filter((m) => !m.startsWith('calculator ')), [], 'no other element and no attribute of the page changed');
  const allowed = /^calculator (p\.field-error (childList|attributes hidden)|p\.field-read childList|input\.field-text attributes aria-invalid|div\.results attributes data-stale|p\.results-stale childList|p\.calc-status-line childList|div\.calc-status attributes data-stale)$/;
  assert.deepEqual(seen.filter((m) => !allowed.test(m)), [], 'nothing else in the calculator was written');
  assertQuiet(rec);
  await rec.context.close();
});

test('a real change rewrites neither the preset buttons whose state stays nor the chart ticks that stay', async () => {
  const rec = await openLesson();
  const { page } = rec;
  const near = (parts) => page.evaluate((p) => document.querySelector(`llm-budget-lab[parts="${p}"]`).scrollIntoView(), parts);
  // Both elements drawn with the starting state first.
  await near('presets');
  await near('memory-chart');
  await waitRedrawn(page);
  await box(page, 'batch').scrollIntoViewIfNeeded();
  await page.evaluate(watchMutations);
  // Batch 16 → 17: the calculator's own bar in the memory chart grows (31.2 → about 32 GB), under
  // the tallest lesson row and the 80 GB line, so the chart's scale and its ticks stay as they were.
  await box(page, 'batch').fill('17');
  await near('presets');
  await near('memory-chart');
  await waitRedrawn(page);
  const seen = await page.evaluate(takeMutations);
  assert.ok(seen.some((m) => m.startsWith('memory-chart rect.bar-cache')), `the bar moved:\n${seen.join('\n')}`);
  assert.deepEqual(seen.filter((m) => m.startsWith('presets ') && m.endsWith(' aria-pressed')), [], 'no preset button rewritten');
  assert.deepEqual(seen.filter((m) => m.startsWith('memory-chart tick ')), [], 'no axis tick rewritten');
  assertQuiet(rec);
  await rec.context.close();
});

test('the error frame of a text box keeps the box the same size', async () => {
  const rec = await openLesson();
  const { page } = rec;
  const size = () => box(page, 'batch').evaluate((el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; });
  const before = await size();
  await box(page, 'batch').fill('abc');
  assert.equal(await box(page, 'batch').getAttribute('aria-invalid'), 'true');
  assert.deepEqual(await size(), before);
  // The frame is still drawn in the page's "bad" colour.
  const frame = await box(page, 'batch').evaluate((el) => getComputedStyle(el).borderTopColor);
  const bad = await page.locator(`${CALC} .field-error`).first().evaluate((el) => getComputedStyle(el).color);
  assert.equal(frame, bad);
  assertQuiet(rec);
  await rec.context.close();
});
