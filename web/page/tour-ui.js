// The guided tour's panel on the lesson page (dist/llm-budget-lab-tour.js,
// loaded by web/page/lesson-page.js after the core script). The tours are
// content/tours.json (checked by tools/check-content, web/tour/tour-schema.js).
//
// Each step sets the live state through the lesson's shared store (the one
// its elements share, group "lesson"; store.tryInput, as a preset button
// does), outlines the part or number it is about (view-marks.js), scrolls it
// into view clear of the panel, announces the step in a live region, keeps
// it in the link (#tour=decision/3, before the calculator's #lab: settings)
// and in the browser for resuming. A prediction is a quiz step graded by the
// core (web/tour/tour-steps.js, web/quiz/grade.js), with the quiz's feedback;
// checking it (or asking for the answer) then makes the change it asked about.
// Closing the tour (Leave, Escape, Finish) puts back the settings the page had
// before the tour changed them, and says so. On a phone the panel spans the
// bottom; its header stays in sight and "Hide the step" folds its body away.
// Keyboard: Back, Next and Leave are buttons; Escape leaves; focus goes to the
// step's title when the tour opens and back to where it was when it closes.
import tourDoc from '../../content/tours.json';
import { loadBudgetCore } from '../core/budget-core.js';
import { loadQuizCore } from '../core/quiz-core.js';
import { groupStore } from '../element/store.js';
import { loadBuiltInPresets } from '../element/presets.js';
import { loadScript, provideScript } from '../element/script-loader.js';
import { h, setText } from '../element/dom.js';
import { splitFragment, joinFragment, readFragment, FRAGMENT_PREFIX } from '../element/link-state.js';
import { readTourStep, tourStepSegment } from '../tour/tour-link.js';
import { stepInput, preparePrediction } from '../tour/tour-steps.js';
import { forgetStep, keepStep } from '../tour/tour-memory.js';
import { redrawNow } from '../element/start-scheduler.js';
import { gradeStep } from '../quiz/grade.js';
import { choiceFeedback } from '../quiz/feedback.js';
import { feedbackInWords } from '../quiz/grading-words.js';
import { stepKind } from '../quiz/step-kinds.js';
import { answerHintInWords } from '../quiz/answer-hint.js';
import { findTarget, markNode, clearMarks, elementOfPart } from './view-marks.js';
import { localeOfTag, localeScriptName } from '../element/locale-names.js';
import { translator } from '../element/i18n.js';
import { numberFormatting } from '../element/format.js';
import { localizeTour } from '../tour/tour-text.js';

/** The tours in the page's language (set when the first tour opens: languageOfPage()). */
let TOURS = tourDoc.tours;
/** The page's strings ({locale, t, core, fmt}), English until languageOfPage() has run. */
let strings = null;

/**
 * The page's language (<html lang>): its strings and its tours' text, from the locale's
 * script (dist/llm-budget-lab-locale-<l>.js, which the page's elements load too);
 * English when the page is English or the script cannot load.
 */
async function languageOfPage() {
  if (strings) return;
  const locale = localeOfTag(document.documentElement.getAttribute('lang'));
  const name = localeScriptName(locale);
  const provided = name ? await loadScript(name).catch(() => null) : null;
  const tr = translator(provided ? locale : 'en', provided ? provided.messages : null);
  strings = { ...tr, fmt: numberFormatting(tr.locale, tr.t) };
  const texts = provided && provided.content ? provided.content.tours : null;
  if (texts) TOURS = tourDoc.tours.map((tour) => localizeTour(tour, texts));
}
const t = (id, params) => strings.t(id, params);
/** The status sentence after leaving: it says when the student's own settings came back. */
const leftNote = (restored) => t(restored ? 'tour.leftRestored' : 'tour.left');
/** How long a step waits for its part to be drawn before it says so [ms]. */
const PART_WAIT_MS = 15000;

let cores = null;
let panel = null; // the open tour's state, or null
let uid = 0;

/**
 * Replaces the address's tour step (null: none), keeping the calculator's
 * settings unless `dropSettings` (they describe a state the page no longer shows).
 */
