// The JS facade (web/core/budget-core.js) over the wasm core, under node:
// the lesson's numbers from seed-values.json, result shapes, and bad inputs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadWasmModule } from '../../web/core/wasm-module.js';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO, SEED, lessonInput, assertClose } from './reference.mjs';

const core = await loadBudgetCore();

test('loadBudgetCore and loadWasmModule are memoised (one shared instance)', async () => {
  assert.equal(await loadBudgetCore(), core);
  assert.equal(await loadWasmModule(), await loadWasmModule());
});

test('DEFAULT_INPUT holds every declared input field with its declared default, frozen', () => {
  // Every field, read from the declaration (budget-table --fields-json prints the same JSON).
  assert.deepEqual(Object.entries(core.DEFAULT_INPUT), core.declaration.inputs.map((f) => [f.name, f.default]));
  for (const [name, value] of Object.entries(core.DEFAULT_INPUT)) assert.ok(Number.isFinite(value), name);
  // The core accepts its own defaults.
  assert.equal(core.plan(core.DEFAULT_INPUT).ok, true);
  assert.ok(Object.isFrozen(core.DEFAULT_INPUT));
  // The lesson's 7B model on an 80 GB GPU.
  assert.equal(core.DEFAULT_INPUT.total_params, 7e9);
  assert.equal(core.DEFAULT_INPUT.gpu_memory_bytes, 80e9);
  // The several-GPU defaults: one GPU, the prompt is the whole context, no targets.
  assert.equal(core.DEFAULT_INPUT.gpus, 1);
  assert.equal(core.DEFAULT_INPUT.prompt_tokens, 0);
  assert.equal(core.DEFAULT_INPUT.interconnect_bytes_per_s, 450e9);
  assert.equal(core.DEFAULT_INPUT.allreduce_latency_s, 20e-6);
  assert.equal(core.DEFAULT_INPUT.ttft_target_s, 0);
  assert.equal(core.DEFAULT_INPUT.per_request_target_tokens_per_s, 0);
});

test('declaration lists the inputs in BudgetInput order, with ranges, defaults and units, frozen', () => {
  const { inputs } = core.declaration;
  assert.deepEqual(inputs.map((f) => f.name), Object.keys(core.DEFAULT_INPUT));
  // The same declaration the CLI prints (both are the core's field_declarations_json()).
  const cli = spawnSync(path.join(REPO, 'build/native/budget-table'), ['--fields-json'], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.error ? String(cli.error) : cli.stderr);
  assert.deepEqual(JSON.parse(cli.stdout).inputs, inputs);
  const layers = inputs.find((f) => f.name === 'layers');
  assert.deepEqual(
    { min: layers.min, max: layers.max, min_exclusive: layers.min_exclusive, kind: layers.kind, unit: layers.unit, default: layers.default, symbol: layers.symbol },
    { min: 1, max: 1000, min_exclusive: false, kind: 'whole', unit: 'layers', default: 32, symbol: 'L' });
  const kv = inputs.find((f) => f.name === 'kv_heads');
  assert.equal(kv.max_from, 'query_heads');
  assert.ok(Object.isFrozen(core.declaration) && Object.isFrozen(inputs) && Object.isFrozen(layers));
  assert.throws(() => { 'use strict'; layers.min = -1; }, TypeError);
  // Results: units the quiz converts with, and the enum names the core registers.
  const plan = Object.fromEntries(core.declaration.results.plan.map((f) => [f.name, f]));
  assert.equal(plan.kv_cache_bytes_per_token.unit, 'B');
  assert.equal(plan.step_s.unit, 's');
  assert.equal(plan.step_s.needs_fit, true);
  assert.equal(plan.verdict.kind, 'verdict');
  assert.deepEqual(core.declaration.enums.Verdict, ['fits', 'tight', 'does-not-fit']);
  assert.deepEqual(core.declaration.enums.BindingTerm, ['memory', 'compute']);
  // The value object the facade returns has exactly the declared result fields.
  assert.deepEqual(Object.keys(core.plan(core.DEFAULT_INPUT).value), Object.keys(plan));
});

