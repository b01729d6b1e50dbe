// Input to next paint, measured the way INP is (part of the page bench,
// tools/benchmarks/page.mjs; a benchmark, not a test).
//
// The page's Event Timing entries (a PerformanceObserver of type "event",
// durationThreshold 16, buffered) give each interaction's duration: from the
// event's timestamp to the next paint after its handlers ran, rounded to 8 ms
// by the browser. One step is one interaction: a click (a tap on a touch
// screen) at a point along a slider, or a key typed in a text field
// (Backspace, then the character it removed, so every pair puts the value
// back); its duration is the longest keydown/keyup/pointer/click/input entry
// that started inside the step. An interaction the browser reports no entry
// for took less than the threshold and counts as 16 ms.
//
// Every slider and typed field of the lesson page that is shown is measured,
// each scrolled to the middle of the viewport, beside a reference page with
// one slider and one text field that only write a number (same browser, same
// run, same settings). Inputs hidden until another control shows them are
// counted, not measured. After an input that moved the calculator's fields
// its "Reset calculator" button puts the shared state back (a slider can pull
// capped fields down with it), so every input starts from the lesson's
// defaults, and the next input waits until the page is idle.

/** Event names whose entries belong to the interaction (keydown, pointer and input entries). */
const INTERACTION_EVENTS = new Set(['keydown', 'keyup', 'keypress', 'beforeinput', 'input',
  'pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'touchstart', 'touchend']);
/** The observer's threshold [ms]: an interaction with no entry took less. */
export const DURATION_THRESHOLD_MS = 16;

/** Installed in every measured page (addInitScript): collects Event Timing entries. */
function eventTimingProbe(threshold) {
  window.__inpEntries = [];
  const observe = () => new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__inpEntries.push({ name: e.name, startTime: e.startTime, duration: e.duration, interactionId: e.interactionId || 0,
        processingStart: e.processingStart, processingEnd: e.processingEnd });
    }
  }).observe({ type: 'event', durationThreshold: threshold, buffered: true });
  if (typeof PerformanceObserver === 'function') observe();
  /**
   * Resolves once the step that began at `t0` is over: two frames have run
   * since (so its handlers and their paint are done), and its entry has
   * arrived or `graceMs` more have passed (no entry: under the threshold).
   */
  window.__inpSettled = (t0, graceMs) => new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const framed = performance.now();
      const check = () => {
        if (window.__inpEntries.some((e) => e.interactionId > 0 && e.startTime >= t0) || performance.now() - framed > graceMs) resolve();
        else setTimeout(check, 8);
      };
      check();
    }));
  });
}

