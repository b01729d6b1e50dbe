// The oracle for "no raw invisible character" in text the page or a check
// shows (notices, problems): the Unicode general categories of controls (Cc),
// format characters (Cf: bidi controls and isolates, zero-width characters,
// soft hyphen, BOM, tags), line and paragraph separators (Zl, Zp), every
// space separator but U+0020 (Zs) and the variation selectors, from the
// JavaScript engine's own Unicode tables, so it does not share a list with
// the core's escape (src/text/utf8_text.cpp) that it checks.

const RAW_INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Variation_Selector}]|(?! )\p{Zs}/u;

/**
 * The first invisible character of `text` as "U+XXXX", or '' when it has none.
 * @param {string} text
 * @returns {string}
 */
export function rawInvisible(text) {
  const m = RAW_INVISIBLE.exec(String(text));
  return m ? `U+${m[0].codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}` : '';
}
