// The core's refusal kinds in three tables (src/budget/input_messages.h): the budget's, which
// every module lists and writes, and the config.json importer's and the serving simulation's,
// which only the full module carries. The calculator's module holds none of the latter's
// patterns; the full module declares every kind once; refusals of each table carry their code.
// Run after ./tools/build: node --test tests/node/message-tables.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCore } from '../../web/core/budget-core.js';
import '../../web/core/importer-module.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const [full, calc] = await Promise.all([require('../../build/wasm/budget_core.js')(), require('../../build/wasm/budget_core_calc.js')()]);
const fullCore = buildCore(full);
const calcCore = buildCore(calc);
const importKinds = JSON.parse(full.import_message_declarations_json()).filter((m) => /^(config|json)_/.test(m.code) && !m.code.startsWith('json_error_'));
const simulationKinds = JSON.parse(full.simulation_message_declarations_json());

test('the full module declares every kind once; the calculator\'s only the budget\'s', () => {
  const codes = fullCore.declaration.messages.map((m) => m.code);
  assert.equal(new Set(codes).size, codes.length, 'each code once');
  // The importer's 21 refusals and 6 JSON kinds; the simulation's 10 refusals (input_messages.h).
  assert.equal(importKinds.length, 27);
  assert.deepEqual(simulationKinds.map((m) => m.code), ['load_mode_unset', 'load_mode_both', 'search_no_target', 'search_one_token',
    'batched_below_seqs', 'batched_below_seqs_default', 'no_kv_budget', 'request_above_context', 'request_above_kv_budget', 'work_above_limit']);
  const calcCodes = new Set(calcCore.declaration.messages.map((m) => m.code));
  for (const m of [...importKinds, ...simulationKinds]) {
    assert.ok(codes.includes(m.code), m.code);
    assert.equal(calcCodes.has(m.code), false, m.code);
  }
  // The budget's kinds, first in both, from out_of_range to the last unit hint.
  assert.deepEqual([...calcCodes], codes.slice(0, calcCodes.size));
  assert.equal(calcCore.declaration.messages[0].code, 'out_of_range');
  assert.equal(calcCore.declaration.messages.at(-1).code, 'unit_hint_seconds');
});

test('the calculator\'s wasm file holds no pattern of the importer\'s or the simulation\'s refusals; the full one holds them', () => {
  const wasm = (file) => readFileSync(path.join(REPO, 'dist', file)).toString('latin1');
  const calcWasm = wasm('llm-budget-lab-calc.wasm');
  const fullWasm = wasm('llm-budget-lab.wasm');
  // Patterns long enough to be unmistakable (a JSON kind's "a number" would also be other text).
  for (const m of [...importKinds, ...simulationKinds].filter((k) => k.pattern.length > 40)) {
    const text = Buffer.from(m.pattern, 'utf8').toString('latin1');
    assert.equal(calcWasm.includes(text), false, m.code);
    assert.equal(fullWasm.includes(text), true, m.code);
  }
  assert.ok(calcWasm.includes('{field} must be a whole number from {min} to {max} (got {value})'));
});

test('refusals of each table carry their code and params, written from their own pattern', async () => {
  // A budget refusal over either module: batch 0 is below its range 1 to 1e6.
  for (const core of [calcCore, fullCore]) {
    const r = core.plan({ ...core.DEFAULT_INPUT, batch: 0 });
    assert.equal(r.ok, false);
    assert.equal(r.code, 'out_of_range_whole');
    assert.equal(r.error, 'batch must be a whole number from 1 to 1e6 (got 0)');
  }
  // The importer's: a config.json that is a JSON array names its kind through the JSON kinds' table.
  const imported = await fullCore.importHfConfig('[1]');
  assert.equal(imported.ok, false);
  assert.deepEqual(imported.error, { field: 'config.json', message: 'config.json must hold one JSON object (got an array)',
    code: 'config_not_object', params: { got: 'json_array' } });
  // The simulation's: neither a rate nor a concurrency.
  const traffic = await loadTrafficCore();
  const sim = traffic.simulateTraffic(fullCore.DEFAULT_INPUT, { request_rate: 0, concurrency: 0 });
  assert.equal(sim.ok, false);
  assert.equal(sim.code, 'load_mode_unset');
  assert.equal(sim.error, 'set request_rate (open loop) or concurrency (closed loop)');
});
