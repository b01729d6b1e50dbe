// The presets part's "Runtime memory" buttons in Debian chromium: vLLM's startup
// memory for the model and GPU on screen (the core's estimate) and back to the
// lesson's "not counted"; a model with no known vocabulary is refused with the
// inputs and results kept. Golden values worked in tests/budget/test_vllm_runtime.cpp.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, recordedPage, waitReady, waitRedrawn } from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';
const PRESETS = 'llm-budget-lab[parts="presets"]';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const text = (page, sel) => page.locator(sel).first().textContent();
const field = (page, name) => page.locator(`${CALC} input.field-text[data-field="${name}"]`).first().inputValue();

for (const [width, height] of [[1280, 800], [360, 740]]) {
  test(`vLLM's startup memory for Llama 3.1 8B on an H100, then the lesson's again (${width} px)`, async () => {
    const rec = await recordedPage(browser, { viewport: { width, height }, hasTouch: width < 400 });
    const { page } = rec;
    await page.goto(server.url);
    await waitReady(page);
    const p = page.locator(PRESETS);
    // The lesson's 7B has no vocabulary: refused, nothing changes.
    const before = await text(page, `${CALC} [data-out="kv_capacity"]`);
    await p.locator('button[data-runtime="vllm"]').click();
    assert.match(await text(page, `${PRESETS} [data-out="runtime-status"]`),
      /^Not used, nothing changed: the estimate needs the model’s vocabulary\./);
    assert.equal(await text(page, `${CALC} [data-out="kv_capacity"]`), before);

    await p.locator('button[data-preset="llama-3.1-8b"]').click();
    await p.locator('button[data-preset="h100-sxm-80gb"]').click();
    await waitRedrawn(page);
    assert.equal(await field(page, 'vocab_size'), '128256');
    await p.locator('button[data-runtime="vllm"]').click();
    await waitRedrawn(page);
    const status = await text(page, `${PRESETS} [data-out="runtime-status"]`);
    assert.match(status, /Assumed 1,024 sequences per step .*a warm-up peak of 4\.7 GiB and 0\.1 GiB outside torch per GPU\./);
    // 16 requests of 8,192 tokens on one H100: capacity (0.9 x 85,520,809,984 - 16,060,522,496
    // - 5,095,764,787.2 - 139,586,437.12) / 131,072 = 424,750 tokens; / 8,192 = 51.85 requests.
    assert.match(await text(page, `${CALC} [data-out="kv_capacity"]`), /^424,750 tokens; 51\.85 requests/);
    assert.equal(await field(page, 'headroom_fraction'), '10');  // shown in percent
    // 9.7 x 1,024 x 128,256 x 4 B and 0.13 GiB, as the core gave them.
    assert.equal(await field(page, 'activation_peak_bytes'), '5095764787');  // 5,095,764,787.2 to a whole byte
    assert.equal(await field(page, 'runtime_reserve_bytes'), '139586437');  // 0.13 x 2^30 = 139,586,437.12

    assert.match(status, /\(vLLM’s default max_num_seqs for the NVIDIA H100 SXM/);

    // The A100 80 GB: the estimate follows the GPU by itself; vLLM's default there is 256
    // sequences (excepted by name), a quarter of the peak.
    await p.locator('button[data-preset="a100-80gb-sxm"]').click();
    await waitRedrawn(page);
    assert.match(await text(page, `${PRESETS} [data-out="runtime-status"]`), /^The model or GPU changed, so vLLM’s startup memory was estimated again\. Assumed 256 sequences per step \(vLLM’s default max_num_seqs for the NVIDIA A100 80 GB SXM\): a warm-up peak of 1\.2 GiB .* KV cache capacity: 456,507 tokens\.$/);
    assert.equal(await field(page, 'activation_peak_bytes'), String(Math.round(9.7 * 256 * 128256 * 4)));

    await p.locator('button[data-runtime="none"]').click();
    await waitRedrawn(page);
    // Without the runtime, on the A100: (0.9 x 85,899,345,920 - 16,060,522,496) / 131,072 = 467,291 tokens.
    assert.match(await text(page, `${CALC} [data-out="kv_capacity"]`), /^467,291 tokens/);
    assert.match(await text(page, `${PRESETS} [data-out="runtime-status"]`), /^The lesson’s runtime changed /);
    assertQuiet(rec);
    await rec.context.close();
  });
}