for (const row of SEED.budget_rows) {
  test(`plan: ${row.label}`, () => {
    const result = core.plan(lessonInput(core.DEFAULT_INPUT, row));
    assert.equal(result.ok, true, JSON.stringify(result));
    const v = result.value;
    const e = row.exact;
    assert.equal(v.weight_bytes, e.weight_bytes);
    assert.equal(v.kv_cache_bytes, e.cache_bytes);
    assert.equal(v.total_bytes, e.total_bytes);
    assertClose(v.memory_time_s, e.memory_time_s, 'memory_time_s');
    assertClose(v.compute_time_s, e.compute_time_s, 'compute_time_s');
    assert.equal(v.fits, row.displayed.fits_80gb);
    assert.equal(v.has_speed, row.displayed.fits_80gb);
    // Displayed rounding of the lesson's table.
    assert.equal((v.total_bytes / 1e9).toFixed(1), row.displayed.memory_gb.toFixed(1));
    assert.equal(v.bound_by, 'memory');  // every lesson row is memory-bound
    if (row.displayed.fits_80gb) {
      assertClose(v.step_s, e.step_s, 'step_s');
      assertClose(v.per_request_tokens_per_s, e.per_request_tokens_per_s, 'per_request_tokens_per_s');
      assertClose(v.total_tokens_per_s, e.total_tokens_per_s, 'total_tokens_per_s');
      assert.equal((v.step_s * 1e3).toFixed(1), row.displayed.step_ms.toFixed(1));
      assert.equal(v.per_request_tokens_per_s.toFixed(1), row.displayed.per_request_tokens_per_s.toFixed(1));
      assert.equal(Math.round(v.total_tokens_per_s), row.displayed.total_tokens_per_s);
      // All four fitting rows leave more than 10 % of 80 GB free (the most is 31.2 GB used).
      assert.equal(v.verdict, 'fits');
    } else {
      assert.equal(v.verdict, 'does-not-fit');
      assert.equal(v.step_s, null);
      assert.equal(v.per_request_tokens_per_s, null);
      assert.equal(v.total_tokens_per_s, null);
    }
  });
}

test('plan: tight when it fits but leaves less than the headroom free', () => {
  // GQA-8 16-bit at B=16 uses 31179869184 B; a 32e9 B GPU leaves 0.82e9 B free,
  // under 10 % of 32e9 = 3.2e9 B, so the verdict is "tight" and speeds are given.
  const row = SEED.budget_rows[1];
  const result = core.plan({ ...lessonInput(core.DEFAULT_INPUT, row), gpu_memory_bytes: 32e9 });
  assert.equal(result.ok, true);
  assert.equal(result.value.verdict, 'tight');
  assert.equal(result.value.fits, true);
  assertClose(result.value.free_bytes, 32e9 - 31179869184, 'free_bytes');
  assertClose(result.value.total_tokens_per_s, row.exact.total_tokens_per_s, 'total_tokens_per_s');
});

test('plan: headroom_limit_bytes is the fits/tight boundary the verdict uses', () => {
  // 80e9 - 0.1 * 80e9 = 72e9 B. GQA-8 16-bit, n = 8192: 14e9 + B * 1073741824 B,
  // so B = 54 (71982058496 B) fits and B = 55 (73055800320 B) is tight.
  const row = SEED.budget_rows[1];
  const at54 = core.plan({ ...lessonInput(core.DEFAULT_INPUT, row), batch: 54 });
  const at55 = core.plan({ ...lessonInput(core.DEFAULT_INPUT, row), batch: 55 });
  assert.equal(at54.value.headroom_limit_bytes, 72e9);
  assert.equal(at54.value.total_bytes, 71982058496);
  assert.equal(at54.value.verdict, 'fits');
  assert.equal(at55.value.headroom_limit_bytes, 72e9);
  assert.equal(at55.value.total_bytes, 73055800320);
  assert.equal(at55.value.verdict, 'tight');
  // 20 % headroom on 48e9 B: 48e9 - 9.6e9 = 38.4e9 B, also when nothing fits.
  const over = core.plan({ ...lessonInput(core.DEFAULT_INPUT, row), gpu_memory_bytes: 48e9,
    headroom_fraction: 0.2, batch: 1000 });
  assert.equal(over.value.verdict, 'does-not-fit');
  assert.equal(over.value.headroom_limit_bytes, 38.4e9);
});

