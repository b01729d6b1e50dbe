// Turns the core's field declaration (through calculatorFields) and its
// refusals into the inline message shown beside a rejected number field, in
// the page's words: the labels the user sees and the field's display units,
// with numbers written the way a student reads them ("from 1 parameter to 10
// trillion parameters", "from 1 to 1,000 layers"). Formatting only: the display scale of each
// unit is fields.js's (the one table of how a declared unit is shown); the
// limits themselves, and which field caps which, come from the core.
import { lowerFirst } from './fields.js';
import { groupedNumber, numberFormatting, plural, withUnit } from './format.js';
import { capOf } from './caps.js';
import { DEFAULT_LOCALE } from './locale-names.js';

const grouped = (v) => groupedNumber(v);
const english = numberFormatting(DEFAULT_LOCALE);

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

const join = (q) => withUnit(q.n, q.unit);

/** "from 1 to 1,000 layers" or "from 1 parameter to 10 trillion parameters". */
function span(lo, hi, loExclusive) {
  const from = loExclusive ? 'greater than' : 'from';
  const to = loExclusive ? 'and at most' : 'to';
  if (lo.unit === hi.unit) {
    if (hi.unit === '%') return `${from} ${join(lo)} ${to} ${join(hi)}`;
    return `${from} ${lo.n} ${to} ${join(hi)}`;
  }
  return `${from} ${join(lo)} ${to} ${join(hi)}`;
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
    longCounts.set(intlLocale, new Intl.NumberFormat(intlLocale, { notation: 'compact', compactDisplay: 'long', maximumSignificantDigits: 15 }));
  }
  return longCounts.get(intlLocale).format(v);
}

/**
 * A raw value of a field as another locale than English writes it, with its unit's words
 * (the field's display unit, or the core's declared unit, translated: fields.js), by the
 * same cases as quantity(): "7 Milliarden Parameter", "512 Byte", "80 GB", "90 %".
 */
function localQuantityText(def, raw, strings, fmt) {
  const say = (n, unit) => strings.t('limits.value', { n, unit });
  const coreUnit = (unit) => strings.core(`core.unit.${unit}`, unit);
  switch (def.coreUnit) {
    case 'parameters':
      return say(countInWords(raw, fmt), coreUnit('parameters'));
    case 'bytes':
      if (raw < 1e9) return strings.t('unit.bytes', { count: raw, n: fmt.groupedNumber(raw) });
      return say(fmt.groupedNumber(raw / def.factor), def.noun);
    case 'bytes/s':
      if (raw < 1e9) return say(fmt.groupedNumber(raw), coreUnit('bytes/s'));
      return say(fmt.groupedNumber(raw / def.factor), def.noun);
    case 'FLOP/s':
      if (raw < 1e9) return say(fmt.groupedNumber(raw), coreUnit('FLOP/s'));
      return say(countInWords(raw / def.factor, fmt), def.noun);
    case 'bytes per parameter':
    case 'bytes per value':
      return say(fmt.groupedNumber(raw / def.factor), def.displayUnit);
    case 'fraction of GPU memory':
      return say(fmt.groupedNumber(Math.round(raw * 1e6) / 1e4), '%');
    default:
      return say(countInWords(raw / def.factor, fmt), def.nounFor(raw / def.factor));
  }
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
  if (strings && strings.locale !== DEFAULT_LOCALE) {
    const fmt = numberFormatting(strings.locale, strings.t);
    if (!def) return fmt.groupedNumber(raw);
    if (raw === 0 && def.zeroMeans) return strings.t('limits.valueZero', { zero: def.zeroMeans });
    return localQuantityText(def, raw, strings, fmt);
  }
  if (def && raw === 0 && def.zeroMeans) return `0 (${def.zeroMeans})`; // "0 (no limit)", not "0 tokens"
  return def ? join(quantity(def, raw)) : grouped(raw);
}

/**
 * @param fields       calculatorFields(core)
 * @param field        the field the user edited
 * @param res          the core's { ok: false, field, error }
 * @param input        the current (last good) input, for linked maxima
 * @param typedDisplay the refused value in the field's display units (optional)
 * @returns {string} English: for a value outside the field's range, the field's label, the range in
 *   its display units and the value typed ("Batch: enter a whole number from 1 to 1 million requests,
 *   not 0.5."); inside it, the core's reason ("Not accepted: ...")
 */
export function rangeMessage(fields, field, res, input, typedDisplay) {
  const { FIELDS } = fields;
  const def = FIELDS[field];
  const capped = res.field ? FIELDS[res.field] : undefined;
  if (res.field && res.field !== field) {
    // The value is fine on its own but falls below a field it caps
    // (query heads under the KV heads, total under the active parameters).
    if (def && capped && capped.maxFrom === field && input) {
      const typed = Number.isFinite(typedDisplay)
        ? `${quantity(def, typedDisplay * def.factor).n} ${lowerFirst(def.label)}` : `That many ${lowerFirst(def.label)}`;
      return `${typed} would be fewer than the ${quantity(capped, input[res.field]).n} ${lowerFirst(capped.label)}. `
        + `Lower ${lowerFirst(capped.label)} first; this value is used as soon as it fits.`;
    }
    return `Not accepted: ${fields.inPageWords(res.error)}`;
  }
  if (!def) return fields.inPageWords(res.error);
  const lim = def.limit;
  let max = lim.max;
  let maxNote = '';
  const cap = capOf(FIELDS, def, input);
  if (cap !== undefined && cap < max) {
    max = cap;
    maxNote = ` (the ${lowerFirst(FIELDS[def.maxFrom].label)})`;
  }
  // A value inside the field's own range refused all the same breaks a rule
  // that ties it to other fields (GPUs that do not split the heads): the
  // core's sentence names both numbers and the nearest valid values.
  if (Number.isFinite(typedDisplay)) {
    const raw = typedDisplay * def.factor;
    const inRange = (def.zeroMeans && raw === 0)
      || ((lim.min_exclusive ? raw > lim.min : raw >= lim.min) && raw <= max && (!def.whole || Number.isInteger(raw)));
    if (inRange) {
      const sentence = fields.inPageWords(res.error);
      return `Not accepted: ${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
    }
  }
  const kind = def.whole ? 'a whole number' : 'a number';
  const range = span(quantity(def, lim.min), quantity(def, max), lim.min_exclusive);
  const zero = def.zeroMeans ? `0 (${def.zeroMeans}) or ` : '';
  const typed = Number.isFinite(typedDisplay) ? `, not ${typedText(def, typedDisplay)}` : '';
  return `${def.label}: enter ${zero}${kind} ${range}${maxNote}${typed}.`;
}

/**
 * A refused value as typed, in the field's display unit: "0.5", "0 GB", "95%", "5e-324 GB"; the unit
 * named where the box shows another unit than the core's (factor not 1), as the core's refusal in
 * another language names it (core-message.js), and a tiny nonzero value in exponent form, never 0.
 */
function typedText(def, display) {
  const n = display === 0 || Math.abs(display) >= 1e-3 ? grouped(display) : english.small(display);
  return def.factor !== 1 ? withUnit(n, def.noun) : n;
}

/** "Enter a number from 0 to 1." for a part's own control (plain numbers). */
export function plainRangeMessage(min, max, whole) {
  return `Enter ${whole ? 'a whole number' : 'a number'} from ${grouped(min)} to ${grouped(max)}.`;
}
