// Loads the lab's other classic scripts on demand (part of the first script,
// dist/llm-budget-lab.js). The build splits the element into:
//   llm-budget-lab.js             this loader, the element's shell and the part registry
//   llm-budget-lab-core.js        the wasm glue, the facades, the store, presets, fields and drawing
//   llm-budget-lab-core-calc.js   the same over the calculator's smaller wasm module, loaded instead
//                                 when no element on the page shows a part that needs the full one
//   llm-budget-lab-presets.js     the built-in models, GPUs and configurations (web/element/presets.js)
//   llm-budget-lab-presets-check.js  the presets-file rules, for presets="URL" (web/element/presets.js)
//   llm-budget-lab-part-<s>.js    the parts whose `script` is <s> (web/element/part-names.js)
//   llm-budget-lab-importer.js    the config.json importer's wasm module, loaded at its first use
// Each later script announces itself with provideScript(name, exports) when
// it runs. Classic scripts are used (not ES modules) because they load from
// file://, in sandboxed frames and under `script-src 'self'`.
// Scripts are found next to this one: setScriptBase() is called with its URL.

import { PART_SCRIPTS, needsFullModule, partScript } from './part-names.js';

const FILE_PREFIX = 'llm-budget-lab-';

/** dist/ file name of script `name` ("core" or "part-charts"). */
export function scriptFile(name) {
  return `${FILE_PREFIX}${name}.js`;
}

/** The name of the script that holds part `partName` ("part-charts" for "memory-chart"). */
export function scriptNameOfPart(partName) {
  return `part-${partScript(partName)}`;
}

/**
 * The names of the scripts the shell may load, in load order: a core script
 * ("core", over the full wasm module, or "core-calc", over the calculator's:
 * coreScriptName() chooses), "presets" (the built-in presets) and "presets-check"
 * (the presets-file rules; both web/element/presets.js), then "part-<script>" each.
 */
export const LAB_SCRIPT_NAMES = Object.freeze(['core', 'core-calc', 'presets', 'presets-check', ...PART_SCRIPTS.map((s) => `part-${s}`)]);

/**
 * The config.json importer's script (dist/llm-budget-lab-importer.js: its own wasm module,
 * web/core/importer-module.js), loaded by the presets part when a reader first reads a
 * config.json; it carries no strings.
 */
export const IMPORTER_SCRIPT = 'importer';

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

/**
 * What script `name` provided, if it has already run; null otherwise (nothing is loaded).
 * @param {string} name  as for loadScript
 * @returns {object|null}
 */
export function providedScript(name) {
  return provided.has(name) ? provided.get(name) : null;
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
 * An Error whose message names the file in English, carrying the notice that says the same
 * in the element's language: err.notice = { id, params }, an id of content/ui/<l>.json
 * (shell-notices.js errorWords reads it).
 */
function loadError(message, id, params) {
  const err = new Error(message);
  err.notice = { id, params };
  return err;
}

/**
 * Loads script `name` once (a failed load may be tried again).
 * @param {string} name  "core" or "part-<script>"
 * @param {{timeoutSeconds?: number}} [options] for a script the element can do
 *   without (a language's strings, the built-in presets): give up after this many
 *   seconds, so a server that stalls on it leaves the element drawn without it
 *   instead of never drawn; no limit when omitted
 * @returns {Promise<object>} the exports the script provided; rejects with
 *   an Error naming the file when it cannot be loaded, provides nothing, or
 *   takes longer than the limit.
 */
export function loadScript(name, { timeoutSeconds } = {}) {
  if (provided.has(name)) return Promise.resolve(provided.get(name));
  if (loading.has(name)) return loading.get(name);
  const file = scriptFile(name);
  const promise = new Promise((resolve, reject) => {
    if (typeof document === 'undefined') {
      reject(new Error(`${file} can only be loaded in a page (import its entry module instead)`));
      return;
    }
    if (timeoutSeconds !== undefined) {
      setTimeout(() => reject(loadError(`${file} did not arrive within ${timeoutSeconds} seconds`, 'notice.scriptLate', { file, seconds: timeoutSeconds })),
        timeoutSeconds * 1000);
    }
    const script = document.createElement('script');
    script.src = new URL(file, scriptBase).href;
    script.async = true;
    script.addEventListener('load', () => {
      if (provided.has(name)) resolve(provided.get(name));
      else reject(loadError(`${file} loaded but did not start`, 'notice.scriptNotStarted', { file }));
    }, { once: true });
    script.addEventListener('error', () => reject(loadError(`${file} could not be loaded`, 'notice.scriptNotLoaded', { file })), { once: true });
    document.head.append(script);
  }).finally(() => loading.delete(name));
  loading.set(name, promise);
  return promise;
}

// The part names the page's elements show (noted when each connects, before
// any starts), and the core script the page loaded first.
const pageParts = new Set();
let chosenCore = null;

/** Notes the part names an element shows, so the core script chosen covers them. */
export function noteParts(names) {
  for (const n of names) pageParts.add(n);
}

/**
 * The core script this page uses: the one it loaded or that is already here, else "core" when a
 * noted part needs the full wasm module (part-names.js needsFullModule),
 * else "core-calc".
 * @returns {'core'|'core-calc'}
 */
export function coreScriptName() {
  if (chosenCore) return chosenCore;
  // A core script already here (the prerender's bundle, or a page that includes one) is the one used.
  if (provided.has('core')) return 'core';
  if (provided.has('core-calc')) return 'core-calc';
  return [...pageParts].some(needsFullModule) ? 'core' : 'core-calc';
}

/** The wasm module of coreScriptName(): 'full' or 'calc' (web/core/wasm-variants.js). */
export function coreWasmVariant() {
  return coreScriptName() === 'core' ? 'full' : 'calc';
}

/**
 * Loads the page's core script for an element showing `partNames`, and, when
 * the page started with the calculator's core script but these parts need the
 * full wasm module (parts changed later, or an element added later), the full
 * core script too, which adds that module's factory to the page; if that one
 * cannot be loaded, the rest still draws (the parts needing it say so).
 * @param {string[]} partNames  known part names
 * @returns {Promise<object>} the exports of the page's core script (drawLab, loadCores, checkQuestions)
 */
export async function loadCoreScript(partNames) {
  noteParts(partNames);
  if (!chosenCore) chosenCore = coreScriptName();
  const core = await loadScript(chosenCore);
  // Failing to load the full one leaves the element working: each part that needs it says
  // it cannot start (web/core/wasm-module.js), and a later draw tries the script again.
  if (chosenCore === 'core-calc' && partNames.some(needsFullModule)) await loadScript('core').catch(() => {});
  return core;
}
