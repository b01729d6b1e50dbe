// Numbers before scripts: dist/index.html holds each element's
// default drawing as a declarative shadow root, written by the build from the
// wasm core (web/prerender). With JavaScript off the page shows the
// calculator's results, the worked table, the charts and their data tables;
// those texts equal what the live page shows once its scripts have run; and
// the live element takes the written one's place without moving anything,
// restoring the quiz's saved answers.
// Expected numbers come from tests/data/seed-values.json: the calculator
// starts on the lesson's second row (7B, 8 KV heads, 16-bit, batch 16, 8,192
// tokens: 31.2 GB, 32.1 tokens/s per request, 513 in all).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  REPO, DIST, OUT, openSession, closeSession, assertQuiet, recordedPage, waitReady,
} from './lib/harness.mjs';

const SEED = JSON.parse(readFileSync(path.join(REPO, 'tests/data/seed-values.json'), 'utf8'));
const START_ROW = SEED.budget_rows.find((r) => r.inputs.kv_heads === 8 && r.inputs.weight_bytes_per_param === 2
  && r.inputs.cache_bytes_per_value === 2 && r.inputs.batch === 16).displayed;

const CALC = 'llm-budget-lab[parts="calculator"]';

let browser;
let server;

before(async () => { ({ browser, server } = await openSession({ csp: true })); });
after(() => closeSession({ browser, server }));

/**
 * What each <llm-budget-lab> shows, read in the page: its `parts`, every
 * [data-out] text, and the text of its drawing without the charts' SVG (whose
 * axis ticks follow the drawn width) and without the printed link (the
 * written copy says "index.html" where the live one gives the full address).
 */
function readLabs() {
  return [...document.querySelectorAll('llm-budget-lab')].map((host) => {
    const lab = host.shadowRoot && host.shadowRoot.querySelector('.lab:not([hidden])');
    if (!lab) return { parts: host.getAttribute('parts'), outputs: [], text: '' };
    const copy = lab.cloneNode(true);
    for (const el of copy.querySelectorAll('svg, .calc-link-print')) el.remove();
    return {
      parts: host.getAttribute('parts'),
      outputs: [...lab.querySelectorAll('[data-out]')].map((el) => [el.dataset.out, el.textContent.trim()]),
      text: copy.textContent.replace(/\s+/g, ' ').trim(),
    };
  });
}

/** Opens every chart's data table in the live page (the written page has them built for print). */
async function openDataTables(page) {
  await page.evaluate(() => {
    for (const host of document.querySelectorAll('llm-budget-lab')) {
      for (const d of host.shadowRoot.querySelectorAll('details.chart-data')) d.open = true;
    }
  });
  await page.waitForFunction(() => [...document.querySelectorAll('llm-budget-lab')].every((host) =>
    [...host.shadowRoot.querySelectorAll('details.chart-data')].every((d) => d.querySelector('tbody tr'))));
}

