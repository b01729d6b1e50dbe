// A number box emptied to type another number (Backspace over "8", select-all and Delete) is a
// value not typed yet, not a refused one: the core's declaration flags its reading's kind
// (input_messages.h is_nothing_typed, "nothing_typed"); the value in use from before the typing
// stays, no message, frame or stale note shows, and leaving the box shows that value in it
// again (the measured share box, read by the answer reader, by its parse error "empty", flagged
// the same way: reading_declarations.h is_nothing_typed). Text that is no number still gets the
// reader's sentence.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, openReady } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const CALC = 'llm-budget-lab[parts~="calculator"]';

/** The lesson page `file` at 1280 x 800 with its part `name` scrolled to and live. */
async function openPart(file, name) {
  const rec = await openReady(browser, `${server.url}${file}`, { width: 1280, height: 800 });
  const lab = rec.page.locator(`llm-budget-lab[parts="${name}"]`);
  await lab.scrollIntoViewIfNeeded();
  await rec.page.locator(`llm-budget-lab[parts="${name}"][ready]`).waitFor({ timeout: 30000 });
  return { rec, lab };
}

/** Empties the box of the control `field` (a .field) and checks that no message or error frame shows; returns the box. */
async function emptyQuietly(field) {
  const box = field.locator('input.field-text');
  await box.fill('');
  assert.equal(await field.locator('.field-error').isVisible(), false, 'no message');
  assert.equal(await box.getAttribute('aria-invalid'), null, 'no error frame');
  return box;
}

test('calculator: an emptied KV heads box keeps 8 KV heads in use, says nothing, and shows 8 again when left', async () => {
  const rec = await openReady(browser, `${server.url}index.html`, { width: 1280, height: 800 });
  const { page } = rec;
  const field = page.locator(`${CALC} .field[data-field="kv_heads"]`);
  const box = field.locator('input.field-text');
  const kvCache = page.locator(`${CALC} [data-out="kv_cache_bytes"]`);
  // The lesson's default model: 8 KV heads of 32 query heads (GQA).
  assert.equal(await box.inputValue(), '8');
  const kvCacheBefore = await kvCache.textContent();

  // 4 KV heads halve the KV cache: the box is live.
  await box.fill('4');
  assert.notEqual(await kvCache.textContent(), kvCacheBefore);
  // Emptied: the value from before typing (8) is back in use, with no message.
  await emptyQuietly(field);
  assert.equal(await kvCache.textContent(), kvCacheBefore);
  assert.equal(await page.locator(`${CALC} [data-out="stale"]`).textContent(), '', 'no stale note');
  // Leaving the box shows the value in use.
  await box.press('Tab');
  assert.equal(await box.inputValue(), '8');

  // Text that is no number is still refused in words.
  await box.fill('abc');
  assert.equal(await field.locator('.field-error').textContent(), 'KV heads: “abc” is not a number; type digits such as 12.5.');
  assert.equal(await box.getAttribute('aria-invalid'), 'true');
  assert.equal(await kvCache.textContent(), kvCacheBefore);
  assertQuiet(rec);
  await rec.context.close();
});

test('a part\'s own box (speculative draft tokens, German page): emptied, k = 3 stays in use without a message', async () => {
  const { rec, lab } = await openPart('index.de.html', 'speculative');
  const field = lab.locator('.field').nth(1);
  const readout = lab.locator('[data-out="speculative-readout"]');
  assert.equal(await field.locator('input.field-text').inputValue(), '3');
  const said = await readout.textContent();
  const box = await emptyQuietly(field);
  assert.equal(await lab.locator('[data-out="speculative-stale"]').textContent(), '');
  assert.equal(await readout.textContent(), said);
  await box.press('Tab');
  assert.equal(await box.inputValue(), '3');
  assertQuiet(rec);
  await rec.context.close();
});

test('the serving simulation\'s own box (its first, the request rate): emptied, no message; left, its value is back', async () => {
  const { rec, lab } = await openPart('index.html', 'traffic');
  const field = lab.locator('.field').first();
  const before = await field.locator('input.field-text').inputValue();
  assert.match(before, /^\d/);
  const box = await emptyQuietly(field);
  await box.press('Tab');
  assert.equal(await box.inputValue(), before);
  assertQuiet(rec);
  await rec.context.close();
});

test('the measured part\'s share box (read by the answer reader): emptied, no message; left, the share is back', async () => {
  const { rec, lab } = await openPart('index.de.html', 'measured');
  const field = lab.locator('.field').first();
  const slider = field.locator('input.field-range');
  const before = await field.locator('input.field-text').inputValue();
  const position = await slider.inputValue();
  const box = await emptyQuietly(field);
  assert.equal(await slider.inputValue(), position, 'the share in use stays');
  await box.press('Tab');
  assert.equal(await box.inputValue(), before);
  // Text that is no number is still refused, in German.
  await box.fill('abc');
  assert.match(await field.locator('.field-error').textContent(), /^Erreichter Anteil der Spitzenbandbreite: Keine Zahl gefunden in „abc“/);
  assertQuiet(rec);
  await rec.context.close();
});