function writeTourLink(segment, { dropSettings = false } = {}) {
  const { rest } = splitFragment(location.hash);
  const keep = !dropSettings && rest.startsWith(FRAGMENT_PREFIX) ? rest : '';
  const next = joinFragment(segment, keep);
  try {
    history.replaceState(history.state, '', `${location.pathname}${location.search}${next ? `#${next}` : ''}`);
  } catch {
    // A frame that may not change its address: the tour works without the link.
  }
}

/** Resolves once `host` has drawn its parts (or after PART_WAIT_MS, with false). */
function drawn(host) {
  if (!host) return Promise.resolve(false);
  if (host.hasAttribute('ready')) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), PART_WAIT_MS);
    host.addEventListener('llm-budget-lab-ready', () => { clearTimeout(timer); resolve(true); }, { once: true });
  });
}

/** The sentence pointing at a target: "Look at Weights, in the calculator (outlined)." */
function targetWords(target, found) {
  const node = found.node;
  const dt = node && found.exact && target.field && node.previousElementSibling && node.previousElementSibling.tagName === 'DT'
    ? node.previousElementSibling.textContent.trim() : '';
  const part = t(`tour.part.${target.part}`);
  if (dt) return t('tour.lookAtLabel', { label: dt, part });
  // A number without a label beside it (the verdict line): the outline says which.
  return found.exact && target.field ? t('tour.lookAtLine', { part }) : t('tour.lookAtPart', { part });
}

const overlaps = (a, b) => a.bottom > b.top - 8 && a.top < b.bottom + 8 && a.right > b.left && a.left < b.right;

