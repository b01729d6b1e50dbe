// The measured part's closed-loop rows in Debian chromium: NIM's Llama 3.3 70B FP8 runs at
// concurrency 1, 25, 50 and 100 (content/measured-decode.json's closed_loop block) beside the
// core's serving simulation on the NIM rows' budget input. Every simulated figure, ratio, band
// and requests-running count is the facade's for the same inputs, computed here under node
// (web/core/traffic-core.js, as tests/browser/traffic.test.mjs does); the measured figures are
// the file's. At the H100 preset's 80% of peak bandwidth they are the native goldens of
// tests/traffic/test_nim_closed_loop.cpp; the share slider reruns them (after the frame) at 60%.
// The knee sentence says where the KV cache runs out (46.27 whole requests of 5,500 tokens).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  REPO, OUT, openSession, closeSession, assertQuiet, recordedPage, waitReady,
} from './lib/harness.mjs';

const load = (rel) => import(pathToFileURL(path.join(REPO, rel)).href);
const measured = JSON.parse(readFileSync(path.join(REPO, 'content/measured-decode.json'), 'utf8'));
const presets = JSON.parse(readFileSync(path.join(REPO, 'content/presets.json'), 'utf8'));

let browser;
let server;
let expectedAt; // share -> the rows as the page should print them
before(async () => {
  ({ browser, server } = await openSession());
  const { loadBudgetCore } = await load('web/core/budget-core.js');
  const { loadTrafficCore } = await load('web/core/traffic-core.js');
  const fmt = await load('web/element/format.js');
  const m = await load('web/content/measured-input.js');
  const core = await loadBudgetCore();
  const traffic = await loadTrafficCore();
  const [{ block, model, gpu }] = m.closedLoopBlocks(measured, presets.models, presets.gpus);
  expectedAt = (share) => {
    const input = m.measuredRowInput(core, measured.budget, model, gpu, block, share);
    return block.rows.map((row) => {
      const sim = traffic.simulateTraffic(input, m.closedLoopTraffic(measured.budget, block, row.concurrency));
      const c = m.compareSimulated(row, sim);
      return [`${fmt.int(row.concurrency)} (${row.quantity})`, `${row.quantity} ${fmt.fixed2(row.measured_ms)} ms`,
        `mean ${row.simulated} ${fmt.fixed2(c.simulated * 1000)} ms`, `${fmt.fixed2(c.ratio)}×`,
        c.inTightBand ? 'yes' : 'no', c.inBand ? 'yes' : 'no', fmt.num1(sim.value.mean_running)];
    });
  };
});
after(() => closeSession({ browser, server }));

const rowsOf = (lab) => lab.locator('[data-out="measured-closed-loop-table"] tbody tr')
  .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));

/** Waits until the closed-loop simulations have been drawn (the section drops data-busy). */
const settled = (lab) => lab.locator('[data-out="measured-closed-loop"]:not([data-busy])').waitFor({ timeout: 20000 });

test('NIM closed loop: the table is the facade’s simulation beside NIM’s figures, with the knee, and the slider reruns it (1280 and 360 px)', async () => {
  for (const [width, height] of [[1280, 800], [360, 740]]) {
    const rec = await recordedPage(browser, { viewport: { width, height } });
    await rec.page.goto(`${server.url}embed.html?parts=measured`);
    await waitReady(rec.page);
    const lab = rec.page.locator('llm-budget-lab');
    await settled(lab);
    const at80 = await rowsOf(lab);
    assert.deepEqual(at80, expectedAt(0.8));
    // The measured figures are NIM's (5,000 in / 500 out, "Llama-3.3-70b-instruct Results"), and at 80%
    // the simulated ones are the native goldens: TTFT 405.40 / 666.18 / 4,032.79 / 38,856.69 ms, TPOT
    // 16.69 / 42.53 / 64.40 / 64.40 ms, written out.
    assert.deepEqual(at80.map((r) => r.slice(1, 4)), [
      ['TTFT 406.77 ms', 'mean ttft_s 405.40 ms', '1.00×'], ['ITL 18.58 ms', 'mean tpot_s 16.69 ms', '0.90×'],
      ['TTFT 688.69 ms', 'mean ttft_s 666.18 ms', '0.97×'], ['ITL 38.75 ms', 'mean tpot_s 42.53 ms', '1.10×'],
      ['TTFT 834.51 ms', 'mean ttft_s 4,032.79 ms', '4.83×'], ['ITL 59.73 ms', 'mean tpot_s 64.40 ms', '1.08×'],
      ['TTFT 7,996.00 ms', 'mean ttft_s 38,856.69 ms', '4.86×'], ['ITL 92.91 ms', 'mean tpot_s 64.40 ms', '0.69×']]);
    assert.deepEqual(at80.map((r) => r[6]), ['1.0', '1.0', '25.0', '25.0', '45.4', '45.4', '45.4', '45.4']);
    assert.equal(await lab.locator('[data-out="measured-closed-loop-summary"]').textContent(),
      'At 80% of peak bandwidth, 6 of 8 simulated figures lie within a factor of 1.5 of the measurement and 6 within 2.');
    // The knee: 405.40 -> 666.18 -> 4,032.79 -> 38,856.69 ms simulated (1.64x, 6.05x, 9.64x), NIM's
    // 406.77 -> 688.69 -> 834.51 -> 7,996 ms (1.69x, 1.21x, 9.58x); the KV cache holds 46.27 requests.
    const knee = await lab.locator('[data-out="measured-knee"]').textContent();
    assert.match(knee, /^The knee: the simulated mean TTFT rises 1\.64× from 1 to 25, 6\.05× from 25 to 50, 9\.64× from 50 to 100; the measured 1\.69× from 1 to 25, 1\.21× from 25 to 50, 9\.58× from 50 to 100\. /);
    assert.match(knee, /the budget holds 46\.27 requests of 5,500 tokens .* between 25 and 50\. The measured TTFT rises most between 50 and 100, so the measured knee comes there, later than the simulated one\./);
    assert.match(knee, /max_concurrency is 92\.53; the rows keep the 16-bit cache the other rows assume\.$/);

    // 60% of peak: the page reruns the simulations after the frame; the figures follow the facade's.
    await lab.locator('.part-controls input.field-text').fill('60');
    await rec.page.keyboard.press('Tab');
    await lab.locator('[data-out="measured-closed-loop-summary"]').filter({ hasText: /^At 60% of peak bandwidth/ }).waitFor();
    await settled(lab);
    const at60 = await rowsOf(lab);
    assert.deepEqual(at60, expectedAt(0.6));
    assert.notDeepEqual(at60.map((r) => r[2]), at80.map((r) => r[2]), 'the slider moves the simulated figures');
    await rec.page.screenshot({ path: path.join(OUT, `measured-closed-loop-${width}x${height}.png`), fullPage: true });
    assertQuiet(rec);
    await rec.context.close();
  }
});
