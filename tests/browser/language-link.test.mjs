// The link to the lesson in the other language carries what the address holds (a shared
// link's #lab: settings, a tour step) in its href, not only when clicked: a long press or right
// click (open in a new tab, copy the address) takes it along too. Its href stays relative, so it
// works from disk.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, openReady, assertQuiet } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

test('the language link\'s href carries the address\'s settings, relative, and follows a new fragment', async () => {
  const rec = await openReady(browser, `${server.url}index.html#lab:batch=32`);
  const { page } = rec;
  const link = page.locator('.page-languages a[hreflang="de"]');
  const batch = page.locator('llm-budget-lab[parts="calculator"] input.field-text[data-field="batch"]');
  assert.equal(await batch.inputValue(), '32');
  // Before any click: what a long press copies or opens in a new tab.
  assert.equal(await link.getAttribute('href'), 'index.de.html#lab:batch=32');
  // Another shared link pasted into the address (a hashchange): the href follows.
  await page.evaluate(() => { location.hash = '#lab:batch=64'; });
  await page.waitForFunction(() => document.querySelector('.page-languages a[hreflang="de"]').getAttribute('href').endsWith('batch=64'));
  await link.dispatchEvent('contextmenu');
  assert.equal(await link.getAttribute('href'), 'index.de.html#lab:batch=64');
  // Following it opens the German page with the same batch.
  await link.click();
  await page.waitForURL(/index\.de\.html#lab:batch=64$/);
  await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true');
  assert.equal(await batch.inputValue(), '64');
  // And the way back carries it too.
  assert.equal(await page.locator('.page-languages a[hreflang="en"]').getAttribute('href'), 'index.html#lab:batch=64');
  assertQuiet(rec);
  await rec.context.close();
});
