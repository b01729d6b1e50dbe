// Link fragments for `tools/fuzz <seconds> link_reader`
// (tests/fuzz/fuzz_link_reader.mjs): real links as the calculator writes them
// (web/element/link-state.js encodeFragment over random inputs inside the
// core's declared ranges, and the previous release's link), their mutants,
// and random text after "#lab:". Field names and ranges come from the
// core's declaration (core.declaration.inputs), never from a list here.
import { encodeFragment } from '../../web/element/link-state.js';

/** Characters a reader must never show raw: bidi controls and isolates, zero-width ones, BOM, soft hyphen, odd spaces, controls. */
const INVISIBLE = ['\u202E', '\u202D', '\u202A', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C',
  '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u00A0', '\u3000', '\u2028', '\u0000', '\t', '\n', '\u007F',
  '\uFE0F', '\u{E0041}', '\u180E'];

/** Values a field's number may be replaced with: past a double's range, units, groupings, other digits, text. */
const ODD_NUMBERS = ['1e-400', '1e400', '-1e-400', '1e308', '1.7976931348623159e308', '5e-324', '4.9e-324', '32k', '32K', '1M',
  '1.5G', '0', '-0', '+0', '-1', '+32', '0032', '32.', '.5', '1e', 'e3', '1e+3', '1E3', '32,768', '32,76', '4,5', '32_768',
  '32 768', ' 32', '32 ', '0x20', '0b1', 'NaN', 'Infinity', '-Infinity', '', '=', '80 GB', '74.5 GiB', '4 bit', '10%',
  '500 ms', '1.5 TB/s', '\uFF13\uFF12', '\u0663\u0662', '\u0968', '٫5', '1/2', '2*16', '(32)', 'null', 'true', '[]',
  '9'.repeat(400), `0.${'0'.repeat(400)}1`, `1${'0'.repeat(308)}`, '123456789012345678901234567890', '1.00000000000000011102230246251565404236316680908203125',
  '9007199254740993', '0.1e1', '1e-7', '%', '%2', '%ZZ', '%00', '%E2%80%AE', '%C0%AF', '%ED%A0%80', '%F0%9F%98%80'];

/** Names that are no field but look like keys: object builtins, near misses, empty. */
const ODD_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'lab', 'lab:batch', 'Batch',
  'BATCH', 'batch ', ' batch', 'batchs', 'batch_', 'kv-heads', 'kvheads', 'batch[]', 'batch.x', '%62atch'];

/**
 * A random value of field `d` inside its declared range (whole numbers for
 * whole fields; 0 for a field whose 0 has a meaning, now and then), below
 * `cap` when the field has one.
 */
function fieldValue(d, rand, cap) {
  if (d.zero_means !== '' && rand() < 0.15) return 0;
  if (rand() < 0.15) return d.default;
  // The typical span more often than the full range; log-uniform over a wide span.
  const typical = rand() < 0.6 && d.typical_max > 0;
  let lo = typical ? Math.max(d.min, d.typical_min) : d.min;
  let hi = typical ? Math.min(d.max, d.typical_max) : d.max;
  if (cap !== undefined) hi = Math.min(hi, cap);
  if (hi < lo) lo = hi;
  let v = lo > 0 && hi / lo > 100 ? lo * (hi / lo) ** rand() : lo + (hi - lo) * rand();
  if (d.kind === 'whole') v = Math.round(v);
  if (rand() < 0.2) v = Number(v.toPrecision(1 + Math.floor(rand() * 4))); // round numbers, as people type
  v = Math.min(Math.max(v, d.min), d.max);
  if (cap !== undefined) v = Math.min(v, cap);
  if (d.min_exclusive && v <= d.min) v = d.max;
  return v;
}

/**
 * A random complete input inside the declared ranges (a field capped by
 * another, max_from, stays at or below it). The core may still refuse it.
 * @param {object[]} inputs core.declaration.inputs
 * @param {() => number} rand
 * @returns {object}
 */
export function randomInput(inputs, rand) {
  const out = {};
  for (const d of inputs) {
    const cap = d.max_from ? out[d.max_from] : undefined;
    out[d.name] = fieldValue(d, rand, cap);
  }
  return out;
}

