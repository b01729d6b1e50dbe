// Loads the lab's other classic scripts on demand (part of the first script,
// dist/llm-budget-lab.js). The build splits the element into:
//   llm-budget-lab.js             this loader, the element's shell and the part registry
//   llm-budget-lab-core.js        the wasm glue, both facades, the store, presets, fields and drawing
//   llm-budget-lab-part-<s>.js    the parts whose `script` is <s> (web/element/part-names.js)
// Each later script announces itself with provideScript(name, exports) when
// it runs. Classic scripts are used (not ES modules) because they load from
// file://, in sandboxed frames and under `script-src 'self'`.
// Scripts are found next to this one: setScriptBase() is called with its URL.

import { PART_SCRIPTS, partScript } from './part-names.js';

const FILE_PREFIX = 'llm-budget-lab-';

/** dist/ file name of script `name` ("core" or "part-charts"). */
export function scriptFile(name) {
  return `${FILE_PREFIX}${name}.js`;
}

/** The name of the script that holds part `partName` ("part-charts" for "memory-chart"). */
export function scriptNameOfPart(partName) {
  return `part-${partScript(partName)}`;
}

/** The names of the scripts the shell may load, in load order ("core", then "part-<script>" each). */
export const LAB_SCRIPT_NAMES = Object.freeze(['core', ...PART_SCRIPTS.map((s) => `part-${s}`)]);

let scriptBase = typeof location !== 'undefined' ? location.href : '';

/** Where the lab's scripts live: the URL of dist/llm-budget-lab.js. */
export function setScriptBase(url) {
  scriptBase = url;
}

// name -> { exports } once provided; name -> Promise while loading.
const provided = new Map();
const loading = new Map();

/**
 * Called by a script when it runs: records what it exports. A script loaded
 * twice (a page that includes it twice) keeps the first copy's exports.
 * @param {string} name     "core" or "part-<script>"
 * @param {object} exports  what loadScript(name) resolves to
 */
export function provideScript(name, exports) {
  if (!provided.has(name)) provided.set(name, exports);
}

const preloaded = new Set();

/**
 * Starts downloading scripts without running them (<link rel="preload">), so
 * the part scripts arrive while the core script runs; loadScript() then runs
 * them from the cache. Does nothing outside a page.
 * @param {string[]} names  "core" or "part-<script>"
 */
export function preloadScripts(names) {
  if (typeof document === 'undefined') return;
  for (const name of names) {
    if (provided.has(name) || preloaded.has(name)) continue;
    preloaded.add(name);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = new URL(scriptFile(name), scriptBase).href;
    document.head.append(link);
  }
}

/**
 * Loads script `name` once (a failed load may be tried again).
 * @param {string} name  "core" or "part-<script>"
 * @returns {Promise<object>} the exports the script provided; rejects with
 *   an Error naming the file when it cannot be loaded or provides nothing.
 */
export function loadScript(name) {
  if (provided.has(name)) return Promise.resolve(provided.get(name));
  if (loading.has(name)) return loading.get(name);
  const file = scriptFile(name);
  const promise = new Promise((resolve, reject) => {
    if (typeof document === 'undefined') {
      reject(new Error(`${file} can only be loaded in a page (import its entry module instead)`));
      return;
    }
    const script = document.createElement('script');
    script.src = new URL(file, scriptBase).href;
    script.async = true;
    script.addEventListener('load', () => {
      if (provided.has(name)) resolve(provided.get(name));
      else reject(new Error(`${file} loaded but did not start`));
    }, { once: true });
    script.addEventListener('error', () => reject(new Error(`${file} could not be loaded`)), { once: true });
    document.head.append(script);
  }).finally(() => loading.delete(name));
  loading.set(name, promise);
  return promise;
}
