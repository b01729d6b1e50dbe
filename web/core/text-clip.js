// Clipping typed text before it is copied into the wasm heap.
//
// Text reaches the core as UTF-8 copied into wasm memory (web/core/wasm-text.js,
// or Embind for the full module's other tables), so a pasted 10-million-character text would grow the heap
// (which never shrinks) and take seconds, although the core refuses anything
// over its limit at once. The facades hand the core at most one UTF-16 unit
// more than the core's declared limit (`max_text_bytes` in the core's
// declarations, kMaxAnswerBytes in src/reading/quantity.h): every UTF-16 unit
// is at least one UTF-8 byte, so a text over the limit stays over it and the
// core still gives its own "too long" error, naming the field and the limit.

/**
 * `text` cut to at most `maxTextBytes` + 1 UTF-16 units. A text the core
 * would read (at most `maxTextBytes` UTF-8 bytes, so at most that many units)
 * is returned unchanged; a longer one stays longer than the limit in bytes.
 * @param {string} text
 * @param {number} maxTextBytes the core's limit, a whole number >= 0
 * @returns {string}
 */
export function clipForCore(text, maxTextBytes) {
  return text.length > maxTextBytes + 1 ? text.slice(0, maxTextBytes + 1) : text;
}
