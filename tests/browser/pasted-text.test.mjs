// Pasting a huge text into a number field of the lesson's calculator: the
// facade clips it just past the core's 200-byte limit before it enters wasm
// (web/core/text-clip.js), so the field says it is too long, the results keep
// the last good value, and wasm memory does not grow.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';

let browser;
let server;

before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** Bytes of the page's wasm memory (the one shared module's WebAssembly.Memory buffer). */
const wasmBytes = (page) => page.evaluate(async () =>
  (await globalThis.__llmbModules['web/core/wasm-module.js'].loadWasmModule()).HEAPU8.buffer.byteLength);

test('ten million characters pasted into GPU memory: a clear message, the last result kept, wasm memory unchanged', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page } = rec;
  await page.goto(server.url);
  await waitReady(page);
  const field = page.locator(`${CALC} input.field-text[data-field="gpu_memory_bytes"]`);
  const error = page.locator(`${CALC} .field[data-field="gpu_memory_bytes"] .field-error`);
  const verdict = page.locator(`${CALC} [data-out="verdict-note"]`);
  await field.scrollIntoViewIfNeeded();
  // A good value first, typed and left (blur ends the edit, so 48 GB is the
  // value a refused text puts back): 48 GB.
  await field.fill('48');
  await field.blur();
  const goodVerdict = await verdict.textContent();
  assert.match(goodVerdict, /48\.0 GB/);
  const before = await wasmBytes(page);
  // The paste: what a paste does to the field (its value, then one input event), 10^7 characters.
  await field.evaluate((input) => {
    input.value = `8${'0'.repeat(1e7)}`;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await error.waitFor({ state: 'visible' });
  assert.equal(await error.textContent(), 'GPU memory: that is too long to be a number (more than 200 bytes).');
  assert.equal(await verdict.textContent(), goodVerdict); // the last good result stays
  assert.equal(await wasmBytes(page), before);
  // A good value after it is read as usual.
  await field.fill('80');
  await error.waitFor({ state: 'hidden' });
  assert.match(await verdict.textContent(), /80\.0 GB/);
  assertQuiet(rec);
  await rec.context.close();
});
