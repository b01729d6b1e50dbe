// The guided tour gives the student's own calculator settings back when it
// closes (left, Escape, finished), and its panel on a phone: the header
// (progress, title) stays in sight while the panel's body scrolls, and the
// step's text and prediction fold away so the page shows more.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, recordedPage, waitRedrawn } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(async () => { await closeSession({ browser, server }); });

/** The calculator's results text for a data-out key, once every element has drawn the state. */
const out = async (page, key) => (await waitRedrawn(page)) || page.evaluate((k) => {
  const el = [...document.querySelectorAll('llm-budget-lab')].find((e) => e.getAttribute('parts') === 'calculator');
  const node = el && el.shadowRoot && el.shadowRoot.querySelector(`.results [data-out="${k}"]`);
  return node ? node.textContent : null;
}, key);

/** Waits until the calculator's `key` reads `text`, then returns it. */
async function waitOut(page, key, text) {
  await page.waitForFunction(([k, want]) => {
    const el = [...document.querySelectorAll('llm-budget-lab')].find((e) => e.getAttribute('parts') === 'calculator');
    const node = el && el.shadowRoot && el.shadowRoot.querySelector(`.results [data-out="${k}"]`);
    return node && node.textContent === want;
  }, [key, text], { timeout: 15000 });
  return text;
}

async function openPage(file, viewport, hash = '', options = {}) {
  const rec = await recordedPage(browser, { viewport, ...options });
  await rec.page.goto(`${server.url}${file}${hash}`);
  await rec.page.waitForFunction(() => document.documentElement.dataset.labViewReady === 'true', null, { timeout: 15000 });
  return rec;
}

const waitStep = (page, segment) => page.waitForFunction((s) => document.documentElement.dataset.tourStep === s, segment, { timeout: 20000 });
const panelGone = (page) => page.waitForFunction(() => !document.querySelector('[data-tour-panel]'));