/** The area, in CSS pixels squared, that rectangles `a` and `b` share. */
const sharedArea = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
  * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * The rectangles of the controls a student may want to use beside the number a step points
 * at: the inputs, selects and buttons in the same tree (the element's shadow root) that are in
 * the window now. The panel avoids covering them where a corner allows.
 * @param {Element} node the step's target
 * @returns {DOMRect[]}
 */
function controlRects(node) {
  const root = node.getRootNode();
  if (!root || typeof root.querySelectorAll !== 'function') return [];
  return [...root.querySelectorAll('input, select, button, textarea')]
    .map((c) => c.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight);
}

/**
 * Scrolls `node` into view (instantly: no motion) clear of the panel. On a
 * phone the panel spans the bottom, so the number is scrolled above it; on a
 * wider window the panel moves to another corner (data-dock) when the number
 * sits in a sticky box (the calculator's results) that scrolling cannot move.
 */
function bringIntoView(node, panelEl) {
  if (!node) return;
  const wide = window.matchMedia('(min-width: 601px)').matches;
  const place = () => {
    const r = node.getBoundingClientRect();
    // A whole part taller than the window: its top comes into view.
    if (r.height > window.innerHeight * 0.6) {
      if (Math.abs(r.top - 16) > 4) window.scrollBy({ top: r.top - 16, behavior: 'auto' });
      panelEl.dataset.dock = wide ? 'bottom-right' : 'bottom';
      return;
    }
    if (wide) {
      if (r.top < 0 || r.bottom > window.innerHeight) window.scrollBy({ top: r.top - (window.innerHeight - r.height) / 2, behavior: 'auto' });
      // The first corner, in this order, that leaves the number clear and covers the least of
      // the part's controls (none, where one allows): the student can still change an input.
      const controls = controlRects(node);
      let best = 'bottom-right';
      let bestCovered = Infinity;
      for (const dock of ['bottom-right', 'bottom-left', 'top-right', 'top-left']) {
        panelEl.dataset.dock = dock;
        const panelRect = panelEl.getBoundingClientRect();
        if (overlaps(node.getBoundingClientRect(), panelRect)) continue;
        const covered = controls.reduce((sum, r) => sum + sharedArea(r, panelRect), 0);
        if (covered < bestCovered) {
          best = dock;
          bestCovered = covered;
        }
        if (covered === 0) break;
      }
      panelEl.dataset.dock = best;
      return;
    }
    // A phone: the number goes to the middle of the space above the panel.
    panelEl.dataset.dock = 'bottom';
    const free = panelEl.getBoundingClientRect().top;
    const top = Math.max(8, (free - r.height) / 2);
    if (Math.abs(r.top - top) > 4) window.scrollBy({ top: r.top - top, behavior: 'auto' });
  };
  place();
  // Parts that draw as they come near may still move the page: placed again on the next frames.
  requestAnimationFrame(() => { place(); requestAnimationFrame(place); });
}

function buildPanel() {
  const id = `tour-${++uid}`;
  const title = h('h2', { class: 'tour-title', id: `${id}-title`, tabindex: '-1' });
  const progress = h('p', { class: 'tour-progress', 'data-tour-progress': '' });
  const text = h('p', { class: 'tour-text', 'data-tour-text': '' });
  const where = h('p', { class: 'tour-where', 'data-tour-where': '' });
  const predict = h('div', { class: 'tour-predict', 'data-tour-predict': '' });
  const message = h('p', { class: 'tour-message', role: 'status', 'data-tour-message': '' });
  const live = h('p', { class: 'sr-only', 'aria-live': 'polite', 'data-tour-live': '' });
  const back = h('button', { type: 'button', 'data-tour-action': 'back' }, t('tour.back'));
  const next = h('button', { type: 'button', class: 'tour-next', 'data-tour-action': 'next' }, t('tour.next'));
  const leave = h('button', { type: 'button', 'data-tour-action': 'leave' }, t('tour.leave'));
  // Folds the step's text and prediction away, so a phone shows more of the page; the
  // header (progress, title, this button) stays at the panel's top as its body scrolls.
  const fold = h('button', { type: 'button', class: 'tour-fold', 'data-tour-action': 'fold', 'aria-expanded': 'true',
    'aria-controls': `${id}-body` }, t('tour.fold'));
  const body = h('div', { class: 'tour-body', id: `${id}-body` }, text, where, predict, message);
  // On a small screen the panel scrolls inside and a step's prediction may sit below what
  // shows: this button, beside Next, says so and brings it up (updateMore shows it).
  const more = h('button', { type: 'button', class: 'tour-more', 'data-tour-action': 'more', hidden: '' }, t('tour.more'));
  const head = h('div', { class: 'tour-head' }, h('div', { class: 'tour-head-text' }, progress, title), fold);
  const nav = h('div', { class: 'tour-nav' }, more, back, next, leave);
  const el = h('section', { class: 'tour-panel', 'data-tour-panel': '', 'aria-labelledby': `${id}-title` },
    head, body, nav, live);
  return { el, title, progress, text, where, predict, message, live, back, next, leave, fold, body, more, head, nav };
}

/** Shows "To the prediction" while the step's prediction is below what the panel shows. */
function updateMore(ui) {
  const asks = ui.predict.childElementCount > 0 && !ui.body.hidden;
  const below = asks && ui.predict.getBoundingClientRect().top > ui.nav.getBoundingClientRect().top - 16;
  if (ui.more.hidden === below) ui.more.hidden = !below;
}

/**
 * Brings the prediction up: the panel may grow (data-tall: on a phone, to 62 % of the screen,
 * until the next step) and scrolls (not the page) so the prediction starts under the header.
 */
function scrollToPrediction(ui) {
  ui.el.toggleAttribute('data-tall', true);
  setViewInset(ui);
  ui.el.scrollTo({ top: ui.predict.offsetTop - ui.head.offsetHeight, behavior: 'auto' });
  updateMore(ui);
}

/** Folds the open panel's body away (or unfolds it), then makes room for it again. */
function setFolded(ui, folded) {
  ui.el.toggleAttribute('data-folded', folded);
  ui.body.hidden = folded;
  ui.fold.setAttribute('aria-expanded', String(!folded));
  setText(ui.fold, t(folded ? 'tour.unfold' : 'tour.fold'));
  setViewInset(ui);
  updateMore(ui);
}

/** The panel's height as the page's bottom inset: the calculator's phone bar sits above it. */
function setViewInset(ui) {
  document.documentElement.style.setProperty('--llmb-view-inset-bottom', `${Math.round(ui.el.getBoundingClientRect().height)}px`);
}

/**
 * Keeps what `store` held before the tour first changed it (once per store
 * and opening), so leaving can give the student their own settings back.
 */
function keepOwnState(store) {
  if (!store || panel.own.has(store)) return;
  panel.own.set(store, { input: { ...store.state.input }, presetId: store.state.presetId });
}

/**
 * Puts back the settings each store held before the tour changed them; true
 * when any store now shows different settings than the tour left.
 */
function restoreOwnState(own) {
  let changed = false;
  for (const [store, kept] of own) {
    const now = store.state.input;
    if (Object.keys(kept.input).every((k) => Object.is(kept.input[k], now[k]))) continue;
    if (store.tryInput(kept.input, kept.presetId, { replacesAll: true }).ok) changed = true;
  }
  return changed;
}

/**
 * Closes the tour: removes the panel, the mark and the link's step, puts the
 * student's own settings back; focus goes back. `note(restored)` gives the
 * status sentence (null: none).
 */
function closeTour(note) {
  if (!panel) return;
  const { ui, opener, onClose, status, keydown, own } = panel;
  document.removeEventListener('keydown', keydown);
  clearMarks('tour');
  ui.el.remove();
  document.documentElement.style.removeProperty('--llmb-view-inset-bottom');
  delete document.documentElement.dataset.tourStep;
  writeTourLink(null);
  panel = null;
  // The calculator writes the restored settings to the link once they rest (calc-link.js).
  const restored = restoreOwnState(own);
  if (onClose) onClose();
  if (status && note) status.textContent = note(restored);
  const back = opener && opener.isConnected ? opener : document.querySelector('[data-tour-start]');
  if (back) back.focus();
}

/** The prediction's controls for `prepared` (a quiz step), graded by the core on Check. */
function drawPrediction(ui, step, prepared, reveal) {
  const { quizCore } = cores;
  const q = prepared.step;
  const kind = stepKind(q, quizCore);
  const fid = `tour-predict-${++uid}`;
  const feedback = h('div', { class: 'tour-feedback', role: 'status', 'data-tour-feedback': '' });
  let answer;
  let control;
  if (kind.answer === 'choices') {
    const name = `${fid}-choice`;
    const boxes = q.choices.map((c) => h('label', { class: 'tour-choice' },
      h('input', { type: 'radio', name, value: c.id, 'data-choice': c.id }), ` ${c.text}`));
    control = h('fieldset', { class: 'tour-choices' }, h('legend', { text: q.prompt }), boxes);
    answer = () => [...control.querySelectorAll('input:checked')].map((i) => i.value);
  } else {
    const input = h('input', { type: 'text', id: `${fid}-box`, inputmode: 'decimal', autocomplete: 'off', 'data-tour-answer': '' });
    const hint = answerHintInWords(quizCore, strings, q);
    control = h('div', { class: 'tour-typed' }, h('label', { for: `${fid}-box`, text: q.prompt }), input,
      hint ? h('p', { class: 'tour-hint', text: hint }) : null);
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); check.click(); } });
    answer = () => input.value;
  }
  const check = h('button', { type: 'button', 'data-tour-action': 'check' }, t('tour.check'));
  const show = h('button', { type: 'button', 'data-tour-action': 'show' }, t('tour.show'));
  check.addEventListener('click', () => {
    const a = answer();
    if (kind.answer === 'choices' && a.length === 0) { setText(feedback, t('tour.pickFirst')); return; }
    const r = gradeStep(q, prepared.settings, a, quizCore, { pointGroups: strings.fmt.groupMark === '.' });
    if (!r.ok) { setText(feedback, r.error); return; }
    // The core's sentence in English; another locale's from the kinds the core declares (as the quiz does).
    const message = feedbackInWords(quizCore, strings, r);
    const words = kind.answer === 'choices' ? choiceFeedback(q, { ...r, message }, prepared.texts, strings.t) : { lead: message, notes: [] };
    feedback.dataset.verdict = r.verdict;
    feedback.dataset.tone = kind.tones[r.verdict] || '';
    feedback.replaceChildren(h('p', { text: words.lead }), ...words.notes.map((n) => h('p', { text: n })));
    feedback.scrollIntoView({ block: 'nearest' }); // the panel scrolls inside: show the verdict
    // An empty box or text that is no number is no prediction yet: the calculator keeps the
    // step's state, so the answer is not shown before the student predicts.
    if (r.verdict === 'unparseable') return;
    reveal(true);
  });
  show.addEventListener('click', () => reveal(false));
  ui.predict.replaceChildren(h('p', { class: 'tour-predict-lead', text: t('tour.predictLead') }), control,
    h('div', { class: 'tour-predict-actions' }, check, show), feedback);
}

