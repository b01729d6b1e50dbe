// Embedding the lab in someone else's page: the element on a host
// page of one loopback origin with its script from another, two elements with
// different presets, a hostile host stylesheet, and the self-sizing iframe
// (origin and shape checks of the parent-side script).
// Host pages are generated into a temp dir and served on 127.0.0.1; dist/ is
// served on 127.0.0.2, a different origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertBuilt, launch, serveDist, recordedPage, waitReady, serveFolder } from './lib/harness.mjs';
import { PART_NAMES } from '../../web/element/part-names.js';

let browser;
let lab; // dist/ on 127.0.0.2
let host; // host pages on 127.0.0.1
let hostDir;

const HOSTILE_CSS = `* { all: unset; }
html { font-size: 28px; }
body { font-size: 40px; line-height: 3; letter-spacing: 0.3em; text-transform: uppercase; }
div, section, p, input, button, table { display: inline !important; }
`;

function page(body, { hostile = '' } = {}) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Host page</title>
<link rel="icon" href="data:,">
${hostile ? `<link rel="stylesheet" href="${hostile}">` : ''}
</head><body>
<h1>A course page</h1>
${body}
</body></html>`;
}

before(async () => {
  assertBuilt();
  browser = await launch();
  lab = await serveDist({ host: '127.0.0.2' });
  hostDir = mkdtempSync(path.join(tmpdir(), 'llmb-host-'));
  const script = `<script src="${lab.url}llm-budget-lab.js" defer></script>`;
  const two = `${script}
<llm-budget-lab id="a" parts="calculator" preset="lesson-gqa8-16"></llm-budget-lab>
<llm-budget-lab id="b" parts="calculator table" preset="lesson-mha-16"></llm-budget-lab>`;
  writeFileSync(path.join(hostDir, 'element.html'), page(two));
  writeFileSync(path.join(hostDir, 'hostile.html'), page(two, { hostile: 'hostile.css' }));
  writeFileSync(path.join(hostDir, 'hostile.css'), HOSTILE_CSS);
  writeFileSync(path.join(hostDir, 'unknown.html'), page(`${script}
<llm-budget-lab id="only-bogus" parts="bogus"></llm-budget-lab>
<llm-budget-lab id="mixed" parts="calculator bogus memory-chart Table"></llm-budget-lab>
<llm-budget-lab id="bad-preset" parts="calculator" preset="no-such-preset"></llm-budget-lab>
<llm-budget-lab id="plain" parts="calculator"></llm-budget-lab>
<llm-budget-lab id="good-preset" parts="calculator" preset="lesson-mha-16"></llm-budget-lab>`));
  writeFileSync(path.join(hostDir, 'separators.html'), page(`${script}
<llm-budget-lab id="seps" parts="  ,, "></llm-budget-lab>
<llm-budget-lab id="empty" parts=""></llm-budget-lab>
<llm-budget-lab id="long" parts="calculator ${'x'.repeat(600)}"></llm-budget-lab>`));
  const framed = `<p>Before the frame.</p>
<iframe data-llm-budget-lab id="frame" src="${lab.url}embed.html?parts=calculator%20memory-chart&amp;preset=lesson-gqa8-8"
  title="LLM Budget Lab: calculator" height="300"></iframe>
<p>After the frame.</p>
<script src="${lab.url}llm-budget-lab-embed.js" defer></script>`;
  writeFileSync(path.join(hostDir, 'iframe.html'), page(framed));
  // Sandboxed as some course platforms frame content: scripts, but no
  // allow-same-origin, so the embed's document has the opaque origin "null".
  // A second, sandboxed frame that is not the lab's posts a height too.
  writeFileSync(path.join(hostDir, 'iframe-sandboxed.html'), page(framed.replace('<iframe data-llm-budget-lab',
    '<iframe sandbox="allow-scripts" data-llm-budget-lab') + `
