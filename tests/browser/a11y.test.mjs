// Accessibility: axe-core with the WCAG 2.0/2.1/2.2 A and AA tags on
// the lesson page, the embed page and the instructors' page, light and dark,
// 1280 and 360 px wide, and the SCORM package's launch page;
// a keyboard-only walk through the calculator (order, visible focus, operating
// sliders and buttons); results announced through a live region; no sideways
// scrolling at 640 px (200 % of a 1280 px window) and 320 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { pooledPage } from './lib/page-pool.mjs';
import { DIST, openSession, closeSession, serveDist, waitReady, renderAllSections, declaredInputs } from './lib/harness.mjs';

let browser;
let server;
let scorm; // the SCORM package's files, unzipped and served as an LMS would
let scormDir;

before(async () => {
  ({ browser, server } = await openSession());
  scormDir = mkdtempSync(path.join(tmpdir(), 'llmb-a11y-scorm-'));
  for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(readFileSync(path.join(DIST, 'llm-budget-lab-scorm.zip')))))) {
    mkdirSync(path.dirname(path.join(scormDir, name)), { recursive: true });
    writeFileSync(path.join(scormDir, name), bytes);
  }
  scorm = await serveDist({ root: scormDir });
});
after(async () => {
  await closeSession({ browser, server });
  if (scorm) await scorm.close();
  if (scormDir) rmSync(scormDir, { recursive: true, force: true });
});

const PAGES = ['index.html', 'embed.html?parts=all', 'instructors.html'];

async function open(pathAndQuery, options = {}, base = server.url) {
  const { context, page } = await pooledPage(browser, { viewport: { width: 1280, height: 800 }, ...options });
  await page.goto(base + pathAndQuery);
  await waitReady(page);
  return { context, page };
}

// A desktop window and a phone (360 x 740, where formulas, tables and the
// compact results bar are laid out differently).
const VIEWPORTS = [{ width: 1280, height: 800 }, { width: 360, height: 740 }];

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

// The rules among AXE_TAGS that read colours (text against its background, a
// link against the text around it). Every other rule reads the DOM, ARIA and
// the layout (sizes, positions, display, visibility, overflow, fonts, generated
// content), which layoutOf() records.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * What every non-colour axe rule reads of one document (run in the page, per
 * frame): each element, through open shadow roots, as its tag, attributes,
 * own text, box and the computed properties that decide whether and how it is
 * shown, in document order. Two equal records mean the same results from
 * those rules.
 * @returns {string} one line per element
 */
function layoutOf() {
  const PROPS = ['display', 'visibility', 'opacity', 'position', 'overflow-x', 'overflow-y', 'font-size',
    'font-weight', 'font-style', 'text-decoration-line', 'pointer-events', 'z-index', 'content-visibility'];
  const lines = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      const cs = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.data).join('');
      lines.push([el.tagName, [...el.attributes].map((a) => `${a.name}=${a.value}`).join(' '), text,
        [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10)).join(','),
        PROPS.map((prop) => cs.getPropertyValue(prop)).join(','),
        getComputedStyle(el, '::before').content, getComputedStyle(el, '::after').content].join('|'));
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return lines.join('\n');
}

/**
 * True once a document has nothing left to draw (run in the page, per frame):
 * no far element waiting to be redrawn and no part computing in the
 * background ([data-busy], through open shadow roots). A page is ready when
 * its elements are drawn; a traffic search or a ranking started on arrival
 * may still be running then, and its end changes an attribute.
 */
function settled() {
  if (document.documentElement.dataset.labRedrawPending === 'true') return false;
  const busy = (root) => root.querySelector('[data-busy]') !== null
    || [...root.querySelectorAll('*')].some((el) => el.shadowRoot && busy(el.shadowRoot));
  return !busy(document);
}

/** layoutOf() for every frame of `page`, main frame first. */
async function pageLayout(page) {
  return (await Promise.all(page.frames().map((f) => f.evaluate(layoutOf)))).join('\n--- frame\n');
}

