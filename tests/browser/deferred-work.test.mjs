// The work kept off the input path (web/parts/deferred-runner.js) in Debian
// chromium: a burst of keystrokes paints each one at once and ends with the
// results of the last state, never of a state on the way; meanwhile the
// results it will replace are marked (aria-busy, dimmed), and the mark
// clears once they are current. The traffic part's figures are the facade's
// under node (web/core/traffic-core.js) on the lesson's starting input; the
// decision part's cost ranking is the one tests/browser/decision-cost.test.mjs
// works out by hand.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, openSession, closeSession, assertQuiet, recordedPage, waitReady, waitRedrawn } from './lib/harness.mjs';

const TRAFFIC = 'llm-budget-lab[parts="traffic"]';
const load = (rel) => import(pathToFileURL(path.join(REPO, rel)).href);

let browser;
let server;
let at2; // the facade's run at 2 requests/s, the burst's last state
let atWay; // ... and at 1.5 requests/s, a state on the way
let fmt;
before(async () => {
  ({ browser, server } = await openSession());
  const { loadBudgetCore } = await load('web/core/budget-core.js');
  const { loadTrafficCore } = await load('web/core/traffic-core.js');
  fmt = await load('web/element/format.js');
  const budget = await loadBudgetCore();
  const traffic = await loadTrafficCore();
  // The lesson's starting configuration (preset lesson-gqa8-16: the 7B model with 8 KV heads), and the
  // part's declared 1,024 + 256 tokens per request.
  const input = { ...budget.DEFAULT_INPUT, kv_heads: 8 };
  at2 = traffic.simulateTraffic(input, { request_rate: 2, input_tokens: 1024, output_tokens: 256 }).value;
  atWay = traffic.simulateTraffic(input, { request_rate: 1.5, input_tokens: 1024, output_tokens: 256 }).value;
});
after(() => closeSession({ browser, server }));

/**
 * In the page: records every element under `host`'s shadow root that is given
 * aria-busy="true" (window.__busySeen counts them), so a test can tell the
 * stale mark was shown without racing it.
 */
function watchBusy(host) {
  window.__busySeen = 0;
  new MutationObserver((records) => {
    for (const r of records) if (r.target.getAttribute('aria-busy') === 'true') window.__busySeen += 1;
  }).observe(host.shadowRoot, { attributes: true, subtree: true, attributeFilter: ['aria-busy'] });
}

const pendingCount = (lab) => lab.evaluate((el) => el.shadowRoot.querySelectorAll('[data-pending], [aria-busy="true"]').length);

test('a burst of keys in the traffic part ends with the run of the last rate, and the stale mark clears', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page } = rec;
  await page.goto(server.url);
  await waitReady(page);
  const part = page.locator(TRAFFIC);
  await part.locator('[data-out="traffic-status"]').scrollIntoViewIfNeeded();
  await page.locator(`${TRAFFIC}[ready]`).waitFor({ timeout: 20000 });
  await waitRedrawn(page);
  await part.locator('.traffic-body:not([data-busy])').waitFor({ timeout: 20000 });
  await part.evaluate(watchBusy);
  // 1 -> 1.5 -> 1 -> (empty, refused) -> 2 requests/s, typed without waiting.
  const box = part.locator('.field[data-field="request_rate"] input[type="text"]');
  await box.click();
  await page.keyboard.press('End');
  await page.keyboard.type('.5');
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await part.locator('.traffic-body:not([data-busy])').waitFor({ timeout: 20000 });
  assert.ok(await page.evaluate(() => window.__busySeen) > 0, 'the chart and table were marked stale while the run was pending');
  assert.equal(await pendingCount(part), 0, 'no result is left marked stale');
  const cell = (row, stat) => part.locator(`[data-out="traffic-percentiles"] tr[data-row="${row}"] td[data-stat="${stat}"]`).textContent();
  // The facade's figures at 2 requests/s (not those at 1.5, a state on the way).
  assert.notEqual(fmt.msText(at2.ttft_s.p99), fmt.msText(atWay.ttft_s.p99), 'the two rates give different figures');
  for (const row of ['ttft_s', 'tpot_s', 'e2e_s']) {
    for (const stat of ['mean', 'p50', 'p99']) assert.equal(await cell(row, stat), fmt.msText(at2[row][stat]), `${row} ${stat}`);
  }
  assert.match(await part.locator('[data-out="traffic-caption"]').textContent(), /^At 2\.0 requests\/s$/);
  assertQuiet(rec);
  await rec.context.close();
});

test('a burst of keys in a price box ends with the ranking of the last price, and the stale mark clears', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${server.url}embed.html?parts=calculator,decision&preset=scenario-llama-3.1-70b-h100`);
  await waitReady(rec.page);
  const lab = rec.page.locator('llm-budget-lab');
  const ranked = () => lab.locator('[data-out="decision-cost"]:not([data-busy])').waitFor();
  await lab.locator('input[data-price="h100-sxm-80gb"]').fill('2');
  await ranked();
  await lab.evaluate(watchBusy);
  // The A100's price: 9, then (Backspace, no price) nothing, then 1, typed without waiting.
  await lab.locator('input[data-price="a100-80gb-sxm"]').click();
  await rec.page.keyboard.type('9');
  await rec.page.keyboard.press('Backspace');
  await rec.page.keyboard.type('1');
  await ranked();
  assert.ok(await rec.page.evaluate(() => window.__busySeen) > 0, 'the ranking was marked stale while it was pending');
  assert.equal(await pendingCount(lab), 0, 'no result is left marked stale');
  // At $1 per A100-hour the cheapest that keeps the output is 16-bit on 8 A100s, $1.24 per million
  // output tokens (worked in decision-cost.test.mjs); at $9 it would cost nine times as much.
  assert.deepEqual(await lab.locator('tr[data-cost-cheapest]').locator('th, td').allTextContents(),
    ['★ NVIDIA A100 80 GB SXM', '8', '16-bit weights, 16-bit cache', 'met', '$1.24', '$0.297']);
  assertQuiet(rec);
  await rec.context.close();
});
