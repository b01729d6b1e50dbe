#!/usr/bin/env node
// Page budget bench: a benchmark, not a test. Needs a built dist/.
//
//   node tools/benchmarks/page.mjs (or tools/bench) [--runs N] [--steps N] [--no-lighthouse]
//
// Measures, in headless Debian chromium (playwright-core):
//   - size of every file in dist/, raw and gzip -9, and the totals a lesson
//     page visit and an embed of the element actually load;
//   - navigation -> ready (every <llm-budget-lab> in the first viewport drawn:
//     html[data-lab-view-ready]; the lesson page's first viewport holds none,
//     so the embed of the calculator is timed too), and the layout shift until
//     every element on the page is drawn,
//     over http (127.0.0.1) and from file://, median of N fresh page loads;
//     baseline: the same index.html with its scripts removed (no element, no
//     wasm), navigation -> load event;
//   - one input update over S batch-slider steps: set the slider's value,
//     dispatch `input` (store -> core plan + capacity -> every part redraws),
//     then force style and layout; median and 95th percentile; baseline: the
//     same steps on the scripts-off page (a slider nobody listens to);
//   - input -> next paint the way INP measures it (Event Timing entries) for
//     every slider and typed field of the lesson page, at 1280 x 800 and at
//     360 x 740 touch with the CPU 4x slower, beside a reference page that
//     only writes a number (tools/benchmarks/inp.mjs); --inp-only runs just
//     this, --inp-steps N sets the interactions per input (default 10),
//     --inp-match TEXT measures only the inputs whose name holds TEXT (case
//     ignored; the reference page is always measured), --inp-size desktop or
//     phone only that setting (both for iterating on a few inputs);
//   - input lost while an element is taken over: a drag on the calculator's
//     batch slider straight after arriving, at 1280 px, on a 4x phone and on a
//     4x phone over a slow mobile network (tools/benchmarks/first-input.mjs);
//   - Lighthouse 12.2.3 (if installed) on the lesson page, desktop preset: its four
//     scores (full report: build/lighthouse.json).
// --dist DIR measures another built folder (default dist/).
// Prints a table and writes bench/results.json.
import { chromium } from 'playwright-core';
import { readdirSync, readFileSync, writeFileSync, mkdirSync, mkdtempSync, cpSync, rmSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir, cpus } from 'node:os';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer } from '../serve.mjs';
import { CHROME, CHROME_ARGS } from './chromium.mjs';
import { firstInputs, firstInputLines } from './first-input.mjs';
import { WEIGHT_TARGETS_BYTES } from './weight.mjs';
import { readTestTimes, TIME_TARGETS_S } from './test-times.mjs';
import { measureInteractions, interactionLines, REFERENCE_HTML, REFERENCE_JS } from './inp.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let DIST = path.join(REPO, 'dist');
// The speed and weight targets (KB = 1,024 bytes, as printed).
const TARGETS = {
  bytes_before_ready_gzip: 50 * 1024,
  // The lesson page with every element drawn: the same target as tools/benchmarks/weight.mjs's.
  bytes_after_everything_gzip: WEIGHT_TARGETS_BYTES.lesson_page_everything_gzip,
  ready_to_baseline_ratio: 1.5,
  sweep_wasm_to_native_ratio: 3,
  plan_facade_ns: 2000,
  simulate_10000_ms: 50, // the serving simulation of 10,000 requests: well under this
  update_p95_ms: 4,
  update_p95_throttled_ms: 8,
  // Input -> next paint (Event Timing duration), p95 of every input, and its
  // ratio to the reference page's p95 in the same run.
  inp_desktop_p95_ms: 24,
  inp_desktop_ratio: 1.5,
  inp_phone_p95_ms: 64,
  inp_phone_ratio: 2,
  test_wall_s: TIME_TARGETS_S.test_wall,
};

