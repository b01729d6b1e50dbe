// The traffic part's number boxes read by the core's field reader (traffic-core.js readField(), the
// simulation's declaration), as the calculator reads its own, in Debian chromium on the English and
// the German lesson page: a "Read as" note for "32k" (32,768 input tokens: binary, as the declaration
// counts token lengths) and for German "1.024" (a whole field takes the grouping reading), a value
// outside the declared range named with the field and the value typed, the last good results kept.
// And the calculator's range errors name the field and the value typed in both languages too.
// Goldens: the percentiles are the facade's own run under node on the lesson's starting input (the 7B
// model with 8 KV heads, 1 request/s, 256 output tokens), formatted as the page formats them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, openSession, closeSession, assertQuiet, openReady, waitRedrawn } from './lib/harness.mjs';

const TRAFFIC = 'llm-budget-lab[parts="traffic"]';
const CALC = 'llm-budget-lab[parts="calculator"]';
const load = (rel) => import(pathToFileURL(path.join(REPO, rel)).href);

let browser;
let server;
let p99; // input tokens -> the facade's TTFT p99 at 1 request/s, as { en, de } page text
before(async () => {
  ({ browser, server } = await openSession());
  const { loadBudgetCore } = await load('web/core/budget-core.js');
  const { loadTrafficCore } = await load('web/core/traffic-core.js');
  const { numberFormatting } = await load('web/element/format.js');
  const { translator } = await load('web/element/i18n.js');
  const { readFile } = await import('node:fs/promises');
  const deStrings = JSON.parse(await readFile(path.join(REPO, 'content/ui/de.json'), 'utf8'));
  const en = numberFormatting('en');
  const de = numberFormatting('de', translator('de', deStrings).t);
  const budget = await loadBudgetCore();
  const traffic = await loadTrafficCore();
  const input = { ...budget.DEFAULT_INPUT, kv_heads: 8 };
  const ttft = (tokens) => traffic.simulateTraffic(input, { request_rate: 1, input_tokens: tokens, output_tokens: 256 }).value.ttft_s.p99;
  p99 = Object.fromEntries([1024, 2048].map((n) => [n, { en: en.msText(ttft(n)), de: de.msText(ttft(n)) }]));
});
after(() => closeSession({ browser, server }));

async function openPart(rel) {
  const rec = await openReady(browser, new URL(rel, server.url).href);
  const part = rec.page.locator(TRAFFIC);
  await part.locator('[data-out="traffic-status"]').scrollIntoViewIfNeeded();
  await rec.page.locator(`${TRAFFIC}[ready]`).waitFor({ timeout: 20000 });
  await settled(rec.page);
  return { rec, page: rec.page, part };
}

/** Waits until the part's simulations have finished (its body drops data-busy). */
async function settled(page) {
  await waitRedrawn(page);
  await page.locator(`${TRAFFIC} .traffic-body:not([data-busy])`).waitFor({ timeout: 20000 });
}

const box = (part, name) => part.locator(`.field[data-field="${name}"] input[type="text"]`);
const noteOf = (part, name) => part.locator(`.field[data-field="${name}"] .field-read`);
const errorOf = (part, name) => part.locator(`.field[data-field="${name}"] .field-error`);
const ttftP99 = (part) => part.locator('[data-out="traffic-percentiles"] tr[data-row="ttft_s"] td[data-stat="p99"]').textContent();

