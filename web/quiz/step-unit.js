// A typed step's unit in the page's language: the unit symbol a questions file
// names for the step (one of the core's unit table, reading-core.js UNITS) as the
// step's hint and its "Read as" note write it. English keeps the core's own
// sentences, which name the unit themselves. Another locale names a symbol that is
// also a unit the core declares for its fields ("tokens", "tokens/s") by that
// unit's words ("core.unit.tokens": "Token"), and keeps any other symbol as it is
// ("GB", "ms"); a number goes with it through format.js (symbolText: the string
// file's pattern for the symbol, "unit.GB", else "unit.symbol").

/**
 * The words of a step's unit in the element's language.
 * @param {{hasCore:Function, core:Function}} strings the element's translator (web/element/i18n.js)
 * @param {string} unit a declared unit symbol ("tokens", "GB"); not ''
 * @returns {string} "Token" in German for "tokens"; "GB" as it is; the symbol itself in English
 */
export function stepUnitWords(strings, unit) {
  const id = `core.unit.${unit}`;
  return strings.hasCore(id) ? strings.core(id, unit) : unit;
}

/**
 * A number already written for the locale, with the step's unit ("2,952 Token",
 * "53 GB"), or the number alone for a step without a unit.
 * @param {{hasCore:Function, core:Function, fmt:{symbolText:Function}}} strings the element's
 *   translator and number formatting (web/element/format.js)
 * @param {string} numberText the number, formatted for the locale
 * @param {string} unit the step's unit symbol, '' for none
 * @returns {string}
 */
export function stepQuantityText(strings, numberText, unit) {
  return unit ? strings.fmt.symbolText(numberText, unit, stepUnitWords(strings, unit)) : numberText;
}
