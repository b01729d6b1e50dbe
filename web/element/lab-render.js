// Drawing an <llm-budget-lab> (in dist/llm-budget-lab-core.js): the store,
// the starting input, the notices about attribute values, the part scripts
// and the parts themselves. The element's shell (lab-element.js) decides
// when to draw; this file decides what.
import { loadBudgetCore } from '../core/budget-core.js';
import { loadReadingCore } from '../core/reading-core.js';
import { getPart, ALL_PARTS } from './registry.js';
import { createStore, groupStore } from './store.js';
import { defaultsOnlyPresets, loadBuiltInPresets, loadPresetsCheck, presetSet } from './presets.js';
import { presetsText } from '../content/presets-text.js';
import { reasonText } from '../content/check-helpers.js';
import { readInputsAttribute } from './link-state.js';
import { calculatorFields } from './fields.js';
import { fetchContentFile, readFetchTimeout, FETCH_TIMEOUT_RANGE_S, DEFAULT_FETCH_TIMEOUT_S } from '../content/fetch-file.js';
import { loadScript, scriptNameOfPart } from './script-loader.js';
import { errorWords } from './shell-notices.js';
import { noteStateChange, isNear, refreshWhenIdle } from './start-scheduler.js';
import { h } from './dom.js';
import { REPORT_VALUES, LINK_VALUES, asksForFragment } from './attribute-names.js';
import { clipText } from '../core/echo-text.js';
import { translator } from './i18n.js';
import { numberFormatting } from './format.js';
import { refusalMessage } from './core-message.js';

/** Changes that give the element a new starting input (and so a new or reset store). */
const INPUT_ATTRIBUTES = ['preset', 'inputs', 'presets', 'group'];

// Values are quoted shortened (an over-long attribute is named, not echoed whole).
const short = (v) => clipText(v, 40);

/**
 * The facades drawing needs (one wasm instance): the budget core, and the
 * reading core, whose escape for invisible characters notices use and whose
 * quantity reader parts use for their own number fields.
 * @returns {Promise<{core:object, readingCore:object}>}
 */
export async function loadCores() {
  const [core, readingCore] = await Promise.all([loadBudgetCore(), loadReadingCore()]);
  return { core, readingCore };
}

/**
 * Checks a parsed questions document with the quiz's own validator (in the
 * quiz's script), which also prepares every question as the quiz does, over
 * the core and the built-in presets.
 * @param {unknown} doc parsed JSON
 * @param {{locale?: string, messages?: object}} [language] the locale the reasons are written in
 *   and its content/ui/<locale>.json (from its strings script); English when absent
 * @returns {Promise<Array<{id:string, field:string, reason:string}>>} empty when usable
 */
export async function checkQuestions(doc, language = {}) {
  const [{ core }, builtIn] = await Promise.all([loadCores(), loadBuiltInPresets(), ensurePartScripts(['quiz'])]);
  const locale = language.messages ? language.locale : 'en';
  const strings = translator(locale, language.messages || null);
  return getPart('quiz').checkDocument(doc, { budget: core, presets: builtIn.forCore(core), t: strings.t, locale, strings });
}

/**
 * Loads the scripts of the named parts that are not registered yet (in node,
 * or once loaded, they are). Resolves to the names whose script failed,
 * each with the reason.
 * @param {string[]} names  known part names
 * @returns {Promise<Map<string,string>>}
 */
async function ensurePartScripts(names) {
  const scripts = [...new Set(names.filter((n) => !getPart(n)).map(scriptNameOfPart))];
  const failed = new Map();
  await Promise.all(scripts.map((s) => loadScript(s).catch((err) => {
    for (const n of names) if (scriptNameOfPart(n) === s) failed.set(n, err);
  })));
  return failed;
}

/**
 * The preset set an element with presets="URL" uses: the file's when it loads
 * and passes the checks, else the built-in one (set null: builtInFor() gives
 * it) with the notice saying why, as the id of its whole sentence and its values
 * ("presetsFile.<cause>", content/ui/<locale>.json; presetsNoticeText writes it in
 * the element's language when it is shown).
 * @returns {Promise<{set:object|null, notice:{id:string, params:object, problem?:object}|null}|null>} null when aborted;
 *   problem: the presets file's first problem (validatePresets), whose reason the notice words
 */