test('English page: the traffic boxes say how "32k" was read, name the field and value out of range, keep the last good run', async () => {
  const { rec, page, part } = await openPart('index.html');
  assert.equal(await ttftP99(part), p99[1024].en);
  // "32k" input tokens: 32 x 1,024 = 32,768 (a token length counts k as 1,024); the run is unstable there.
  await box(part, 'input_tokens').fill('32k');
  assert.equal(await noteOf(part, 'input_tokens').textContent(),
    'Read as 32,768 tokens per request (k = 1,024 and M = 1,024² here, as context lengths are counted).');
  await settled(page);
  assert.equal(await ttftP99(part), 'unstable');
  // "2k" is 2,048 tokens, the run the facade gives at 2,048.
  await box(part, 'input_tokens').fill('2k');
  assert.equal(await noteOf(part, 'input_tokens').textContent(),
    'Read as 2,048 tokens per request (k = 1,024 and M = 1,024² here, as context lengths are counted).');
  await settled(page);
  assert.equal(await ttftP99(part), p99[2048].en);
  // The plain number says nothing more; Enter makes it the last good value.
  await box(part, 'input_tokens').fill('1024');
  assert.equal(await noteOf(part, 'input_tokens').textContent(), '');
  await box(part, 'input_tokens').press('Enter');
  await settled(page);
  assert.equal(await ttftP99(part), p99[1024].en);
  // Outside the declared range (1 to 1e8 tokens): the calculator's sentence, with the field and the value typed.
  await box(part, 'input_tokens').fill('0');
  assert.equal(await errorOf(part, 'input_tokens').textContent(),
    'Input tokens: enter a whole number from 1 to 100 million tokens per request, not 0.');
  assert.match(await part.locator('[data-out="traffic-stale"]').textContent(), /last good results/);
  await settled(page);
  assert.equal(await ttftP99(part), p99[1024].en);
  // The reader's own refusal, in the calculator's words (no quiz wording), and no note left.
  await box(part, 'input_tokens').fill('1e400');
  assert.equal(await errorOf(part, 'input_tokens').textContent(), 'Input tokens: that number is too large.');
  assert.equal(await noteOf(part, 'input_tokens').textContent(), '');
  await box(part, 'input_tokens').fill('80 GB');
  assert.match(await errorOf(part, 'input_tokens').textContent(), /^Input tokens: “GB” is not a unit of tokens per request; /);
  await settled(page);
  assert.equal(await ttftP99(part), p99[1024].en);
  assertQuiet(rec);
  await rec.context.close();
});

test('German page: the traffic boxes read "2k" and "1.024" as the calculator does, and name the field out of range', async () => {
  const { rec, page, part } = await openPart('index.de.html');
  await box(part, 'input_tokens').fill('2k');
  assert.equal(await noteOf(part, 'input_tokens').textContent(),
    'Gelesen als 2.048 Token pro Anfrage (k = 1.024 und M = 1.024² hier, wie Kontextlängen gezählt werden).');
  await settled(page);
  assert.equal(await ttftP99(part), p99[2048].de);
  // "1.024" has two readings on a page that groups with "."; 1.024 tokens is not whole, so 1,024.
  await box(part, 'input_tokens').fill('1.024');
  assert.equal(await noteOf(part, 'input_tokens').textContent(), 'Gelesen als 1.024 Token pro Anfrage.');
  await box(part, 'input_tokens').press('Enter');
  await settled(page);
  assert.equal(await ttftP99(part), p99[1024].de);
  await box(part, 'input_tokens').fill('0');
  assert.equal(await errorOf(part, 'input_tokens').textContent(),
    'Eingabetoken: Geben Sie eine ganze Zahl von 1 bis 100 Millionen Token pro Anfrage ein, nicht 0.');
  await settled(page);
  assert.equal(await ttftP99(part), p99[1024].de);
  await box(part, 'input_tokens').fill('abc');
  assert.equal(await errorOf(part, 'input_tokens').textContent(), 'Eingabetoken: „abc“ ist keine Zahl; geben Sie Ziffern wie 12,5 ein.');
  assertQuiet(rec);
  await rec.context.close();
});

test('the calculator\'s range errors name the field and the value typed, in English and German', async () => {
  const calcBox = (page, field) => page.locator(`${CALC} input.field-text[data-field="${field}"]`);
  const calcError = (page, field) => page.locator(`${CALC} .field[data-field="${field}"] .field-error`);
  const said = async (page, field, text) => {
    await calcBox(page, field).fill(text);
    return calcError(page, field).textContent();
  };
  const en = await openReady(browser, server.url);
  assert.equal(await said(en.page, 'batch', '0.5'), 'Batch: enter a whole number from 1 to 1 million requests, not 0.5.');
  // A value in the box's display unit (GB) is written with it.
  assert.equal(await said(en.page, 'gpu_memory_bytes', '0'), 'GPU memory: enter a number from 1 byte to 1,000,000 GB, not 0 GB.');
  assertQuiet(en);
  await en.context.close();
  const de = await openReady(browser, new URL('index.de.html', server.url).href);
  // The same sentence as English's, in German words (limits.js "limits.enterNot").
  assert.equal(await said(de.page, 'batch', '0,5'), 'Batch: Geben Sie eine ganze Zahl von 1 bis 1 Million Anfragen ein, nicht 0,5.');
  assertQuiet(de);
  await de.context.close();
});
