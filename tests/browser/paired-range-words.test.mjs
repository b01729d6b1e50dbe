// A part's own slider-and-box control (web/element/paired-input.js) refusing a value out of its
// range: the speculative part's a, k and c, the decision part's speculative levers and the
// measured part's share of peak bandwidth each say the control's label, its range and the value
// as typed, in the page's language ("fields.rangeWholeNamed", "fields.rangeRealNamed"). The
// sentence is the control's own, built from the label, range and whole-or-real it is given.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, openReady } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** The part's element, scrolled to and ready. */
async function part(page, name) {
  const lab = page.locator(`llm-budget-lab[parts="${name}"]`);
  await lab.scrollIntoViewIfNeeded();
  await page.locator(`llm-budget-lab[parts="${name}"][ready]`).waitFor({ timeout: 30000 });
  return lab;
}

/** Types `text` into the n-th control of a part and returns the sentence beside it. */
async function said(lab, n, text) {
  const field = lab.locator('.field').nth(n);
  await field.locator('input.field-text').fill(text);
  const error = field.locator('.field-error');
  assert.ok(await error.isVisible(), `control ${n}: "${text}" is refused`);
  assert.equal(await field.locator('input.field-text').getAttribute('aria-invalid'), 'true');
  return error.textContent();
}

// The declared ranges (src/budget/field_declarations.cpp): a from 0 to 1, k whole from 1 to 32,
// c from 0 to 1; the draft size 0 (the planner's own) to 1e13 parameters; the measured share is
// a whole percent from 10 to 100. A count unit follows the upper end (tokens, parameters, %); a
// fraction has none; counts from a million up are words (1e13 is "10 trillion", "10 Billionen").
const PAGES = [
  {
    file: 'index.html',
    speculative: [[0, '1.5', 'Acceptance rate: enter a number from 0 to 1, not 1.5.'],
      [1, '40', 'Draft tokens: enter a whole number from 1 to 32 tokens, not 40.'],
      [2, '-0.5', 'Draft cost per token: enter a number from 0 to 1, not -0.5.']],
    decision: [[1, '0', 'Draft tokens: enter a whole number from 1 to 32 tokens, not 0.'],
      [3, '-5', 'Draft model size: enter a number from 0 to 10 trillion parameters, not -5.'],
      // Twice the upper end: the value is written as the range's end is, not in 14 digits.
      [3, '20000000000000', 'Draft model size: enter a number from 0 to 10 trillion parameters, not 20 trillion.']],
    measured: [[0, '5', 'Achieved share of peak bandwidth: enter a whole number from 10 to 100%, not 5.'],
      [0, '100.5', 'Achieved share of peak bandwidth: enter a whole number from 10 to 100%, not 100.5.']],
  },
  {
    file: 'index.de.html',
    speculative: [[0, '1,5', 'Akzeptanzrate: Geben Sie eine Zahl von 0 bis 1 ein, nicht 1,5.'],
      [1, '40', 'Draft-Tokens: Geben Sie eine ganze Zahl von 1 bis 32 Token ein, nicht 40.']],
    decision: [[0, '1,5', 'Akzeptanzrate: Geben Sie eine Zahl von 0 bis 1 ein, nicht 1,5.'],
      [3, '-5', 'Größe des Draft-Modells: Geben Sie eine Zahl von 0 bis 10 Billionen Parametern ein, nicht -5.'],
      [3, '20000000000000', 'Größe des Draft-Modells: Geben Sie eine Zahl von 0 bis 10 Billionen Parametern ein, nicht 20 Billionen.']],
    measured: [[0, '5', 'Erreichter Anteil der Spitzenbandbreite: Geben Sie eine ganze Zahl von 10 bis 100 % ein, nicht 5.'],
      [0, '100,5', 'Erreichter Anteil der Spitzenbandbreite: Geben Sie eine ganze Zahl von 10 bis 100 % ein, nicht 100,5.']],
  },
];

for (const { file, speculative, decision, measured } of PAGES) {
  test(`${file}: a part's own control names itself, its range and the value typed`, async () => {
    const rec = await openReady(browser, new URL(file, server.url).href, { width: 1280, height: 800 });
    const { page } = rec;
    const spec = await part(page, 'speculative');
    for (const [n, text, sentence] of speculative) assert.equal(await said(spec, n, text), sentence);
    const plan = await part(page, 'decision');
    await plan.locator('[data-control="speculative"]').check();
    for (const [n, text, sentence] of decision) assert.equal(await said(plan, n, text), sentence);
    const lab = await part(page, 'measured');
    for (const [n, text, sentence] of measured) assert.equal(await said(lab, n, text), sentence);
    assertQuiet(rec);
    await rec.context.close();
  });
}
