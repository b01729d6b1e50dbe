// The presets-file rules (content/presets.json's shape, documented in
// content/README.md), in one place: tools/check-content runs them on the
// built-in file at build and test time, and the element runs them on a file
// an embedding page names (presets="URL"). Field names, groups and ranges are
// the core's: its declaration, and its own refusals (core.plan), so a preset
// that passes here never makes the core return an error.
// A field an entry does not give takes the core's default (preset-input.js
// builds the full input, for the element too), so every field is optional and a key
// that is not a known field is refused by name.
//
// validatePresets(doc, core, reading, t) -> array of { id, field, reason, say?, refusal? }
//   (id: an entry's id, "defaults", "configurations" or "(file)" (idSay: that phrase's id,
//   "contentCheck.wholeFile", for another language; fieldSay the same for "(top level)"); field: its field;
//   text from the file clipped and its invisible characters written out, reading.quoteText;
//   reason: the English sentence; say: this file's own sentence, the id of a pattern of
//   content/ui/<locale>.json ("presetsCheck.*") and its values; refusal: the core's refusal
//   behind the reason, with its code when the core declares its kind)
// An empty array means the file is usable.
import { show, isFiniteNumber, isObj, nearlyEqual, coreChecks, sayReason, reasonText, WHOLE_FILE, TOP_LEVEL } from './check-helpers.js';
import { clipText } from '../core/echo-text.js';
import { configurationInput } from './preset-input.js';

/** The lesson's worked-table rows, in the lesson's order: every presets file has them. */
export const LESSON_IDS = Object.freeze(['lesson-mha-16', 'lesson-gqa8-16', 'lesson-gqa8-8', 'lesson-gqa8-4w8c',
  'lesson-gqa8-16-b64', 'lesson-gqa8-16-b1']);
/** The knowledge check's scenario (the built-in questions compute from it). */
export const KNOWLEDGE_CHECK_IDS = Object.freeze(['knowledge-check-13b']);
export const GROUPS = Object.freeze(['lesson', 'knowledge-check', 'model']);
const ID_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
/** Entries per list: far more than any course needs, few enough to check at once. */
const MAX_ENTRIES = 500;
/** Keys an entry may have beside its input fields. */
const MODEL_KEYS = Object.freeze(['id', 'label', 'source', 'notes']);
/** Keys a GPU has beside its input fields; its peaks and usable fractions come from the core (gpuRates). */
const GPU_TEXT_KEYS = Object.freeze(['id', 'label', 'source', 'notes']);
const CONFIGURATION_KEYS = Object.freeze(['id', 'label', 'source', 'notes', 'group', 'model', 'gpu', 'inputs']);
const FILE_KEYS = Object.freeze(['version', 'about', 'defaults', 'models', 'gpus', 'configurations']);

/**
 * A reason of this file's own: the id of its sentence ("presetsCheck.*") and its values. Numbers
 * from the file go in as the file writes them ("0.8", "2680000000000"), as the questions file's
 * reasons quote them.
 */
const say = sayReason;

/**
 * The checks of one presets document, over one core.
 * @param {object} core  the budget facade (declaration, DEFAULT_INPUT, plan())
 */