async function loadPresets(url, core, readingCore, fetchOptions) {
  if (!url || url.trim() === '') return { set: null, notice: null };
  if (globalThis.location && globalThis.location.protocol === 'file:') {
    return { set: null, notice: { id: 'presetsFile.fromDisk', params: {} } };
  }
  const fetched = await fetchContentFile(url, document.baseURI, readingCore.visibleText, fetchOptions);
  if (fetched.aborted) return null;
  // One sentence per cause the fetch names (fetch-file.js FETCH_CAUSES).
  if (!fetched.ok) return { set: null, notice: { id: `presetsFile.${fetched.cause}`, params: fetched.params } };
  let validatePresets;
  try {
    validatePresets = await loadPresetsCheck();
  } catch (err) {
    return { set: null, notice: { id: 'presetsFile.notChecked', params: { error: err } } };
  }
  const problems = validatePresets(fetched.doc, core, readingCore);
  if (problems.length > 0) {
    const { id, field, reason } = problems[0];
    return { set: null, notice: { id: 'presetsFile.problems', params: { count: problems.length, id, field, reason }, problem: problems[0] } };
  }
  return { set: presetSet(fetched.doc), notice: null };
}

/**
 * A presets-file notice (loadPresets) in the element's language: the time limit with the
 * locale's decimal mark and every digit ("0,5 Sekunden"), a failed script's error in the
 * element's words (errorWords).
 * @param {{id:string, params:object}} notice
 * @param {{t:Function, fmt:{plainText:Function}}} strings the element's translator and number formatting
 * @param {object} core the budget facade, whose declaration words a core refusal (core-message.js)
 * @returns {string}
 */
function presetsNoticeText(notice, strings, core) {
  const params = { ...notice.params };
  // The first problem's reason in the element's words: its own sentence, or the core's refusal.
  const p = notice.problem;
  if (p && p.say) params.reason = reasonText(strings.t, p);
  else if (p && p.refusal) params.reason = refusalMessage(core, strings, strings.fmt, p.refusal, () => p.reason);
  // A problem of the whole file is named by the page's phrase ("(Datei)", "(oberste Ebene)").
  if (p && p.idSay) params.id = reasonText(strings.t, p.idSay);
  if (p && p.fieldSay) params.field = reasonText(strings.t, p.fieldSay);
  if (typeof params.seconds === 'number') Object.assign(params, { count: params.seconds, seconds: strings.fmt.plainText(params.seconds) });
  if (params.error instanceof Error) params.error = errorWords(params.error, strings.t);
  return strings.t(notice.id, params);
}

/**
 * The built-in set when `needed` (its script loaded once, web/element/presets.js),
 * else presets.json's defaults alone. A script that cannot be loaded gives
 * the defaults and the failure ({ error }) for the notice saying so.
 * @returns {Promise<{set:object, notice:{error:Error}|null}>}
 */
async function builtInFor(needed) {
  if (!needed) return { set: defaultsOnlyPresets, notice: null };
  try {
    return { set: await loadBuiltInPresets(), notice: null };
  } catch (err) {
    // The notice is written in the element's language where it is shown (notice.builtInPresetsFailed).
    return { set: defaultsOnlyPresets, notice: { error: err } };
  }
}

const translatedSets = new WeakMap(); // built-in set -> { text, set }: its text in one language

/**
 * The built-in set `set` with its labels, notes and sources from `text` (a locale's
 * content/locales/<l>/presets.json; web/content/presets-text.js), made once per set and text;
 * `set` itself when there is no text.
 */
function inLanguage(set, text) {
  if (!text) return set;
  const made = translatedSets.get(set);
  if (made && made.text === text) return made.set;
  const translated = presetSet(presetsText(set.data, text));
  translatedSets.set(set, { text, set: translated });
  return translated;
}

