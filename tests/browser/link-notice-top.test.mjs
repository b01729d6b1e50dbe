// A link whose settings the calculator cannot all use is said near the top of the lesson page,
// where the reader arrives (the calculator's own notice, naming each setting, is far down the
// page); its button takes the reader and the keyboard focus to that notice. A link the
// calculator uses in full says nothing there. English and German.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const PAGES = [
  { file: 'index.html', notice: 'This page’s link set the calculator, but some of its settings could not be used; the calculator says which.',
    show: 'Show the calculator’s notice', named: /^Batch in the link cannot be used/ },
  { file: 'index.de.html', notice: 'Der Link dieser Seite hat den Rechner eingestellt, aber einige seiner Einstellungen ließen sich nicht verwenden; der Rechner sagt, welche.',
    show: 'Hinweis des Rechners zeigen', named: /Batch/ },
];

for (const { file, notice, show, named } of PAGES) {
  test(`${file}: a link with a setting out of range is said at the top, and its button reaches the calculator's notice`, async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
      const rec = await recordedPage(browser, { viewport });
      const { page } = rec;
      // batch 5,000,000 is past the declared maximum (1,000,000 requests); kv_heads 8 is fine.
      await page.goto(`${server.url}${file}#lab:batch=5000000;kv_heads=8`);
      await waitReady(page);
      const line = page.locator('[data-page-link-notice]');
      await line.locator('button').waitFor();
      assert.equal(await line.getAttribute('role'), 'status');
      assert.equal((await line.locator('span').textContent()).trim(), notice);
      const box = await line.boundingBox();
      assert.ok(box.y + box.height <= viewport.height, `${viewport.width} px: the line is on the first screen (at ${box.y} px)`);
      await line.locator('button').click();
      assert.equal((await line.locator('button').textContent()).trim(), show);
      const focused = await page.evaluate(() => {
        const host = document.querySelector('llm-budget-lab[parts="calculator"]');
        const el = host.shadowRoot.activeElement;
        const r = el ? el.getBoundingClientRect() : null;
        return el ? { notice: el.hasAttribute('data-link-notice'), text: el.textContent, top: r.top, bottom: r.bottom } : null;
      });
      assert.ok(focused && focused.notice, `${viewport.width} px: focus on the calculator's notice`);
      assert.match(focused.text, named);
      assert.ok(focused.top < viewport.height && focused.bottom > 0, `${viewport.width} px: the notice is in view`);
      assertQuiet(rec);
      await rec.context.close();
    }
  });
}

test('a link the calculator uses in full says nothing at the top', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${server.url}index.html#lab:batch=32;kv_heads=8`);
  await waitReady(rec.page);
  assert.equal((await rec.page.locator('[data-page-link-notice]').textContent()).trim(), '');
  assert.equal(await rec.page.locator('[data-page-link-notice]').isVisible(), false);
  assertQuiet(rec);
  await rec.context.close();
});

test('a bad link pasted into the address of an open page is said and leaves the address as the inputs are', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page } = rec;
  await page.goto(`${server.url}index.html`);
  await waitReady(page);
  const batchBox = page.locator('llm-budget-lab[parts="calculator"] input.field-text[data-field="batch"]');
  assert.equal(await batchBox.inputValue(), '16');
  // A hashchange to a link whose one setting is out of range (batch past 1,000,000): a link
  // sets the page's starting values and its usable settings, here none, so the inputs stay
  // as they are (the defaults); the calculator says why, and the address no longer holds the
  // refused link (before, nothing changed and so nothing rewrote it).
  await page.evaluate(() => { location.hash = '#lab:batch=5000000'; });
  await page.locator('llm-budget-lab[parts="calculator"] [data-link-notice]').first().waitFor();
  assert.match(await page.locator('llm-budget-lab[parts="calculator"] [data-link-notice]').first().textContent(),
    /^Batch in the link cannot be used/);
  await page.waitForFunction(() => location.hash === '');
  assert.equal(await batchBox.inputValue(), '16');
  assertQuiet(rec);
  await rec.context.close();
});
