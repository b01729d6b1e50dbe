// The calculator's link and reset tools. When the page asks for it (the
// element's link="fragment", web/element/attribute-names.js; the lesson page
// and the embed do), the first such calculator on the page keeps its inputs in
// the URL fragment (web/element/link-state.js), restores them on load and
// when the fragment changes, and offers "Copy link"; a printed page shows the
// link under the calculator. Without it the page's address is the host's own
// (a router's #/week/3): it is never read or written, and no link is offered,
// since a link to the page would not bring the inputs back. "Reset
// calculator" and "Download inputs" are always there. Only one element owns
// the page's fragment, the first in document order with link="fragment": a
// later one with the attribute says that another element keeps the link and
// offers "Download inputs" only (its link would bring back the first one's inputs).
import { h, setText } from '../element/dom.js';
import { encodeFragment, readFragment, FRAGMENT_PREFIX, splitFragment, joinFragment } from '../element/link-state.js';
import { offerJsonDownload, downloadSentence } from '../element/download.js';
import { copyByHandBox } from '../element/copy-by-hand.js';
import { asksForFragment } from '../element/attribute-names.js';

/** The "format" of a downloaded configuration file. */
export const INPUTS_FORMAT = 'llm-budget-lab-inputs';

/**
 * Whether `host` owns the page's fragment: it is the first element of its
 * kind in document order that asks for it (one in a shadow root, which the
 * document's list does not hold, owns it when no element of the document asks).
 */
function ownsFragment(host) {
  if (!host || !host.ownerDocument) return true;
  const first = [...host.ownerDocument.querySelectorAll(host.localName)].find(asksForFragment);
  return first === undefined || first === host;
}
// The address's fragment is read when the page opens (and on hashchange), not
// when an element draws itself again after a host changed its attributes:
// those attributes are then what the host wants shown.
let openingFragmentRead = false;

