// Taking over a drawing the build wrote into the page (web/prerender): the
// lesson page's elements arrive with a declarative shadow root that already
// shows their default state. The element draws its live parts beside it,
// hidden, and removes the written nodes in the same task as it shows its own,
// so the reader never sees the box empty or jump.

/**
 * The nodes a shadow root holds before the element has drawn anything (the
 * build's drawing; none when the page was not prerendered).
 * @param {ShadowRoot} root the element's shadow root, before the element adds to it
 * @returns {() => void} removes those nodes; later calls do nothing
 */
export function prerenderedContent(root) {
  let nodes = [...root.childNodes];
  return () => {
    const focused = focusedInside(root, nodes);
    for (const node of nodes) node.remove();
    nodes = [];
    if (focused) {
      // The same control in the live drawing takes the focus (a keyboard or
      // screen-reader user keeps their place instead of landing on <body>).
      const match = root.querySelectorAll(focused.selector)[focused.index];
      if (match) match.focus({ preventScroll: true });
    }
  };
}

/** The focused element among `nodes`, as its tag and classes and its place among those alike (null when none). */
function focusedInside(root, nodes) {
  const active = root.activeElement;
  if (!active || !nodes.some((n) => n.contains(active))) return null;
  const selector = active.localName + [...active.classList].map((c) => `.${CSS.escape(c)}`).join('');
  const alike = nodes.flatMap((n) => (n.nodeType === 1 ? [...n.querySelectorAll(selector)] : []));
  return { selector, index: alike.indexOf(active) };
}
