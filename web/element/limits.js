// Turns the core's field declaration (through calculatorFields) and its
// refusals into the inline message shown beside a rejected number field, in
// the page's words: the labels the user sees and the field's display units,
// with numbers written the way a student reads them ("from 1 parameter to 10
// trillion parameters", "from 1 to 1,000 layers"). Formatting only: the display scale of each
// unit is fields.js's (the one table of how a declared unit is shown); the
// limits themselves, and which field caps which, come from the core.
import { lowerFirst, rangeUnitWordsFor } from './fields.js';
import { groupedNumber, numberFormatting, plural, withUnit } from './format.js';
import { capOf } from './caps.js';
import { translator } from './i18n.js';
import { DEFAULT_LOCALE } from './locale-names.js';

const grouped = (v) => groupedNumber(v);
const ENGLISH = translator(DEFAULT_LOCALE, null);
const ENGLISH_FMT = numberFormatting(DEFAULT_LOCALE, ENGLISH.t);

/** "100 million", "10 trillion" for big round numbers, else "8,192". */
function countWords(v) {
  for (const [size, word] of [[1e12, 'trillion'], [1e9, 'billion'], [1e6, 'million']]) {
    if (v >= size && Number.isInteger(v / size)) return `${grouped(v / size)} ${word}`;
  }
  return grouped(v);
}

/**
 * A raw value of a field as { n, unit } for a message, by the unit the core
 * declares; units are compared so a range with one unit names it once
 * ("1 to 1,000 layers").
 */
function quantity(def, raw) {
  switch (def.coreUnit) {
    case 'parameters':
      if (raw >= 1e12) return { n: `${grouped(raw / 1e12)} trillion`, unit: 'parameters' };
      if (raw >= 1e9) return { n: `${grouped(raw / 1e9)} billion`, unit: 'parameters' };
      return { n: countWords(raw), unit: plural(raw, 'parameter', 'parameters') };
    case 'bytes':
      // Below 1 GB in bytes, as bytes/s below: GPU memory's lower end, 1 byte, is not "0 GB".
      if (raw < 1e9) return { n: grouped(raw), unit: plural(raw, 'byte', 'bytes') };
      return { n: grouped(raw / def.factor), unit: def.noun };
    case 'bytes/s':
      // In the unit the field's own box shows (fields.js's display table: the
      // bandwidth in TB/s, the GPU-to-GPU link in GB/s), so a message never
      // names a unit the student does not see beside the number.
      if (raw < 1e9) return { n: grouped(raw), unit: plural(raw, 'byte/s', 'bytes/s') };
      return { n: grouped(raw / def.factor), unit: def.noun };
    case 'FLOP/s':
      if (raw < 1e9) return { n: grouped(raw), unit: 'FLOP/s' };
      return { n: countWords(raw / def.factor), unit: def.noun };
    case 'bytes per parameter':
    case 'bytes per value':
      return { n: grouped(raw / def.factor), unit: def.displayUnit };
    case 'fraction of GPU memory':
      return { n: grouped(Math.round(raw * 1e6) / 1e4), unit: '%' };
    default:
      return { n: countWords(raw / def.factor), unit: def.noun };
  }
}

const longCounts = new Map(); // locale -> Intl.NumberFormat naming millions, billions... in words
/**
 * A count in the locale's words from a million up, as Intl names them ("7 Milliarden",
 * "1 Milliarde", "1,5 Millionen", "2 Billionen" in German), digits below ("8.192").
 */
function countInWords(v, fmt) {
  if (Math.abs(v) < 1e6) return fmt.groupedNumber(v);
  const intlLocale = fmt.locale === DEFAULT_LOCALE ? 'en-US' : fmt.locale;
  if (!longCounts.has(intlLocale)) {
    // Grouped from 1,000 of a word up ("1.000 Billionen"), as the digits below a million are.
    longCounts.set(intlLocale, new Intl.NumberFormat(intlLocale, { notation: 'compact', compactDisplay: 'long', maximumSignificantDigits: 15,
      useGrouping: 'always' }));
  }
  return longCounts.get(intlLocale).format(v);
}

/**
 * A raw value of a field as { n, unit, same?, inRange? } in another locale than English, with its unit's words
 * (the field's display unit, or the core's declared unit, translated: fields.js), by the
 * same cases as quantity(): "7 Milliarden" Parameter, "512" Byte, "80" GB, "90" %.
 */
