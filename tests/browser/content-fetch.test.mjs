// Content files (presets="URL", questions="URL") from a server that stalls:
// one that sends its headers and then stops, and one that never answers.
// The element gives up after its fetch-timeout (web/content/fetch-file.js),
// shows the built-in content with a notice saying why, and closes the request;
// a fetch whose address was changed meanwhile is aborted, so six stalled ones
// (Chromium keeps at most six connections per host) do not keep the next,
// good file from loading; a fetch-timeout changed meanwhile starts the fetch
// again with the new limit. The stalling server is a plain node server on its
// own loopback port (its own host for Chromium's connection limit); it also
// serves the host pages (a page Playwright fulfils itself counts as a public
// address, from which Chromium refuses fetches to loopback), which load the
// element's scripts from dist/ on tools/serve.mjs's port.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, openSession, closeSession, recordedPage } from './lib/harness.mjs';

const PRESETS = JSON.parse(readFileSync(path.join(REPO, 'content/presets.json'), 'utf8'));

/** presets.json with one more GPU (192 GB; 8 TB/s peak at 0.8 = 6.4 TB/s; 2.25 PFLOP/s peak at 0.5). */
function withTestGpu() {
  const doc = structuredClone(PRESETS);
  doc.gpus.push({ id: 'test-gpu-192gb', label: 'Test GPU 192 GB', source: 'made up for a test', notes: '',
    gpu_memory_bytes: 192e9, interconnect_bytes_per_s: 450e9, peak_bandwidth_bytes_per_s: 8e12, usable_fraction_bandwidth: 0.8,
    bandwidth_bytes_per_s: 6.4e12, peak_flops_per_s: 2.25e15, usable_fraction_flops: 0.5, flops_per_s: 1.125e15 });
  return doc;
}

const CUSTOM_QUESTIONS = {
  format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'fetch-1',
  questions: [{ id: 'c1-weights', title: 'Custom: weights of a 70B model', prompt: 'A 70-billion-parameter model at 16 bits.',
    steps: [{ id: 'w', kind: 'numeric', prompt: 'Weight memory?', dimension: 'bytes', unit: 'GB', expected: 140,
      tolerance: { relative: 0.01, absolute: 0 } }],
    explanation: ['70 × 10⁹ × 2 bytes = 140 GB.'] }],
};

let browser;
let server;
let stalling;

/**
 * The stalling server: /stall/... sends 200 with its headers and the first
 * bytes of a JSON body, then nothing; /never/... sends nothing at all;
 * /good/presets.json and /good/questions.json answer in full; a path in
 * `pages` is that HTML page. Every request is counted by path (`seen`), and
 * `closed` counts stalled requests whose connection the browser closed;
 * `waitFor(test)` resolves once test() holds.
 */
function startStallingServer() {
  const seen = [];
  const pages = new Map();
  let closed = 0;
  const waiters = new Set();
  const changed = () => { for (const w of waiters) w(); };
  const srv = http.createServer((req, res) => {
    seen.push(req.url);
    const cors = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
    const stalled = req.url.startsWith('/stall/') || req.url.startsWith('/never/');
    if (stalled) res.on('close', () => { closed += 1; changed(); });
    if (req.url.startsWith('/stall/')) {
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.write('{"format": ');
    } else if (req.url === '/good/presets.json' || req.url === '/good/questions.json') {
      const doc = req.url === '/good/presets.json' ? withTestGpu() : CUSTOM_QUESTIONS;
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.end(JSON.stringify(doc));
    } else if (pages.has(req.url)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(pages.get(req.url));
    } else if (!stalled) {
      res.writeHead(404, cors);
      res.end();
    }
    changed();
  });
  return new Promise((resolve) => {
    srv.listen(0, '127.0.0.1', () => resolve({
      url: `http://127.0.0.1:${srv.address().port}`,
      seen,
      pages,
      closed: () => closed,
      /** Resolves once `holds()` is true (checked after every request and every closed stall). */
      waitFor(holds) {
        if (holds()) return Promise.resolve();
        return new Promise((done) => {
          const w = () => { if (holds()) { waiters.delete(w); done(); } };
          waiters.add(w);
        });
      },
      close() {
        srv.closeAllConnections();
        return new Promise((r) => srv.close(r));
      },
    }));
  });
}

before(async () => {
  ({ browser, server } = await openSession());
  stalling = await startStallingServer();
});
after(async () => {
  await closeSession({ browser, server });
  if (stalling) await stalling.close();
});

let pageCount = 0;
/** Opens a host page of the stalling server holding `body` (the element's script from dist/ first). */
async function open(body) {
  const rec = await recordedPage(browser, { viewport: { width: 1200, height: 900 } });
  pageCount += 1;
  const name = `/host-${pageCount}.html`;
  stalling.pages.set(name, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,">
<script src="${server.url}llm-budget-lab.js" defer></script></head><body>${body}</body></html>`);
  await rec.page.goto(`${stalling.url}${name}`);
  return rec;
}

const notices = (page, id) => page.locator(`#${id}`).evaluate((el) =>
  [...el.shadowRoot.querySelectorAll('[data-lab-notice]')].map((n) => n.textContent));

test('a presets file that stalls after its headers, and a questions file never answered, time out: built-in content and a notice', async () => {
  const before = stalling.closed();
  const rec = await open(`
<llm-budget-lab id="p" parts="presets" fetch-timeout="0.5" presets="${stalling.url}/stall/presets.json"></llm-budget-lab>
<llm-budget-lab id="q" parts="quiz" fetch-timeout="0.5" questions="${stalling.url}/never/questions.json"></llm-budget-lab>`);
  const { page } = rec;
  try {
    await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 15000 });
    assert.deepEqual(await notices(page, 'p'), ['The presets file did not arrive within 0.5 seconds ' +
      '(the server stopped sending it, or never answered); showing the built-in presets.']);
    assert.equal(await page.locator('#p [data-preset="h100-sxm-80gb"]').count(), 1, 'built-in presets shown');

    await page.waitForSelector('#q [data-part="quiz"][data-state="ready"]', { timeout: 15000 });
    assert.equal(await page.locator('#q [data-notice="questions"]').textContent(), 'The questions file did not arrive ' +
      'within 0.5 seconds (the server stopped sending it, or never answered); showing the built-in questions.');
    assert.equal(await page.locator('#q [data-question="q1-fit"]').count(), 1, 'built-in questions shown');
    // Both requests were given up on: the browser closed them.
    await stalling.waitFor(() => stalling.closed() >= before + 2);
    assert.deepEqual(rec.pageErrors, []);
  } finally {
    await rec.context.close();
  }
});

