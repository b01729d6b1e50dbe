// When each <llm-budget-lab> on a page starts, and whether it is near the
// viewport (part of the first script, dist/llm-budget-lab.js).
//
// An element starts (loads the core script, its parts' scripts and the wasm,
// then draws) as soon as it comes within one viewport height of the
// viewport. Once nothing is starting and the page has loaded, the elements
// still waiting start one at a time in idle time, in document order, so a
// lesson read offline after it opened still has every part, and the parts
// that are out of sight never hold up the ones in sight.
// Where IntersectionObserver is missing every element starts at once.

const NEAR_MARGIN = '100% 0px 100% 0px'; // one viewport height above and below

const waiting = new Map(); // element -> start(): Promise (in connection order)
const near = new WeakMap(); // element -> boolean
const stale = new Map(); // element -> refresh(): redraws it with the current state
const observedElements = new Set(); // every element given to the observer
let observer = null;
let observed = false; // the observer has reported once
let observedAt = { y: NaN, h: NaN }; // the scroll position and viewport height it last reported at
let running = 0;
let idleQueued = false;

function whenIdle(fn) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 1000 });
  else setTimeout(fn, 50);
}

function run(el) {
  const start = waiting.get(el);
  if (!start) return;
  waiting.delete(el);
  running += 1;
  Promise.resolve().then(start).catch(() => {}).finally(() => {
    running -= 1;
    queueIdleStart();
  });
}

/** The first waiting element that is in the document (one taken out waits until it is put back). */
function firstConnected() {
  for (const el of waiting.keys()) if (el.isConnected) return el;
  return null;
}

/** Starts the first waiting element in idle time once nothing else is starting. */
function queueIdleStart() {
  if (idleQueued || !firstConnected()) return;
  if (running > 0 || !observed || document.readyState !== 'complete') return;
  idleQueued = true;
  whenIdle(() => {
    idleQueued = false;
    if (running > 0) return; // something started meanwhile; it queues again when done
    const el = firstConnected();
    if (el) run(el);
  });
}

/**
 * An element that was taken out before it started and is back in the
 * document: it starts when near, as before, or in idle time.
 */
export function reconnected(el) {
  if (waiting.has(el)) queueIdleStart();
}

function ensureObserver() {
  if (observer || typeof IntersectionObserver !== 'function') return observer;
  observer = new IntersectionObserver((entries) => {
    observed = true;
    observedAt = { y: window.scrollY, h: window.innerHeight };
    for (const entry of entries) {
      near.set(entry.target, entry.isIntersecting);
      if (!entry.isIntersecting) continue;
      run(entry.target);
      const refresh = stale.get(entry.target);
      if (refresh) {
        stale.delete(entry.target);
        refresh();
      }
    }
    markPending();
    queueIdleStart();
  }, { rootMargin: NEAR_MARGIN });
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll, { passive: true });
  for (const type of INPUT_EVENTS) window.addEventListener(type, checkScrollAtInput, { capture: true, passive: true });
  if (document.readyState !== 'complete') window.addEventListener('load', queueIdleStart, { once: true });
  return observer;
}

/**
 * Starts element `el` when it comes near the viewport or in idle time.
 * @param {HTMLElement} el
 * @param {() => Promise<unknown>} start  draws the element; resolves when done
 */
export function scheduleStart(el, start) {
  const io = ensureObserver();
  if (!io) {
    near.set(el, true);
    Promise.resolve().then(start).catch(() => {});
    return;
  }
  waiting.set(el, start);
  observedElements.add(el);
  io.observe(el);
}

/**
 * Measures every observed element against the viewport at once (one layout
 * read for all of them) and records the scroll position it was taken at, as
 * if the observer had reported there. Elements that came near and wait for a
 * redraw are redrawn.
 */
function measureNear() {
  observedAt = { y: window.scrollY, h: window.innerHeight };
  const h = window.innerHeight;
  for (const el of observedElements) {
    if (!el.isConnected) continue;
    const r = el.getBoundingClientRect();
    const now = r.bottom >= -h && r.top <= 2 * h;
    near.set(el, now);
    const refresh = now ? stale.get(el) : null;
    if (refresh) {
      stale.delete(el);
      refresh();
    }
  }
  markPending();
}

let measureQueued = false;
/**
 * After a scroll, the elements' nearness is measured in the next frame (where
 * layout is usually clean, so the read is cheap), not on the next input: the
 * observer reports only when an element crosses the margin, not for every
 * scroll within it.
 */
function onScroll() {
  if (measureQueued || typeof requestAnimationFrame !== 'function') return;
  measureQueued = true;
  requestAnimationFrame(() => {
    measureQueued = false;
    if (window.scrollY !== observedAt.y || window.innerHeight !== observedAt.h) measureNear();
  });
}

