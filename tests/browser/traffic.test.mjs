// The traffic part on the lesson page in Debian chromium, at 1280 and 360 px:
// its figures are the core's (the goldens below come from the same facade
// under node, web/core/traffic-core.js, on the lesson's starting input), at a
// tiny load its TTFT is the calculator's own (one request arriving alone),
// the highest load it marks is the facade's highestLoad(), a bad typed value
// is named and the last good results stay, and the chart, its data table and
// the percentiles table are drawn. No sideways scroll, no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  REPO, OUT, openSession, closeSession, assertQuiet, recordedPage, waitReady, renderAllSections, waitRedrawn,
} from './lib/harness.mjs';

const TRAFFIC = 'llm-budget-lab[parts="traffic"]';
const CALC = 'llm-budget-lab[parts="calculator"]';
const load = (rel) => import(pathToFileURL(path.join(REPO, rel)).href);

let browser;
let server;
let goldens;
let budget; // the facades under node, for the goldens of each test
let traffic;
before(async () => {
  ({ browser, server } = await openSession());
  const { loadBudgetCore } = await load('web/core/budget-core.js');
  const { loadTrafficCore } = await load('web/core/traffic-core.js');
  const fmt = await load('web/element/format.js');
  budget = await loadBudgetCore();
  traffic = await loadTrafficCore();
  // The lesson's starting configuration (preset lesson-gqa8-16): the 7B model with 8 KV heads,
  // 16-bit weights and cache, batch 16, 8,192 tokens; the part starts at the declaration's
  // 1 request/s with 1,024 + 256 tokens.
  const input = { ...budget.DEFAULT_INPUT, kv_heads: 8 };
  const at1 = traffic.simulateTraffic(input, { request_rate: 1, input_tokens: 1024, output_tokens: 256 });
  // A 1 s TTFT target at the declaration's p90, the search started from the chosen 1 request/s.
  const highest = traffic.highestLoad({ ...input, ttft_target_s: 1 }, { request_rate: 1, input_tokens: 1024, output_tokens: 256 });
  // 0.001 requests/s with the calculator's own prompt (its context, 8,192 tokens): each request
  // arrives alone, so its TTFT is the budget's ttft_s, 3.307 s ("3.3 s").
  const alone = traffic.simulateTraffic(input, { request_rate: 0.001, input_tokens: 8192, output_tokens: 256 });
  goldens = { fmt, at1: at1.value, highest: highest.value, alone: alone.value, ttft: budget.plan(input).value.ttft_s };
});
after(() => closeSession({ browser, server }));

async function open(viewport) {
  const rec = await recordedPage(browser, { viewport });
  await rec.page.goto(server.url);
  await waitReady(rec.page);
  const part = rec.page.locator(TRAFFIC);
  await part.locator('[data-out="traffic-status"]').scrollIntoViewIfNeeded();
  // The build's drawing stays until the live one replaces it: wait for the live element
  // (ready), or settled() could pass on the written drawing just before the takeover.
  await rec.page.locator(`${TRAFFIC}[ready]`).waitFor({ timeout: 20000 });
  await settled(rec.page);
  return { rec, page: rec.page, part };
}

/** Waits until the part's simulations have finished (its body drops data-busy). */
async function settled(page) {
  await waitRedrawn(page);
  await page.locator(`${TRAFFIC} .traffic-body:not([data-busy])`).waitFor({ timeout: 20000 });
}

const cell = (part, row, stat) => part.locator(`[data-out="traffic-percentiles"] tr[data-row="${row}"] td[data-stat="${stat}"]`).textContent();
const figure = (part, row) => part.locator(`[data-out="traffic-totals"] tr[data-row="${row}"] td`).textContent();
const field = (part, name) => part.locator(`.field[data-field="${name}"] input[type="text"]`);

