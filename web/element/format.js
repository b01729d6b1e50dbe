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

/** Bytes in decimal GB (the lesson's unit); small values fall back to MB/kB. */
export function bytesText(b) {
  const a = Math.abs(b);
  if (a === 0) return '0 GB';
  if (a >= 0.1 * GB) return `${num1(b / GB)} GB`;
  if (a >= 1e6) return `${num1(b / 1e6)} MB`;
  if (a >= 100) return `${num1(b / 1e3)} kB`;
  return `${int(b)} B`;
}

/** GiB equivalent, e.g. "77.0 GiB". */
export function gibText(b) {
  return `${num1(b / GIB)} GiB`;
}

/** "82.7 GB" or, with showGiB, "82.7 GB (77.0 GiB)". */
export function memText(b, showGiB) {
  return showGiB && Math.abs(b) >= 0.1 * GB ? `${bytesText(b)} (${gibText(b)})` : bytesText(b);
}

/** Seconds as milliseconds with one decimal: "31.2 ms". */
export function msText(s) {
  return s >= 1 ? `${num1(s)} s` : `${num1(s * 1000)} ms`;
}

/** Per-request decode speed: one decimal, "32.1". */
export const perRequestText = (v) => num1(v);
/** Total decode speed: whole tokens/s with grouping, "1,026". */
export const totalText = (v) => int(v);

/** Short axis label for bytes (GB scale). */
export function axisGB(b) {
  const v = b / GB;
  return v >= 1 ? sig(v) : sig(v);
}

export function verdictText(verdict) {
  if (verdict === 'fits') return 'Fits';
  if (verdict === 'tight') return 'Fits, but tight';
  return 'Does not fit';
}
