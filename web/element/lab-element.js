// <llm-budget-lab>: the whole lab as one custom element with Shadow DOM.
//
// Attributes (every one is observed: a host may change any of them on a live
// element; several changes in one task are drawn once)
//   parts     part names separated by spaces or commas, or "all" (default, also when
//             the value is empty or only separators); see parts/registry.js
//   preset    a configuration, model or GPU id from the element's presets
//   inputs    start values over the preset, "batch=32,context_tokens=4096": the
//             core's field names in its units, read like the link fragment
//             (link-state.js readInputsAttribute)
//   presets   URL of a presets file (content/presets.json's shape) used instead of
//             the built-in presets once it passes the same checks
//             (web/content/presets-check.js); http(s) only, at most 256 KB
//   group     elements with the same group share one state (one calculator
//             drives the charts); without it the element has its own state
//   questions URL of a questions file for the quiz part (passed on as ctx.questionsUrl)
//   report    "events": the quiz dispatches xAPI-shaped CustomEvents (bubbling,
//             composed) from the element; see web/quiz/report.js
// Properties
//   questionsDocument  a parsed questions document (it wins over `questions`),
//                      checked like a file; the instructors' workbench sets it
//   answerStorage      an object with getItem/setItem/removeItem that keeps the
//                      quiz's answers instead of localStorage (read when the quiz
//                      starts; the SCORM adapter sets it)
// A value the element cannot use is named in a small notice inside the element
// (with the valid values); the rest still renders. Nothing goes to the console.
// The element sets the `ready` attribute once its parts are drawn (it is
// removed while a change is being drawn), and
// document.documentElement.dataset.labReady = "true" once every
// <llm-budget-lab> in the document is ready.
import { loadBudgetCore } from '../core/budget-core.js';
import { loadQuizCore } from '../core/quiz-core.js';
import { getPart, ALL_PARTS } from '../parts/registry.js';
import { createStore, groupStore } from './store.js';
import { builtInPresets, presetSet } from './presets.js';
import { readInputsAttribute } from './link-state.js';
import { calculatorFields } from './fields.js';
import { validatePresets } from '../content/presets-check.js';
import { validateQuestions } from '../quiz/schema.js';
import { fetchContentFile } from '../quiz/questions-source.js';
import { h } from './dom.js';
import { prerenderedContent } from './takeover.js';
import { ATTRIBUTE_NAMES, REPORT_VALUES } from './attribute-names.js';

let stylesheetUrl = 'llm-budget-lab.css';

/** Where the element's shadow stylesheet lives (resolved from the script URL). */
export function setStylesheetUrl(url) {
  stylesheetUrl = url;
}

/** Changes that give the element a new starting input (and so a new or reset store). */
const INPUT_ATTRIBUTES = ['preset', 'inputs', 'presets', 'group'];

function markDocumentReady() {
  const all = document.querySelectorAll('llm-budget-lab');
  for (const el of all) if (!el.hasAttribute('ready')) return;
  document.documentElement.dataset.labReady = 'true';
}

// Values are quoted shortened (an over-long attribute is named, not echoed whole).
const short = (v) => (v.length > 40 ? `${v.slice(0, 40)}…` : v);
const plural = (n, one, many) => (n === 1 ? one : many);

/**
 * The preset set an element with presets="URL" uses: the file's when it loads
 * and passes the checks, else the built-in one with a sentence saying why.
 * @returns {Promise<{set:object, notice:string|null}>}
 */
async function loadPresets(url, core, quizCore) {
  if (!url || url.trim() === '') return { set: builtInPresets, notice: null };
  if (globalThis.location && globalThis.location.protocol === 'file:') {
    return { set: builtInPresets, notice: 'This page was opened from disk (file://), where a separate presets file cannot be loaded; showing the built-in presets.' };
  }
  const fetched = await fetchContentFile(url, document.baseURI, quizCore.visibleText);
  if (!fetched.ok) return { set: builtInPresets, notice: `The presets file ${fetched.error}; showing the built-in presets.` };
  const problems = validatePresets(fetched.doc, core);
  if (problems.length > 0) {
    const p = problems[0];
    return { set: builtInPresets, notice: `The presets file has ${problems.length} ${plural(problems.length, 'problem', 'problems')} (first: ${p.id}: ${p.field}: ${p.reason}); showing the built-in presets.` };
  }
  return { set: presetSet(fetched.doc), notice: null };
}

export class LlmBudgetLab extends HTMLElement {
  static get observedAttributes() {
    return ATTRIBUTE_NAMES;
  }

  /**
   * Checks a parsed questions document with the quiz's own validator, the
   * core's declaration and the built-in preset ids (the instructors'
   * workbench uses it). Resolves to [{id, field, reason}], empty when usable.
   */
  static async checkQuestions(doc) {
    const [core, quizCore] = await Promise.all([loadBudgetCore(), loadQuizCore()]);
    return validateQuestions(doc, {
      quizCore,
      presetIds: new Set(builtInPresets.configurations().map((c) => c.id)),
      declaration: core.declaration,
    });
  }