/** Shows step `index` of the open tour; `fromLink`: the link's own settings (if any) are kept. */
async function showStep(index, { fromLink = false, focus = null } = {}) {
  const { tour, ui } = panel;
  const step = tour.steps[index];
  const { core, quizCore, presets } = cores;
  panel.index = index;
  const token = ++panel.token;
  const n = tour.steps.length;
  setText(ui.progress, t('tour.progress', { tour: tour.title, n: index + 1, count: n }));
  setText(ui.title, step.title);
  setText(ui.text, step.text);
  setText(ui.message, '');
  setText(ui.where, '');
  ui.predict.replaceChildren();
  ui.back.disabled = index === 0;
  setText(ui.next, index === n - 1 ? t('tour.finish') : t('tour.next'));
  writeTourLink(tourStepSegment(tour.id, index));
  keepStep(tour.id, index);
  // The part the step is about: drawn once it comes near the viewport.
  const host = elementOfPart(step.target.part);
  // The panel is fixed on screen, but in the document it sits just before the step's part (outside
  // its section, whose containment would hold a fixed box), so Tab from the panel's last button
  // goes on to that part's controls, not back to the page's top. Focus moves to the step's title
  // or stays on the panel's button below, so moving it loses nothing.
  const slot = host && host.closest('.lab-slot');
  if (slot && ui.el.nextElementSibling !== slot) {
    const had = ui.el.contains(document.activeElement) ? document.activeElement : null;
    slot.before(ui.el);
    if (had && !focus) had.focus({ preventScroll: true });
  }
  if (host && !host.hasAttribute('ready')) host.scrollIntoView({ block: 'start', behavior: 'auto' });
  const ready = await drawn(host);
  if (!panel || panel.token !== token) return;
  const store = host ? groupStore(host.getAttribute('group') || 'lesson', core, () => presets.defaultInput(core)) : null;
  keepOwnState(store);
  const linkKeeps = fromLink && splitFragment(location.hash).rest.startsWith(FRAGMENT_PREFIX);
  const state = stepInput(step, presets, core);
  if (store && state.ok) {
    const presetOnly = step.set.preset !== undefined && !step.set.inputs;
    // A link that also carries calculator settings (#tour=decision/3&lab:batch=64): the
    // step's state with the link's settings over it; settings the link cannot give are
    // left at the step's (the calculator has said why, reading the same link).
    const fromSettings = linkKeeps ? readFragment(location.hash, core, state.input) : null;
    // A step opened by the page's link is part of the arrival: shown, not announced.
    if (fromSettings) store.tryInput(fromSettings.input, null, { replacesAll: true, quiet: fromLink });
    else if (store.tryInput(state.input, presetOnly ? step.set.preset : null, { replacesAll: true, quiet: fromLink }).ok) {
      // The address still holds the settings of the state before this step (the calculator
      // writes the new ones once its inputs rest, web/parts/calc-link.js): a reload meanwhile
      // would put them over this step's state. The step alone names its state, so they go now.
      writeTourLink(tourStepSegment(tour.id, index), { dropSettings: true });
    }
  }
  if (!ready) setText(ui.message, t('tour.notLoaded', { part: t(`tour.part.${step.target.part}`) }));
  // A far element redraws only when it comes near or the state rests (start-scheduler.js):
  // the number the step points at must be the new state's, so it is drawn now.
  if (host) redrawNow(host);
  let found = findTarget(step.target);
  const whereText = found.node ? targetWords(step.target, found) : '';
  setText(ui.where, whereText);
  if (step.predict) {
    const prepared = preparePrediction(step, core, quizCore, presets);
    if (prepared.ok) {
      drawPrediction(ui, step, prepared, () => {
        const after = stepInput(step, presets, core, step.predict.then || {});
        if (store && after.ok && step.predict.then) store.tryInput(after.input, null, { replacesAll: true });
        if (host) redrawNow(host);
        found = findTarget(step.target);
        markNode(found.node, 'tour');
        bringIntoView(found.node, ui.el);
      });
    } else {
      setText(ui.message, t('tour.cannotCheck', { field: prepared.problems[0].field, reason: prepared.problems[0].reason }));
    }
  }
  // The panel's height is known now: the calculator's phone bar sits above it, the target clear of it.
  ui.el.removeAttribute('data-tall');
  setViewInset(ui);
  ui.el.scrollTop = 0; // a new step starts at its top, at its usual height
  updateMore(ui);
  markNode(found.node, 'tour');
  bringIntoView(found.node, ui.el);
  setText(ui.live, t(step.predict ? 'tour.livePredict' : 'tour.live', {
    n: index + 1, count: n, title: step.title, text: step.text, where: whereText, prompt: step.predict ? step.predict.prompt : '',
  }));
  document.documentElement.dataset.tourStep = tourStepSegment(tour.id, index);
  if (focus) focus.focus();
}