test('the traffic part shows the core’s figures, its highest load and the calculator’s TTFT at a tiny load (1280 and 360 px)', async () => {
  const { fmt, at1, highest, alone, ttft } = goldens;
  for (const [width, height] of [[1280, 800], [360, 740]]) {
    const { rec, page, part } = await open({ width, height });
    // At 1 request/s: the percentiles and the run's figures are the facade's, formatted as the page formats them.
    for (const row of ['ttft_s', 'tpot_s', 'e2e_s']) {
      for (const stat of ['mean', 'p50', 'p90', 'p99']) assert.equal(await cell(part, row, stat), fmt.msText(at1[row][stat]), `${row} ${stat}`);
    }
    assert.equal(await figure(part, 'throughput_tokens_per_s'), `${fmt.totalText(at1.throughput_tokens_per_s)} tokens/s`);
    // Little's law holds in the core's run: 6.3 requests in flight both ways.
    assert.equal(await figure(part, 'mean_in_flight'), fmt.adaptive(at1.mean_in_flight));
    assert.equal(await figure(part, 'littles_law_in_flight'), fmt.adaptive(at1.littles_law_in_flight));
    assert.equal(fmt.adaptive(at1.mean_in_flight), fmt.adaptive(at1.littles_law_in_flight));
    // The chart: p50 and p99 curves in both panels, the unstable loads shaded and said so in its table.
    for (const s of ['ttft-p50', 'ttft-p99', 'tpot-p50', 'tpot-p99']) {
      assert.match(await part.locator(`path[data-series="${s}"]`).getAttribute('d'), /^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){3,}$/, s);
    }
    assert.match(await part.locator('[data-out="chart-summary"]').textContent(), /queue grows without bound: no p99 exists/);
    await part.locator('details.chart-data summary').click();
    const rows = part.locator('details.chart-data tbody tr');
    // The table is built on the details' toggle event, which comes in a later task than
    // the click: wait for its twelfth row (count() alone does not wait; under load it ran first).
    await rows.nth(11).waitFor({ timeout: 10000 });
    assert.ok(await rows.count() >= 12);
    assert.equal(await rows.last().locator('td').last().textContent(), 'grows without bound');
    assert.equal(await rows.last().locator('td').nth(1).textContent(), 'unstable');
    // No target yet: no highest-load mark, and the summary asks for one.
    assert.equal(await part.locator('line[data-mark="highest-load"]').first().getAttribute('display'), 'none');

    // A 1 s TTFT target typed in the part is the calculator's own input.
    await field(part, 'ttft_target_s').fill('1000');
    await settled(page);
    assert.equal(await page.locator(`${CALC} .field[data-field="ttft_target_s"] input[type="text"]`).inputValue(), '1000');
    assert.equal(Number(await part.locator('line[data-mark="highest-load"]').first().getAttribute('data-load')), highest.highest_load);
    assert.match(await part.locator('[data-out="traffic-status"]').textContent(),
      new RegExp(`Highest load meeting the targets at p90: ${fmt.adaptive(highest.highest_load).replace('.', '\\.')} requests/s\\.$`));
    assert.equal(await part.locator('line[data-target="ttft"]').first().getAttribute('display'), null);

    // A bad typed value is named beside its field; the last good results stay.
    const before = await cell(part, 'ttft_s', 'p99');
    await field(part, 'input_tokens').fill('abc');
    const error = part.locator('.field[data-field="input_tokens"] .field-error');
    assert.match(await error.textContent(), /^Input tokens: /);
    await field(part, 'input_tokens').fill('0');
    assert.equal(await error.textContent(), 'Input tokens: enter a whole number from 1 to 100 million tokens per request, not 0.');
    assert.match(await part.locator('[data-out="traffic-stale"]').textContent(), /last good results/);
    await settled(page);
    assert.equal(await cell(part, 'ttft_s', 'p99'), before);
    // A value committed with Enter is the last good one: a refusal typed after it goes back to it
    // (2,048 tokens), not to the value before the first keystroke (1,024).
    const input2048 = traffic.simulateTraffic({ ...budget.DEFAULT_INPUT, kv_heads: 8, ttft_target_s: 1 },
      { request_rate: 1, input_tokens: 2048, output_tokens: 256 });
    await field(part, 'input_tokens').fill('2048');
    await field(part, 'input_tokens').press('Enter');
    await settled(page);
    assert.equal(await cell(part, 'ttft_s', 'p99'), fmt.msText(input2048.value.ttft_s.p99));
    await field(part, 'input_tokens').fill('0');
    await field(part, 'input_tokens').press('Enter');
    await settled(page);
    assert.equal(await cell(part, 'ttft_s', 'p99'), fmt.msText(input2048.value.ttft_s.p99));
    // A length inside the declared range whose KV cache cannot fit: the core's reason, not the range.
    await field(part, 'input_tokens').fill('4000000');
    assert.match(await error.textContent(), /^Input tokens: a request of 4,?000,?256 tokens .*KV cache/);
    await field(part, 'input_tokens').fill('1024');
    await field(part, 'input_tokens').press('Enter');
    await settled(page);
    assert.equal(await cell(part, 'ttft_s', 'p99'), before);

    // A tiny load with the calculator's prompt: TTFT is the calculator's, one request arriving alone.
    await field(part, 'input_tokens').fill('8192');
    await field(part, 'request_rate').fill('0.001');
    await settled(page);
    assert.equal(await cell(part, 'ttft_s', 'p50'), fmt.msText(alone.ttft_s.p50));
    assert.equal(fmt.msText(alone.ttft_s.p50), fmt.msText(ttft));
    // 3.3 s misses the 1 s target even alone: no highest load (the core's search halves from
    // 0.001 requests/s down to the declared minimum rate, and finds none).
    assert.match(await part.locator('[data-out="chart-summary"]').textContent(), /Even the lightest load misses a target\.$/);
    assert.equal(await page.locator(`${CALC} [data-out="ttft_s"]`).first().textContent(), `${fmt.msText(ttft)} (one request arriving alone)`);

    // A configuration the core cannot simulate (70B parameters at 16 bits, 140 GB of weights on
    // an 80 GB GPU, leave no KV cache): the core's reason, and the last good results stay.
    await page.locator(`${CALC} input.field-text[data-field="total_params"]`).fill('70');
    await settled(page);
    assert.equal(await part.locator('[data-out="traffic-status"]').textContent(), 'No simulation for this configuration: the weights and '
      + "the runtime's memory leave no KV cache within the headroom limit of each GPU. The chart and the table below are the last good ones.");
    assert.equal(await cell(part, 'ttft_s', 'p50'), fmt.msText(alone.ttft_s.p50));

    await renderAllSections(page);
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scrollWidth <= clientWidth, `${width} px: ${scrollWidth} > ${clientWidth}`);
    await part.screenshot({ path: path.join(OUT, `traffic-${width}.png`) });
    assertQuiet(rec);
    await rec.context.close();
  }
});

