// GPU types and cost in the decision part in Debian chromium: a price
// box per GPU preset, empty at first (no built-in price); typing two prices ranks
// the planner's rows on both GPU types by the core's cost per million output
// tokens. Figures from the core (plan_hardware, src/budget/planner.h) on the
// scenario preset (content/presets.json: llama-3.1-70b, 32 users, 4,096-token
// prompts, TTFT under 1 s, 20 tok/s each) with the presets' h100-sxm-80gb
// (2.68 TB/s usable) and a100-80gb-sxm (1.63 TB/s usable) as they stand on main at 3b1d366.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const out = (lab, key) => lab.locator(`[data-out="${key}"]`).first().textContent();
/** Waits until the ranking shows the prices typed (the cost section drops data-busy once the typing rests). */
const ranked = (lab) => lab.locator('[data-out="decision-cost"]:not([data-busy])').waitFor();

test('two typed prices rank the GPU types by cost per million tokens; a bad price says why and keeps the table', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${server.url}embed.html?parts=calculator,decision&preset=scenario-llama-3.1-70b-h100`);
  await waitReady(rec.page);
  const lab = rec.page.locator('llm-budget-lab');
  const table = lab.locator('table.decision-cost-table');
  const scroll = lab.locator('.cost-scroll');
  // No price is built in: every box is empty and there is no table.
  for (const box of await lab.locator('input[data-price]').all()) assert.equal(await box.inputValue(), '');
  assert.equal(await out(lab, 'decision-cost-summary'), 'Type a price for at least one GPU type to compare them by cost.');
  assert.equal(await scroll.isHidden(), true);

  await lab.locator('input[data-price="h100-sxm-80gb"]').fill('2');
  await lab.locator('input[data-price="a100-80gb-sxm"]').fill('$1.00');
  await ranked(lab);
  assert.equal(await scroll.isVisible(), true);
  assert.match(await out(lab, 'decision-cost-caption'), /^The combinations that meet every target, cheapest output first/);
  // The cheapest that keeps the output: 16-bit weights and cache on 8 A100s at 1,798.38 tok/s in all:
  // $1 x 8 GPUs / 3600 s = $0.0022222 per second; / 1,798.38 tok/s x 1e6 = $1.2357 per million output tokens.
  // Input: $0.0022222/s x 0.54658 s TTFT / 4,096 prompt tokens x 1e6 = $0.29654 per million.
  // 16-bit on 4 H100s costs the same $0.0022222/s ($2 x 4 / 3600) for 1,549.70 tok/s: $1.434, so it ranks after.
  const star = lab.locator('tr[data-cost-cheapest]');
  assert.equal(await star.count(), 1);
  assert.deepEqual(await star.locator('th, td').allTextContents(),
    ['★ NVIDIA A100 80 GB SXM', '8', '16-bit weights, 16-bit cache', 'met', '$1.24', '$0.297']);
  // Cheaper with a changed output: 4-bit weights, 8-bit cache on 2 H100s, 2,289.90 tok/s:
  // $2 x 2 / 3600 / 2,289.90 x 1e6 = $0.485, the first row of the ranking.
  const first = table.locator('tbody tr').first();
  assert.equal(await first.getAttribute('data-cost-cheapest-changing'), '');
  assert.deepEqual(await first.locator('th, td').allTextContents(),
    ['☆ NVIDIA H100 SXM 80 GB', '2', '4-bit weights, 8-bit cache', 'met', '$0.485', '$0.172']);
  // Ranked by output cost, lowest first.
  const costs = (await table.locator('[data-out="cost-output"]').allTextContents()).map((t) => Number(t.slice(1)));
  assert.deepEqual(costs, [...costs].sort((a, b) => a - b));
  const h100Row = table.locator('tr[data-gpu="h100-sxm-80gb"]', { hasText: '16-bit weights, 16-bit cache' }).first();
  assert.deepEqual((await h100Row.locator('th, td').allTextContents()).slice(1, 5), ['4', '16-bit weights, 16-bit cache', 'met', '$1.43']);
  const summary = await out(lab, 'decision-cost-summary');
  // 23 meet every target: since the presets hold the cards' reported capacities the H100 preset holds its 81,559 MiB = 85.52e9 B (was 80e9), so
  // 16-bit weights with an 8-bit cache on 2 H100s (70.55e9 + 10.7e9 = 81.3 GB per GPU) fits and meets them (was 22).
  assert.match(summary, /^\d+ combinations fit on the 2 priced GPU types, 23 meet every target\. Cheapest that keeps the output and meets every target: 16-bit weights and cache on 8 GPUs of NVIDIA A100 80 GB SXM, \$1\.24 per million output tokens\./);

  // Bad text: an inline message, and the table keeps the last good price.
  const before = await table.locator('tbody').innerHTML();
  await lab.locator('input[data-price="h100-sxm-80gb"]').fill('two dollars');
  const note = await out(lab, 'price-error-h100-sxm-80gb');
  assert.match(note, /The table keeps the last good price\.$/);
  assert.equal(await lab.locator('input[data-price="h100-sxm-80gb"]').getAttribute('aria-invalid'), 'true');
  // The message describes the box (aria-describedby), so focusing it again repeats it.
  const described = await lab.locator('input[data-price="h100-sxm-80gb"]').evaluate((box) => box.getAttribute('aria-describedby')
    .split(' ').map((id) => box.getRootNode().getElementById(id).textContent).join(' ').trim());
  assert.equal(described, note);
  assert.equal(await table.locator('tbody').innerHTML(), before);
  await lab.locator('input[data-price="h100-sxm-80gb"]').fill('-3');
  assert.equal(await out(lab, 'price-error-h100-sxm-80gb'), 'NVIDIA H100 SXM 80 GB: enter a price from 0.0001 to 1,000,000 $ per GPU-hour, not -3. The table keeps the last good price.');
  assert.equal(await table.locator('tbody').innerHTML(), before);
  // Clearing a box removes that GPU type: only A100 rows remain.
  await lab.locator('input[data-price="h100-sxm-80gb"]').fill('');
  await ranked(lab);
  assert.equal(await out(lab, 'price-error-h100-sxm-80gb'), '');
  assert.equal(await table.locator('tr[data-gpu="h100-sxm-80gb"]').count(), 0);
  assert.ok(await table.locator('tr[data-gpu="a100-80gb-sxm"]').count() > 0);
  assertQuiet(rec);
  await rec.context.close();
});
