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
    for (const node of nodes) node.remove();
    nodes = [];
  };
}
