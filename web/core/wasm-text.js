// Text and small results across the wasm boundary of the flat calls (web/core/flat-calls.js,
// reading-core.js): strings in as UTF-8 bytes written into a buffer the core gives,
// NUL-terminated UTF-8 out, and a small result's values by the names of its declared
// layout. The calculator's module has no Embind to do this.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * NUL-terminated UTF-8 at `address` of the module's memory, as a string.
 * @param {object} module the Emscripten module (HEAPU8) @param {number} address
 * @returns {string}
 */
export function textAt(module, address) {
  const bytes = module.HEAPU8;
  let end = address;
  while (end < bytes.length && bytes[end] !== 0) end += 1;
  return decoder.decode(bytes.subarray(address, end));
}

/**
 * Writes `parts` as UTF-8, one NUL between two, into the buffer `room(bytes)` returns
 * (the core's text buffer, sized for `bytes` and a NUL after them).
 * @param {object} module the Emscripten module (HEAPU8, read after `room`: memory may grow)
 * @param {(bytes:number)=>number} room the core's text buffer of that size: its address
 * @param {...string} parts the strings (callers clip them first: text-clip.js)
 * @returns {number[]} each part's length in bytes
 * @throws {RangeError} when the parts are more than the core's buffer holds (nothing is written)
 */
export function writeTexts(module, room, ...parts) {
  const encoded = parts.map((p) => encoder.encode(p));
  const total = encoded.reduce((sum, e) => sum + e.length, 0) + Math.max(0, encoded.length - 1);
  const address = room(total);
  // The core gives no room (0) for more than its buffer holds: nothing is written.
  if (!address) throw new RangeError(`${total} bytes of text are more than the core's buffer holds`);
  const heap = module.HEAPU8;
  let at = address;
  encoded.forEach((e, i) => {
    heap.set(e, at);
    at += e.length;
    if (i < encoded.length - 1) heap[at++] = 0;
  });
  heap[at] = 0;
  return encoded.map((e) => e.length);
}

/**
 * A small flat result as an object: each value under its name in the core's declared layout
 * (flat_layouts in the declarations' JSON).
 * @param {string[]} names the layout's names, in order @param {ArrayLike<number>} values
 * @returns {Object<string, number>}
 */
export function byLayout(names, values) {
  return Object.fromEntries(names.map((name, i) => [name, values[i]]));
}
