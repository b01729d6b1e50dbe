// The shape of a compiled wasm module: its imports and exports by module, name and kind,
// as one line. The build records each variant's (web/wasm-plugin.mjs) and the page compares
// a fetched module's with it before using it (web/core/wasm-source.js): Emscripten's glue
// fits only a module of its own build, and another would link and then fail in ways that
// can take the tab down (measured: the calculator's .wasm served as the importer's crashed
// the renderer of chromium-headless-shell).

/**
 * @param {WebAssembly.Module} compiled
 * @returns {string} "a.a:function a.b:function | c:memory d:function ..."
 */
export function shapeOf(compiled) {
  const imports = WebAssembly.Module.imports(compiled).map((i) => `${i.module}.${i.name}:${i.kind}`);
  const exports = WebAssembly.Module.exports(compiled).map((e) => `${e.name}:${e.kind}`);
  return [...imports, '|', ...exports].join(' ');
}
