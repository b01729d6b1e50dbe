// <llm-budget-lab>: the whole lab as one custom element with Shadow DOM.
//
// Attributes (every one is observed: a host may change any of them on a live
// element; several changes in one task are drawn once)
//   parts     part names separated by spaces or commas, or "all" (default, also when
//             the value is empty or only separators); see element/registry.js
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
//   link      "fragment": the calculator keeps its inputs in the page's URL
//             fragment (#lab:...) and offers "Copy link" (web/parts/calc-link.js).
//             Without it the element never reads or writes the page's address.
// Properties
//   questionsDocument  a parsed questions document (it wins over `questions`),
//                      checked like a file; the instructors' workbench sets it
//   answerStorage      an object with getItem/setItem/removeItem that keeps the
//                      quiz's answers instead of localStorage (read when the quiz
//                      starts; the SCORM adapter sets it)
// A value the element cannot use is named in a small notice inside the element
// (with the valid values); the rest still renders. Nothing goes to the console.
// Loading: this file is the shell in dist/llm-budget-lab.js. An element
// starts when it comes near the viewport, or in idle time once the ones in
// sight are drawn (start-scheduler.js); starting loads the core script, the
// scripts of its parts (script-loader.js) and the wasm, then draws
// (lab-render.js). A state change made elsewhere redraws an element far
// from the viewport when it comes near or in idle time.
// The element sets the `ready` attribute once its parts are drawn (it is
// removed while a change is being drawn);
// document.documentElement.dataset.labViewReady = "true" once every element
// in the first viewport is ready, and labReady = "true" once every
// <llm-budget-lab> in the document is.
import { PART_NAMES, readsPresets } from './part-names.js';
import { coreScriptName, coreWasmVariant, loadCoreScript, loadScript, noteParts, preloadScripts, scriptNameOfPart } from './script-loader.js';
import { localeOf, localeOfTag, localeScriptName } from './locale-names.js';
import { scheduleStart, reconnected, onPrintBeforeStart } from './start-scheduler.js';
import { wasmSource } from '../core/wasm-source.js';
import { h } from './dom.js';
import { prerenderedContent } from './takeover.js';
import { ATTRIBUTE_NAMES, REPORT_VALUES } from './attribute-names.js';
import { DEFAULT_FETCH_TIMEOUT_S } from '../content/fetch-file.js';
import { shellNotice, errorWords } from './shell-notices.js';

let stylesheetUrl = 'llm-budget-lab.css';

/** Where the element's shadow stylesheet lives (resolved from the script URL). */
export function setStylesheetUrl(url) {
  stylesheetUrl = url;
}

/** True when `el`'s box meets the viewport (a box of no height at its top edge counts). */
function inViewport(el) {
  const r = el.getBoundingClientRect();
  return r.top < window.innerHeight && r.bottom >= 0 && r.left < window.innerWidth && r.right >= 0;
}

/**
 * Marks the document once its elements are drawn:
 * data-lab-view-ready="true" once every element in the viewport is drawn
 * (set once, the first time it holds), and data-lab-ready="true" once every
 * <llm-budget-lab> in the document is.
 */
export function markDocumentReady() {
  const all = [...document.querySelectorAll('llm-budget-lab')];
  if (all.length === 0) return; // a page that adds its elements later (the embed) is not ready yet
  const root = document.documentElement.dataset;
  if (root.labViewReady !== 'true' && all.every((el) => el.hasAttribute('ready') || !inViewport(el))) {
    root.labViewReady = 'true';
  }
  if (all.every((el) => el.hasAttribute('ready'))) root.labReady = 'true';
}

export class LlmBudgetLab extends HTMLElement {
  static get observedAttributes() {
    return ATTRIBUTE_NAMES;
  }

