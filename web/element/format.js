// Display formatting only: rounding and unit scaling of numbers the core
// computed, written for a locale ("31.2 GB" in English, "31,2 GB" in German).
// No budget formula lives here. Intl has no GB, GiB or FLOP/s units, so each
// number-and-unit text is a pattern of the locale's string file
// (content/ui/<locale>.json, "unit.*" ids: "{n} GB").
//
// numberFormatting(locale, t) gives the whole set for one locale; the named
// exports below are the English set, for code that shows no locale's text
// (the CLI-like checks, the instructors' tools) and for the tests.
import { translator, ENGLISH } from './i18n.js';
import { DEFAULT_LOCALE } from './locale-names.js';

export const GB = 1e9;
export const GIB = 2 ** 30;

/** Above this a number is written in exponent form: 1e15 is the largest grouped ("1,000,000,000,000,000"). */
export const GROUPED_MAX = 1e15;

/** Three significant digits in exponent form ("1.43e-11"): the same in every locale the lab ships. */
const exponent2 = (v) => v.toExponential(2);

/**
 * The display formatting of one locale.
 * @param {string} locale a BCP 47 tag Intl knows ("en", "de")
 * @param {(id:string, params?:object)=>string} [t] the locale's translator
 *   (i18n.js); its "unit.*" patterns join numbers and units; English when omitted
 * @returns {object} the functions documented below, bound to the locale
 */