function parseArgs(argv) {
  const o = { runs: 15, steps: 200, lighthouse: true, coreJson: null, inpOnly: false, inpSteps: 10, dist: null,
    inpMatch: '', inpSizes: ['desktop', 'phone_cpu_4x'] };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--runs') o.runs = Number(argv[++i]);
    else if (argv[i] === '--inp-only') o.inpOnly = true;
    else if (argv[i] === '--inp-steps') o.inpSteps = Number(argv[++i]);
    else if (argv[i] === '--inp-match') o.inpMatch = argv[++i];
    else if (argv[i] === '--inp-size') {
      const size = argv[++i];
      if (size !== 'desktop' && size !== 'phone') throw new Error(`--inp-size ${size}: use desktop or phone`);
      o.inpSizes = [size === 'phone' ? 'phone_cpu_4x' : 'desktop'];
    } else if (argv[i] === '--dist') o.dist = path.resolve(argv[++i]);
    else if (argv[i] === '--core-json') o.coreJson = argv[++i];
    else if (argv[i] === '--steps') o.steps = Number(argv[++i]);
    else if (argv[i] === '--no-lighthouse') o.lighthouse = false;
    else throw new Error(`unknown argument ${argv[i]} (use --runs N, --steps N, --inp-steps N, --inp-only, --inp-match TEXT, --inp-size desktop|phone, --dist DIR, --no-lighthouse)`);
  }
  if (!(o.runs >= 1 && o.steps >= 2 && o.inpSteps >= 2)) throw new Error('--runs must be >= 1, --steps and --inp-steps >= 2');
  return o;
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (pos - lo);
};
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

function sizes() {
  const files = readdirSync(DIST).filter((f) => !f.startsWith('.')).sort();
  const table = {};
  for (const f of files) {
    const buf = readFileSync(path.join(DIST, f));
    table[f] = { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  }
  const sum = (list) => list.filter((f) => table[f]).reduce((a, f) => ({ raw: a.raw + table[f].raw, gzip: a.gzip + table[f].gzip }), { raw: 0, gzip: 0 });
  return {
    files: table,
    total: sum(files),
    lesson_page: sum(['index.html', 'lesson.css', 'favicon.svg', 'llm-budget-lab.css', 'llm-budget-lab.wasm', ...files.filter((f) => /^llm-budget-lab(-core|-part-[a-z-]+)?\.js$/.test(f))]),
    element: sum(['llm-budget-lab.js', 'llm-budget-lab-core.js', 'llm-budget-lab.css', 'llm-budget-lab.wasm']),
  };
}

/**
 * Records performance.now() (ms since navigation start) when the page says
 * it is ready: every element in the first viewport drawn (data-lab-view-ready,
 * the bench's "ready"; elements further down start as they come near or in
 * idle time). Also sums layout shifts (CLS without session windows) until read.
 */
function readyProbe() {
  window.__readyAt = null;
  window.__layoutShift = 0;
  const check = () => {
    if (window.__readyAt === null && document.documentElement.dataset.labViewReady === 'true') window.__readyAt = performance.now();
  };
  new MutationObserver(check).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-lab-view-ready'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__layoutShift += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

async function timeReady(browser, url, runs, { baseline = false } = {}) {
  const times = [];
  const shifts = [];
  for (let i = 0; i < runs; i += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(readyProbe);
    await page.goto(url, { waitUntil: baseline ? 'load' : 'commit' });
    if (baseline) {
      times.push(await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd || performance.now()));
    } else {
      await page.waitForFunction(() => window.__readyAt !== null, null, { timeout: 20000 });
      times.push(await page.evaluate(() => window.__readyAt));
      // Layout shift until every element on the page is drawn (no scrolling).
      await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 20000 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      shifts.push(await page.evaluate(() => window.__layoutShift));
    }
    await context.close();
  }
  return { runs, median_ms: round(quantile(times, 0.5)), p95_ms: round(quantile(times, 0.95)), min_ms: round(Math.min(...times)),
    ...(shifts.length ? { layout_shift_median: round(quantile(shifts, 0.5), 4) } : {}) };
}

/**
 * Installed in every timed page (addInitScript): window.__stepSlider(range, n)
 * moves `range` n times, up then down so every step changes the value, and
 * returns the milliseconds of each step = input event + forced style and
 * layout of the light DOM and of the slider's shadow tree; it lets the page
 * paint every 10 steps.
 */
function sliderStepper() {
  window.__stepSlider = async (range, n) => {
    const lo = Number(range.min);
    const hi = Number(range.max);
    const host = range.getRootNode().host || document.body;
    const out = [];
    for (let i = 0; i < n; i += 1) {
      const f = i < n / 2 ? i / (n / 2) : (n - i) / (n / 2);
      range.value = String(lo + (hi - lo) * f);
      const t0 = performance.now();
      range.dispatchEvent(new Event('input', { bubbles: true }));
      void document.body.offsetHeight;
      void host.getBoundingClientRect();
      out.push(performance.now() - t0);
      if (i % 10 === 9) await new Promise((r) => requestAnimationFrame(r));
    }
    return out;
  };
}

/** In the page: S steps of the batch slider, each = input event + forced style/layout. */
async function timeUpdates(browser, url, steps, { baseline = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(sliderStepper);
  await page.goto(url);
  if (!baseline) await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 20000 });
  const times = await page.evaluate(async ({ n, baseline: base }) => {
    let range;
    if (base) {
      range = document.createElement('input');
      range.type = 'range';
      range.min = '0';
      range.max = '1000';
      document.body.append(range);
    } else {
      const lab = document.querySelector('llm-budget-lab[parts~="calculator"]') || document.querySelector('llm-budget-lab');
      range = lab.shadowRoot.querySelector('input.field-range[data-field="batch"]');
    }
    range.scrollIntoView({ block: 'center' }); // a reader moves a slider they can see
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return window.__stepSlider(range, n);
  }, { n: steps, baseline });
  await context.close();
  return { steps, median_ms: round(quantile(times, 0.5), 3), p95_ms: round(quantile(times, 0.95), 3), max_ms: round(Math.max(...times), 3) };
}

