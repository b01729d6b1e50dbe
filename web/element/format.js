// Display formatting only: rounding and unit scaling of numbers the core
// computed. No budget formula lives here.

const nf = (min, max) => new Intl.NumberFormat('en-US', {
  minimumFractionDigits: min, maximumFractionDigits: max,
});
const f0 = nf(0, 0);
const f1 = nf(1, 1);
const f2 = nf(2, 2);
const sig3 = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

export const GB = 1e9;
export const GIB = 2 ** 30;

/** Rounds for display: 1 decimal below 1000, whole numbers with grouping above. */
export function num1(v) {
  return Math.abs(v) >= 1000 ? f0.format(v) : f1.format(v);
}
export const int = (v) => f0.format(v);
export const fixed2 = (v) => f2.format(v);
export const sig = (v) => sig3.format(v);

const fixedFormats = new Map();
/**
 * One decimal where that is within 0.5% of the value ("31.2", "1.0"), else
 * as many decimals as that takes (up to 4: an exact halving of 1.07 reads
 * 0.535, not 0.5), else three significant digits in exponent form; whole
 * numbers with grouping from 1,000 up. Nothing non-zero reads as 0.0.
 */
export function adaptive(v) {
  const a = Math.abs(v);
  if (a >= 1000 || a === 0) return num1(v);
  for (let d = 1; d <= 4; d += 1) {
    if (Math.abs(Number(v.toFixed(d)) - v) <= 0.005 * a) {
      if (!fixedFormats.has(d)) fixedFormats.set(d, nf(d, d));
      return fixedFormats.get(d).format(v);
    }
  }
  return v.toExponential(2);
}

/**
 * Bytes in decimal GB (the lesson's unit); small values fall back to MB/kB, then whole bytes spelled
 * out; below 1 byte three significant digits, in exponent form below 0.001 ("5e-324" is
 * "4.94e-324 bytes", not 323 zeros).
 */
export function bytesText(b) {
  const a = Math.abs(b);
  if (a === 0) return '0 GB';
  if (a >= 0.1 * GB) return `${adaptive(b / GB)} GB`;
  if (a >= 1e6) return `${adaptive(b / 1e6)} MB`;
  if (a >= 100) return `${adaptive(b / 1e3)} kB`;
  if (a >= 1) return `${Number.isInteger(b) ? int(b) : adaptive(b)} ${b === 1 ? 'byte' : 'bytes'}`;
  return `${small(b)} bytes`;
}

/** GiB equivalent, e.g. "77.0 GiB". */
export function gibText(b) {
  return `${num1(b / GIB)} GiB`;
}

/** "82.7 GB" or, with showGiB, "82.7 GB (77.0 GiB)". */
export function memText(b, showGiB) {
  return showGiB && Math.abs(b) >= 0.1 * GB ? `${bytesText(b)} (${gibText(b)})` : bytesText(b);
}

/** Seconds as milliseconds with one decimal where that is exact enough: "31.2 ms", "0.0031 ms". */
export function msText(s) {
  return s >= 1 ? `${adaptive(s)} s` : `${adaptive(s * 1000)} ms`;
}

/** Three significant digits; below 0.001 in exponent form ("1.43e-11"). */
function small(v) {
  return Math.abs(v) < 1e-3 ? v.toExponential(2) : sig(v);
}
/** Per-request decode speed: one decimal, "32.1"; below 10, three significant digits ("0.00123"). */
export const perRequestText = (v) => (Math.abs(v) >= 10 || v === 0 ? num1(v) : small(v));
/** Total decode speed: whole tokens/s with grouping, "1,026"; below 10, three significant digits. */
export const totalText = (v) => (Math.abs(v) >= 10 || v === 0 ? int(v) : small(v));

/** Bandwidth: TB/s with one decimal from 1 TB/s up, else GB/s to 3 significant digits ("240 GB/s"). */
export function bandwidthText(bytesPerS) {
  return bytesPerS >= 1e12 ? `${num1(bytesPerS / 1e12)} TB/s` : `${sig(bytesPerS / 1e9)} GB/s`;
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

/** Above this a number is written in exponent form: 1e15 is the largest grouped ("1,000,000,000,000,000"). */
export const GROUPED_MAX = 1e15;

/**
 * A number as the page writes it in a sentence: grouped digits up to
 * GROUPED_MAX ("32,768", "4.5"), exponent form above it ("9e15", "1.5e308"),
 * so no note prints hundreds of digits.
 * @param {number} v finite
 * @param {number} [maxFractionDigits] decimals kept in the grouped form (default 6)
 */
export function groupedNumber(v, maxFractionDigits = 6) {
  if (Math.abs(v) > GROUPED_MAX) return v.toExponential().replace('e+', 'e');
  return v.toLocaleString('en-US', { maximumFractionDigits: maxFractionDigits });
}

const exactGrouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
const bySignificant = new Map();
/**
 * A value for a "Read as" note, grouped ("32,768"), to the precision typed:
 * at most `digits` significant digits (at least 4, so a conversion such as
 * 74.5 GiB = 79.99 GB keeps its scale), and whole numbers up to 1e15 in full;
 * above GROUPED_MAX in exponent form ("1e308", "9e15"), as groupedNumber.
 * `approximate` is true when that rounding changed the value.
 * @param {number} v finite
 * @param {number} digits significant digits typed (the core's reading says)
 * @returns {{text:string, approximate:boolean}}
 */
export function readAsNumber(v, digits) {
  if (Number.isInteger(v) && Math.abs(v) <= GROUPED_MAX) return { text: exactGrouped.format(v), approximate: false };
  const n = Math.min(15, Math.max(4, Math.round(digits) || 0));
  if (Math.abs(v) > GROUPED_MAX) {
    const rounded = Number(v.toPrecision(n));
    return { text: groupedNumber(rounded), approximate: rounded !== v };
  }
  if (!bySignificant.has(n)) bySignificant.set(n, new Intl.NumberFormat('en-US', { maximumSignificantDigits: n }));
  const rounded = Number(v.toPrecision(n));
  return { text: bySignificant.get(n).format(v), approximate: Math.abs(rounded - v) > 1e-12 * Math.abs(v) };
}

/** The significant digits of a number's text ("79.993765888" 11, "0.05" 1, "1.5e-7" 2, "32000" 5). */
export function digitsIn(text) {
  const mantissa = String(text).split(/e/i)[0].replace(/[^0-9]/g, '').replace(/^0+/, '');
  return Math.max(1, mantissa.length);
}

/** "1 token" / "8,192 tokens". */
export const plural = (n, one, many) => (n === 1 ? one : many);

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });
/** Short axis tick text: "2K", "1.5M" for big values, "1e-7" for tiny ones, else 3 significant digits. */
export function axisNum(v) {
  const a = Math.abs(v);
  if (a >= 1e4) return compact.format(v);
  if (a !== 0 && a < 1e-3) return v.toExponential(0).replace('e-', 'e−');
  return sig(v);
}

export function verdictText(verdict) {
  if (verdict === 'fits') return 'Fits';
  if (verdict === 'tight') return 'Fits, but tight';
  return 'Does not fit';
}
