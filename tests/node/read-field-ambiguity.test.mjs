// The budget facade's readField() says when a typed number had two readings
// (the core's field reader, src/budget/field_reader.h: `ambiguous`,
// `ambiguous_mark`, `grouping_taken`), in both wasm modules: the full one and
// the calculator's (web/core/wasm-variants.js). The calculator's and the
// decision procedure's "Read as" notes rest on this answer.
// Run after ./tools/build --page: node --test tests/node/read-field-ambiguity.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { buildCore } from '../../web/core/budget-core.js';

const require = createRequire(import.meta.url);
const createFull = require('../../build/wasm/budget_core.js');
const createCalc = require('../../build/wasm/budget_core_calc.js');
const cores = Object.entries({ full: buildCore(await createFull()), calc: buildCore(await createCalc()) });

const GERMAN = { decimalComma: true, groupsWithPoint: true };
const TBPS = 1e12; // the calculator shows memory bandwidth in TB/s

/** The reading's answer about two readings, with its value. */
const twoReadings = (r) => ({ ok: r.ok, value: r.value, ambiguous: r.ambiguous, ambiguous_mark: r.ambiguous_mark,
  grouping_taken: r.grouping_taken });

for (const [variant, core] of cores) {
  test(`${variant} module: "2,039" TB/s has two readings; German takes the decimal one, English the thousands one`, () => {
    assert.deepEqual(twoReadings(core.readField('bandwidth_bytes_per_s', '2,039', TBPS, GERMAN)),
      { ok: true, value: 2.039e12, ambiguous: true, ambiguous_mark: ',', grouping_taken: false });
    assert.deepEqual(twoReadings(core.readField('bandwidth_bytes_per_s', '2,039', TBPS)),
      { ok: true, value: 2.039e15, ambiguous: true, ambiguous_mark: ',', grouping_taken: true });
    // 1.026 requests is not whole: the batch takes the thousands reading, 1026, on the German page too.
    assert.deepEqual(twoReadings(core.readField('batch', '1,026', 1, GERMAN)),
      { ok: true, value: 1026, ambiguous: true, ambiguous_mark: ',', grouping_taken: true });
  });

  test(`${variant} module: "1.024" is a decimal point everywhere, ambiguous only where "." groups digits`, () => {
    assert.deepEqual(twoReadings(core.readField('price_per_gpu_hour', '1.024', 1, GERMAN)),
      { ok: true, value: 1.024, ambiguous: true, ambiguous_mark: '.', grouping_taken: false });
    assert.deepEqual(twoReadings(core.readField('price_per_gpu_hour', '1.024', 1)),
      { ok: true, value: 1.024, ambiguous: false, ambiguous_mark: '', grouping_taken: false });
    // A decimal comma alone does not make the point ambiguous: only the grouping option does.
    assert.equal(core.readField('price_per_gpu_hour', '1.024', 1, { decimalComma: true }).ambiguous, false);
  });

  test(`${variant} module: text with one reading is not ambiguous`, () => {
    for (const [text, value] of [['0,5', 0.5], ['0,500', 0.5], ['0.024', 0.024], ['1.234,5', 1234.5], ['1234.567', 1234.567],
      ['53', 53], ['1.234.567', 1234567]]) {
      for (const options of [GERMAN, {}]) {
        assert.deepEqual(twoReadings(core.readField('price_per_gpu_hour', text, 1, options)),
          { ok: true, value, ambiguous: false, ambiguous_mark: '', grouping_taken: false }, `${text} ${JSON.stringify(options)}`);
      }
    }
  });
}

for (const [variant, core] of cores) {
  test(`${variant} module: a German "1.024" in a whole field is 1024; a bandwidth "80 GiB" without /s is refused`, () => {
    // 1.024 requests is not whole, so where "." groups digits the grouping reading is taken.
    assert.deepEqual(twoReadings(core.readField('batch', '1.024', 1, GERMAN)),
      { ok: true, value: 1024, ambiguous: true, ambiguous_mark: '.', grouping_taken: true });
    // On the English page "1.024" stays a decimal point, and the batch cannot use it.
    assert.equal(core.readField('batch', '1.024', 1).value, 1.024);
    // A size is not a rate: 80 GiB would have been 80 * 2^30 B/s = 0.0859 TB/s without a word.
    const size = core.readField('bandwidth_bytes_per_s', '80 GiB', TBPS);
    assert.equal(size.ok, false);
    assert.equal(size.code, 'wrong_unit');
    assert.equal(size.field, 'bandwidth_bytes_per_s');
    assert.match(size.error, /GiB/);
    assert.equal(core.readField('bandwidth_bytes_per_s', '80 GiB/s', TBPS).value, 80 * 2 ** 30);
  });
}
