// What the calculator does with typed text, in Debian chromium: the field
// echoes what was typed when its plain value would be a long decimal (else
// it shows the plain value), the
// "Read as" note rounds to the digits typed and joins number and unit as a
// sentence does, context lengths read k as 1,024 and say so, and a half-typed
// or out-of-range text never leaves a value read on the way in use.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';
const out = (key) => `${CALC} [data-out="${key}"]`;

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

async function openLesson() {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(server.url);
  await waitReady(rec.page);
  return rec;
}

const box = (page, field) => page.locator(`${CALC} input.field-text[data-field="${field}"]`);
const note = (page, field) => page.locator(`${CALC} [data-read="${field}"]`);
const errorOf = (page, field) => page.locator(`${CALC} .field[data-field="${field}"] .field-error`);

test('typed values are echoed as typed, or as a short plain number, and read back in words', async () => {
  const rec = await openLesson();
  const { page } = rec;
  const cases = [
    // [field, typed, what the note says, what the field shows after it loses focus]
    // 74.5 GiB = 74.5 × 2³⁰ B = 79,993,765,888 B = 79.99 GB to four digits.
    ['gpu_memory_bytes', '74.5 GiB', 'Read as about 79.99 GB.', '74.5 GiB'],
    // 1.5 TiB = 1.5 × 2⁴⁰ B = 1,649.27 GB: the note keeps four digits, not thirteen.
    ['gpu_memory_bytes', '1.5 TiB', 'Read as about 1,649 GB.', '1.5 TiB'],
    ['total_params', '70B', 'Read as 70 billion parameters.', '70'],
    ['total_params', '4.67e10', 'Read as 46.7 billion parameters.', '46.7'],
    // Context lengths count k as 1,024: 32k = 32 × 1,024 = 32,768, 128k = 131,072.
    ['context_tokens', '32k',
      'Read as 32,768 tokens per request (k = 1,024 and M = 1,024² here, as context lengths are counted).', '32768'],
    ['context_tokens', '32,768', 'Read as 32,768 tokens per request.', '32768'],
    // A batch counts k as 1,000.
    ['batch', '2k', 'Read as 2,000 requests.', '2000'],
    ['headroom_fraction', '10 %', 'Read as 10% of GPU memory.', '10'],
    ['weight_bytes_per_param', '4,5', 'Read as 4.5 bits per weight.', '4.5'],
    // One bit takes the singular (en.json's plural "fields.unit.bitsPerWeight").
    ['weight_bytes_per_param', '1 bit', 'Read as 1 bit per weight.', '1'],
  ];
  for (const [field, typed, said, shown] of cases) {
    await box(page, field).fill(typed);
    assert.ok(!(await errorOf(page, field).isVisible()), `${field} "${typed}" accepted`);
    assert.equal(await note(page, field).textContent(), said, `${field} "${typed}"`);
    await box(page, field).blur();
    assert.equal(await box(page, field).inputValue(), shown, `${field} "${typed}" shows`);
  }
  // The slider says the last value in the singular too.
  assert.equal(await page.locator(`${CALC} input.field-range[data-field="weight_bytes_per_param"]`).getAttribute('aria-valuetext'),
    '1 bit per weight');
  // The echo stays while its value is in use, also when another field changes.
  await box(page, 'gpu_memory_bytes').fill('74.5 GiB');
  await box(page, 'gpu_memory_bytes').blur();
  await box(page, 'layers').fill('40');
  assert.equal(await box(page, 'gpu_memory_bytes').inputValue(), '74.5 GiB');
  // A slider move replaces it with the plain value: Home goes to the slider's 4 GB.
  await page.locator(`${CALC} input.field-range[data-field="gpu_memory_bytes"]`).press('Home');
  assert.equal(await box(page, 'gpu_memory_bytes').inputValue(), '4');
  assertQuiet(rec);
  await rec.context.close();
});

