// Shared setup for the browser tests: Debian's chromium (its headless shell,
// see CHROMIUM below) through playwright-core,
// dist/ served on 127.0.0.1 by tools/serve.mjs, every request, console
// message and page error recorded.
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pooledPage } from './page-pool.mjs';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIST = path.join(REPO, 'dist');
export const OUT = path.join(REPO, 'test-output');
export const INDEX_FILE_URL = pathToFileURL(path.join(DIST, 'index.html')).href;

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

export function assertBuilt() {
  if (!existsSync(path.join(DIST, 'index.html')) || !existsSync(path.join(DIST, 'llm-budget-lab.js'))) {
    throw new Error('dist/ is not built: run tools/build first');
  }
}

/** Debian's full chromium (package chromium), as a reader runs it. */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * The chromium the browser tests run in: Debian's chromium-headless-shell by
 * default, or the executable LLMB_CHROMIUM names (LLMB_CHROMIUM=/usr/bin/chromium
 * runs every browser test in the full browser). The headless shell is built
 * from the same Chromium source and version as the full browser (the same
 * Blink, V8 and Skia: the page's DOM, CSS, layout, script and wasm run the
 * same); it leaves out the browser around the page (its UI layer, profile
 * services such as autofill and sync), which no test reads. It is also what
 * Playwright runs for headless Chromium by default. Measured here, every
 * browser file one at a time: 505 machine CPU s in the shell against 871 in
 * the full browser, every test passing in both. full-chromium.test.mjs checks
 * a student's whole loop in the full browser; the benchmarks measure in it.
 */
export const CHROMIUM = process.env.LLMB_CHROMIUM || '/usr/bin/chromium-headless-shell';

/** What launchShared() and launch() start chromium with. */
export const LAUNCH_OPTIONS = { executablePath: CHROMIUM, args: ARGS };

/**
 * The environment variable through which a runner hands its test files one
 * running chromium (launchShared()): its Playwright websocket endpoint.
 */
export const SHARED_BROWSER_ENV = 'LLMB_BROWSER_WS';

/**
 * Starts one chromium for several test files (tools/lib/run-longest-first.mjs
 * starts it before the browser suite and sets SHARED_BROWSER_ENV to its
 * endpoint for the files it runs). Starting chromium took about a CPU second
 * per file; connecting takes a fraction of that.
 * @returns {Promise<{wsEndpoint:()=>string, close:()=>Promise<void>}>} Playwright's BrowserServer
 */
export async function launchShared() {
  return chromium.launchServer(LAUNCH_OPTIONS);
}

/**
 * A browser for one test file: the runner's shared chromium when
 * SHARED_BROWSER_ENV names one (close() then closes this file's contexts and
 * disconnects, leaving chromium to the others), else a chromium of its own.
 * Every test opens its own contexts, so files sharing one chromium share no
 * cookies, storage or cache.
 * @param {string} [executablePath] a chromium of its own from this executable
 *   (FULL_CHROMIUM, say) instead of CHROMIUM; never the shared one
 */
export async function launch(executablePath = null) {
  const ws = process.env[SHARED_BROWSER_ENV];
  if (ws && !executablePath) return chromium.connect(ws);
  // A profile of our own whose preferences turn Chrome's autofill and password
  // manager off (the headless shell has neither; the full chromium, through
  // LLMB_CHROMIUM or launch(FULL_CHROMIUM), has both). With either on, the browser parses every form on each load
  // and after typing (the lesson page has about a hundred fields): measured
  // here, 0.24 CPU s of the about 1.9 s a lesson-page load costs in a reused
  // tab. The contexts the tests open inherit these preferences. Nothing of the
  // page depends on autofill. (A chromium shared through launchShared() keeps
  // them on: launchServer takes no profile.)
  const profile = mkdtempSync(path.join(tmpdir(), 'llmb-chromium-'));
  mkdirSync(path.join(profile, 'Default'));
  writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify({
    autofill: { enabled: false, profile_enabled: false, credit_card_enabled: false },
    credentials_enable_service: false,
    profile: { password_manager_enabled: false },
  }));
  const own = await chromium.launchPersistentContext(profile, { ...LAUNCH_OPTIONS, ...(executablePath ? { executablePath } : {}) });
  const browser = own.browser();
  const close = browser.close.bind(browser);
  browser.close = async (...args) => {
    await close(...args);
    rmSync(profile, { recursive: true, force: true });
  };
  return browser;
}

/**
 * Serves the folder `root` with tools/serve.mjs on a free port (`options` as
 * its startServer takes them, e.g. { host: '127.0.0.3' } for another origin).
 * @returns {Promise<{url:string, close:()=>Promise<void>}>}
 */
export async function serveFolder(root, options = {}) {
  const { startServer } = await import(pathToFileURL(path.join(REPO, 'tools/serve.mjs')).href);
  const { server, url } = await startServer({ root, port: 0, ...options });
  // Closing drops the browser's kept-alive connections too: a pooled tab
  // (lib/page-pool.mjs) outlives the test, and its idle connections would hold
  // close() until they time out.
  return { url, close: () => new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); }) };
}