function localQuantity(def, raw, strings, fmt) {
  const coreUnit = (unit, count) => strings.core(`core.unit.${unit}`, unit, { count });
  switch (def.coreUnit) {
    case 'parameters':
      return { n: countInWords(raw, fmt), unit: coreUnit('parameters', raw), inRange: rangeUnitWordsFor(strings, 'parameters', undefined, raw) };
    case 'bytes':
      if (raw < 1e9) return { n: fmt.groupedNumber(raw), unit: coreUnit('bytes', raw) };
      return { n: fmt.groupedNumber(raw / def.factor), unit: def.noun };
    case 'bytes/s':
      if (raw < 1e9) return { n: fmt.groupedNumber(raw), unit: coreUnit('bytes/s', raw) };
      return { n: fmt.groupedNumber(raw / def.factor), unit: def.noun };
    case 'FLOP/s':
      if (raw < 1e9) return { n: fmt.groupedNumber(raw), unit: coreUnit('FLOP/s', raw) };
      return { n: countInWords(raw / def.factor, fmt), unit: def.noun };
    case 'bytes per parameter':
    case 'bytes per value':
      return { n: fmt.groupedNumber(raw / def.factor), unit: def.displayUnit };
    case 'fraction of GPU memory':
      return { n: fmt.groupedNumber(Math.round(raw * 1e6) / 1e4), unit: '%' };
    default:
      // The noun takes the form for its count ("1 Schicht", "24 Schichten"); `same` names the
      // unit whatever the count, so a range of one unit names it once ("von 1 bis 1.000 Schichten").
      return { n: countInWords(raw / def.factor, fmt), unit: def.nounFor(raw / def.factor), same: def.noun,
        inRange: def.rangeNounFor(raw / def.factor) };
  }
}

/**
 * A number and its unit's words in a message: English by withUnit (a percent sign set on the number,
 * "100%"), another locale by its "limits.value" pattern ("100 %", "32 Köpfen").
 * @param {boolean} english whether the message is English
 * @param {Function} t the locale's translator
 * @param {{n:string, unit:string}} q the number as written and the unit's words
 * @returns {string}
 */
function joinValue(english, t, q) {
  return english ? withUnit(q.n, q.unit) : t('limits.value', q);
}

/**
 * How the messages of one locale write a field's values: English by quantity() ("1 million
 * requests", "8,192"), another locale by localQuantity() joined by its "limits.value" pattern;
 * a label inside a sentence as the locale writes a noun there (grammar.labelInSentence).
 * @param {{locale:string, t:Function, core:Function}|null} strings the element's translator, or
 *   null for English
 */
function wordsOf(strings) {
  const s = strings || ENGLISH;
  const english = s.locale === DEFAULT_LOCALE;
  const fmt = english ? ENGLISH_FMT : numberFormatting(s.locale, s.t);
  return {
    t: s.t,
    fmt,
    quantity: (def, raw) => (english ? quantity(def, raw) : localQuantity(def, raw, s, fmt)),
    join: (q) => joinValue(english, s.t, q),
    inSentence: s.t('grammar.labelInSentence') === 'lowercase' ? lowerFirst : (label) => label,
  };
}

/**
 * "from 1 to 1,000 layers", "from 1 parameter to 10 trillion parameters", "greater than 0 and
 * at most 1" ("von 1 bis 1.000 Schichten"): a range with one unit names it once, after its
 * upper end (a percentage after both ends).
 */
function span(words, lo, hi, loExclusive) {
  const unitOf = (q) => q.same || q.unit;
  const min = unitOf(lo) === unitOf(hi) && hi.unit !== '%' ? lo.n : words.join(lo);
  // The upper end's unit in the form the locale gives it there (inRange: "bis 32 Köpfen").
  return words.t(loExclusive ? 'limits.span.above' : 'limits.span.from', { min, max: words.join(hi.inRange ? { ...hi, unit: hi.inRange } : hi) });
}

/**
 * A value as the field shows it, with its unit: "7 billion parameters", "32 heads";
 * in another locale its words and digits ("7 Milliarden Parameter", "32 Köpfe").
 * @param {{FIELDS:object}} fields calculatorFields(core, strings), in the same locale as `strings`
 * @param {string} field a declared input field
 * @param {number} raw its value in the declared unit
 * @param {{locale:string, t:Function, core:Function}} [strings] the element's translator
 *   (i18n.js); English when omitted
 * @returns {string}
 */
export function valueText(fields, field, raw, strings = null) {
  const def = fields.FIELDS[field];
  const words = wordsOf(strings);
  if (!def) return words.fmt.groupedNumber(raw);
  if (raw === 0 && def.zeroMeans) return words.t('limits.valueZero', { zero: def.zeroMeans }); // "0 (no limit)", not "0 tokens"
  return words.join(words.quantity(def, raw));
}