test('capacity: weights_fit tells a cache that does not fit from weights that do not', () => {
  const row = SEED.budget_rows[1];  // GQA-8, 16-bit: weights 14e9 B, 131072 B per token
  // Context 1234567: one request's cache is 131072 * 1234567 = 161816346624 B > 66e9 B free.
  const longContext = core.capacity({ ...lessonInput(core.DEFAULT_INPUT, row), context_tokens: 1234567 });
  assert.equal(longContext.ok, true);
  assert.equal(longContext.value.max_batch, 0);
  assert.equal(longContext.value.weights_fit, true);
  assert.equal(longContext.value.weights_fit_with_headroom, true);
  // 70e9 params * 2 B = 140e9 B > 80e9 B: the weights themselves overflow.
  const huge = core.capacity({ ...lessonInput(core.DEFAULT_INPUT, row), total_params: 70e9 });
  assert.equal(huge.value.max_batch, 0);
  assert.equal(huge.value.weights_fit, false);
  assert.equal(huge.value.weights_fit_with_headroom, false);
  // 38e9 * 2 B = 76e9 B: under 80e9 B but over the 72e9 B headroom limit;
  // (80e9 - 76e9) / 1073741824 = 3.7 -> 3 requests, none with headroom.
  const edge = core.capacity({ ...lessonInput(core.DEFAULT_INPUT, row), total_params: 38e9 });
  assert.equal(edge.value.max_batch, 3);
  assert.equal(edge.value.max_batch_with_headroom, 0);
  assert.equal(edge.value.weights_fit, true);
  assert.equal(edge.value.weights_fit_with_headroom, false);
});

test('plan: compute-bound when 2·P·B/F exceeds memory/BW', () => {
  // B=1024, GQA-8, 8-bit everything, context 128: compute = 2*7e9*1024/4e13 = 0.3584 s;
  // memory = 7e9 + 2*32*8*128*128*1024*1 = 7e9 + 8589934592 B -> 0.015589934592 s.
  const input = { ...lessonInput(core.DEFAULT_INPUT, SEED.budget_rows[2]), batch: 1024, context_tokens: 128 };
  const result = core.plan(input);
  assert.equal(result.ok, true);
  assert.equal(result.value.bound_by, 'compute');
  assertClose(result.value.compute_time_s, 0.3584, 'compute_time_s');
  assertClose(result.value.step_s, 0.3584, 'step_s');
});

test('speculative: tokens per pass from the lesson', () => {
  for (const s of SEED.speculative_tokens_per_pass) {
    const result = core.speculative(s.accept, s.k, 0);
    assert.equal(result.ok, true);
    assertClose(result.value.tokens_per_pass, s.exact, `a=${s.accept} k=${s.k}`);
    assert.equal(result.value.tokens_per_pass.toFixed(2), s.displayed.toFixed(2));
    // With a free draft (c = 0) the speed-up equals the tokens per pass.
    assertClose(result.value.speedup, s.exact, 'speedup at c=0');
  }
  // a = 1 gives k + 1 without dividing by zero.
  assert.deepEqual(core.speculative(1, 4, 0).value.tokens_per_pass, 5);
});

test('bestDraftTokens returns a k in 1..32 no worse than its neighbours', () => {
  const best = core.bestDraftTokens(0.8, 0.1);
  assert.equal(best.ok, true);
  const { draft_tokens: k, speedup } = best.value;
  assert.ok(Number.isInteger(k) && k >= 1 && k <= 32);
  for (const other of [k - 1, k + 1].filter((x) => x >= 1 && x <= 32)) {
    assert.ok(core.speculative(0.8, other, 0.1).value.speedup <= speedup);
  }
  assertClose(core.speculative(0.8, k, 0.1).value.tokens_per_pass, best.value.tokens_per_pass, 'tokens_per_pass');
});

