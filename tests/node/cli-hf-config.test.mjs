// budget-table --hf-config FILE: the model inputs come from a Hugging Face
// config.json (the core's importer, src/budget/hf_config.h); input flags win;
// --json rows then carry the model's parameter counts and per-token KV bytes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './reference.mjs';

const CLI = path.join(REPO, 'build/native/budget-table');
const CONFIGS = path.join(REPO, 'tests/data/hf-configs');

function run(args) {
  const result = spawnSync(CLI, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  return result;
}

test('--hf-config sets the model from the file: Gemma 2 9B\'s KV cache at 8,192 tokens', () => {
  const { status, stdout, stderr } = run(['--hf-config', path.join(CONFIGS, 'gemma-2-9b-it.json'), '--json',
    '--batch', '1', '--context-tokens', '8192']);
  assert.equal(status, 0, stderr);
  const rows = JSON.parse(stdout);
  assert.equal(rows.length, 1);
  const [row] = rows;
  assert.equal(row.total_params, 9241705984);
  assert.equal(row.active_params, 9241705984);  // dense: the total
  assert.equal(row.weight_bytes, 2 * 9241705984);
  // 2 x 42 layers x 8 KV heads x 256 x 2 B = 344,064 B per token below the window; at 8,192 tokens
  // 21 full layers hold 8,192 tokens and 21 windowed ones 4,096: 8,192 B x 258,048 = 2,113,929,216 B.
  assert.equal(row.kv_cache_bytes_per_token, 344064);
  assert.equal(row.kv_cache_bytes, 2113929216);
  // The agreed keys come first, the model's three last.
  assert.deepEqual(Object.keys(row).slice(-5), ['total_params', 'active_params', 'kv_cache_bytes_per_token',
    'kv_capacity_tokens', 'max_concurrency']);
});

test('--hf-config: input flags override the file wherever they are given', () => {
  const file = path.join(CONFIGS, 'qwen3-30b-a3b.json');
  for (const args of [['--hf-config', file, '--total-params', '31e9'], ['--total-params', '31e9', '--hf-config', file]]) {
    const { status, stdout, stderr } = run([...args, '--json']);
    assert.equal(status, 0, stderr);
    const [row] = JSON.parse(stdout);
    assert.equal(row.total_params, 31e9);
    assert.equal(row.active_params, 3353032704);  // from the file
    // 2 x 48 layers x 4 KV heads x 128 x 2 B.
    assert.equal(row.kv_cache_bytes_per_token, 98304);
  }
});

test('--hf-config: DeepSeek-V2-Lite caches one latent vector per token and layer', () => {
  const { status, stdout, stderr } = run(['--hf-config', path.join(CONFIGS, 'deepseek-v2-lite.json'), '--json',
    '--batch', '1', '--context-tokens', '4096']);
  assert.equal(status, 0, stderr);
  const [row] = JSON.parse(stdout);
  assert.equal(row.total_params, 15706484224);
  assert.equal(row.active_params, 2661150208);
  // 27 layers x (512 + 64) values x 2 B = 31,104 B per token; 4,096 tokens: 127,401,984 B.
  assert.equal(row.kv_cache_bytes_per_token, 31104);
  assert.equal(row.kv_cache_bytes, 127401984);
});

test('--hf-config: the table prints the importer\'s notes; a default context past the model\'s limit is capped', () => {
  const { status, stdout, stderr } = run(['--hf-config', path.join(CONFIGS, 'phi-3-mini-4k-instruct.json')]);
  assert.equal(status, 0, stderr);
  assert.match(stdout, /Read as phi3, counted the way huggingface\/transformers/);
  assert.match(stdout, /3,821,079,552 parameters/);
  assert.match(stdout, /the default 8192 is past the model's maximum context, so the row uses 4096/);
  // A context given on the command line is checked, not capped.
  const over = run(['--hf-config', path.join(CONFIGS, 'phi-3-mini-4k-instruct.json'), '--context-tokens', '8192']);
  assert.equal(over.status, 2);
  assert.match(over.stderr, /^budget-table: --context-tokens: context_tokens must be a whole number from 1 to model_max_context_tokens/);
});

test('--hf-config refusals name the flag, the file and the key; exit status 2', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-config-'));
  const write = (name, text) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const cases = [
    [[path.join(dir, 'missing.json')], /--hf-config .*missing\.json: cannot open the file/],
    [[write('mamba.json', '{"model_type": "mamba"}')],
      /--hf-config .*mamba\.json: model_type: model_type "mamba" is not an architecture this importer reads/],
    [[write('broken.json', '{"model_type": "llama",')], /config\.json: config\.json is not valid JSON at byte 23/],
    [[write('heads.json', '{"model_type": "llama", "vocab_size": 32000, "hidden_size": 4096, "num_hidden_layers": 2, '
      + '"num_attention_heads": 32, "num_key_value_heads": 7, "intermediate_size": 11008}')],
      /num_key_value_heads: num_key_value_heads \(7\) must divide num_attention_heads \(32\)/],
    [[write('big.json', `{"model_type": "llama", "pad": "${'x'.repeat(1 << 20)}"}`)], /larger than 1 MiB/],
  ];
  for (const [args, pattern] of cases) {
    const { status, stdout, stderr } = run(['--hf-config', ...args]);
    assert.equal(status, 2, `${args}: ${stderr}`);
    assert.equal(stdout, '');
    assert.match(stderr, pattern);
    assert.equal(stderr.trim().split('\n').length, 1, 'one line');
  }
  fs.rmSync(dir, { recursive: true });
});
