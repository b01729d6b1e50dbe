// budget-table --runtime vllm [--max-num-seqs N]: the runtime inputs an estimate
// of vLLM's startup gives (src/budget/vllm_runtime.h), on the model --hf-config
// reads and the GPU --gpu sets; input flags win. Golden values are worked in
// tests/budget/test_vllm_runtime.cpp (Llama 3.1 8B, 131,072 B of cache per token).
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './reference.mjs';

const WRAPPER = path.join(REPO, 'tools/budget-table');
const LLAMA_8B = path.join(REPO, 'tests/data/hf-configs/llama-3.1-8b.json');
const GIB = 1073741824;

function run(args) {
  const r = spawnSync(WRAPPER, args, { encoding: 'utf8', cwd: os.tmpdir() });
  if (r.error) throw r.error;
  return r;
}
const row = (args) => {
  const r = run([...args, '--json']);
  assert.equal(r.status, 0, r.stderr);
  const rows = JSON.parse(r.stdout);
  assert.equal(rows.length, 1);
  return rows[0];
};

test('Llama 3.1 8B at its full context on one H100 and one RTX 4090 at vLLM\'s defaults', () => {
  // H100: 0.9 x 85,520,809,984 - 16,060,522,496 - 9.7 x 1,024 x 128,256 x 4 - 0.13 GiB = 55,672,855,265 B.
  const h100 = row(['--hf-config', LLAMA_8B, '--gpu', 'h100-sxm-80gb', '--runtime', 'vllm', '--context-tokens', '131072']);
  assert.equal(h100.kv_capacity_tokens, 424750);
  assert.ok(Math.abs(h100.max_concurrency - 3.2405866814) < 1e-9);
  // RTX 4090: 256 sequences (under 70 GiB): 0.9 x 25,757,220,864 - 16,060,522,496 - 1,273,941,196.8 - 0.13 GiB.
  const rtx = row(['--hf-config', LLAMA_8B, '--gpu', 'rtx-4090-24gb', '--runtime', 'vllm', '--context-tokens', '131072']);
  assert.equal(rtx.kv_capacity_tokens, 43544);
  // --max-num-seqs 256 on the H100 (as vLLM does on an A100): the peak is a quarter, 1.19 GiB.
  const fewer = row(['--hf-config', LLAMA_8B, '--gpu', 'h100-sxm-80gb', '--runtime', 'vllm', '--max-num-seqs', '256',
    '--context-tokens', '131072']);
  assert.equal(fewer.kv_capacity_tokens, Math.floor((55672855265.28 + (1024 - 256) * 9.7 * 128256 * 4) / 131072));
});

test('the table says what the estimate assumed; a flag given keeps its value', () => {
  const r = run(['--hf-config', LLAMA_8B, '--gpu', 'h100-sxm-80gb', '--runtime', 'vllm', '--headroom-fraction', '0.05']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /--runtime vllm \(an estimate of vLLM's startup\): .*warm-up peak 4\.75 GiB \(9\.7 x 1,024 sequences x 128,256-token vocabulary x 4 B\), non-torch memory 0\.13 GiB per GPU; kept as given: --headroom-fraction\./);
  // The A100 80 GB holds more than 70 GiB, but vLLM excepts it by name: 256 sequences, 1.19 GiB.
  const a100 = run(['--hf-config', LLAMA_8B, '--gpu', 'a100-80gb-sxm', '--runtime', 'vllm']);
  assert.equal(a100.status, 0, a100.stderr);
  assert.match(a100.stdout, /warm-up peak 1\.19 GiB \(9\.7 x 256 sequences/);
  // Tensor parallel over 2: the 2-GPU non-torch figure.
  const tp = run(['--hf-config', LLAMA_8B, '--gpu', 'h100-sxm-80gb', '--gpus', '2', '--runtime', 'vllm']);
  assert.equal(tp.status, 0, tp.stderr);
  assert.match(tp.stdout, /non-torch memory 0\.55 GiB per GPU\./);
  // An explicit peak wins over the estimate: 0 B of activations gives the cache back.
  const base = row(['--hf-config', LLAMA_8B, '--gpu', 'h100-sxm-80gb', '--runtime', 'vllm', '--context-tokens', '131072',
    '--activation-peak-bytes', '0']);
  assert.equal(base.kv_capacity_tokens, Math.floor((0.9 * 85520809984 - 16060522496 - 0.13 * GIB) / 131072));
});

test('refusals name the flag and the reason, on stderr, with status 2', () => {
  const cases = [
    [['--runtime', 'vllm'], /^budget-table: --runtime vllm: vocab_size must be known .*\(--vocab-size or --hf-config\)\n$/],
    [['--runtime', 'sglang'], /^budget-table: --runtime: 'sglang' is not a runtime the estimate knows \(vllm\)\n$/],
    [['--max-num-seqs', '8'], /^budget-table: --max-num-seqs is a --runtime vllm or --simulate option/],
    [['--runtime', 'vllm', '--vocab-size', '32000', '--max-num-seqs', '2.5'], /^budget-table: --max-num-seqs: max_num_seqs must be/],
    [['--runtime', 'vllm', '--vocab-size', '32000', '--max-num-seqs', '2e6'], /^budget-table: --max-num-seqs: max_num_seqs must be/],
    [['--vocab-size', '-1'], /^budget-table: --vocab-size: vocab_size must be/],
  ];
  for (const [args, pattern] of cases) {
    const r = run(args);
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stdout, '');
    assert.match(r.stderr, pattern, args.join(' '));
  }
});