test('attentionMemory: stored score bytes from the lesson', () => {
  for (const a of SEED.attention_score_matrix) {
    const result = core.attentionMemory(a.heads, a.n, a.bytes_per_score);
    assert.equal(result.ok, true);
    assert.equal(result.value.stored_score_bytes, a.exact_bytes);
    assert.equal((result.value.stored_score_bytes / 1e9).toFixed(2), a.displayed_gb.toFixed(2));
  }
});

test('sweepBatch: plain arrays, booleans, nulls where it does not fit', () => {
  // GQA-8 16-bit at 8192 tokens: 14e9 + 1073741824*B bytes <= 80e9 up to B = 61.
  const input = lessonInput(core.DEFAULT_INPUT, SEED.budget_rows[1]);
  const result = core.sweepBatch(input, 64);
  assert.equal(result.ok, true);
  const v = result.value;
  for (const key of ['batch', 'total_bytes', 'fits', 'per_request_tokens_per_s', 'total_tokens_per_s', 'memory_time_s', 'compute_time_s']) {
    assert.ok(Array.isArray(v[key]), key);
    assert.equal(v[key].length, 64, key);
  }
  assert.deepEqual(v.batch.slice(0, 3), [1, 2, 3]);
  assert.equal(v.fits[60], true);
  assert.equal(v.fits[61], false);
  assert.equal(v.total_tokens_per_s[61], null);
  assert.equal(v.per_request_tokens_per_s[63], null);
  assert.equal(v.total_bytes[63], SEED.budget_rows[4].exact.total_bytes);
  assertClose(v.total_tokens_per_s[15], SEED.budget_rows[1].exact.total_tokens_per_s, 'B=16 total tokens/s');
  assertClose(v.per_request_tokens_per_s[0], SEED.budget_rows[5].exact.per_request_tokens_per_s, 'B=1');
});

test('sweepContext and sweepAcceptance return plain arrays of the asked length', () => {
  const context = core.sweepContext(lessonInput(core.DEFAULT_INPUT, SEED.budget_rows[1]), 2048, 32768, 16);
  assert.equal(context.ok, true);
  assert.equal(context.value.context_tokens.length, 16);
  assert.equal(context.value.context_tokens[0], 2048);
  assert.equal(context.value.context_tokens[15], 32768);
  // The lesson's stored-score sizes at both ends (32 heads, 2 bytes per score).
  assert.equal(context.value.stored_score_bytes[0], SEED.attention_score_matrix[0].exact_bytes);
  assert.equal(context.value.stored_score_bytes[15], SEED.attention_score_matrix[2].exact_bytes);

  const acceptance = core.sweepAcceptance(4, 0, 11);
  assert.equal(acceptance.ok, true);
  assert.equal(acceptance.value.acceptance_rate.length, 11);
  assert.equal(acceptance.value.tokens_per_pass[0], 1);   // a = 0: only the target's own token
  assert.equal(acceptance.value.tokens_per_pass[10], 5);  // a = 1: k + 1
  assertClose(acceptance.value.tokens_per_pass[5], SEED.speculative_tokens_per_pass[0].exact, 'a=0.5');
});

const BAD_INPUTS = [
  ['batch', Number('abc')],
  ['gpu_memory_bytes', Infinity],
  ['context_tokens', -5],
  ['head_dim', 0],
  ['layers', 7.5],
  ['kv_heads', 33],
  ['weight_bytes_per_param', 1e400],  // eslint-disable-line no-loss-of-precision -- overflows to Infinity on purpose
];

for (const [field, bad] of BAD_INPUTS) {
  test(`plan rejects ${field} = ${bad} naming the field`, () => {
    const input = { ...core.DEFAULT_INPUT, [field]: bad };
    for (const result of [core.plan(input), core.capacity(input), core.sweepBatch(input, 8), core.sweepContext(input, 1, 10, 4)]) {
      assert.equal(result.ok, false);
      assert.equal(result.field, field);
      assert.equal(typeof result.error, 'string');
      assert.match(result.error, new RegExp(`^${field} must be .*\\(got .+\\)$`));
      assert.equal('value' in result, false);
    }
  });
}

// Every method that takes a BudgetInput, called with `input`.
const WITH_INPUT = {
  plan: (input) => core.plan(input),
  capacity: (input) => core.capacity(input),
  planLevers: (input) => core.planLevers(input),
  sweepBatch: (input) => core.sweepBatch(input, 8),
  sweepContext: (input) => core.sweepContext(input, 1, 10, 4),
};

