// The calculator's wasm module (build/wasm/budget_core_calc.js): the same
// budget and reading answers as the full module, without the answer checker,
// the practice generators, the serving simulation or the config.json importer.
// Run after ./tools/build: node --test tests/node/calc-module.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { buildCore } from '../../web/core/budget-core.js';
import { buildReadingCore } from '../../web/core/reading-core.js';
import '../../web/core/importer-module.js';

const require = createRequire(import.meta.url);
const createFull = require('../../build/wasm/budget_core.js');
const createCalc = require('../../build/wasm/budget_core_calc.js');
const createImporter = require('../../build/wasm/budget_core_importer.js');
const [full, calc, importer] = await Promise.all([createFull(), createCalc(), createImporter()]);

test('the calculator module holds the budget and reading tables and none of the rest', () => {
  // Both modules reach the budget and reading layers through plain exports (no Embind).
  for (const name of ['_llmb_flat_plan', '_llmb_flat_sweep_batch', '_llmb_flat_speculative', '_llmb_flat_read_field',
    '_llmb_reading_parse_quantity', '_llmb_reading_declarations_json']) {
    assert.equal(typeof calc[name], 'function', name);
    assert.equal(typeof full[name], 'function', name);
  }
  // The calculator's has no Embind at all: none of its registered names.
  for (const name of ['speculative', 'parse_quantity', 'read_field_value', 'QuizUnitDimension', 'FieldReading']) {
    assert.equal(typeof calc[name], 'undefined', name);
  }
  for (const name of ['check_numeric_answer', 'check_choice_answer', 'make_variant', 'simulate_traffic', 'highest_load',
    'import_message_declarations_json', 'simulation_message_declarations_json', 'answer_declarations_json']) {
    assert.equal(typeof calc[name], 'undefined', name);
    assert.equal(typeof full[name], 'function', name);
  }
});

test('the importer is in its own module: neither page module holds it, and it holds nothing but the importer', () => {
  for (const name of ['hf_import_json', 'hf_config_max_bytes']) {
    assert.equal(typeof calc[name], 'undefined', name);
    assert.equal(typeof full[name], 'undefined', name);
    assert.equal(typeof importer[name], 'function', name);
  }
  // The core's limit, 1 MiB (src/budget/hf_config.h kHfConfigMaxBytes).
  assert.equal(importer.hf_config_max_bytes(), 1024 * 1024);
  for (const name of ['_llmb_flat_plan', 'field_declarations_json', 'parse_quantity', 'import_message_declarations_json']) {
    assert.equal(typeof importer[name], 'undefined', name);
  }
});

test('plan() over the calculator module gives the full module\'s answer, field by field', () => {
  const a = buildCore(calc);
  const b = buildCore(full);
  // The same fields, results and budget refusals; the full module adds the kinds only its
  // importer writes (its refusals, the JSON reader's reasons, the notes) and the simulation's
  // refusals, after the budget's.
  const { messages: calcMessages, ...calcRest } = a.declaration;
  const { messages: fullMessages, ...fullRest } = b.declaration;
  assert.deepEqual(calcRest, fullRest);
  const fullOnlyCodes = new Set([...JSON.parse(full.import_message_declarations_json()),
    ...JSON.parse(full.simulation_message_declarations_json())].map((m) => m.code));
  const importerOnly = (m) => fullOnlyCodes.has(m.code);
  assert.deepEqual(calcMessages, fullMessages.filter((m) => !importerOnly(m)));
  assert.equal(calcMessages.some(importerOnly), false);
  assert.ok(fullMessages.some((m) => m.code === 'note_default_used'), 'the full module lists the notes');
  assert.ok(fullMessages.some((m) => m.code === 'json_error_empty'), 'and the JSON reader\'s reasons');
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

test('importHfConfig over the calculator module names config.json and says the full engine reads it; over the full one it reads', async () => {
  // A Llama-shaped config: 32 layers of 4096, 32 heads (8 KV), 14336 MLP, 128256 vocabulary (Llama 3.1 8B's config.json).
  const config = JSON.stringify({
    model_type: 'llama', hidden_size: 4096, num_hidden_layers: 32, num_attention_heads: 32, num_key_value_heads: 8,
    intermediate_size: 14336, vocab_size: 128256, max_position_embeddings: 131072, tie_word_embeddings: false,
  });
  const refused = await buildCore(calc).importHfConfig(config);
  assert.equal(refused.ok, false);
  assert.equal(refused.error.field, 'config.json');
  assert.match(refused.error.message, /needs the full engine \(llm-budget-lab-core\.js\)/);
  assert.deepEqual(refused.inputs, {});
  const read = await buildCore(full).importHfConfig(config);
  assert.equal(read.ok, true, JSON.stringify(read.error));
  assert.equal(read.inputs.layers, 32);
  assert.equal(read.inputs.kv_heads, 8);
});