test('one output token: TPOT reads "not defined" in the table, the status and the chart\'s data, never 0', async () => {
  const { rec, page, part } = await open({ width: 1280, height: 800 });
  await field(part, 'output_tokens').fill('1');
  await settled(page);
  // The core's run: every request ends with its first token, so tpot_defined is false and tpot_s null.
  const one = traffic.simulateTraffic({ ...budget.DEFAULT_INPUT, kv_heads: 8 }, { request_rate: 1, input_tokens: 1024, output_tokens: 1 });
  assert.equal(one.value.tpot_defined, false);
  assert.equal(one.value.tpot_s, null);
  for (const stat of ['mean', 'p50', 'p90', 'p99']) assert.equal(await cell(part, 'tpot_s', stat), 'not defined', stat);
  assert.equal(await cell(part, 'ttft_s', 'p50'), goldens.fmt.msText(one.value.ttft_s.p50));
  assert.match(await part.locator('[data-out="traffic-status"]').textContent(),
    /TPOT not defined: every request has one output token, so there is no time between tokens\./);
  await part.locator('details.chart-data summary').click();
  // The load is the row's header; then TTFT p50, TTFT p99, TPOT p50, TPOT p99, the queue.
  const first = part.locator('details.chart-data tbody tr').first().locator('td');
  assert.equal(await first.nth(2).textContent(), 'not defined');
  assert.equal(await first.nth(3).textContent(), 'not defined');
  assert.equal(await first.nth(4).textContent(), 'bounded');
  // No TPOT point is drawn (an empty path), and nothing threw.
  assert.doesNotMatch(await part.locator('path[data-series="tpot-p99"]').getAttribute('d') ?? '', /NaN/);
  assertQuiet(rec);
  await rec.context.close();
});

