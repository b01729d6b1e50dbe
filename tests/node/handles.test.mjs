// Embind handles never outlive a facade call. The budget facade holds none:
// plan(), capacity() and the sweeps come back through Float64Array views of
// the core's own buffers (src/budget/flat_calls.h), so thousands of calls leave the
// heap and the emval table as they were. The quiz facade does receive vector
// handles (a choice check's missing and extra options) and must delete each.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { loadWasmModule } from '../../web/core/wasm-module.js';

const core = await loadBudgetCore();
const quizCore = await loadQuizCore();
const module = await loadWasmModule();

test('10,000 batch sweeps and plans grow neither the wasm heap nor the emval table', () => {
  // Warm up so the allocator has its working set before measuring.
  for (let i = 0; i < 100; i += 1) core.sweepBatch(core.DEFAULT_INPUT, 256);
  const heapBefore = module.HEAP8.length;
  const handlesBefore = module.count_emval_handles();
  for (let i = 0; i < 10000; i += 1) {
    const result = core.sweepBatch({ ...core.DEFAULT_INPUT, kv_heads: 8 }, 256);
    if (!result.ok) assert.fail(result.error);
    // The series are plain arrays copied out of the views: 256 points each.
    if (result.value.batch.length !== 256) assert.fail('short series');
    if (!core.plan({ ...core.DEFAULT_INPUT, batch: 1 + (i % 64) }).ok) assert.fail('plan refused');
  }
  // A sweep keeps only its latest result, so 10,000 of them allocate nothing new.
  assert.equal(module.HEAP8.length, heapBefore);
  assert.equal(module.count_emval_handles(), handlesBefore);
});

/**
 * The address a small allocation gets now (freed again at once). While nothing
 * stays allocated in between, the allocator hands out the same address again;
 * one block kept by mistake takes that place or moves it.
 */
function nextAllocation() {
  const address = module._malloc(16);
  module._free(address);
  return address;
}

test('refused sweeps report the core\'s field and message and leave nothing behind', () => {
  const refusals = [
    [() => core.sweepContext({ ...core.DEFAULT_INPUT, batch: -1 }, 1, 10, 4), 'batch',
      'batch must be a whole number from 1 to 1e6 (got -1)'],
    [() => core.sweepBatch(core.DEFAULT_INPUT, 0), 'max_batch', null],
    [() => core.sweepAcceptance(0, 0, 16), 'draft_tokens', 'draft_tokens must be a whole number from 1 to 32 (got 0)'],
  ];
  const accepted = () => core.sweepContext({ ...core.DEFAULT_INPUT, kv_heads: 8 }, 1024, 8192, 8);
  const first = accepted();
  assert.equal(first.ok, true);
  // Warm up: the error strings reach the capacity of the longest message.
  for (let i = 0; i < 30; i += 1) refusals[i % refusals.length][0]();
  const heapBefore = module.HEAP8.length;
  const handlesBefore = module.count_emval_handles();
  const addressBefore = nextAllocation();
  for (let i = 0; i < 20000; i += 1) {
    const [call, field, message] = refusals[i % refusals.length];
    const result = call();
    if (result.ok || result.field !== field || (message !== null && result.error !== message)) assert.fail(JSON.stringify(result));
  }
  assert.equal(nextAllocation(), addressBefore, 'a refusal left a block allocated');
  assert.equal(module.HEAP8.length, heapBefore);
  assert.equal(module.count_emval_handles(), handlesBefore);
  // And no state: the next accepted sweep is the one made before the refusals
  // (8 context lengths from 1,024 to 8,192 tokens; 8 KV heads: 131072 B of cache per token per request).
  const again = accepted();
  assert.deepEqual(again, first);
  assert.equal(again.value.context_tokens.at(-1), 8192);
  assert.equal(again.value.kv_cache_bytes.at(-1), 2 * 32 * 8 * 128 * 2 * 8192 * 16);
});

test('every vector handle a choice check hands the quiz facade is deleted before it returns', () => {
  // Wrap the raw binding to keep the handles it hands out, then check each one
  // (removing the facade's delete() makes exactly this test fail).
  const original = module.check_choice_answer;
  const seen = [];
  module.check_choice_answer = (...args) => {
    const raw = original(...args);
    seen.push(raw.missing, raw.extra);
    return raw;
  };
  try {
    for (let i = 0; i < 500; i += 1) {
      const r = quizCore.checkChoiceAnswer([0], { option_count: 3, correct: [1], multiple: false });
      if (!r.ok || r.value.verdict === 'correct') assert.fail(JSON.stringify(r));
    }
    // A refused check (option_count above 64) hands over its vectors too.
    assert.equal(quizCore.checkChoiceAnswer([0], { option_count: 65, correct: [1], multiple: false }).ok, false);
  } finally {
    module.check_choice_answer = original;
  }
  assert.equal(seen.length, 1002);
  assert.equal(seen.filter((h) => !h.isDeleted()).length, 0, 'handles left alive after the facade returned');
});

test('planLevers, refused or not, leaves the heap and the emval table as they were', () => {
  // The planner's rows come back through one Float64Array view (no handle).
  assert.equal(core.planLevers({ ...core.DEFAULT_INPUT, kv_heads: 8 }).ok, true);
  const heapBefore = module.HEAP8.length;
  const handlesBefore = module.count_emval_handles();
  for (let i = 0; i < 2000; i += 1) {
    const ok = core.planLevers({ ...core.DEFAULT_INPUT, kv_heads: 8 });
    if (!ok.ok || ok.value.rows.length === 0) assert.fail(JSON.stringify(ok));
    // 3 GPUs cannot split 32 query heads: refused.
    if (core.planLevers({ ...core.DEFAULT_INPUT, gpus: 3 }).ok) assert.fail('gpus 3 accepted');
  }
  assert.equal(module.HEAP8.length, heapBefore);
  assert.equal(module.count_emval_handles(), handlesBefore);
});

test('text through the flat calls (typed fields, quantities, escapes) leaves the heap as it was', async () => {
  const { loadReadingCore } = await import('../../web/core/reading-core.js');
  const reading = await loadReadingCore();
  const texts = ['16', '2,039', '74.5 GiB', '1/2', 'x'.repeat(250), '١٦', '32k', ''];
  const round = (i) => {
    const text = texts[i % texts.length];
    core.readField(i % 2 ? 'batch' : 'gpu_memory_bytes', text, 1);
    reading.parseQuantity(text);
    reading.visibleText(`${text}\u200b`);
  };
  // Warm up: the text buffers reach the size of the longest text; 104 rounds end on the same
  // text as the 20,000 below, so the buffers kept are the same size at both ends.
  for (let i = 0; i < 104; i += 1) round(i);
  const heapBefore = module.HEAP8.length;
  const addressBefore = nextAllocation();
  for (let i = 0; i < 20000; i += 1) round(i);
  assert.equal(module.HEAP8.length, heapBefore);
  // Every buffer resized on the way was freed again: the next small block lands where it did.
  assert.equal(nextAllocation(), addressBefore);
  // And the readings are still right: "74.5 GiB" is 74.5 x 2^30 B.
  assert.equal(core.readField('gpu_memory_bytes', '74.5 GiB', 1).value, 74.5 * 2 ** 30);
});