test('a half-typed or out-of-range value is named and the last good result stays', async () => {
  const rec = await openLesson();
  const { page } = rec;
  const before = {
    kv: await page.locator(out('kv_cache_bytes')).textContent(),
    total: await page.locator(out('total_tokens_per_s')).textContent(),
  };
  const batch = box(page, 'batch');
  assert.equal(await batch.inputValue(), '16');
  await batch.click();
  await batch.press('Control+A');
  // "1", then "1e", then "1e9": the "1" on the way must not stay in use.
  await batch.pressSequentially('1e');
  assert.equal(await page.locator(out('kv_cache_bytes')).textContent(), before.kv, 'half typed: the results from before');
  assert.equal(await errorOf(page, 'batch').textContent(), 'Batch: “1e” is not finished: type the exponent\'s digits (1e9).');
  await batch.pressSequentially('9');
  assert.equal(await errorOf(page, 'batch').textContent(), 'Batch: enter a whole number from 1 to 1 million requests, not 1,000,000,000.');
  assert.equal(await page.locator(out('kv_cache_bytes')).textContent(), before.kv, 'out of range: the results from before');
  assert.equal(await page.locator(out('total_tokens_per_s')).textContent(), before.total);
  assert.match(await page.locator(out('stale')).textContent(), /^Showing the last valid result/);
  // The link keeps the batch in use, 16 (the default), not the 1 typed on the way (the
  // fragment is written at most every 250 ms: wait for the last write).
  await page.waitForFunction(() => !/batch=1(?![0-9])/.test(location.hash), null, { timeout: 5000 });
  // Typing on to a good value uses it.
  await batch.press('Control+A');
  await batch.pressSequentially('32');
  assert.ok(!(await errorOf(page, 'batch').isVisible()));
  assert.notEqual(await page.locator(out('kv_cache_bytes')).textContent(), before.kv);
  assert.equal(await page.locator(out('stale')).textContent(), '');
  // A part's own settings follow the same rule: draft tokens "31e" passes through 3 and 31.
  const spec = 'llm-budget-lab[parts="speculative"]';
  const readout = page.locator(`${spec} [data-out="speculative-readout"]`);
  const k = page.locator(`${spec} input.field-text`).nth(1);
  await k.scrollIntoViewIfNeeded();
  const shownBefore = await readout.textContent();
  await k.click();
  await k.press('Control+A');
  await k.pressSequentially('31e');
  assert.equal(await readout.textContent(), shownBefore, 'the readout from before typing');
  assert.match(await page.locator(`${spec} [data-out="speculative-stale"]`).textContent(), /^Showing the last valid result/);
  assertQuiet(rec);
  await rec.context.close();
});

test('a value committed with Enter stays in use, in the results and the link, when the next text typed is refused', async () => {
  const rec = await openLesson();
  const { page } = rec;
  const context = box(page, 'context_tokens');
  await context.click();
  await context.press('Control+A');
  await context.pressSequentially('4096');
  await context.press('Enter');
  // The lesson's GQA-8 7B: 14.0 GB of weights, and the KV cache is linear in n, so half of
  // the 17.2 GB it holds at the default 8,192 tokens: 8.6 GB (2 · 32 layers · 8 KV heads · 128 · 2 B
  // = 131,072 B per token); 14.0 + 8.6 = 22.6 GB in all.
  assert.equal(await page.locator(out('kv_cache_bytes')).textContent(), '8.6 GB (131.1 kB per token)');
  assert.equal(await page.locator(out('total_bytes')).textContent(), '22.6 GB');
  await page.waitForFunction(() => /context_tokens=4096/.test(location.hash), null, { timeout: 5000 });
  // Still in the same box: a typo, then Enter.
  await context.press('Control+A');
  await context.pressSequentially('abc');
  await context.press('Enter');
  assert.ok(await errorOf(page, 'context_tokens').isVisible(), 'the typo is named');
  assert.match(await page.locator(out('stale')).textContent(), /^Showing the last valid result/);
  assert.equal(await page.locator(out('kv_cache_bytes')).textContent(), '8.6 GB (131.1 kB per token)', 'the result of 4,096 tokens, not of the default');
  assert.equal(await page.locator(out('total_bytes')).textContent(), '22.6 GB');
  // The link keeps the value in use: a reload (the link is written on pagehide too) opens at 4,096.
  await page.reload();
  await waitReady(page);
  assert.equal(await box(page, 'context_tokens').inputValue(), '4096');
  assert.equal(await page.locator(out('total_bytes')).textContent(), '22.6 GB');
  assertQuiet(rec);
  await rec.context.close();
});
