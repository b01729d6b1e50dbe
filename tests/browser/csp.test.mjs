// Strict CSP: the lesson page, the iframe embed and the instructors'
// page served with
//   default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:
// reach their ready state with no securitypolicyviolation event and no console
// error (the wasm is handed to the loader as bytes, never fetched from a data: URL).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, recordedPage, waitReady, downloadBytes } from './lib/harness.mjs';

let browser;
let server;

before(async () => { ({ browser, server } = await openSession({ csp: true })); });
after(() => closeSession({ browser, server }));

async function openStrict(pathAndQuery) {
  const rec = await recordedPage(browser, { viewport: { width: 1100, height: 800 } });
  await rec.page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation',
      (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`), true);
  });
  const response = await rec.page.goto(server.url + pathAndQuery);
  assert.match(response.headers()['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
  await waitReady(rec.page);
  return rec;
}

async function assertClean(rec) {
  assert.deepEqual(await rec.page.evaluate(() => window.__violations), [], 'no CSP violation');
  assert.deepEqual(rec.pageErrors, []);
  assert.deepEqual(rec.consoleMessages.filter((m) => m.type === 'error' || m.type === 'warning'), [], 'no console error');
}

test('lesson page under the strict CSP: ready, table filled, no violation', async () => {
  const rec = await openStrict('index.html');
  assert.equal(await rec.page.locator('llm-budget-lab[parts="table"] tbody tr').count(), 6);
  // An input still drives the core: batch 1 is the lesson's 15.1 GB row.
  await rec.page.locator('llm-budget-lab[parts="calculator"] input.field-text[data-field="batch"]').fill('1');
  assert.equal(await rec.page.locator('llm-budget-lab[parts="calculator"] [data-out="total_bytes"]').textContent(), '15.1 GB');
  await assertClean(rec);
  await rec.context.close();
});

test('chart downloads under the strict CSP: the SVG carries its colours as attributes, with no violation', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1100, height: 800 }, acceptDownloads: true });
  await rec.page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation',
      (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`), true);
  });
  await rec.page.goto(`${server.url}index.html`);
  await waitReady(rec.page);
  const chart = rec.page.locator('llm-budget-lab[parts="memory-chart"]');
  await chart.scrollIntoViewIfNeeded();
  const [svg] = await Promise.all([rec.page.waitForEvent('download'), chart.locator('button[data-download="svg"]').click()]);
  const text = (await downloadBytes(svg)).toString('utf8');
  assert.equal((text.match(/ style="/g) || []).length, 0, 'no style attribute');
  assert.match(text, /<rect[^>]* fill="rgb\(/, 'bars keep their computed fill');
  await Promise.all([rec.page.waitForEvent('download'), chart.locator('button[data-download="png"]').click()]);
  await assertClean(rec);
  await rec.context.close();
});

test('embed page (all parts) under the strict CSP', async () => {
  const rec = await openStrict('embed.html?parts=all&preset=lesson-gqa8-16-b64');
  // lesson-gqa8-16-b64: 82.7 GB, does not fit in 80 GB (seed-values.json).
  assert.equal(await rec.page.locator('[data-out="total_bytes"]').first().textContent(), '82.7 GB');
  await assertClean(rec);
  await rec.context.close();
});

test('instructors page under the strict CSP: the live preview follows an edited snippet', async () => {
  const rec = await openStrict('instructors.html');
  const { page } = rec;
  const preview = page.locator('#preview-slot llm-budget-lab');
  // Default snippet: calculator at lesson-gqa8-8 (15.6 GB), accent set by a --llmb-* property.
  assert.equal(await preview.locator('[data-out="total_bytes"]').textContent(), '15.6 GB');
  assert.equal(await preview.evaluate((el) => el.style.getPropertyValue('--llmb-accent').trim()), '#6a1b9a');
  await page.locator('#preview-source').fill(
    '<llm-budget-lab parts="table calculator" preset="knowledge-check-13b" onclick="alert(1)" style="--llmb-bg: #fffbe6; color: red"></llm-budget-lab>');
  await page.waitForFunction(() => {
    const el = document.querySelector('#preview-slot llm-budget-lab');
    return el && el.getAttribute('preset') === 'knowledge-check-13b' && el.hasAttribute('ready');
  });
  const el = page.locator('#preview-slot llm-budget-lab');
  assert.equal(await el.getAttribute('parts'), 'table calculator');
  assert.equal(await el.getAttribute('onclick'), null, 'unknown attributes are not copied');
  assert.equal(await el.evaluate((e) => e.style.getPropertyValue('--llmb-bg').trim()), '#fffbe6');
  assert.equal(await el.evaluate((e) => e.style.color), '', 'only --llmb-* properties are applied');
  assert.match(await page.locator('#preview-status').textContent(), /Not used here: onclick, style color/);
  await page.locator('#preview-source').fill('no tag here');
  await page.waitForFunction(() => /No <llm-budget-lab> tag/.test(document.getElementById('preview-status').textContent));
  await assertClean(rec);
  await rec.context.close();
});
