// Wasm timings under node: ns per plan() call through the facade and through
// the raw binding, and one 1024-point sweepBatch versus 1024 single plan()
// calls, and the serving simulation of 10,000 requests (the workload of
// bench_core.cpp's BM_simulate_10000_requests), and the traffic part's work
// for one drawing (web/parts/traffic-sweep.js on the lesson's start with a
// 1 s TTFT target: every simulation, and its longest piece, which is one task
// on the page). Medians of repeated rounds;
// reports only, asserts nothing.
//   node tools/benchmarks/bench_wasm.mjs [--json]
import { performance } from 'node:perf_hooks';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';
import { loadWasmModule } from '../../web/core/wasm-module.js';
import { sweepJob, startSettings } from '../../web/parts/traffic-sweep.js';

const ROUNDS = 15;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median over ROUNDS of the time per call (ns) of `fn`, run `calls` times per round. */
function measure(fn, calls) {
  for (let i = 0; i < calls; i += 1) fn(i);  // warm-up
  const perCall = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    for (let i = 0; i < calls; i += 1) fn(i);
    perCall.push(((performance.now() - start) * 1e6) / calls);
  }
  return median(perCall);
}

const core = await loadBudgetCore();
const module = await loadWasmModule();
const traffic = await loadTrafficCore();
const load = { request_rate: 2, requests: 10000, input_tokens: 512, output_tokens: 128 };
const input = { ...core.DEFAULT_INPUT, kv_heads: 8 };
let sink = 0;
const inputView = new Float64Array(module.HEAPF64.buffer, module._llmb_flat_input(), 1);

const results = {
  wasm_plan_facade_ns: measure(() => { sink += core.plan(input).value.total_bytes; }, 20000),
  // The flat call alone (the plain wasm export, wasm/budget/bindings_flat.cpp): one
  // input written into the core's array, no result object built.
  wasm_plan_raw_binding_ns: measure(() => {
    inputView[0] = input.total_params;
    sink += module._llmb_flat_plan();
  }, 20000),
  wasm_sweep_batch_1024_one_call_ns: measure(() => { sink += core.sweepBatch(input, 1024).value.batch.length; }, 20),
  wasm_plan_1024_single_calls_ns: measure(() => {
    for (let b = 1; b <= 1024; b += 1) sink += core.plan({ ...input, batch: b }).value.total_bytes;
  }, 20),
  wasm_simulate_10000_requests_ns: measure(() => { sink += traffic.simulateTraffic(input, load).value.iterations; }, 1),
};
// The traffic part's drawing: all its pieces in a row, and the longest piece (a task on the page).
const partInput = { ...input, ttft_target_s: 1 };
const settings = startSettings(traffic);
const longest = [];
results.wasm_traffic_part_sweep_ns = measure(() => {
  const job = sweepJob(traffic, partInput, settings);
  let worst = 0;
  for (;;) {
    const start = performance.now();
    const r = job.next();
    worst = Math.max(worst, performance.now() - start);
    if (r.done) { sink += r.value.sweep.length; break; }
  }
  longest.push(worst * 1e6);
}, 1);
results.wasm_traffic_part_longest_piece_ns = median(longest);
if (sink === 42) console.log('');  // keep the work observable

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results));
} else {
  for (const [name, ns] of Object.entries(results)) console.log(`${name.padEnd(40)} ${ns.toFixed(0)} ns`);
}