<iframe id="other" sandbox="allow-scripts" title="another sandboxed frame" src="impostor.html"></iframe>`));
  writeFileSync(path.join(hostDir, 'iframe-full.html'), page(framed, { hostile: 'full.css' }));
  writeFileSync(path.join(hostDir, 'full.css'), 'html, body { height: 100%; margin: 0; } #frame { height: 100%; width: 100%; }\n');
  // A page of the host's own origin that posts a well-formed height message.
  writeFileSync(path.join(hostDir, 'impostor.html'), page(`<script src="impostor.js"></script>`));
  writeFileSync(path.join(hostDir, 'impostor.js'),
    "parent.postMessage({ type: 'llm-budget-lab:height', version: 1, height: 4321 }, '*');\n");
  host = await serveFolder(hostDir, { host: '127.0.0.1' });
});

after(async () => {
  if (browser) await browser.close();
  if (lab) await lab.close();
  if (host) await host.close();
  if (hostDir) rmSync(hostDir, { recursive: true, force: true });
});

const total = (page, id) => page.locator(`#${id} [data-out="total_bytes"]`).textContent();

function assertQuiet(rec) {
  assert.deepEqual(rec.pageErrors, []);
  assert.deepEqual(rec.consoleMessages.filter((m) => m.type === 'error'), []);
}

async function openWithWasmCount(url) {
  const rec = await recordedPage(browser, { viewport: { width: 1100, height: 800 } });
  // Counts wasm instantiations, however the loader makes them.
  await rec.page.addInitScript(() => {
    window.__wasmInstances = 0;
    const W = WebAssembly;
    const instantiate = W.instantiate;
    W.instantiate = function (...args) { window.__wasmInstances += 1; return instantiate.apply(this, args); };
    W.Instance = new Proxy(W.Instance, { construct(t, args) { window.__wasmInstances += 1; return Reflect.construct(t, args); } });
  });
  await rec.page.goto(url);
  await waitReady(rec.page);
  return rec;
}

test('host page on another origin: two elements, one wasm instance, separate results by preset', async () => {
  const rec = await openWithWasmCount(`${host.url}element.html`);
  const { page } = rec;
  // lesson-gqa8-16 is the lesson's 31.2 GB row, lesson-mha-16 its 82.7 GB row (seed-values.json).
  assert.equal(await total(page, 'a'), '31.2 GB');
  assert.equal(await total(page, 'b'), '82.7 GB');
  assert.equal(await page.evaluate(() => window.__wasmInstances), 1, 'one wasm instance for both elements');
  // Batch 1 on a (7B GQA-8, 16-bit, 8,192 tokens) is the lesson's 15.1 GB row; b does not move.
  await page.locator('#a input.field-text[data-field="batch"]').fill('1');
  assert.equal(await total(page, 'a'), '15.1 GB');
  assert.equal(await total(page, 'b'), '82.7 GB');
  assert.equal(await page.locator('#b input.field-text[data-field="batch"]').inputValue(), '16');
  // The shadow stylesheet came from the lab's origin, next to the script.
  assert.ok(rec.requests.includes(`${lab.url}llm-budget-lab.css`));
  assertQuiet(rec);
  await rec.context.close();
});

test('hostile host CSS (all: unset, huge fonts) does not break the element', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1100, height: 800 } });
  const { page } = rec;
  await page.goto(`${host.url}hostile.html`);
  await waitReady(page);
  const box = await page.locator('#a').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const results = el.shadowRoot.querySelector('.results').getBoundingClientRect();
    const range = el.shadowRoot.querySelector('input.field-range').getBoundingClientRect();
    return { display: getComputedStyle(el).display, width: r.width, height: r.height,
      resultsWidth: results.width, rangeWidth: range.width, scroll: el.shadowRoot.querySelector('.lab').scrollWidth };
  });
  assert.equal(box.display, 'block', 'the element stays a block');
  assert.ok(box.width > 600, `element uses the page width (${box.width})`);
  assert.ok(box.scroll <= box.width + 1, `nothing inside is wider than the element (${box.scroll} > ${box.width})`);
  assert.ok(box.rangeWidth > 100, `sliders keep a usable width (${box.rangeWidth})`);
  // Still works: the same numbers as on a plain page.
  assert.equal(await total(page, 'a'), '31.2 GB');
  await page.locator('#a input.field-text[data-field="batch"]').fill('1');
  assert.equal(await total(page, 'a'), '15.1 GB');
  assertQuiet(rec);
  await rec.context.close();
});

