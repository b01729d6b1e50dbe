// What a screen reader says for the thumb of a slider (paired-input.js's
// valueText for the parts; the calculator's sliders too): the value in use as its box shows
// it, every digit, with the page's digit grouping and decimal mark, then its
// unit in the page's words ("1 request/s", "2,5 Anfragen/s", "16 clients",
// "250 ms"). A unit the core declares is worded by the core's words for that
// count (fields.js unitWords: "1 request/s", "2 requests/s"), in the number and
// unit pattern "unit.symbol"; a unit that reads without a unit word after the
// number ("0.8" for a fraction) has its own pattern "sliderValue.unit.<unit>".
import { ENGLISH } from './i18n.js';
import { displayNumber, rangeUnitWordsFor } from './fields.js';

/**
 * The number as the box shows it (fields.js displayNumber: the shortest text that reads back
 * exactly), grouped and with the decimal mark of the page ("1,048,576", "0,05").
 * @param {{groupedNumber:Function}} fmt the element's number formatting (format.js)
 * @param {number} v finite
 * @returns {string}
 */
export function boxNumber(fmt, v) {
  return fmt.groupedNumber(Number(displayNumber(v)), 20);
}

/**
 * A number with its unit.
 * @param {(id:string, params?:object)=>string} t the element's translator (i18n.js)
 * @param {string} n the number, already written for the page (boxNumber)
 * @param {number} count the value n shows (a pattern of its own may pick a form by it)
 * @param {string} declaredUnit the unit as the core declares it ("fraction"), '' for a unit
 *   the page scales (ms for a declared s)
 * @param {string} words the unit's words for this count in the page's language ("request/s",
 *   "Anfragen/s", "ms": fields.js unitWords), used unless declaredUnit has a pattern of its own
 * @returns {string} "1 request/s", "3 Token", "250 ms", "0.8"
 */
export function quantityText(t, n, count, declaredUnit, words) {
  const id = `sliderValue.unit.${declaredUnit}`;
  return declaredUnit && Object.prototype.hasOwnProperty.call(ENGLISH, id) ? t(id, { count, n })
    : t('unit.symbol', { n, unit: words });
}

/**
 * The words a declared unit is written with after a range's upper end ("tokens", "Token", "Parametern":
 * fields.js rangeUnitWordsFor), for a range sentence (limits.js namedRangeMessage's words.unit), or null for a unit that reads without a
 * word after the number (one with a pattern of its own, as quantityText: a fraction).
 * @param {{core:Function}} strings the element's translator (ctx.strings)
 * @param {{unit:string, unit_one?:string}} declared the core's declaration of the field
 * @returns {((count:number)=>string)|null}
 */
export function rangeUnitWords(strings, declared) {
  if (!declared.unit || Object.prototype.hasOwnProperty.call(ENGLISH, `sliderValue.unit.${declared.unit}`)) return null;
  return (count) => rangeUnitWordsFor(strings, declared.unit, declared.unit_one, count);
}

/**
 * A declared field's value as its slider's words: the number and unit, or for 0 where the
 * field gives 0 a meaning, the number and that meaning ("0 (no target)").
 * @param {{t:Function, fmt:object}} words the element's ctx.t and ctx.fmt
 * @param {object} def a field definition of fields.js (coreUnit, displayUnit, factor, zeroMeans)
 * @param {number} v the value in the field's display unit (raw / def.factor)
 * @returns {string}
 */
export function fieldValueText({ t, fmt }, def, v) {
  const n = boxNumber(fmt, v);
  if (v === 0 && def.zeroMeans) return t('sliderValue.zero', { n, meaning: def.zeroMeans });
  return quantityText(t, n, v, def.factor === 1 ? def.coreUnit : '', def.unitFor(v));
}