test('the closed loop runs at a concurrency, and embeds alone with parts="traffic"', async () => {
  const { fmt } = goldens;
  // The embed starts from the core's defaults (32 KV heads), closed loop at the part's 16 clients.
  const closed = traffic.simulateTraffic(budget.DEFAULT_INPUT, { concurrency: 16, input_tokens: 1024, output_tokens: 256 });
  const rec = await recordedPage(browser, { viewport: { width: 360, height: 740 } });
  await rec.page.goto(`${server.url}embed.html?parts=traffic`);
  await waitReady(rec.page);
  const part = rec.page.locator('llm-budget-lab');
  await part.locator('button[data-mode="closed"]').click();
  await part.locator('.traffic-body:not([data-busy])').waitFor({ timeout: 20000 });
  assert.equal(await part.locator('[data-out="traffic-caption"]').textContent(), 'At 16 clients');
  assert.equal(await part.locator('[data-out="traffic-percentiles"] tr[data-row="ttft_s"] td[data-stat="p99"]').textContent(),
    fmt.msText(closed.value.ttft_s.p99));
  assert.equal(await part.locator('.field[data-field="request_rate"]').isHidden(), true);
  assertQuiet(rec);
  await rec.context.close();
});

test('the decision procedure’s step 5 checks its marked row at the traffic part’s load', async () => {
  const { fmt } = goldens;
  // The lesson's start with a 1 s TTFT target: the planner's marked row (the cheaper one that
  // changes the output when there is one, as step 5 names it), simulated at 2 requests/s, 1,024 + 256 tokens.
  const input = { ...budget.DEFAULT_INPUT, kv_heads: 8, ttft_target_s: 1 };
  const plan = budget.planLevers(input).value;
  const row = plan.rows[plan.cheapest_changing_output_row >= 0 ? plan.cheapest_changing_output_row : plan.cheapest_row];
  const config = { ...input, weight_bytes_per_param: row.weight_bytes_per_param, cache_bytes_per_value: row.cache_bytes_per_value, gpus: row.gpus };
  const t = { request_rate: 2, input_tokens: 1024, output_tokens: 256 };
  const run = traffic.simulateTraffic(config, t).value;
  const search = traffic.highestLoad(config, t).value;
  const meets = search.found && search.highest_load >= 2;

  const { rec, page, part } = await open({ width: 1280, height: 800 });
  const line = page.locator('llm-budget-lab[parts="decision"] [data-out="decision-traffic"]');
  assert.equal(await line.textContent(),
    'At the traffic part’s load of 1.0 requests/s (1,024 + 256 tokens per request) nothing is checked: set a TTFT or per-request target first.');
  await field(part, 'ttft_target_s').fill('1000');
  await field(part, 'request_rate').fill('2');
  await settled(page);
  await line.scrollIntoViewIfNeeded();
  await waitRedrawn(page);
  await page.locator('llm-budget-lab[parts="decision"] [data-out="decision-traffic"]:not([data-busy])').waitFor({ timeout: 20000 });
  const text = await line.textContent();
  assert.ok(text.startsWith('At the traffic part’s load of 2.0 requests/s (1,024 + 256 tokens per request), '), text);
  assert.ok(text.includes(` ${meets ? 'meets' : 'misses'} the targets: TTFT ${fmt.msText(run.ttft_at_target_percentile_s)} and TPOT `
    + `${fmt.msText(run.tpot_at_target_percentile_s)} at p90; the highest load meeting them is ${fmt.adaptive(search.highest_load)} requests/s.`), text);
  assertQuiet(rec);
  await rec.context.close();
});
