// The facade must delete every Embind handle it receives: a sweep returns
// seven VectorDouble handles, and a leak of them grows the wasm heap.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadWasmModule } from '../../web/core/wasm-module.js';

const core = await loadBudgetCore();
const module = await loadWasmModule();

test('10,000 batch sweeps do not grow the wasm heap', () => {
  // Warm up so the allocator has its working set before measuring.
  for (let i = 0; i < 100; i += 1) core.sweepBatch(core.DEFAULT_INPUT, 256);
  const heapBefore = module.HEAP8.length;
  for (let i = 0; i < 10000; i += 1) {
    const result = core.sweepBatch({ ...core.DEFAULT_INPUT, kv_heads: 8 }, 256);
    if (!result.ok) assert.fail(result.error);
  }
  // Leaking would keep 10000 * 7 vectors * 256 doubles * 8 B = 143 MB alive,
  // far more than the 16 MB initial heap, so the heap would have grown.
  assert.equal(module.HEAP8.length, heapBefore);
});

test('failed sweeps free their (empty) vectors too', () => {
  const heapBefore = module.HEAP8.length;
  const leakedBefore = module.count_emval_handles();
  for (let i = 0; i < 20000; i += 1) {
    const result = core.sweepContext({ ...core.DEFAULT_INPUT, batch: -1 }, 1, 10, 4);
    assert.equal(result.ok, false);
  }
  assert.equal(module.HEAP8.length, heapBefore);
  assert.equal(module.count_emval_handles(), leakedBefore);
});

test('a handle the facade received is deleted afterwards', () => {
  // Wrap the raw binding to keep the handles it hands out, then check each one.
  const original = module.sweep_acceptance;
  const seen = [];
  module.sweep_acceptance = (...args) => {
    const raw = original(...args);
    seen.push(raw.acceptance_rate, raw.tokens_per_pass, raw.speedup);
    return raw;
  };
  try {
    assert.equal(core.sweepAcceptance(4, 0.1, 8).ok, true);
    assert.equal(core.sweepAcceptance(4, 0.1, 0).ok, false);
  } finally {
    module.sweep_acceptance = original;
  }
  assert.equal(seen.length, 6);
  for (const handle of seen) assert.equal(handle.isDeleted(), true);
});

test('planLevers deletes its rows handle, on success and on a refusal', () => {
  const original = module.plan_levers;
  const seen = [];
  module.plan_levers = (...args) => {
    const raw = original(...args);
    seen.push(raw.rows);
    return raw;
  };
  try {
    assert.equal(core.planLevers({ ...core.DEFAULT_INPUT, kv_heads: 8 }).ok, true);
    assert.equal(core.planLevers({ ...core.DEFAULT_INPUT, gpus: 3 }).ok, false);
  } finally {
    module.plan_levers = original;
  }
  assert.equal(seen.length, 2);
  for (const handle of seen) assert.equal(handle.isDeleted(), true);
});