/** Replaces the fragment without a history entry; a frame that forbids it keeps working without. */
function writeFragment(fragment) {
  // The build's prerender draws in node, where no address exists (its timers may still fire).
  if (typeof location === 'undefined' || typeof history === 'undefined') return;
  // A tour step at the start of the address stays there (#tour=decision/3&lab:...).
  const { tour, rest } = splitFragment(location.hash);
  // Starting values and a heading anchor (#budget) in the address: leave the anchor.
  if (!fragment && !rest.startsWith(FRAGMENT_PREFIX)) return;
  const next = joinFragment(tour, fragment);
  if (location.hash === (next ? `#${next}` : '')) return;
  try {
    history.replaceState(history.state, '', `${location.pathname}${location.search}${next ? `#${next}` : ''}`);
  } catch {
    // Sandboxed or opaque-origin documents may refuse; the link tools still show the URL.
  }
}

/**
 * @param {HTMLElement} parent  where the tools go (under the calculator's fields)
 * @param {object} ctx  the element's context (core, store, initialInput(), host: the element,
 *   linkInAddress: true when the element's link attribute asks for the page's address; t: its strings)
 * @param {(text:string)=>string} words  core sentence -> the page's words
 * @param {(texts:string[])=>void} showNotices  shows sentences about an unusable link
 * @returns {{update(state):void, printed:HTMLElement}} `printed`: the link as text, for the caller
 *   to place where print shows it (outside the fields, which print hides)
 */
export function mountLinkTools(parent, ctx, words, showNotices) {
  const { core, store, t } = ctx;
  const names = core.declaration.inputs.map((f) => f.name);
  const base = ctx.initialInput();
  const asked = ctx.linkInAddress === true;
  // Only the owner reads and writes the fragment and offers a link: another's would restore the owner's inputs.
  const owner = asked && ownsFragment(ctx.host);

  const status = h('p', { class: 'calc-link-status', role: 'status' });
  const linkBox = h('input', { type: 'text', class: 'calc-link-box', readonly: true, hidden: true,
    'aria-label': t('link.boxLabel') });
  const printed = h('p', { class: 'calc-link-print' });
  // The page cannot know whether a downloaded file arrived (a sandboxed frame
  // refuses it silently): it says the browser was asked, and keeps the text at hand to copy.
  const inputsText = copyByHandBox(t('link.inputsText'), t);
  const linkNow = () => {
    const fragment = encodeFragment(store.state.input, base, names);
    return `${location.href.replace(/#.*$/, '')}${fragment ? `#${fragment}` : ''}`;
  };
  const copy = h('button', { type: 'button', 'data-action': 'copy-link' }, t('link.copy'));
  copy.addEventListener('click', async () => {
    inputsText.hide();
    const link = linkNow();
    linkBox.value = link;
    try {
      if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      linkBox.hidden = true;
      setText(status, t('link.copied'));
    } catch {
      // No clipboard here (file://, a sandboxed frame, permissions): show the link to copy by hand.
      linkBox.hidden = false;
      linkBox.select();
      setText(status, t('link.copyByHand'));
    }
  });
  const reset = h('button', { type: 'button', 'data-action': 'reset-calculator' }, t('link.reset'));
  reset.addEventListener('click', () => {
    store.tryInput({ ...base }, null, { replacesAll: true });
    linkBox.hidden = true;
    inputsText.hide();
    setText(status, t('link.resetDone'));
  });
  const save = h('button', { type: 'button', 'data-action': 'download-inputs' }, t('link.download'));
  save.addEventListener('click', () => {
    // Every input by the core's names, in its units (bytes, bytes/s, FLOP/s), and the link when
    // the page keeps the inputs in its address (else a link would not bring them back).
    const doc = { format: INPUTS_FORMAT, version: 1, inputs: { ...store.state.input }, ...(owner ? { link: linkNow() } : {}) };
    const filename = t('link.inputsFile');
    const { outlook, text } = offerJsonDownload(doc, filename, parent);
    linkBox.hidden = true;
    setText(status, downloadSentence(outlook, filename, t('link.downloadFallback'), t));
    inputsText.show(text, outlook !== 'asked');
  });
  // Without the address, a copied link would open the page at its starting values: none is offered.
  parent.append(h('div', { class: 'calc-link-tools' }, owner ? copy : null, reset, save), status, linkBox, inputsText.el);

  // A slider drag changes the inputs many times a second; browsers throttle
  // (and warn about) more than a few hundred history changes in ten seconds,
  // and each change costs the page tens of milliseconds on a slow phone (the
  // browser handles a navigation, the icon included). So the fragment is
  // written once the inputs have rested for 300 ms, the last value, never in
  // an input's own task or between two steps of a drag.
  const REST_MS = 300;
  let timer = 0;
  let latest = '';
  const writeSoon = (fragment) => {
    latest = fragment;
    clearTimeout(timer);
    timer = setTimeout(() => { timer = 0; writeFragment(latest); }, REST_MS);
  };
  // Leaving the page (or the tab) before the rest: the last value is written then.
  const flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = 0;
    writeFragment(latest);
  };

  const apply = () => {
    const read = readFragment(location.hash, core, base, words, ctx.visibleText, ctx.strings);
    if (!read) return;
    showNotices(read.notices);
    // The page around the element may say so where the reader is (the lesson page: at its top):
    // llm-budget-lab-link-notice, detail.count the link's settings not used.
    if (read.notices.length && ctx.host) {
      ctx.host.dispatchEvent(new CustomEvent('llm-budget-lab-link-notice', { bubbles: true, detail: { count: read.notices.length } }));
    }
    // The link the page opened with is part of the arrival (not announced); one pasted later is a change.
    store.tryInput(read.input, null, { quiet: !openingFragmentRead });
    // A link with settings not used leaves the address as the inputs are: a change writes it
    // anyway, and when nothing changed (every setting refused) it is written here, so a bad
    // link pasted into the address does not stay there.
    if (read.notices.length) writeSoon(encodeFragment(store.state.input, base, names));
  };
  if (asked && !owner) showNotices([t('link.fragmentTaken')]);
  if (owner) {
    if (!openingFragmentRead) apply();
    openingFragmentRead = true;
    window.addEventListener('hashchange', apply, ctx.signal ? { signal: ctx.signal } : undefined);
    window.addEventListener('pagehide', flush, ctx.signal ? { signal: ctx.signal } : undefined);
    document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flush(); },
      ctx.signal ? { signal: ctx.signal } : undefined);
    // A write still waiting when this drawing is replaced belongs to it: drop it.
    if (ctx.signal) ctx.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  }

  return {
    printed,
    update(state) {
      const fragment = encodeFragment(state.input, base, names);
      if (owner) writeSoon(fragment);
      if (owner) setText(printed, t('link.printed', { link: linkNow() }));
    },
  };
}
