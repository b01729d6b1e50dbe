// The host's address is the host's, in Debian chromium: an element on a host
// page leaves the page's URL fragment alone (a router's #/week/3 survives every
// change, and a #lab: fragment is not read) unless the host asks with
// link="fragment"; the lesson page asks, so it still writes #lab: and reads the
// links the released version wrote; the iframe embed keeps the inputs in its
// own frame's address.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, openSession, closeSession, recordedPage, waitReady, assertQuiet } from './lib/harness.mjs';

// A link as the release before this one wrote it (captured by tests/data/release-3fbce11/capture.mjs).
const RELEASE_LINK = JSON.parse(readFileSync(path.join(REPO, 'tests/data/release-3fbce11/link.json'), 'utf8'));

const CALC = 'llm-budget-lab[parts="calculator"]';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** A host page on the lab's server holding `body`, opened at `hash`; resolves once its elements are drawn. */
async function openHost(body, hash) {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Week 3</title>
<link rel="icon" href="data:,"><script src="/llm-budget-lab.js" defer></script></head><body>${body}</body></html>`;
  await rec.context.route(`${server.url}course.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  await rec.page.goto(`${server.url}course.html${hash}`);
  await waitReady(rec.page);
  return rec;
}

/** Types `value` into the calculator's batch box and waits until the total shows `total`. */
async function setBatch(page, value, total) {
  await page.locator(`${CALC} input.field-text[data-field="batch"]`).fill(value);
  await page.waitForFunction(({ sel, want }) => document.querySelector(sel).shadowRoot
    .querySelector('[data-out="total_bytes"]').textContent === want, { sel: CALC, want: total });
}

test('a host page keeps its own #/week/3 through every change; link="fragment" hands the address over', async () => {
  const rec = await openHost('<llm-budget-lab id="lab" parts="calculator"></llm-budget-lab>', '#/week/3');
  const { page } = rec;
  const historyLength = await page.evaluate(() => history.length);
  // The lesson's 7B GQA-8 16-bit rows: B = 40 needs 14 GB + 42.9 GB = 56.9 GB, B = 8 needs 22.6 GB.
  await setBatch(page, '40', '56.9 GB');
  await setBatch(page, '8', '22.6 GB');
  await page.locator(`${CALC} button[data-action="reset-calculator"]`).click();
  await setBatch(page, '40', '56.9 GB');
  assert.equal(await page.evaluate(() => location.hash), '#/week/3', 'the host’s fragment is untouched');
  assert.equal(await page.evaluate(() => history.length), historyLength, 'no history entry either');
  // No "Copy link": a link to this page would not bring the inputs back.
  assert.equal(await page.locator(`${CALC} button[data-action="copy-link"]`).count(), 0);
  assert.equal(await page.locator(`${CALC} .calc-link-print`).textContent(), '');
  // The host asks: from now on the calculator keeps its inputs in the address.
  await page.evaluate(() => document.getElementById('lab').setAttribute('link', 'fragment'));
  await page.waitForFunction(() => location.hash === '#lab:batch=40', null, { timeout: 5000 });
  assert.equal(await page.locator(`${CALC} button[data-action="copy-link"]`).count(), 1);
  assertQuiet(rec);
  await rec.context.close();
});

test('a host page\'s #lab: fragment is not read without link="fragment", and is with it', async () => {
  for (const [attrs, batch] of [['', '16'], [' link="fragment"', '8']]) {
    const rec = await openHost(`<llm-budget-lab parts="calculator"${attrs}></llm-budget-lab>`, '#lab:batch=8');
    assert.equal(await rec.page.locator(`${CALC} input.field-text[data-field="batch"]`).inputValue(), batch, `attributes “${attrs}”`);
    assert.equal(await rec.page.evaluate(() => location.hash), '#lab:batch=8');
    assertQuiet(rec);
    await rec.context.close();
  }
});