/** The same error from every BudgetInput method, and no value. */
function assertRefusedEverywhere(input, field, error) {
  for (const [name, call] of Object.entries(WITH_INPUT)) {
    const result = call(input);
    assert.deepEqual(result, { ok: false, field, error }, name);
  }
}

test('a missing field is named as missing, by every BudgetInput method, never defaulted', () => {
  const { batch, ...withoutBatch } = core.DEFAULT_INPUT;
  assert.equal(batch, 16);
  assertRefusedEverywhere(withoutBatch, 'batch', 'batch is missing');
  assertRefusedEverywhere({ ...core.DEFAULT_INPUT, headroom_fraction: undefined }, 'headroom_fraction', 'headroom_fraction is missing');
  // One field given: the first missing one in declaration order is named, with how many more
  // (of the declared inputs, kv_heads is given and total_params named: the rest are "other").
  const others = core.declaration.inputs.length - 2;
  assert.ok(others >= 19, 'the lesson and the several-GPU inputs at least');
  assertRefusedEverywhere({ kv_heads: 8 }, 'total_params',
    `total_params is missing (and ${others} other fields are missing: spread DEFAULT_INPUT and change what you need)`);
  // The declaration's names, not a list of this test's: removing any one field names that one.
  for (const { name } of core.declaration.inputs) {
    const rest = { ...core.DEFAULT_INPUT };
    delete rest[name];
    assert.deepEqual(core.plan(rest), { ok: false, field: name, error: `${name} is missing` });
  }
});

test('a string, null or boolean is not a number: the field and the kind of value are named', () => {
  // Strings are not numbers, even numeric ones: callers convert (core.readField reads text).
  assertRefusedEverywhere({ ...core.DEFAULT_INPUT, layers: '32' }, 'layers', 'layers must be a number (got a string)');
  assertRefusedEverywhere({ ...core.DEFAULT_INPUT, kv_heads: null }, 'kv_heads', 'kv_heads must be a number (got null)');
  assertRefusedEverywhere({ ...core.DEFAULT_INPUT, batch: true }, 'batch', 'batch must be a number (got a boolean)');
  assertRefusedEverywhere({ ...core.DEFAULT_INPUT, gpus: [2] }, 'gpus', 'gpus must be a number (got an array)');
  // NaN is a number: the core itself refuses it with its range.
  assert.equal(core.plan({ ...core.DEFAULT_INPUT, batch: NaN }).error, 'batch must be a whole number from 1 to 1e6 (got NaN)');
});

test('an unknown key is refused by name, with the nearest field when it is a likely misspelling', () => {
  const names = core.declaration.inputs.map((f) => f.name).join(', ');
  assertRefusedEverywhere({ ...core.DEFAULT_INPUT, kv_headz: 8 }, 'kv_headz',
    `kv_headz is not a BudgetInput field (did you mean kv_heads?); the fields are ${names}.`);
  // The misspelling is named before the field it leaves missing.
  const withoutKv = { ...core.DEFAULT_INPUT };
  delete withoutKv.kv_heads;
  assert.equal(core.plan({ ...withoutKv, kv_headz: 8 }).field, 'kv_headz');
  assertRefusedEverywhere({ ...core.DEFAULT_INPUT, colour: 'red' }, 'colour', `colour is not a BudgetInput field; the fields are ${names}.`);
  // Upper case is a misspelling too (names are lower-case).
  assert.match(core.plan({ ...core.DEFAULT_INPUT, Batch: 16 }).error, /^Batch is not a BudgetInput field \(did you mean batch\?\)/);
  // Inherited keys are not the input's own: a prototype's fields are read, its extra keys ignored.
  const inherited = Object.assign(Object.create({ extra: 1 }), core.DEFAULT_INPUT);
  assert.equal(core.plan(inherited).ok, true);
});