// At the start of every input event (capture, on the window), before any
// handler has changed the page, layout is clean and reading the scroll
// position costs nothing: a scroll the observer has not reported is measured
// there. Later in the same task isNear() then trusts the map, where reading
// window.scrollY would force a layout of everything the first parts redrew.
let checkedInTask = false;
function checkScrollAtInput() {
  if (window.scrollY !== observedAt.y || window.innerHeight !== observedAt.h) measureNear();
  if (!checkedInTask) {
    checkedInTask = true;
    setTimeout(() => { checkedInTask = false; }, 0);
  }
}
const INPUT_EVENTS = ['pointerdown', 'keydown', 'beforeinput', 'input', 'change', 'click'];

/**
 * True when `el` is within one viewport height of the viewport, or holds
 * the focus (the observer reports a frame late after a jump, and the part a
 * reader is using must answer at once); true where that cannot be known.
 * Never reads layout during a reader's input (checkScrollAtInput measured
 * first); for an event a script dispatched, reads it only when the page has
 * scrolled since the last measurement, and then once for every element.
 */
export function isNear(el) {
  if (!observer || near.get(el) !== false || el.matches(':focus-within')) return true;
  if (checkedInTask) return false;
  if (window.scrollY === observedAt.y && window.innerHeight === observedAt.h) return false;
  measureNear();
  return near.get(el) !== false;
}

let refreshQueued = false;

/** data-lab-redraw-pending on <html> while some element waits to be redrawn (tests and tools wait for it). */
function markPending() {
  // Written only when it changes: a write on <html>, even of the same value, is a mutation of
  // the whole document's root, and this runs for every far element on every input.
  const root = document.documentElement;
  const pending = stale.size > 0;
  if (pending !== (root.dataset.labRedrawPending === 'true')) {
    if (pending) root.dataset.labRedrawPending = 'true';
    else delete root.dataset.labRedrawPending;
  }
}

// Far elements are redrawn in idle time only once the state has stopped
// changing for this long [ms]: while a reader drags a slider or types, the
// idle periods between their inputs stay free, so no far redraw delays the
// next input. The ones that come near are redrawn at once (the observer and
// measureNear), and printing redraws every one (beforePrint).
const QUIET_MS = 500;
let lastChangeAt = -Infinity;
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

function refreshStale(deadline) {
  refreshQueued = false;
  const wait = lastChangeAt + QUIET_MS - now();
  if (deadline && wait > 0) {
    // Still changing: look again once it has been quiet for QUIET_MS.
    refreshQueued = true;
    setTimeout(() => whenIdle(refreshStale), wait);
    return;
  }
  for (const [el, refresh] of stale) {
    stale.delete(el);
    if (el.isConnected) refresh();
    if (deadline && deadline.timeRemaining() < 4) break; // the rest in the next idle period
  }
  markPending();
  queueRefresh();
}

function queueRefresh() {
  if (refreshQueued || stale.size === 0) return;
  refreshQueued = true;
  whenIdle(refreshStale);
}

/**
 * Redraws `el` with `refresh()` when it comes near the viewport, or in idle
 * time once the state has stopped changing for a moment, one element after
 * another, whichever is first: a change made far above is drawn before the
 * reader gets there without holding up the frame that shows the change where
 * it was made, or the reader's next input. A later call for the same element
 * replaces the earlier one.
 */
export function refreshWhenIdle(el, refresh) {
  lastChangeAt = now();
  stale.set(el, refresh);
  markPending();
  queueRefresh();
}

/**
 * Redraws `el` at once if it waits to be redrawn (refreshWhenIdle), so what
 * is read from it next is the current state's: a guided tour about to point
 * at one of its numbers. Does nothing for an element that is up to date.
 */
export function redrawNow(el) {
  const refresh = stale.get(el);
  if (!refresh) return;
  stale.delete(el);
  if (el.isConnected) refresh();
  markPending();
}

let stateChanged = false;

/** Notes that some element's state changed from the one it started with (a far, unstarted element no longer shows it). */
export function noteStateChange() {
  stateChanged = true;
}

const printNotices = new Map(); // element -> () => void (says it shows the defaults, if not drawn yet)

/**
 * What an element does if the page is printed after a state change before
 * it has drawn (waiting, or its scripts still loading): the print cannot
 * wait for them, so it says that it shows the lesson's defaults.
 */
export function onPrintBeforeStart(el, sayDefaults) {
  printNotices.set(el, sayDefaults);
}

// A printed page shows every part: draw the stale ones first, start the ones
// still waiting, and have those that cannot be drawn in time say so.
function beforePrint() {
  refreshStale(null);
  if (stateChanged) for (const [el, sayDefaults] of printNotices) if (el.isConnected) sayDefaults();
  for (const el of [...waiting.keys()]) if (el.isConnected) run(el);
}
if (typeof window !== 'undefined') window.addEventListener('beforeprint', beforePrint);
