#!/usr/bin/env node
// Where an input's time goes: a Chromium trace of a few interactions with
// chosen inputs of the lesson page (a benchmark aid, not a test). Needs a
// built dist/.
//
//   node tools/benchmarks/inp-trace.mjs --match TEXT [--size desktop|phone] [--steps N] [--dist DIR]
//
// For every shown input whose name (as tools/benchmarks/inp.mjs names it)
// holds TEXT, it makes the same interactions as the INP bench (clicks or taps
// along a slider, Backspace and the character back in a text field) while
// Chromium traces, then adds up the renderer main thread's time from the
// first interaction until the page is idle again (its deferred work done), by kind: script (event
// handlers, timers, frames' callbacks, microtasks, garbage collection),
// style, layout, paint (pre-paint, paint, layerize, commit) and the rest;
// and lists the long tasks (when, and in what) and the script functions with the most time of
// their own (url:line). --size phone is 360 x 740 touch with the CPU 4x slower.
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../serve.mjs';
import { CHROME, CHROME_ARGS } from './chromium.mjs';
import { listInputs, inputAt, interact } from './inp.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 }, touch: false, cpuSlowdown: 1 },
  phone: { viewport: { width: 360, height: 740 }, touch: true, cpuSlowdown: 4 },
};

/** Trace event name -> kind of work, first match wins; names matching none count as "other". */
const KINDS = [
  ['script', /^(FunctionCall|EventDispatch|TimerFire|FireAnimationFrame|FireIdleCallback|EvaluateScript|RunMicrotasks|MinorGC|MajorGC|BlinkGC|AsyncTask Run)$|^v8\.|^V8\./],
  ['style', /recalcStyle|updateStyle|UpdateLayoutTree|RecalculateStyles|StyleRecalc|ParseAuthorStyleSheet|ScheduleStyle/i],
  ['layout', /performLayout|^Layout$|UpdateStyleAndLayout|InlineNode|HitTest|IntersectionObserver|ResizeObserver|RootScroller/],
  ['paint', /Paint|Layerize|Commit|Compositing|Raster|UpdateLifecycle|UpdateLayer/],
  ['accessibility', /Accessibility/],
  ['input handling', /EventHandler|Editor::|TypingCommand|InputEvent/],
  ['task overhead', /^(RunTask|ThreadControllerImpl::RunTask|Receive mojo message)$/],
];
const kindOf = (name) => (KINDS.find(([, re]) => re.test(name)) || ['other'])[0];

