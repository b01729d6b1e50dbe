// A pool of browser tabs for one test file. Opening a page in a new context
// starts a new renderer process and compiles every script and the wasm module
// again; navigating a tab that already showed the lab does neither. Measured on
// this 2-core machine, one lesson-page load until ready (machine CPU, all
// chromium processes, ten keystrokes included): about 2.8 s in a new context,
// about 1.7 s in a reused tab. Page loads are most of the browser suite's
// CPU, so tests get their tabs from here.
//
// A tab comes back to the pool when its test closes its context, and only in a
// state a new context would have: other pages closed, the listeners and routes
// the test added removed, cookies cleared and permissions back to the
// context's options, localStorage, sessionStorage and IndexedDB of every
// origin it showed cleared (the tab visits a blank page of each), media
// emulation, viewport and offline state back to the context's options, no
// button held and the pointer off the page, at about:blank. A context whose
// changes cannot be undone (an init script, an exposed function, a CDP
// session, an installed clock, a default timeout, a file: page, whose storage
// this cannot reach, options such as storageState) is closed for real
// instead, as is one whose reset fails and any beyond MAX_IDLE idle tabs. Each
// key of context options has its own tabs, so a test gets the viewport,
// scheme, touch and scripts setting it asked for.

/** Methods after which a context cannot be handed to another test. */
const CONTEXT_TAINTS = ['addInitScript', 'exposeFunction', 'exposeBinding', 'newCDPSession', 'setExtraHTTPHeaders',
  'setGeolocation', 'setHTTPCredentials', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'routeWebSocket',
  'routeFromHAR'];
const PAGE_TAINTS = ['addInitScript', 'exposeFunction', 'exposeBinding', 'setExtraHTTPHeaders', 'addLocatorHandler',
  'setDefaultTimeout', 'setDefaultNavigationTimeout', 'routeWebSocket', 'routeFromHAR'];

/** Context options that a reset could not restore: such contexts are not pooled. */
const UNPOOLED_OPTIONS = ['storageState', 'recordHar', 'recordVideo', 'serviceWorkers'];

/** At most this many idle tabs per browser; a tab closed beyond it is closed for real. */
const MAX_IDLE = 4;

/** Idle tabs per browser, then per key of context options. */
const idleByBrowser = new WeakMap();

/** The listeners of `emitter` now, per event (Playwright's own, before a test adds any). */
function listenersNow(emitter) {
  return new Map(emitter.eventNames().map((type) => [type, new Set(emitter.rawListeners(type))]));
}

/**
 * Removes every listener added to `emitter` since `before` (listenersNow), one
 * by one, so Playwright's own stay and its event subscriptions follow.
 */
function removeAddedListeners(emitter, before) {
  for (const type of emitter.eventNames()) {
    for (const listener of emitter.rawListeners(type)) {
      if (!before.get(type)?.has(listener)) emitter.off(type, listener);
    }
  }
}

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
  removeAddedListeners(page, entry.pageListeners);
  removeAddedListeners(context, entry.contextListeners);
  // A handler still held (a test that stalls a script) is left to finish on its own.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearPermissions();
  if (options.permissions?.length) await context.grantPermissions(options.permissions);
  await context.clearCookies();
  await context.setOffline(Boolean(options.offline));
  for (const origin of entry.origins) {
    // A path no file has: the server's 404 page is a document of that origin.
    await page.goto(`${origin}/llmb-pool-reset-blank`, { waitUntil: 'commit', timeout: 5000 });
    await page.evaluate(async () => {
      localStorage.clear();
      sessionStorage.clear();
      const gone = (request) => new Promise((resolve) => {
        request.onsuccess = resolve;
        request.onerror = resolve;
        request.onblocked = resolve;
      });
      for (const db of await indexedDB.databases()) await gone(indexedDB.deleteDatabase(db.name));
    });
  }
  entry.origins.clear();
  await page.goto('about:blank');
  // A button a test left held is let go, and the pointer leaves the page (as
  // in a new one), so nothing starts out hovered.
  await page.mouse.up();
  await page.mouse.move(-1, -1);
  await page.emulateMedia({
    media: null,
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    forcedColors: options.forcedColors ?? 'none',
    contrast: options.contrast ?? 'no-preference',
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
  if (reused) {
    reused.inUse = true;
    return watch(reused);
  }

  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const entry = {
    context, page, key, options: contextOptions, origins: new Set(), inUse: true,
    tainted: UNPOOLED_OPTIONS.some((name) => contextOptions[name] !== undefined),
    pageListeners: listenersNow(page), contextListeners: listenersNow(context),
  };
  const closeForReal = context.close.bind(context);
  taintOn(context, CONTEXT_TAINTS, entry);
  taintOn(page, PAGE_TAINTS, entry);
  taintClock(context.clock, entry);
  taintClock(page.clock, entry);
  context.close = async (...args) => {
    if (!entry.inUse) return undefined; // closed already (a second close, or a stale reference)
    entry.inUse = false;
    const idleCount = [...idle.values()].reduce((n, list) => n + list.length, 0);
    if (entry.tainted || page.isClosed() || idleCount >= MAX_IDLE) return closeForReal(...args);
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
