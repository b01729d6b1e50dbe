// Tiny DOM helpers (no innerHTML with data: text always goes through textContent).

/** h('p', { class: 'x', 'aria-live': 'polite' }, 'text', child) */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'text') el.textContent = v;
      else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Sets textContent only when it changed (keeps the DOM quiet). */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Sets the text of `el` to `text` with a line-break opportunity (<wbr>) after each underscore, so a
 * runtime's option name such as gpu_memory_utilization wraps between its words in a narrow column
 * instead of inside one; the text read, copied or compared (textContent) is `text` itself. Writes
 * nothing when the text is already shown.
 * @param {Element} el
 * @param {string} text
 */
export function setTextBreakingIdentifiers(el, text) {
  if (el.textContent === text) return;
  const pieces = text.split(/(?<=_)/);
  if (pieces.length === 1) { el.textContent = text; return; }
  const doc = el.ownerDocument;
  el.replaceChildren(...pieces.flatMap((piece, i) => (i === 0 ? [piece] : [doc.createElement('wbr'), piece])));
}

/**
 * Sets attribute `name` of `el` to `value` only when it differs, and removes it
 * for null, undefined or false (true sets it empty, as h() does). A write of the
 * same value still queues style invalidation and mutation records, so code that
 * runs on every input event writes through this.
 * @param {Element} el
 * @param {string} name attribute name
 * @param {string|number|boolean|null|undefined} value
 */
export function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
    return;
  }
  const text = value === true ? '' : String(value);
  if (el.getAttribute(name) !== text) el.setAttribute(name, text);
}

/** Sets `el.hidden` only when it changes. */
export function setHidden(el, hidden) {
  if (el.hidden !== hidden) el.hidden = hidden;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
export function svgEl(tag, attrs) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  return el;
}

let uid = 0;
/** A document-unique id prefix (ids are also scoped by each shadow root). */
export function nextId(prefix) {
  uid += 1;
  return `${prefix}-${uid}`;
}
