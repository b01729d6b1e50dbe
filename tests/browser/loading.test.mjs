// How the page gets the core: over http it streams
// llm-budget-lab.wasm (served as application/wasm) and never downloads the
// base64 copy; from file:// it loads llm-budget-lab-wasm.js instead.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { INDEX_FILE_URL, DIST, openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

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

const SCRIPTS = /\/(llm-budget-lab(?:-core(?:-calc)?|-presets|-part-[a-z-]+)?\.js)$/;
const scriptsRequested = (requests) => requests.map((u) => new URL(u).pathname.match(SCRIPTS)).filter(Boolean).map((m) => m[1]);

test('an embed that shows only the calculator downloads only the shell, the calculator’s core script and module, and the calculator’s script', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${server.url}embed.html?parts=calculator`);
  await waitReady(rec.page);
  assert.equal(await rec.page.locator('llm-budget-lab [data-out="total_bytes"]').textContent(), '31.2 GB');
  // Nothing else arrives later either: anything more would start once the
  // page has loaded and the browser is idle (web/element/start-scheduler.js),
  // and would add its <script> or preload <link> to the document at once.
  const inDocument = await rec.page.evaluate(() => new Promise((resolve) => {
    const after = () => requestIdleCallback(() => resolve(
      [...document.querySelectorAll('script[src], link[rel="preload"]')].map((e) => new URL(e.src || e.href).pathname)));
    if (document.readyState === 'complete') after();
    else window.addEventListener('load', after, { once: true });
  }));
  const expected = ['llm-budget-lab-core-calc.js', 'llm-budget-lab-part-calculator.js', 'llm-budget-lab.js'];
  assert.deepEqual([...new Set(scriptsRequested(inDocument.map((p) => `http://x${p}`)))].sort(), expected);
  assert.deepEqual(scriptsRequested(rec.requests).sort(), expected);
  // The calculator's wasm module, not the full one (no answer checker, practice or simulation).
  assert.equal(named(rec.requests, 'llm-budget-lab-calc.wasm').length, 1);
  assert.equal(named(rec.requests, 'llm-budget-lab.wasm').length, 0);
  assertQuiet(rec);
  await rec.context.close();
});

