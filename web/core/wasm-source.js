// Where the page gets the wasm bytes of a module (web/core/wasm-variants.js:
// the full one, the calculator's or the importer's; the bundle's wrapper around the module its
// core script carries calls wasmSource(variant); node loads the module directly).
//
// Over http(s), with the script on the page's own origin, the browser
// streams the module's .wasm file (dist/llm-budget-lab.wasm for the full one)
// and compiles it while it downloads
// (WebAssembly.compileStreaming; the server must send application/wasm,
// as tools/serve.mjs does; with another type it compiles after download).
// From file://, in a sandboxed frame (an opaque origin), from another
// origin (no CORS needed) or when the fetch fails, it loads
// the module's base64 script (dist/llm-budget-lab-wasm.js) instead: a classic script holding the same
// bytes as base64, the one form file:// allows. So an http page never
// downloads the base64 copy, and the base64 copy never needs fetch().

import { WASM_VARIANTS } from './wasm-variants.js';
import { shapeOf } from './wasm-shape.js';

// The bundle's own URL, read while it runs (currentScript is null later).
const current = typeof document !== 'undefined' ? document.currentScript : null;
const scriptBase = current && current.src ? current.src : (typeof location !== 'undefined' ? location.href : '');

function decodeBase64(text) {
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

const base64Promises = new Map(); // variant -> Promise<Uint8Array>
/** Loads the variant's base64 script once and resolves to the wasm bytes. */
function loadBase64Copy(variant) {
  if (base64Promises.has(variant)) return base64Promises.get(variant);
  const { base64File, base64Key } = WASM_VARIANTS[variant];
  const promise = new Promise((resolve, reject) => {
    const store = globalThis.__llmbWasm;
    if (store && store[base64Key]) { resolve(decodeBase64(store[base64Key])); return; }
    const script = document.createElement('script');
    script.src = new URL(base64File, scriptBase).href;
    script.async = true;
    script.onload = () => {
      const loaded = globalThis.__llmbWasm;
      if (loaded && loaded[base64Key]) resolve(decodeBase64(loaded[base64Key]));
      else reject(new Error(`${base64File} did not provide the module`));
    };
    script.onerror = () => reject(new Error(`${base64File} could not be loaded`));
    document.head.append(script);
  }).catch((err) => { base64Promises.delete(variant); throw err; });
  base64Promises.set(variant, promise);
  return promise;
}

/** True when the wasm file can be fetched: http(s), and the bundle on the page's own origin. */
function canStream() {
  if (typeof location === 'undefined' || typeof fetch !== 'function' || typeof WebAssembly.compileStreaming !== 'function') return false;
  if (!/^https?:$/.test(location.protocol)) return false;
  // In a sandboxed frame the document's origin is opaque ("null") even though
  // location still names the server: a fetch from there is cross-origin.
  const pageOrigin = typeof self !== 'undefined' && typeof self.origin === 'string' ? self.origin : location.origin;
  try {
    return new URL(scriptBase).origin === pageOrigin;
  } catch {
    return false;
  }
}

/** Compiles the streamed file; resolves to null when that cannot work here. */
function compileStreamed(variant) {
  const url = new URL(WASM_VARIANTS[variant].wasmFile, scriptBase).href;
  return fetch(url, { credentials: 'same-origin' })
    .then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const type = res.headers.get('Content-Type') || '';
      return type.startsWith('application/wasm')
        ? WebAssembly.compileStreaming(res)
        : res.arrayBuffer().then((buf) => WebAssembly.compile(buf));
    })
    .catch(() => null);
}

const sourcePromises = new Map(); // variant -> Promise<object>
const shapes = new Map(); // variant -> the build's shape of its module (wasm-shape.js)

/**
 * Drops what wasmSource() keeps of `variant` (its download and its base64 copy), so the next
 * call fetches again: for a download given up on (a stalled one, wasm-module.js forgetWasmModule).
 * @param {'full'|'calc'|'importer'} variant
 */
export function forgetSource(variant) {
  sourcePromises.delete(variant);
  base64Promises.delete(variant);
}

/**
 * The options to hand Emscripten's factory of a module: { instantiateWasm }
 * that instantiates the module compiled from the streamed file, or the bytes
 * of the base64 copy (also when the streamed module does not instantiate),
 * and `failed`, a promise that rejects when neither does (else never settles). Started once per module (the element's shell
 * starts it while the core script loads; the core's loader then gets the same
 * promise); a failure is not kept, so a later call tries again.
 * @param {'full'|'calc'|'importer'} [variant] which module (web/core/wasm-variants.js); default 'full'
 * @param {string|null} [shape] the build's shape of it (wasm-shape.js; the bundle's wrapper gives it):
 *   a module of another shape is not used; null checks nothing
 * @returns {Promise<object>}
 */
export function wasmSource(variant = 'full', shape = null) {
  if (!Object.hasOwn(WASM_VARIANTS, variant)) return Promise.reject(new Error(`unknown wasm module "${variant}"`));
  // The shape is kept per variant: the element's shell starts the download before the core
  // script (which knows the shape) is there, and the check runs when the module is instantiated.
  if (shape !== null) shapes.set(variant, shape);
  if (sourcePromises.has(variant)) return sourcePromises.get(variant);
  // A module of another shape than the build's (another variant's file, another build's) is
  // not used: the base64 copy is.
  const fits = (module) => {
    const expected = shapes.has(variant) ? shapes.get(variant) : null;
    return expected === null || shapeOf(module) === expected;
  };
  const streamed = canStream() ? compileStreamed(variant) : Promise.resolve(null);
  // A module that compiles but does not instantiate (a stale file of another build, after a
  // redeploy) falls back to the base64 copy; when that fails too, `failed` rejects (the
  // bundle's wrapper races it with the factory, which would otherwise wait for ever) and
  // nothing of this variant is kept, so a later call fetches again.
  let fail;
  const failed = new Promise((resolve, reject) => { fail = reject; });
  failed.catch(() => {});
  const forget = () => forgetSource(variant);
  const fromBytes = (bytes, imports) => WebAssembly.compile(bytes).then((module) => {
    if (!fits(module)) throw new Error(`${WASM_VARIANTS[variant].base64File} holds another build's module`);
    return WebAssembly.instantiate(module, imports).then((instance) => ({ instance, module }));
  });
  const fromCopy = (imports) => loadBase64Copy(variant).then((bytes) => fromBytes(bytes, imports));
  const promise = streamed.then((module) => ({
    failed,
    instantiateWasm(imports, receive) {
      const ready = module && fits(module)
        ? WebAssembly.instantiate(module, imports).then((instance) => ({ instance, module })).catch(() => fromCopy(imports))
        : fromCopy(imports);
      // Only instantiating falls back; what the glue does with the instance is its own.
      ready.then((r) => receive(r.instance, r.module), (err) => {
        forget();
        fail(err);
      });
      return {};
    },
  })).catch((err) => {
    sourcePromises.delete(variant);
    throw err;
  });
  sourcePromises.set(variant, promise);
  return promise;
}
