// A browser-like window for the build (happy-dom, pinned in package.json),
// installed as node's globals while the lesson is prerendered, so the page's
// element and part modules run unchanged: they read `document`,
// `HTMLElement`, `customElements`, `matchMedia`, `localStorage`... as globals.
import { Window } from 'happy-dom';

// Node has its own Event and CustomEvent; happy-dom's nodes dispatch only
// happy-dom's, so these two are replaced while the window is installed.
const REPLACED = ['Event', 'CustomEvent'];

/**
 * A fixed xorshift32 sequence of whole numbers in [1, 2³²), for drawings
 * that ask for random values (the KV practice's seed, the quiz's element ids)
 * and must come out the same on every build.
 */
function xorshift32(seed) {
  let x = (seed >>> 0) || 1;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
}

/**
 * Opens a window and installs it as globals.
 * @param {object} options
 * @param {string} options.url the page URL the window pretends to be at
 *   (relative hrefs, document.baseURI and location read it)
 * @param {string} options.directory the folder that URL's directory serves
 *   (absolute path): a stylesheet the page links is read from there
 * @param {'screen'|'print'} [options.mediaType] what matchMedia('print')
 *   answers; 'print' makes the parts draw what they draw for print
 * @param {number} [options.randomSeed] when given, crypto.getRandomValues
 *   (globalThis.crypto is replaced by an object with only that method) and
 *   Math.random draw a fixed sequence from this seed (a whole number), for a
 *   drawing that is the same on every run
 * @returns {{window: object, close: () => Promise<void>}} close() removes the
 *   globals (putting node's back) and closes the window; call it once.
 */
export function openDomWindow({ url, directory, mediaType = 'screen', randomSeed }) {
  const window = new Window({
    url,
    settings: {
      // A linked stylesheet is read from `directory` and reports `load`
      // later, as in a browser (the element waits for it before drawing).
      // Nothing is fetched from the network and no page script runs.
      enableCSSFileLoading: true,
      fetch: { virtualServers: [{ url: new URL('./', url).href, directory }] },
      device: { mediaType },
    },
  });
  const saved = new Map();
  const install = (name) => {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    const value = window[name];
    // Functions such as getComputedStyle and matchMedia need the window as `this`.
    const bound = typeof value === 'function' && !/^[A-Z]/.test(name) ? value.bind(window) : value;
    Object.defineProperty(globalThis, name, { value: bound, configurable: true, writable: true });
  };
  // happy-dom's IntersectionObserver never reports, so it is left out: the
  // element then starts at once (web/element/start-scheduler.js), as the build needs.
  for (const name of Object.getOwnPropertyNames(window)) {
    if (!(name in globalThis) && !name.startsWith('on') && name !== 'IntersectionObserver') install(name);
  }
  for (const name of REPLACED) install(name);
  const mathRandom = Math.random;
  if (randomSeed !== undefined) {
    const next = xorshift32(randomSeed);
    const getRandomValues = (array) => {
      for (let i = 0; i < array.length; i += 1) array[i] = next();
      return array;
    };
    saved.set('crypto', Object.getOwnPropertyDescriptor(globalThis, 'crypto'));
    Object.defineProperty(globalThis, 'crypto', { value: { getRandomValues }, configurable: true, writable: true });
    Math.random = () => next() / 2 ** 32;
  }
  return {
    window,
    async close() {
      Math.random = mathRandom;
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete globalThis[name];
      }
      await window.happyDOM.close();
    },
  };
}