/**
 * The presets of `el` for presets="URL": one fetch per address and time limit
 * at a time. A fetch of another address still running is aborted (a stalled
 * one would keep a connection to its host), and so is one of the same address
 * under another fetch-timeout, which starts again with the new limit (counted
 * from now); a draw asking for the address and limit already being fetched
 * waits for that fetch.
 * @returns {Promise<{set:object, notice:string|null}|null>} null when a later address or limit superseded it
 */
function presetsFor(el, url) {
  const pending = el._presetsFetch;
  const timeoutSeconds = readFetchTimeout(el.getAttribute('fetch-timeout')).seconds;
  if (pending && pending.url === url && pending.timeoutSeconds === timeoutSeconds) return pending.promise;
  if (pending) pending.controller.abort();
  const controller = new AbortController();
  const promise = loadPresets(url, el._core, el._readingCore, { signal: controller.signal, timeoutSeconds })
    .finally(() => { if (el._presetsFetch && el._presetsFetch.promise === promise) el._presetsFetch = null; });
  el._presetsFetch = { url, timeoutSeconds, promise, controller };
  return promise;
}

/**
 * The input an element starts from: its presets' defaults, then its
 * preset, then its `inputs` attribute. Returns { input, notices }, the
 * notices in the words of `strings` (the element's translator, i18n.js).
 */
function startInput(el, core, presets, strings) {
  let base = presets.defaultInput(core);
  const preset = el.getAttribute('preset');
  const patch = preset ? presets.presetPatch(preset, core) : null;
  if (patch && core.plan({ ...base, ...patch }).ok) base = { ...base, ...patch };
  const inputs = el.getAttribute('inputs');
  if (inputs === null || inputs.trim() === '') return { input: base, notices: [] };
  return readInputsAttribute(inputs, core, base, calculatorFields(core).inPageWords, (t) => el._readingCore.visibleText(t), strings);
}

/**
 * Sentences about attribute values the element cannot use (empty when all is well).
 * `builtInMissing`: the built-in presets' script failed (its own notice says so), so a
 * named preset is unavailable rather than unknown and gets no sentence here.
 * `t`: the element's translator (i18n.js), for the sentences it has patterns of.
 */
function configNotices(el, core, presets, unknownParts, t, builtInMissing = false) {
  const notes = [];
  const q = (v) => t('element.quoted', { text: short(v) });
  const quoted = (list) => list.slice(0, 5).map(q).join(', ');
  const quote = (list) => (list.length > 5 ? t('element.notice.listMore', { list: quoted(list), count: list.length - 5 }) : quoted(list));
  if (unknownParts.length) {
    notes.push(t('element.notice.unknownParts', { count: unknownParts.length, parts: quote(unknownParts), known: ALL_PARTS.join(', ') }));
  }
  const preset = el.getAttribute('preset');
  if (preset !== null && preset.trim() !== '') {
    const patch = presets.presetPatch(preset, core);
    if (!patch && !builtInMissing) {
      notes.push(t('element.notice.unknownPreset', { preset: q(preset), known: presets.ids().join(', ') }));
    } else if (patch && !core.plan({ ...presets.defaultInput(core), ...patch }).ok) {
      notes.push(t('element.notice.presetRefused', { preset: q(preset) }));
    }
  }
  const timeout = el.getAttribute('fetch-timeout');
  if (timeout !== null && !readFetchTimeout(timeout).ok) {
    notes.push(t('element.notice.badFetchTimeout', { value: q(timeout), min: FETCH_TIMEOUT_RANGE_S.min, max: FETCH_TIMEOUT_RANGE_S.max, seconds: DEFAULT_FETCH_TIMEOUT_S }));
  }
  const report = el.getAttribute('report');
  if (report !== null && report.trim() !== '' && !REPORT_VALUES.includes(report.trim())) {
    notes.push(t('element.notice.unknownReport', { value: q(report), known: REPORT_VALUES.join(', ') }));
  }
  const link = el.getAttribute('link');
  if (link !== null && link.trim() !== '' && !LINK_VALUES.includes(link.trim())) {
    notes.push(t('element.notice.unknownLink', { value: q(link), known: LINK_VALUES.join(', ') }));
  }
  return notes;
}