const notices = (page, id) => page.locator(`#${id}`).evaluate((el) =>
  [...el.shadowRoot.querySelectorAll('[data-lab-notice]')].map((n) => ({ text: n.textContent, visible: n.getBoundingClientRect().height > 0 })));
const shownParts = (page, id) => page.locator(`#${id}`).evaluate((el) =>
  [...el.shadowRoot.querySelectorAll('[data-part]')].map((s) => s.dataset.part));

test('unknown parts and presets: a visible notice inside the element naming the value and the valid ones', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1100, height: 800 } });
  const { page } = rec;
  await page.goto(`${host.url}unknown.html`);
  await waitReady(page);

  // parts="bogus": nothing to draw, but the element says why instead of staying empty.
  const only = await notices(page, 'only-bogus');
  assert.equal(only.length, 1);
  assert.ok(only[0].visible, 'the notice takes up space on the page');
  assert.equal(only[0].text, `Unknown part “bogus”. Known parts: all, ${PART_NAMES.join(', ')}.`);
  assert.deepEqual(await shownParts(page, 'only-bogus'), []);

  // Known parts still render, in the order given; part names are case-sensitive.
  const mixed = await notices(page, 'mixed');
  assert.equal(mixed.length, 1);
  assert.match(mixed[0].text, /^Unknown parts “bogus”, “Table”\. Known parts: all, /);
  assert.deepEqual(await shownParts(page, 'mixed'), ['calculator', 'memory-chart']);

  // Unknown preset: a notice listing the ids, and the default inputs (the same total as no preset).
  const preset = await notices(page, 'bad-preset');
  assert.equal(preset.length, 1);
  assert.match(preset[0].text, /^Unknown preset “no-such-preset”, so the default inputs are shown\. Known presets: lesson-mha-16, lesson-gqa8-16, .*knowledge-check-13b.*llama-2-7b.*h100-sxm-80gb.*\.$/);
  const defaultTotal = await total(page, 'plain');
  assert.equal(await total(page, 'bad-preset'), defaultTotal);
  // The default is the lesson's 31.2 GB row; a known preset gets no notice and its own numbers (the 82.7 GB row).
  assert.equal(defaultTotal, '31.2 GB');
  assert.equal(await total(page, 'good-preset'), '82.7 GB');
  assert.deepEqual(await notices(page, 'plain'), []);
  assert.deepEqual(await notices(page, 'good-preset'), []);

  // Said on the page only: nothing at all in the console.
  assert.deepEqual(rec.pageErrors, []);
  assert.deepEqual(rec.consoleMessages, []);
  await rec.context.close();
});

const frameHeight = (page) => page.locator('#frame').evaluate((f) => f.getBoundingClientRect().height);

/**
 * Records, in the host page, every message that reaches it (window.__messages)
 * and every height parent.js applies to #frame (window.__resizes, from its
 * llm-budget-lab-resize event).
 */
const recordMessages = (page) => page.evaluate(() => {
  window.__messages = [];
  window.__resizes = [];
  window.addEventListener('message', (e) => window.__messages.push(e.data));
  document.getElementById('frame').addEventListener('llm-budget-lab-resize', (e) => window.__resizes.push(e.detail.height));
});

/**
 * A round trip through the embed: after two frames there (its ResizeObserver
 * has run and posted any new height), the embed posts a marker; resolves once
 * the host has received it. Messages from one window arrive in the order they
 * were posted, so every height the embed had to post has been handled by then.
 */
