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
  return t(`calc.readAs${approximate ? 'About' : ''}${binary ? 'Binary' : ''}`, { value, k: fmt.int(1024) });
}