// One page load per page and width serves both colour schemes: axe runs every
// rule in the light scheme; the page then switches to dark (emulateMedia: the
// lab's dark colours are CSS only, no script reads the scheme) and, when its
// DOM and layout are the same as in light (layoutOf), the non-colour rules'
// results are too, so axe runs the colour rules again; when anything differs
// it runs every rule again.
for (const viewport of VIEWPORTS) {
  test(`axe (wcag2a, wcag2aa, wcag21aa, wcag22aa) finds no violation at ${viewport.width} px, light and dark`, async () => {
    // The SCORM package's launch page, opened without an LMS (it says so once, in a status line).
    const pages = [...PAGES.map((p) => [p, server.url]), ['index.html', scorm.url, 'SCORM launch page']];
    const checks = pages.map(([p, base, name = p]) => ({ p, base, name }));
    const analyze = (page, rules) => {
      // Legacy mode runs axe in the page's own frames (same-origin frames included) without
      // opening a blank page to gather the results: the same rules and results, about a third
      // less CPU per check (36 s instead of 53 s for the six checks of one run on this machine).
      const builder = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true);
      return (rules ? builder.withRules(rules) : builder).analyze();
    };
    const violations = (result) => result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' > ')).join(' | ')}`);
    // A target given as a selector array is a node inside a shadow root: the element was checked too.
    const insideElement = (rule) => rule.nodes.some((n) => n.target.some((t) => Array.isArray(t)));
    const checkOne = async ({ p, base, name }) => {
      const { context, page } = await open(p, { colorScheme: 'light', viewport }, base);
      try {
        // Settled first, so that the light run and the layout it is compared by describe one state.
        for (const frame of page.frames()) await frame.waitForFunction(settled, null, { timeout: 20000 });
        const lightLayout = await pageLayout(page);
        const light = await analyze(page);
        assert.deepEqual(violations(light), [], `${name} (light, ${viewport.width} px)`);
        assert.ok(light.passes.length > 10, 'axe actually ran its rules');
        assert.ok(light.passes.some(insideElement), 'axe looked inside the element');

        await page.emulateMedia({ colorScheme: 'dark' });
        assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), true, 'the page is dark now');
        const sameLayout = (await pageLayout(page)) === lightLayout;
        const dark = await analyze(page, sameLayout ? COLOUR_RULES : null);
        assert.deepEqual(violations(dark), [], `${name} (dark, ${viewport.width} px)`);
        if (sameLayout) {
          assert.ok(dark.passes.some((r) => r.id === 'color-contrast' && insideElement(r)), 'axe checked the contrast inside the element, dark');
        } else {
          assert.ok(dark.passes.length > 10, 'axe actually ran its rules, dark');
          assert.ok(dark.passes.some(insideElement), 'axe looked inside the element, dark');
        }
      } finally {
        await context.close();
      }
    };
    // Two pages at a time, each in its own context: axe's analysis is script
    // in one renderer, so two use the machine's two cores (nothing here is timed).
    for (let i = 0; i < checks.length; i += 2) await Promise.all(checks.slice(i, i + 2).map(checkOne));
  });
}

/** The focused element, looking through shadow roots, described for the test. */
function focusedInfo() {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body) return null;
  const cs = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  const root = el.getRootNode();
  const focusables = [...root.querySelectorAll('input, button, select, textarea, a[href], summary, [tabindex]')]
    .filter((x) => x.tabIndex >= 0 && !x.disabled && x.getClientRects().length > 0);
  return {
    key: `${el.tagName.toLowerCase()}|${el.type || ''}|${el.dataset.field || el.dataset.bits || el.textContent.trim().slice(0, 30)}`,
    field: el.dataset.field || null,
    type: el.type || null,
    inShadow: root !== document,
    domIndex: focusables.indexOf(el),
    visible: (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2) || cs.boxShadow !== 'none',
    onScreen: r.width > 0 && r.height > 0,
  };
}

test('keyboard only: Tab reaches every calculator control in order with a visible focus, and operates them', async () => {
  const { context, page } = await open('embed.html?parts=calculator');
  const lab = page.locator('llm-budget-lab');
  const expected = await lab.evaluate((el) => [...el.shadowRoot.querySelectorAll('input, button, select, textarea, a[href], summary, [tabindex]')]
    .filter((x) => x.tabIndex >= 0 && !x.disabled && x.getClientRects().length > 0).length);
  const walk = [];
  for (let i = 0; i < expected + 2; i += 1) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(focusedInfo);
    if (!info) break;
    walk.push(info);
  }
  const inLab = walk.filter((w) => w.inShadow);
  assert.equal(inLab.length, expected, `Tab reached every control (${inLab.length} of ${expected})`);
  assert.deepEqual(inLab.map((w) => w.domIndex), inLab.map((_, i) => i), 'Tab order is the reading order');
  for (const w of inLab) {
    assert.ok(w.visible, `visible focus on ${w.key}`);
    assert.ok(w.onScreen, `${w.key} is on screen`);
  }
  // Every declared input has a slider and a number field.
  const declared = (await declaredInputs()).map((f) => f.name).sort();
  assert.deepEqual([...new Set(inLab.filter((w) => w.type === 'range').map((w) => w.field))].sort(), declared);
  assert.deepEqual([...new Set(inLab.filter((w) => w.type === 'text').map((w) => w.field))].sort(), declared);

  // Operate by keyboard: back to the start, Tab to the batch slider, press keys.
  await page.evaluate(() => document.activeElement.blur());
  const total = () => lab.locator('[data-out="total_bytes"]').textContent();
  const batchText = () => lab.locator('input.field-text[data-field="batch"]').inputValue();
  let guard = 0;
  while ((await page.evaluate(focusedInfo))?.key !== 'input|range|batch' && guard < expected + 2) {
    await page.keyboard.press('Tab');
    guard += 1;
  }
  assert.equal((await page.evaluate(focusedInfo)).key, 'input|range|batch');
  await page.keyboard.press('Home');
  assert.equal(await batchText(), '1');
  // Batch 1 on the lesson's default 7B (GQA-8, 16-bit, 8,192 tokens): 15.1 GB (seed-values.json).
  assert.equal(await total(), '15.1 GB');
  await page.keyboard.press('PageUp');
  assert.ok(Number(await batchText()) > 1, 'PageUp raised the batch');
  // The change is announced politely in the element's live region.
  const live = lab.locator('.sr-only[aria-live="polite"]');
  await page.waitForFunction((el) => el.shadowRoot.querySelector('.sr-only[aria-live="polite"]').textContent.length > 0,
    await lab.elementHandle(), { timeout: 5000 });
  assert.match(await live.textContent(), /GB/);
  // Tab on to the paired number field, type a value, then Shift+Tab back to the slider.
  await page.keyboard.press('Tab');
  assert.equal((await page.evaluate(focusedInfo)).key, 'input|text|batch');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('16');
  assert.equal(await total(), '31.2 GB', 'typed batch 16 is the lesson default row');
  await page.keyboard.press('Shift+Tab');
  assert.equal((await page.evaluate(focusedInfo)).key, 'input|range|batch');
  // A precision button operates with Space.
  for (let i = 0; i < expected && !(await page.evaluate(focusedInfo))?.key.startsWith('button|button|8'); i += 1) {
    await page.keyboard.press('Shift+Tab');
  }
  assert.match((await page.evaluate(focusedInfo)).key, /^button\|button\|8$/, 'Shift+Tab reaches the 8-bit button');
  await page.keyboard.press('Space');
  const pressed = await page.evaluate(() => {
    let el = document.activeElement;
    while (el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    return el.getAttribute('aria-pressed');
  });
  assert.equal(pressed, 'true');
  await context.close();
});

test('quiz feedback and results use live regions', async () => {
  const { context, page } = await open('embed.html?parts=calculator%20quiz');
  const counts = await page.locator('llm-budget-lab').evaluate((el) => ({
    results: el.shadowRoot.querySelectorAll('.sr-only[aria-live="polite"]').length,
    quiz: el.shadowRoot.querySelectorAll('.part-quiz [role="status"], .part-quiz [aria-live]').length,
  }));
  assert.ok(counts.results >= 1, 'results live region');
  assert.ok(counts.quiz >= 1, 'quiz feedback live region');
  await context.close();
});

test('the results are announced after the reader changes an input, not on arrival', async () => {
  const { context, page } = await open('embed.html?parts=calculator');
  const live = page.locator('llm-budget-lab .sr-only[aria-live="polite"]');
  // An announcement is written 800 ms after its paint (lab-render.js). A timer
  // of the same delay started now, after the first paint, fires after any
  // timer the first paint started, however slow the machine.
  await page.evaluate(() => new Promise((resolve) => { setTimeout(resolve, 800); }));
  assert.equal(await live.textContent(), '', 'nothing announced on arrival');
  await page.locator('llm-budget-lab input.field-text[data-field="batch"]').fill('1');
  // Batch 1 on the default 7B (GQA-8, 16-bit, 8,192 tokens): 15.1 GB (seed-values.json).
  await page.locator('llm-budget-lab .sr-only[aria-live="polite"]:not(:empty)').waitFor({ state: 'attached', timeout: 5000 });
  assert.match(await live.textContent(), /^Fits: 15\.1 GB of 80\.0 GB/);
  await context.close();
});

test('a link or a tour step the page opens with is shown, not announced', async () => {
  for (const address of ['index.html#lab:batch=64', 'index.html#tour=decision/2']) {
    const { context, page } = await open(address);
    // The calculator has drawn the state the address gave (its results are not waiting for a redraw).
    await page.waitForFunction(() => document.documentElement.dataset.labRedrawPending !== 'true');
    if (address.includes('lab:')) {
      assert.equal(await page.locator('llm-budget-lab[parts="calculator"] input.field-text[data-field="batch"]').inputValue(), '64');
    } else {
      await page.waitForFunction(() => document.documentElement.dataset.tourStep === 'decision/2');
      await page.waitForFunction(() => document.documentElement.dataset.labRedrawPending !== 'true');
    }
    // As above: a timer of the announcement's delay started now fires after any the paint started.
    await page.evaluate(() => new Promise((resolve) => { setTimeout(resolve, 800); }));
    const said = await page.locator('llm-budget-lab .sr-only[aria-live="polite"]').allTextContents();
    assert.deepEqual(said.filter(Boolean), [], `${address}: nothing announced on arrival`);
    await context.close();
  }
});

test('a preset chosen before the calculator is drawn is announced when it is', async () => {
  const { context, page } = await pooledPage(browser, { viewport: { width: 1280, height: 800 } });
  // The lesson page: the presets and the calculator are two elements of one group. The
  // calculator's script is held back until a preset is chosen.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/llm-budget-lab-part-calculator.js', async (route) => { await held; await route.continue(); });
  await page.goto(`${server.url}index.html`);
  await page.waitForFunction(() => {
    const host = document.querySelector('llm-budget-lab[parts="presets"]');
    const b = host && host.shadowRoot && host.shadowRoot.querySelector('button.preset[data-preset="lesson-gqa8-16-b64"]');
    return b && !b.disabled; // the build's copy's buttons are disabled until the live part takes over
  });
  await page.locator('llm-budget-lab[parts="presets"] button.preset[data-preset="lesson-gqa8-16-b64"]').click();
  release();
  await waitReady(page);
  // B = 64 of the lesson's 7B (GQA-8, 16-bit): 14 GB of weights + 68.7 GB of KV cache = 82.7 GB (seed-values.json).
  const live = 'llm-budget-lab[parts="calculator"] .sr-only[aria-live="polite"]';
  await page.locator(`${live}:not(:empty)`).waitFor({ state: 'attached' });
  assert.match(await page.locator(live).textContent(), /^Does not fit: 82\.7 GB of 80\.0 GB/);
  await page.unroute('**/llm-budget-lab-part-calculator.js');
  await context.close();
});

test('no horizontal scrolling at 640 px (200 % zoom of 1280) and 320 px', async () => {
  for (const width of [640, 320]) {
    for (const p of PAGES) {
      const { context, page } = await open(p, { viewport: { width, height: 800 } });
      await renderAllSections(page);
      const [scrollWidth, clientWidth] = await page.evaluate(
        () => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.ok(scrollWidth <= clientWidth, `${p} at ${width}px: ${scrollWidth} > ${clientWidth}`);
      await context.close();
    }
  }
});

test('print: results and charts are printed, controls are not', async () => {
  const { context, page } = await open('embed.html?parts=calculator%20memory-chart');
  await page.emulateMedia({ media: 'print' });
  const shown = await page.locator('llm-budget-lab').evaluate((el) => {
    const q = (s) => el.shadowRoot.querySelector(s);
    const visible = (node) => !!node && node.getClientRects().length > 0;
    return { form: visible(q('.calc-form')), results: visible(q('.results')), chart: visible(q('.part-memory-chart svg')),
      range: visible(q('input.field-range')) };
  });
  assert.deepEqual(shown, { form: false, results: true, chart: true, range: false });
  await context.close();
});

test('reduced motion: no transition or animation runs', async () => {
  const { context, page } = await open('embed.html?parts=calculator', { reducedMotion: 'reduce' });
  const moving = await page.locator('llm-budget-lab').evaluate((el) => [...el.shadowRoot.querySelectorAll('*')]
    .filter((n) => { const cs = getComputedStyle(n); return parseFloat(cs.transitionDuration) > 0 || cs.animationName !== 'none'; }).length);
  assert.equal(moving, 0);
  await context.close();
});
