// Display formatting of the web layer (web/element/format.js) for tiny and
// huge values: short text that says what the number is, never a row of zeros.
import test from 'node:test';
import assert from 'node:assert/strict';
import { bytesText } from '../../web/element/format.js';

test('bytes below one byte stay short: three significant digits, exponent form below 0.001', () => {
  assert.equal(bytesText(0.5), '0.5 bytes');
  assert.equal(bytesText(0.001), '0.001 bytes');
  // The smallest double, 2^-1074 = 4.94...e-324: before, "0.000…0005 bytes" with 323 zeros.
  assert.equal(bytesText(5e-324), '4.94e-324 bytes');
  assert.equal(bytesText(2.2e-16), '2.20e-16 bytes');
  assert.equal(bytesText(-1.5e-7), '-1.50e-7 bytes');
  // The usual sizes are unchanged.
  assert.equal(bytesText(1), '1 byte');
  assert.equal(bytesText(512), '0.51 kB'); // within 0.5 %, as format.js's adaptive() rounds
  assert.equal(bytesText(80e9), '80.0 GB');
});

test('"Read as" numbers: grouped up to 1e15, exponent form above (no hundreds of digits)', async () => {
  const { readAsNumber, groupedNumber } = await import('../../web/element/format.js');
  // Typed 1e308 requests: before, 309 grouped digits.
  assert.deepEqual(readAsNumber(1e308, 1), { text: '1e308', approximate: false });
  // 9e15 heads: before, "9,000,000,000,000,000".
  assert.deepEqual(readAsNumber(9e15, 1), { text: '9e15', approximate: false });
  assert.deepEqual(readAsNumber(1.23456789e20, 9), { text: '1.23456789e20', approximate: false });
  assert.deepEqual(readAsNumber(1.23456789e20, 3), { text: '1.235e20', approximate: true }); // at least 4 digits
  // Up to 1e15 the grouped digits stay, in full for whole numbers.
  assert.deepEqual(readAsNumber(1e15, 1), { text: '1,000,000,000,000,000', approximate: false });
  assert.deepEqual(readAsNumber(32768, 2), { text: '32,768', approximate: false });
  assert.deepEqual(readAsNumber(79.993765888, 3), { text: '79.99', approximate: true });
  assert.equal(groupedNumber(4.5), '4.5');
  assert.equal(groupedNumber(1e15), '1,000,000,000,000,000');
  assert.equal(groupedNumber(2.5e16), '2.5e16');
  assert.equal(groupedNumber(-1e300), '-1e300');
});