/**
 * gzip -9 bytes of the dist/ files a page requested: until ready, and after
 * scrolling to the end and using every part (details opened, a practice set,
 * a chart download).
 */
async function bytesLoaded(browser, url, viewport, gzipOf) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const requested = new Set();
  page.on('request', (r) => requested.add(new URL(r.url()).pathname.replace(/^\//, '') || 'index.html'));
  await page.addInitScript(readyProbe);
  await page.goto(url);
  await page.waitForFunction(() => window.__readyAt !== null, null, { timeout: 20000 });
  const sum = (list) => list.reduce((a, f) => a + (gzipOf[f] || 0), 0);
  // What was requested before the ready moment (elements further down start
  // right after it in idle time, so a later count would include them).
  const filesBeforeReady = await page.evaluate(() => [new URL(location.href).pathname, ...performance.getEntriesByType('resource')
    .filter((e) => e.startTime <= window.__readyAt).map((e) => new URL(e.name).pathname)]
    .map((p) => p.replace(/^.*\//, '') || 'index.html'));
  const beforeReady = sum([...new Set(filesBeforeReady)]);
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(r));
    }
    for (const lab of document.querySelectorAll('llm-budget-lab')) {
      for (const d of lab.shadowRoot.querySelectorAll('details')) d.open = true;
      const practice = lab.shadowRoot.querySelector('button[data-action="practice"]');
      if (practice) practice.click();
    }
  });
  await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 20000 });
  await page.waitForTimeout(500);
  const after = sum([...requested]);
  await context.close();
  return { before_ready_gzip: beforeReady, after_everything_gzip: after, files_before_ready: [...new Set(filesBeforeReady)].sort(), files: [...requested].sort() };
}

/** Update timing at a phone's size with the CPU slowed down by CDP (a slow phone). */
async function timeUpdatesThrottled(browser, url, steps, rate) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.addInitScript(sliderStepper);
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 20000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const times = await page.evaluate(async (n) => {
    const lab = document.querySelector('llm-budget-lab[parts~="calculator"]') || document.querySelector('llm-budget-lab');
    const range = lab.shadowRoot.querySelector('input.field-range[data-field="batch"]');
    range.scrollIntoView();
    await new Promise((r) => requestAnimationFrame(r));
    return window.__stepSlider(range, n);
  }, steps);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  return { steps, cpu_slowdown: rate, median_ms: round(quantile(times, 0.5), 3), p95_ms: round(quantile(times, 0.95), 3) };
}

