// The esbuild plugin that gives a core script its wasm module (used by
// web/build.mjs and tools/benchmarks/weight.mjs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WASM_VARIANTS } from './core/wasm-variants.js';
import { shapeOf } from './core/wasm-shape.js';

/** The wasm bytes embedded in an Emscripten -sSINGLE_FILE module, as a data: URL (group 2: base64). */
export const WASM_DATA_URL = /(["'])data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)\1/;

/**
 * The imports and exports of the wasm module an Emscripten -sSINGLE_FILE script embeds, as
 * web/core/wasm-shape.js shapeOf() writes them for a compiled module: the glue fits only
 * a module of this shape, so a fetched file of another shape (another variant's, or another
 * build's) is not used.
 * @param {string} script the module's JS @returns {string}
 */
function moduleShape(script) {
  const m = script.match(WASM_DATA_URL);
  if (!m) throw new Error('the module holds no embedded wasm data: URL (is -sSINGLE_FILE=1 set?)');
  const compiled = new WebAssembly.Module(Buffer.from(m[2], 'base64'));
  return shapeOf(compiled);
}

/**
 * The esbuild plugin: a script's import of a module of build/wasm (budget_core.js in
 * web/core/wasm-module.js, budget_core_importer.js in web/core/importer-module.js) becomes a
 * wrapper over `variant`'s module, its
 * data: URL cut out, whose factory fetches the bytes with wasmSource(variant).
 * @param {string} root the repository; @param {'full'|'calc'|'importer'} variant (web/core/wasm-variants.js)
 */
export function embeddedWasm(root, variant) {
  const wasmModule = path.join(root, 'build/wasm', WASM_VARIANTS[variant].module);
  return {
    name: `llmb-wasm-source-${variant}`,
    setup(b) {
      b.onResolve({ filter: /budget_core(_calc|_importer)?\.js$/ }, (args) => (args.namespace === 'llmb-wasm'
        ? { path: wasmModule, namespace: 'llmb-wasm-raw' }
        : { path: wasmModule, namespace: 'llmb-wasm' }));
      b.onLoad({ filter: /.*/, namespace: 'llmb-wasm-raw' }, () => ({
        contents: readFileSync(wasmModule, 'utf8').replace(WASM_DATA_URL, '""'), loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: 'llmb-wasm' }, () => ({
        loader: 'js',
        resolveDir: path.dirname(wasmModule),
        contents: `import factory from './${WASM_VARIANTS[variant].module}';
import { wasmSource } from ${JSON.stringify(path.join(root, 'web/core/wasm-source.js'))};
export const WASM_VARIANT = ${JSON.stringify(variant)};
const SHAPE = ${JSON.stringify(moduleShape(readFileSync(wasmModule, 'utf8')))};
export default function createBudgetCore(options) {
  return wasmSource(WASM_VARIANT, SHAPE).then((source) => Promise.race([factory(Object.assign({}, options, source)), source.failed]));
}
`,
      }));
    },
  };
}
