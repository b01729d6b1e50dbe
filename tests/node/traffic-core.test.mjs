// The serving simulation's facade (web/core/traffic-core.js) over the wasm
// core, under node: the same numbers as the native CLI for the same seed (the
// portable random source), a request alone at the budget's TTFT, the unstable
// run's nulls, refusals naming the field, and no Embind handle left behind.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';
import { loadWasmModule } from '../../web/core/wasm-module.js';
import { REPO } from './reference.mjs';

const core = await loadBudgetCore();
const traffic = await loadTrafficCore();
const module = await loadWasmModule();
const GQA8 = { ...core.DEFAULT_INPUT, kv_heads: 8 };

test('loadTrafficCore is memoised; DEFAULT_TRAFFIC holds every declared field', async () => {
  assert.equal(await loadTrafficCore(), traffic);
  assert.deepEqual(Object.entries(traffic.DEFAULT_TRAFFIC), traffic.declaration.inputs.map((f) => [f.name, f.default]));
  assert.equal(traffic.DEFAULT_TRAFFIC.max_num_batched_tokens, 8192); // vLLM's token budget (H100-class, online serving)
  assert.equal(traffic.DEFAULT_TRAFFIC.max_num_seqs, 0); // vLLM's default for the GPU's memory (the runtime's row)
  assert.deepEqual(traffic.declaration.statistics, ['mean', 'p50', 'p90', 'p99']);
});

test('wasm gives the native CLI\'s run to the last bit for the same seed', () => {
  const load = { request_rate: 3, requests: 500, input_tokens: 512, output_tokens: 128, burstiness: 0.5,
    length_range_ratio: 0.5, seed: 7 };
  const wasm = traffic.simulateTraffic(GQA8, load);
  assert.ok(wasm.ok, wasm.error);
  const cli = spawnSync(path.join(REPO, 'build/native/budget-table'), ['--simulate', '--json', '--kv-heads', '8',
    '--request-rate', '3', '--requests', '500', '--input-tokens', '512', '--output-tokens', '128', '--burstiness',
    '0.5', '--length-range-ratio', '0.5', '--seed', '7'], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  const native = JSON.parse(cli.stdout);
  for (const f of traffic.declaration.results.simulation) assert.deepEqual(wasm.value[f.name], native[f.name], f.name);
  // The golden of tests/traffic/test_serving_simulation.cpp.
  assert.equal(wasm.value.ttft_s.p99, 2.5156527649286402);
  assert.equal(wasm.value.iterations, 5041);
});

test('a request alone: TTFT is plan()\'s ttft_s', () => {
  const alone = core.plan({ ...GQA8, prompt_tokens: 1000 });
  const r = traffic.simulateTraffic(GQA8, { request_rate: 0.001, requests: 4, input_tokens: 1000, output_tokens: 10 });
  assert.ok(r.ok);
  assert.ok(Math.abs(r.value.ttft_s.p99 - alone.value.ttft_s) < 1e-12);
});

test('closed loop from concurrency alone; an unstable run has null latencies; highestLoad', () => {
  const closed = traffic.simulateTraffic(GQA8, { concurrency: 8, requests: 100, input_tokens: 512, output_tokens: 64 });
  assert.ok(closed.ok, closed.error);
  assert.ok(closed.value.mean_in_flight <= 8);
  const over = traffic.simulateTraffic(GQA8, { request_rate: 40, requests: 2000, input_tokens: 512, output_tokens: 128 });
  assert.ok(over.ok);
  assert.equal(over.value.unstable, true);
  assert.equal(over.value.ttft_s, null);
  assert.equal(over.value.e2e_s, null);
  assert.equal(typeof over.value.tpot_s.p99, 'number');
  const best = traffic.highestLoad({ ...GQA8, ttft_target_s: 1, per_request_target_tokens_per_s: 20 },
    { concurrency: 1, requests: 100, input_tokens: 512, output_tokens: 64 });
  assert.ok(best.ok, best.error);
  assert.equal(best.value.found, true);
  assert.ok(best.value.highest_load >= 1);
});

test('one output token: TPOT is null (not defined), never 0; two tokens give one', () => {
  const one = traffic.simulateTraffic(GQA8, { request_rate: 0.001, requests: 4, input_tokens: 1000, output_tokens: 1 });
  assert.ok(one.ok, one.error);
  assert.equal(one.value.tpot_defined, false);
  assert.equal(one.value.tpot_s, null);
  assert.equal(one.value.tpot_at_target_percentile_s, null);
  // The declaration says which fields, and by which flag.
  assert.deepEqual(traffic.declaration.results.simulation.filter((f) => f.null_unless).map((f) => [f.name, f.null_unless]),
    [['tpot_s', 'tpot_defined'], ['tpot_at_target_percentile_s', 'tpot_defined']]);
  const knee = traffic.highestLoad({ ...GQA8, ttft_target_s: 1 }, { request_rate: 0.5, requests: 50, input_tokens: 1000, output_tokens: 1 });
  assert.ok(knee.ok, knee.error);
  assert.equal(knee.value.tpot_defined, false);
  assert.equal(knee.value.tpot_at_percentile_s, null);
  // Two tokens alone: one decode step at context 1,001, (14e9 + 131,072 × 1,001) / 1e12 s.
  const two = traffic.simulateTraffic(GQA8, { request_rate: 0.001, requests: 4, input_tokens: 1000, output_tokens: 2 });
  assert.equal(two.value.tpot_defined, true);
  assert.ok(Math.abs(two.value.tpot_s.mean - 0.014131203072) < 1e-12);
});

test('refusals name the field and never throw', () => {
  assert.equal(traffic.simulateTraffic(GQA8, { request_rate: 1, concurrency: 2 }).field, 'request_rate');
  assert.equal(traffic.simulateTraffic(GQA8, { requests: 'many' }).field, 'requests');
  assert.equal(traffic.simulateTraffic(GQA8, { rate: 1 }).field, 'rate');
  assert.equal(traffic.simulateTraffic(GQA8, null).field, '');
  assert.equal(traffic.simulateTraffic({ ...GQA8, kv_heads: 7 }, {}).field, 'kv_heads');
  assert.equal(traffic.simulateTraffic({ kv_heads: 8 }, {}).ok, false); // a BudgetInput lacking fields
  assert.equal(traffic.simulateTraffic(GQA8, { prefix_hit_rate: NaN }).field, 'prefix_hit_rate');
  assert.equal(traffic.highestLoad(GQA8, {}).field, 'ttft_target_s');
});

test('1,000 simulations leave no Embind handle', () => {
  const before = module.count_emval_handles();
  for (let i = 0; i < 1000; i += 1) {
    const r = traffic.simulateTraffic(GQA8, { request_rate: 1, requests: 5, input_tokens: 64, output_tokens: 4, seed: i });
    if (!r.ok) assert.fail(r.error);
  }
  assert.equal(module.count_emval_handles(), before);
});
