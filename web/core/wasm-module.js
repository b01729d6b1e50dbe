// The one shared instance of the Emscripten module (build/wasm/budget_core.js).
//
// budget_core.js is a CommonJS/classic script with the wasm embedded
// (-sSINGLE_FILE=1 -sMODULARIZE=1 -sEXPORT_NAME=createBudgetCore). esbuild
// bundles it through this import for the page; node imports it directly
// (build/wasm/package.json marks that folder CommonJS).
import createBudgetCore from '../../build/wasm/budget_core.js';

let modulePromise = null;

/**
 * Instantiates the wasm module once and hands every caller the same instance,
 * so several elements on one page share one heap and one compile.
 * A failed instantiation is not memoised: the next call tries again.
 * @returns {Promise<object>} the Emscripten Module with the Embind table
 *   (plan, capacity, sweep_batch, ... as declared in wasm/*.cpp).
 */
export function loadWasmModule() {
  if (modulePromise === null) {
    modulePromise = createBudgetCore().catch((err) => {
      modulePromise = null;
      throw err;
    });
  }
  return modulePromise;
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
