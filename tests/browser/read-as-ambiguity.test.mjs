// The "Read as" notes for text with two readings come from the core's field
// reader (readField's `ambiguous`), in Debian chromium: on the German page the
// calculator's "1.024" TB/s, which looks like the plain number, still says how
// it was read (a decimal point: 1,024 TB/s), while "0.024" and a price of
// "0,500" (a separator after a lone 0 is never a thousands group) get no note;
// on the English page "1.024" is plain and a price of "1,026" says it was read
// as 1,026 $.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, waitRedrawn, openReady } from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** A page of dist/ at 1280 x 900, once every element on it is ready (harness openReady). */
const openPage = (rel) => openReady(browser, new URL(rel, server.url).href);

const calcBox = (page, field) => page.locator(`${CALC} input.field-text[data-field="${field}"]`);
const calcNote = (page, field) => page.locator(`${CALC} [data-read="${field}"]`);

/** Types `text` into the A100's price box of the embed's decision part and returns its "Read as" note. */
async function priceNote(lab, text) {
  await lab.locator('input[data-price="a100-80gb-sxm"]').fill(text);
  return lab.locator('[data-out="price-read-a100-80gb-sxm"]').textContent();
}

test('German page: "1.024" TB/s says it was read as a decimal point; "0.024" and a price of "0,500" say nothing', async () => {
  const rec = await openPage('index.de.html');
  const { page } = rec;
  await calcBox(page, 'bandwidth_bytes_per_s').fill('1.024');
  await waitRedrawn(page);
  assert.equal(await calcNote(page, 'bandwidth_bytes_per_s').textContent(), 'Gelesen als 1,024 TB/s: Der Punkt gilt hier als Dezimalpunkt.');
  await calcBox(page, 'bandwidth_bytes_per_s').fill('0.024');
  await waitRedrawn(page);
  assert.equal(await calcNote(page, 'bandwidth_bytes_per_s').textContent(), '');
  assertQuiet(rec);
  await rec.context.close();

  const embed = await openPage('embed.html?parts=calculator,decision&preset=scenario-llama-3.1-70b-h100&lang=de');
  const lab = embed.page.locator('llm-budget-lab');
  assert.equal(await priceNote(lab, '0,500'), '');
  assert.equal(await priceNote(lab, '1.026'), 'Gelesen als 1,026 $ pro GPU-Stunde: Der Punkt gilt hier als Dezimalpunkt.');
  assertQuiet(embed);
  await embed.context.close();
});

test('English page: "1.024" TB/s is plain; a price of "1,026" is read as 1,026 $ and says so', async () => {
  const rec = await openPage('index.html');
  const { page } = rec;
  await calcBox(page, 'bandwidth_bytes_per_s').fill('1.024');
  await waitRedrawn(page);
  assert.equal(await calcNote(page, 'bandwidth_bytes_per_s').textContent(), '');
  assertQuiet(rec);
  await rec.context.close();

  const embed = await openPage('embed.html?parts=calculator,decision&preset=scenario-llama-3.1-70b-h100');
  const lab = embed.page.locator('llm-budget-lab');
  assert.equal(await priceNote(lab, '1,026'), 'Read as 1,026 $ per GPU-hour.');
  assert.equal(await priceNote(lab, '1.026'), '');
  assertQuiet(embed);
  await embed.context.close();
});