async function roundTrip(page, embedFrame, n) {
  await embedFrame.evaluate((id) => new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      parent.postMessage({ type: 'test:marker', id }, '*');
      resolve();
    }));
  }), n);
  await page.waitForFunction((id) => window.__messages.some((m) => m && m.type === 'test:marker' && m.id === id), n);
}

test('iframe from another origin sizes itself to its content and ignores messages that are not its own', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1000, height: 700 } });
  const { page } = rec;
  await page.goto(`${host.url}iframe.html`);
  const frame = page.frameLocator('#frame');
  await frame.locator('llm-budget-lab[ready]').waitFor({ timeout: 15000 });
  const inner = () => page.frames().find((f) => f.url().includes('embed.html'))
    .evaluate(() => Math.ceil(document.getElementById('lab-root').getBoundingClientRect().height));
  await page.waitForFunction(async () => {
    const f = document.getElementById('frame');
    return f.getBoundingClientRect().height > 300;
  }, null, { timeout: 10000 });
  // The frame's height follows its content, and settles (no growth loop).
  let content = await inner();
  await page.waitForFunction((h) => Math.abs(document.getElementById('frame').getBoundingClientRect().height - h) < 1, content);
  assert.ok(content > 800, `content is taller than the initial 300 px (${content})`);
  const settled = await frameHeight(page);
  const embedFrame = page.frames().find((f) => f.url().includes('embed.html'));
  // Settled: two round trips through the embed bring no new height (a growth
  // loop would post one after each resize).
  await recordMessages(page);
  await roundTrip(page, embedFrame, 1);
  await roundTrip(page, embedFrame, 2);
  assert.deepEqual(await page.evaluate(() => window.__resizes), [], 'no height posted once settled');
  assert.equal(await frameHeight(page), settled, 'height settled');
  assert.equal(await embedFrame.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1), true,
    'no scrollbar inside the frame');
  assert.equal(await embedFrame.locator('[data-out="total_bytes"]').textContent(), '15.6 GB', 'preset lesson-gqa8-8 from the URL');

  // Forged messages: from the host window itself, and with an extra key from the frame.
  await page.evaluate(() => window.postMessage({ type: 'llm-budget-lab:height', version: 1, height: 5000 }, '*'));
  await embedFrame.evaluate(() => {
    parent.postMessage({ type: 'llm-budget-lab:height', version: 1, height: 6000, extra: true }, '*');
    parent.postMessage({ type: 'llm-budget-lab:height', version: 2, height: 6000 }, '*');
    parent.postMessage({ type: 'llm-budget-lab:height', version: 1, height: '6000' }, '*');
    parent.postMessage(JSON.stringify({ type: 'llm-budget-lab:height', version: 1, height: 6000 }), '*');
  });
  // All five have reached the host (parent.js saw each when it arrived) and none was applied.
  await page.waitForFunction(() => window.__messages.filter((m) => JSON.stringify(m).includes('llm-budget-lab:height')).length >= 5);
  assert.deepEqual(await page.evaluate(() => window.__resizes), [], 'forged or malformed messages are ignored');
  assert.equal(await frameHeight(page), settled, 'forged or malformed messages are ignored');

  // The same frame navigated to a page of another origin: its well-formed
  // message comes from the frame's window but not from the src's origin.
  await page.locator('#frame').evaluate((f, url) => { f.contentWindow.location.href = url; }, `${host.url}impostor.html`);
  // Its message (height 4321) has reached the host, and was not applied.
  await page.waitForFunction(() => window.__messages.some((m) => m && m.height === 4321));
  assert.deepEqual(await page.evaluate(() => window.__resizes), [], 'a message from another origin is ignored');
  assert.equal(await frameHeight(page), settled, 'a message from another origin is ignored');
  assertQuiet(rec);
  await rec.context.close();
});