test('a non-object input is refused as a whole, naming every field it needs', () => {
  const names = core.declaration.inputs.map((f) => f.name).join(', ');
  for (const [input, got] of [[undefined, 'nothing'], [null, 'null'], [[], 'an array'], ['batch=16', 'a string'], [42, 'a number']]) {
    assertRefusedEverywhere(input, '', `The input must be an object with every BudgetInput field (${names}); got ${got}.`);
  }
});

test('a complete input still plans: the lesson\'s 7B GQA-8 total after the checks', () => {
  // 7e9 × 2 B + 2 × 32 layers × 8 heads × 128 × 8,192 tokens × 16 requests × 2 B = 31,179,869,184 B.
  const r = core.plan({ ...core.DEFAULT_INPUT, kv_heads: 8 });
  assert.equal(r.ok, true);
  assert.equal(r.value.total_bytes, 31179869184);
});

test('bad arguments of the other methods name the parameter', () => {
  assert.equal(core.speculative(1.5, 4, 0).field, 'acceptance_rate');
  assert.equal(core.speculative(0.5, 0, 0).field, 'draft_tokens');
  assert.equal(core.speculative(0.5, 4, NaN).field, 'draft_cost_ratio');
  assert.equal(core.bestDraftTokens(-0.1, 0).field, 'acceptance_rate');
  assert.equal(core.attentionMemory(32, 0, 2).field, 'context_tokens');
  assert.equal(core.sweepBatch(core.DEFAULT_INPUT, 4097).field, 'max_batch');
  assert.equal(core.sweepAcceptance(4, 0, 1).field, 'points');
});

// ------------------------------------- several GPUs, prefill, targets ---

test('plan on several GPUs: per-GPU memory, all-reduce, TTFT and targets as plain values', () => {
  // The lesson's GQA-8 row on 2 GPUs (worked in tests/budget/test_tensor_parallel.cpp).
  const r = core.plan({ ...core.DEFAULT_INPUT, kv_heads: 8, gpus: 2, prompt_tokens: 1000, ttft_target_s: 0.1 });
  assert.equal(r.ok, true, r.error);
  assert.equal(r.value.per_gpu_bytes, 15589934592);
  assert.equal(r.value.kv_heads_per_gpu, 4);
  assertClose(r.value.comm_s, 64 * (131072 / 450e9 + 20e-6), 'comm_s');
  // (2*7e9*1000 + 4*32*32*128*500500) / (2*4e13) + 64*(1000*4096*2/450e9 + 20e-6)
  const ttft = (2 * 7e9 * 1000 + 4 * 32 * 32 * 128 * 500500) / 8e13 + 64 * (1000 * 4096 * 2 / 450e9 + 20e-6);
  assertClose(r.value.ttft_s, ttft, 'ttft_s');
  assert.equal(r.value.ttft_target_met, false);
  assertClose(r.value.ttft_margin_s, 0.1 - ttft, 'ttft_margin_s');
  assert.equal(r.value.per_request_target_met, true, 'no speed target');
  // No fit: TTFT and margins are null, like the speeds.
  const over = core.plan({ ...core.DEFAULT_INPUT, ttft_target_s: 1 });
  assert.equal(over.value.ttft_s, null);
  assert.equal(over.value.ttft_margin_s, null);
  assert.equal(over.value.ttft_target_met, false);
  // A split the heads do not allow: the core's sentence, naming the field.
  const bad = core.plan({ ...core.DEFAULT_INPUT, kv_heads: 8, gpus: 3 });
  assert.deepEqual(bad, { ok: false, field: 'gpus',
    error: 'gpus must divide query_heads (32) and either divide or be divided by kv_heads (8); got 3; nearest valid: 2 or 4',
    code: 'gpus_not_splitting',
    params: { field: 'gpus', query_field: 'query_heads', query_heads: 32, kv_field: 'kv_heads', kv_heads: 8, value: 3, below: 2, above: 4 } });
  assert.equal(core.capacity({ ...core.DEFAULT_INPUT, kv_heads: 8 }).value.min_gpus_to_fit, 1);
});