/** How many pixels differ between two PNG screenshots of one size (decoded and compared in the page). */
function differingPixels(page, a, b) {
  return page.evaluate(async ([first, second]) => {
    const pixels = async (base64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${base64}`;
      await img.decode();
      const canvas = new OffscreenCanvas(img.width, img.height);
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0);
      return g.getImageData(0, 0, img.width, img.height).data;
    };
    const [x, y] = [await pixels(first), await pixels(second)];
    if (x.length !== y.length) return Infinity;
    let n = 0;
    for (let i = 0; i < x.length; i += 4) if (x[i] !== y[i] || x[i + 1] !== y[i + 1] || x[i + 2] !== y[i + 2]) n += 1;
    return n;
  }, [a.toString('base64'), b.toString('base64')]);
}

test('dist/index.html: one declarative shadow root per element, nothing the strict CSP blocks', () => {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const elements = html.match(/<llm-budget-lab\b/g).length;
  assert.equal(html.match(/<llm-budget-lab\b[^>]*><template shadowrootmode="open"><link rel="stylesheet" href="llm-budget-lab.css">/g).length,
    elements, 'each element starts with its shadow root and the shadow stylesheet');
  assert.doesNotMatch(html, /\sstyle\s*=|<style[\s>]/, 'no inline style');
  assert.doesNotMatch(html, /prerender\.invalid/, 'the build\'s own address is not written');
});

test('with JavaScript off, on screen and in print: results, worked table, charts and data tables, controls disabled', async () => {
  const rec = await recordedPage(browser, { javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const { page } = rec;
  await page.goto(`${server.url}index.html`);
  const calc = page.locator(CALC);
  const out = (key) => calc.locator(`[data-out="${key}"]`).textContent();
  assert.equal(await out('verdict'), 'Fits');
  assert.equal(await out('weight_bytes'), '14.0 GB');
  assert.equal(await out('total_bytes'), `${START_ROW.memory_gb} GB`);
  assert.equal(await out('per_request_tokens_per_s'), `${START_ROW.per_request_tokens_per_s} tokens/s`);
  assert.equal(await out('total_tokens_per_s'), `${START_ROW.total_tokens_per_s} tokens/s`);
  assert.equal(await calc.locator('input.field-text[data-field="batch"]').inputValue(), '16');
  assert.equal(await calc.locator('.lab').isVisible(), true, 'the written drawing is shown (not hidden for a stylesheet)');

  // The worked table: the lesson's six rows with its memory column.
  const memory = await page.locator('llm-budget-lab[parts="table"] td[data-col="memory"]').allTextContents();
  assert.deepEqual(memory.map(Number), SEED.budget_rows.map((r) => r.displayed.memory_gb));

  // Every chart: a drawn SVG (a line or bars), its summary, and its data table already built.
  for (const parts of ['memory-chart', 'batch-chart', 'speculative', 'attention']) {
    const lab = page.locator(`llm-budget-lab[parts="${parts}"]`);
    assert.ok(await lab.locator('svg.chart-canvas path[d^="M"], svg.chart-canvas rect[data-bar]').count() > 0, `${parts}: drawn`);
    assert.ok((await lab.locator('[data-out="chart-summary"]').first().textContent()).length > 20, `${parts}: summary`);
    assert.ok(await lab.locator('details.chart-data tbody tr').count() > 0, `${parts}: data table`);
  }
  assert.equal(await page.locator('llm-budget-lab[parts="memory-chart"] rect.bar-weights[data-bar]').count(), 7);

  // Nothing pretends to work: every control is disabled.
  const controls = await page.locator('llm-budget-lab').evaluateAll((hosts) => hosts.flatMap((host) =>
    [...host.shadowRoot.querySelectorAll('input, select, textarea, button')].map((c) => c.disabled)));
  assert.ok(controls.length > 50, `controls found (${controls.length})`);
  assert.ok(controls.every(Boolean), 'every written control is disabled');
  await page.screenshot({ path: path.join(OUT, 'prerender-no-js-calculator.png') });

  // In print (still without scripts) the charts' data tables show expanded,
  // and the calculator's printed link names the page.
  await page.emulateMedia({ media: 'print' });
  for (const parts of ['memory-chart', 'batch-chart', 'speculative', 'attention']) {
    assert.equal(await page.locator(`llm-budget-lab[parts="${parts}"] details.chart-data table`).isVisible(), true, `${parts}: table printed`);
  }
  assert.equal(await calc.locator('.calc-link-print').textContent(), 'Link to this configuration: index.html');
  assert.equal(await calc.locator('.calc-link-print').isVisible(), true);
  assert.equal(await calc.locator('[data-out="total_tokens_per_s"]').isVisible(), true);
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});

test('the written drawing says what the live page says after its scripts run (same default state)', async () => {
  const off = await recordedPage(browser, { javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  await off.page.goto(`${server.url}index.html`);
  const written = await off.page.evaluate(readLabs);
  await off.context.close();

  const on = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await on.page.goto(`${server.url}index.html`);
  await waitReady(on.page);
  await on.page.waitForFunction(() => [...document.querySelectorAll('llm-budget-lab')].every((host) =>
    [...host.shadowRoot.querySelectorAll('[data-state]')].every((el) => el.dataset.state === 'ready')));
  await openDataTables(on.page);
  const live = await on.page.evaluate(readLabs);

  assert.deepEqual(written.map((l) => l.parts), live.map((l) => l.parts));
  const calc = live.find((l) => l.parts === 'calculator');
  assert.ok(calc.outputs.some(([k, v]) => k === 'total_tokens_per_s' && v === `${START_ROW.total_tokens_per_s} tokens/s`));
  // The KV practice and the quiz's "find the mistake" drills draw new numbers
  // on every visit (the core's generators with a fresh seed): their written
  // copy is one such draw, so their text is compared with every number (and a
  // drill's yes/no verdicts) masked.
  const maskNumbers = (text) => text.replace(/\d[\d,.]*\d|\d/g, '#');
  const maskDrills = (text) => {
    const at = text.indexOf('Find the mistake');
    return at < 0 ? text : text.slice(0, at) + maskNumbers(text.slice(at)).replace(/Fits: (yes|no)\./g, 'Fits: #.');
  };
  const masked = (l) => (l.parts === 'kv-practice' ? maskNumbers(l.text) : l.parts === 'quiz' ? maskDrills(l.text) : l.text);
  for (let i = 0; i < live.length; i += 1) {
    assert.ok(live[i].text.length > 100, `${live[i].parts}: the live drawing has text`);
    assert.deepEqual(written[i].outputs, live[i].outputs, `${live[i].parts}: every [data-out] value`);
    assert.equal(masked(written[i]), masked(live[i]), `${live[i].parts}: the whole text`);
  }
  assertQuiet(on);
  await on.context.close();
});

test('takeover in view of the calculator: no layout shift, every element and number keeps its box, the picture stays', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page, context } = rec;
  await context.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__shifts.push({ value: e.value, hadRecentInput: e.hadRecentInput });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The element's script is held back until the written page has been shown
  // and scrolled to the calculator, so the takeover happens in view.
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  await context.route('**/llm-budget-lab.js', async (route) => { await released; await route.continue(); });
  await page.goto(`${server.url}index.html`, { waitUntil: 'commit' });
  const calc = page.locator(CALC);
  // Parsed to the end ('interactive' comes before deferred scripts run).
  await page.waitForFunction(() => document.readyState === 'interactive');
  await calc.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const boxes = () => page.evaluate(() => {
    const at = (el) => { const r = el.getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]; };
    return [...document.querySelectorAll('llm-budget-lab')].flatMap((host) => [
      [host.getAttribute('parts'), at(host)],
      ...[...host.shadowRoot.querySelectorAll('.lab:not([hidden]) [data-out]')].map((el) => [`${host.getAttribute('parts')}:${el.dataset.out}`, at(el)]),
    ]);
  });
  // The quiz's "find the mistake" drills and the KV practice draw fresh numbers on every
  // visit (a new seed), so their text, and with it their height, may wrap to one line more
  // or less than the written drawing's. They are the page's last two elements: the quiz
  // keeps its place and width; what is inside them and below is left out of the comparison.
  const FRESH = new Set(['quiz', 'kv-practice']);
  const steady = (list) => list.map(([name, box]) => {
    const part = name.split(':')[0];
    if (!FRESH.has(part)) return [name, box];
    return name === part ? [name, box.slice(0, 3)] : null;
  }).filter((row) => row && !(row[0] === 'kv-practice'));
  const before = await boxes();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.labReady), undefined, 'not live yet');
  assert.equal(await calc.getAttribute('ready'), null);
  const shot = () => page.screenshot({ mask: [page.locator('llm-budget-lab input, llm-budget-lab button')] });
  const beforeShot = await shot();
  release();
  await waitReady(page);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const after = await boxes();
  const afterShot = await shot();

  // Layout instability: Chrome reports each shift's score as impact fraction
  // times distance fraction of the viewport; a block of text moving by even
  // one line in view scores above 0.001. The written drawing and the live one
  // have the same boxes, so the sum must be ~0 (Chrome's "good" is 0.1).
  const shifts = await page.evaluate(() => window.__shifts);
  const cls = shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
  assert.ok(cls <= 0.001, `cumulative layout shift ${cls} (${JSON.stringify(shifts)})`);
  assert.deepEqual(steady(after), steady(before), 'every element and every [data-out] has the same box before and after the takeover');
  // The viewport on the calculator is the same picture (controls masked: the
  // written ones are disabled, so drawn greyed). A few pixels of text may be
  // smoothed differently when the new nodes are rasterised; a block that
  // blanked or moved would change tens of thousands of the 1,024,000.
  const changed = await differingPixels(page, beforeShot, afterShot);
  assert.ok(changed <= 1000, `${changed} pixels of the viewport changed at the takeover`);
  assertQuiet(rec);
  await context.close();
});

test('quiz: the written questions take no typing; a saved answer comes back when the live quiz takes over', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page, context } = rec;
  const total = 'llm-budget-lab [data-part="quiz"] [data-question="q1-fit"] [data-step="total"]';
  await page.goto(`${server.url}index.html`);
  await page.waitForSelector('llm-budget-lab [data-part="quiz"][data-state="ready"]');
  await page.locator(`${total} input`).fill('53 GB');
  await page.locator(`${total} button.quiz-check`).click();
  assert.equal(await page.locator(`${total} [data-feedback]`).getAttribute('data-verdict'), 'correct');

  let release;
  const released = new Promise((resolve) => { release = resolve; });
  await context.route('**/llm-budget-lab.js', async (route) => { await released; await route.continue(); });
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState === 'interactive');
  const written = page.locator('llm-budget-lab [data-part="quiz"][data-state="prerendered"] [data-question="q1-fit"] [data-step="total"] input');
  assert.equal(await written.isDisabled(), true, 'the written answer field is disabled');
  assert.equal(await written.inputValue(), '', 'the written copy is the default state');
  release();
  await page.waitForSelector('llm-budget-lab [data-part="quiz"][data-state="ready"]');
  assert.equal(await page.locator(`${total} input`).inputValue(), '53 GB');
  assert.equal(await page.locator(`${total} [data-feedback]`).getAttribute('data-verdict'), 'correct');
  assertQuiet(rec);
  await context.close();
});

test('on a phone, a chart on screen when the script arrives keeps its height: nothing below it moves', async () => {
  for (const part of ['batch-chart', 'memory-chart', 'attention', 'speculative']) {
    const rec = await recordedPage(browser, { viewport: { width: 360, height: 740 } });
    const { page } = rec;
    let release;
    const held = new Promise((r) => { release = r; });
    await page.route('**/llm-budget-lab.js', async (route) => { await held; await route.continue(); });
    await page.addInitScript(() => {
      window.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(server.url, { waitUntil: 'commit' });
    const host = `llm-budget-lab[parts="${part}"]`;
    await page.waitForSelector('llm-budget-lab[parts="quiz"]', { state: 'attached' });
    const measure = () => page.evaluate((q) => {
      const el = document.querySelector(q);
      return { host: el.getBoundingClientRect().height, svg: el.shadowRoot.querySelector('svg.chart-canvas').getBoundingClientRect().height };
    }, host);
    // Scrolled into view and laid out there: two frames rendered after the scroll.
    await page.evaluate((q) => new Promise((r) => {
      document.querySelector(q).scrollIntoView();
      requestAnimationFrame(() => requestAnimationFrame(r));
    }), host);
    const before = await measure();
    const shiftBefore = await page.evaluate(() => window.__shift);
    release();
    await waitReady(page);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const after = await measure();
    assert.deepEqual(after, before, `${part}: the same boxes before and after the takeover`);
    // The bound used above for the takeover in view: a line of text moving scores more.
    assert.ok(await page.evaluate(() => window.__shift) - shiftBefore <= 0.001, `${part}: no layout shift`);
    await rec.context.close();
  }
});
