// Layout where the lab is put: the compact results bar following the reader in
// a narrow iframe (self-sizing, and a plain frame of a fixed height) and in a
// narrow column of a wide page; the bar's height on a phone; text size on a
// host whose root font-size is tiny; the lesson at 360 x 740 (worked and
// measured tables, display formulas, the attention chart's marker label).
// Host pages are written to a temp dir and served on 127.0.0.1; dist/ is
// served on 127.0.0.2, another origin, as a learning platform would frame it.
// Positions come from getBoundingClientRect; waits are for conditions, frame by frame.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  assertBuilt, launch, serveDist, recordedPage, waitReady, assertQuiet, renderAllSections, serveFolder,
} from './lib/harness.mjs';

let browser;
let lab; // dist/ on 127.0.0.2
let host; // host pages on 127.0.0.1
let hostDir;

const PHONE = { width: 360, height: 740 };

/** A course page holding `body`, with the stylesheet `css` (a file in hostDir) when given. */
function hostPage(body, css = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Course page</title>
<link rel="icon" href="data:,">${css ? `<link rel="stylesheet" href="${css}">` : ''}</head><body>
<h1>Week 3</h1>
<p>Read the section, then try the calculator below.</p>
${body}
<p>After the lab.</p>
</body></html>`;
}

before(async () => {
  assertBuilt();
  browser = await launch();
  lab = await serveDist({ host: '127.0.0.2' });
  hostDir = mkdtempSync(path.join(tmpdir(), 'llmb-layout-'));
  const src = `${lab.url}embed.html?parts=calculator`;
  // A course column 400 px wide, the frame sized by the parent-side script.
  writeFileSync(path.join(hostDir, 'column.css'), 'body { margin: 0; } .column { width: 400px; margin: 0 auto; }\n');
  writeFileSync(path.join(hostDir, 'sized.html'), hostPage(`<div class="column">
<iframe data-llm-budget-lab id="frame" src="${src}" title="LLM Budget Lab: calculator" height="900"></iframe></div>
<script src="${lab.url}llm-budget-lab-embed.js" defer></script>`, 'column.css'));
  // The plain frame a host copies without the script: it keeps its height
  // (900 px, taller than a 740 px screen) and scrolls inside.
  writeFileSync(path.join(hostDir, 'plain.html'), hostPage(
    `<iframe id="frame" src="${src}" title="LLM Budget Lab: calculator" width="340" height="900"></iframe>
<p class="tall">The rest of the course page.</p>`, 'tall.css'));
  writeFileSync(path.join(hostDir, 'tall.css'), '.tall { min-height: 1500px; }\n');
  // The element itself in a 400 px column of a wide page.
  writeFileSync(path.join(hostDir, 'element.html'), hostPage(`<div class="column">
<script src="${lab.url}llm-budget-lab.js" defer></script>
<llm-budget-lab id="lab" parts="calculator"></llm-budget-lab></div>`, 'column.css'));
  // A host that sets a tiny root font-size.
  writeFileSync(path.join(hostDir, 'tiny.css'), 'html { font-size: 8px; }\n');
  writeFileSync(path.join(hostDir, 'tiny.html'), hostPage(`<script src="${lab.url}llm-budget-lab.js" defer></script>
<llm-budget-lab id="lab" parts="calculator quiz"></llm-budget-lab>`, 'tiny.css'));
  host = await serveFolder(hostDir, { host: '127.0.0.1' });
});

after(async () => {
  if (browser) await browser.close();
  if (lab) await lab.close();
  if (host) await host.close();
  if (hostDir) rmSync(hostDir, { recursive: true, force: true });
});

/**
 * Calls `probe` once per animation frame of `frame` (a playwright Frame)
 * until `ok(value)`; returns the last value. Fails after `limit` frames.
 */
async function untilFrames(frame, probe, ok, limit = 300) {
  let value;
  for (let i = 0; i < limit; i += 1) {
    value = await probe();
    if (ok(value)) return value;
    await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  }
  return value;
}

/**
 * Where the embed's batch field and compact results bar are on the host's
 * screen (CSS px, host viewport coordinates): the frame's box in the host plus
 * each box inside the frame.
 */
async function barOnScreen(page, embed) {
  const frameBox = await page.locator('#frame').evaluate((f) => {
    const r = f.getBoundingClientRect();
    return { top: r.top + f.clientTop, viewport: window.innerHeight };
  });
  const inner = await embed.evaluate(() => {
    const root = document.querySelector('llm-budget-lab').shadowRoot;
    const bar = root.querySelector('.calc-status').getBoundingClientRect();
    const field = root.querySelector('input.field-text[data-field="batch"]').getBoundingClientRect();
    return { barTop: bar.top, barBottom: bar.bottom, barHeight: bar.height, fieldTop: field.top, fieldBottom: field.bottom };
  });
  return {
    viewport: frameBox.viewport,
    barTop: frameBox.top + inner.barTop,
    barBottom: frameBox.top + inner.barBottom,
    barHeight: inner.barHeight,
    fieldTop: frameBox.top + inner.fieldTop,
    fieldBottom: frameBox.top + inner.fieldBottom,
  };
}

const barAtScreenBottom = (b) => b.barHeight > 0 && b.barBottom <= b.viewport + 1 && b.barBottom >= b.viewport - 3;

/** Opens a host page with the frame, waits for the lab inside, returns the frame. */
async function openFramed(page, url) {
  await page.goto(url);
  await page.frameLocator('#frame').locator('llm-budget-lab[ready]').waitFor({ timeout: 15000 });
  return page.frames().find((f) => f.url().includes('embed.html'));
}

/** Scrolls the host so that the frame's batch field sits `offset` px below the screen's top. */
async function scrollFieldTo(page, embed, offset) {
  const b = await barOnScreen(page, embed);
  await page.evaluate((dy) => window.scrollBy(0, dy), b.fieldTop - offset);
}

test('self-sizing iframe 400 px wide: the compact results follow the reader at the bottom of the screen', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page } = rec;
  const embed = await openFramed(page, `${host.url}sized.html`);
  // The frame has taken its content's height: far taller than the screen.
  await page.waitForFunction(() => document.getElementById('frame').getBoundingClientRect().height > 1500, null, { timeout: 10000 });
  for (const offset of [200, 500]) {
    await scrollFieldTo(page, embed, offset);
    const b = await untilFrames(embed, () => barOnScreen(page, embed), barAtScreenBottom);
    assert.ok(barAtScreenBottom(b), `bar at the bottom of the screen with the field ${offset} px from the top `
      + `(bar ${Math.round(b.barTop)}–${Math.round(b.barBottom)}, screen ${b.viewport})`);
    assert.ok(b.fieldBottom <= b.barTop, 'the bar does not cover the field being edited');
  }
  // Typing in the field updates the bar on screen; the result is announced in
  // the element's one live region, not a second time by the bar.
  await page.frameLocator('#frame').locator('input.field-text[data-field="batch"]').fill('1');
  // Batch 1 on the default 7B, GQA-8, 16-bit, 8,192 tokens: 14.0 GB + 1.07 GB = 15.1 GB (seed-values.json).
  await embed.waitForFunction(() => document.querySelector('llm-budget-lab').shadowRoot
    .querySelector('.sr-only[aria-live="polite"]').textContent.includes('15.1 GB'));
  const live = await embed.evaluate(() => {
    const root = document.querySelector('llm-budget-lab').shadowRoot;
    return [...root.querySelectorAll('[aria-live], [role="status"], [role="alert"]')]
      .filter((n) => n.textContent.includes('15.1 GB')).length;
  });
  assert.equal(live, 1, 'one live region holds the result sentence');
  assert.equal(await embed.evaluate(() => document.querySelector('llm-budget-lab').shadowRoot
    .querySelector('.calc-status').closest('[aria-live]')), null, 'the bar is not a live region');
  assertQuiet(rec);
  await rec.context.close();
});

test('plain iframe of a fixed height, taller than the screen, no parent script: the bar stays on screen', async () => {
  const rec = await recordedPage(browser, { viewport: PHONE });
  const { page } = rec;
  const embed = await openFramed(page, `${host.url}plain.html`);
  // The frame keeps its 900 px: with its top at the screen's top, its last
  // 160 px are below the 740 px screen. Inside, the reader has scrolled to the batch field.
  await page.evaluate(() => window.scrollBy(0, document.getElementById('frame').getBoundingClientRect().top));
  await embed.evaluate(() => {
    const field = document.querySelector('llm-budget-lab').shadowRoot.querySelector('input.field-text[data-field="batch"]');
    window.scrollBy(0, field.getBoundingClientRect().top - 150);
  });
  const frameBox = await page.locator('#frame').evaluate((f) => f.getBoundingClientRect().toJSON());
  assert.ok(Math.abs(frameBox.top) <= 1 && frameBox.bottom > PHONE.height + 100, 'the frame runs past the bottom of the screen');
  const b = await untilFrames(embed, () => barOnScreen(page, embed), barAtScreenBottom);
  assert.ok(barAtScreenBottom(b), `bar at the bottom of the screen (bar ${Math.round(b.barTop)}–${Math.round(b.barBottom)}, screen ${b.viewport})`);
  assert.ok(b.fieldBottom <= b.barTop && b.fieldTop >= 0, 'the field is on screen, above the bar');
  assertQuiet(rec);
  await rec.context.close();
});

test('the element in a 400 px column of a wide page is laid out as on a phone, with the compact bar following the reader', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page } = rec;
  await page.goto(`${host.url}element.html`);
  await waitReady(page);
  const field = page.locator('#lab input.field-text[data-field="batch"]');
  await field.scrollIntoViewIfNeeded();
  const b = await page.locator('#lab').evaluate((el) => {
    const root = el.shadowRoot;
    const bar = root.querySelector('.calc-status').getBoundingClientRect();
    const form = root.querySelector('.calc-form').getBoundingClientRect();
    const results = root.querySelector('.results').getBoundingClientRect();
    const f = root.querySelector('input.field-text[data-field="batch"]').getBoundingClientRect();
    return { barTop: bar.top, barBottom: bar.bottom, barHeight: bar.height, viewport: window.innerHeight,
      formWidth: form.width, resultsTop: results.top, formBottom: form.bottom, fieldBottom: f.bottom };
  });
  assert.ok(b.resultsTop >= b.formBottom, 'one column: the full results come after the inputs');
  assert.ok(barAtScreenBottom(b), `bar at the bottom of the screen (bar ${Math.round(b.barTop)}–${Math.round(b.barBottom)}, screen ${b.viewport})`);
  assert.ok(b.fieldBottom <= b.barTop, 'the bar does not cover the field');
  assertQuiet(rec);
  await rec.context.close();
});

test('on the phone lesson page the compact results bar takes at most a sixth of the screen', async () => {
  const rec = await recordedPage(browser, { viewport: PHONE });
  const { page } = rec;
  await page.goto(lab.url);
  await waitReady(page);
  const calc = page.locator('llm-budget-lab[parts="calculator"]');
  await calc.locator('input.field-text[data-field="batch"]').scrollIntoViewIfNeeded();
  const bar = await calc.locator('.calc-status').evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height, viewport: window.innerHeight };
  });
  assert.ok(bar.height > 40, `the bar is shown (${bar.height} px)`);
  assert.ok(bar.height <= PHONE.height / 6, `bar ${bar.height.toFixed(1)} px tall, at most ${(PHONE.height / 6).toFixed(1)} px (a sixth of 740)`);
  assert.ok(bar.bottom <= bar.viewport + 1 && bar.top >= 0, 'the bar is on screen');
  // Closed it still shows the verdict, both memories, the step and both speeds.
  for (const key of ['weights', 'kv', 'step', 'per_request', 'total']) {
    assert.ok(await calc.locator(`.calc-status [data-compact="${key}"]`).isVisible(), `${key} shown`);
  }
  assertQuiet(rec);
  await rec.context.close();
});

test('on the phone lesson page no control reached by Tab ends up under the compact results bar', async () => {
  const rec = await recordedPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
  const { page } = rec;
  await page.goto(lab.url);
  await waitReady(page);
  const calc = page.locator('llm-budget-lab[parts="calculator"]');
  await calc.locator('input.field-text').first().focus();
  const covered = [];
  let seen = 0;
  for (let i = 0; i < 80; i++) {
    // The focused control inside the calculator, before the bar in document
    // order (controls after it sit below the bar's own place), and the bar.
    const where = await calc.evaluate((host) => {
      const root = host.shadowRoot;
      const el = root.activeElement;
      const bar = root.querySelector('.calc-status');
      if (!el || !bar) return null;
      if (!(bar.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING)) return { after: true };
      const r = el.getBoundingClientRect();
      const b = bar.getBoundingClientRect();
      return { name: el.dataset.field || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30), bottom: r.bottom, barTop: b.top };
    });
    if (!where || where.after) break;
    seen += 1;
    if (where.bottom > where.barTop + 1) covered.push(`${where.name} (${Math.round(where.bottom)} > ${Math.round(where.barTop)})`);
    await page.keyboard.press('Tab');
  }
  assert.ok(seen > 20, `Tab reached ${seen} controls of the calculator`);
  assert.deepEqual(covered, [], 'controls left under the bar');
  assertQuiet(rec);
  await rec.context.close();
});

/** Computed font sizes (CSS px) inside the element on the tiny-root host. */
const labSizes = (page) => page.locator('#lab').evaluate((el) => {
  const px = (sel) => parseFloat(getComputedStyle(el.shadowRoot.querySelector(sel)).fontSize);
  const more = el.shadowRoot.querySelector('button.choice').getBoundingClientRect();
  return { lab: px('.lab'), label: px('.field-label'), hint: px('.field-hint'), button: more.height };
});

test('a host with html { font-size: 8px } does not shrink the lab; the reader\'s own default size is kept', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page } = rec;
  await page.goto(`${host.url}tiny.html`);
  await waitReady(page);
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), '8px', 'the host root is 8 px');
  // Chromium's default font size is 16 px: the lab's text is that, the hints 0.85 of it.
  const sizes = await labSizes(page);
  assert.equal(sizes.lab, 16);
  assert.equal(sizes.label, 16);
  assert.equal(sizes.hint, 16 * 0.85);
  assert.ok(sizes.button >= 24, `precision buttons keep a 24 px target (${sizes.button})`);
  assertQuiet(rec);
  await rec.context.close();

  // A reader whose browser is set to a 24 px default: the lab follows it.
  const big = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const cdp = await big.context.newCDPSession(big.page);
  await cdp.send('Page.enable');
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24 } });
  await big.page.goto(`${host.url}tiny.html`);
  await waitReady(big.page);
  const larger = await labSizes(big.page);
  assert.equal(larger.lab, 24);
  assert.equal(larger.hint, 24 * 0.85);
  await big.context.close();
});

/** The lesson page at 360 x 740, every section laid out. */
async function openPhoneLesson() {
  const rec = await recordedPage(browser, { viewport: PHONE });
  await rec.page.goto(lab.url);
  await waitReady(rec.page);
  await renderAllSections(rec.page);
  return rec;
}

test('lesson at 360 x 740: the worked table leaves no blank band under its caption', async () => {
  const rec = await openPhoneLesson();
  // The header row is no taller than two lines, so the short headers (set at
  // its bottom) leave at most one line of blank under the caption.
  const worked = await rec.page.locator('llm-budget-lab[parts="table"]').evaluate((el) => {
    const root = el.shadowRoot;
    const caption = root.querySelector('caption').getBoundingClientRect();
    const first = root.querySelector('thead th');
    const range = document.createRange();
    range.selectNodeContents(first);
    const text = range.getBoundingClientRect();
    return { gap: text.top - caption.bottom, line: parseFloat(getComputedStyle(first).lineHeight) };
  });
  assert.ok(worked.line > 15, `a line is ${worked.line} px`);
  assert.ok(worked.gap <= worked.line * 1.5, `blank band under the caption ${worked.gap.toFixed(0)} px (at most ${(worked.line * 1.5).toFixed(0)})`);
  assertQuiet(rec);
  await rec.context.close();
});

test('lesson at 360 x 740: the measured table scrolls with a written cue, shows three columns at once and keeps its row labels in view', async () => {
  const rec = await openPhoneLesson();
  const measured = rec.page.locator('llm-budget-lab[parts="measured"]');
  await measured.scrollIntoViewIfNeeded();
  const hint = measured.locator('[data-out="measured-scroll-hint"]');
  await hint.waitFor({ state: 'visible', timeout: 5000 });
  assert.equal(await hint.textContent(), 'Scroll the table sideways for more columns →');
  const m = await measured.evaluate((el) => {
    const wrap = el.shadowRoot.querySelector('.measured-table').parentElement;
    const box = wrap.getBoundingClientRect();
    const heads = [...el.shadowRoot.querySelectorAll('.measured-table thead th')].map((th) => th.getBoundingClientRect());
    const fullyShown = heads.filter((r) => r.left >= box.left - 1 && r.right <= box.right + 1).length;
    wrap.scrollLeft = wrap.scrollWidth;
    const label = el.shadowRoot.querySelector('.measured-table tbody th').getBoundingClientRect();
    return { fullyShown, overflow: wrap.scrollWidth > wrap.clientWidth, labelLeft: label.left, labelRight: label.right, boxLeft: box.left };
  });
  assert.ok(m.overflow, 'the measured table is wider than the column at 360 px');
  assert.ok(m.fullyShown >= 3, `${m.fullyShown} columns fully on screen (at least 3)`);
  assert.ok(m.labelLeft >= m.boxLeft - 1 && m.labelRight > m.boxLeft + 40, 'the row label stays in view scrolled to the right');
  assertQuiet(rec);
  await rec.context.close();
});

test('lesson at 360 x 740: every display formula fits the column', async () => {
  const rec = await openPhoneLesson();
  const formulas = await rec.page.evaluate(() => [...document.querySelectorAll('.math-display')]
    .map((e) => ({ text: e.textContent.slice(0, 24), scroll: e.scrollWidth, client: e.clientWidth })));
  assert.ok(formulas.length >= 6, `${formulas.length} display formulas`);
  for (const f of formulas) assert.ok(f.scroll <= f.client, `formula "${f.text}" fits (${f.scroll} > ${f.client})`);
  assertQuiet(rec);
  await rec.context.close();
});

test('lesson at 360 x 740: the attention chart\'s marker label crosses neither curve', async () => {
  const rec = await openPhoneLesson();
  // Points along each curve's path, one per pixel of its length, inside the label's box (1 px to spare).
  const crossings = await rec.page.locator('llm-budget-lab[parts="attention"]').evaluate((el) => {
    const svg = el.shadowRoot.querySelector('.part-attention svg');
    const label = svg.querySelector('text.marker-label').getBBox();
    const inside = (p) => p.x >= label.x - 1 && p.x <= label.x + label.width + 1 && p.y >= label.y - 1 && p.y <= label.y + label.height + 1;
    const out = {};
    for (const path of svg.querySelectorAll('path.series')) {
      const length = path.getTotalLength();
      let n = 0;
      for (let s = 0; s <= length; s += 1) if (inside(path.getPointAtLength(s))) n += 1;
      out[path.getAttribute('class')] = n;
    }
    return { out, width: svg.getBoundingClientRect().width, text: svg.querySelector('text.marker-label').textContent };
  });
  assert.equal(crossings.text, 'now: 8,192 tokens', 'the lesson default context');
  assert.ok(crossings.width < 340, `a phone-width chart (${crossings.width} px)`);
  assert.deepEqual(Object.keys(crossings.out).sort(), ['series series-stored', 'series series-tiled']);
  for (const [series, n] of Object.entries(crossings.out)) assert.equal(n, 0, `marker label over ${series}`);
  assertQuiet(rec);
  await rec.context.close();
});
