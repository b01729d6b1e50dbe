// A slider moved while its box still holds refused text: the box takes the slider's value at
// once and the refusal goes, even when a tap on the slider leaves the focus in the box (a
// phone). Before, the box kept "abc" until the student tapped elsewhere, while the results
// already showed the slider's value.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, recordedPage, assertQuiet } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(async () => { await closeSession({ browser, server }); });

const CALC = 'llm-budget-lab[parts="calculator"]';

test('phone: a tap on the Batch slider after "abc" in its box shows the slider\'s value in the box', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const { page } = rec;
  try {
    await page.goto(`${server.url}index.html`);
    await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 15000 });
    const box = page.locator(`${CALC} input.field-text[data-field="batch"]`);
    const range = page.locator(`${CALC} input[type="range"][data-field="batch"]`);
    const error = page.locator(`${CALC} .field[data-field="batch"] .field-error`);
    await box.scrollIntoViewIfNeeded();
    await box.tap();
    await box.fill('abc');
    assert.ok(await error.isVisible(), 'the refusal is shown');
    const r = await range.boundingBox();
    await page.touchscreen.tap(r.x + r.width * 0.8, r.y + r.height / 2);
    await page.waitForFunction(() => {
      const el = document.querySelector('llm-budget-lab[parts="calculator"]');
      return el.shadowRoot.querySelector('input.field-text[data-field="batch"]').value !== 'abc';
    }, null, { timeout: 5000 });
    // The box holds the value in use, the one the slider's words say.
    const value = await box.inputValue();
    assert.match(value, /^\d+$/, `a whole number of requests, not ${value}`);
    const said = await range.getAttribute('aria-valuetext');
    assert.ok(said.startsWith(Number(value).toLocaleString('en')), `box ${value}, slider says ${said}`);
    assert.ok(!(await error.isVisible()), 'the refusal is gone');
    assert.equal(await box.getAttribute('aria-invalid'), null);
    assertQuiet(rec);
  } finally {
    await rec.context.close();
  }
});