  constructor() {
    super();
    this._mounted = [];
    this._unsubscribe = null;
    this._abort = null;
    this._started = false;
    this._core = null;
    this._store = null;
    this._changed = new Set();
    this._scheduled = false;
    this._renders = 0;
    this._presetsLoaded = null; // { url, set, notice }
    this._questionsDocument = null;
    this._dropPrerendered = () => {}; // set when the element starts (takeover.js)
    // answerStorage is not set here: a value a script gave the element before
    // it was upgraded (the SCORM adapter runs first) must survive the upgrade.
  }

  /** A parsed questions document for the quiz (null: the `questions` attribute or the built-in file). */
  get questionsDocument() {
    return this._questionsDocument;
  }

  set questionsDocument(doc) {
    this._questionsDocument = doc === undefined ? null : doc;
    this._changedLater('questions');
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    // `report` is read each time an event is due: redrawn only to add or drop its notice.
    const usable = (v) => v === null || v.trim() === '' || REPORT_VALUES.includes(v.trim());
    if (name === 'report' && usable(oldValue) && usable(newValue)) return;
    this._changedLater(name);
  }

  /** Notes a change and draws once for all the changes of this task. */
  _changedLater(name) {
    if (!this._core) return; // not started yet: read when it starts
    this._changed.add(name);
    if (this._scheduled) return;
    this._scheduled = true;
    queueMicrotask(() => {
      this._scheduled = false;
      const changed = this._changed;
      this._changed = new Set();
      this._render(changed).catch((err) => this._fail(err));
    });
  }