/**
 * The message for a value the core refused in a number box, in the page's words (every
 * sentence a "limits.*" pattern of content/ui/<locale>.json).
 * @param fields       calculatorFields(core, strings) (or a part's fields of another
 *                     declaration), in the locale of `strings`
 * @param field        the field the user edited
 * @param res          the core's { ok: false, field, error, code?, params? }
 * @param input        the current (last good) input, for linked maxima
 * @param typedDisplay the refused value in the field's display units (optional)
 * @param {{locale:string, t:Function, core:Function}|null} [strings] the element's translator;
 *   English when omitted
 * @param {() => string} [reason] the core's refusal in the page's words (core-message.js
 *   refusalInWords); fields.inPageWords(res.error) when omitted
 * @returns {string} for a value outside the field's range, the field's label, the range in
 *   its display units and the value typed ("Batch: enter a whole number from 1 to 1 million
 *   requests, not 0.5."; "Batch: Geben Sie eine ganze Zahl von 1 bis 1 Million Anfragen ein,
 *   nicht 0,5."); for one that would fall below a field it caps, both values ("Query heads:
 *   16 heads would be fewer than the KV heads (32 heads). ..."); else the core's reason ("Not accepted: ...")
 */
export function rangeMessage(fields, field, res, input, typedDisplay, strings = null, reason = null) {
  const words = wordsOf(strings);
  const { t } = words;
  const { FIELDS } = fields;
  const def = FIELDS[field];
  const capped = res.field ? FIELDS[res.field] : undefined;
  const because = () => (reason ? reason() : fields.inPageWords(res.error));
  const typed = Number.isFinite(typedDisplay);
  if (res.field && res.field !== field) {
    // The value is fine on its own but falls below a field it caps
    // (query heads under the KV heads, total under the active parameters).
    if (def && capped && capped.maxFrom === field && input) {
      // "Model context limit: 8 tokens per request would be fewer than the context (8,192 tokens
      // per request). …": the field first, then both values with their units, so the sentence
      // reads for every label.
      const params = { label: def.label, capLabel: words.inSentence(capped.label),
        cap: words.join(words.quantity(capped, input[res.field])) };
      return typed ? t('limits.fewer', { ...params, n: words.join(words.quantity(def, typedDisplay * def.factor)) })
        : t('limits.fewerThatMany', params);
    }
    return notAccepted(t, because());
  }
  if (!def) return because();
  // A value the core refused for a rule that ties it to other fields (GPUs that do not split the
  // heads), not for its range: the core's sentence names both numbers and the nearest valid values.
  if (!fields.isRangeRefusal(res)) return notAccepted(t, because());
  const { max, capLabel } = rangeInUse(words, FIELDS, def, input);
  const { what, range } = rangeWords(words, def, max, capLabel);
  // A value past a quadrillion in the box's unit is not repeated: no field's range comes near it,
  // and JavaScript would write it in exponent form ("9.999999999999998e19").
  if (!typed || Math.abs(typedDisplay) >= 1e15) return t('limits.enter', { label: def.label, what, range });
  return t('limits.enterNot', { label: def.label, what, range, value: typedText(def, typedDisplay, words) });
}

/**
 * "Not accepted: " and the core's reason as one sentence: its first letter a capital, one full
 * stop at its end ("Nicht angenommen: Für Geroutete Experten ist … auf 0.").
 */
function notAccepted(t, reason) {
  const sentence = reason.replace(/\.$/, '');
  return t('limits.notAcceptedSentence', { reason: `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}` });
}

/**
 * The top of a field's range in use: its declared maximum, or the value of the field that caps
 * it when that is lower (KV heads up to the query heads), with that field's label in a sentence.
 * @returns {{max:number, capLabel:string}} capLabel '' when the declared maximum applies
 */
function rangeInUse(words, FIELDS, def, input) {
  const cap = capOf(FIELDS, def, input);
  return cap !== undefined && cap < def.limit.max
    ? { max: cap, capLabel: words.inSentence(FIELDS[def.maxFrom].label) }
    : { max: def.limit.max, capLabel: '' };
}

/**
 * The two phrases of a range sentence: what the field takes ("a whole number", "0 (no limit) or
 * a number") and its range in the field's display units, up to `max` ("from 1 to 1 million
 * requests"; "from 1 to 32 heads (the query heads)" when `capLabel` names the field that caps it).
 */
