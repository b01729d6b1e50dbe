// A lone comma before exactly three digits ("2,039") on a page that writes a decimal comma
// (German) is a decimal comma where the field allows it, in Debian chromium: the calculator's
// memory bandwidth, the decision procedure's price box and the traffic part's request rate
// read "2,039" / "2,500" as 2.039 / 2.5, not 2039 / 2500, and the note says how the text was
// read. The English page keeps the thousands reading ("2,039" TB/s is 2039 TB/s).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { REPO, openSession, closeSession, assertQuiet, waitRedrawn, openReady } from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';
const TRAFFIC = 'llm-budget-lab[parts="traffic"]';
const load = (rel) => import(pathToFileURL(path.join(REPO, rel)).href);

let browser;
let server;
let budget; // the budget facade under node, for the expected decode step
let deFmt; // German number formatting, as the page writes its numbers
before(async () => {
  ({ browser, server } = await openSession());
  const { loadBudgetCore } = await load('web/core/budget-core.js');
  const { numberFormatting } = await load('web/element/format.js');
  const { translator } = await load('web/element/i18n.js');
  budget = await loadBudgetCore();
  deFmt = numberFormatting('de', translator('de', JSON.parse(readFileSync(path.join(REPO, 'content/ui/de.json'), 'utf8'))).t);
});
after(() => closeSession({ browser, server }));

/** A page of dist/ at 1280 x 900, once every element on it is ready (harness openReady). */
const openPage = (rel) => openReady(browser, new URL(rel, server.url).href);

const calcBox = (page, field) => page.locator(`${CALC} input.field-text[data-field="${field}"]`);
const calcNote = (page, field) => page.locator(`${CALC} [data-read="${field}"]`);
const calcOut = (page, key) => page.locator(`${CALC} [data-out="${key}"]`).textContent();

test('German page: "2,039" in the bandwidth box is 2.039 TB/s, and the decode step is the core’s for it', async () => {
  const rec = await openPage('index.de.html');
  const { page } = rec;
  await calcBox(page, 'bandwidth_bytes_per_s').fill('2,039');
  assert.equal(await calcNote(page, 'bandwidth_bytes_per_s').textContent(), 'Gelesen als 2,039 TB/s.');
  await waitRedrawn(page);
  // The lesson's starting input (preset lesson-gqa8-16: the 7B model with 8 KV heads, batch 16 of
  // 8,192 tokens, 16-bit weights and cache) reads 14.0 GB of weights + 16 x 8,192 x 32 x 2 x 8 x
  // 128 x 2 B = 17.2 GB of cache per decode step: 31.2 GB / 2.039 TB/s = 15.3 ms, memory-bound.
  // At 2,039 TB/s the step would be a thousand times shorter (and compute-bound).
  const plan = budget.plan({ ...budget.DEFAULT_INPUT, kv_heads: 8, bandwidth_bytes_per_s: 2.039e12 }).value;
  assert.equal(plan.bound_by, 'memory');
  assert.ok(Math.abs(plan.step_s - 31.2e9 / 2.039e12) < 0.05e-3, `step ${plan.step_s}`);
  assert.equal(await calcOut(page, 'step'), deFmt.msText(plan.step_s));
  assert.equal(await calcOut(page, 'step'), '15,3 ms');
  // "2.039" (a decimal point, every page's reading of a lone ".") is the same value.
  await calcBox(page, 'bandwidth_bytes_per_s').fill('2.039');
  await waitRedrawn(page);
  assert.equal(await calcOut(page, 'step'), '15,3 ms');
  assertQuiet(rec);
  await rec.context.close();
});

test('German page: the traffic part reads a request rate of "2,500" as 2.5 requests/s', async () => {
  const rec = await openPage('index.de.html');
  const { page } = rec;
  const part = page.locator(TRAFFIC);
  await page.locator(`${TRAFFIC}[ready]`).waitFor({ timeout: 20000 });
  const rate = part.locator('.field[data-field="request_rate"] input[type="text"]');
  await rate.scrollIntoViewIfNeeded();
  await rate.fill('2,500');
  await waitRedrawn(page);
  await page.locator(`${TRAFFIC} .traffic-body:not([data-busy])`).waitFor({ timeout: 20000 });
  assert.equal(await part.locator('.field[data-field="request_rate"] .field-error').isVisible(), false);
  // The percentiles' caption names the load in German digits: 2.5 requests/s is "2,5 Anfragen/s".
  assert.match(await part.locator('[data-out="traffic-caption"]').textContent(), /^Bei 2,5 Anfragen\/s/);
  assertQuiet(rec);
  await rec.context.close();
});

test('German embed: the decision procedure’s price "2,039" is 2.039 $ per GPU-hour', async () => {
  const rec = await openPage('embed.html?parts=calculator,decision&preset=scenario-llama-3.1-70b-h100&lang=de');
  const lab = rec.page.locator('llm-budget-lab');
  await lab.locator('input[data-price="a100-80gb-sxm"]').fill('2,039');
  await lab.locator('[data-out="decision-cost"][data-busy]').waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
  await lab.locator('[data-out="decision-cost"]:not([data-busy])').waitFor();
  assert.equal(await lab.locator('[data-out="price-read-a100-80gb-sxm"]').textContent(), 'Gelesen als 2,039 $ pro GPU-Stunde.');
  // 8 A100s at 1,798.38 tokens/s (i18n-decide.test.mjs): 2.039 x 8 / 3600 / 1,798.38 x 1e6 = 2.52 $ per
  // million tokens (at 2039 $ it would be 2.519,62 $).
  const a100Row = lab.locator('tr[data-gpu="a100-80gb-sxm"]', { hasText: '16-Bit-Gewichte, 16-Bit-Cache' }).first();
  assert.equal(await a100Row.locator('[data-out="cost-output"]').textContent(), '2,52 $');
  assertQuiet(rec);
  await rec.context.close();
});

test('English page: "2,039" in the bandwidth box is still 2,039 TB/s (a thousands group)', async () => {
  const rec = await openPage('index.html');
  const { page } = rec;
  await calcBox(page, 'bandwidth_bytes_per_s').fill('2,039');
  assert.equal(await calcNote(page, 'bandwidth_bytes_per_s').textContent(), 'Read as 2,039 TB/s.');
  await calcBox(page, 'bandwidth_bytes_per_s').blur();
  assert.equal(await calcBox(page, 'bandwidth_bytes_per_s').inputValue(), '2039');
  assertQuiet(rec);
  await rec.context.close();
});