/** The reference page: one slider and one text field, each writing its number and nothing else. */
export const REFERENCE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Input reference</title>
<style>body { font: 16px system-ui, sans-serif; margin: 2rem; } label { display: block; margin: 1rem 0; }
input[type=range] { width: 80%; height: 1.75em; } input[type=text] { width: 7.5em; }</style></head>
<body><main><h1>Input reference</h1>
<label>Slider <input type="range" id="slider" min="0" max="1000" value="500"></label>
<label>Field <input type="text" id="field" value="500" inputmode="decimal"></label>
<p>Value: <output id="out">500</output></p></main>
<script src="inp-reference.js"></script></body></html>
`;
export const REFERENCE_JS = `const out = document.getElementById('out');
for (const id of ['slider', 'field']) {
  const el = document.getElementById(id);
  el.addEventListener('input', () => { out.textContent = el.value; });
}
`;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (pos - lo);
};
const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** In the page (exported for tools/benchmarks/inp-trace.mjs): every slider and typed field of every element, with a name; `shown` false for those not laid out. */
export function listInputs() {
  const out = [];
  const labs = [...document.querySelectorAll('llm-budget-lab')];
  labs.forEach((lab, i) => {
    const root = lab.shadowRoot;
    const parts = lab.getAttribute('parts') || 'all';
    const all = [...root.querySelectorAll('input[type="range"], input[type="text"], input:not([type]), input[type="number"], textarea')];
    all.forEach((el, j) => {
      const kind = el.type === 'range' ? 'slider' : 'typed';
      const labelled = el.getAttribute('aria-labelledby');
      const labelEl = (labelled && root.getElementById(labelled.split(' ')[0]))
        || (el.id && root.querySelector(`label[for="${CSS.escape(el.id)}"]`)) || el.closest('label');
      const words = (el.dataset.field || el.getAttribute('aria-label') || (labelEl ? labelEl.textContent : '') || `input ${j + 1}`)
        .trim().split(/\s+/).slice(0, 4).join(' ');
      // An output-only box (a link to copy, a read-only text) is not an input.
      if (el.readOnly) return;
      out.push({ lab: i, index: j, kind, name: `${parts}: ${words} (${kind})`, shown: el.getClientRects().length > 0 && !el.disabled });
    });
  });
  return out;
}

/** In the page: the input listInputs() named `{lab, index}`. */
export function inputAt({ lab, index }) {
  const el = document.querySelectorAll('llm-budget-lab')[lab].shadowRoot
    .querySelectorAll('input[type="range"], input[type="text"], input:not([type]), input[type="number"], textarea')[index];
  return el;
}

/**
 * Makes `steps` interactions with one input, as a person would: scrolls it to
 * the middle of the viewport, then clicks (taps) along a slider, or types
 * Backspace and the character back in a text field; after each step awaits
 * `settle(t0)` (t0: performance.now() when the step began). Returns the steps'
 * t0 [ms], or null when the input has no box.
 * @param page  playwright page
 * @param handle element handle of the input
 * @param kind  "slider" or "typed"
 * @param touch true: taps on a touch screen; false: mouse clicks
 */
export async function interact(page, handle, kind, steps, touch, settle = () => twoFrames(page)) {
  await handle.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
  // Let the scroll settle: the observer reports, parts that were far redraw.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 150)))));
  const box = await handle.boundingBox();
  if (!box) return null;
  const y = box.y + box.height / 2;
  const press = async (x) => (touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
  let removed = null;
  if (kind === 'typed') {
    // Focus at the end of the text (not measured): a click, then End.
    await press(box.x + box.width - 4);
    await page.keyboard.press('End');
    await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
  }
  const starts = [];
  for (let i = 0; i < steps; i += 1) {
    const t0 = await page.evaluate(() => performance.now());
    starts.push(t0);
    if (kind === 'slider') {
      // Up the track and back down, so every step moves the value.
      const half = steps / 2;
      const f = 0.1 + 0.8 * (i < half ? i / half : (steps - i) / half);
      await press(box.x + box.width * f);
    } else if (i % 2 === 0) {
      const value = await handle.evaluate((el) => el.value);
      removed = value.length ? value[value.length - 1] : null;
      // An empty field: type a digit first, and take it away on the next step.
      if (removed === null) await page.keyboard.press('5');
      else await page.keyboard.press('Backspace');
    } else {
      await page.keyboard.press(removed === null ? 'Backspace' : removed);
    }
    await settle(t0);
  }
  return starts;
}

/** The default settle of interact(): two frames after the step. */
function twoFrames(page) {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Measures `steps` interactions with one input; returns each step's duration [ms].
 * @param page  playwright page (the probe installed)
 * @param handle element handle of the input
 * @param kind  "slider" or "typed"
 * @param touch true: taps on a touch screen; false: mouse clicks
 */
async function measureInput(page, handle, kind, steps, touch, graceMs) {
  const starts = await interact(page, handle, kind, steps, touch,
    (t0) => page.evaluate(({ t, g }) => window.__inpSettled(t, g), { t: t0, g: graceMs }));
  if (!starts) return null;
  await page.evaluate(() => new Promise((r) => setTimeout(r, 100))); // late entries
  const entries = await page.evaluate(() => window.__inpEntries.splice(0));
  return starts.map((t0, i) => {
    const t1 = i + 1 < starts.length ? starts[i + 1] : Infinity;
    const mine = entries.filter((e) => INTERACTION_EVENTS.has(e.name) && e.startTime >= t0 && e.startTime < t1);
    return mine.length ? Math.max(...mine.map((e) => e.duration)) : DURATION_THRESHOLD_MS;
  });
}

/** In the page: the calculator's field texts, to tell whether an input moved the shared state. */
function calculatorSnapshot() {
  const lab = document.querySelector('llm-budget-lab[parts~="calculator"]');
  return lab ? [...lab.shadowRoot.querySelectorAll('input.field-text')].map((el) => el.value).join('|') : '';
}

/**
 * Puts the input back where it was, and the shared state when it moved
 * (the calculator's Reset), then waits until the page is idle (not measured).
 */
async function restore(page, where, value, before) {
  await page.evaluate(({ w, v, snap }) => {
    const el = document.querySelectorAll('llm-budget-lab')[w.lab].shadowRoot
      .querySelectorAll('input[type="range"], input[type="text"], input:not([type]), input[type="number"], textarea')[w.index];
    if (el.value !== v) {
      el.value = v;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
    el.blur();
    const calc = document.querySelector('llm-budget-lab[parts~="calculator"]');
    const now = calc ? [...calc.shadowRoot.querySelectorAll('input.field-text')].map((x) => x.value).join('|') : '';
    if (now !== snap) calc.shadowRoot.querySelector('button[data-action="reset-calculator"]').click();
    // Idle: the redraws and simulations the change started are done.
    return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 }));
  }, { w: where, v: value, snap: before });
}

const r0 = (v) => `${v.width}x${v.height}`;
const summarize = (times) => ({ steps: times.length, median_ms: round(quantile(times, 0.5)), p95_ms: round(quantile(times, 0.95)),
  max_ms: round(Math.max(...times)) });

/**
 * One configuration: the reference page, then every input of the lesson page.
 * @param browser  playwright browser
 * @param opts { lessonUrl, referenceUrl, viewport, touch, cpuSlowdown, steps, match }; match: measure
 *   only the inputs whose name holds it (case ignored; '' every input)
 * @returns {{ viewport, touch, cpu_slowdown, reference: {slider, typed}, inputs: [...], hidden: string[], all: {...} }}
 */
export async function measureInteractions(browser, { lessonUrl, referenceUrl, viewport, touch, cpuSlowdown, steps, match = '' }) {
  const n = steps % 2 === 0 ? steps : steps + 1; // typed steps come in pairs that put the value back
  const graceMs = 60 * cpuSlowdown;
  const open = async (url, ready) => {
    const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.addInitScript(eventTimingProbe, DURATION_THRESHOLD_MS);
    await page.goto(url);
    if (ready) await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 30000 });
    const cdp = await context.newCDPSession(page);
    const throttle = async (on) => cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? cpuSlowdown : 1 });
    return { context, page, throttle };
  };

  const reference = {};
  {
    const { context, page, throttle } = await open(referenceUrl, false);
    for (const [kind, id] of [['slider', 'slider'], ['typed', 'field']]) {
      const handle = await page.evaluateHandle((i) => document.getElementById(i), id);
      await throttle(true);
      const times = await measureInput(page, handle, kind, n, touch, graceMs);
      await throttle(false);
      reference[kind] = summarize(times);
    }
    await context.close();
  }

  const { context, page, throttle } = await open(lessonUrl, true);
  const list = await page.evaluate(listInputs);
  const inputs = [];
  const hidden = [];
  for (const item of list) {
    if (match && !item.name.toLowerCase().includes(match.toLowerCase())) continue;
    if (!item.shown) { hidden.push(item.name); continue; }
    if (process.env.LLMB_BENCH_PROGRESS) process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${r0(viewport)} ${item.name}\n`);
    const handle = await page.evaluateHandle(inputAt, item);
    const value = await handle.evaluate((el) => el.value);
    const before = await page.evaluate(calculatorSnapshot);
    await throttle(true);
    const times = await measureInput(page, handle, item.kind, n, touch, graceMs);
    await throttle(false);
    await restore(page, item, value, before);
    if (!times) { hidden.push(item.name); continue; }
    const s = summarize(times);
    const ref = reference[item.kind];
    inputs.push({ input: item.name, kind: item.kind, ...s, ratio_p95_to_reference: round(s.p95_ms / ref.p95_ms, 2), times_ms: times });
  }
  await context.close();
  const everyStep = inputs.flatMap((x) => x.times_ms);
  const all = everyStep.length ? summarize(everyStep) : null;
  const worst = inputs.reduce((a, b) => (!a || b.p95_ms > a.p95_ms ? b : a), null);
  return { viewport: `${viewport.width}x${viewport.height}`, touch, cpu_slowdown: cpuSlowdown, steps_per_input: n,
    reference, inputs, hidden, all, worst: worst ? { input: worst.input, p95_ms: worst.p95_ms, ratio_p95_to_reference: worst.ratio_p95_to_reference } : null };
}

