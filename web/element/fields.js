// Calculator fields, built from the core's declaration (core.declaration):
// name, label, unit, kind, range, typical span, group and meaning all come
// from there. This file adds only how each unit is shown (display value =
// raw value / factor: parameters in billions, bytes in GB, bytes per weight
// as bits) and how a slider covers the field's typical span. Slider ranges lie
// inside the core's limits, so a slider can never produce an error.
//
// Words are the locale's (web/element/i18n.js): the shown units by their ids
// below ("fields.unit.<id>" in content/ui/<l>.json), and a declared
// field's label, meaning, zero meaning and group, and a declared unit shown as
// is, by the declared name ("core.field.<name>.label", "core.group.<group>",
// "core.unit.<unit>"), in every locale but English, whose words are the
// declaration's own. The declaration stays the one list of fields.
import { translator } from './i18n.js';
import { DEFAULT_LOCALE } from './locale-names.js';

/**
 * How a unit the core declares is shown; units not listed show as declared, factor 1.
 * `unit` and `noun` are ids of "fields.unit.*" strings.
 */
const UNIT_DISPLAY = {
  parameters: { unit: 'billion', noun: 'billionParameters', factor: 1e9 },
  // Memory is typed and shown in decimal GB; the field also says it in GiB,
  // the unit the cards report in (nvidia-smi's MiB, 80 GiB = 85.9 GB).
  bytes: { unit: 'GB', factor: 1e9, alsoGiB: true },
  // Bytes per second: memory bandwidth (typical span up to 20 TB/s) in TB/s,
  // a GPU-to-GPU link (up to 2 TB/s, a datasheet rate used as is) in GB/s.
  'bytes/s': [
    { unit: 'GBps', factor: 1e9, upTo: 5e12 },
    { unit: 'TBpsUsable', noun: 'TBps', factor: 1e12 },
  ],
  'FLOP/s': { unit: 'TFLOPpsUsable', noun: 'TFLOPps', factor: 1e12 },
  'bytes per parameter': { unit: 'bitsPerWeight', factor: 1 / 8, choices: [16, 8, 4], step: 0.5 },
  'bytes per value': { unit: 'bitsPerValue', factor: 1 / 8, choices: [16, 8, 4], step: 0.5 },
  'fraction of GPU memory': { unit: 'percentOfGpuMemory', factor: 0.01, step: 1 },
  // Seconds: a field whose typical span stays below a millisecond (the
  // all-reduce latency) reads in µs, any other (the TTFT target) in ms.
  s: [
    { unit: 'us', factor: 1e-6, step: 0.5, upTo: 1e-3 },
    { unit: 'ms', factor: 1e-3, step: 1 },
  ],
};

/**
 * The display of a declared field in the locale's words: its unit's entry, or for a
 * unit with several scales the first that covers the field's typical span.
 */
function displayFor(d, strings) {
  const entry = UNIT_DISPLAY[d.unit];
  if (!entry) return { unit: strings.core(`core.unit.${d.unit}`, d.unit), factor: 1, nounFor: null, unitFor: null };
  const chosen = Array.isArray(entry) ? entry.find((e) => e.upTo === undefined || d.typical_max <= e.upTo) : entry;
  const nounId = `fields.unit.${chosen.noun || chosen.unit}`;
  return {
    ...chosen,
    unit: strings.t(`fields.unit.${chosen.unit}`),
    noun: chosen.noun ? strings.t(nounId) : undefined,
    // The noun after `n` of the unit: a plural string picks its form by count ("1 bit per
    // weight", "4 bits per weight"); a unit with a qualifier ("TB/s, usable") drops it.
    nounFor: (n) => strings.t(nounId, { count: n }).split(',')[0],
    // The unit's words after `n` of it, qualifier kept ("1 bit per weight", "3.35 TB/s, usable").
    unitFor: (n) => strings.t(`fields.unit.${chosen.unit}`, { count: n }),
  };
}

/** A typical span wider than this ratio gets a log-scale slider. */
const LOG_SPAN_RATIO = 300;