function checker(core) {
  const {
    INPUT_FIELDS, MODEL_SHAPE_FIELDS, GPU_USABLE_FIELDS, GPU_RATES, checkWithCore, checkKnownKeys, checkString,
    checkPlainObject,
  } = coreChecks(core);
  const GPU_KEYS = Object.freeze([...new Set([...GPU_TEXT_KEYS, ...GPU_RATES.map((r) => r.peak),
    ...GPU_RATES.map((r) => r.fraction)])]);

  /**
   * Input fields only, each given one a number, and the input they make over
   * `base` (the core's defaults unless given) accepted by the core.
   */
  function checkBudgetInput(inputs, id, prefix, add, base) {
    if (!checkPlainObject(inputs, id, prefix || 'inputs', add)) return;
    const f = (name) => (prefix ? `${prefix}.${name}` : name);
    checkKnownKeys(inputs, INPUT_FIELDS, [], id, f, add, prefix || 'defaults');
    checkWithCore(inputs, INPUT_FIELDS, id, f, add, { base });
  }

  function checkUniqueIds(list, section, add) {
    const seen = new Set();
    list.forEach((item, i) => {
      const id = item && item.id;
      if (typeof id !== 'string') return;
      if (seen.has(id)) add(clipText(id, 60), 'id', say('presetsCheck.duplicateId', { section, entry: String(i) }));
      seen.add(id);
    });
  }

  function entryId(v, list, i) {
    return isObj(v) && typeof v.id === 'string' ? clipText(v.id, 60) : `${list}[${i}]`;
  }

  /**
   * The core's defaults as a model button leaves them: an input outside the
   * Model group that a model field caps (context_tokens by
   * model_max_context_tokens, in the core's declaration) at most that cap, so
   * a model with a 4,096-token limit is checked at 4,096, not the default 8,192.
   */
  function modelBase(m) {
    const base = { ...core.DEFAULT_INPUT };
    for (const f of core.declaration.inputs) {
      if (MODEL_SHAPE_FIELDS.includes(f.name) || !MODEL_SHAPE_FIELDS.includes(f.max_from)) continue;
      const cap = m[f.max_from];
      if (isFiniteNumber(cap) && cap > 0 && base[f.name] > cap) base[f.name] = cap;
    }
    return base;
  }

  function checkModel(m, i, add) {
    const id = entryId(m, 'models', i);
    if (!checkPlainObject(m, id, 'model', add)) return;
    checkString(m, 'id', id, add, { pattern: ID_PATTERN });
    for (const key of ['label', 'source']) checkString(m, key, id, add);
    if (typeof m.notes !== 'string') add(id, 'notes', say('presetsCheck.notesMayBeEmpty'));
    checkKnownKeys(m, MODEL_SHAPE_FIELDS, MODEL_KEYS, id, (n) => n, add, say('contentCheck.what.model'));
    checkWithCore(m, MODEL_SHAPE_FIELDS, id, (n) => n, add, { base: modelBase(m) });
    const kv = m.kv_heads ?? core.DEFAULT_INPUT.kv_heads;
    const q = m.query_heads ?? core.DEFAULT_INPUT.query_heads;
    if (Number.isInteger(kv) && Number.isInteger(q) && kv > 0 && kv <= q && q % kv !== 0) {
      add(id, 'kv_heads', say('presetsCheck.kvHeadsDivide', { q: String(q), kv: String(kv) }));
    }
  }

  function checkGpu(g, i, add) {
    const id = entryId(g, 'gpus', i);
    if (!checkPlainObject(g, id, 'gpu', add)) return;
    checkString(g, 'id', id, add, { pattern: ID_PATTERN });
    for (const key of ['label', 'source']) checkString(g, key, id, add);
    if (g.notes !== undefined && typeof g.notes !== 'string') add(id, 'notes', say('presetsCheck.notesString'));
    checkKnownKeys(g, GPU_USABLE_FIELDS, GPU_KEYS, id, (n) => n, add, say('contentCheck.what.gpu'));
    checkWithCore(g, GPU_USABLE_FIELDS, id, (n) => n, add);
    for (const { peak: peakKey, fraction: fracKey, usable: usableKey, required } of GPU_RATES) {
      const peak = g[peakKey];
      const frac = g[fracKey];
      // A card without this path (no FP8, no FP4) gives neither its peak nor its rate.
      if (!required && peak === undefined) {
        if (g[usableKey] !== undefined) add(id, usableKey, say('presetsCheck.usableWithoutPeak', { peak: peakKey, fraction: fracKey }));
        continue;
      }
      let ok = true;
      if (peak === undefined) { add(id, peakKey, say('presetsCheck.missing')); ok = false; }
      else if (!isFiniteNumber(peak) || peak <= 0) { add(id, peakKey, say('presetsCheck.positive', { got: show(peak) })); ok = false; }
      if (frac === undefined) { add(id, fracKey, say('presetsCheck.missing')); ok = false; }
      else if (!isFiniteNumber(frac) || frac <= 0 || frac > 1) { add(id, fracKey, say('presetsCheck.fraction', { got: show(frac) })); ok = false; }
      // Not given, the usable rate would be the core's default: it must be given.
      const usable = g[usableKey];
      if (ok && usable === undefined) add(id, usableKey, say('presetsCheck.usableMissing', { peak: peakKey, fraction: fracKey, product: String(peak * frac) }));
      else if (ok && isFiniteNumber(usable) && !nearlyEqual(usable, peak * frac)) {
        add(id, usableKey, say('presetsCheck.usableProduct', { peak: peakKey, fraction: fracKey, product: String(peak * frac), got: String(usable) }));
      }
    }
  }

  function checkConfiguration(c, i, add, models, gpus, doc) {
    const id = entryId(c, 'configurations', i);
    if (!checkPlainObject(c, id, 'configuration', add)) return;
    checkString(c, 'id', id, add, { pattern: ID_PATTERN });
    for (const key of ['label', 'source']) checkString(c, key, id, add);
    if (c.notes !== undefined && typeof c.notes !== 'string') add(id, 'notes', say('presetsCheck.notesString'));
    checkKnownKeys(c, [], CONFIGURATION_KEYS, id, (n) => n, add, say('contentCheck.what.configuration'));
    if (c.group === undefined) add(id, 'group', say('presetsCheck.missing'));
    else if (!GROUPS.includes(c.group)) add(id, 'group', say('presetsCheck.groupOneOf', { groups: GROUPS.join(', '), got: show(c.group) }));
    if (c.inputs === undefined) { add(id, 'inputs', say('presetsCheck.inputsMissing')); return; }
    // Over the core's defaults and the fields of its model and GPU, as the page builds it.
    const base = isObj(c.inputs) ? configurationInput({ ...c, inputs: {} }, doc, core) : undefined;
    checkBudgetInput(c.inputs, id, 'inputs', add, base);
    if (!isObj(c.inputs)) return;
    // Optional links: when a configuration names a model or GPU, its inputs must agree with it.
    if (c.model !== undefined) {
      const m = models.get(c.model);
      if (!m) add(id, 'model', say('presetsCheck.noSuchModel', { got: show(c.model) }));
      else for (const name of MODEL_SHAPE_FIELDS) {
        if (isFiniteNumber(m[name]) && isFiniteNumber(c.inputs[name]) && !nearlyEqual(m[name], c.inputs[name])) {
          add(id, `inputs.${name}`, say('presetsCheck.modelDisagrees', { model: clipText(m.id, 60), name, value: String(m[name]), got: String(c.inputs[name]) }));
        }
      }
    }
    if (c.gpu !== undefined) {
      const g = gpus.get(c.gpu);
      if (!g) add(id, 'gpu', say('presetsCheck.noSuchGpu', { got: show(c.gpu) }));
      else for (const name of GPU_USABLE_FIELDS) {
        if (isFiniteNumber(g[name]) && isFiniteNumber(c.inputs[name]) && !nearlyEqual(g[name], c.inputs[name])) {
          add(id, `inputs.${name}`, say('presetsCheck.gpuDisagrees', { gpu: clipText(g.id, 60), name, value: String(g[name]), got: String(c.inputs[name]) }));
        }
      }
    }
  }

  function checkRequiredConfigurations(configs, add) {
    const byId = new Map(configs.filter((c) => c && typeof c.id === 'string').map((c) => [c.id, c]));
    const required = [...LESSON_IDS.map((x) => [x, 'lesson']), ...KNOWLEDGE_CHECK_IDS.map((x) => [x, 'knowledge-check'])];
    for (const [rid, group] of required) {
      const c = byId.get(rid);
      if (!c) add(rid, 'id', say('presetsCheck.requiredMissing'));
      else if (c.group !== group) add(rid, 'group', say('presetsCheck.groupMustBe', { group, got: show(c.group) }));
    }
    const lessonOrder = configs.filter((c) => c && c.group === 'lesson').map((c) => c.id);
    const expected = LESSON_IDS.filter((x) => lessonOrder.includes(x));
    const present = lessonOrder.filter((x) => LESSON_IDS.includes(x));
    if (present.join() !== expected.join()) {
      add('configurations', 'order', say('presetsCheck.lessonOrder', { ids: LESSON_IDS.join(', ') }));
    }
  }

  return function checkPresets(doc, add) {
    if (!checkPlainObject(doc, WHOLE_FILE, TOP_LEVEL, add)) return;
    if (doc.version !== 1) add(WHOLE_FILE, 'version', say('presetsCheck.version', { got: show(doc.version) }));
    for (const key of Object.keys(doc)) {
      if (!FILE_KEYS.includes(key)) add(WHOLE_FILE, clipText(key, 60), say('presetsCheck.unknownKey', { keys: FILE_KEYS.join(', ') }));
    }
    // Optional: without it the calculator starts from the core's defaults.
    if (doc.defaults !== undefined) checkBudgetInput(doc.defaults, 'defaults', '', add);

    const lists = {};
    for (const section of ['models', 'gpus', 'configurations']) {
      const v = doc[section];
      if (!Array.isArray(v) || v.length === 0 || v.length > MAX_ENTRIES) {
        add(WHOLE_FILE, section, v === undefined ? say('presetsCheck.missing') : say('presetsCheck.entries', { max: String(MAX_ENTRIES) }));
        lists[section] = [];
      } else {
        lists[section] = v;
      }
    }
    lists.models.forEach((m, i) => checkModel(m, i, add));
    lists.gpus.forEach((g, i) => checkGpu(g, i, add));
    checkUniqueIds(lists.models, 'models', add);
    checkUniqueIds(lists.gpus, 'gpus', add);
    checkUniqueIds(lists.configurations, 'configurations', add);
    const models = new Map(lists.models.filter((m) => m && typeof m.id === 'string').map((m) => [m.id, m]));
    const gpus = new Map(lists.gpus.filter((g) => g && typeof g.id === 'string').map((g) => [g.id, g]));
    lists.configurations.forEach((c, i) => checkConfiguration(c, i, add, models, gpus, doc));
    checkRequiredConfigurations(lists.configurations, add);
  };
}

