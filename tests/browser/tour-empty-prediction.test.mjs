// A tour step that asks for a prediction reveals its answer (the calculator moves to the step's
// "then" state) only once the student has predicted: Check with an empty box or with text that is
// no number says so and leaves the calculator as it was; a number, right or wrong, reveals it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, recordedPage, assertQuiet, waitRedrawn } from './lib/harness.mjs';

let browser;
let server;

before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** The calculator's result text for a data-out key, once every element has drawn the state. */
async function out(page, key) {
  await waitRedrawn(page);
  return page.evaluate((k) => {
    const el = [...document.querySelectorAll('llm-budget-lab')].find((e) => e.getAttribute('parts') === 'calculator');
    const node = el && el.shadowRoot && el.shadowRoot.querySelector(`.results [data-out="${k}"]`);
    return node ? node.textContent : null;
  }, key);
}

test('an empty or unreadable prediction is no prediction: the calculator keeps the step state', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page } = rec;
  await page.goto(`${server.url}index.html`);
  await page.locator('button[data-tour-start="four-costs"]').click();
  await page.waitForFunction(() => document.documentElement.dataset.tourStep === 'four-costs/1', null, { timeout: 20000 });
  // The step's state: the lesson's 7B at 16-bit weights, 7e9 parameters x 2 bytes = 14 GB.
  assert.match(await out(page, 'weight_bytes'), /^14(\.0+)? GB/);
  const feedback = page.locator('[data-tour-feedback]');
  for (const typed of ['', 'abc']) {
    await page.locator('[data-tour-answer]').fill(typed);
    await page.locator('[data-tour-action="check"]').click();
    assert.equal(await feedback.getAttribute('data-verdict'), 'unparseable', `"${typed}" is read as no number`);
    assert.notEqual((await feedback.textContent()).trim(), '', `"${typed}": the feedback says why`);
    assert.match(await out(page, 'weight_bytes'), /^14(\.0+)? GB/, `"${typed}": the answer (8-bit weights) is not shown yet`);
  }
  // A number (here the 16-bit figure, wrong) is a prediction: the step reveals 8-bit weights, 7 GB.
  await page.locator('[data-tour-answer]').fill('14 GB');
  await page.locator('[data-tour-action="check"]').click();
  assert.equal(await feedback.getAttribute('data-verdict'), 'wrong');
  assert.match(await out(page, 'weight_bytes'), /^7(\.0+)? GB/, 'revealed after a prediction');
  assertQuiet(rec);
  await rec.context.close();
});
