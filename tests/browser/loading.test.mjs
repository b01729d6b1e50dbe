// How the page gets the core (issue 13): over http it streams
// llm-budget-lab.wasm (served as application/wasm) and never downloads the
// base64 copy; from file:// it loads llm-budget-lab-wasm.js instead.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { INDEX_FILE_URL, openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

let browser;
let server;

before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const named = (requests, file) => requests.filter((u) => new URL(u).pathname.endsWith(`/${file}`));

test('over http the module is streamed and the base64 copy is never requested', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const types = new Map();
  rec.page.on('response', (r) => types.set(new URL(r.url()).pathname, r.headers()['content-type']));
  await rec.page.goto(server.url);
  await waitReady(rec.page);
  assert.equal(named(rec.requests, 'llm-budget-lab.wasm').length, 1);
  assert.equal(named(rec.requests, 'llm-budget-lab-wasm.js').length, 0);
  assert.equal(types.get('/llm-budget-lab.wasm'), 'application/wasm');
  // The core answers: the lesson's default row is 31.2 GB.
  assert.match(await rec.page.locator('llm-budget-lab[parts="calculator"] [data-out="total_bytes"]').textContent(), /^31\.2 GB/);
  assertQuiet(rec);
  await rec.context.close();
});

test('from file:// the base64 copy is loaded as a classic script, and the wasm file is not fetched', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(INDEX_FILE_URL);
  await waitReady(rec.page);
  assert.equal(named(rec.requests, 'llm-budget-lab-wasm.js').length, 1);
  assert.equal(named(rec.requests, 'llm-budget-lab.wasm').length, 0);
  assert.match(await rec.page.locator('llm-budget-lab[parts="calculator"] [data-out="total_bytes"]').textContent(), /^31\.2 GB/);
  assertQuiet(rec);
  await rec.context.close();
});
