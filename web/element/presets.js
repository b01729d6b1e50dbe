// Presets: models, GPUs and configurations. The built-in set is
// content/presets.json. Its `defaults` (the lesson's starting input, a few
// hundred bytes) are inlined in the core script; the rest (models, GPUs and
// configurations, about 11 KB gzip) is its own classic script,
// dist/llm-budget-lab-presets.js (web/element/presets-script.js), which the
// element loads only when it needs it: a part that reads presets
// (part-names.js `presets: true`) or a `preset` attribute. A classic script,
// not a fetched JSON file, so that it loads from file:// too. An element with
// presets="URL" gets its own set from that file once it passes the same
// checks (web/content/presets-check.js, in a script of their own: loadPresetsCheck).
// Which fields a preset may set comes from the core's declaration: a
// configuration sets any input, a model the fields of the "Model" group, a
// GPU those of the "Hardware" group.
// A field a preset does not give takes the core's default: how the full
// input is built is in web/content/preset-input.js, shared with the checks.

import { version, defaults } from '../../content/presets.json';
import { presetSet } from './preset-set.js';
import { loadScript } from './script-loader.js';
import { DEFAULT_FETCH_TIMEOUT_S } from '../content/fetch-file.js';

export { presetSet };

/** content/presets.json's defaults alone: the set of an element that shows no preset (no models, GPUs or configurations). */
export const defaultsOnlyPresets = presetSet({ version, defaults });

let builtIn = null; // the whole built-in set, once its script has run
let loading = null;

/**
 * The whole built-in set (content/presets.json), loaded once
 * (dist/llm-budget-lab-presets.js; in node, the bundle that imports
 * presets-script.js has provided it). A failed load is tried again next time.
 * @returns {Promise<object>} the set (preset-set.js presetSet); rejects with
 *   an Error naming the file when it cannot be loaded
 */
export function loadBuiltInPresets() {
  if (builtIn) return Promise.resolve(builtIn);
  if (!loading) {
    loading = loadScript('presets', { timeoutSeconds: DEFAULT_FETCH_TIMEOUT_S }).then(({ data }) => {
      builtIn = presetSet(data);
      return builtIn;
    }).finally(() => { loading = null; });
  }
  return loading;
}

/**
 * The presets-file rules (web/content/presets-check.js validatePresets), in
 * their own script (dist/llm-budget-lab-presets-check.js), loaded once.
 * @returns {Promise<Function>} validatePresets(doc, core, readingCore); rejects
 *   with an Error naming the file when it cannot be loaded
 */
export function loadPresetsCheck() {
  return loadScript('presets-check').then(({ validatePresets }) => validatePresets);
}

/** The built-in models, once loaded (loadBuiltInPresets), else none. */
export const models = () => (builtIn ? builtIn.models() : []);
/** The built-in GPUs, once loaded (loadBuiltInPresets), else none. */
export const gpus = () => (builtIn ? builtIn.gpus() : []);
