// How long a message may quote text a user or a file gave (an id, a key, a
// file name, an attribute value): the one clip every echo in the web layer
// uses, so a 2,000-character id or a pasted megabyte is named, not repeated.
// The C++ side's counterpart is quote_visible (src/text/utf8_text.h); the
// reading facade's quoteText (reading-core.js) clips with this and then
// writes invisible characters as the core does ([U+200B]).

/** The longest echo in a message unless the caller asks for less [UTF-16 code units]. */
export const ECHO_MAX_CHARS = 80;

/**
 * `text` clipped for a message: at most `max` UTF-16 code units kept (a
 * surrogate pair is never split), and "…" (U+2026) appended when anything
 * was dropped. Non-strings are converted with String(). Pure: no escaping
 * (reading-core.js quoteText adds it).
 * @param {unknown} text
 * @param {number} [max] a whole number of at least 1 (ECHO_MAX_CHARS by default)
 * @returns {string} at most max + 1 code units
 */
export function clipText(text, max = ECHO_MAX_CHARS) {
  const s = String(text);
  if (s.length <= max) return s;
  let end = max;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xD800 && last <= 0xDBFF) end -= 1; // the high half of a pair: keep the pair out whole
  return `${s.slice(0, end)}…`;
}