  /**
   * Checks a parsed questions document with the quiz's own validator, the
   * core's declaration and the built-in preset ids (the instructors'
   * workbench uses it). Resolves to [{id, field, reason}], empty when usable,
   * each reason in the language `options.lang` asks for (a BCP 47 tag; English
   * when absent, not shipped, or its strings script cannot load).
   * @param {unknown} doc @param {{lang?: string}} [options]
   */
  static async checkQuestions(doc, options = {}) {
    const locale = localeOfTag(options.lang);
    const localeScript = localeScriptName(locale);
    const [{ checkQuestions }, strings] = await Promise.all([
      loadCoreScript(['quiz']), // the quiz's validator needs the full module
      localeScript ? loadScript(localeScript, { timeoutSeconds: DEFAULT_FETCH_TIMEOUT_S }).catch(() => null) : null,
    ]);
    return checkQuestions(doc, strings ? { locale, messages: strings.messages } : {});
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
    this._presetsFetch = null; // { url, timeoutSeconds, promise, controller } while a presets file is fetched
    this._questionsDocument = null;
    this._draw = null; // the core script's drawing functions (lab-render.js), once loaded
    this._locale = 'en'; // the language it draws in (locale-names.js), set when it starts
    this._localeMessages = null; // that locale's content/ui/<locale>.json (null for English, which the core script holds)
    this._localeContent = {}; // that locale's translated content: { questions, tours, presets, measured } text files, when shipped
    this._stale = false; // the shared state changed while the element was far from the viewport
    this._refresh = null; // redraws the parts with the current state (set by drawLab)
    this._dropPrerendered = () => {}; // set when the element starts (takeover.js)
    this._writtenReleased = () => Promise.resolve(); // the same: resolves once no pointer is held on the build's drawing
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
      // Put back after being removed: listen to the state again, or catch up
      // with changes made while it was out, or start if it never did.
      if (this._core && !this._unsubscribe) this._changedLater('parts');
      else if (this._stale && this._refresh) this._refresh();
      else if (!this._core) reconnected(this);
      return;
    }
    this._started = true;
    noteParts(this._partNames().known); // before any element starts: the page's core script covers every part
    // The lesson page's elements come with a declarative shadow root holding
    // the build's drawing (web/prerender): it stays shown until the first
    // live drawing replaces it (takeover.js).
    const root = this.shadowRoot || this.attachShadow({ mode: 'open' });
    const written = prerenderedContent(root); // its controls take input from now on
    this._dropPrerendered = written.drop;
    this._writtenReleased = written.whenReleased;
    const lab = h('div', { class: 'lab', part: 'lab' });
    lab.hidden = true; // shown once the stylesheet has loaded (no flash of unstyled controls)
    this._live = h('div', { class: 'sr-only', 'aria-live': 'polite', 'aria-atomic': 'true' });
    root.append(lab, this._live);
    this._lab = lab;
    scheduleStart(this, () => this._startDrawing());
    onPrintBeforeStart(this, () => {
      if (!this._refresh && !root.querySelector('[data-print-defaults]')) {
        root.prepend(h('p', { class: 'lab-error', role: 'note', 'data-print-defaults': '' },
          shellNotice(localeOf(this), 'notice.printBeforeStart')));
      }
    });
  }

  /** Adds the shadow stylesheet; resolves once it has loaded or failed. */
  _addStylesheet() {
    const link = h('link', { rel: 'stylesheet', href: stylesheetUrl });
    const styled = new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
    });
    this.shadowRoot.prepend(link);
    return styled;
  }

  /**
   * Loads what drawing needs (the wasm is fetched and compiled while the
   * core script loads) and draws; resolves once drawn or failed.
   */
  async _startDrawing() {
    try {
      const parts = this._partNames().known;
      // The language: the element's `lang`, else the page's (locale-names.js); a locale
      // other than English has its strings in its own script, loaded beside the core script.
      const locale = localeOf(this);
      const localeScript = localeScriptName(locale);
      wasmSource(coreWasmVariant()).catch(() => {}); // starts the download; the core script's loader reuses it
      preloadScripts([coreScriptName(), ...(this._needsBuiltInPresets(parts) ? ['presets'] : []), ...parts.map(scriptNameOfPart),
        ...(localeScript ? [localeScript] : [])]);
      // Strings that cannot load leave the element in English rather than not drawn.
      this._stringsLoaded = localeScript ? loadScript(localeScript, { timeoutSeconds: DEFAULT_FETCH_TIMEOUT_S }).catch(() => null) : null;
      const [draw, , strings] = await Promise.all([loadCoreScript(parts), this._addStylesheet(), this._stringsLoaded]);
      this._locale = strings ? locale : 'en';
      this._localeMessages = strings ? strings.messages : null;
      this._localeContent = strings && strings.content ? strings.content : {};
      const { core, readingCore } = await draw.loadCores();
      this._draw = draw;
      this._core = core;
      this._readingCore = readingCore;
      await this._render(null);
    } catch (err) {
      // Said in the element's language once its strings script has arrived (or failed).
      await this._stringsLoaded;
      this._fail(err);
    }
  }

  disconnectedCallback() {
    // Keeps its state if moved; stops listening when removed for good.
    if (this._unsubscribe && !this.isConnected) {
      this._unsubscribe();
      this._unsubscribe = null;
    }
  }

  /**
   * True when this element needs the built-in presets' models, GPUs or
   * configurations (dist/llm-budget-lab-presets.js): it names a preset or
   * shows a part that reads them (part-names.js readsPresets).
   * @param {string[]} partNames  its known part names
   */
  _needsBuiltInPresets(partNames) {
    const preset = this.getAttribute('preset');
    return (preset !== null && preset.trim() !== '') || partNames.some(readsPresets);
  }

  /** Requested part names split into known ones (in order, no repeats) and unknown ones. */
  _partNames() {
    // Empty, or only spaces and commas: the same as "all".
    const raw = (this.getAttribute('parts') || '').split(/[\s,]+/).filter(Boolean);
    const names = raw.length === 0 || raw.includes('all') ? PART_NAMES : raw;
    const unique = [...new Set(names)];
    return { known: unique.filter((n) => PART_NAMES.includes(n)), unknown: unique.filter((n) => !PART_NAMES.includes(n)) };
  }

  /** Dispatches one xAPI-shaped statement as a CustomEvent when report="events" (see quiz/report.js). */
  _report(type, statement) {
    if ((this.getAttribute('report') || '').trim() !== 'events') return;
    this.dispatchEvent(new CustomEvent(type, { detail: statement, bubbles: true, composed: true }));
  }

  /**
   * Draws the element (web/element/lab-render.js): on start (`changed` null)
   * and after attribute or property changes (the set of names). The `ready`
   * attribute is removed while it draws.
   */
  async _render(changed) {
    this.removeAttribute('ready');
    if (changed && changed.has && changed.has('parts')) await loadCoreScript(this._partNames().known);
    const drawn = await this._draw.drawLab(this, changed);
    if (!drawn) return;
    if (!this.isConnected) this.disconnectedCallback(); // taken out while it drew: stop listening
    const printNote = this.shadowRoot.querySelector('[data-print-defaults]');
    if (printNote) printNote.remove(); // drawn now: the numbers are the ones set above
    this.setAttribute('ready', '');
    this.dispatchEvent(new CustomEvent('llm-budget-lab-ready', { bubbles: true }));
    markDocumentReady();
  }

  _fail(err) {
    this._dropPrerendered();
    this._lab.hidden = false;
    const say = (id, params) => shellNotice(localeOf(this), id, params);
    this._lab.replaceChildren(h('p', { class: 'lab-error', role: 'alert' }, err && err.message
      ? say('notice.startFailed', { error: errorWords(err, say) })
      : say('notice.startFailedBare')));
    this.setAttribute('failed', '');
  }
}