/** "Query heads" -> "query heads", but "KV heads" stays (an acronym starts it). */
export function lowerFirst(text) {
  return /^[A-Z][A-Z]/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** A whole-number slider's step: about 256 positions over its span, in 1, 10, 100... */
function wholeStep(span) {
  return Math.max(1, 10 ** Math.floor(Math.log10(span / 256)));
}

const flaggedKinds = new WeakMap(); // a declaration -> Map(flag -> Set of the message codes carrying it)
/**
 * The codes of the declaration's messages that carry `flag` ("range": input_messages.h
 * is_range_refusal; "nothing_typed": is_nothing_typed), built once per declaration and flag.
 * @param {{messages?: object[]}} declaration the core's declaration
 * @param {string} flag
 * @returns {Set<string>}
 */
function kindsFlagged(declaration, flag) {
  if (!flaggedKinds.has(declaration)) flaggedKinds.set(declaration, new Map());
  const byFlag = flaggedKinds.get(declaration);
  if (!byFlag.has(flag)) byFlag.set(flag, new Set((declaration.messages || []).filter((m) => m[flag]).map((m) => m.code)));
  return byFlag.get(flag);
}

/**
 * Whether a reading of the core's field reader found no text in the box (empty, or spaces only):
 * a value not typed yet, not a refused one (the declaration flags its kind: input_messages.h
 * is_nothing_typed). A box being edited then keeps the value in use and shows no message.
 * @param {{messages?: {code:string, nothing_typed?:boolean}[]}} declaration the core's declaration
 * @param {{ok:boolean, code?:string}} reading what the reader returned
 * @returns {boolean}
 */
export function isNothingTyped(declaration, reading) {
  if (!declaration || !reading || reading.ok || !reading.code) return false;
  return kindsFlagged(declaration, 'nothing_typed').has(reading.code);
}

/**
 * A declared unit's words for `count` of it, in the page's language: the locale's translation
 * by the declared name ("core.unit.requests": "1 Anfrage", "2 Anfragen" by its plural forms),
 * else the core's English words, for one (the declaration's unit_one, "request") or for any
 * other count (its unit, "requests").
 * @param {{core:Function}} strings the element's strings (i18n.js)
 * @param {string} unit the declared unit ("requests", "tokens per request")
 * @param {string|undefined} unitOne the declared words for one ("request"); the unit when absent
 * @param {number} count the value the words go with
 * @returns {string}
 */
export function unitWords(strings, unit, unitOne, count) {
  return strings.core(`core.unit.${unit}`, count === 1 && unitOne ? unitOne : unit, { count });
}

/**
 * A declared unit's words after the upper end of a range ("from 1 to 32 heads"): the form the
 * locale gives them there ("core.unit.heads.inRange": German's dative after "von … bis", "von 1
 * bis 32 Köpfen"), else unitWords' form for the count.
 * @param {{core:Function, hasCore?:Function}} strings the element's strings (i18n.js)
 * @param {string} unit @param {string|undefined} unitOne @param {number} count as unitWords
 * @returns {string}
 */
export function rangeUnitWordsFor(strings, unit, unitOne, count) {
  const id = `core.unit.${unit}.inRange`;
  return strings.hasCore && strings.hasCore(id) ? strings.core(id, unit, { count }) : unitWords(strings, unit, unitOne, count);
}

/** One field's calculator definition from its declaration row, in the words of `strings`. */
function fieldDef(d, byName, strings) {
  const display = displayFor(d, strings);
  const label = strings.core(`core.field.${d.name}.label`, d.label);
  const meaning = strings.core(`core.field.${d.name}.meaning`, d.meaning);
  const zeroMeans = d.zero_means ? strings.core(`core.field.${d.name}.zero_means`, d.zero_means) : '';
  const whole = d.kind === 'whole';
  const min = d.typical_min / display.factor;
  const max = d.typical_max / display.factor;
  const log = d.typical_min > 0 && d.typical_max / d.typical_min >= LOG_SPAN_RATIO;
  const zero = zeroMeans ? `0 = ${inLabels(zeroMeans, byName, strings)}` : '';
  const noun = display.noun || display.unit.split(',')[0];
  const asDeclared = !UNIT_DISPLAY[d.unit]; // the core's unit shown as declared, worded by count
  return Object.freeze({
    name: d.name,
    label,
    symbol: d.symbol,
    unit: [display.unit, d.symbol && display.factor === 1 ? d.symbol : '', zero].filter(Boolean).join(', '),
    displayUnit: display.unit,
    coreUnit: d.unit,
    noun,
    // The noun for `n` of the display unit: a core unit shown as declared takes the form its
    // translation gives that count ("1 Schicht", "24 Schichten"); any other noun is as written.
    nounFor: (n) => (asDeclared ? unitWords(strings, d.unit, d.unit_one, n) : display.nounFor(n)),
    // The same noun after a range's upper end, in the form the locale gives it there (rangeUnitWordsFor).
    rangeNounFor: (n) => (asDeclared ? rangeUnitWordsFor(strings, d.unit, d.unit_one, n) : noun),
    // The display unit's words for `n` of it: the declared unit's, by count, when shown as declared.
    unitFor: (n) => (asDeclared ? unitWords(strings, d.unit, d.unit_one, n) : display.unitFor(n)),
    factor: display.factor,
    whole,
    choices: display.choices,
    alsoGiB: Boolean(display.alsoGiB),
    hint: meaning.charAt(0).toUpperCase() + meaning.slice(1) + '.',
    maxFrom: d.max_from || undefined,
    // What k and M mean typed here (the core's count_prefixes): true when k = 1,024.
    binaryPrefixes: d.count_prefixes === 'binary',
    zeroMeans: zeroMeans ? inLabels(zeroMeans, byName, strings) : '',
    limit: d,
    slider: log ? { min, max, log: true }
      : { min, max, step: whole ? wholeStep(max - min) : (display.step || 'any') },
  });
}

/**
 * Field codes in a core sentence replaced by their labels (byName: code -> label), written as
 * the language writes a noun inside a sentence (`grammar.labelInSentence` of the string file:
 * "lowercase" in English, "same as total parameters"; "as-is" in German, whose nouns keep their
 * capital, "wie Parameter insgesamt").
 */
function inLabels(text, byName, strings) {
  const inSentence = strings.t('grammar.labelInSentence') === 'lowercase' ? lowerFirst : (label) => label;
  // Only a whole code ("layers", not the "layers" of "num_hidden_layers"), and never inside
  // quotes: a quoted text is what a person typed or a file holds, and is shown as it is.
  const codes = [...byName.keys()].sort((a, b) => b.length - a.length).map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (codes.length === 0) return String(text);
  const whole = new RegExp(`(?<![A-Za-z0-9_])(?:${codes.join('|')})(?![A-Za-z0-9_])`, 'g');
  return String(text).split(/(“[^”]*”|"[^"]*")/).map((piece, i) => (i % 2 === 1 ? piece
    : piece.replace(whole, (code) => inSentence(byName.get(code))))).join('');
}

