// A browser-like window for the build (happy-dom, pinned in package.json),
// installed as node's globals while the lesson is prerendered, so the page's
// element and part modules run unchanged: they read `document`,
// `HTMLElement`, `customElements`, `matchMedia`, `localStorage`... as globals.
import { Window } from 'happy-dom';

// Node has its own Event and CustomEvent; happy-dom's nodes dispatch only
// happy-dom's, so these two are replaced while the window is installed.
const REPLACED = ['Event', 'CustomEvent'];

/**
 * Opens a window and installs it as globals.
 * @param {object} options
 * @param {string} options.url the page URL the window pretends to be at
 *   (relative hrefs, document.baseURI and location read it)
 * @param {string} options.directory the folder that URL's directory serves
 *   (absolute path): a stylesheet the page links is read from there
 * @param {'screen'|'print'} [options.mediaType] what matchMedia('print')
 *   answers; 'print' makes the parts draw what they draw for print
 * @returns {{window: object, close: () => Promise<void>}} close() removes the
 *   globals (putting node's back) and closes the window; call it once.
 */
export function openDomWindow({ url, directory, mediaType = 'screen' }) {
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
  for (const name of Object.getOwnPropertyNames(window)) {
    if (!(name in globalThis) && !name.startsWith('on')) install(name);
  }
  for (const name of REPLACED) install(name);
  return {
    window,
    async close() {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete globalThis[name];
      }
      await window.happyDOM.close();
    },
  };
}
