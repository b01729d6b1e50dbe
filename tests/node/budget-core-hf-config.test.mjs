// The facade's config.json importer (web/core/budget-core.js importHfConfig)
// over the wasm core: what it returns for the fixtures, that its inputs plug
// into plan(), and its refusals as values (never throws).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import '../../web/core/importer-module.js';
import { REPO } from './reference.mjs';

const core = await loadBudgetCore();
const fixture = (name) => fs.readFileSync(path.join(REPO, 'tests/data/hf-configs', name), 'utf8');

test('importHfConfig reads gpt-oss-20b: counts, layer mix, experts, context, notes', async () => {
  const r = await core.importHfConfig(fixture('gpt-oss-20b.json'));
  assert.equal(r.ok, true);
  assert.equal(r.error, null);
  // Worked in tests/budget/test_hf_config.cpp: 20,914,757,184 in all, 4,187,440,704 per token.
  assert.deepEqual(r.inputs, {
    total_params: 20914757184,
    active_params: 4187440704,
    layers: 24,
    query_heads: 64,
    kv_heads: 8,
    head_dim: 64,
    sliding_window_tokens: 128,
    sliding_window_layers: 12,
    latent_kv_dim: 0,
    experts: 32,
    experts_per_token: 4,
    model_max_context_tokens: 131072,
    vocab_size: 201088,
  });
  // Every key is a declared input, in declaration order.
  const declared = core.declaration.inputs.map((f) => f.name);
  const keys = Object.keys(r.inputs);
  assert.deepEqual(keys, declared.filter((name) => keys.includes(name)));
  assert.ok(r.notes.some((n) => n.includes('12 of 24 layers use a 128-token sliding window')));
  assert.ok(r.notes.every((n) => typeof n === 'string' && n.length > 0));
});

test('importHfConfig\'s inputs plug into plan(): Gemma 2 9B at 8,192 tokens holds 2,113,929,216 B of KV cache', async () => {
  const r = await core.importHfConfig(fixture('gemma-2-9b-it.json'));
  assert.equal(r.ok, true);
  const out = core.plan({ ...core.DEFAULT_INPUT, ...r.inputs, batch: 1, context_tokens: 8192 });
  assert.equal(out.ok, true, out.error);
  assert.equal(out.value.kv_cache_bytes, 2113929216);
});

test('importHfConfig refuses with {field, message}, inputs {} and notes []', async () => {
  const cases = [
    ['{"model_type": "mamba"}', 'model_type', /"mamba" is not an architecture this importer reads/],
    ['{"model_type": "llama",', 'config.json', /not valid JSON at byte 23/],
    [fixture('qwen3-8b.json').replace('"num_key_value_heads": 8', '"num_key_value_heads": 7'), 'num_key_value_heads',
      /must divide num_attention_heads \(32\)/],
    [`"${'x'.repeat(3 << 20)}"`, 'config.json', /longer than 1048576 bytes/],
    [42, 'config.json', /must be given as text \(got a number\)/],
  ];
  for (const [text, field, pattern] of cases) {
    const r = await core.importHfConfig(text);
    assert.equal(r.ok, false);
    assert.equal(r.error.field, field);
    assert.match(r.error.message, pattern);
    assert.deepEqual(r.inputs, {});
    assert.deepEqual(r.notes, []);
  }
});

test('vllmRuntime() on an imported model: the startup figures vLLM would print for gpt-oss-20b on an H100', async () => {
  const r = await core.importHfConfig(fixture('gpt-oss-20b.json'));
  const input = { ...core.DEFAULT_INPUT, ...r.inputs, gpu_memory_bytes: 81559 * 1048576 };
  const est = core.vllmRuntime(input);
  assert.equal(est.ok, true, est.error);
  // 9.7 x 1,024 x 201,088 x 4 B = 7.44 GiB; llm-d measured 7.38 GiB (0.8 % below).
  assert.equal(est.value.max_num_seqs, 1024);
  assert.ok(Math.abs(est.value.activation_peak_bytes - 9.7 * 1024 * 201088 * 4) < 1);
  assert.ok(Math.abs(est.value.runtime_reserve_bytes - 0.13 * 1073741824) < 1);
  assert.ok(Math.abs(est.value.headroom_fraction - 0.1) < 1e-12);
  // The names are the declaration's.
  assert.deepEqual(Object.keys(est.value), core.declaration.results.vllm_runtime.map((f) => f.name));
  // 256 sequences, as vLLM takes on an A100: a quarter of the peak.
  assert.ok(Math.abs(core.vllmRuntime(input, 256).value.activation_peak_bytes - est.value.activation_peak_bytes / 4) < 1);
});

test('vllmRuntime() refuses an unknown vocabulary and a bad max_num_seqs by name, with no NaN', () => {
  const unknown = core.vllmRuntime({ ...core.DEFAULT_INPUT });
  assert.equal(unknown.ok, false);
  assert.equal(unknown.field, 'vocab_size');
  // Begins with the field's name, as every range message does.
  assert.match(unknown.error, /^vocab_size must be known \(a whole number from 1 to 1e7\) for the estimate of vLLM/);
  for (const bad of [2.5, -1, 2e6, NaN, '8']) {
    const res = core.vllmRuntime({ ...core.DEFAULT_INPUT, vocab_size: 32000 }, bad);
    assert.equal(res.ok, false, String(bad));
    assert.equal(res.field, 'max_num_seqs', String(bad));
    assert.doesNotMatch(res.error, /NaN|Infinity/);
  }
  const badInput = core.vllmRuntime({ ...core.DEFAULT_INPUT, vocab_size: 32000, kv_heads: 5 });
  assert.equal(badInput.field, 'kv_heads');
});
