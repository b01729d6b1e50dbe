// The core's decimal reader (src/text/decimal_scan.h) through the wasm
// facades, held against JavaScript's own reader, Number(): every text a
// number's toString() or toPrecision(17) writes must read back to the same
// double, bit for bit (Object.is), through parseQuantity and readField alike.
// Also the reader's one range rule (a nonzero number that would read as 0 is
// refused) and the facades' clip of long text before it enters wasm.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadReadingCore } from '../../web/core/reading-core.js';
import { loadWasmModule } from '../../web/core/wasm-module.js';
import { clipForCore } from '../../web/core/text-clip.js';
import { calculatorFields, fromSlider, sliderAttrs } from '../../web/element/fields.js';
import { halfwayTexts, misreading, randomDecimalText, randomDoubles, splitMix64 } from './decimal-cases.mjs';

const reading = await loadReadingCore();
const core = await loadBudgetCore();
const module = await loadWasmModule();

/** The texts JavaScript writes for `x`: toString() (shortest) and 17 significant digits. */
const textsOf = (x) => [String(x), x.toPrecision(17)];

/** The texts among `texts` that parseQuantity or readField misreads (misreading()), the first `keep` of them. */
function misreadings(texts, keep = 5) {
  const wrong = [];
  let count = 0;
  for (const text of texts) {
    const line = misreading(reading, core, text);
    if (line === null) continue;
    count += 1;
    if (wrong.length < keep) wrong.push(line);
  }
  return { count, wrong };
}

test('random doubles over every exponent read back exactly, written short and with 17 digits', () => {
  // 10,000 doubles from random bit patterns (every exponent, subnormals included), both signs.
  const { count, wrong } = misreadings(randomDoubles(20261202, 10000, 'bits').flatMap(textsOf));
  assert.equal(count, 0, `misread:\n${wrong.join('\n')}`);
});

test('random doubles in the sliders\' span (1e-3 to 1e13) read back exactly', () => {
  // The earlier reader misread about 4 % of the slider positions' 17-digit texts.
  const { count, wrong } = misreadings(randomDoubles(7, 10000, 'span').flatMap(textsOf));
  assert.equal(count, 0, `misread:\n${wrong.join('\n')}`);
});

test('every slider position of the calculator commits a value whose link text reads back to it', () => {
  // A slider commits fromSlider(position) x the field's display factor; the link writes it
  // with String() and reads it back through readField (web/element/link-state.js). With the
  // earlier reader 965 of these 23,279 values came back as another double, so links rewrote themselves.
  const { FIELDS } = calculatorFields(core);
  const wrong = [];
  let positions = 0;
  for (const [name, def] of Object.entries(FIELDS)) {
    const { min, max, step } = sliderAttrs(def);
    const stride = step === 'any' ? (max - min) / 1000 : Number(step);
    for (let p = Number(min); p <= Number(max) + 1e-9; p += stride) {
      const raw = fromSlider(def, p) * def.factor;
      positions += 1;
      const read = core.readField(name, String(raw), 1);
      if (!read.ok || !Object.is(read.value, raw)) wrong.push(`${name} ${String(raw)}: ${read.ok ? read.value : read.error}`);
    }
  }
  assert.ok(positions > 20000, `${positions} positions`);
  assert.deepEqual(wrong.slice(0, 5), []);
});

test('exact halfway points between doubles go to the even one, a hair off them to the nearer', () => {
  // Only halfway points that fit the reader's 200 bytes (about 1e-60 to 1e120 here).
  const texts = [];
  for (const x of randomDoubles(11, 4000, 'bits')) {
    const a = Math.abs(x);
    if (a === 0 || a >= Number.MAX_VALUE) continue;
    const { tie, above, below } = halfwayTexts(a);
    if (above.length <= 200) texts.push(tie, above, below);
  }
  assert.ok(texts.length > 1000, `${texts.length} texts`);
  const { count, wrong } = misreadings(texts);
  assert.equal(count, 0, `misread:\n${wrong.join('\n')}`);
});

test('random digit strings, with and without a point and an exponent, read as Number() reads them', () => {
  const next = splitMix64(5);
  const { count, wrong } = misreadings(Array.from({ length: 5000 }, () => randomDecimalText(next)));
  assert.equal(count, 0, `misread:\n${wrong.join('\n')}`);
});

test('hard cases read as Number() reads them: halfway points, subnormals, the edges of the range', () => {
  const cases = [
    '0.20626361210297742', '106467.87607215303', '0.42744024143455012', '0.30000000000000004',
    '9007199254740993', // 2^53 + 1, halfway: to 2^53
    '9007199254740995', // 2^53 + 3, halfway: to 2^53 + 4 (even)
    '1.00000000000000011102230246251565404236316680908203125', // 1 + 2^-53 exactly: to 1
    '1.00000000000000011102230246251565404236316680908203126', // a hair above: to 1 + 2^-52
    '2.2250738585072011e-308', '2.2250738585072012e-308', // largest subnormal, smallest normal
    '5e-324', '4.9406564584124654e-324', '2.4703282292062328e-324', '1e-310', '1.5e-323',
    '1.7976931348623157e308', '1.7976931348623158e+308', '8.98846567431158e307',
    '123456789012345678901234567890e-40', '0.000000000000000000000000000000000000001',
    '7.038531e-26', '1e22', '1e23', '-0.1', '-5e-324',
  ];
  for (const text of cases) {
    const q = reading.parseQuantity(text);
    assert.ok(q.ok, `${text}: ${q.error}`);
    assert.ok(Object.is(q.value.value, Number(text)), `${text}: parseQuantity gave ${q.value.value}, Number() ${Number(text)}`);
    const f = core.readField('gpu_memory_bytes', text, 1);
    assert.ok(f.ok && Object.is(f.value, Number(text)), `${text}: readField gave ${f.value ?? f.error}`);
  }
});