/**
 * Every slider on the lesson page, each in view, with the CPU slowed down:
 * S steps per slider (input event + forced layout), p95 per slider. The
 * calculator's sliders redraw what is near them; the speculative, decision
 * and measured sliders redraw their own charts and tables.
 */
async function timeEverySliderThrottled(browser, url, steps, rate) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.addInitScript(sliderStepper);
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 20000 });
  const sliders = await page.evaluate(() => [...document.querySelectorAll('llm-budget-lab')].flatMap((lab, i) =>
    [...lab.shadowRoot.querySelectorAll('input[type="range"]')].map((r, j) => ({ lab: i, index: j,
      name: `${lab.getAttribute('parts')}: ${r.dataset.field
        || (lab.shadowRoot.getElementById(r.getAttribute('aria-labelledby') || '') || { textContent: '' }).textContent.trim().split(/\s+/).slice(0, 3).join(' ')
        || `slider ${j + 1}`}` }))));
  const cdp = await context.newCDPSession(page);
  const out = [];
  for (const s of sliders) {
    await page.evaluate(({ lab, index }) => {
      const r = document.querySelectorAll('llm-budget-lab')[lab].shadowRoot.querySelectorAll('input[type="range"]')[index];
      r.scrollIntoView({ block: 'center' });
    }, s);
    await page.waitForTimeout(100); // the observer reports, stale parts nearby redraw
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const times = await page.evaluate(async ({ lab, index, n }) => {
      const range = document.querySelectorAll('llm-budget-lab')[lab].shadowRoot.querySelectorAll('input[type="range"]')[index];
      const start = range.value;
      const res = await window.__stepSlider(range, n);
      range.value = start; // back where it was, so the next slider starts from the defaults
      range.dispatchEvent(new Event('input', { bubbles: true }));
      return res;
    }, { ...s, n: steps });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    out.push({ slider: s.name, p95_ms: round(quantile(times, 0.95), 2), median_ms: round(quantile(times, 0.5), 2) });
  }
  await context.close();
  const worst = out.reduce((a, b) => (b.p95_ms > a.p95_ms ? b : a), out[0]);
  return { steps, cpu_slowdown: rate, sliders: out, worst };
}

/** Runs a command without blocking this process (the page server lives here too). */
function run(cmd, args, env, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('close', (status) => { clearTimeout(timer); resolve({ status, stderr }); });
  });
}

