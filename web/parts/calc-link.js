// The calculator's link and reset tools: keeps the inputs in the URL
// fragment (web/element/link-state.js) for the first calculator on a page,
// restores them on load and when the fragment changes, and offers "Copy link"
// and "Reset calculator". A printed page shows the link under the calculator.
import { h, setText } from '../element/dom.js';
import { encodeFragment, readFragment, FRAGMENT_PREFIX } from '../element/link-state.js';
import { downloadBlob } from '../element/download.js';

/** The "format" of a downloaded configuration file. */
export const INPUTS_FORMAT = 'llm-budget-lab-inputs';

// One calculator per document owns the fragment (the lesson page has one;
// a host page with several gets the first).
let fragmentOwner = null;
// The address's fragment is read when the page opens (and on hashchange), not
// when an element draws itself again after a host changed its attributes:
// those attributes are then what the host wants shown.
let openingFragmentRead = false;

/** Replaces the fragment without a history entry; a frame that forbids it keeps working without. */
function writeFragment(fragment) {
  const current = location.hash;
  // Starting values and a heading anchor (#budget) in the address: leave the anchor.
  if (!fragment && !current.startsWith(`#${FRAGMENT_PREFIX}`)) return;
  if (current === (fragment ? `#${fragment}` : '')) return;
  try {
    history.replaceState(history.state, '', `${location.pathname}${location.search}${fragment ? `#${fragment}` : ''}`);
  } catch {
    // Sandboxed or opaque-origin documents may refuse; the link tools still show the URL.
  }
}

/**
 * @param {HTMLElement} parent  where the tools go (under the calculator's fields)
 * @param {object} ctx  the element's context (core, store, initialInput())
 * @param {(text:string)=>string} words  core sentence -> the page's words
 * @param {(texts:string[])=>void} showNotices  shows sentences about an unusable link
 * @returns {{update(state):void, printed:HTMLElement}} `printed`: the link as text, for the caller
 *   to place where print shows it (outside the fields, which print hides)
 */
export function mountLinkTools(parent, ctx, words, showNotices) {
  const { core, store } = ctx;
  const names = core.declaration.inputs.map((f) => f.name);
  const base = ctx.initialInput();
  const owner = fragmentOwner === null || !fragmentOwner.isConnected;
  if (owner) fragmentOwner = parent;

  const status = h('p', { class: 'calc-link-status', role: 'status' });
  const linkBox = h('input', { type: 'text', class: 'calc-link-box', readonly: true, hidden: true,
    'aria-label': 'Link to this configuration' });
  const printed = h('p', { class: 'calc-link-print' });
  const linkNow = () => {
    const fragment = encodeFragment(store.state.input, base, names);
    return `${location.href.replace(/#.*$/, '')}${fragment ? `#${fragment}` : ''}`;
  };
  const copy = h('button', { type: 'button', 'data-action': 'copy-link' }, 'Copy link');
  copy.addEventListener('click', async () => {
    const link = linkNow();
    linkBox.value = link;
    try {
      if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      linkBox.hidden = true;
      setText(status, 'Link copied: it opens this page with these inputs.');
    } catch {
      // No clipboard here (file://, a sandboxed frame, permissions): show the link to copy by hand.
      linkBox.hidden = false;
      linkBox.select();
      setText(status, 'Copy this link by hand (the browser did not allow copying):');
    }
  });
  const reset = h('button', { type: 'button', 'data-action': 'reset-calculator' }, 'Reset calculator');
  reset.addEventListener('click', () => {
    store.tryInput({ ...base }, null);
    linkBox.hidden = true;
    setText(status, 'The calculator is back to its starting values.');
  });
  const save = h('button', { type: 'button', 'data-action': 'download-inputs' }, 'Download inputs (JSON)');
  save.addEventListener('click', () => {
    // Every input by the core's names, in its units (bytes, bytes/s, FLOP/s), and the link.
    const doc = { format: INPUTS_FORMAT, version: 1, inputs: { ...store.state.input }, link: linkNow() };
    downloadBlob(new Blob([`${JSON.stringify(doc, null, 2)}\n`], { type: 'application/json' }), 'llm-budget-lab-inputs.json', parent);
    setText(status, 'The inputs were saved as a file (nothing was sent anywhere).');
  });
  parent.append(h('div', { class: 'calc-link-tools' }, copy, reset, save), status, linkBox);

  // A slider drag changes the inputs many times a second; browsers throttle
  // (and warn about) more than a few hundred history changes in ten seconds.
  // So the fragment is written at most every 250 ms, the last value always.
  let lastWrite = 0;
  let timer = 0;
  let latest = '';
  const writeSoon = (fragment) => {
    latest = fragment;
    const wait = lastWrite + 250 - Date.now();
    clearTimeout(timer);
    if (wait <= 0) {
      lastWrite = Date.now();
      writeFragment(latest);
    } else {
      timer = setTimeout(() => { lastWrite = Date.now(); writeFragment(latest); }, wait);
    }
  };

  const apply = () => {
    const read = readFragment(location.hash, core, base, words, ctx.visibleText);
    if (!read) return;
    showNotices(read.notices);
    store.tryInput(read.input, null);
  };
  if (owner) {
    if (!openingFragmentRead) apply();
    openingFragmentRead = true;
    window.addEventListener('hashchange', apply, ctx.signal ? { signal: ctx.signal } : undefined);
    // A write still waiting when this drawing is replaced belongs to it: drop it.
    if (ctx.signal) ctx.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  }

  return {
    printed,
    update(state) {
      const fragment = encodeFragment(state.input, base, names);
      if (owner) writeSoon(fragment);
      setText(printed, `Link to this configuration: ${linkNow()}`);
    },
  };
}
