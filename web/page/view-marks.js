// Marks a part of the lesson's live view, or one number in it, for the
// guided tour and the lesson's linked terms: the part is found by its name
// among the page's <llm-budget-lab> elements (the section the element draws
// for it, [data-part=NAME] in its open shadow root), the number by the
// declared result field it shows ([data-result~=NAME], set by the part that
// draws it: web/parts/results.js). The mark is an attribute,
// data-view-mark, that the element's stylesheet outlines (web/styles/lab.css).
// Of several nodes showing the field (the phone's compact bar and the full
// results panel), the first one laid out is marked.

const MARK = 'data-view-mark';

/** The page's element that shows part `part` (its parts attribute names it), or null. */
export function elementOfPart(part, doc = document) {
  return [...doc.querySelectorAll('llm-budget-lab')].find((el) => (el.getAttribute('parts') || '').split(/[\s,]+/).includes(part)) || null;
}

const laidOut = (node) => node.getClientRects().length > 0;

/**
 * The node to mark for a target, once the element has drawn it: the part's
 * section, or the laid-out node showing `field` inside it (the section when
 * none shows it now, e.g. a field hidden for a one-GPU model).
 * @returns {{host:HTMLElement|null, node:Element|null, exact:boolean}}
 */
export function findTarget({ part, field }, doc = document) {
  const host = elementOfPart(part, doc);
  const section = host && host.shadowRoot ? host.shadowRoot.querySelector(`section[data-part="${part}"]`) : null;
  if (!section) return { host, node: null, exact: false };
  if (!field) return { host, node: section, exact: true };
  const nodes = [...section.querySelectorAll('[data-result]')].filter((n) => n.getAttribute('data-result').split(' ').includes(field));
  const shown = nodes.find(laidOut);
  return shown ? { host, node: shown, exact: true } : { host, node: section, exact: false };
}

/**
 * Marks `node` (removing any other mark of the same `kind`, "tour" or "term").
 * @returns {() => void} removes this mark
 */
export function markNode(node, kind) {
  clearMarks(kind);
  if (!node) return () => {};
  const marks = new Set((node.getAttribute(MARK) || '').split(' ').filter(Boolean));
  marks.add(kind);
  node.setAttribute(MARK, [...marks].join(' '));
  marked.set(kind, node);
  return () => { if (marked.get(kind) === node) clearMarks(kind); };
}

const marked = new Map();

/** Removes the mark of `kind`. */
export function clearMarks(kind) {
  const node = marked.get(kind);
  marked.delete(kind);
  if (!node) return;
  const rest = (node.getAttribute(MARK) || '').split(' ').filter((k) => k && k !== kind);
  if (rest.length) node.setAttribute(MARK, rest.join(' '));
  else node.removeAttribute(MARK);
}