test('the embed also sizes itself when the frame is styled height: 100% (no growth loop)', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 800, height: 600 } });
  const { page } = rec;
  await page.goto(`${host.url}iframe-full.html`);
  const embedFrame = () => page.frames().find((f) => f.url().includes('embed.html'));
  await page.frameLocator('#frame').locator('llm-budget-lab[ready]').waitFor({ timeout: 15000 });
  await recordMessages(page);
  // The frame takes the content's height (the embed posts it when it changes).
  const content = await embedFrame().evaluate(() => Math.ceil(document.getElementById('lab-root').getBoundingClientRect().height));
  await page.waitForFunction((h) => Math.abs(document.getElementById('frame').getBoundingClientRect().height - h) < 1, content);
  const a = await frameHeight(page);
  // No growth: two round trips through the embed later, no height was posted after the content's own.
  const resizesBefore = await page.evaluate(() => window.__resizes.length);
  await roundTrip(page, embedFrame(), 1);
  await roundTrip(page, embedFrame(), 2);
  assert.equal(await page.evaluate(() => window.__resizes.length), resizesBefore, 'no growth');
  assert.equal(await frameHeight(page), a, 'no growth');
  assertQuiet(rec);
  await rec.context.close();
});

test('an iframe sandboxed without allow-same-origin (origin "null") still sizes itself; malformed or foreign messages are ignored', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1000, height: 700 } });
  const { page } = rec;
  await page.goto(`${host.url}iframe-sandboxed.html`);
  await page.frameLocator('#frame').locator('llm-budget-lab[ready]').waitFor({ timeout: 15000 });
  const embedFrame = page.frames().find((f) => f.url().includes('embed.html'));
  assert.equal(await embedFrame.evaluate(() => window.origin), 'null', 'the embed runs with an opaque origin');
  // The frame takes its content's height (well over the 300 px it starts at).
  const content = await embedFrame.evaluate(() => Math.ceil(document.getElementById('lab-root').getBoundingClientRect().height));
  assert.ok(content > 800, `content is taller than the initial 300 px (${content})`);
  await page.waitForFunction((h) => Math.abs(document.getElementById('frame').getBoundingClientRect().height - h) < 1,
    content, { timeout: 10000 });
  const settled = await frameHeight(page);
  await recordMessages(page);
  // From the lab's own sandboxed frame, malformed messages are still refused by shape.
  await embedFrame.evaluate(() => {
    parent.postMessage({ type: 'llm-budget-lab:height', version: 1, height: 6000, extra: true }, '*');
    parent.postMessage({ type: 'llm-budget-lab:height', version: 1, height: -5 }, '*');
  });
  // The other sandboxed frame (origin "null" too, but not the lab's window) posts a well-formed 4321.
  await page.locator('#other').evaluate((f) => { f.setAttribute('src', `impostor.html?again`); });
  await page.waitForFunction(() => window.__messages.some((m) => m && m.height === 4321));
  await roundTrip(page, embedFrame, 1);
  assert.deepEqual(await page.evaluate(() => window.__resizes), [], 'malformed or foreign messages are ignored');
  assert.equal(await frameHeight(page), settled);
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});

test('the instructors\' live preview shows the same notice for an unknown part or preset', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1100, height: 800 } });
  const { page } = rec;
  await page.goto(`${lab.url}instructors.html`);
  await waitReady(page);
  await page.locator('#preview-source').fill('<llm-budget-lab parts="calculator bogus" preset="nope"></llm-budget-lab>');
  await page.waitForFunction(() => {
    const el = document.querySelector('#preview-slot llm-budget-lab');
    return el && el.getAttribute('preset') === 'nope' && el.hasAttribute('ready');
  });
  const texts = await page.locator('#preview-slot llm-budget-lab').evaluate((el) =>
    [...el.shadowRoot.querySelectorAll('[data-lab-notice]')].map((n) => n.textContent));
  assert.equal(texts.length, 2);
  assert.match(texts[0], /^Unknown part “bogus”\. Known parts: all, presets, calculator, /);
  assert.match(texts[1], /^Unknown preset “nope”, so the default inputs are shown\. Known presets: lesson-mha-16, /);
  // The known part still renders, with the default inputs (the lesson's 31.2 GB row).
  assert.equal(await page.locator('#preview-slot llm-budget-lab [data-out="total_bytes"]').textContent(), '31.2 GB');
  assert.deepEqual(rec.pageErrors, []);
  assert.deepEqual(rec.consoleMessages, []);
  await rec.context.close();
});