const built = new WeakMap(); // declaration -> Map(locale -> fields)
const ENGLISH = translator(DEFAULT_LOCALE, null);

/**
 * The calculator's fields for a core: { FIELDS: {name: def}, FIELD_GROUPS:
 * [{legend, fields: [name]}], inPageWords(text), isRangeRefusal(res) }. Groups and their order
 * are the declaration's. isRangeRefusal(res) is whether a facade's error value is of a kind the
 * declaration's messages flag as a range refusal ("range": true: a value outside its field's
 * range, or above the field that caps it), not a rule tying it to other fields or unread text;
 * false without a code. Built once per core and locale.
 * @param {{declaration:object}} core
 * @param {{locale:string, t:Function, core:Function}} [strings] the element's translator
 *   (i18n.js; ctx.strings); English when omitted
 */
export function calculatorFields(core, strings = ENGLISH) {
  const declaration = core.declaration;
  if (!built.has(declaration)) built.set(declaration, new Map());
  const cache = built.get(declaration);
  if (cache.has(strings.locale)) return cache.get(strings.locale);
  const labels = new Map(declaration.inputs.map((d) => [d.name, strings.core(`core.field.${d.name}.label`, d.label)]));
  const FIELDS = {};
  const groups = new Map();
  for (const d of declaration.inputs) {
    FIELDS[d.name] = fieldDef(d, labels, strings);
    if (!groups.has(d.group)) groups.set(d.group, []);
    groups.get(d.group).push(d.name);
  }
  // The kinds of refusal that say a value is outside its field's range (the core's declaration
  // flags them: input_messages.h is_range_refusal).
  const rangeKinds = kindsFlagged(declaration, 'range');
  const result = Object.freeze({
    FIELDS: Object.freeze(FIELDS),
    isRangeRefusal: (res) => Boolean(res && res.code && rangeKinds.has(res.code)),
    FIELD_GROUPS: Object.freeze([...groups].map(([group, fields]) => Object.freeze({ legend: strings.core(`core.group.${group}`, group), fields }))),
    inPageWords: (text) => inLabels(text, labels, strings),
  });
  cache.set(strings.locale, result);
  return result;
}

const LOG_STEPS = 1000;

/**
 * The shortest decimal text for a display value `v` that reads back as the
 * value in use: with `factor`, parsing the text and multiplying by `factor`
 * must give `raw` exactly (7.000000001 -> "7.000000001", 1234567 -> "1234567",
 * 7e9 / 1e9 -> "7"). Without `raw`, the text must read back as `v` itself.
 */
