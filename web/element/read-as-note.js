// The "Read as" note under a number box: how the core's field reader read the
// text (a FieldReading of budget-core.js or traffic-core.js readField()), in
// the field's display unit and the page's words. The calculator and the
// parts whose boxes the same reader reads (the traffic part) write it here.
import { displayNumber } from './fields.js';

/**
 * "Read as 32,768 tokens per request (k = 1,024 and M = 1,024² here, as context lengths are
 * counted)." / "Read as about 79.99 GB.": the value in the field's display unit, to the
 * significant digits typed; '' when the text is the plain number of that value and the
 * reader found one reading only (German "1.024", read as 1,024 or 1.024, gets a note even so).
 * @param {{t:Function, fmt:object}} words the element's translator and number formatting (ctx.t, ctx.fmt)
 * @param {object} def the field's definition (fields.js calculatorFields: factor, nounFor, binaryPrefixes)
 * @param {number} raw the value read, in the field's declared unit (reading.value)
 * @param {{significant_digits:number, binary_prefix:boolean, ambiguous:boolean}} reading the core's reading
 * @param {string} typed the text as typed
 * @returns {string}
 */
export function readAsNote({ t, fmt }, def, raw, reading, typed) {
  const plain = displayNumber(raw / def.factor, raw, def.factor);
  const trimmed = String(typed).trim();
  // The plain number in either form ("0.5", or "0,5" as the German page's box writes it).
  if ((trimmed === plain || trimmed === fmt.plainText(plain)) && !reading.ambiguous) return '';
  const { text: n, approximate } = fmt.readAsNumber(raw / def.factor, reading.significant_digits);
  const value = fmt.withUnit(n, def.nounFor(raw / def.factor));
  const binary = reading.binary_prefix && def.binaryPrefixes;
  const mark = !approximate && !binary ? markReadingId(reading, fmt) : '';
  return mark ? t(mark, { value }) : t(`calc.readAs${approximate ? 'About' : ''}${binary ? 'Binary' : ''}`, { value, k: fmt.int(1024) });
}

/**
 * For text the core's reader could read two ways, taken against the page's own way of writing
 * numbers (German "1.000" read as 1, the point as a decimal point), the note that says how the
 * separator was taken: "calc.readAsPointDecimal", "calc.readAsCommaGroup"...; '' when the reading
 * had one way only or followed the page's convention (German "2,039" as 2.039, English "32,768"
 * as 32768), where the plain note says enough.
 * @param {{ambiguous:boolean, ambiguous_mark:string, grouping_taken:boolean}} reading the core's reading
 * @param {{decimalMark:string, groupMark:string}} fmt the page's number formatting (format.js)
 * @returns {string} a string id, or ''
 */
export function markReadingId(reading, fmt) {
  const mark = reading.ambiguous ? reading.ambiguous_mark : '';
  if (mark !== '.' && mark !== ',') return '';
  const pageGroups = mark === fmt.groupMark && mark !== fmt.decimalMark;
  if (reading.grouping_taken === pageGroups) return '';
  return `calc.readAs${mark === '.' ? 'Point' : 'Comma'}${reading.grouping_taken ? 'Group' : 'Decimal'}`;
}
