// Axis tick text in the element's locale: d3's own tick formats (its choice of
// decimals and SI prefixes for the ticks drawn) with the locale's decimal and
// group marks, so a German axis reads "0,2" and "1.000" where English reads
// "0.2" and "1,000". Display only: no value is changed.

/**
 * A d3 tick format written with the locale's marks.
 * @param {{decimalMark:string, groupMark:string}} fmt the locale's number formatting
 *   (web/element/format.js numberFormatting; a part's ctx.fmt)
 * @param {(v:number)=>string} english a d3 tick format in d3's default (English)
 *   marks, such as scale.tickFormat(count, specifier) for the axis's own tick arguments
 * @returns {(v:number)=>string} the same text with "." and "," swapped for the locale's
 *   marks; `english` itself where the locale writes them as English does
 */
export function localTicks(fmt, english) {
  if (fmt.decimalMark === '.' && fmt.groupMark === ',') return english;
  return (v) => String(english(v)).replace(/[.,]/g, (m) => (m === '.' ? fmt.decimalMark : fmt.groupMark));
}
