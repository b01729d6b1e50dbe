// The one list of <llm-budget-lab>'s attributes: the element
// observes them, the iframe embed passes the same names on from its query
// string, and the instructors' preview reads them from a snippet.

/** Every attribute the element reads and reacts to. */
export const ATTRIBUTE_NAMES = Object.freeze(['parts', 'preset', 'group', 'questions', 'inputs', 'presets', 'report', 'link',
  'fetch-timeout']);

/** Values of `report` the element knows. */
export const REPORT_VALUES = Object.freeze(['events']);

/**
 * Values of `link` the element knows. "fragment": the calculator keeps its
 * inputs in the page's URL fragment (#lab:batch=32), reads them from it when
 * the page opens and when it changes, and "Copy link" copies the page's
 * address with them. Without it the element leaves the page's address alone
 * (a host's own fragment, such as a router's #/week/3, is never read or
 * replaced). The lesson page and the iframe embed ask for it. One element owns
 * the fragment: the first in document order that asks; a later one says so
 * and offers "Download inputs" only (web/parts/calc-link.js).
 */
export const LINK_VALUES = Object.freeze(['fragment']);

/** True when `el` (an <llm-budget-lab>) asks for the page's address: link="fragment". */
export const asksForFragment = (el) => (el.getAttribute('link') || '').trim() === LINK_VALUES[0];
