// <llm-budget-lab>: the whole lab as one custom element with Shadow DOM.
//
// Attributes
//   parts     part names separated by spaces or commas, or "all" (default, also when
//             the value is empty or only separators); see parts/registry.js
//   preset    a configuration, model or GPU id from content/presets.json
//   group     elements with the same group share one state (one calculator
//             drives the charts); without it the element has its own state
//   questions URL of a questions file for the quiz part (passed on as ctx.questionsUrl)
// An unknown part name or preset id is named in a small notice inside the
// element (with the valid values); the known parts still render, and an
// unknown preset leaves the default inputs. Nothing goes to the console.
// The element sets the `ready` attribute once its parts are drawn, and
// document.documentElement.dataset.labReady = "true" once every
// <llm-budget-lab> in the document is ready.
import { loadBudgetCore } from '../core/budget-core.js';
import { loadQuizCore } from '../core/quiz-core.js';
import { getPart, ALL_PARTS } from '../parts/registry.js';
import { createStore, groupStore } from './store.js';
import { defaultInput, presetPatch, presetData } from './presets.js';
import { h } from './dom.js';

let stylesheetUrl = 'llm-budget-lab.css';

/** Where the element's shadow stylesheet lives (resolved from the script URL). */
export function setStylesheetUrl(url) {
  stylesheetUrl = url;
}

function markDocumentReady() {
  const all = document.querySelectorAll('llm-budget-lab');
  for (const el of all) if (!el.hasAttribute('ready')) return;
  document.documentElement.dataset.labReady = 'true';
}

export class LlmBudgetLab extends HTMLElement {
  constructor() {
    super();
    this._mounted = [];
    this._unsubscribe = null;
    this._started = false;
  }

  connectedCallback() {
    if (this._started) return;
    this._started = true;
    const root = this.attachShadow({ mode: 'open' });
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
      .then(([core, quizCore]) => { this._quizCore = quizCore; this._start(core); })
      .catch((err) => this._fail(err));
  }

  disconnectedCallback() {
    // Keeps its state if moved; stops listening when removed for good.
    if (this._unsubscribe && !this.isConnected) {
      this._unsubscribe();
      this._unsubscribe = null;
    }
  }

  _initialInput(core) {
    const base = defaultInput(core);
    const preset = this.getAttribute('preset');
    const patch = preset ? presetPatch(preset, core) : null;
    if (patch && core.plan({ ...base, ...patch }).ok) return { ...base, ...patch };
    return base;
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
  _configNotices(core, unknownParts) {
    const notes = [];
    // Values are quoted shortened (an over-long attribute is named, not echoed whole).
    const short = (v) => (v.length > 40 ? `${v.slice(0, 40)}…` : v);
    const quote = (list) => list.slice(0, 5).map((n) => `“${short(n)}”`).join(', ') +
      (list.length > 5 ? ` and ${list.length - 5} more` : '');
    if (unknownParts.length) {
      notes.push(`Unknown part${unknownParts.length === 1 ? '' : 's'} ${quote(unknownParts)}. ` +
        `Known parts: all, ${ALL_PARTS.filter((n) => getPart(n)).join(', ')}.`);
    }
    const preset = this.getAttribute('preset');
    if (preset !== null && preset.trim() !== '') {
      const patch = presetPatch(preset, core);
      if (!patch) {
        const ids = ['configurations', 'models', 'gpus'].flatMap((k) => (presetData[k] || []).map((p) => p.id));
        notes.push(`Unknown preset “${short(preset)}”, so the default inputs are shown. Known presets: ${ids.join(', ')}.`);
      } else if (!core.plan({ ...defaultInput(core), ...patch }).ok) {
        notes.push(`Preset “${short(preset)}” gives inputs the calculator cannot use, so the default inputs are shown.`);
      }
    }
    return notes;
  }

  _start(core) {
    const group = this.getAttribute('group');
    const store = group
      ? groupStore(group, core, () => this._initialInput(core))
      : createStore(core, this._initialInput(core));
    const preset = this.getAttribute('preset');
    let announceTimer = 0;
    const ctx = {
      core,
      store,
      /** The input this element starts from (its preset, else the defaults); Reset returns to it. */
      initialInput: () => this._initialInput(core),
      /** The core's escape for invisible characters in text a user gave ([U+200B]). */
      visibleText: (text) => this._quizCore.visibleText(text),
      host: this,
      questionsUrl: this.getAttribute('questions') || null,
      preset,
      /** Politely announces a short sentence once input settles. */
      announce: (text) => {
        clearTimeout(announceTimer);
        announceTimer = setTimeout(() => { this._live.textContent = text; }, 800);
      },
    };
    this._lab.hidden = false;
    const { known, unknown } = this._partNames();
    for (const text of this._configNotices(core, unknown)) {
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
    this._unsubscribe = store.subscribe(update);
    this.setAttribute('ready', '');
    this.dispatchEvent(new CustomEvent('llm-budget-lab-ready', { bubbles: true }));
    markDocumentReady();
  }

  _fail(err) {
    this._lab.hidden = false;
    this._lab.replaceChildren(h('p', { class: 'lab-error', role: 'alert' },
      'The budget lab could not start in this browser',
      err && err.message ? `: ${err.message}` : '.'));
    this.setAttribute('failed', '');
  }
}
