#!/usr/bin/env node
// Input lost while an element is taken over: a benchmark, not a test. Needs a
// built dist/.
//
//   node tools/benchmarks/first-input.mjs [--trials N] [--dist DIR]
//
// A reader who reaches the calculator straight after arriving meets the
// build's written copy of it (web/prerender) until the live element takes
// over (web/element/takeover.js). For each setting (1280 x 800 with a mouse;
// 360 x 740 touch with the CPU 4x slower, on localhost and on a slow mobile network) and each delay in DELAYS_MS, a fresh
// context opens the lesson page, scrolls the calculator into view as soon as
// its batch slider takes input, waits the delay, then drags the batch slider
// from 20 % to 75 % of its track (the phone taps at 75 %: a tap is how a thumb
// moves a range on a touch screen). Once the page is ready it reads the batch
// the live element holds: a drag is lost when that is still the starting
// batch. Counted apart: the drags made while the written copy was still in
// place (the ones this measures), and those that came after the takeover.
// The target is none lost. Prints a table; exported for tools/benchmarks/page.mjs.
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../serve.mjs';
import { CHROME, CHROME_ARGS } from './chromium.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const CALC = 'llm-budget-lab[parts="calculator"]';
const RANGE = `${CALC} input.field-range[data-field="batch"]`;
const TEXT = `${CALC} input.field-text[data-field="batch"]`;
/** Delays [ms] from "the slider takes input" to the drag: straight away, and on into the load. */
export const DELAYS_MS = [0, 100, 250, 500, 1000];

export const FIRST_INPUT_SETTINGS = {
  desktop: { label: '1280 x 800, mouse', viewport: { width: 1280, height: 800 }, touch: false, cpuSlowdown: 1 },
  phone_cpu_4x: { label: '360 x 740 touch, CPU 4x', viewport: { width: 360, height: 740 }, touch: true, cpuSlowdown: 4 },
  // Lighthouse's mobile network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up): the scripts and
  // the wasm arrive seconds after the written copy, as on a phone away from wifi.
  phone_slow_network: { label: '360 x 740 touch, CPU 4x, slow 4G', viewport: { width: 360, height: 740 }, touch: true,
    cpuSlowdown: 4, network: { latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) } },
};

/**
 * Scrolls until the locator's element lies inside the viewport.
 * @returns {Promise<{x,y,width,height}>} its box then
 * @throws when it is not in view after 50 tries
 */
async function scrollToView(page, locator) {
  for (let tries = 0; tries < 50; tries += 1) {
    const box = await locator.boundingBox().catch(() => null);
    if (box && box.y >= 0 && box.y + box.height <= page.viewportSize().height) return box;
    if (box) await page.evaluate((dy) => window.scrollBy(0, dy), box.y - page.viewportSize().height / 2);
    else await page.waitForTimeout(10);
  }
  throw new Error('the batch slider did not come into view');
}

/**
 * One drag (or tap) on the batch slider of a freshly opened lesson page.
 * @param browser playwright Browser
 * @param url     the lesson page's URL
 * @param setting one of FIRST_INPUT_SETTINGS
 * @param delayMs wait [ms] between the slider taking input and the drag
 * @returns {Promise<{before_live: boolean, start: string, end: string, lost: boolean}>}
 *   before_live: the written copy was still in place when the drag began;
 *   start/end: the batch box's text before the drag and once the page is ready
 */
export async function oneDrag(browser, url, setting, delayMs) {
  const context = await browser.newContext({ viewport: setting.viewport, hasTouch: setting.touch,
    isMobile: setting.touch, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    if (setting.cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: setting.cpuSlowdown });
      if (setting.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...setting.network });
    }
    await page.goto(url, { waitUntil: 'commit' });
    const range = page.locator(RANGE);
    await range.waitFor();
    // The written copy's controls take input once the shell has run (they are disabled before).
    while (!(await range.isEnabled())) await page.waitForTimeout(5);
    const start = await page.locator(TEXT).inputValue();
    // The reader scrolls the page to the slider (the written copy's slider may be replaced by the
    // live one at any moment, and scrolling to a replaced one does nothing: so until it is in view).
    await scrollToView(page, range);
    if (delayMs) await page.waitForTimeout(delayMs);
    const beforeLive = (await page.locator(`${CALC} .lab[data-prerendered]`).count()) > 0;
    const box = await scrollToView(page, range);
    const y = box.y + box.height / 2;
    if (setting.touch) {
      await page.touchscreen.tap(box.x + box.width * 0.75, y);
    } else {
      await page.mouse.move(box.x + box.width * 0.2, y);
      await page.mouse.down();
      for (let i = 1; i <= 5; i += 1) await page.mouse.move(box.x + box.width * (0.2 + 0.11 * i), y);
      await page.mouse.up();
    }
    await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 60000 });
    const end = await page.locator(TEXT).inputValue();
    return { before_live: beforeLive, start, end, lost: end === start };
  } finally {
    await context.close();
  }
}

/**
 * Every delay of DELAYS_MS, `trials` times, in each setting.
 * @returns {Promise<object>} per setting key: { label, drags, before_live, lost, lost_before_live, samples }
 */
export async function firstInputs(browser, url, trials = 2) {
  const out = {};
  for (const [key, setting] of Object.entries(FIRST_INPUT_SETTINGS)) {
    const samples = [];
    for (let t = 0; t < trials; t += 1) {
      for (const delay of DELAYS_MS) samples.push({ delay_ms: delay, ...(await oneDrag(browser, url, setting, delay)) });
    }
    out[key] = {
      label: setting.label,
      drags: samples.length,
      before_live: samples.filter((s) => s.before_live).length,
      lost: samples.filter((s) => s.lost).length,
      lost_before_live: samples.filter((s) => s.lost && s.before_live).length,
      samples,
    };
  }
  return out;
}

/** The lines of the table, per setting. */
export function firstInputLines(results) {
  const L = ['input lost or ignored while an element is taken over (drag on the batch slider straight after arriving)'];
  for (const r of Object.values(results)) {
    L.push(`  ${r.label.padEnd(28)} ${r.drags} drags, ${r.before_live} on the written copy; lost ${r.lost} (target: none)`);
    L.push(`    ${r.samples.map((s) => `${s.delay_ms} ms: ${s.start} -> ${s.end}${s.before_live ? ' (written)' : ''}`).join('; ')}`);
  }
  return L;
}

async function main(argv) {
  let trials = 2;
  let dist = path.join(REPO, 'dist');
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--trials') trials = Number(argv[++i]);
    else if (argv[i] === '--dist') dist = path.resolve(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]} (use --trials N, --dist DIR)`);
  }
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing: run ./tools/build --page first`);
  const served = await startServer({ root: dist, port: 0 });
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
  try {
    const results = await firstInputs(browser, `${served.url}index.html`, trials);
    process.stdout.write(`${firstInputLines(results).join('\n')}\n`);
  } finally {
    await browser.close();
    served.server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    process.stderr.write(`first-input: ${err.message}\n`);
    process.exit(1);
  });
}