/**
 * Draws element `el` (lab-element.js): on start (`changed` null) and after
 * attribute or property changes (the set of names). The store is kept unless
 * the starting input changed, so a new part list keeps the student's inputs.
 * Reads and sets the element's drawing state (_core, _readingCore, _store,
 * _presetsLoaded, _presetsFetch, _mounted, _abort, _unsubscribe, _renders, _lab, _live,
 * _writtenReleased, _dropPrerendered).
 * @returns {Promise<boolean>} false when a later change took over the drawing
 */
export async function drawLab(el, changed) {
  const core = el._core;
  const token = ++el._renders;
  const presetsUrl = el.getAttribute('presets');
  // A fetch still running under another fetch-timeout is started again with the new one (presetsFor).
  if (!el._presetsLoaded || el._presetsLoaded.url !== presetsUrl) {
    const loaded = await presetsFor(el, presetsUrl);
    if (token !== el._renders || !loaded) return false; // a later change is being drawn
    el._presetsLoaded = { url: presetsUrl, ...loaded };
  } else if (el._presetsFetch) {
    el._presetsFetch.controller.abort(); // back to the file already loaded: the other one is not needed
  }
  const { known, unknown } = el._partNames();
  // The built-in presets when a part reads them or a preset is named (also
  // beside a file: the measured part's runs name the built-in models and
  // GPUs), and in place of a presets file that could not be used.
  const fileRefused = !el._presetsLoaded.set && presetsUrl !== null && presetsUrl.trim() !== '';
  const [failedScripts, builtIn] = await Promise.all([ensurePartScripts(known),
    builtInFor(el._needsBuiltInPresets(known) || fileRefused)]);
  if (token !== el._renders) return false;
  // A drag on the build's drawing finishes there; its value is then carried over (takeover.js).
  await el._writtenReleased();
  if (token !== el._renders) return false;
  // Every input filled in (a field a preset does not give: the core's default).
  // The built-in presets' text in the element's language when its locale ships it (content/locales/<l>/presets.json).
  const presets = (el._presetsLoaded.set || inLanguage(builtIn.set, el._localeContent && el._localeContent.presets)).forCore(core);
  // The element's language, for its notices and its parts.
  if (!el._strings || el._strings.locale !== el._locale) {
    const tr = translator(el._locale, el._localeMessages);
    el._strings = { locale: el._locale, t: tr.t, core: tr.core, hasCore: tr.hasCore, missing: tr.missing, fmt: numberFormatting(el._locale, tr.t) };
  }
  const start = startInput(el, core, presets, el._strings);
  const group = el.getAttribute('group');
  const newInput = !changed || INPUT_ATTRIBUTES.some((n) => changed.has(n)) || !el._store;
  if (newInput) {
    if (group) {
      const store = groupStore(group, core, () => start.input);
      // A changed preset or inputs on a grouped element moves the whole group there.
      if (changed && store === el._store) store.tryInput(start.input, null);
      el._store = store;
    } else {
      el._store = createStore(core, start.input);
    }
  }
  const store = el._store;

  // Take down what the last render drew.
  if (el._abort) el._abort.abort();
  if (el._unsubscribe) el._unsubscribe();
  for (const p of el._mounted) if (p && p.destroy) p.destroy();
  el._mounted = [];
  el._lab.replaceChildren();
  const abort = new AbortController();
  el._abort = abort;

  let announceTimer = 0;
  const ctx = {
    core,
    /** The element's locale ("en", "de": its `lang` or the page's, web/element/locale-names.js). */
    locale: el._strings.locale,
    /** The locale's strings: t(id, params) (web/element/i18n.js; ids in content/ui/en.json). */
    t: el._strings.t,
    /** Number and unit text for the locale (web/element/format.js numberFormatting): "31,2 GB" in German. */
    fmt: el._strings.fmt,
    /** The whole translator ({locale, t, core, missing}), for calculatorFields(core, strings). */
    strings: el._strings,
    /**
     * The locale's translated content text, keyed by ids ({ questions, tours, presets, measured }: content/locales/<l>/
     * questions.json, tours.json, presets.json and measured-decode.json, when that locale ships them; {} in English).
     */
    localeContent: el._localeContent || {},
    store,
    presets,
    /** The input this element starts from (its preset and inputs, else the defaults); Reset returns to it. */
    initialInput: () => ({ ...start.input }),
    /** The core's escape for invisible characters in text a user gave ([U+200B]). */
    visibleText: (text) => el._readingCore.visibleText(text),
    /** The core's quantity reader (readingCore.parseQuantity), for a part's own number fields. */
    readQuantity: (text) => el._readingCore.parseQuantity(text),
    /** The core's quoting of text a user gave: clipped, invisible characters escaped (readingCore.quoteText). */
    quoteText: (text) => el._readingCore.quoteText(text),
    host: el,
    questionsUrl: el.getAttribute('questions') || null,
    questionsDocument: el._questionsDocument,
    /** How long the quiz's questions file may take to arrive [s] (the fetch-timeout attribute). */
    fetchTimeoutSeconds: readFetchTimeout(el.getAttribute('fetch-timeout')).seconds,
    preset: el.getAttribute('preset'),
    /** True when the host asked (link="fragment") for the inputs to live in the page's URL fragment. */
    linkInAddress: asksForFragment(el),
    /** Aborted when the element is drawn again: parts tie window listeners to it. */
    signal: abort.signal,
    /** Sends a statement to the host page when report="events" (read at the time). */
    report: (type, statement) => el._report(type, statement),
    /** Politely announces a short sentence once input settles. */
    announce: (text) => {
      clearTimeout(announceTimer);
      announceTimer = setTimeout(() => { el._live.textContent = text; }, 800);
    },
  };
  el._lab.hidden = false;
  const notices = [...configNotices(el, core, presets, unknown, ctx.t, builtIn.notice !== null), ...start.notices];
  if (el._presetsLoaded.notice) notices.push(presetsNoticeText(el._presetsLoaded.notice, el._strings, core));
  if (builtIn.notice) notices.push(ctx.t('notice.builtInPresetsFailed', { error: errorWords(builtIn.notice.error, ctx.t) }));
  for (const text of notices) {
    el._lab.append(h('p', { class: 'lab-error lab-notice', 'data-lab-notice': '' }, text));
  }
  for (const name of known) {
    const section = h('section', { class: `part part-${name}`, 'data-part': name });
    el._lab.append(section);
    if (failedScripts.has(name)) {
      section.append(h('p', { class: 'lab-error', role: 'alert' },
        ctx.t('notice.partFailed', { error: errorWords(failedScripts.get(name), ctx.t) })));
      continue;
    }
    el._mounted.push(getPart(name).mount(section, ctx));
  }
  const update = (state, results) => {
    for (const p of el._mounted) if (p && p.update) p.update(state, results);
  };
  // A change while the element is far from the viewport is drawn when the
  // browser is idle, or when it comes near, whichever is first.
  el._refresh = () => {
    el._stale = false;
    update(store.state, store.results);
  };
  el._refresh();
  // A link or a shared group may have moved the state from where this element
  // started (the build drew the start): far elements not drawn yet then differ.
  if (Object.keys(start.input).some((k) => store.state.input[k] !== start.input[k])) noteStateChange();
  el._unsubscribe = store.subscribe((state, results) => {
    noteStateChange();
    // Near the viewport (or holding the focus): at once; else when it comes near or in idle time.
    if (isNear(el)) {
      update(state, results);
      return;
    }
    el._stale = true;
    if (el.isConnected) refreshWhenIdle(el, () => { if (el._stale) el._refresh(); });
  });
  // The build's drawing, if any, goes in the task the live one shows; what it
  // took meanwhile reaches the live controls once the parts listen (takeover.js).
  el._dropPrerendered();
  return true;
}
