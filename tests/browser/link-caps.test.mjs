// Links and the inputs attribute apply a value the way a slider does, in
// Debian chromium: a lowered cap (total parameters, query heads) brings down
// the field it caps when the link does not set that field itself, and only a
// value that is wrong is named. Links the released versions wrote load to the
// same state (tests/data/release-3fbce11/link.json; release-3fbce11.test.mjs
// loads it too).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, openSession, closeSession, assertQuiet, recordedPage, waitReady, openReady } from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';
const RELEASE_LINK = JSON.parse(readFileSync(path.join(REPO, 'tests/data/release-3fbce11/link.json'), 'utf8'));

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const open = (url) => openReady(browser, url, { width: 1280, height: 800 });
const fieldIn = (page, host, name) => page.locator(`${host} input.field-text[data-field="${name}"]`).inputValue();
const linkNotices = (page) => page.locator(`${CALC} [data-link-notice]`).allTextContents();

test('a link that lowers a cap lowers what it caps, and names only wrong values', async () => {
  // The lesson starts at 7 billion total and 7 billion active parameters, 32 query and 8 KV heads.
  const cases = [
    // 1 billion total: the active parameters (7 billion, above it) come down to 1 billion.
    ['#lab:total_params=1e9', [], { total_params: '1', active_params: '1' }],
    // 4 query heads: the 8 KV heads come down to 4.
    ['#lab:query_heads=4', [], { query_heads: '4', kv_heads: '4' }],
    // Both given and at odds: the KV heads are the wrong value; the query heads are used, and
    // the KV heads follow them down as they would without the wrong value.
    ['#lab:query_heads=4;kv_heads=8',
      [/^KV heads in the link cannot be used: it must be a whole number from 1 to 4 heads \(the query heads\), not 8 heads\. It is set to 4 heads, to fit query heads\.$/], { query_heads: '4', kv_heads: '4' }],
    // A cap raised leaves what it caps where it was (nothing follows an equal cap in a link).
    ['#lab:total_params=14e9', [], { total_params: '14', active_params: '7' }],
    // A capped value the link gives itself is kept when it fits.
    ['#lab:total_params=1e9;active_params=5e8', [], { total_params: '1', active_params: '0.5' }],
  ];
  for (const [hash, expectedNotices, fields] of cases) {
    const rec = await open(`${server.url}${hash}`);
    const { page } = rec;
    const notices = await linkNotices(page);
    assert.equal(notices.length, expectedNotices.length, `${hash}: ${JSON.stringify(notices)}`);
    expectedNotices.forEach((re, i) => assert.match(notices[i], re, hash));
    if (expectedNotices.length) assert.doesNotMatch(notices.join(' '), /Query heads/, `${hash}: query heads are not wrong`);
    for (const [name, value] of Object.entries(fields)) assert.equal(await fieldIn(page, CALC, name), value, `${hash} ${name}`);
    assertQuiet(rec);
    await rec.context.close();
  }
});

test('the inputs attribute applies a lowered cap the same way', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1200, height: 900 } });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<script src="/llm-budget-lab.js" defer></script></head><body>
<llm-budget-lab id="small" parts="calculator" inputs="total_params=1.5e9"></llm-budget-lab>
<llm-budget-lab id="mqa" parts="calculator" inputs="query_heads=4, layers=16"></llm-budget-lab></body></html>`;
  await rec.context.route(`${server.url}host.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  await rec.page.goto(`${server.url}host.html`);
  await waitReady(rec.page);
  const { page } = rec;
  const notices = (id) => page.locator(`#${id}`).evaluate((el) => [...el.shadowRoot.querySelectorAll('[data-lab-notice]')].map((n) => n.textContent));
  assert.deepEqual(await notices('small'), []);
  assert.equal(await fieldIn(page, '#small', 'total_params'), '1.5');
  assert.equal(await fieldIn(page, '#small', 'active_params'), '1.5');
  // 1.5e9 parameters × 2 bytes = 3 GB of weights.
  assert.equal(await page.locator('#small [data-out="weight_bytes"]').textContent(), '3.0 GB');
  assert.deepEqual(await notices('mqa'), []);
  assert.equal(await fieldIn(page, '#mqa', 'kv_heads'), '4');
  assertQuiet(rec);
  await rec.context.close();
});

test('the previous release\'s link loads to the state it wrote', async () => {
  const rec = await open(`${server.url}${RELEASE_LINK.hash}`);
  const { page } = rec;
  assert.deepEqual(await linkNotices(page), []);
  // 7e9 × 0.5 B + 2 × 32 × 8 × 128 × 16,384 × 32 × 1 B = 37,859,738,368 B (README of the release data).
  assert.equal(await page.locator(`${CALC} [data-out="total_bytes"]`).textContent(), '37.9 GB');
  assert.equal(await fieldIn(page, CALC, 'batch'), '32');
  assert.equal(await fieldIn(page, CALC, 'context_tokens'), '16384');
  assert.equal(await fieldIn(page, CALC, 'active_params'), '7');
  // The link written now is the one the release wrote.
  assert.equal(await page.evaluate(() => location.hash), RELEASE_LINK.hash);
  assertQuiet(rec);
  await rec.context.close();
});
