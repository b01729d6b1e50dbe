// What a screen reader hears for the calculator's sliders, in Debian chromium:
// each slider's aria-valuetext is the value in use with the page's digit
// grouping and decimal mark, then the field's unit ("1,048,576 tokens per
// request" on the English page, "1.048.576 Token pro Anfrage" on the German
// one), after a real keyboard move of the slider and after a typed value.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, waitRedrawn, openReady } from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** A page of dist/ at 1280 x 900, once every element on it is ready (harness openReady). */
const openPage = (rel) => openReady(browser, new URL(rel, server.url).href);

const rangeOf = (page, field) => page.locator(`${CALC} input.field-range[data-field="${field}"]`);
const boxOf = (page, field) => page.locator(`${CALC} input.field-text[data-field="${field}"]`);
const valueText = (page, field) => rangeOf(page, field).getAttribute('aria-valuetext');

/** Moves the slider of `field` with one key, as a keyboard user does, and waits for the redraw. */
async function press(page, field, key) {
  await rangeOf(page, field).focus();
  await page.keyboard.press(key);
  await waitRedrawn(page);
}

// The slider ends (web/element/fields.js's typical spans, in the display unit): context 128 to
// 1,048,576 tokens (a log slider), batch 1 to 4,096, memory bandwidth 0.05 to 20 TB/s.
const PAGES = [
  {
    name: 'English', rel: 'index.html',
    contextMax: '1,048,576 tokens per request', contextMin: '128 tokens per request', batchMax: '4,096 requests',
    bandwidthMin: '0.05 TB/s, usable', batchTyped: '1,000,000 requests', batchOne: '1 request', layersOne: '1 layer',
    bandwidthBox: '0.05',
  },
  {
    name: 'German', rel: 'index.de.html',
    contextMax: '1.048.576 Token pro Anfrage', contextMin: '128 Token pro Anfrage', batchMax: '4.096 Anfragen',
    bandwidthMin: '0,05 TB/s, nutzbar', batchTyped: '1.000.000 Anfragen', batchOne: '1 Anfrage', layersOne: '1 Schicht',
    bandwidthBox: '0,05', // the box writes the page's decimal mark
  },
];

for (const p of PAGES) {
  test(`${p.name} page: a slider's aria-valuetext groups digits and writes the decimal mark as the page does`, async () => {
    const rec = await openPage(p.rel);
    const { page } = rec;
    await press(page, 'context_tokens', 'End');
    assert.equal(await boxOf(page, 'context_tokens').inputValue(), '1048576');
    assert.equal(await valueText(page, 'context_tokens'), p.contextMax);
    await press(page, 'context_tokens', 'Home');
    assert.equal(await valueText(page, 'context_tokens'), p.contextMin);
    await press(page, 'batch', 'End');
    assert.equal(await valueText(page, 'batch'), p.batchMax);
    await press(page, 'bandwidth_bytes_per_s', 'Home');
    assert.equal(await boxOf(page, 'bandwidth_bytes_per_s').inputValue(), p.bandwidthBox);
    assert.equal(await valueText(page, 'bandwidth_bytes_per_s'), p.bandwidthMin);
    // A typed value past the slider's end (the declared batch range goes to 1,000,000): the thumb's text
    // says the value in use, grouped.
    await boxOf(page, 'batch').fill('1000000');
    await waitRedrawn(page);
    assert.equal(await valueText(page, 'batch'), p.batchTyped);
    // One of a counted unit: its words for one, from the core's declaration (unit_one) in English.
    await press(page, 'batch', 'Home');
    assert.equal(await valueText(page, 'batch'), p.batchOne);
    await press(page, 'layers', 'Home');
    assert.equal(await valueText(page, 'layers'), p.layersOne);
    assertQuiet(rec);
    await rec.context.close();
  });
}