/**
 * Lines for the bench's printout: all inputs' p50/p95, the worst `shown`
 * inputs with their targets and ratios to the reference.
 */
export function interactionLines(r, target, shown = 8) {
  const L = [];
  const ref = r.reference;
  L.push(`input -> next paint (Event Timing, INP-style), ${r.viewport}${r.touch ? ' touch' : ''}, CPU ${r.cpu_slowdown}x, ${r.steps_per_input} steps per input`);
  L.push(`  reference page (one slider / one field writing a number): slider p50 ${ref.slider.median_ms} ms, p95 ${ref.slider.p95_ms} ms; field p50 ${ref.typed.median_ms} ms, p95 ${ref.typed.p95_ms} ms`);
  if (r.all) L.push(`  all ${r.inputs.length} inputs (${r.all.steps} interactions): p50 ${r.all.median_ms} ms, p95 ${r.all.p95_ms} ms, max ${r.all.max_ms} ms`);
  L.push(`  target: p95 <= ${target.p95_ms} ms and <= ${target.ratio}x the reference; worst ${shown} inputs by p95:`);
  L.push(`    ${'input'.padEnd(58)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'x ref'.padStart(6)}`);
  for (const x of [...r.inputs].sort((a, b) => b.p95_ms - a.p95_ms).slice(0, shown)) {
    const ok = x.p95_ms <= target.p95_ms && x.ratio_p95_to_reference <= target.ratio;
    L.push(`    ${x.input.slice(0, 58).padEnd(58)} ${`${x.median_ms}`.padStart(7)} ${`${x.p95_ms}`.padStart(7)} ${`${x.ratio_p95_to_reference}`.padStart(6)}  ${ok ? 'ok' : 'OVER'}`);
  }
  const over = r.inputs.filter((x) => x.p95_ms > target.p95_ms || x.ratio_p95_to_reference > target.ratio).length;
  L.push(`  ${over} of ${r.inputs.length} inputs over target${r.hidden.length ? `; not shown until another control shows them (not measured): ${r.hidden.length}` : ''}`);
  return L;
}