/** Serves dist/ on a free loopback port. */
export async function serveDist(options = {}) {
  return serveFolder(DIST, options);
}

/**
 * One test file's browser and dist/ server (for before()): checks dist/ is
 * built, makes test-output/, launches chromium, serves dist/ with
 * `serveOptions` (as serveDist). Pair with closeSession() in after().
 * @returns { browser, server }
 */
export async function openSession(serveOptions = {}) {
  assertBuilt();
  mkdirSync(OUT, { recursive: true });
  const browser = await launch();
  try {
    return { browser, server: await serveDist(serveOptions) };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/**
 * The bytes of a finished download. Read through the download's stream, which
 * works on the shared chromium too (launch(): download.path() does not exist
 * on a browser reached through connect()).
 * @param {object} download Playwright's Download
 * @returns {Promise<Buffer>}
 */
export async function downloadBytes(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Closes what openSession() opened (either may be missing if it failed). */
export async function closeSession({ browser, server } = {}) {
  if (browser) await browser.close();
  if (server) await server.close();
}

/**
 * Chromium's note that a preloaded file was used more than about three seconds after the load
 * event: a part script is preloaded when its element starts and run once the wasm module is
 * compiled, which on a machine busy with other builds can take longer. A timing hint about the
 * machine, not an error of the page; every other warning counts.
 */
const SLOW_PRELOAD = /was preloaded using link preload but not used within a few seconds from the window's load event/;

/** No page errors and no console errors or warnings were recorded on `rec` (from recordedPage). */
export function assertQuiet(rec) {
  assert.deepEqual(rec.pageErrors, [], 'no page errors');
  assert.deepEqual(rec.consoleMessages.filter((m) => (m.type === 'error' || m.type === 'warning') && !SLOW_PRELOAD.test(m.text)), [],
    'no console errors or warnings');
}

/**
 * A page whose requests, console messages and page errors are recorded: a tab
 * of its own context (from lib/page-pool.mjs, which hands out a reset tab of
 * an earlier test when it can; close it with rec.context.close()).
 * @returns { page, context, requests: string[], consoleMessages: {type,text}[], pageErrors: string[] }
 */
export async function recordedPage(browser, contextOptions = {}) {
  const { context, page } = await pooledPage(browser, contextOptions);
  const requests = [];
  const consoleMessages = [];
  const pageErrors = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => consoleMessages.push({ type: m.type(), text: m.text() }));
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  return { page, context, requests, consoleMessages, pageErrors };
}

/**
 * The core's declaration of the budget inputs (core.declaration.inputs, read
 * here under node through the same facade the page uses), so a test that
 * covers every field reads the list instead of keeping one.
 * @returns {Promise<object[]>} name, label, unit, kind, min, max, min_exclusive, zero_means, ... per field
 */
export async function declaredInputs() {
  const { loadBudgetCore } = await import(pathToFileURL(path.join(REPO, 'web/core/budget-core.js')).href);
  return (await loadBudgetCore()).declaration.inputs;
}

/**
 * A recorded page (recordedPage) at `url`, once every element on it is ready.
 * @param {object} browser from openSession()
 * @param {string} url
 * @param {{width:number, height:number}} [viewport] 1280 x 900 by default
 * @returns {Promise<object>} what recordedPage returns
 */
export async function openReady(browser, url, viewport = { width: 1280, height: 900 }) {
  const rec = await recordedPage(browser, { viewport });
  await rec.page.goto(url);
  await waitReady(rec.page);
  return rec;
}

/** Waits for every <llm-budget-lab> on the page to be ready. */
export async function waitReady(page) {
  await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 15000 });
}

/** The origin a URL belongs to; file: URLs all count as "file:". */
export function originOf(url) {
  const u = new URL(url);
  return u.protocol === 'file:' ? 'file:' : u.origin;
}

/**
 * Renders every lesson section as if it were on screen. The lesson page skips
 * laying out off-screen sections (content-visibility: auto), which also clips
 * their overflow and leaves them blank in a full-page screenshot; checks of
 * sideways overflow and full-page screenshots call this first so they see the
 * whole page laid out. Set through the CSSOM, so it works under the strict CSP.
 */
export async function renderAllSections(page) {
  await page.evaluate(async () => {
    for (const el of document.querySelectorAll('.lab-slot')) el.style.contentVisibility = 'visible';
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * Waits until no element waits to be redrawn. An element far from the
 * viewport is redrawn with a new state when it comes near or when the
 * browser is idle (web/element/start-scheduler.js), so a test that changes
 * the state in one part and reads another far away waits for this first.
 */
export async function waitRedrawn(page) {
  await page.waitForFunction(() => document.documentElement.dataset.labRedrawPending !== 'true', null, { timeout: 15000 });
}