test('a calculator-only embed that names a preset also loads the built-in presets\' script and starts on that preset', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${server.url}embed.html?parts=calculator&preset=lesson-gqa8-8`);
  await waitReady(rec.page);
  // The lesson's third row (8-bit weights, GQA-8, 8-bit cache, batch 16): 15.6 GB (tests/data/seed-values.json).
  assert.equal(await rec.page.locator('llm-budget-lab [data-out="total_bytes"]').textContent(), '15.6 GB');
  assert.deepEqual(scriptsRequested(rec.requests).sort(),
    ['llm-budget-lab-core-calc.js', 'llm-budget-lab-part-calculator.js', 'llm-budget-lab-presets.js', 'llm-budget-lab.js']);
  assert.equal(named(rec.requests, 'llm-budget-lab-presets.js').length, 1);
  assertQuiet(rec);
  await rec.context.close();
});

test('the built-in presets\' script cannot be loaded: the calculator starts on the defaults and says why', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.route('**/llm-budget-lab-presets.js', (route) => route.abort());
  await rec.page.goto(`${server.url}embed.html?parts=calculator&preset=lesson-gqa8-8`);
  await waitReady(rec.page);
  // The lesson's default row (16-bit weights, GQA-8, 16-bit cache, batch 16): 31.2 GB.
  assert.equal(await rec.page.locator('llm-budget-lab [data-out="total_bytes"]').textContent(), '31.2 GB');
  const notices = await rec.page.locator('llm-budget-lab [data-lab-notice]').allTextContents();
  assert.ok(notices.some((t) => t.startsWith('The built-in presets could not be loaded (llm-budget-lab-presets.js could not be loaded)')), notices.join(' | '));
  // The preset is not unknown, only unavailable: the one notice above says why.
  assert.ok(!notices.some((t) => t.includes('Unknown preset')), notices.join(' | '));
  await rec.context.close();
});

test('a calculator-only embed whose parts gain the quiz while the full core cannot load: the calculator keeps its state, the quiz says why', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.route('**/llm-budget-lab-core.js', (route) => route.abort());
  await rec.page.goto(`${server.url}embed.html?parts=calculator`);
  await waitReady(rec.page);
  const lab = rec.page.locator('llm-budget-lab');
  // Batch 32 (typed): the lesson's 7B at 8,192 tokens then holds 32 x 4.29 GB of MHA cache = 137.4 GB + 14 GB.
  await lab.locator('input.field-text[data-field="batch"]').fill('32');
  await lab.locator('input.field-text[data-field="batch"]').press('Enter');
  const before = await lab.locator('[data-out="total_bytes"]').textContent();
  assert.notEqual(before, '31.2 GB', 'the typed batch moved the total');
  await rec.page.evaluate(() => document.querySelector('llm-budget-lab').setAttribute('parts', 'calculator quiz'));
  await rec.page.waitForSelector('llm-budget-lab [data-part="quiz"][data-state="failed"]', { timeout: 15000 });
  assert.match(await lab.locator('[data-part="quiz"]').textContent(), /The knowledge check could not start: this part needs the full engine \(llm-budget-lab-core\.js\), which could not be loaded/);
  // The calculator is still there, with its state.
  assert.equal(await lab.locator('[data-out="total_bytes"]').textContent(), before);
  assert.equal(await lab.locator('input.field-text[data-field="batch"]').inputValue(), '32');
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});

test('a calculator-only embed whose parts later gain the quiz loads the full core and grades with it', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${server.url}embed.html?parts=calculator`);
  await waitReady(rec.page);
  assert.equal(named(rec.requests, 'llm-budget-lab.wasm').length, 0);
  await rec.page.evaluate(() => document.querySelector('llm-budget-lab').setAttribute('parts', 'calculator quiz'));
  const lab = rec.page.locator('llm-budget-lab');
  await rec.page.waitForSelector('llm-budget-lab [data-part="quiz"][data-state="ready"]', { timeout: 15000 });
  // The full module came, and the calculator still answers (31.2 GB, the lesson's default row).
  assert.equal(named(rec.requests, 'llm-budget-lab.wasm').length, 1);
  assert.equal(scriptsRequested(rec.requests).filter((f) => f === 'llm-budget-lab-core.js').length, 1);
  assert.equal(await lab.locator('[data-out="total_bytes"]').textContent(), '31.2 GB');
  // The core grades: the knowledge check's first total is 53 GB (tests/data/seed-values.json, q1-fit).
  const total = lab.locator('[data-part="quiz"] [data-question="q1-fit"] [data-step="total"]');
  await total.locator('input').fill('53 GB');
  await total.locator('button.quiz-check').click();
  assert.equal(await total.locator('[data-feedback]').getAttribute('data-verdict'), 'correct');
  assertQuiet(rec);
  await rec.context.close();
});

test('the lesson page: elements far below start in idle time, each script is fetched once and each module exists once', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 360, height: 740 } });
  await rec.page.goto(server.url);
  await waitReady(rec.page);
  const scripts = scriptsRequested(rec.requests);
  assert.deepEqual([...scripts].sort(), ['llm-budget-lab-core.js', 'llm-budget-lab-part-calculator.js', 'llm-budget-lab-part-charts.js',
    'llm-budget-lab-part-decision.js', 'llm-budget-lab-part-measured.js', 'llm-budget-lab-part-presets.js', 'llm-budget-lab-part-quiz.js',
    'llm-budget-lab-part-table.js', 'llm-budget-lab-presets.js', 'llm-budget-lab.js']);
  // Shared modules: the part registry (in the core script) is the one the part scripts registered into.
  const shared = await rec.page.evaluate(() => {
    const m = globalThis.__llmbModules;
    return { registry: typeof m['web/element/registry.js'].getPart('quiz').mount, chartsCopy: 'web/element/registry.js' in m };
  });
  assert.deepEqual(shared, { registry: 'function', chartsCopy: true });
  assertQuiet(rec);
  await rec.context.close();
});

