// Small checks shared by the content checks (presets-check.js,
// measured-check.js): how a value reads in a reason, and the checks that ask
// the core (its declaration's field groups and its own refusals). Their reasons
// are sentences of content/ui/<locale>.json ("contentCheck.*", sayReason), worded
// for the page by reasonText; a reason the core gives stays its sentence.

import { clipText } from '../core/echo-text.js';

const REL_TOLERANCE = 1e-9;
/** The longest text a content file's string may hold, in UTF-16 units. */
const MAX_TEXT = 2000;

/** A value as it reads in a reason (Infinity stays Infinity, strings keep quotes, long ones cut). */
export function show(v) {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return JSON.stringify(clipText(v, 40));
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'an array';
  return v === null ? 'null' : (typeof v === 'object' ? 'an object' : String(v));
}

export const isFiniteNumber = (v) => typeof v === 'number' && Number.isFinite(v);
export const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

export function nearlyEqual(a, b) {
  return Math.abs(a - b) <= REL_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

/**
 * A reason of the content checks' own: the id of its sentence in content/ui/<locale>.json and its
 * values, each text (numbers from the file as it writes them: "0.8") or another such reason
 * (a phrase: "contentCheck.what.model").
 * @param {string} id e.g. "contentCheck.missing"
 * @param {object} [params]
 * @returns {{say:{id:string, params:object}}}
 */
export const sayReason = (id, params = {}) => ({ say: { id, params } });

/** The id of a problem of the whole file, and the field of a problem of its top level. */
export const WHOLE_FILE = sayReason('contentCheck.wholeFile');
export const TOP_LEVEL = sayReason('contentCheck.topLevel');

/**
 * A reason (or a problem's id or field) in the words of `t`: text as it is, a sayReason's
 * sentence with its values, phrases among them worded first.
 * @param {(id:string, params?:object)=>string} t a translator's t (web/element/i18n.js)
 * @param {string|{say:{id:string, params:object}}} reason
 * @param {(text:string)=>string} [shown] what each text value goes through (the reading
 *   facade's visibleText, so text from a file shows its invisible characters)
 * @returns {string}
 */
export function reasonText(t, reason, shown = (text) => text) {
  if (!reason || typeof reason !== 'object' || !reason.say) return String(reason);
  const params = {};
  for (const [k, v] of Object.entries(reason.say.params || {})) {
    params[k] = v && typeof v === 'object' ? reasonText(t, v, shown) : (typeof v === 'string' ? shown(v) : v);
  }
  return t(reason.say.id, params);
}

/** A field's value before the core sees it: present and a finite JSON number; returns a reason or null. */
export function typeProblem(value) {
  if (value === undefined) return sayReason('contentCheck.missing');
  if (!isFiniteNumber(value)) return sayReason('contentCheck.finiteNumber', { got: show(value) });
  return null;
}

/**
 * The checks that ask one core: field lists by declaration group, and the
 * shape checks every content file uses.
 * @param {object} core  the budget facade (declaration, DEFAULT_INPUT, plan())
 */
export function coreChecks(core) {
  const INPUT_FIELDS = core.declaration.inputs.map((f) => f.name);
  const fieldsOfGroup = (group) => core.declaration.inputs.filter((f) => f.group === group).map((f) => f.name);
  const MODEL_SHAPE_FIELDS = fieldsOfGroup('Model');
  const GPU_USABLE_FIELDS = fieldsOfGroup('Hardware');
  const GPU_RATES = gpuRates(core.declaration.inputs);

  /**
   * Asks the core about `fields` of `obj` over `base` (the core's defaults
   * unless given): a field `obj` gives must be a finite number; a field it
   * does not give keeps base's value, or is reported missing when `required`.
   * Reports the core's refusal under the field it names, without repeating
   * the field's name at the start of the sentence, and the refusal itself
   * (a fourth value of `add`, for its words in another language).
   * @param {{base?: object, required?: boolean}} [options]
   */
  function checkWithCore(obj, fields, id, f, add, { base = core.DEFAULT_INPUT, required = false } = {}) {
    let typed = true;
    for (const name of fields) {
      if (obj[name] === undefined && !required) continue;
      const reason = typeProblem(obj[name]);
      if (reason) { add(id, f(name), reason); typed = false; }
    }
    if (!typed) return;
    const input = { ...base };
    for (const name of fields) if (obj[name] !== undefined) input[name] = obj[name];
    const res = core.plan(input);
    if (res.ok) return;
    add(id, f(res.field), withoutField(res), res);
  }

  /** The core's sentence without the field's name at its start (the report names the field). */
  function withoutField(res) {
    return res.error.startsWith(`${res.field} `) ? res.error.slice(res.field.length + 1) : res.error;
  }

  /**
   * Refuses, by name, every key of `obj` that is neither one of `fields` (the
   * input names it may set) nor one of `otherKeys`. An input it may not set
   * is said to belong elsewhere; another key of an object that sets inputs
   * gets the facade's own sentence (core.unknownInputError: the nearest input
   * name when it looks misspelt); `what` names the object in the sentence: a phrase
   * (sayReason("contentCheck.what.model"): "a model") or a key of the file ("defaults").
   */
  function checkKnownKeys(obj, fields, otherKeys, id, f, add, what) {
    for (const key of Object.keys(obj)) {
      if (fields.includes(key) || otherKeys.includes(key)) continue;
      const shown = clipText(key, 60);
      if (INPUT_FIELDS.includes(key)) {
        add(id, f(shown), fields.length ? sayReason('contentCheck.inputNotSet', { what, fields: fields.join(', ') })
          : sayReason('contentCheck.inputGoesInInputs', { what }));
      } else if (fields.length === 0) {
        add(id, f(shown), sayReason('contentCheck.notAKey', { what, keys: otherKeys.join(', ') }));
      } else {
        const reason = withoutField(core.unknownInputError(key)).replace(/\.$/, '');
        add(id, f(shown), otherKeys.length ? sayReason('contentCheck.unknownKeyAlso', { reason, what, keys: otherKeys.join(', ') }) : reason);
      }
    }
  }
  function checkString(obj, key, id, add, { pattern } = {}) {
    const v = obj[key];
    if (v === undefined) return add(id, key, sayReason('contentCheck.missing'));
    if (typeof v !== 'string' || v.trim() === '') return add(id, key, sayReason('contentCheck.nonEmptyString'));
    // Counts as text, as the file's numbers are: "2000", never grouped.
    if (v.length > MAX_TEXT) return add(id, key, sayReason('contentCheck.tooLong', { max: String(MAX_TEXT), count: String(v.length) }));
    if (pattern && !pattern.test(v)) add(id, key, sayReason('contentCheck.mustMatch', { pattern: String(pattern), got: show(v) }));
  }

  function checkPlainObject(v, id, field, add) {
    if (!isObj(v)) {
      add(id, field, sayReason('contentCheck.object'));
      return false;
    }
    return true;
  }

  return {
    INPUT_FIELDS, MODEL_SHAPE_FIELDS, GPU_USABLE_FIELDS, GPU_RATES, checkWithCore, checkKnownKeys, checkString,
    checkPlainObject,
  };
}

/**
 * The rates a GPU preset derives from a datasheet peak, read from the core's
 * declaration: every "Hardware" input whose meaning starts with "usable" (memory
 * bandwidth and the 16-, 8- and 4-bit arithmetic rates; GPU memory and the link
 * are used as the datasheet gives them). Each is peak × fraction: the peak key is
 * `peak_` + the field's name, the fraction `usable_fraction_` + its first word
 * (bandwidth, flops), shared by the rates of one kind. A rate whose declaration
 * gives 0 a meaning ("same as the 16-bit rate") is optional: a card without that
 * path gives neither its peak nor its rate.
 * @param {object[]} inputs  core.declaration.inputs
 * @returns {{usable:string, peak:string, fraction:string, required:boolean}[]} in declaration order
 */
export function gpuRates(inputs) {
  return inputs.filter((f) => f.group === 'Hardware' && /^usable\b/.test(f.meaning)).map((f) => ({
    usable: f.name,
    peak: `peak_${f.name}`,
    fraction: `usable_fraction_${f.name.split('_')[0]}`,
    required: !f.zero_means,
  }));
}
