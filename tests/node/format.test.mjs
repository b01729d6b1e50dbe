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