/** The fragment as its pairs ("name=value"), split as the link reader splits it. */
const pairsOf = (fragment) => fragment.replace(/^#?lab:/, '').split(/[;&]/).filter((p) => p !== '');

/**
 * A maker of fragments over one core and one starting input.
 * @param {object} core  the budget facade
 * @param {object} base  the starting input the fragments are written against
 * @param {string[]} realLinks  links the calculator wrote ("#lab:...")
 * @returns {(rand: () => number) => string} a fragment as location.hash gives it
 */
export function fragmentMaker(core, base, realLinks) {
  const inputs = core.declaration.inputs;
  const names = inputs.map((d) => d.name);
  const pick = (rand, list) => list[Math.floor(rand() * list.length)];
  const insertAt = (rand, text, piece) => {
    const i = Math.floor(rand() * (text.length + 1));
    return text.slice(0, i) + piece + text.slice(i);
  };
  const writtenLink = (rand) => {
    const fragment = encodeFragment(randomInput(inputs, rand), base, names);
    return fragment ? `#${fragment}` : '#lab:';
  };
  const realLink = (rand) => (rand() < 0.3 ? pick(rand, realLinks) : writtenLink(rand));

  /** One change to a list of pairs. */
  const change = (rand, pairs) => {
    const i = Math.floor(rand() * pairs.length);
    const [name, value = ''] = (pairs[i] ?? `${pick(rand, names)}=1`).split(/=(.*)/s);
    const r = rand();
    if (r < 0.22) pairs[i] = `${name}=${pick(rand, ODD_NUMBERS)}`;
    else if (r < 0.32) pairs[i] = `${name}=${insertAt(rand, value, pick(rand, INVISIBLE))}`;
    else if (r < 0.38) pairs[i] = `${insertAt(rand, name, pick(rand, INVISIBLE))}=${value}`;
    else if (r < 0.46) pairs.splice(Math.floor(rand() * (pairs.length + 1)), 0, `${name}=${pick(rand, [value, pick(rand, ODD_NUMBERS), String(fieldValue(inputs[Math.floor(rand() * inputs.length)], rand))])}`);
    else if (r < 0.52) pairs[i] = `${pick(rand, ODD_NAMES)}=${value}`;
    else if (r < 0.60) pairs[i] = rand() < 0.5 ? encodeURIComponent(pairs[i] ?? '') : `${name}=${encodeURIComponent(value)}`;
    else if (r < 0.66) pairs[i] = `${name}=${value}`.replace(/./su, (ch) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0').slice(-2)}`);
    else if (r < 0.72) pairs[i] = `${name}=${value}${pick(rand, ['=', '==1', '%', '%2', '%E2%80', '%E2%80%AE', ';', '&', ','])}`;
    else if (r < 0.78) pairs[i] = `${name}=${String(Number(value) * pick(rand, [10, 0.1, 1e3, 1e-3, -1, 1024, 2 ** 20, 1 + 2 ** -52]))}`;
    else if (r < 0.84) pairs.splice(i, 1);
    else if (r < 0.9) pairs.push(`${pick(rand, names)}=${String(fieldValue(inputs[Math.floor(rand() * inputs.length)], rand))}`);
    else pairs.push(...pairs.slice(0, 1 + Math.floor(rand() * 3))); // the same pairs again
    return pairs;
  };

  /** Pairs padded to near the reader's length limit (2,000 characters) or past it. */
  const longFragment = (rand, pairs) => {
    const target = pick(rand, [1990, 1999, 2000, 2001, 2002, 2100, 32768]);
    let text = `lab:${pairs.join(';')}`;
    const filler = pick(rand, [';', `;${pairs[0] || 'batch=32'}`, ';x=1', `;batch=${'0'.repeat(50)}1`, '\u200B']);
    while (text.length < target) text += filler;
    return `#${text.slice(0, target)}`;
  };

  return (rand) => {
    const r = rand();
    if (r < 0.1) return realLink(rand);
    if (r < 0.2) {
      // Random text after the prefix.
      const alphabet = ['=', ';', '&', '%', '.', ',', '-', '+', 'e', 'k', ' ', '0', '1', '5', '9', ...INVISIBLE, ...names.slice(0, 6)];
      let text = '';
      const n = Math.floor(rand() * 60);
      for (let k = 0; k < n; k += 1) text += pick(rand, alphabet);
      return `#lab:${text}`;
    }
    let pairs = pairsOf(realLink(rand));
    const changes = 1 + Math.floor(rand() * 4);
    for (let k = 0; k < changes; k += 1) pairs = change(rand, pairs);
    const sep = rand() < 0.1 ? pick(rand, ['&', ';;', '; ', ';&']) : ';';
    if (rand() < 0.05) return longFragment(rand, pairs);
    const prefix = rand() < 0.08 ? pick(rand, ['lab:', '##lab:', '#LAB:', '#lab', '# lab:', '#lab:;', '#lab:&']) : '#lab:';
    return `${prefix}${pairs.join(sep)}`;
  };
}