test('parts made only of spaces and commas, or empty, means all parts; an over-long value is named in the notice', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1100, height: 800 } });
  const { page } = rec;
  await page.goto(`${host.url}separators.html`);
  await waitReady(page);
  // Every part, in the order "all" lists them (as the unknown-parts notice names them).
  const all = [...PART_NAMES];
  assert.deepEqual(await shownParts(page, 'seps'), all);
  assert.deepEqual(await shownParts(page, 'empty'), all);
  assert.deepEqual(await notices(page, 'seps'), []);
  const long = await notices(page, 'long');
  assert.equal(long.length, 1);
  assert.equal(long[0].text.split('.')[0], `Unknown part “${'x'.repeat(40)}…”`);
  assert.deepEqual(await shownParts(page, 'long'), ['calculator']);

  // The iframe embed passes the same values on: ?parts=%20 shows everything,
  // a 600-character value gets the notice instead of being dropped.
  await page.goto(`${lab.url}embed.html?parts=%20`);
  await waitReady(page);
  const framedParts = await page.locator('llm-budget-lab').evaluate((el) =>
    [...el.shadowRoot.querySelectorAll('[data-part]')].map((x) => x.dataset.part));
  assert.deepEqual(framedParts, all);
  assert.ok(await page.locator('#lab-root').evaluate((el) => el.getBoundingClientRect().height) > 100);
  await page.goto(`${lab.url}embed.html?parts=calculator%20${'y'.repeat(600)}`);
  await waitReady(page);
  const framedNotice = await page.locator('llm-budget-lab').evaluate((el) =>
    [...el.shadowRoot.querySelectorAll('[data-lab-notice]')].map((n) => n.textContent));
  assert.equal(framedNotice.length, 1);
  assert.match(framedNotice[0], new RegExp(`^Unknown part “${'y'.repeat(40)}…”\\. Known parts: all, `));
  assert.deepEqual(rec.pageErrors, []);
  assert.deepEqual(rec.consoleMessages.filter((m) => m.type === 'error'), []);
  await rec.context.close();
});

test('the instructors\' live preview keeps a ">" inside a quoted value as part of the value', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1100, height: 800 } });
  const { page } = rec;
  await page.goto(`${lab.url}instructors.html`);
  await waitReady(page);
  await page.locator('#preview-source').fill('<llm-budget-lab parts="calc>ulator" preset=\'lesson-mha-16\'></llm-budget-lab>');
  await page.waitForFunction(() => {
    const el = document.querySelector('#preview-slot llm-budget-lab');
    return el && el.getAttribute('preset') === 'lesson-mha-16' && el.hasAttribute('ready');
  });
  assert.equal(await page.locator('#preview-slot llm-budget-lab').getAttribute('parts'), 'calc>ulator');
  const texts = await page.locator('#preview-slot llm-budget-lab').evaluate((el) =>
    [...el.shadowRoot.querySelectorAll('[data-lab-notice]')].map((n) => n.textContent));
  assert.equal(texts.length, 1);
  assert.match(texts[0], /^Unknown part “calc>ulator”\. Known parts: all, /);
  assert.match(await page.locator('#preview-status').textContent(), /^Preview: parts “calc>ulator”, preset “lesson-mha-16”\./);
  // An unclosed quote leaves the tag unclosed, and the status says so.
  await page.locator('#preview-source').fill('<llm-budget-lab parts="calculator>');
  await page.locator('#preview-status').filter({ hasText: 'not closed' }).waitFor();
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});