test('planLevers returns plain rows with the declared fields and marks the cheapest that keeps the output, and the cheaper that changes it', () => {
  const input = { ...core.DEFAULT_INPUT, total_params: 70.6e9, layers: 80, query_heads: 64, kv_heads: 8,
    head_dim: 128, batch: 32, context_tokens: 4096, prompt_tokens: 4096, bandwidth_bytes_per_s: 2.68e12,
    flops_per_s: 494.75e12, ttft_target_s: 1, per_request_target_tokens_per_s: 20 };
  const r = core.planLevers(input);
  assert.equal(r.ok, true, r.error);
  assert.equal(r.value.rows.length, 24);
  const names = core.declaration.results.plan_levers.map((f) => f.name);
  for (const row of r.value.rows) assert.deepEqual(Object.keys(row), names);
  // 16-bit on 4 GPUs keeps the output and meets both targets (row 2); 8-bit weights on
  // 2 GPUs (row 10) are cheaper and change it (worked in tests/budget/test_planner.cpp).
  assert.equal(r.value.cheapest_row, 2);
  const keep = r.value.rows[2];
  assert.deepEqual([keep.weight_bytes_per_param, keep.cache_bytes_per_value, keep.gpus, keep.cheapest, keep.changes_output],
    [2, 2, 4, true, false]);
  assert.equal(r.value.cheapest_changing_output_row, 10);
  const best = r.value.rows[10];
  assert.deepEqual([best.weight_bytes_per_param, best.cache_bytes_per_value, best.gpus, best.cheapest,
    best.cheapest_changing_output, best.verdict], [1, 2, 2, false, true, 'fits']);
  assert.equal(r.value.rows[0].ttft_s, null);
  assert.equal(r.value.rows[0].verdict, 'does-not-fit');
  // Speculative decoding: on only when asked, with its parameters by their declared names.
  const spec = core.planLevers(input, { speculative: true, acceptance_rate: 0.8, draft_tokens: 3, draft_cost_ratio: 0.05 });
  assert.equal(spec.value.rows.length, 48);
  // Without draft_params the draft is c * P = 0.05 * 70.6e9 parameters: on 16/16 with 4 GPUs
  // 3.53e9 * 2 / 4 = 1.765e9 B of weights and 0.05 * 10,737,418,240 B of cache = 2,301,870,912 B.
  const g4spec = spec.value.rows[5];
  assert.deepEqual([g4spec.gpus, g4spec.speculative], [4, true]);
  assert.ok(Math.abs(g4spec.draft_bytes - 2301870912) < 1e-3, g4spec.draft_bytes);
  assert.equal(spec.value.rows[4].draft_bytes, 0);
  // A named draft, 8e9 parameters: 8e9 * 2 / 4 = 4e9 B of weights and 10,737,418,240 * 8 / 70.6 B of cache.
  const named = core.planLevers(input, { speculative: true, acceptance_rate: 0.8, draft_tokens: 3, draft_cost_ratio: 0.05,
    draft_params: 8e9 });
  assert.ok(Math.abs(named.value.rows[5].draft_bytes - (4e9 + 10737418240 * 8 / 70.6)) < 1e-3);
  const badDraft = core.planLevers(input, { speculative: true, acceptance_rate: 0.8, draft_tokens: 3, draft_cost_ratio: 0.05,
    draft_params: 0.5 });
  assert.deepEqual([badDraft.ok, badDraft.field], [false, 'draft_params']);
  const badSpec = core.planLevers(input, { speculative: true, acceptance_rate: 2, draft_tokens: 3, draft_cost_ratio: 0.05 });
  assert.equal(badSpec.ok, false);
  assert.equal(badSpec.field, 'acceptance_rate');
});

test('fields that are not own plain properties, and a pasted megabyte of key, are refused with a bounded sentence', () => {
  const inherited = core.plan(Object.create(core.DEFAULT_INPUT));
  assert.equal(inherited.ok, false);
  assert.equal(inherited.field, '');
  assert.match(inherited.error, /own plain property/);
  const hidden = { ...core.DEFAULT_INPUT };
  Object.defineProperty(hidden, 'batch', { value: 8, enumerable: false });
  assert.match(core.plan(hidden).error, /own plain property/);
  const long = core.plan({ ...core.DEFAULT_INPUT, ['x'.repeat(1e6)]: 1 });
  assert.equal(long.ok, false);
  assert.equal(long.field, `${'x'.repeat(60)}…`);
  assert.ok(long.error.length < 1000, `error of ${long.error.length} characters`);
});