test('a nonzero number that would read as 0 is refused, naming the reason; a zero is a zero', () => {
  // Number('1e-400') is 0; the core refuses instead of taking a value nobody typed.
  for (const text of ['1e-400', '2.4703282292062327e-324', '-1e-999']) {
    const q = reading.parseQuantity(text);
    assert.equal(q.ok, false, text);
    assert.match(q.error, /^That number is too small to check: it would read as 0/);
    assert.deepEqual(core.readField('allreduce_latency_s', text, 1),
      { ok: false, field: 'allreduce_latency_s', error: 'All-reduce latency: that number is too small: it would read as 0.',
        code: 'number_too_small', params: { label: 'All-reduce latency' } });
  }
  // In base units too: 1e-320 ns is 1e-329 s, and 5e-324 µs shown in µs is 5e-330 s.
  assert.match(reading.parseQuantity('1e-320 ns').error, /too small/);
  assert.match(core.readField('allreduce_latency_s', '5e-324', 1e-6).error, /too small/);
  assert.equal(core.readField('allreduce_latency_s', '0e-400', 1).value, 0);
  assert.equal(reading.parseQuantity('0.000e-999').value.value, 0);
  // Too large is still too large.
  assert.match(core.readField('gpu_memory_bytes', '1e309', 1).error, /^GPU memory: that number is too large\.$/);
});

test('clipForCore leaves text the core reads alone and keeps longer text over the limit', () => {
  assert.equal(reading.MAX_TEXT_BYTES, 200);
  assert.equal(core.declaration.max_text_bytes, 200); // the same constant, kMaxAnswerBytes
  assert.equal(clipForCore('80 GB', 200), '80 GB');
  const at = '1'.repeat(201);
  assert.equal(clipForCore(at, 200), at); // one unit past the limit: still refused by the core itself
  assert.equal(clipForCore('1'.repeat(5000), 200).length, 201);
  // 150 µ are 150 UTF-16 units but 300 UTF-8 bytes: not clipped, and the core says too long.
  assert.equal(clipForCore('µ'.repeat(150), 200).length, 150);
  assert.match(core.readField('allreduce_latency_s', `1${'µ'.repeat(150)}`, 1).error, /too long/);
  // A clip through a surrogate pair leaves a lone half; the length check comes first.
  assert.match(core.readField('batch', '😀'.repeat(5000), 1).error, /^Batch: that is too long to be a number \(more than 200 bytes\)\.$/);
});

test('ten million pasted characters are refused by name and limit without growing wasm memory', () => {
  const huge = `8${'0'.repeat(1e7)}`;
  const before = module.HEAPU8.buffer.byteLength;
  assert.deepEqual(core.readField('gpu_memory_bytes', huge, 1e9), {
    ok: false, field: 'gpu_memory_bytes', error: 'GPU memory: that is too long to be a number (more than 200 bytes).',
    code: 'text_too_long', params: { label: 'GPU memory', limit: 200 },
  });
  assert.match(core.readField(huge, '80', 1).error, /is not an input field/); // a long name is clipped too
  const q = reading.parseQuantity(huge);
  assert.equal(q.ok, false);
  assert.match(q.error, /^The answer is longer than 200 characters/);
  // The heap grows only when a copy does not fit; a 10 MB copy would have grown it.
  assert.equal(module.HEAPU8.buffer.byteLength, before);
  // A good value right after is read as before: nothing was lost.
  const after = core.readField('gpu_memory_bytes', '80', 1e9);
  assert.deepEqual({ ok: after.ok, value: after.value }, { ok: true, value: 80e9 });
});

test('a number in the page\'s percent, ms, µs or billions reads as Number() of the decimal it denotes', () => {
  // readField(name, text, display factor) as the calculator calls it (fields.js's factors):
  // "0.7" in % is the decimal 0.7e-2, whose double is 0.007 (0.7 × 0.01 is 0.006999999999999999).
  const units = [
    ['headroom_fraction', '', 0.01, -2], ['headroom_fraction', '%', 1, -2],
    ['allreduce_latency_s', '', 1e-6, -6], ['allreduce_latency_s', ' µs', 1, -6],
    ['ttft_target_s', '', 1e-3, -3], ['ttft_target_s', ' ms', 1, -3],
    ['total_params', '', 1e9, 9], ['gpu_memory_bytes', ' GB', 1, 9], ['flops_per_s', ' TFLOP/s', 1e12, 12],
  ];
  const misses = [];
  for (const [name, unit, factor, exp10] of units) {
    for (let a = 1; a <= 999; a += 1) {
      for (let point = 0; point <= 3; point += 1) {
        const digits = String(a).padStart(point + 1, '0');
        const typed = point === 0 ? digits : `${digits.slice(0, -point)}.${digits.slice(-point)}`;
        const expected = Number(`${a}e${exp10 - point}`);
        const f = core.readField(name, typed + unit, factor);
        if (!(f.ok && Object.is(f.value, expected))) misses.push(`${name} ${typed}${unit}: ${f.value ?? f.error}, not ${expected}`);
      }
    }
  }
  assert.deepEqual(misses.slice(0, 5), []);
  assert.equal(core.readField('headroom_fraction', '0.7', 0.01).value, 0.007);
  assert.equal(core.readField('allreduce_latency_s', '0.1', 1e-6).value, 1e-7);
  assert.equal(core.readField('ttft_target_s', '0.03', 1e-3).value, 3e-5);
});