  connectedCallback() {
    if (this._started) {
      // Put back after being removed: listen to the state again.
      if (this._core && !this._unsubscribe) this._changedLater('parts');
      return;
    }
    this._started = true;
    // The lesson page's elements come with a declarative shadow root holding
    // the build's drawing (web/prerender): it stays shown until the first
    // live drawing replaces it (takeover.js).
    const root = this.shadowRoot || this.attachShadow({ mode: 'open' });
    this._dropPrerendered = prerenderedContent(root);
    const link = h('link', { rel: 'stylesheet', href: stylesheetUrl });
    const lab = h('div', { class: 'lab', part: 'lab' });
    lab.hidden = true; // shown once the stylesheet has loaded (no flash of unstyled controls)
    this._live = h('div', { class: 'sr-only', 'aria-live': 'polite', 'aria-atomic': 'true' });
    root.append(link, lab, this._live);
    const styled = new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
    });
    this._lab = lab;
    // Both facades share one wasm instance; the quiz core also gives the
    // core's escape for invisible characters, which notices use.
    Promise.all([loadBudgetCore(), loadQuizCore(), styled])
      .then(([core, quizCore]) => {
        this._core = core;
        this._quizCore = quizCore;
        return this._render(null);
      })
      .catch((err) => this._fail(err));
  }

  disconnectedCallback() {
    // Keeps its state if moved; stops listening when removed for good.
    if (this._unsubscribe && !this.isConnected) {
      this._unsubscribe();
      this._unsubscribe = null;
    }
  }

  /**
   * The input this element starts from: its presets' defaults, then its
   * preset, then its `inputs` attribute. Returns { input, notices }.
   */
  _startInput(core, presets) {
    let base = presets.defaultInput(core);
    const preset = this.getAttribute('preset');
    const patch = preset ? presets.presetPatch(preset, core) : null;
    if (patch && core.plan({ ...base, ...patch }).ok) base = { ...base, ...patch };
    const inputs = this.getAttribute('inputs');
    if (inputs === null || inputs.trim() === '') return { input: base, notices: [] };
    return readInputsAttribute(inputs, core, base, calculatorFields(core).inPageWords, (t) => this._quizCore.visibleText(t));
  }

  /** Requested part names split into known ones (in order, no repeats) and unknown ones. */
  _partNames() {
    // Empty, or only spaces and commas: the same as "all".
    const raw = (this.getAttribute('parts') || '').split(/[\s,]+/).filter(Boolean);
    const names = raw.length === 0 || raw.includes('all') ? ALL_PARTS : raw;
    const unique = [...new Set(names)];
    return { known: unique.filter((n) => getPart(n)), unknown: unique.filter((n) => !getPart(n)) };
  }

  /** Sentences about attribute values the element cannot use (empty when all is well). */
  _configNotices(core, presets, unknownParts) {
    const notes = [];
    const quote = (list) => list.slice(0, 5).map((n) => `“${short(n)}”`).join(', ') +
      (list.length > 5 ? ` and ${list.length - 5} more` : '');
    if (unknownParts.length) {
      notes.push(`Unknown ${plural(unknownParts.length, 'part', 'parts')} ${quote(unknownParts)}. ` +
        `Known parts: all, ${ALL_PARTS.filter((n) => getPart(n)).join(', ')}.`);
    }
    const preset = this.getAttribute('preset');
    if (preset !== null && preset.trim() !== '') {
      const patch = presets.presetPatch(preset, core);
      if (!patch) {
        notes.push(`Unknown preset “${short(preset)}”, so the default inputs are shown. Known presets: ${presets.ids().join(', ')}.`);
      } else if (!core.plan({ ...presets.defaultInput(core), ...patch }).ok) {
        notes.push(`Preset “${short(preset)}” gives inputs the calculator cannot use, so the default inputs are shown.`);
      }
    }
    const report = this.getAttribute('report');
    if (report !== null && report.trim() !== '' && !REPORT_VALUES.includes(report.trim())) {
      notes.push(`Unknown report “${short(report)}”, so no events are sent to the page. Known values: ${REPORT_VALUES.join(', ')}.`);
    }
    return notes;
  }

  /** Dispatches one xAPI-shaped statement as a CustomEvent when report="events" (see quiz/report.js). */
  _report(type, statement) {
    if ((this.getAttribute('report') || '').trim() !== 'events') return;
    this.dispatchEvent(new CustomEvent(type, { detail: statement, bubbles: true, composed: true }));
  }

  /**
   * Draws the element: on start (`changed` null) and after attribute or
   * property changes (the set of names). The store is kept unless the
   * starting input changed, so a new part list keeps the student's inputs.
   */
  async _render(changed) {
    const core = this._core;
    const token = ++this._renders;
    this.removeAttribute('ready');
    const presetsUrl = this.getAttribute('presets');
    if (!this._presetsLoaded || this._presetsLoaded.url !== presetsUrl) {
      const loaded = await loadPresets(presetsUrl, core, this._quizCore);
      if (token !== this._renders) return; // a later change is being drawn
      this._presetsLoaded = { url: presetsUrl, ...loaded };
    }
    const presets = this._presetsLoaded.set;
    const start = this._startInput(core, presets);
    const group = this.getAttribute('group');
    const newInput = !changed || INPUT_ATTRIBUTES.some((n) => changed.has(n)) || !this._store;
    if (newInput) {
      if (group) {
        const store = groupStore(group, core, () => start.input);
        // A changed preset or inputs on a grouped element moves the whole group there.
        if (changed && store === this._store) store.tryInput(start.input, null);
        this._store = store;
      } else {
        this._store = createStore(core, start.input);
      }
    }
    const store = this._store;

    // Take down what the last render drew.
    if (this._abort) this._abort.abort();
    if (this._unsubscribe) this._unsubscribe();
    for (const p of this._mounted) if (p && p.destroy) p.destroy();
    this._mounted = [];
    this._lab.replaceChildren();
    const abort = new AbortController();
    this._abort = abort;

    let announceTimer = 0;
    const ctx = {
      core,
      store,
      presets,
      /** The input this element starts from (its preset and inputs, else the defaults); Reset returns to it. */
      initialInput: () => ({ ...start.input }),
      /** The core's escape for invisible characters in text a user gave ([U+200B]). */
      visibleText: (text) => this._quizCore.visibleText(text),
      /** The answer checker's quantity reader (quizCore.parseQuantity), for a part's own number fields. */
      readQuantity: (text) => this._quizCore.parseQuantity(text),
      host: this,
      questionsUrl: this.getAttribute('questions') || null,
      questionsDocument: this._questionsDocument,
      preset: this.getAttribute('preset'),
      /** Aborted when the element is drawn again: parts tie window listeners to it. */
      signal: abort.signal,
      /** Sends a statement to the host page when report="events" (read at the time). */
      report: (type, statement) => this._report(type, statement),
      /** Politely announces a short sentence once input settles. */
      announce: (text) => {
        clearTimeout(announceTimer);
        announceTimer = setTimeout(() => { this._live.textContent = text; }, 800);
      },
    };
    this._lab.hidden = false;
    const { known, unknown } = this._partNames();
    const notices = [...this._configNotices(core, presets, unknown), ...start.notices];
    if (this._presetsLoaded.notice) notices.push(this._presetsLoaded.notice);
    for (const text of notices) {
      this._lab.append(h('p', { class: 'lab-error lab-notice', 'data-lab-notice': '' }, text));
    }
    for (const name of known) {
      const section = h('section', { class: `part part-${name}`, 'data-part': name });
      this._lab.append(section);
      const instance = getPart(name).mount(section, ctx);
      this._mounted.push(instance);
    }
    const update = (state, results) => {
      for (const p of this._mounted) if (p && p.update) p.update(state, results);
    };
    update(store.state, store.results);
    this._dropPrerendered();
    this._unsubscribe = store.subscribe(update);
    this.setAttribute('ready', '');
    this.dispatchEvent(new CustomEvent('llm-budget-lab-ready', { bubbles: true }));
    markDocumentReady();
  }

  _fail(err) {
    this._dropPrerendered();
    this._lab.hidden = false;
    this._lab.replaceChildren(h('p', { class: 'lab-error', role: 'alert' },
      'The budget lab could not start in this browser',
      err && err.message ? `: ${err.message}` : '.'));
    this.setAttribute('failed', '');
  }
}
