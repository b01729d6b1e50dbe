// dist/embed.js: runs inside dist/embed.html (the iframe embed).
//
// Reads ?parts=…&preset=…&group=…&questions=… from the page URL, creates one
// <llm-budget-lab> with those attributes (setAttribute only: nothing from the
// URL is parsed as HTML), and tells the parent page how tall the content is:
//   parent.postMessage({ type: 'llm-budget-lab:height', version: 1, height }, '*')
// `height` is in CSS pixels. It is measured on the content wrapper with a
// ResizeObserver, not on the document, whose height follows the iframe's own
// viewport: measuring that would feed the parent's resize back into the next
// message (a growth loop when the iframe is styled height: 100%).
// The message carries only a number, so it is posted to any origin; the
// parent-side script (parent.js) checks who sent it.

const ATTRIBUTES = ['parts', 'preset', 'group', 'questions'];
const MESSAGE_TYPE = 'llm-budget-lab:height';

function start() {
  const root = document.getElementById('lab-root');
  if (!root) return;
  const params = new URLSearchParams(window.location.search);
  const lab = document.createElement('llm-budget-lab');
  for (const name of ATTRIBUTES) {
    const value = params.get(name);
    // Passed on whole, however long: the element names a value it cannot use
    // (shortened) in its notice rather than the embed dropping it silently.
    if (value !== null) lab.setAttribute(name, value);
  }
  root.append(lab);

  if (window.parent === window) return; // opened directly, not framed
  let last = -1;
  const post = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: MESSAGE_TYPE, version: 1, height }, '*');
  };
  new ResizeObserver(post).observe(root);
  post();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