test('leaving the tour (button or Escape) and finishing it bring back the student’s own settings', async () => {
  // The student's own state: the lesson's default model with a batch of 40, from their link.
  const rec = await openPage('index.html', { width: 1280, height: 800 }, '#lab:batch=40');
  const { page } = rec;
  // The lesson's defaults at batch 40, once the calculator has read the link: 7e9 x 2 bytes =
  // 14.0 GB of weights, and 40 requests x 8,192 tokens x 131,072 bytes per token (2 x 32 layers
  // x 8 KV heads x 128 x 2 bytes) = 42.9 GB of KV cache: 56.9 GB (31.2 GB at batch 16).
  const ownTotal = await waitOut(page, 'total_bytes', '56.9 GB');
  const ownPerRequest = await out(page, 'per_request_tokens_per_s');
  const start = page.locator('button[data-tour-start="decision"]');
  await start.click();
  await waitStep(page, 'decision/1');
  // Step 1 sets the 70B scenario: 184.1 GB at 16 bits (tour.test.mjs reads the same number).
  assert.match(await out(page, 'total_bytes'), /^184\.1 GB/, 'the tour set its own state');
  await page.locator('[data-tour-action="leave"]').click();
  await panelGone(page);
  assert.equal(await out(page, 'total_bytes'), ownTotal, 'the own total is back after Leave');
  assert.equal(await out(page, 'per_request_tokens_per_s'), ownPerRequest, 'and the own per-request speed');
  assert.equal(await page.locator('[data-tour-status]').textContent(),
    'You left the tour, and the calculator is back at your own settings. Resume the tour from here any time.');
  // The calculator writes the restored settings back to the link once they rest.
  await page.waitForFunction(() => /(^#|&)lab:batch=40$/.test(location.hash) || location.hash === '#lab:batch=40', null, { timeout: 5000 });

  // Escape from a resumed step: the same.
  await page.locator('[data-tour-resume] button').click();
  await waitStep(page, 'decision/1');
  assert.match(await out(page, 'total_bytes'), /^184\.1 GB/);
  await page.keyboard.press('Escape');
  await panelGone(page);
  assert.equal(await out(page, 'total_bytes'), ownTotal, 'the own total is back after Escape');

  // Finished: Finish on the last step brings them back too, and says so.
  await page.locator('[data-tour-resume] button').click();
  await waitStep(page, 'decision/1');
  for (let n = 2; n <= 5; n += 1) {
    await page.locator('[data-tour-action="next"]').click();
    await waitStep(page, `decision/${n}`);
  }
  // Step 5: the 70B on two GPUs at 8 bits.
  assert.match(await out(page, 'per_gpu_bytes'), /on each of 2 GPUs/);
  await page.locator('[data-tour-action="next"]').click();
  await panelGone(page);
  assert.equal(await page.locator('[data-tour-status]').textContent(),
    'You finished the tour “The decision procedure”, and the calculator is back at your own settings.');
  assert.doesNotMatch(await out(page, 'per_gpu_bytes'), /on each of 2 GPUs/, 'one GPU again, as before the tour');
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});

test('phone, German: the panel keeps its title in sight, folds to a header, and leaving restores the settings', async () => {
  const rec = await openPage('index.de.html', { width: 360, height: 740 }, '#lab:batch=40', { hasTouch: true, isMobile: true });
  const { page } = rec;
  const ownTotal = await waitOut(page, 'total_bytes', '56,9 GB');
  await page.locator('button[data-tour-start="decision"]').tap();
  await waitStep(page, 'decision/1');
  // Step 3 asks for a prediction: the tallest step.
  await page.locator('[data-tour-action="next"]').tap();
  await waitStep(page, 'decision/2');
  await page.locator('[data-tour-action="next"]').tap();
  await waitStep(page, 'decision/3');
  const panel = page.locator('[data-tour-panel]');
  const box = await panel.boundingBox();
  // At most 38 % of the 740 px screen (281 px), across the bottom.
  assert.ok(box.height <= 0.38 * 740 + 1, `the panel is at most 38 % of the screen (${box.height} px)`);
  assert.ok(Math.abs(box.y + box.height - 740) <= 1, 'fixed at the bottom');
  // The prediction sits below what the panel shows: "Zur Vorhersage" says so and brings it up,
  // with its Check button on the screen above the panel's buttons.
  const more = page.locator('[data-tour-action="more"]');
  assert.equal(await more.isVisible(), true, 'the way to the prediction is offered');
  assert.equal(await more.textContent(), 'Zur Vorhersage');
  await more.tap();
  const reached = await page.evaluate(() => {
    const p = document.querySelector('[data-tour-panel]');
    const check = p.querySelector('[data-tour-action="check"]').getBoundingClientRect();
    const nav = p.querySelector('.tour-nav').getBoundingClientRect();
    return { check: [check.top, check.bottom], navTop: nav.top, panelTop: p.getBoundingClientRect().top };
  });
  assert.ok(reached.check[0] >= reached.panelTop && reached.check[1] <= reached.navTop,
    `Check is in sight above the buttons (${JSON.stringify(reached)})`);
  assert.equal(await more.isVisible(), false, 'offered only while the prediction is out of sight');
  // Scrolled to its end inside, its title is still on the panel.
  await panel.evaluate((p) => { p.scrollTop = p.scrollHeight; });
  const seen = await page.evaluate(() => {
    const p = document.querySelector('[data-tour-panel]');
    const t = p.querySelector('.tour-title').getBoundingClientRect();
    const r = p.getBoundingClientRect();
    return { scrolled: p.scrollTop, title: [t.top, t.bottom], panel: [r.top, r.bottom] };
  });
  assert.ok(seen.scrolled > 0, `the prediction step scrolls inside the panel (${JSON.stringify(seen)})`);
  assert.ok(seen.title[0] >= seen.panel[0] - 1 && seen.title[1] <= seen.panel[1], `the title stays in sight (${JSON.stringify(seen)})`);

  // Folded: only the header and the buttons; the page's bottom inset follows the panel.
  const fold = page.locator('[data-tour-action="fold"]');
  assert.equal(await fold.textContent(), 'Schritt ausblenden');
  assert.equal(await fold.getAttribute('aria-expanded'), 'true');
  await fold.tap();
  assert.equal(await fold.getAttribute('aria-expanded'), 'false');
  assert.equal(await fold.textContent(), 'Schritt zeigen');
  assert.equal(await page.locator('[data-tour-text]').isVisible(), false, 'the step text is folded away');
  const folded = await panel.boundingBox();
  assert.ok(folded.height < box.height * 0.75, `folding makes the panel smaller (${folded.height} of ${box.height} px)`);
  const inset = await page.evaluate(() => document.documentElement.style.getPropertyValue('--llmb-view-inset-bottom'));
  assert.equal(inset, `${Math.round(folded.height)}px`, 'the bottom inset is the folded panel’s height');
  // The next step keeps the fold (the student chose it); unfolding shows its text again.
  await page.locator('[data-tour-action="next"]').tap();
  await waitStep(page, 'decision/4');
  assert.equal(await page.locator('[data-tour-text]').isVisible(), false);
  await fold.tap();
  assert.equal(await page.locator('[data-tour-text]').isVisible(), true);

  await page.locator('[data-tour-action="leave"]').tap();
  await panelGone(page);
  assert.equal(await out(page, 'total_bytes'), ownTotal, 'the own settings are back on the German page too');
  assert.equal(await page.locator('[data-tour-status]').textContent(),
    'Sie haben die Tour verlassen; der Rechner zeigt wieder Ihre eigenen Einstellungen. Sie können die Tour hier jederzeit fortsetzen.');
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});
