// dist/embed.js: runs inside dist/embed.html (the iframe embed).
//
// Reads ?parts=…&preset=…&group=…&questions=…&inputs=…&presets=… (and &lang=…) from the
// page URL, creates one <llm-budget-lab> with those attributes (setAttribute
// only: nothing from the URL is parsed as HTML), and tells the parent page how
// tall the content is:
//   parent.postMessage({ type: 'llm-budget-lab:height', version: 1, height }, '*')
// `height` is in CSS pixels. It is measured on the content wrapper with a
// ResizeObserver, not on the document, whose height follows the iframe's own
// viewport: measuring that would feed the parent's resize back into the next
// message (a growth loop when the iframe is styled height: 100%).
// The message carries only a number, so it is posted to any origin; the
// parent-side script (parent.js) checks who sent it.
//
// Reporting (opt-in): with ?report-origin=https://your.site the element is
// given report="events" and each of its statements (web/quiz/report.js) is
// relayed to the parent, and only to that origin, never '*':
//   parent.postMessage({ type: 'llm-budget-lab:statement', version: 1, event, statement }, origin)
// The browser drops the message when the parent is not of that origin. A
// report-origin that is not exactly an http(s) origin sends nothing.
//
// Sticky results in a frame: the frame does not scroll when the host sizes it
// to its content, so the element is told which part of the frame is on screen
// (web/embed/visible-window.js measures it from inside, with or without the
// parent-side script) as two custom properties on the element,
// --llmb-view-inset-top and --llmb-view-inset-bottom (CSS px from the frame's
// top and bottom edges to the screen's), which its sticky results use.
import { EVENT_TYPES } from '../quiz/report.js';
import { ATTRIBUTE_NAMES } from '../element/attribute-names.js';
import { watchVisibleWindow } from './visible-window.js';

// `report` is not taken from the URL: report-origin below decides it. Nor is
// `link`: the frame's address is the lab's own page (embed.html), not the
// host's, so the calculator always keeps its inputs there, as before.
const ATTRIBUTES = ATTRIBUTE_NAMES.filter((n) => n !== 'report' && n !== 'link');
const MESSAGE_TYPE = 'llm-budget-lab:height';
export const STATEMENT_TYPE = 'llm-budget-lab:statement';

/**
 * The origin a report-origin parameter names, or null: an http: or https:
 * URL that is only an origin (scheme, host, optional port and "/"), no user,
 * path, query or fragment.
 */
export function reportOrigin(value) {
  if (typeof value !== 'string' || value.length > 300) return null;
  let url;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  // The parameter must be the origin as written ("https://a.b" or "https://a.b/").
  if (value !== url.origin && value !== `${url.origin}/`) return null;
  return url.origin;
}

function start() {
  const root = document.getElementById('lab-root');
  if (!root) return;
  const params = new URLSearchParams(window.location.search);
  // ?lang=de: the frame's document speaks that language, and so does the element
  // (web/element/locale-names.js reads <html lang>; a language not shipped is English).
  const lang = params.get('lang');
  if (lang && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(lang)) document.documentElement.setAttribute('lang', lang);
  const lab = document.createElement('llm-budget-lab');
  lab.setAttribute('link', 'fragment');
  for (const name of ATTRIBUTES) {
    const value = params.get(name);
    // Passed on whole, however long: the element names a value it cannot use
    // (shortened) in its notice rather than the embed dropping it silently.
    if (value !== null) lab.setAttribute(name, value);
  }
  const framed = window.parent !== window;
  const origin = framed ? reportOrigin(params.get('report-origin')) : null;
  if (origin) {
    lab.setAttribute('report', 'events');
    for (const event of Object.values(EVENT_TYPES)) {
      lab.addEventListener(event, (ev) => {
        // A plain copy: only JSON data crosses to the parent.
        const statement = JSON.parse(JSON.stringify(ev.detail));
        window.parent.postMessage({ type: STATEMENT_TYPE, version: 1, event, statement }, origin);
      });
    }
  }
  root.append(lab);

  if (!framed) return; // opened directly, not framed
  watchVisibleWindow(root, (view) => {
    const height = document.documentElement.clientHeight;
    const top = view ? Math.max(0, Math.round(view.top)) : 0;
    const bottom = view ? Math.max(0, Math.round(height - view.bottom)) : 0;
    lab.style.setProperty('--llmb-view-inset-top', `${top}px`);
    lab.style.setProperty('--llmb-view-inset-bottom', `${bottom}px`);
  });
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