function parseArgs(argv) {
  const o = { match: '', size: 'desktop', steps: 10, dist: path.join(REPO, 'dist') };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--match') o.match = argv[++i];
    else if (argv[i] === '--size') o.size = argv[++i];
    else if (argv[i] === '--steps') o.steps = Number(argv[++i]);
    else if (argv[i] === '--dist') o.dist = path.resolve(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]} (use --match TEXT, --size desktop|phone, --steps N, --dist DIR)`);
  }
  if (!o.match) throw new Error('--match TEXT is required (a part of an input\'s name, such as "batch (slider)")');
  if (!SIZES[o.size]) throw new Error(`--size ${o.size}: use desktop or phone`);
  return o;
}

/**
 * Self time [ms] by trace event name on the renderer's main thread, from the
 * complete (X) and begin/end (B/E) events nested on it; the tasks (RunTask at
 * the top) longer than 16 ms; self time by script function (FunctionCall's url:line).
 */
function account(events) {
  const main = events.find((e) => e.name === 'thread_name' && e.args && e.args.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread in the trace');
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && (e.ph === 'X' || e.ph === 'B' || e.ph === 'E'));
  // Turn B/E pairs into complete events.
  const spans = [];
  const open = [];
  for (const e of mine.sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X') spans.push({ name: e.name, ts: e.ts, end: e.ts + (e.dur || 0), args: e.args });
    else if (e.ph === 'B') open.push(e);
    else {
      const b = open.pop();
      if (b) spans.push({ name: b.name, ts: b.ts, end: e.ts, args: b.args });
    }
  }
  spans.sort((a, b) => a.ts - b.ts || b.end - a.end);
  const self = new Map();
  const functions = new Map();
  const tasks = [];
  const stack = [];
  const close = (s) => {
    self.set(s.name, (self.get(s.name) || 0) + s.self);
    if (s.task) s.task.inside.set(s.name, (s.task.inside.get(s.name) || 0) + s.self);
    if (s.name === 'FunctionCall' && s.args && s.args.data) {
      const d = s.args.data;
      const key = `${d.functionName || '(anonymous)'} ${(d.url || '').split('/').pop()}:${(d.lineNumber ?? -1) + 1}`;
      functions.set(key, (functions.get(key) || 0) + s.self);
    }
  };
  for (const s of spans) {
    while (stack.length && stack[stack.length - 1].end <= s.ts) close(stack.pop());
    const node = { ...s, self: s.end - s.ts, task: stack.length ? stack[0].task : null };
    if (stack.length) stack[stack.length - 1].self -= node.end - node.ts;
    else if (s.name === 'RunTask' || s.name === 'ThreadControllerImpl::RunTask') {
      node.task = { ts: s.ts, ms: (s.end - s.ts) / 1000, inside: new Map() };
      tasks.push(node.task);
    }
    stack.push(node);
  }
  while (stack.length) close(stack.pop());
  const kinds = {};
  for (const [name, us] of self) {
    const kind = kindOf(name);
    kinds[kind] = (kinds[kind] || 0) + us / 1000;
  }
  const tops = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => [k, us / 1000]);
  // A long task: its length, when it began [ms from the trace's first task], and what took most of it.
  const t0 = tasks.length ? tasks[0].ts : 0;
  const longTasks = tasks.filter((t) => t.ms > 16).map((t) => ({ ms: t.ms, at: (t.ts - t0) / 1000,
    top: tops(t.inside, 2).map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(', ') }));
  return { kinds, names: tops(self, 16), functions: tops(functions, 16), longTasks };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(o.dist, 'index.html'))) throw new Error(`${o.dist} is not built: run tools/build --page first`);
  const size = SIZES[o.size];
  const served = await startServer({ root: o.dist, port: 0 });
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
  try {
    const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(served.url);
    await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 30000 });
    const cdp = await context.newCDPSession(page);
    const list = (await page.evaluate(listInputs)).filter((x) => x.shown && x.name.toLowerCase().includes(o.match.toLowerCase()));
    if (list.length === 0) throw new Error(`no shown input's name holds "${o.match}"`);
    for (const item of list) {
      const handle = await page.evaluateHandle(inputAt, item);
      // Scrolled there first (not traced): the parts that come near draw, the far ones redraw.
      await handle.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
      await page.waitForFunction(() => !document.documentElement.dataset.labRedrawPending, null, { timeout: 30000, polling: 100 });
      await page.evaluate(() => new Promise((r) => setTimeout(() => requestIdleCallback(() => r(), { timeout: 3000 }), 300)));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: size.cpuSlowdown });
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'toplevel'] });
      await interact(page, handle, item.kind, o.steps, size.touch);
      // The deferred work (after the input rests, web/parts/deferred-runner.js) and far redraws are done.
      await page.waitForFunction(() => !document.documentElement.dataset.labRedrawPending && [...document.querySelectorAll('llm-budget-lab')]
        .every((lab) => !lab.shadowRoot.querySelector('[data-busy], [data-pending]')), null, { timeout: 30000, polling: 100 });
      await page.evaluate(() => new Promise((r) => setTimeout(() => requestIdleCallback(() => r(), { timeout: 3000 }), 300)));
      const buf = await browser.stopTracing();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const { traceEvents } = JSON.parse(buf.toString('utf8'));
      const a = account(traceEvents);
      const total = Object.values(a.kinds).reduce((x, y) => x + y, 0);
      const L = [`${item.name}, ${o.size} (CPU ${size.cpuSlowdown}x), ${o.steps} interactions: main thread ${total.toFixed(1)} ms, `
        + `${(total / o.steps).toFixed(1)} ms per interaction`];
      L.push(`  by kind: ${Object.entries(a.kinds).sort((x, y) => y[1] - x[1]).map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ')} (ms)`);
      L.push(`  tasks over 16 ms (at ms: length, most of it in): ${a.longTasks.length ? '' : 'none'}`);
      for (const t of a.longTasks) L.push(`    at ${t.at.toFixed(0).padStart(6)}: ${t.ms.toFixed(0).padStart(4)} ms (${t.top})`);
      L.push('  self time by trace event:');
      for (const [k, ms] of a.names) L.push(`    ${k.slice(0, 60).padEnd(60)} ${ms.toFixed(1).padStart(8)} ms`);
      L.push('  self time by script function (FunctionCall):');
      for (const [k, ms] of a.functions) L.push(`    ${k.slice(0, 60).padEnd(60)} ${ms.toFixed(1).padStart(8)} ms`);
      process.stdout.write(`${L.join('\n')}\n`);
    }
    await context.close();
  } finally {
    await browser.close();
    served.server.close();
  }
}

main().catch((err) => {
  process.stderr.write(`inp-trace: ${err.message}\n`);
  process.exit(1);
});
