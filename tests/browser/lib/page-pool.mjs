// A pool of browser tabs for one test file. Opening a page in a new context
// starts a new renderer process and compiles every script and the wasm module
// again; navigating a tab that already showed the lab does neither. Measured on
// this 2-core machine, one lesson-page load until ready (machine CPU, all
// chromium processes): about 2.8 s in a new context, about 1.5 s in a reused
// tab. Page loads are most of the browser suite's CPU, so tests get their tabs
// from here.
//
// A tab comes back to the pool when its test closes its context, and only in a
// state a new context would have: other pages closed, every listener and route
// removed, permissions and cookies cleared, localStorage, sessionStorage and
// IndexedDB of every origin it reached cleared (the tab visits a blank page of
// each), media emulation, viewport and offline state back to the context's
// options, and left at about:blank. A context whose changes cannot be undone
// (an init script, an exposed function, a CDP session, an installed clock, a
// file: page, whose storage this cannot reach) is closed for real instead, as
// is one whose reset fails. Each key of context options has its own tabs, so a
// test gets the viewport, scheme, touch and scripts setting it asked for.

/** Methods after which a context cannot be handed to another test. */
const CONTEXT_TAINTS = ['addInitScript', 'exposeFunction', 'exposeBinding', 'newCDPSession', 'setExtraHTTPHeaders',
  'setGeolocation', 'setHTTPCredentials'];
const PAGE_TAINTS = ['addInitScript', 'exposeFunction', 'exposeBinding', 'setExtraHTTPHeaders', 'addLocatorHandler'];

// The events a test may listen to, removed on reset. Not 'close': Playwright
// itself listens to it (a context's close() waits on it).
const PAGE_EVENTS = ['console', 'crash', 'dialog', 'domcontentloaded', 'download', 'filechooser', 'frameattached',
  'framedetached', 'framenavigated', 'load', 'pageerror', 'popup', 'request', 'requestfailed', 'requestfinished',
  'response', 'websocket', 'worker'];
const CONTEXT_EVENTS = ['backgroundpage', 'console', 'dialog', 'page', 'request', 'requestfailed', 'requestfinished',
  'response', 'serviceworker', 'weberror'];

/** Idle tabs per browser, then per key of context options. */
const idleByBrowser = new WeakMap();

/** A key equal for equal context options (object keys sorted). */
function optionsKey(options) {
  const sorted = (v) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v);
  return JSON.stringify(sorted(options));
}

/** Wraps each named method of `target` so that calling it marks `entry` tainted. */
function taintOn(target, names, entry) {
  for (const name of names) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = (...args) => {
      entry.tainted = true;
      return original.apply(target, args);
    };
  }
}

/** Every function of a Clock marks the entry tainted: a clock cannot be uninstalled. */
function taintClock(clock, entry) {
  if (!clock) return;
  taintOn(clock, Object.getOwnPropertyNames(Object.getPrototypeOf(clock)).filter((n) => n !== 'constructor'), entry);
}

/**
 * Notes the origin of a document shown in the tab (only a document, or its
 * workers, can write storage): http(s) origins are cleared on reset, a file:
 * page taints the tab.
 */
function noteOrigin(entry, url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return;
  }
  if (u.protocol === 'http:' || u.protocol === 'https:') entry.origins.add(u.origin);
  else if (u.protocol === 'file:') entry.tainted = true;
}

/**
 * Puts `entry`'s tab back in the state of a new context, or throws.
 * @param {object} entry one pooled tab: { context, page, options, origins }
 */
async function reset(entry) {
  const { context, page, options } = entry;
  for (const other of context.pages()) if (other !== page) await other.close();
  for (const type of PAGE_EVENTS) await page.removeAllListeners(type, { behavior: 'ignoreErrors' });
  for (const type of CONTEXT_EVENTS) await context.removeAllListeners(type, { behavior: 'ignoreErrors' });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearPermissions();
  await context.clearCookies();
  await context.setOffline(false);
  await page.mouse.up().catch(() => {});
  for (const origin of entry.origins) {
    // A path no file has: the server's 404 page is a document of that origin.
    await page.goto(`${origin}/llmb-pool-reset-blank`, { waitUntil: 'commit', timeout: 5000 });
    await page.evaluate(async () => {
      localStorage.clear();
      sessionStorage.clear();
      if (indexedDB.databases) {
        for (const db of await indexedDB.databases()) indexedDB.deleteDatabase(db.name);
      }
    });
  }
  entry.origins.clear();
  await page.goto('about:blank');
  await page.emulateMedia({
    media: null,
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    forcedColors: options.forcedColors ?? 'none',
  });
  if (options.viewport !== null) await page.setViewportSize(options.viewport ?? { width: 1280, height: 720 });
}

/**
 * A tab for a test: an idle one from the pool with the same context options,
 * or a new context and page. The caller closes it with `context.close()` as
 * with any context; that returns it to the pool when it can be reset.
 * @param {import('playwright-core').Browser} browser
 * @param {object} contextOptions as browser.newContext takes them
 * @returns {Promise<{context: object, page: object}>}
 */
export async function pooledPage(browser, contextOptions = {}) {
  if (!idleByBrowser.has(browser)) idleByBrowser.set(browser, new Map());
  const idle = idleByBrowser.get(browser);
  const key = optionsKey(contextOptions);
  const reused = idle.get(key)?.pop();
  if (reused) return watch(reused);

  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const entry = { context, page, options: contextOptions, origins: new Set(), tainted: false, key };
  const closeForReal = context.close.bind(context);
  entry.closeForReal = closeForReal;
  taintOn(context, CONTEXT_TAINTS, entry);
  taintOn(page, PAGE_TAINTS, entry);
  taintClock(context.clock, entry);
  taintClock(page.clock, entry);
  context.close = async (...args) => {
    if (entry.tainted || page.isClosed()) return closeForReal(...args);
    try {
      await reset(entry);
    } catch {
      return closeForReal(...args);
    }
    if (!idle.has(entry.key)) idle.set(entry.key, []);
    idle.get(entry.key).push(entry);
    return undefined;
  };
  return watch(entry);
}

/** Starts noting the origins of the documents `entry`'s pages show; returns its context and page. */
function watch(entry) {
  const { context, page } = entry;
  context.on('page', (p) => p.on('framenavigated', (f) => noteOrigin(entry, f.url())));
  page.on('framenavigated', (f) => noteOrigin(entry, f.url()));
  return { context, page };
}
