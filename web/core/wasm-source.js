// Where the page gets the wasm bytes (the bundle's wrapper around
// budget_core.js calls wasmSource(); node loads budget_core.js directly).
//
// Over http(s), with the script on the page's own origin, the browser
// streams dist/llm-budget-lab.wasm and compiles it while it downloads
// (WebAssembly.compileStreaming; the server must send application/wasm,
// as tools/serve.mjs does; with another type it compiles after download).
// From file://, in a sandboxed frame (an opaque origin), from another
// origin (no CORS needed) or when the fetch fails, it loads
// dist/llm-budget-lab-wasm.js instead: a classic script holding the same
// bytes as base64, the one form file:// allows. So an http page never
// downloads the base64 copy, and the base64 copy never needs fetch().

const WASM_FILE = 'llm-budget-lab.wasm';
const BASE64_FILE = 'llm-budget-lab-wasm.js';

// The bundle's own URL, read while it runs (currentScript is null later).
const current = typeof document !== 'undefined' ? document.currentScript : null;
const scriptBase = current && current.src ? current.src : (typeof location !== 'undefined' ? location.href : '');

function decodeBase64(text) {
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

let base64Promise = null;
/** Loads the base64 script once and resolves to the wasm bytes. */
function loadBase64Copy() {
  if (base64Promise) return base64Promise;
  base64Promise = new Promise((resolve, reject) => {
    const store = globalThis.__llmbWasm;
    if (store && store.base64) { resolve(decodeBase64(store.base64)); return; }
    const script = document.createElement('script');
    script.src = new URL(BASE64_FILE, scriptBase).href;
    script.async = true;
    script.onload = () => {
      const loaded = globalThis.__llmbWasm;
      if (loaded && loaded.base64) resolve(decodeBase64(loaded.base64));
      else reject(new Error(`${BASE64_FILE} did not provide the module`));
    };
    script.onerror = () => reject(new Error(`${BASE64_FILE} could not be loaded`));
    document.head.append(script);
  }).catch((err) => { base64Promise = null; throw err; });
  return base64Promise;
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
function compileStreamed() {
  const url = new URL(WASM_FILE, scriptBase).href;
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

let sourcePromise = null;

/**
 * The options to hand Emscripten's factory: { instantiateWasm } that uses a
 * module compiled from the streamed file, or { wasmBinary } with the bytes of
 * the base64 copy. Started once (the element's shell starts it while the
 * core script loads; the core's loader then gets the same promise); a
 * failure is not kept, so a later call tries again.
 * @returns {Promise<object>}
 */
export function wasmSource() {
  if (sourcePromise) return sourcePromise;
  const streamed = canStream() ? compileStreamed() : Promise.resolve(null);
  sourcePromise = streamed.then((module) => {
    if (!module) return loadBase64Copy().then((bytes) => ({ wasmBinary: bytes }));
    return {
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
        return {};
      },
    };
  }).catch((err) => {
    sourcePromise = null;
    throw err;
  });
  return sourcePromise;
}
