// On a desktop window the tour's panel sits in a corner that leaves both the number a step
// points at and the calculator's controls clear, where a corner allows: the student reads the
// number and can still move a slider or type in a box beside it. Before, the panel took the
// first corner clear of the number, which for the KV-cache step was the bottom left, over the
// calculator's sliders and boxes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, recordedPage, assertQuiet } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(async () => { await closeSession({ browser, server }); });

/**
 * Where the panel sits against the marked number and the controls of the element that holds
 * it: the panel's corner, whether it covers the number, and how many visible controls it covers.
 */
const layout = (page) => page.evaluate(() => {
  const panelEl = document.querySelector('[data-tour-panel]');
  const panel = panelEl.getBoundingClientRect();
  const hits = (r) => r.bottom > panel.top && r.top < panel.bottom && r.right > panel.left && r.left < panel.right;
  for (const el of document.querySelectorAll('llm-budget-lab')) {
    const node = el.shadowRoot && el.shadowRoot.querySelector('[data-view-mark~="tour"]');
    if (!node) continue;
    const controls = [...el.shadowRoot.querySelectorAll('input, select, button, textarea')]
      .map((c) => c.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight);
    return { dock: panelEl.dataset.dock, numberCovered: hits(node.getBoundingClientRect()),
      controlsInView: controls.length, controlsCovered: controls.filter(hits).length };
  }
  return null;
});

for (const [tour, step] of [['four-costs', 2], ['four-costs', 3], ['decision', 1], ['decision', 3]]) {
  test(`${tour} step ${step} at 1280 × 800: the panel leaves the number and the calculator's controls clear`, async () => {
    const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
    const { page } = rec;
    try {
      await page.goto(`${server.url}index.html#tour=${tour}/${step}`);
      await page.waitForFunction((s) => document.documentElement.dataset.tourStep === s, `${tour}/${step}`, { timeout: 20000 });
      // The panel is placed again on the two frames after a step is shown (parts that draw as
      // they come near may move the page): its corner is read once it has stopped changing.
      await page.waitForFunction(() => new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))));
      }));
      const seen = await layout(page);
      assert.ok(seen, 'the step marks a number in an element');
      assert.equal(seen.numberCovered, false, `the number is clear of the panel (${JSON.stringify(seen)})`);
      assert.ok(seen.controlsInView > 0, `the step's element has controls in the window (${JSON.stringify(seen)})`);
      assert.equal(seen.controlsCovered, 0, `no control in the window is under the panel (${JSON.stringify(seen)})`);
      assertQuiet(rec);
    } finally {
      await rec.context.close();
    }
  });
}

test('Tab from the panel\'s last button goes on to the step\'s part, not to the page\'s top', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page } = rec;
  try {
    await page.goto(`${server.url}index.html#tour=four-costs/2`);
    await page.waitForFunction(() => document.documentElement.dataset.tourStep === 'four-costs/2', null, { timeout: 20000 });
    await page.locator('[data-tour-action="leave"]').focus();
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      return { tag: el.tagName.toLowerCase(), parts: el.getAttribute('parts'),
        inner: el.shadowRoot && el.shadowRoot.activeElement ? el.shadowRoot.activeElement.tagName.toLowerCase() : null };
    });
    // Step 2 of the four costs marks the calculator's KV cache: the next stop is a control inside it.
    assert.equal(where.tag, 'llm-budget-lab', JSON.stringify(where));
    assert.equal(where.parts, 'calculator', JSON.stringify(where));
    assert.ok(['input', 'select', 'button'].includes(where.inner), JSON.stringify(where));
    // Moving through the steps keeps the panel a fixed box on screen (not held by a part's section).
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('[data-tour-panel]')).position), 'fixed');
    await page.locator('[data-tour-action="next"]').click();
    await page.waitForFunction(() => document.documentElement.dataset.tourStep === 'four-costs/3', null, { timeout: 20000 });
    assert.equal(await page.evaluate(() => document.activeElement.closest('[data-tour-panel]') !== null), true, 'focus stays in the panel');
    assertQuiet(rec);
  } finally {
    await rec.context.close();
  }
});
