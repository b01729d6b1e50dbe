// The shared instances of the Emscripten modules (web/core/wasm-variants.js):
// the full module (build/wasm/budget_core.js), the calculator's
// (budget_core_calc.js) and the importer's (budget_core_importer.js), at most
// one instance of each per page.
//
// Each module is a CommonJS/classic script with the wasm embedded
// (-sSINGLE_FILE=1 -sMODULARIZE=1 -sEXPORT_NAME=createBudgetCore). In node
// (tests, the prerender, the content checks) the import below is the full
// module itself (build/wasm/package.json marks that folder CommonJS). In the
// page, the build replaces it by a wrapper over the module its core script
// carries: `WASM_VARIANT` names which, and the wrapper leaves its factory in
// globalThis.__llmbGlue, so a core script loaded later (the full one, on a
// page that started with only calculator parts) adds its factory to the same
// table.
import * as bundled from '../../build/wasm/budget_core.js';
import { forgetSource } from './wasm-source.js';

const glues = (globalThis.__llmbGlue = globalThis.__llmbGlue || Object.create(null));
/** The module this script carries: 'full' or 'calc' (in node, always 'full'). */
export const BUNDLED_WASM_VARIANT = bundled.WASM_VARIANT || 'full';
if (!glues[BUNDLED_WASM_VARIANT]) glues[BUNDLED_WASM_VARIANT] = bundled.default;

const instances = new Map(); // variant -> Promise<module>

/**
 * Adds a module's factory to the page's table, for a script that carries another module
 * than its core script's (web/core/importer-module.js); the first factory of a variant stays.
 * @param {'full'|'calc'|'importer'} variant (web/core/wasm-variants.js)
 * @param {function} factory Emscripten's factory (createBudgetCore)
 */
export function registerGlue(variant, factory) {
  if (!glues[variant]) glues[variant] = factory;
}

/**
 * Instantiates a wasm module once and hands every caller the same instance,
 * so several elements on one page share one heap and one compile.
 * A failed instantiation is not memoised: the next call tries again.
 * @param {'any'|'full'|'importer'} need  'full': the answer checker, practice, drills and
 *   the simulation are needed; 'any' (default): the budget and reading tables
 *   suffice, and the full module is used when this page has it (loaded or
 *   loadable), else the calculator's; 'importer': the config.json importer's own
 *   module (its factory is there once dist/llm-budget-lab-importer.js ran, or, in
 *   node, once web/core/importer-module.js was imported).
 * @returns {Promise<object>} the Emscripten Module with its exports (the flat calls
 *   _llmb_flat_*, _llmb_reading_*, and the full module's Embind tables, wasm/*.cpp); rejects
 *   for 'full' when no full module is on the page (only the calculator's
 *   core script was loaded).
 */
export function loadWasmModule(need = 'any') {
  const variant = need === 'importer' ? 'importer' : need === 'full' || glues.full || instances.has('full') ? 'full' : 'calc';
  if (!instances.has(variant)) {
    const factory = glues[variant];
    if (typeof factory !== 'function') {
      const missing = {
        full: 'this part needs the full engine (llm-budget-lab-core.js), which could not be loaded; the calculator keeps working, and reloading the page tries again',
        importer: 'the config.json importer (llm-budget-lab-importer.js) is not loaded on this page',
        calc: 'No wasm module is loaded on this page.',
      };
      return Promise.reject(new Error(missing[variant]));
    }
    instances.set(variant, factory().catch((err) => {
      instances.delete(variant);
      throw err;
    }));
  }
  return instances.get(variant);
}

/**
 * Gives up on `variant`'s instance while it is still coming (a stalled download): the next
 * loadWasmModule() of it starts again, from a new download. Does nothing to one that arrived.
 * @param {'full'|'calc'|'importer'} variant
 * @param {Promise<object>} pending the promise loadWasmModule() gave for it
 */
export function forgetWasmModule(variant, pending) {
  if (instances.get(variant) !== pending) return;
  instances.delete(variant);
  forgetSource(variant);
}

/**
 * `build(module)` made once per module: the facades (budget, reading, quiz)
 * each wrap their builder in this, so every caller, and a facade built on
 * another (the quiz facade on the reading one), gets the same object and
 * reads the core's tables once. A build that throws is not memoised.
 * @template T
 * @param {(module: object) => T} build
 * @returns {(module: object) => T}
 */
export function oncePerModule(build) {
  const built = new WeakMap();
  return (module) => {
    if (!built.has(module)) built.set(module, build(module));
    return built.get(module);
  };
}