test('a part script that cannot be loaded: its parts say so, the rest of the lesson works', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.context.route('**/llm-budget-lab-part-charts.js', (r) => r.abort());
  await rec.page.goto(server.url);
  await waitReady(rec.page);
  assert.equal(await rec.page.locator('llm-budget-lab[parts="memory-chart"] [role="alert"]').textContent(),
    'This part could not be loaded (llm-budget-lab-part-charts.js could not be loaded). The rest of the lab works; reload the page to try again.');
  assert.match(await rec.page.locator('llm-budget-lab[parts="calculator"] [data-out="total_bytes"]').textContent(), /^31\.2 GB/);
  assert.equal(await rec.page.locator('llm-budget-lab[parts="table"] tbody tr').count(), 6);
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});

test('a state change reaches a far element before printing, in the same task', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(server.url);
  await waitReady(rec.page);
  const summary = await rec.page.evaluate(() => {
    const calc = document.querySelector('llm-budget-lab[parts="calculator"]');
    const chart = document.querySelector('llm-budget-lab[parts="memory-chart"]');
    calc.scrollIntoView();
    const box = calc.shadowRoot.querySelector('input.field-text[data-field="batch"]');
    box.value = '1';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.dispatchEvent(new Event('change', { bubbles: true }));
    const before = document.documentElement.dataset.labRedrawPending;
    window.dispatchEvent(new Event('beforeprint'));
    return { before, after: document.documentElement.dataset.labRedrawPending,
      text: chart.shadowRoot.querySelector('[data-out="chart-summary"]').textContent };
  });
  assert.equal(summary.before, 'true', 'the memory chart was far and waited');
  assert.equal(summary.after, undefined);
  // Batch 1: 14.0 GB of weights + 131,072 B per token x 8,192 tokens = 1.07 GB of KV cache.
  assert.match(summary.text, /^Your configuration needs 15\.1 GB \(14\.0 GB weights, 1\.07 GB KV cache\)/);
  assertQuiet(rec);
  await rec.context.close();
});

test('printing before a far element has started, after a change: it starts, and says it shows the defaults until drawn', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  // The decision part's script is held back, as on a slow network.
  let release;
  const held = new Promise((r) => { release = r; });
  await rec.context.route('**/llm-budget-lab-part-decision.js', async (route) => { await held; await route.continue(); });
  await rec.page.goto(`${server.url}#lab:batch=1`);
  await rec.page.waitForFunction(() => document.documentElement.dataset.labViewReady === 'true');
  await rec.page.locator('llm-budget-lab[parts="calculator"] [data-out="total_bytes"]').filter({ hasText: '15.1 GB' }).waitFor();
  const decision = rec.page.locator('llm-budget-lab[parts="decision"]');
  await rec.page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  assert.equal(await decision.locator('[data-print-defaults]').textContent(),
    'This part had not loaded when printing began, so it shows the lesson’s default numbers, not the ones set above.');
  release();
  await waitReady(rec.page);
  assert.equal(await decision.locator('[data-print-defaults]').count(), 0, 'gone once drawn');
  // Batch 1 reached the decision part: its baseline holds 15.1 GB.
  assert.match(await decision.locator('[data-out="decision-baseline"]').textContent(), /15\.1 GB/);
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});

test('a .wasm of another build served in place of the calculator\'s (a stale file after a redeploy) is not used: the base64 copy is', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  // The importer's module, which links against the calculator's glue no better than any other build's.
  const other = readFileSync(path.join(DIST, 'llm-budget-lab-importer.wasm'));
  await rec.page.route('**/llm-budget-lab-calc.wasm', (route) => route.fulfill({ status: 200, contentType: 'application/wasm', body: other }));
  await rec.page.goto(`${server.url}embed.html?parts=calculator`);
  await waitReady(rec.page);
  assert.equal(named(rec.requests, 'llm-budget-lab-calc-wasm.js').length, 1, 'the base64 copy was fetched');
  // The lesson's defaults: 14 GB of weights + 17.2 GB of KV cache = 31.2 GB (as the embed test above).
  assert.match(await rec.page.locator('llm-budget-lab [data-out="total_bytes"]').textContent(), /^31\.2 GB/);
  assertQuiet(rec);
  await rec.context.close();
});