/**
 * Checks a parsed presets document with the core's declaration and refusals.
 * @param {unknown} doc  parsed JSON
 * @param {object} core  the budget facade (web/core/budget-core.js)
 * @param {object} reading  the reading facade (web/core/reading-core.js): every problem's id,
 *   field and reason (and every text value of its sentence) pass through its quoteText /
 *   visibleText, so text from the file is bounded and shows its invisible characters as
 *   [U+XXXX] (a U+202E cannot reverse a notice)
 * @param {(id:string, params?:object)=>string} t the English translator's t (web/element/i18n.js),
 *   which writes this file's own sentences ("presetsCheck.*") as `reason`
 * @returns {{id:string, field:string, reason:string, say?:{id:string, params:object}, refusal?:object,
 *   idSay?:object, fieldSay?:object}[]}
 *   problems, empty when the file is usable; `say`: the reason's own sentence and values, for
 *   another language; `refusal`: the core's refusal the reason is (its code and params when declared)
 * @throws {TypeError} without the reading facade or `t`
 */
export function validatePresets(doc, core, reading, t) {
  if (!reading || typeof reading.quoteText !== 'function') {
    throw new TypeError('validatePresets needs the reading facade (web/core/reading-core.js) to show text from the file');
  }
  if (typeof t !== 'function') throw new TypeError('validatePresets needs the English translator\'s t (web/element/i18n.js)');
  const problems = [];
  // Every text value of a sentence shows its invisible characters, nested phrases too.
  const visible = (reason) => {
    if (!reason || typeof reason !== 'object' || !reason.say) return reason;
    const params = {};
    for (const [k, v] of Object.entries(reason.say.params)) params[k] = typeof v === 'string' ? reading.visibleText(v) : visible(v);
    return sayReason(reason.say.id, params);
  };
  checker(core)(doc, (id, field, reason, refusal) => {
    // The whole file's id and its top level's field are phrases too ("(file)", "(top level)").
    const shown = { id: reading.quoteText(reasonText(t, id), 80), field: reading.quoteText(reasonText(t, field), 200),
      ...(typeof id === 'object' ? { idSay: id } : {}), ...(typeof field === 'object' ? { fieldSay: field } : {}) };
    if (typeof reason === 'string') {
      problems.push({ ...shown, reason: reading.visibleText(reason), ...(refusal ? { refusal } : {}) });
      return;
    }
    const said = visible(reason);
    problems.push({ ...shown, reason: reading.visibleText(reasonText(t, said)), say: said.say });
  });
  return problems;
}
