// A line of text above a table that scrolls sideways, shown only while the
// table is wider than its box: on a narrow screen the columns past the right
// edge often end exactly at a column boundary, and a shadow alone is easy to miss.
import { h } from './dom.js';

/**
 * A hidden hint paragraph that shows itself while `wrap` (the table's
 * scrolling box) is wider inside than it is on screen. Place it before `wrap`.
 * @param {HTMLElement} wrap  the element with overflow-x: auto
 * @param {string} text  what to say, e.g. "Scroll the table sideways for the speeds →"
 * @param {string} out  its data-out name (tests and the print styles find it by that)
 * @returns {HTMLParagraphElement}
 */
export function scrollHint(wrap, text, out = 'scroll-hint') {
  const hint = h('p', { class: 'scroll-hint', 'data-out': out, hidden: '', text });
  const check = () => { hint.hidden = wrap.scrollWidth <= wrap.clientWidth + 1; };
  if (typeof ResizeObserver === 'function') new ResizeObserver(check).observe(wrap);
  return hint;
}