function rangeWords(words, def, max, capLabel) {
  const { t } = words;
  const lim = def.limit;
  const kind = t(def.whole ? 'limits.kind.whole' : 'limits.kind.number');
  const what = def.zeroMeans ? t('limits.kind.orZero', { zero: def.zeroMeans, kind }) : kind;
  const from = span(words, words.quantity(def, lim.min), words.quantity(def, max), lim.min_exclusive);
  return { what, range: capLabel ? t('limits.span.capped', { range: from, cap: capLabel }) : from };
}

/**
 * Why a value given in a link or an inputs attribute is outside its field's range, as a clause
 * the notice goes on from, in the words and units of the calculator's own range sentence
 * ("it must be a whole number from 1 to 1 million requests, not 0 requests"; "erforderlich ist
 * eine ganze Zahl von 1 bis 1 Million Anfragen, nicht 0 Anfragen").
 * @param {{FIELDS:object, isRangeRefusal:Function}} fields calculatorFields(core, strings), in
 *   the locale of `strings`
 * @param {string} field a declared input field
 * @param {{code?:string}} res the core's refusal of that value (the facade's error value)
 * @param {number} raw the value given, in the field's declared unit (bytes, parameters)
 * @param {object} input the input it was tried in (for a maximum another field sets)
 * @param {{locale:string, t:Function, core:Function}|null} [strings] the element's translator;
 *   English when omitted
 * @returns {string|null} null when the core refused the value for another rule than its range
 *   (which the core's own sentence says) or the field is not a calculator field
 */
export function rangeReason(fields, field, res, raw, input, strings = null) {
  const def = fields.FIELDS[field];
  if (!def || !Number.isFinite(raw) || !fields.isRangeRefusal(res)) return null;
  const words = wordsOf(strings);
  const { max, capLabel } = rangeInUse(words, fields.FIELDS, def, input);
  const { what, range } = rangeWords(words, def, max, capLabel);
  return words.t('limits.mustBe', { what, range, value: valueText(fields, field, raw, strings) });
}

/**
 * A refused value as typed, in the field's display unit: "0.5", "0 GB", "95%", "5e-324 GB"
 * ("0,5", "0 GB", "95 % des GPU-Speichers"); the unit named where the box shows another unit than the core's (factor
 * not 1), and a tiny nonzero value in exponent form, never 0.
 */
function typedText(def, display, words) {
  const { fmt } = words;
  const n = display === 0 || Math.abs(display) >= 1e-3 ? fmt.groupedNumber(display) : fmt.tiny(display);
  return def.factor !== 1 ? words.join({ n, unit: def.noun }) : n;
}

/**
 * "Enter a number from 0 to 1." for a part's own control (plain numbers), in the page's words.
 * @param {number} min @param {number} max @param {boolean} whole
 * @param {{locale:string, t:Function}} [strings] the element's translator; English when omitted
 */
export function plainRangeMessage(min, max, whole, strings = null) {
  const words = wordsOf(strings);
  return words.t(whole ? 'fields.rangeWhole' : 'fields.rangeReal',
    { min: words.fmt.groupedNumber(min), max: words.fmt.groupedNumber(max) });
}

/**
 * "Draft tokens: enter a whole number from 1 to 32 tokens, not 40." ("Draft-Tokens: Geben Sie eine
 * ganze Zahl von 1 bis 32 Token ein, nicht 40."): a part's own control refusing a value, naming the
 * control, its range (counts from a million up in the locale's words, "10 trillion", "10 Billionen";
 * below that with the locale's grouping), the unit after the upper end when the control has one, and
 * the value refused, written as the ends are.
 * @param {string} label the control's label, in the page's words
 * @param {number} min @param {number} max the control's range (finite, min <= max)
 * @param {boolean} whole whether the control takes whole numbers only
 * @param {number} value the refused value (finite), written as the range's ends are ("not 20 trillion",
 *   "nicht 20 Billionen", "not 0.5")
 * @param {{t:Function, fmt:{locale:string, groupedNumber:Function}, unit?:(n:number)=>string}} words the
 *   element's translator and number formatting (ctx.t, ctx.fmt), and optionally the unit's words for
 *   a count n ("tokens", "parameters", "%"); without it the range has no unit (a fraction, a ratio)
 * @returns {string}
 */
export function namedRangeMessage(label, min, max, whole, value, { t, fmt, unit }) {
  const end = countInWords(max, fmt);
  const upper = unit ? joinValue(fmt.locale === DEFAULT_LOCALE, t, { n: end, unit: unit(max) }) : end;
  return t(whole ? 'fields.rangeWholeNamed' : 'fields.rangeRealNamed',
    { label, min: countInWords(min, fmt), max: upper, value: countInWords(value, fmt) });
}