export function displayNumber(v, raw, factor = 1) {
  if (!Number.isFinite(v)) return '';
  const target = raw === undefined ? v : raw;
  // The shortest text that reads back exactly; failing that at a given
  // length, one that reads back within a few units in the last place
  // (20e-6 s is 19.999999999999996 µs, and 20 × 1e-6 misses 2e-5 by one
  // unit: "20", not "20.000000000000004").
  const near = (t) => raw !== undefined && Math.abs(t * factor - target) <= 4 * Number.EPSILON * Math.abs(target);
  for (let p = 1; p <= 17; p += 1) {
    const t = Number(v.toPrecision(p));
    if ((raw === undefined ? t : t * factor) === target || near(t)) return String(t);
  }
  return String(v);
}

/**
 * The text a number box shows for a value: displayNumber's digits with the page's decimal mark
 * ("0,05" on the German page, "0.05" on the English one; never grouped, so the core's field
 * reader reads it back as the same value in that page's convention).
 * @param {{plainText:(v:string)=>string}} fmt the element's number formatting (format.js)
 * @param {number} v the value in the display unit; raw and factor as displayNumber takes them
 * @returns {string}
 */
export function boxText(fmt, v, raw, factor) {
  return fmt.plainText(displayNumber(v, raw, factor));
}

function niceRound(v, whole) {
  if (whole) return Math.max(1, Math.round(v));
  return Number(v.toPrecision(3));
}

/** Slider attributes (min/max/step) for a field with a cap `capDisplay`. */
export function sliderAttrs(def, capDisplay) {
  const s = def.slider;
  // A capped log slider ends at its cap's position (the context at the model's limit).
  if (s.log) return { min: 0, max: capDisplay !== undefined ? Math.max(1, toSlider(def, capDisplay)) : LOG_STEPS, step: 1 };
  const max = capDisplay !== undefined ? Math.max(s.min, Math.min(s.max, capDisplay)) : s.max;
  return { min: s.min, max, step: s.step || 'any' };
}

/** Display value -> slider position. */
export function toSlider(def, display) {
  const s = def.slider;
  if (!s.log) return display;
  const lo = Math.log(s.min);
  const hi = Math.log(s.max);
  const v = Math.min(Math.max(display, s.min), s.max);
  return Math.round(((Math.log(v) - lo) / (hi - lo)) * LOG_STEPS);
}

/** Slider position -> display value (rounded to a tidy number). */
export function fromSlider(def, position) {
  const s = def.slider;
  const p = Number(position);
  if (!s.log) return def.whole ? Math.round(p) : p;
  const lo = Math.log(s.min);
  const hi = Math.log(s.max);
  return niceRound(Math.exp(lo + (p / LOG_STEPS) * (hi - lo)), def.whole);
}

/**
 * The next display value when a keyboard key moves a log-scale slider, or
 * null when the key is not one it handles. Arrows move by at least one
 * whole unit on whole-number fields (one slider position can round back to
 * the same number) and by at least one visible step otherwise; Page Up/Down
 * move 5% of the track (whole numbers: at least two units); Home/End go to the ends.
 */
export function logSliderKey(def, display, key) {
  const s = def.slider;
  if (!s.log) return null;
  const dir = { ArrowRight: 1, ArrowUp: 1, PageUp: 1, ArrowLeft: -1, ArrowDown: -1, PageDown: -1 }[key];
  if (key === 'Home') return s.min;
  if (key === 'End') return s.max;
  if (!dir) return null;
  const clamp = (v) => Math.min(s.max, Math.max(s.min, v));
  if ((dir > 0 && display >= s.max) || (dir < 0 && display <= s.min)) return clamp(display);
  const jump = key.startsWith('Page') ? LOG_STEPS / 20 : 1;
  let pos = toSlider(def, clamp(display));
  let next = display;
  // Step position by position until the tidy value actually moves.
  for (let i = 0; i < LOG_STEPS && (dir > 0 ? next <= display : next >= display); i += 1) {
    pos = Math.min(LOG_STEPS, Math.max(0, pos + dir * (i === 0 ? jump : 1)));
    next = fromSlider(def, pos);
    if (pos === 0 || pos === LOG_STEPS) break;
  }
  if (def.whole) {
    const unit = jump > 1 ? 2 : 1; // a page is always more than one arrow step
    next = dir > 0 ? Math.max(next, Math.floor(display) + unit) : Math.min(next, Math.ceil(display) - unit);
  }
  return clamp(next);
}

/**
 * The inputs as short texts for a chart's downloads ("Batch 16 requests",
 * "GPU memory 80 GB"), in declaration order, with the calculator's units, in the words of
 * `strings` (the element's translator, ctx.strings; English when omitted).
 */
export function inputTexts(core, input, strings = ENGLISH) {
  const { FIELDS } = calculatorFields(core, strings);
  return Object.values(FIELDS).map((d) => `${d.label} ${displayNumber(input[d.name] / d.factor, input[d.name], d.factor)} ${d.displayUnit.split(',')[0]}`);
}
