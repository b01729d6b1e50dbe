// Mutants of a questions file, shared by the short seeded run in
// tests/node/questions-fuzz.test.mjs and the long one of
// `tools/fuzz <seconds> questions_validator` (tests/fuzz/fuzz_questions_validator.mjs):
// a seeded generator and mutate(), which changes a parsed file in place a few
// times (wrong types, edge numbers, hostile text, subtrees moved about, keys
// deleted or added, numbers scaled, strings cut).

/**
 * mulberry32: a small seeded generator with a 32-bit state.
 * @param {number} seed  any number (its low 32 bits are used)
 * @returns {() => number} uniform numbers in [0, 1)
 */
export function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values a mutation may put anywhere: wrong types, edge numbers, hostile text. */
export const ODD_VALUES = Object.freeze([null, true, false, 0, -1, 1e308, -1e-308, NaN, Infinity, 2 ** 53 + 1, '', ' ', 'GB',
  'number', 'expression', 'kv', 'variant', 'plan', 'x'.repeat(3000), 'a\u200Bb', '\u202Eevil', '{missing}',
  '__proto__', 'constructor', [], [[]], {}, { calc: 'kv', field: 'cache_bytes' }, { calc: 'variant', field: 'fits' },
  { relative: 2, absolute: -1 }, '\uD800', 'tok/s', '2 × 6.5 GB']);

/** Every [parent, key] pair in `doc` (objects and arrays), depth first. */
function slots(doc) {
  const out = [];
  const walk = (node) => {
    if (node === null || typeof node !== 'object') return;
    for (const key of Object.keys(node)) {
      out.push([node, key]);
      walk(node[key]);
    }
  };
  walk(doc);
  return out;
}

/**
 * Changes `doc` in place 1 to 4 times and returns it (or a new value when it
 * has no slot left to change).
 * @param {object} doc  a parsed questions file (or an earlier mutant)
 * @param {() => number} rand  generator() output
 * @param {readonly unknown[]} [values]  what a slot may be set to (ODD_VALUES by default)
 * @returns {unknown} the mutant
 */
export function mutate(doc, rand, values = ODD_VALUES) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const n = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < n; i += 1) {
    const all = slots(doc);
    if (all.length === 0) return { ...pick(values) };
    const [parent, key] = pick(all);
    const r = rand();
    if (r < 0.35) parent[key] = structuredClone(pick(values));
    else if (r < 0.55) delete parent[key];
    else if (r < 0.7) parent[key] = structuredClone(pick(all)[0]); // a subtree from elsewhere
    else if (r < 0.8 && Array.isArray(parent)) parent.push(structuredClone(parent[key]));
    else if (r < 0.9) parent[`${key}_${Math.floor(rand() * 10)}`] = structuredClone(pick(values));
    else if (typeof parent[key] === 'number') parent[key] *= pick([-1, 0, 1e300, 1e-300, 0.5]);
    else if (typeof parent[key] === 'string') parent[key] = parent[key].slice(0, Math.floor(rand() * 8)) + pick(['\u200B', '{x}', '', '\u0000']);
  }
  return doc;
}