test('a fetch-timeout changed while a presets file stalls applies to that fetch: it starts again with the new limit', async () => {
  const before = stalling.closed();
  const rec = await open(`<llm-budget-lab id="p" parts="presets" fetch-timeout="600" presets="${stalling.url}/stall/presets-limit.json"></llm-budget-lab>`);
  const { page } = rec;
  try {
    await stalling.waitFor(() => stalling.seen.includes('/stall/presets-limit.json'));
    await page.locator('#p').evaluate((el) => el.setAttribute('fetch-timeout', '0.5'));
    // With the old limit this would wait 600 seconds; the new one gives up after 0.5.
    await page.waitForFunction(() => document.getElementById('p').shadowRoot?.querySelector('[data-lab-notice]'),
      null, { timeout: 15000 });
    assert.deepEqual(await notices(page, 'p'), ['The presets file did not arrive within 0.5 seconds ' +
      '(the server stopped sending it, or never answered); showing the built-in presets.']);
    assert.equal(await page.locator('#p [data-preset="h100-sxm-80gb"]').count(), 1, 'built-in presets shown');
    // The first request (600 s) was aborted and the second (0.5 s) given up on: both closed.
    assert.equal(stalling.seen.filter((u) => u === '/stall/presets-limit.json').length, 2);
    await stalling.waitFor(() => stalling.closed() >= before + 2);
    assert.deepEqual(rec.pageErrors, []);
  } finally {
    await rec.context.close();
  }
});

test('fetch-timeout that is not a number of seconds is named in a notice and the default applies', async () => {
  const rec = await open('<llm-budget-lab id="t" parts="presets" fetch-timeout="soon"></llm-budget-lab>');
  try {
    await rec.page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 15000 });
    assert.deepEqual(await notices(rec.page, 't'),
      ['fetch-timeout “soon” is not a number of seconds from 0.1 to 600, so files get 15 seconds.']);
  } finally {
    await rec.context.close();
  }
});

/**
 * Points attribute `name` of #id at six stalled files in turn (each change
 * waits until its request reached the server), then at `good`.
 */
async function supersede(page, id, name, prefix, good) {
  for (let n = 1; n <= 5; n += 1) {
    const url = `${stalling.url}/stall/${prefix}-${n}.json`;
    await page.locator(`#${id}`).evaluate((el, [attr, value]) => el.setAttribute(attr, value), [name, url]);
    await stalling.waitFor(() => stalling.seen.includes(`/stall/${prefix}-${n}.json`));
  }
  await page.locator(`#${id}`).evaluate((el, [attr, value]) => el.setAttribute(attr, value), [name, `${stalling.url}${good}`]);
}

test('six superseded stalled presets fetches are aborted, so the next, good presets file loads', async () => {
  // A long timeout: only aborting the superseded fetches frees the six connections.
  const rec = await open(`<llm-budget-lab id="p" parts="presets" fetch-timeout="600" presets="${stalling.url}/stall/presets-0.json"></llm-budget-lab>`);
  const { page } = rec;
  try {
    await stalling.waitFor(() => stalling.seen.includes('/stall/presets-0.json'));
    await supersede(page, 'p', 'presets', 'presets', '/good/presets.json');
    await page.waitForSelector('#p [data-preset="test-gpu-192gb"]', { timeout: 15000 });
    assert.deepEqual(await notices(page, 'p'), [], 'the good file is used, with no notice');
    assert.equal(stalling.seen.filter((u) => u === '/good/presets.json').length, 1);
    assert.deepEqual(rec.pageErrors, []);
  } finally {
    await rec.context.close();
  }
});

test('six superseded stalled questions fetches are aborted, so the next, good questions file loads', async () => {
  const rec = await open(`<llm-budget-lab id="q" parts="quiz" fetch-timeout="600" questions="${stalling.url}/stall/questions-0.json"></llm-budget-lab>`);
  const { page } = rec;
  try {
    await stalling.waitFor(() => stalling.seen.includes('/stall/questions-0.json'));
    await supersede(page, 'q', 'questions', 'questions', '/good/questions.json');
    await page.waitForSelector('#q [data-part="quiz"][data-state="ready"] [data-question="c1-weights"]', { timeout: 15000 });
    assert.equal(await page.locator('#q [data-notice="questions"]').count(), 0, 'no notice');
    assert.equal(await page.locator('#q [data-part="quiz"]').count(), 1, 'one quiz: the superseded ones are gone');
    assert.deepEqual(rec.pageErrors, []);
  } finally {
    await rec.context.close();
  }
});
