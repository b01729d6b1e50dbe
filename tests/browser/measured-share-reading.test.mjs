// The measured part's share box reads typed text with the core's quantity reader; text it cannot
// read is refused with the reader's reason in the page's language (the parse error's sentence,
// "core.parse_error.<name>", as the quiz words it), with the typed text quoted as the core quotes
// it (invisible characters escaped), and the share in use stays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const CASES = {
  'index.html': [
    ['abc', 'Achieved share of peak bandwidth: Could not find a number in "abc": type digits such as 12.5, optionally followed by a unit.'],
  ],
  'index.de.html': [
    ['abc', 'Erreichter Anteil der Spitzenbandbreite: Keine Zahl gefunden in „abc“: Geben Sie Ziffern wie 12,5 ein, gern gefolgt von einer Einheit.'],
    ['a\u200Bb', 'Erreichter Anteil der Spitzenbandbreite: Keine Zahl gefunden in „a[U+200B]b“: Geben Sie Ziffern wie 12,5 ein, gern gefolgt von einer Einheit.'],
    ['1e400', 'Erreichter Anteil der Spitzenbandbreite: Diese Zahl ist zu groß oder zu klein, um sie zu prüfen.'],
  ],
};

for (const [file, cases] of Object.entries(CASES)) {
  test(`${file}: unreadable text in the share box is refused with the reader's reason in the page's language`, async () => {
    const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
    const { page } = rec;
    await page.goto(new URL(file, server.url).href);
    await waitReady(page);
    const lab = page.locator('llm-budget-lab[parts="measured"]');
    await lab.scrollIntoViewIfNeeded();
    await page.locator('llm-budget-lab[parts="measured"][ready]').waitFor({ timeout: 30000 });
    const box = lab.locator('.field input.field-text').first();
    const slider = lab.locator('.field input.field-range').first();
    const before = await slider.inputValue();
    for (const [typed, sentence] of cases) {
      await box.fill(typed);
      const error = lab.locator('.field .field-error').first();
      assert.ok(await error.isVisible(), `"${typed}" is refused`);
      assert.equal((await error.textContent()).trim(), sentence);
      assert.equal(await slider.inputValue(), before, `"${typed}": the share in use stays`);
    }
    assertQuiet(rec);
    await rec.context.close();
  });
}
