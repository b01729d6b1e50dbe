// The tab pool the browser tests share (lib/page-pool.mjs): a tab handed to a
// second test carries nothing of the first one (storage, permissions, routes,
// listeners, viewport, media emulation, other pages), and a tab whose changes
// cannot be undone is never handed on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, recordedPage, serveDist } from './lib/harness.mjs';

let browser;
let server;
let other; // a second origin, reached by the first test's tab
before(async () => {
  ({ browser, server } = await openSession());
  other = await serveDist({ host: '127.0.0.2' });
});
after(async () => {
  await closeSession({ browser, server });
  if (other) await other.close();
});

const OPTIONS = { viewport: { width: 1000, height: 700 }, colorScheme: 'dark' };

/** What a test can see of the state the previous test may have left in its tab. */
async function leftOver(rec, url) {
  await rec.page.goto(url);
  return rec.page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    cookies: document.cookie,
    databases: (await indexedDB.databases()).length,
    width: innerWidth,
    dark: matchMedia('(prefers-color-scheme: dark)').matches,
    print: matchMedia('print').matches,
    clipboard: (await navigator.permissions.query({ name: 'clipboard-read' })).state,
  }));
}

test('a tab handed on is as a new context leaves it, on every origin it reached', async () => {
  const page404 = (base) => `${base}no-such-file-here`;
  const first = await recordedPage(browser, OPTIONS);
  const fresh = await leftOver(first, page404(server.url));
  for (const base of [server.url, other.url]) {
    await first.page.goto(page404(base));
    await first.page.evaluate(async () => {
      localStorage.setItem('k', 'v');
      sessionStorage.setItem('k', 'v');
      document.cookie = 'k=v';
      await new Promise((resolve) => { indexedDB.open('left-over').onsuccess = resolve; });
    });
  }
  await first.context.grantPermissions(['clipboard-read'], { origin: server.url.replace(/\/$/, '') });
  await first.page.setViewportSize({ width: 400, height: 700 });
  await first.page.emulateMedia({ media: 'print', colorScheme: 'light' });
  await first.context.route('**/*.txt', (r) => r.fulfill({ body: 'routed' }));
  await first.context.newPage();
  let heardByFirst = 0;
  first.page.on('console', () => { heardByFirst += 1; });
  await first.context.close();

  const second = await recordedPage(browser, OPTIONS);
  assert.equal(second.page, first.page, 'the same tab is handed on');
  assert.equal(second.context.pages().length, 1, 'the other page is closed');
  assert.equal(second.page.url(), 'about:blank');
  for (const base of [server.url, other.url]) {
    assert.deepEqual(await leftOver(second, page404(base)), fresh, `nothing left on ${base}`);
  }
  assert.equal(fresh.width, 1000);
  assert.equal(fresh.dark, true);
  assert.equal(fresh.local + fresh.session + fresh.databases, 0);
  assert.equal(fresh.clipboard, 'prompt');
  await second.page.goto(page404(server.url));
  const routed = await second.page.evaluate(async (u) => (await fetch(u)).status, `${server.url}x.txt`);
  assert.equal(routed, 404, 'the route is gone');
  await second.page.evaluate(() => console.log('heard?'));
  assert.equal(heardByFirst, 0, 'the first test\'s listener is gone');
  assert.ok(second.consoleMessages.some((m) => m.text === 'heard?'), 'the second test records its own messages');
  await second.context.close();
});

test('a tab with an init script, or one that showed a file: page, is closed, not handed on', async () => {
  const scripted = await recordedPage(browser, OPTIONS);
  await scripted.context.addInitScript(() => { window.leftOver = true; });
  await scripted.context.close();
  const next = await recordedPage(browser, OPTIONS);
  assert.notEqual(next.page, scripted.page);
  await next.page.goto(server.url);
  assert.equal(await next.page.evaluate(() => window.leftOver), undefined);
  await next.context.close();

  const other2 = await recordedPage(browser, { viewport: { width: 900, height: 700 } });
  await other2.page.goto('file:///');
  await other2.context.close();
  const after2 = await recordedPage(browser, { viewport: { width: 900, height: 700 } });
  assert.notEqual(after2.page, other2.page);
  await after2.context.close();
});