test('planHardware ranks GPU types by cost per million tokens at typed prices, rows with the plan and cost fields', () => {
  // The 70B case of tests/budget/test_planner.cpp ("plan_hardware: cost per million tokens worked by hand").
  const input = { ...core.DEFAULT_INPUT, total_params: 70.6e9, layers: 80, query_heads: 64, kv_heads: 8,
    head_dim: 128, batch: 32, context_tokens: 4096, prompt_tokens: 4096, bandwidth_bytes_per_s: 2.68e12,
    flops_per_s: 494.75e12, ttft_target_s: 1, per_request_target_tokens_per_s: 20 };
  const hardwareNames = core.declaration.inputs.filter((f) => f.group === 'Hardware').map((f) => f.name);
  const gpu = Object.fromEntries(hardwareNames.map((n) => [n, input[n]]));
  const r = core.planHardware(input, [{ ...gpu, price_per_gpu_hour: 2 }, { ...gpu, price_per_gpu_hour: 1 }]);
  assert.equal(r.ok, true, r.error);
  assert.equal(r.value.rows.length, 48);
  const names = [...core.declaration.results.plan_levers, ...core.declaration.results.plan_hardware].map((f) => f.name);
  for (const row of r.value.rows) assert.deepEqual(Object.keys(row), names);
  const keep = r.value.rows[r.value.cheapest_row];
  assert.deepEqual([keep.option, keep.weight_bytes_per_param, keep.cache_bytes_per_value, keep.gpus, keep.cheapest_by_cost],
    [1, 2, 2, 4, true]);
  // $1/GPU-hour * 4 GPUs / 3600 s / (32 * 48.40795576 = 1,549.05458 tok/s) * 1e6 = $0.717283 per million output
  // tokens; * 0.34235208 s TTFT / 4,096 prompt tokens * 1e6 = $0.0928689 per million input tokens.
  // Within 1e-9: the speeds are those worked to 10 digits in test_planner.cpp.
  const near = (a, e) => assert.ok(Math.abs(a - e) <= 1e-9 * e, `${a} != ${e}`);
  near(keep.cost_per_million_output_tokens, 0.717283381979);
  near(keep.cost_per_million_input_tokens, 0.0928689458518);
  const changing = r.value.rows[r.value.cheapest_changing_output_row];
  assert.equal(changing.cheapest_by_cost_changing_output, true);
  assert.ok(changing.cost_per_million_output_tokens < keep.cost_per_million_output_tokens);
  // A row that does not fit has no cost (null) and comes last.
  const last = r.value.rows.at(-1);
  assert.equal(last.fits, false);
  assert.equal(last.cost_per_million_output_tokens, null);
  // No price: 0, no mark; the price may be left out.
  const free = core.planHardware(input, [gpu]);
  assert.equal(free.ok, true, free.error);
  assert.equal(free.value.cheapest_row, -1);
  assert.equal(free.value.rows[2].cost_per_million_output_tokens, 0);
  // Refusals: a bad price names its option; a missing Hardware field; not an array; too many options.
  const badPrice = core.planHardware(input, [gpu, { ...gpu, price_per_gpu_hour: -1 }]);
  assert.equal(badPrice.ok, false);
  assert.equal(badPrice.field, 'price_per_gpu_hour');
  assert.match(badPrice.error, /^hardware option 1: /);
  assert.equal(core.planHardware(input, [{ price_per_gpu_hour: 2 }]).field, 'gpu_memory_bytes');
  assert.equal(core.planHardware(input, 'H100').field, 'options');
  assert.equal(core.planHardware(input, []).field, 'options');
  const many = core.planHardware(input, Array.from({ length: 65 }, () => gpu));
  assert.equal(many.field, 'options');
  assert.match(many.error, /1 to 64 hardware options; got 65/);
  // The price reads through the core's field reader (the range is planHardware's to check, as above).
  assert.equal(core.readField('price_per_gpu_hour', '2.50').value, 2.5);
  assert.equal(core.readField('price_per_gpu_hour', 'two dollars').ok, false);
});
