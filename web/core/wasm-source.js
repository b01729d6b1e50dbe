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

/**
 * The options to hand Emscripten's factory of a module: { instantiateWasm }
 * that uses a module compiled from the streamed file, or { wasmBinary } with
 * the bytes of the base64 copy. Started once per module (the element's shell
 * starts it while the core script loads; the core's loader then gets the same
 * promise); a failure is not kept, so a later call tries again.
 * @param {'full'|'calc'|'importer'} [variant] which module (web/core/wasm-variants.js); default 'full'
 * @returns {Promise<object>}
 */
export function wasmSource(variant = 'full') {
  if (!Object.hasOwn(WASM_VARIANTS, variant)) return Promise.reject(new Error(`unknown wasm module "${variant}"`));
  if (sourcePromises.has(variant)) return sourcePromises.get(variant);
  const streamed = canStream() ? compileStreamed(variant) : Promise.resolve(null);
  const promise = streamed.then((module) => {
    if (!module) return loadBase64Copy(variant).then((bytes) => ({ wasmBinary: bytes }));
    return {
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
        return {};
      },
    };
  }).catch((err) => {
    sourcePromises.delete(variant);
    throw err;
  });
  sourcePromises.set(variant, promise);
  return promise;
}