async function lighthouse(url) {
  const bin = path.join(REPO, 'node_modules/.bin/lighthouse');
  if (!existsSync(bin)) return { skipped: 'lighthouse is not installed (npm install: devDependency lighthouse@12.2.3)' };
  mkdirSync(path.join(REPO, 'build'), { recursive: true });
  const out = path.join(REPO, 'build', 'lighthouse.json');
  rmSync(out, { force: true });
  const r = await run(bin, [url, '--quiet', '--output=json', `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices,seo', '--preset=desktop',
    '--chrome-flags=--headless --no-sandbox --disable-gpu'], { ...process.env, CHROME_PATH: CHROME }, 300000);
  if (r.status !== 0 || !existsSync(out)) return { skipped: `lighthouse failed (status ${r.status}): ${r.stderr.trim().split('\n').slice(-3).join(' / ')}` };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const scores = {};
  for (const [k, c] of Object.entries(report.categories)) scores[k] = Math.round(c.score * 100);
  return { version: report.lighthouseVersion, form_factor: report.configSettings.formFactor, scores,
    metrics: { fcp_ms: round(report.audits['first-contentful-paint'].numericValue, 0), lcp_ms: round(report.audits['largest-contentful-paint'].numericValue, 0),
      tbt_ms: round(report.audits['total-blocking-time'].numericValue, 0), cls: round(report.audits['cumulative-layout-shift'].numericValue, 3) } };
}

const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const verdict = (ok) => (ok ? 'ok' : 'OVER');

/**
 * Input -> next paint for every input of the lesson page (tools/benchmarks/inp.mjs):
 * at 1280 x 800 (mouse, no slowdown) and at 360 x 740 (touch, CPU 4x slower),
 * each beside the reference page served at `referenceUrl`. `sizes` picks the
 * settings (keys of INP_SETTINGS), `match` the inputs (a part of their name).
 */
async function timeInteractions(browser, lessonUrl, referenceUrl, steps, { sizes = Object.keys(INP_SETTINGS), match = '' } = {}) {
  const out = {};
  for (const key of sizes) out[key] = await measureInteractions(browser, { lessonUrl, referenceUrl, ...INP_SETTINGS[key], steps, match });
  return out;
}

const INP_SETTINGS = {
  desktop: { viewport: { width: 1280, height: 800 }, touch: false, cpuSlowdown: 1 },
  phone_cpu_4x: { viewport: { width: 360, height: 740 }, touch: true, cpuSlowdown: 4 },
};

const INP_TARGETS = {
  desktop: { p95_ms: TARGETS.inp_desktop_p95_ms, ratio: TARGETS.inp_desktop_ratio },
  phone_cpu_4x: { p95_ms: TARGETS.inp_phone_p95_ms, ratio: TARGETS.inp_phone_ratio },
};

/** The target rows of the input -> next paint figures (all inputs' p95, and the worst input's). */
function interactionRows(row, inp) {
  const ms = (v) => `${v} ms`;
  const x = (v) => `${v}x`;
  const rows = [];
  for (const [key, label] of [['desktop', '1280 px'], ['phone_cpu_4x', '360 px touch, CPU 4x']]) {
    const r = inp[key];
    if (!r) continue; // not measured this run (--inp-size)
    const t = INP_TARGETS[key];
    const refP95 = Math.max(r.reference.slider.p95_ms, r.reference.typed.p95_ms);
    rows.push(row(`input -> paint p95, every input, ${label}`, r.all ? r.all.p95_ms : null, t.p95_ms, 'ms', ms));
    rows.push(row(`  the same / reference page p95 (${refP95} ms)`, r.all ? Math.round((r.all.p95_ms / refP95) * 100) / 100 : null, t.ratio, 'x', x));
    rows.push(row(`worst input p95, ${label} (${r.worst ? r.worst.input.slice(0, 28) : '-'})`, r.worst ? r.worst.p95_ms : null, t.p95_ms, 'ms', ms));
    rows.push(row('  the same / reference page p95', r.worst ? r.worst.ratio_p95_to_reference : null, t.ratio, 'x', x));
  }
  return rows;
}

/** Prints a target table (rows from row() below, with their texts). */
function targetLines(targets) {
  const L = ['targets                                                    now        target'];
  for (const t of targets) {
    L.push(`  ${t.label.padEnd(52)} ${t.text.padStart(12)} ${`<= ${t.target_text}`.padStart(12)}  ${t.ok === null ? '-' : verdict(t.ok)}`);
  }
  return L;
}

const targetRow = (label, actual, target, unit, show) => ({ label, actual, target, unit, ok: actual === null ? null : actual <= target, show });
const withTexts = (rows) => rows.map(({ show, ...r }) => ({ ...r, text: r.actual === null ? 'not measured' : show(r.actual), target_text: show(r.target) }));

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.dist) DIST = opts.dist;
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('dist/ is not built: run tools/build first');
  const size = sizes();

  // Baseline: index.html with every <script> removed, served the same way.
  const baseDir = mkdtempSync(path.join(tmpdir(), 'llmb-bench-'));
  cpSync(DIST, baseDir, { recursive: true });
  writeFileSync(path.join(baseDir, 'index.html'), readFileSync(path.join(DIST, 'index.html'), 'utf8').replace(/<script\b[^>]*>\s*<\/script>/g, ''));
  // The reference page of the input -> next paint figures, served beside the baseline.
  writeFileSync(path.join(baseDir, 'inp-reference.html'), REFERENCE_HTML);
  writeFileSync(path.join(baseDir, 'inp-reference.js'), REFERENCE_JS);

  const served = await startServer({ root: DIST, port: 0 });
  const servedBase = await startServer({ root: baseDir, port: 0 });
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
  let results;
  let bytes;
  if (opts.inpOnly) {
    let inp;
    try {
      inp = await timeInteractions(browser, served.url, `${servedBase.url}inp-reference.html`, opts.inpSteps,
        { sizes: opts.inpSizes, match: opts.inpMatch });
    } finally {
      await browser.close();
      served.server.close();
      servedBase.server.close();
      rmSync(baseDir, { recursive: true, force: true });
    }
    const targets = withTexts(interactionRows(targetRow, inp));
    mkdirSync(path.join(REPO, 'bench'), { recursive: true });
    writeFileSync(path.join(REPO, 'bench/inp-results.json'), `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: cpus().length }, interactions: inp, targets }, null, 2)}\n`);
    const L = [...Object.entries(inp).flatMap(([key, r]) => [...interactionLines(r, INP_TARGETS[key]), '']), ...targetLines(targets)];
    if (opts.inpMatch) L.push(`(only the inputs whose name holds "${opts.inpMatch}": the "every input" rows are of those)`);
    process.stdout.write(`${L.join('\n')}\nwritten: bench/inp-results.json\n`);
    return;
  }
  try {
    await timeReady(browser, served.url, 2); // warm-up (disk cache, compile)
    const ready = {
      http: await timeReady(browser, served.url, opts.runs),
      file: await timeReady(browser, pathToFileURL(path.join(DIST, 'index.html')).href, opts.runs),
      embed_calculator_http: await timeReady(browser, `${served.url}embed.html?parts=calculator`, opts.runs),
      baseline_http: await timeReady(browser, servedBase.url, opts.runs, { baseline: true }),
      baseline_file: await timeReady(browser, pathToFileURL(path.join(baseDir, 'index.html')).href, opts.runs, { baseline: true }),
    };
    ready.ratio_to_baseline = round(ready.http.median_ms / ready.baseline_http.median_ms);
    ready.ratio_to_baseline_file = round(ready.file.median_ms / ready.baseline_file.median_ms);
    const gzipOf = Object.fromEntries(Object.entries(size.files).map(([f, v]) => [f, v.gzip]));
    bytes = {
      desktop: await bytesLoaded(browser, served.url, { width: 1280, height: 800 }, gzipOf),
      phone: await bytesLoaded(browser, served.url, { width: 360, height: 740 }, gzipOf),
    };
    const update = {
      lesson: await timeUpdates(browser, served.url, opts.steps),
      embed_calculator: await timeUpdates(browser, `${served.url}embed.html?parts=calculator`, opts.steps),
      baseline: await timeUpdates(browser, servedBase.url, opts.steps, { baseline: true }),
      phone_cpu_4x: await timeUpdatesThrottled(browser, served.url, opts.steps, 4),
      every_slider_cpu_4x: await timeEverySliderThrottled(browser, served.url, 40, 4),
    };
    update.ratio_to_baseline = round(update.lesson.median_ms / Math.max(update.baseline.median_ms, 0.001));
    const interactions = await timeInteractions(browser, served.url, `${servedBase.url}inp-reference.html`, opts.inpSteps);
    const firstInput = await firstInputs(browser, `${served.url}index.html`, 1);
    results = { date: new Date().toISOString(), machine: { cpus: cpus().length, chromium: browser.version() }, runs: opts.runs, size, bytes, ready, update, interactions,
      first_input: firstInput };
  } finally {
    await browser.close();
    served.server.close();
    servedBase.server.close();
    rmSync(baseDir, { recursive: true, force: true });
  }

  mkdirSync(path.join(REPO, 'bench'), { recursive: true });
  if (opts.lighthouse) {
    const lhServer = await startServer({ root: DIST, port: 0 });
    try { results.lighthouse = await lighthouse(lhServer.url); } finally { lhServer.server.close(); }
  }
  const core = opts.coreJson && existsSync(opts.coreJson) ? JSON.parse(readFileSync(opts.coreJson, 'utf8')) : null;
  const testLog = path.join(REPO, 'build/test-logs/wall-seconds.txt');
  const testWall = existsSync(testLog) ? Number(readFileSync(testLog, 'utf8').trim()) : null;
  const runServing = readTestTimes().run;
  const row = targetRow;
  const worstBefore = Math.max(bytes.desktop.before_ready_gzip, bytes.phone.before_ready_gzip);
  const sweep = core ? core.sweep_batch_1024 : null;
  results.targets = [
    row('bytes before ready (gzip, worst of 1280 and 360 px)', worstBefore, TARGETS.bytes_before_ready_gzip, 'B', kb),
    row('bytes after scrolling and using every part (gzip)', Math.max(bytes.desktop.after_everything_gzip, bytes.phone.after_everything_gzip), TARGETS.bytes_after_everything_gzip, 'B', kb),
    row('ready / scripts-off, http', results.ready.ratio_to_baseline, TARGETS.ready_to_baseline_ratio, 'x', (v) => `${v}x`),
    row('ready / scripts-off, file://', results.ready.ratio_to_baseline_file, TARGETS.ready_to_baseline_ratio, 'x', (v) => `${v}x`),
    row('1,024-point sweep, wasm / native', sweep ? round(sweep.wasm_node_ns / sweep.native_ns, 1) : null, TARGETS.sweep_wasm_to_native_ratio, 'x', (v) => `${v}x`),
    row('one plan() through the facade', core ? round(core.plan_facade.wasm_node_ns / 1000, 2) : null, TARGETS.plan_facade_ns / 1000, 'us', (v) => `${v} us`),
    row('10,000 requests simulated, wasm (node)', core && core.simulate_10000 ? round(core.simulate_10000.wasm_node_ns / 1e6, 1) : null, TARGETS.simulate_10000_ms, 'ms', (v) => `${v} ms`),
    row('update p95, lesson page (200 batch steps)', results.update.lesson.p95_ms, TARGETS.update_p95_ms, 'ms', (v) => `${v} ms`),
    row('update p95, CPU 4x slower, 360 px, batch field', results.update.phone_cpu_4x.p95_ms, TARGETS.update_p95_throttled_ms, 'ms', (v) => `${v} ms`),
    row(`worst slider, CPU 4x slower, 360 px (${results.update.every_slider_cpu_4x.worst.slider})`, results.update.every_slider_cpu_4x.worst.p95_ms, TARGETS.update_p95_throttled_ms, 'ms', (v) => `${v} ms`),
    ...interactionRows(row, results.interactions),
    row('drags lost while an element is taken over (every setting)', Object.values(results.first_input).reduce((n, r) => n + r.lost, 0),
      0, 'drags', (v) => `${v} of ${Object.values(results.first_input).reduce((n, r) => n + r.drags, 0)}`),
    row('./tools/test wall time (last run, from its log)', testWall, TARGETS.test_wall_s, 's', (v) => `${v} s`),
    row('./tools/run until it serves (fresh clone, by hand)', runServing ? runServing.seconds : null, TIME_TARGETS_S.run_until_serving, 's', (v) => `${v} s`),
  ];
  results.targets = withTexts(results.targets);
  writeFileSync(path.join(REPO, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);

  const L = [];
  L.push('dist/ sizes                    raw        gzip -9');
  for (const [f, s] of Object.entries(size.files)) L.push(`  ${f.padEnd(26)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)}`);
  L.push(`  ${'total'.padEnd(26)} ${kb(size.total.raw).padStart(10)} ${kb(size.total.gzip).padStart(10)}`);
  L.push(`  ${'lesson page (loaded)'.padEnd(26)} ${kb(size.lesson_page.raw).padStart(10)} ${kb(size.lesson_page.gzip).padStart(10)}`);
  L.push('');
  L.push(`ready (navigation -> lab ready), ${opts.runs} runs     median      p95`);
  L.push(`  http                          ${String(results.ready.http.median_ms).padStart(8)} ms ${String(results.ready.http.p95_ms).padStart(7)} ms`);
  L.push(`  file://                       ${String(results.ready.file.median_ms).padStart(8)} ms ${String(results.ready.file.p95_ms).padStart(7)} ms`);
  L.push(`  embed, calculator only (http)${String(results.ready.embed_calculator_http.median_ms).padStart(8)} ms ${String(results.ready.embed_calculator_http.p95_ms).padStart(7)} ms`);
  L.push(`  baseline (scripts off, load)  ${String(results.ready.baseline_http.median_ms).padStart(8)} ms ${String(results.ready.baseline_http.p95_ms).padStart(7)} ms   ratio ${results.ready.ratio_to_baseline}x`);
  L.push(`  layout shift until every element is drawn (no scrolling), median: lesson http ${results.ready.http.layout_shift_median}, embed ${results.ready.embed_calculator_http.layout_shift_median}`);
  L.push('');
  L.push(`update (input event + layout), ${opts.steps} steps     median      p95`);
  L.push(`  lesson page                   ${String(results.update.lesson.median_ms).padStart(8)} ms ${String(results.update.lesson.p95_ms).padStart(7)} ms`);
  L.push(`  embed, calculator only        ${String(results.update.embed_calculator.median_ms).padStart(8)} ms ${String(results.update.embed_calculator.p95_ms).padStart(7)} ms`);
  L.push(`  baseline (no listener)        ${String(results.update.baseline.median_ms).padStart(8)} ms ${String(results.update.baseline.p95_ms).padStart(7)} ms`);
  L.push('');
  if (results.lighthouse) {
    if (results.lighthouse.scores) {
      L.push(`lighthouse ${results.lighthouse.version} (${results.lighthouse.form_factor}): ${Object.entries(results.lighthouse.scores).map(([k, v]) => `${k} ${v}`).join(', ')}`);
      L.push(`  FCP ${results.lighthouse.metrics.fcp_ms} ms, LCP ${results.lighthouse.metrics.lcp_ms} ms, TBT ${results.lighthouse.metrics.tbt_ms} ms, CLS ${results.lighthouse.metrics.cls}`);
    } else L.push(`lighthouse: ${results.lighthouse.skipped}`);
    L.push('');
  }
  L.push(`bytes loaded (gzip -9 of the dist/ files requested)  before ready   after everything`);
  L.push(`  1280 x 800                    ${kb(bytes.desktop.before_ready_gzip).padStart(12)} ${kb(bytes.desktop.after_everything_gzip).padStart(16)}`);
  L.push(`  360 x 740                     ${kb(bytes.phone.before_ready_gzip).padStart(12)} ${kb(bytes.phone.after_everything_gzip).padStart(16)}`);
  L.push(`  files before ready (1280): ${bytes.desktop.files_before_ready.join(', ')}`);
  L.push(`update p95 with the CPU 4x slower at 360 px: ${results.update.phone_cpu_4x.p95_ms} ms (median ${results.update.phone_cpu_4x.median_ms} ms)`);
  L.push('every slider, CPU 4x slower, 360 px, 40 steps each: p95 (median)');
  for (const x of results.update.every_slider_cpu_4x.sliders) L.push(`  ${x.slider.padEnd(44)} ${String(x.p95_ms).padStart(8)} ms (${x.median_ms} ms)`);
  L.push('');
  L.push(...interactionLines(results.interactions.desktop, INP_TARGETS.desktop));
  L.push(...interactionLines(results.interactions.phone_cpu_4x, INP_TARGETS.phone_cpu_4x));
  L.push('');
  L.push(...firstInputLines(results.first_input));
  L.push('');
  L.push(...targetLines(results.targets));
  process.stdout.write(`${L.join('\n')}\nwritten: bench/results.json\n`);
}

main().catch((err) => {
  process.stderr.write(`bench page: ${err.message}\n`);
  process.exit(1);
});