export function numberFormatting(locale, t = translator(DEFAULT_LOCALE, null).t) {
  const intlLocale = locale === DEFAULT_LOCALE ? 'en-US' : locale;
  const nf = (min, max) => new Intl.NumberFormat(intlLocale, { minimumFractionDigits: min, maximumFractionDigits: max });
  const f0 = nf(0, 0);
  const f1 = nf(1, 1);
  const f2 = nf(2, 2);
  const sig3 = new Intl.NumberFormat(intlLocale, { maximumSignificantDigits: 3 });
  const decimalMark = new Intl.NumberFormat(intlLocale).formatToParts(1.5).find((p) => p.type === 'decimal').value;
  const groupMark = (new Intl.NumberFormat(intlLocale).formatToParts(1e6).find((p) => p.type === 'group') || { value: ',' }).value;
  // Exponent form keeps JavaScript's digits; only the decimal mark follows the locale ("1,43e-11").
  const localExp = (text) => (decimalMark === '.' ? text : text.replace('.', decimalMark));

  /** Rounds for display: 1 decimal below 1000, whole numbers with grouping above. */
  const num1 = (v) => (Math.abs(v) >= 1000 ? f0.format(v) : f1.format(v));
  const int = (v) => f0.format(v);
  const fixed2 = (v) => f2.format(v);
  const sig = (v) => sig3.format(v);

  const fixedFormats = new Map();
  /**
   * One decimal where that is within 0.5% of the value ("31.2", "1.0"), else
   * as many decimals as that takes (up to 4: an exact halving of 1.07 reads
   * 0.535, not 0.5), else three significant digits in exponent form; whole
   * numbers with grouping from 1,000 up. Nothing non-zero reads as 0.0.
   */
  function adaptive(v) {
    const a = Math.abs(v);
    if (a >= 1000 || a === 0) return num1(v);
    for (let d = 1; d <= 4; d += 1) {
      if (Math.abs(Number(v.toFixed(d)) - v) <= 0.005 * a) {
        if (!fixedFormats.has(d)) fixedFormats.set(d, nf(d, d));
        return fixedFormats.get(d).format(v);
      }
    }
    return localExp(exponent2(v));
  }

  /** Three significant digits; below 0.001 in exponent form ("1.43e-11"). */
  const small = (v) => (Math.abs(v) < 1e-3 ? localExp(exponent2(v)) : sig(v));

  /**
   * A tiny value as typed, in exponent form with up to `digits` significant digits and no
   * trailing zeros ("1e-10", "4.94e-324", "1,5e-7" in German): how a refusal echoes it and
   * a note reads it back, so the two write it alike.
   * @param {number} v a finite nonzero number @param {number} [digits] 1 to 15 (default 3)
   */
  const tiny = (v, digits = 3) => localExp(v.toExponential(Math.max(0, digits - 1)).replace(/\.?0+e/, 'e').replace('e+', 'e'));

  /**
   * Bytes in decimal GB (the lesson's unit); small values fall back to MB/kB, then whole bytes spelled
   * out; below 1 byte three significant digits, in exponent form below 0.001 ("5e-324" is
   * "4.94e-324 bytes", not 323 zeros).
   */
  function bytesText(b) {
    const a = Math.abs(b);
    if (a === 0) return t('unit.GB', { n: int(0) });
    if (a >= 0.1 * GB) return t('unit.GB', { n: adaptive(b / GB) });
    if (a >= 1e6) return t('unit.MB', { n: adaptive(b / 1e6) });
    if (a >= 100) return t('unit.kB', { n: adaptive(b / 1e3) });
    if (a >= 1) return t('unit.bytes', { count: b, n: Number.isInteger(b) ? int(b) : adaptive(b) });
    return t('unit.bytes', { count: b, n: small(b) });
  }

  /** GiB equivalent, e.g. "77.0 GiB". */
  const gibText = (b) => t('unit.GiB', { n: num1(b / GIB) });

  /** "82.7 GB" or, with showGiB, "82.7 GB (77.0 GiB)". */
  const memText = (b, showGiB) => (showGiB && Math.abs(b) >= 0.1 * GB
    ? t('unit.memWithGiB', { gb: bytesText(b), gib: gibText(b) }) : bytesText(b));

  /** Seconds as milliseconds with one decimal where that is exact enough: "31.2 ms", "0.0031 ms". */
  const msText = (s) => (s >= 1 ? t('unit.s', { n: adaptive(s) }) : t('unit.ms', { n: adaptive(s * 1000) }));

  /** Per-request decode speed: one decimal, "32.1"; below 10, three significant digits ("0.00123"). */
  const perRequestText = (v) => (Math.abs(v) >= 10 || v === 0 ? num1(v) : small(v));
  /** Total decode speed: whole tokens/s with grouping, "1,026"; below 10, three significant digits. */
  const totalText = (v) => (Math.abs(v) >= 10 || v === 0 ? int(v) : small(v));

  /** Bandwidth: TB/s with one decimal from 1 TB/s up, else GB/s to 3 significant digits ("240 GB/s"). */
  const bandwidthText = (bytesPerS) => (bytesPerS >= 1e12
    ? t('unit.TBps', { n: num1(bytesPerS / 1e12) }) : t('unit.GBps', { n: sig(bytesPerS / 1e9) }));

  /**
   * A number with a unit the core's unit table declares (a quiz step's): the string file's
   * pattern for that symbol where it has one ("unit.GB": "53 GB", "unit.ms"), else the
   * number and the unit's words in the locale ("unit.symbol": "2,952 Token").
   * @param {string} numberText the number, already formatted
   * @param {string} symbol the declared unit symbol ("GB", "tokens")
   * @param {string} [words] the unit's words in the locale (the symbol when omitted)
   */
  const symbolText = (numberText, symbol, words = symbol) => (Object.prototype.hasOwnProperty.call(ENGLISH, `unit.${symbol}`)
    ? t(`unit.${symbol}`, { n: numberText }) : t('unit.symbol', { n: numberText, unit: words }));

  /** Usable arithmetic rate in TFLOP/s, whole ("40 TFLOP/s"). */
  const tflopsText = (flopsPerS) => t('unit.TFLOPps', { n: int(flopsPerS / 1e12) });

  /**
   * A number as the page writes it in a sentence: grouped digits up to
   * GROUPED_MAX ("32,768", "4.5"), exponent form above it ("9e15", "1.5e308"),
   * so no note prints hundreds of digits.
   * @param {number} v finite
   * @param {number} [maxFractionDigits] decimals kept in the grouped form (default 6)
   */
  // One formatter per number of decimals: toLocaleString with options builds a new one on every call.
  const groupedBy = new Map();
  function groupedNumber(v, maxFractionDigits = 6) {
    if (Math.abs(v) > GROUPED_MAX) return localExp(v.toExponential().replace('e+', 'e'));
    let f = groupedBy.get(maxFractionDigits);
    if (!f) {
      f = new Intl.NumberFormat(intlLocale, { maximumFractionDigits: maxFractionDigits });
      groupedBy.set(maxFractionDigits, f);
    }
    return f.format(v);
  }

  const exactGrouped = new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 20 });
  const bySignificant = new Map();
  /**
   * A value for a "Read as" note, grouped ("32,768"), to the precision typed:
   * at most `digits` significant digits (at least 4, so a conversion such as
   * 74.5 GiB = 79.99 GB keeps its scale), and whole numbers up to 1e15 in full;
   * above GROUPED_MAX in exponent form ("1e308", "9e15"), as groupedNumber, and below 0.001
   * too ("1e-10", as tiny() writes it).
   * `approximate` is true when that rounding changed the value.
   * @param {number} v finite
   * @param {number} digits significant digits typed (the core's reading says)
   * @returns {{text:string, approximate:boolean}}
   */
  function readAsNumber(v, digits) {
    if (Number.isInteger(v) && Math.abs(v) <= GROUPED_MAX) return { text: exactGrouped.format(v), approximate: false };
    const n = Math.min(15, Math.max(4, Math.round(digits) || 0));
    if (Math.abs(v) > GROUPED_MAX) {
      const rounded = Number(v.toPrecision(n));
      return { text: groupedNumber(rounded), approximate: rounded !== v };
    }
    const rounded = Number(v.toPrecision(n));
    const approximate = Math.abs(rounded - v) > 1e-12 * Math.abs(v);
    // Below 0.001 in exponent form, as a refusal echoes it (tiny): "1e-10", not "0.0000000001".
    if (v !== 0 && Math.abs(v) < 1e-3) return { text: tiny(v, n), approximate };
    if (!bySignificant.has(n)) bySignificant.set(n, new Intl.NumberFormat(intlLocale, { maximumSignificantDigits: n }));
    return { text: bySignificant.get(n).format(v), approximate };
  }

  const compact = new Intl.NumberFormat(intlLocale, { notation: 'compact', maximumSignificantDigits: 3 });
  /** Short axis tick text: "2K", "1.5M" for big values, "1e-7" for tiny ones, else 3 significant digits. */
  function axisNum(v) {
    const a = Math.abs(v);
    if (a >= 1e4) return compact.format(v);
    if (a !== 0 && a < 1e-3) return v.toExponential(0).replace('e-', 'e−');
    return sig(v);
  }

  /** "Fits", "Fits, but tight" or "Does not fit" for the core's verdict name. */
  function verdictText(verdict) {
    if (verdict === 'fits') return t('verdict.fits');
    if (verdict === 'tight') return t('verdict.tight');
    return t('verdict.doesNotFit');
  }

  /** A value as JavaScript writes it (no grouping, every digit) with the locale's decimal mark ("0,05"): a typed setting echoed. */
  const plainText = (v) => localExp(String(v));

  /** Reads the locale's digits back: "31,2" and "1.026" as this locale writes them ("31.2", "1026"). */
  const unformat = (text) => String(text).split(groupMark).join('').replace(decimalMark, '.');

  return Object.freeze({
    locale, decimalMark, groupMark, num1, int, fixed2, sig, adaptive, small, bytesText, gibText, memText, msText,
    perRequestText, totalText, bandwidthText, tflopsText, symbolText, groupedNumber, readAsNumber, axisNum, verdictText, unformat, plainText, tiny,
    article, withUnit, digitsIn, plural, GB, GIB, GROUPED_MAX,
  });
}