/**
 * Opens a tour (or moves the open one) as lesson-page.js asks.
 * @param {{tour?:string, step?:number, segment?:string, fromLink?:boolean}} request  a tour id
 *   and step index (from 0), or a link's tour segment ("decision/3")
 * @param {{opener:HTMLElement|null, status:HTMLElement|null, onClose:Function}} page
 */
export async function openTour(request, { opener = null, status = null, onClose = null } = {}) {
  if (!cores) {
    // The page's language loads beside the cores (languageOfPage), in the same wait.
    const [core, quizCore, builtIn] = await Promise.all([loadBudgetCore(), loadQuizCore(), loadBuiltInPresets(), languageOfPage()]);
    cores = { core, quizCore, presets: builtIn.forCore(core) };
  }
  let where;
  if (request.segment !== undefined) {
    where = readTourStep(request.segment, TOURS, t);
    if (!where.ok) {
      if (status) status.textContent = where.message;
      if (panel) closeTour(null);
      return;
    }
  } else {
    const tour = TOURS.findIndex((t) => t.id === request.tour);
    if (tour < 0 || !Number.isInteger(request.step) || request.step < 0 || request.step >= TOURS[tour].steps.length) return;
    where = { tour, step: request.step };
  }
  if (status) status.textContent = '';
  const tour = TOURS[where.tour];
  if (panel && panel.tour !== tour) closeTour(null);
  if (!panel) {
    const ui = buildPanel();
    const keydown = (e) => { if (e.key === 'Escape' && !e.defaultPrevented) closeTour(leftNote); };
    panel = { tour, ui, index: 0, token: 0, opener, onClose, status, keydown, own: new Map() };
    // Until a step places it before its part (showStep), the panel follows the tours' start box.
    const box = document.querySelector('[data-tour-box]');
    if (box) box.after(ui.el);
    else document.body.append(ui.el);
    document.addEventListener('keydown', keydown);
    // Focus goes to the new step's title, so Tab reaches its prediction before the buttons.
    ui.back.addEventListener('click', () => { if (panel.index > 0) showStep(panel.index - 1, { focus: ui.title }); });
    ui.next.addEventListener('click', () => {
      if (panel.index < panel.tour.steps.length - 1) showStep(panel.index + 1, { focus: ui.title });
      else {
        forgetStep(); // finished: nothing to resume
        const title = panel.tour.title;
        closeTour((restored) => t(restored ? 'tour.finishedRestored' : 'tour.finished', { tour: title }));
      }
    });
    ui.leave.addEventListener('click', () => closeTour(leftNote));
    ui.more.addEventListener('click', () => {
      scrollToPrediction(ui);
      const first = ui.predict.querySelector('input');
      if (first) first.focus({ preventScroll: true });
    });
    ui.el.addEventListener('scroll', () => updateMore(ui), { passive: true });
    ui.fold.addEventListener('click', () => {
      setFolded(ui, !ui.el.hasAttribute('data-folded'));
      const node = findTarget(panel.tour.steps[panel.index].target).node;
      bringIntoView(node, ui.el);
    });
    await showStep(where.step, { fromLink: request.fromLink === true, focus: ui.title });
    return;
  }
  await showStep(where.step, { fromLink: request.fromLink === true, focus: panel.ui.title });
}

provideScript('tour', { openTour });
