// Saving what the page shows as a file, in the browser: a Blob and an <a
// download> (no server, works under the strict CSP and from file://).
//
// A page is never told whether its download arrived: a frame sandboxed
// without allow-downloads, a browser setting or the reader's own "Cancel" stop
// it silently. So no caller may say a file was saved. What a page can see is
// where it sits (downloadOutlook): a frame whose sandbox attribute it can read
// (same origin) says whether downloads are allowed; a frame of another origin,
// or a sandboxed document (an opaque origin over http), cannot be read; a
// top-level page is stopped only by the browser or the reader.

import { translator } from './i18n.js';

const ENGLISH = translator('en', null).t;

/**
 * Offers `blob` as a download named `filename`. `host` is any connected node
 * (inside a shadow root is fine) that the temporary link is added to.
 */
export function downloadBlob(blob, filename, host) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  host.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * What the page can tell about a download it would start:
 *   'blocked'  a frame on the way up to the top (one this page may read: same
 *              origin) is sandboxed without allow-downloads, so the browser
 *              will refuse it
 *   'unseen'   a frame on the way up cannot be read (another origin), or this
 *              document is sandboxed (an opaque origin over http or https): a
 *              sandbox may refuse it and the page cannot tell
 *   'asked'    a top-level page, or same-origin frames without such a
 *              sandbox: only the browser's settings or the reader can stop it
 * @param {Window} [win]  the window to look from (this one)
 * @returns {'blocked'|'unseen'|'asked'}
 */
export function downloadOutlook(win = globalThis.window) {
  if (!win) return 'unseen';
  let unseen = false;
  // A document served over http(s) has an origin; "null" means a sandbox made it opaque.
  if (/^https?:$/.test(win.location.protocol) && win.origin === 'null') unseen = true;
  for (let w = win; w && w !== w.parent; w = w.parent) {
    let frame = null;
    try {
      frame = w.frameElement;
    } catch {
      frame = null; // reading it from another origin throws in some browsers
    }
    if (!frame) {
      unseen = true; // a frame of another origin: its sandbox, and those above it, are out of sight
      break;
    }
    if (frame.hasAttribute('sandbox') && !frame.sandbox.contains('allow-downloads')) return 'blocked';
  }
  return unseen ? 'unseen' : 'asked';
}

/**
 * Offers `blob` as a download named `filename` unless the page can tell the
 * browser would refuse it; returns what the page can tell (downloadOutlook),
 * for the caller to say what happened in honest words (downloadSentence).
 */
export function offerDownload(blob, filename, host) {
  const outlook = downloadOutlook();
  if (outlook !== 'blocked') downloadBlob(blob, filename, host);
  return outlook;
}

/**
 * Offers `doc` as a JSON file named `filename` (two-space indented, a final
 * line break), as offerDownload does.
 * @returns {{outlook: 'blocked'|'unseen'|'asked', text: string}} what the page
 *   can tell about the download (downloadOutlook) and the file's text, for the
 *   reader to copy by hand when it did not arrive (copy-by-hand.js)
 */
export function offerJsonDownload(doc, filename, host) {
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  const outlook = offerDownload(new Blob([text], { type: 'application/json' }), filename, host);
  return { outlook, text };
}

/**
 * The sentence that says what happened to a download of `filename`, for an
 * outlook of offerDownload(); `fallback` names what the reader can do when
 * nothing arrived ("copy the text below"), or is empty.
 * @param {(id:string, params?:object)=>string} [t] the element's strings (i18n.js); English by default
 */
export function downloadSentence(outlook, filename, fallback = '', t = ENGLISH) {
  const params = { file: filename, fallback };
  if (outlook === 'blocked') return t(fallback ? 'download.blockedFallback' : 'download.blocked', params);
  if (outlook === 'unseen') return t(fallback ? 'download.unseenFallback' : 'download.unseen', params);
  return t(fallback ? 'download.askedFallback' : 'download.asked', params);
}

/** One CSV cell (RFC 4180): quoted when it holds the separator, a quote or a line break. */
function csvCell(value, separator) {
  const text = String(value ?? '');
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * CSV text of a header row and data rows (arrays of cells), CRLF line ends.
 * @param {string} [separator] between cells: ',' (the default) or ';'
 */
export function csvText(headers, rows, separator = ',') {
  return `${[headers, ...rows].map((r) => r.map((c) => csvCell(c, separator)).join(separator)).join('\r\n')}\r\n`;
}

/**
 * A CSV file of a table whose cells are written for a locale with decimal mark
 * `decimalMark` ("31.2" / "31,2"), as that locale's spreadsheet programs open
 * it by double-click: with ',' as the decimal mark (German), cells are
 * separated by ';' (a comma would split "31,2") and the text starts with a
 * UTF-8 byte order mark (without it German Excel reads "Größe" as Latin-1);
 * else ',' and no mark, RFC 4180.
 * @param {string[]} headers the header row
 * @param {string[][]} rows data rows, cells as the page shows them
 * @param {string} [decimalMark] '.' (the default) or ','
 * @returns {Blob} text/csv
 */
export function csvBlob(headers, rows, decimalMark = '.') {
  const comma = decimalMark === ',';
  const text = csvText(headers, rows, comma ? ';' : ',');
  return new Blob([comma ? `\uFEFF${text}` : text], { type: 'text/csv' });
}

/**
 * A number the page wrote (fmt's text: "1,026", "31,2", "1.026") as a CSV cell of a number
 * column: the same digits and rounding without the locale's digit grouping, with its decimal
 * mark ("1026", "31.2"; "31,2" and "1026" on a German page), so a spreadsheet of that locale
 * reads a number (csvBlob separates cells with ';' where the mark is a comma).
 * @param {{unformat:Function, decimalMark:string}} fmt the element's number formatting (format.js)
 * @param {string} text a number as fmt wrote it, without a unit
 * @returns {string}
 */
export function csvNumber(fmt, text) {
  return fmt.unformat(text).replace('.', fmt.decimalMark);
}

/** German umlauts and sharp s as German writes them without the marks (Duden's rule): "über" -> "ueber". */
const GERMAN_PLAIN = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * A file name from a title: "Memory per configuration" -> "memory-per-configuration",
 * "Größe über Kontext" -> "groesse-ueber-kontext"; other accents are dropped ("é" -> "e").
 * Lowercase ASCII letters, digits and "-", at most 60 characters; "chart" when nothing is left.
 */
export function fileSlug(title) {
  return String(title).toLowerCase().replace(/[äöüß]/g, (c) => GERMAN_PLAIN[c]).normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'chart';
}