/** "a" or "an" before a number as it is read aloud in English ("an 80.0 GB", "an 8-bit", "a 7 GB"). */
export function article(text) {
  // eight, eighty, eight hundred...; eleven and eighteen (also 11,000, 18 million).
  const whole = String(text).trim().split('.')[0].replace(/,/g, '');
  if (/^8/.test(whole)) return 'an';
  if (/^1[18]\d*$/.test(whole) && whole.length % 3 === 2) return 'an';
  return 'a';
}

/**
 * A number and its unit as a sentence writes them: "32,768 tokens per request",
 * "80 GB", "10%", "10% of GPU memory" (a percent sign sits on the number).
 * The one join of a number and a unit for the calculator's notes and messages.
 * @param {string} numberText the number, already formatted
 * @param {string} unit '' for a bare number
 */
export function withUnit(numberText, unit) {
  if (!unit) return numberText;
  return unit.startsWith('%') ? `${numberText}${unit}` : `${numberText} ${unit}`;
}

/** The significant digits of a number's text ("79.993765888" 11, "0.05" 1, "1.5e-7" 2, "32000" 5). */
export function digitsIn(text) {
  const mantissa = String(text).split(/e/i)[0].replace(/[^0-9]/g, '').replace(/^0+/, '');
  return Math.max(1, mantissa.length);
}

/** "1 token" / "8,192 tokens". */
export const plural = (n, one, many) => (n === 1 ? one : many);

const english = numberFormatting(DEFAULT_LOCALE);
export const {
  num1, int, fixed2, sig, adaptive, bytesText, gibText, memText, msText, perRequestText, totalText, bandwidthText,
  groupedNumber, readAsNumber, axisNum, verdictText,
} = english;
