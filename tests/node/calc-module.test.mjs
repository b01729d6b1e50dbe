// The calculator's wasm module (build/wasm/budget_core_calc.js): the same
// budget and reading answers as the full module, without the answer checker,
// the practice generators or the serving simulation.
// Run after ./tools/build: node --test tests/node/calc-module.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { buildCore } from '../../web/core/budget-core.js';
import { buildReadingCore } from '../../web/core/reading-core.js';

const require = createRequire(import.meta.url);
const createFull = require('../../build/wasm/budget_core.js');
const createCalc = require('../../build/wasm/budget_core_calc.js');
const [full, calc] = await Promise.all([createFull(), createCalc()]);

test('the calculator module holds the budget and reading tables and none of the rest', () => {
  for (const name of ['_llmb_flat_plan', '_llmb_flat_sweep_batch', 'hf_import_json', 'speculative', 'parse_quantity', 'answer_declarations_json']) {
    assert.equal(typeof calc[name], 'function', name);
  }
  for (const name of ['check_numeric_answer', 'check_choice_answer', 'make_variant', 'simulate_traffic', 'highest_load']) {
    assert.equal(typeof calc[name], 'undefined', name);
    assert.equal(typeof full[name], 'function', name);
  }
});

test('plan() over the calculator module gives the full module\'s answer, field by field', () => {
  const a = buildCore(calc);
  const b = buildCore(full);
  assert.deepEqual(a.declaration, b.declaration);
  const pa = a.plan(a.DEFAULT_INPUT);
  const pb = b.plan(b.DEFAULT_INPUT);
  assert.equal(pa.ok, true);
  assert.deepEqual(pa, pb);
  // The declared defaults are the lesson's first row (7B, MHA, 16-bit, batch 16, 8,192 tokens):
  // 14e9 B of weights + 68,719,476,736 B of KV cache = 82,719,476,736 B (tests/data/seed-values.json).
  assert.equal(pa.value.total_bytes, 82719476736);
  // A bad input is refused the same way, naming the field.
  assert.deepEqual(a.plan({ ...a.DEFAULT_INPUT, batch: 0 }), b.plan({ ...b.DEFAULT_INPUT, batch: 0 }));
});

test('typed quantities read the same in both modules', () => {
  const a = buildReadingCore(calc);
  const b = buildReadingCore(full);
  for (const text of ['80 GB', '49.36 GiB', '1,5 TB', 'twelve']) assert.deepEqual(a.parseQuantity(text), b.parseQuantity(text), text);
  const gb = a.parseQuantity('80 GB');
  assert.equal(gb.ok, true);
  assert.equal(gb.value.value * gb.value.unit_factor, 80e9);
  assert.equal(a.parseQuantity('twelve').ok, false);
});
