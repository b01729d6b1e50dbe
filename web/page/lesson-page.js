// The lesson page's own small script (dist/lesson-page.js, after the
// element's shell): the guided tours' start and resume controls, and the
// lesson's linked terms. It stays small: the tour itself (its panel, its
// steps and the cores it grades with) is dist/llm-budget-lab-tour.js, loaded
// only when a tour is started or the link names a tour step (#tour=decision/3),
// after the core script it uses (web/element/script-loader.js).
//
// The start controls are written into the page by the build (web/page/tour-markup.mjs):
// one button per tour, [data-tour-start=ID] with data-tour-steps, so a
// kept step can be offered for resuming without loading the tours.
import { loadScript } from '../element/script-loader.js';
import { splitFragment } from '../element/link-fragment.js';
import { recallStep } from '../tour/tour-memory.js';
import { findTarget, markNode, clearMarks } from './view-marks.js';
import { watchLinkNotices } from './link-notice.js';

const box = document.querySelector('[data-tour-box]');
const status = box ? box.querySelector('[data-tour-status]') : null;
const starts = box ? [...box.querySelectorAll('button[data-tour-start]')] : [];
const tourList = starts.map((b) => ({ id: b.dataset.tourStart, title: b.dataset.tourTitle || '', steps: Array.from({ length: Number(b.dataset.tourSteps) || 0 }) }));

/** A sentence the build wrote on the tour box in the page's language (tour-markup.mjs), {name} filled. */
const said = (key, params = {}) => (box ? box.dataset[key] || '' : '').replace(/\{(\w+)\}/g, (m, k) => (k in params ? params[k] : m));

// A link whose settings the calculator could not all use is said here, near the top.
watchLinkNotices(box, said);

let opening = null;
/** Loads the tour's script (after the core script) and hands it the request. */
function openTour(request, opener) {
  if (status) status.textContent = said('textLoading');
  const resume = box && box.querySelector('[data-tour-resume]');
  if (resume) resume.remove(); // offered again when the tour closes (onClose)
  opening = (opening || loadScript('core').then(() => loadScript('tour')))
    .then((tour) => {
      if (status) status.textContent = '';
      tour.openTour(request, { opener, status, onClose: offerResume });
      return tour;
    })
    .catch((err) => {
      opening = null;
      if (status) status.textContent = said('textFailed', { error: err && err.message ? err.message : String(err) });
    });
  return opening;
}

for (const b of starts) {
  b.addEventListener('click', () => openTour({ tour: b.dataset.tourStart, step: 0 }, b));
  b.disabled = false; // written disabled: without this script there is no tour
}

/** Offers the step kept from last time ("Resume the tour at step 3"), if any. */
function offerResume() {
  if (!box) return;
  const old = box.querySelector('[data-tour-resume]');
  if (old) old.remove();
  const kept = recallStep(tourList);
  if (!kept) return;
  const t = tourList[kept.tour];
  const row = document.createElement('p');
  row.className = 'tour-resume';
  row.dataset.tourResume = '';
  const b = document.createElement('button');
  b.type = 'button';
  b.id = 'tour-resume-button';
  b.textContent = said('textResume');
  const where = document.createElement('span');
  where.id = 'tour-resume-where';
  where.textContent = said('textResumeWhere', { n: kept.step + 1, tour: t.title });
  b.setAttribute('aria-labelledby', 'tour-resume-button tour-resume-where');
  b.addEventListener('click', () => openTour({ tour: t.id, step: kept.step }, b));
  row.append(b, where);
  box.querySelector('.tour-start-list').after(row);
}

// A link that names a tour step opens it; so does a step typed into the address later.
function fromAddress() {
  const segment = splitFragment(location.hash).tour;
  if (segment === null || segment === document.documentElement.dataset.tourStep) return;
  openTour({ segment, fromLink: true }, null);
}
window.addEventListener('hashchange', fromAddress);
fromAddress();
offerResume();

// Linked terms: a word or symbol of the lesson marked {{term:FIELD|text}} that
// points at the number showing FIELD (or at a part), outlined while the term
// is hovered or focused; a tip beside the term says what the number is now, in
// the page's language: the build writes the tip's sentences on the tip element
// (data-text-*, web/page/render-lesson.mjs termTipAttributes) and each term's part
// name on the term (data-term-part).
const tip = document.getElementById('lab-term-tip');
/** A tip sentence the build wrote in the page's language, {name} filled. */
const tipText = (key, params) => (tip ? tip.dataset[key] || '' : '').replace(/\{(\w+)\}/g, (m, k) => (k in params ? params[k] : m));
function showTerm(term) {
  const [part, field] = (term.dataset.term || '').split('.');
  const { node, exact } = findTarget({ part, field });
  markNode(node, 'term');
  if (!tip) return;
  const label = node && node.previousElementSibling && node.previousElementSibling.tagName === 'DT' ? node.previousElementSibling.textContent : '';
  const said = { part: term.dataset.termPart || part, label, value: node ? node.textContent.trim() : '' };
  let key = 'textNotLoaded';
  if (node && exact && field) key = label ? 'textValueLabel' : 'textValue';
  else if (node) key = 'textOutlined';
  tip.textContent = tipText(key, said);
  const r = term.getBoundingClientRect();
  tip.hidden = false;
  tip.dataset.place = r.top > 80 ? 'above' : 'below';
  tip.style.setProperty('--term-x', `${Math.max(8, Math.min(r.left, window.innerWidth - 260))}px`);
  tip.style.setProperty('--term-y', `${r.top > 80 ? r.top - 6 : r.bottom + 6}px`);
}
function hideTerm() {
  clearMarks('term');
  if (tip) tip.hidden = true;
}
for (const term of document.querySelectorAll('.lab-term[data-term]')) {
  term.addEventListener('mouseenter', () => showTerm(term));
  term.addEventListener('focus', () => showTerm(term));
  term.addEventListener('mouseleave', () => { if (document.activeElement !== term) hideTerm(); });
  term.addEventListener('blur', hideTerm);
  term.addEventListener('keydown', (e) => { if (e.key === 'Escape') hideTerm(); });
}
// The tip is placed beside the term once; scrolling would leave it behind, so it goes.
window.addEventListener('scroll', () => { if (tip && !tip.hidden) hideTerm(); }, { passive: true });

// The link to the lesson in another language keeps what the address holds (a tour step, the
// calculator's settings from a shared link), so switching language keeps the reader's place.
// Its href follows the address whenever someone may take it: a click, but also a long press or
// right click (opened in a new tab, or copied) and focus. The calculator rewrites the address
// with history.replaceState, which fires no event, so the href is refreshed at those moments.
for (const link of document.querySelectorAll('a[hreflang]')) {
  const page = (link.getAttribute('href') || '').split('#')[0]; // relative: works from disk too
  const follow = () => { link.setAttribute('href', page + location.hash); };
  follow();
  window.addEventListener('hashchange', follow);
  for (const type of ['pointerdown', 'contextmenu', 'focus', 'click']) link.addEventListener(type, follow);
}