test('two elements with link="fragment": the first in document order owns the address; the second offers Download inputs only', async () => {
  const rec = await openHost('<llm-budget-lab id="a" parts="calculator" link="fragment"></llm-budget-lab>' +
    '<llm-budget-lab id="b" parts="calculator" link="fragment"></llm-budget-lab>', '#lab:batch=8');
  const { page } = rec;
  const batch = (id) => page.locator(`#${id} input.field-text[data-field="batch"]`);
  // The first restores the link; the second keeps its starting batch of 16 (a link could only bring back the first's).
  assert.equal(await batch('a').inputValue(), '8');
  assert.equal(await batch('b').inputValue(), '16');
  assert.equal(await page.locator('#a button[data-action="copy-link"]').count(), 1);
  assert.equal(await page.locator('#b button[data-action="copy-link"]').count(), 0);
  assert.equal(await page.locator('#b button[data-action="download-inputs"]').count(), 1);
  assert.equal(await page.locator('#b .calc-link-print').textContent(), '');
  assert.deepEqual(await page.locator('#b [data-link-notice]').allTextContents(),
    ['Another element on this page keeps the link in the page’s address, so this calculator offers no link: use Download inputs to keep its inputs.']);
  assert.equal(await page.locator('#a [data-link-notice]').count(), 0);
  // The second's inputs never reach the address; the first's do.
  await batch('b').fill('40');
  await page.waitForFunction(() => document.getElementById('b').shadowRoot
    .querySelector('[data-out="total_bytes"]').textContent === '56.9 GB');
  assert.equal(await page.evaluate(() => location.hash), '#lab:batch=8');
  await batch('a').fill('7');
  await page.waitForFunction(() => location.hash === '#lab:batch=7', null, { timeout: 5000 });
  assert.equal(await batch('b').inputValue(), '40');
  assertQuiet(rec);
  await rec.context.close();
});

test('an unknown link value is named and the address is left alone', async () => {
  const rec = await openHost('<llm-budget-lab parts="calculator" link="hash"></llm-budget-lab>', '#/week/3');
  const notices = await rec.page.locator(CALC).evaluate((el) => [...el.shadowRoot.querySelectorAll('[data-lab-notice]')].map((n) => n.textContent));
  assert.deepEqual(notices, ['Unknown link “hash”, so the calculator leaves the page’s address alone. Known values: fragment.']);
  await setBatch(rec.page, '40', '56.9 GB');
  assert.equal(await rec.page.evaluate(() => location.hash), '#/week/3');
  assertQuiet(rec);
  await rec.context.close();
});

test('the lesson page asks for the address: it reads a link the released version wrote and writes #lab:', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 360, height: 740 } });
  const { page } = rec;
  assert.equal(RELEASE_LINK.hash, '#lab:weight_bytes_per_param=0.5;cache_bytes_per_value=1;batch=32;context_tokens=16384');
  await page.goto(`${server.url}${RELEASE_LINK.hash}`);
  await waitReady(page);
  assert.equal(await page.locator(`${CALC} input.field-text[data-field="batch"]`).inputValue(), '32');
  // 7e9 × 0.5 B + 2 × 32 × 8 × 128 × 16,384 × 32 × 1 B = 3.5 GB + 34.36 GB (as the release showed).
  assert.equal(await page.locator(`${CALC} [data-out="total_bytes"]`).textContent(), '37.9 GB');
  await setBatch(page, '40', '46.4 GB'); // 3.5 GB + 34.36 GB × 40/32 = 3.5 GB + 42.95 GB
  await page.waitForFunction(() => location.hash === '#lab:weight_bytes_per_param=0.5;cache_bytes_per_value=1;batch=40;context_tokens=16384',
    null, { timeout: 5000 });
  assert.equal(await page.locator(`${CALC} button[data-action="copy-link"]`).count(), 1);
  assertQuiet(rec);
  await rec.context.close();
});

test('the embed keeps the inputs in its own frame\'s address', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${server.url}embed.html?parts=calculator`);
  await waitReady(rec.page);
  await setBatch(rec.page, '40', '56.9 GB');
  await rec.page.waitForFunction(() => location.hash === '#lab:batch=40', null, { timeout: 5000 });
  assertQuiet(rec);
  await rec.context.close();
});
