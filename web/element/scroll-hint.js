// A line of text above a table that scrolls sideways, shown only while the
// table is wider than its box: on a narrow screen the columns past the right
// edge often end exactly at a column boundary, and a shadow alone is easy to miss.
import { h } from './dom.js';

/**
 * A hint paragraph that shows itself while `wrap` (the table's scrolling box)
 * is wider inside than it is on screen, and hides itself otherwise. Place it
 * before `wrap`.
 * @param {HTMLElement} wrap  the element with overflow-x: auto
 * @param {string} text  what to say, e.g. "Scroll the table sideways for the speeds →"
 * @param {object} [options]
 * @param {string} [options.out]  its data-out name (tests find it by that), default "scroll-hint"
 * @param {boolean} [options.shown]  shown before the first measurement, default false: true for a
 *   table wider than most columns, so that the build's drawing (which cannot measure) shows it
 *   too and nothing moves when the live element takes over
 * @returns {HTMLParagraphElement}
 */
export function scrollHint(wrap, text, { out = 'scroll-hint', shown = false } = {}) {
  const hint = h('p', { class: 'scroll-hint', 'data-out': out, hidden: !shown, text });
  const check = () => { hint.hidden = wrap.scrollWidth <= wrap.clientWidth + 1; };
  if (typeof ResizeObserver === 'function') new ResizeObserver(check).observe(wrap);
  return hint;
}
