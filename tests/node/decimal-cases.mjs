// Seeded decimal texts for testing the core's decimal reader against
// Number() (tests/node/decimal-reading.test.mjs and the long run,
// tests/fuzz/fuzz_decimal_reader.mjs): random doubles, exact halfway points, random
// digit strings, and the check of one text. SplitMix64 (Steele, Lea and Flood, 2014) over
// BigInt: the same seed gives the same doubles on every machine.

const MASK64 = (1n << 64n) - 1n;

/**
 * A SplitMix64 generator.
 * @param {number|bigint} seed
 * @returns {() => bigint} the next 64-bit value, 0 <= v < 2^64
 */
export function splitMix64(seed) {
  let state = BigInt(seed) & MASK64;
  return () => {
    state = (state + 0x9E3779B97F4A7C15n) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK64;
    return z ^ (z >> 31n);
  };
}

const bitsView = new BigUint64Array(1);
const doubleView = new Float64Array(bitsView.buffer);

/**
 * `count` finite doubles from `seed`. kind 'bits': random bit patterns (every
 * exponent, subnormals and both signs; NaN and infinities skipped), with one
 * in eight of them a subnormal. kind 'span': 10^u for u uniform in [-3, 13]
 * (the sliders' span: fractions to 10 trillion parameters).
 * @param {number|bigint} seed
 * @param {number} count
 * @param {'bits'|'span'} kind
 * @returns {number[]}
 */
export function randomDoubles(seed, count, kind) {
  const next = splitMix64(seed);
  const out = [];
  while (out.length < count) {
    const r = next();
    if (kind === 'span') {
      out.push(10 ** (-3 + (16 * Number(r >> 11n)) / 2 ** 53));
      continue;
    }
    // One in eight: a subnormal (exponent bits zero), else the bits as they come.
    bitsView[0] = (r & 7n) === 0n ? r & 0x800FFFFFFFFFFFFFn : r;
    const x = doubleView[0];
    if (Number.isFinite(x)) out.push(x);
  }
  return out;
}

/**
 * The exact halfway point between finite x >= 0 and the next double up, and
 * the texts a hair above and below it, as decimal texts "digits" + "e" + exp:
 * { tie, above, below }. x = m·2^k, the next double is (m + 1)·2^k, so the
 * halfway point is (2m + 1)·2^(k-1), written exactly with BigInt
 * (N·2^-n = N·5^n·10^-n).
 * @param {number} x finite, >= 0, below the largest double
 * @returns {{tie:string, above:string, below:string}}
 */
export function halfwayTexts(x) {
  doubleView[0] = x;
  const bits = bitsView[0];
  const exponentField = Number((bits >> 52n) & 0x7FFn);
  const fraction = bits & 0xFFFFFFFFFFFFFn;
  const m = exponentField === 0 ? fraction : fraction | (1n << 52n);
  const k = exponentField === 0 ? -1074 : exponentField - 1075;
  const n = 2n * m + 1n;
  const j = k - 1;
  const digits = j >= 0 ? n << BigInt(j) : n * 5n ** BigInt(-j);
  const exp = j >= 0 ? 0 : j;
  return {
    tie: `${digits}e${exp}`,
    above: `${digits * 10n + 1n}e${exp - 1}`,
    below: `${digits * 10n - 1n}e${exp - 1}`,
  };
}

/**
 * A random decimal text in the reader's plain grammar: 1 to 40 digits, maybe
 * a point among them, maybe an exponent of 1 to 3 digits with a sign.
 * @param {() => bigint} next a splitMix64 generator
 * @returns {string}
 */
export function randomDecimalText(next) {
  const pick = (n) => Number(next() % BigInt(n));
  let digits = '';
  const count = 1 + pick(40);
  for (let i = 0; i < count; i += 1) digits += String(pick(10));
  const point = pick(3) === 0 ? -1 : pick(count + 1);
  let text = point < 0 ? digits : `${digits.slice(0, point)}.${digits.slice(point)}`;
  if (text === '.') text = '0';
  if (text.startsWith('.') && text.length === 1) text = '0';
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (pick(4) !== 0) text += `${['e', 'E'][pick(2)]}${['', '+', '-'][pick(3)]}${pick(10 ** (1 + pick(3)))}`;
  return text;
}

/**
 * How `text` (a plain decimal, at most 200 characters) must read, by Number():
 * the same double, or a refusal when Number() gives an infinity or a 0 from
 * nonzero digits. Returns null when parseQuantity and readField both agree,
 * else a line saying what each gave.
 * @param {object} reading the reading facade (web/core/reading-core.js)
 * @param {object} core the budget facade (web/core/budget-core.js)
 * @param {string} text
 * @returns {string|null}
 */
export function misreading(reading, core, text) {
  const expected = Number(text);
  const nonzero = /[1-9]/.test(text.replace(/[eE].*$/, ''));
  const refused = !Number.isFinite(expected) || (expected === 0 && nonzero);
  const q = reading.parseQuantity(text);
  const f = core.readField('gpu_memory_bytes', text, 1);
  const ok = refused
    ? !q.ok && /too (large|small) to check/.test(q.error) && !f.ok && /that number is too (large|small)/.test(f.error)
    : q.ok && Object.is(q.value.value, expected) && f.ok && Object.is(f.value, expected);
  if (ok) return null;
  return `${text}: Number() ${expected}; parseQuantity ${q.ok ? q.value.value : q.error}; readField ${f.ok ? f.value : f.error}`;
}
