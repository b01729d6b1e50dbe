// The calculator's refusals on the German page (dist/index.de.html): a value out
// of a field's range and a text the core cannot read are said in German, naming
// the field by its German label, with German numbers (the core's declared
// message kinds, "core.message.<code>" in content/ui/de.json); the English page
// says the same things in English, its range sentences naming the field and the
// value typed as the German ones do.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

async function open(file) {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(new URL(file, server.url).href);
  await waitReady(rec.page);
  return rec;
}

const box = (page, field) => page.locator(`${CALC} input.field-text[data-field="${field}"]`);
const errorOf = (page, field) => page.locator(`${CALC} .field[data-field="${field}"] .field-error`);
const said = async (page, field, text) => {
  await box(page, field).fill(text);
  return errorOf(page, field).textContent();
};

test('German page: a refused value and an unreadable text are said in German, naming the German label', async () => {
  const rec = await open('index.de.html');
  const { page } = rec;
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  // Batch 0.5: the core's range for the batch is whole numbers from 1 to 1e6 requests ("1 Million Anfragen"),
  // in the same sentence as English's (limits.js, "limits.enterNot").
  assert.equal(await said(page, 'batch', '0.5'), 'Batch: Geben Sie eine ganze Zahl von 1 bis 1 Million Anfragen ein, nicht 0,5.');
  assert.equal(await box(page, 'batch').getAttribute('aria-invalid'), 'true');
  // Text the core's reader cannot read, by the field's German label.
  assert.equal(await said(page, 'layers', 'abc'), 'Schichten: „abc“ ist keine Zahl; geben Sie Ziffern wie 12,5 ein.');
  assert.equal(await said(page, 'layers', '12 GB'),
    'Schichten: „GB“ ist keine Einheit für Schichten; schreiben Sie eine Zahl oder eine Zahl mit k, M, B oder T (70B, 32k).');
  // KV heads above the query heads (32 in the lesson's model): both fields by their German labels.
  assert.equal(await box(page, 'query_heads').inputValue(), '32');
  assert.equal(await said(page, 'kv_heads', '40'),
    'KV-Köpfe: Geben Sie eine ganze Zahl von 1 bis 32 Köpfen (Obergrenze: Query-Köpfe) ein, nicht 40.');
  // A field whose box shows another unit than the core's: the numbers in the box's unit.
  // GPU memory (in GB): 1 byte = 1e-9 GB to 1e15 bytes = 1.000.000 GB.
  assert.equal(await said(page, 'gpu_memory_bytes', '0'),
    'GPU-Speicher: Geben Sie eine Zahl von 1 Byte bis 1.000.000 GB ein, nicht 0 GB.');
  // The TTFT target (in ms): 0 means no target, else 1e-6 s = 0,001 ms to 1e4 s = 10.000.000 ms.
  assert.equal(await said(page, 'ttft_target_s', '-1'), 'Ziel für die Zeit bis zum ersten Token: Geben Sie 0 (kein Ziel) '
    + 'oder eine Zahl von 0,001 bis 10 Millionen ms ein, nicht -1 ms.');
  // A value the field takes clears the message.
  await box(page, 'kv_heads').fill('8');
  assert.ok(!(await errorOf(page, 'kv_heads').isVisible()));
  // 3 GPUs do not divide the 32 query heads; 2 and 4 divide them and the 8 KV heads.
  assert.equal(await said(page, 'gpus', '3'), 'Nicht angenommen: Für GPUs ist ein Teiler des Werts im Feld „Query-Köpfe“ '
    + '(32) erforderlich, der den Wert im Feld „KV-Köpfe“ (8) teilt oder von ihm geteilt wird; erhalten: 3 GPUs; nächste '
    + 'gültige Werte: 2 oder 4.');
  assertQuiet(rec);
  await rec.context.close();
});

test('German page: the speculative part reads its boxes in German words too', async () => {
  const rec = await open('index.de.html');
  const { page } = rec;
  const spec = page.locator('llm-budget-lab[parts="speculative"]');
  await spec.scrollIntoViewIfNeeded();
  await page.locator('llm-budget-lab[parts="speculative"][ready]').waitFor({ timeout: 20000 });
  // The first box is the acceptance rate's.
  const field = spec.locator('.field').first();
  await field.locator('input.field-text').fill('abc');
  assert.equal(await field.locator('.field-error').textContent(), 'Akzeptanzrate: „abc“ ist keine Zahl; geben Sie Ziffern wie 12,5 ein.');
  assertQuiet(rec);
  await rec.context.close();
});

test('English page: the refusals, a range naming its field and the value typed', async () => {
  const rec = await open('index.html');
  const { page } = rec;
  assert.equal(await said(page, 'batch', '0.5'), 'Batch: enter a whole number from 1 to 1 million requests, not 0.5.');
  assert.equal(await said(page, 'layers', 'abc'), 'Layers: “abc” is not a number; type digits such as 12.5.');
  assert.equal(await said(page, 'layers', '12 GB'),
    'Layers: “GB” is not a unit of layers; write a number, or a number with k, M, B or T (70B, 32k).');
  assert.equal(await said(page, 'kv_heads', '40'), 'KV heads: enter a whole number from 1 to 32 heads (the query heads), not 40.');
  assert.equal(await said(page, 'gpu_memory_bytes', '0'), 'GPU memory: enter a number from 1 byte to 1,000,000 GB, not 0 GB.');
  await box(page, 'kv_heads').fill('8');
  assert.equal(await said(page, 'gpus', '3'),
    'Not accepted: GPUs must divide query heads (32) and either divide or be divided by KV heads (8); got 3; nearest valid: 2 or 4.');
  assertQuiet(rec);
  await rec.context.close();
});
