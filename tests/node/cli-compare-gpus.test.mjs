// budget-table --plan --compare-gpus ID[=PRICE],...: the planner over several GPU presets
// (plan_hardware in src/budget/planner.h), each row costed at its GPU's price per hour:
//   $ per million output tokens = price x G / 3600 / total_tokens_per_s x 1e6
//   $ per million input tokens  = price x G / 3600 x ttft_s / n_p x 1e6
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './reference.mjs';

const WRAPPER = path.join(REPO, 'tools/budget-table');
const LLAMA_8B = path.join(REPO, 'tests/data/hf-configs/llama-3.1-8b.json');
const WORKLOAD = ['--plan', '--hf-config', LLAMA_8B, '--batch', '32', '--context-tokens', '8192',
  '--ttft-target-s', '1', '--per-request-target-tokens-per-s', '30'];
const PRICES = { 'h100-sxm-80gb': 2.99, 'a100-80gb-sxm': 1.79 };

function run(args) {
  const r = spawnSync(WRAPPER, args, { encoding: 'utf8', cwd: os.tmpdir() });
  if (r.error) throw r.error;
  return r;
}

test('every row names its GPU and is costed at that GPU\'s price; the unpriced GPU is planned, not ranked', () => {
  const r = run([...WORKLOAD, '--compare-gpus', 'h100-sxm-80gb=2.99,a100-80gb-sxm=1.79,rtx-4090-24gb', '--json']);
  assert.equal(r.status, 0, r.stderr);
  const rows = JSON.parse(r.stdout);
  // 24 combinations a GPU at most (3 weight x 2 cache x 4 counts): the 8B's 8 KV heads split on 1, 2, 4, 8.
  assert.equal(rows.length, 3 * 24);
  for (const row of rows) {
    const price = PRICES[row.gpu] ?? 0;
    if (price === 0 || !row.fits) {
      assert.equal(row.cost_per_million_output_tokens, row.fits ? 0 : null, row.gpu);
      continue;
    }
    const out = price * row.gpus / 3600 / row.total_tokens_per_s * 1e6;
    assert.ok(Math.abs(row.cost_per_million_output_tokens - out) < 1e-9 * out, `${row.gpu} ${row.gpus}`);
    const input = price * row.gpus / 3600 * row.ttft_s / 8192 * 1e6;
    assert.ok(Math.abs(row.cost_per_million_input_tokens - input) < 1e-9 * input);
  }
  // Costed rows first, by output cost; the RTX 4090's rows after them.
  const costed = rows.filter((x) => x.cost_per_million_output_tokens > 0).map((x) => x.cost_per_million_output_tokens);
  assert.deepEqual(costed, [...costed].sort((a, b) => a - b));
  assert.ok(rows.slice(costed.length).every((x) => !(x.cost_per_million_output_tokens > 0)));
  // One cheapest row that keeps the output and meets both targets: 16-bit on one A100 at $1.79 an hour.
  const marked = rows.filter((x) => x.cheapest_by_cost);
  assert.equal(marked.length, 1);
  assert.deepEqual([marked[0].gpu, marked[0].gpus, marked[0].weight_bytes_per_param, marked[0].cache_bytes_per_value],
    ['a100-80gb-sxm', 1, 2, 2]);
  assert.equal(marked[0].meets_targets, true);
});

test('the table marks the cheapest per output token and says so below it', () => {
  const r = run([...WORKLOAD, '--compare-gpus', 'h100-sxm-80gb=2.99,a100-80gb-sxm=1.79']);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.match(lines[0], /^ +GPU +Weights +Cache +GPUs +Output .* \$\/M output +\$\/M input +Targets$/);
  assert.match(r.stdout, /^\* +a100-80gb-sxm +16-bit +16-bit +1 +kept .* \$0\.4803 .* met$/m);
  assert.match(r.stdout, /^\* cheapest per output token that keeps the output and meets every target: a100-80gb-sxm, 1 GPU, 16-bit weights, 16-bit cache, \$0\.4803 per million output tokens\.$/m);
});

test('refusals name the flag and the reason', () => {
  const cases = [
    [[...WORKLOAD, '--compare-gpus', 'h100-sxm-80gb=2.99,tpu-v5'], /^budget-table: --compare-gpus: 'tpu-v5' is not a GPU preset/],
    [[...WORKLOAD, '--compare-gpus', 'h100-sxm-80gb=1,h100-sxm-80gb=2'], /^budget-table: --compare-gpus: h100-sxm-80gb is given twice \(one price a GPU\)\n$/],
    [[...WORKLOAD, '--compare-gpus', 'h100-sxm-80gb=cheap'], /^budget-table: --compare-gpus h100-sxm-80gb: /],
    [[...WORKLOAD, '--compare-gpus', 'h100-sxm-80gb=-1'], /^budget-table: --compare-gpus h100-sxm-80gb=-1: price_per_gpu_hour must be 0 \(no price\) or a number from 0\.0001 to 1e6 \(got -1\)\n$/],
    [[...WORKLOAD, '--compare-gpus', 'h100-sxm-80gb,,a100-80gb-sxm'], /^budget-table: --compare-gpus: an empty item/],
    [['--compare-gpus', 'h100-sxm-80gb'], /^budget-table: --compare-gpus is a --plan option/],
    [[...WORKLOAD, '--gpu', 'l4-24gb', '--compare-gpus', 'h100-sxm-80gb'], /^budget-table: --compare-gpus gives the GPU of each option; --gpu cannot be combined with it/],
  ];
  for (const [args, pattern] of cases) {
    const r = run(args);
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stdout, '');
    assert.match(r.stderr, pattern, args.join(' '));
  }
});
