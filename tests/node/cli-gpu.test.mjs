// budget-table --gpu ID and --gpu list: the GPU inputs come from
// content/presets.json as the CLI was built (tools/cli/gpu_presets.cmake), input
// flags override them wherever they stand, and the figures are the presets' own.
// Built by tools/budget-table (the wrapper builds the CLI first, from any
// directory), so this runs from a fresh clone.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO, assertClose } from './reference.mjs';

const WRAPPER = path.join(REPO, 'tools/budget-table');
const PRESETS = JSON.parse(fs.readFileSync(path.join(REPO, 'content/presets.json'), 'utf8'));

/** Runs the wrapper from a directory outside the repository: it must not need one. */
function run(args) {
  const r = spawnSync(WRAPPER, args, { encoding: 'utf8', cwd: os.tmpdir() });
  if (r.error) throw r.error;
  return r;
}
const json = (args) => {
  const r = run([...args, '--json']);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
};

test('--gpu list prints every GPU preset: id, label and source, tab-separated, in the file\'s order', () => {
  const r = run(['--gpu', 'list']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  assert.deepEqual(r.stdout.split('\n').filter(Boolean), PRESETS.gpus.map((g) => `${g.id}\t${g.label}\t${g.source}`));
  // At least the six new cards besides today's six.
  for (const id of ['b200-hgx-180gb', 'h100-pcie-80gb', 'l40s-48gb', 'a10g-24gb', 'mi300x-192gb', 'apple-m2-max-96gb']) {
    assert.match(r.stdout, new RegExp(`^${id}\t`, 'm'));
  }
});

test('--gpu h100-sxm-80gb sets the GPU inputs: the card\'s 81,559 MiB and the usable 2.68 TB/s', () => {
  // The lesson's 7B, GQA-8, 16 bits, B = 16, n = 8,192: 31,179,869,184 B, read once per step at
  // 3.35e12 x 0.8 = 2.68e12 B/s: 31,179,869,184 / 2.68e12 = 11.634 ms (memory-bound; the
  // arithmetic, 2 x 7e9 x 16 / 494.75e12 = 0.45 ms, is far below).
  const [row] = json(['--gpu', 'h100-sxm-80gb', '--kv-heads', '8']);
  assert.equal(row.total_bytes, 31179869184);
  assertClose(row.step_s, 31179869184 / 2.68e12, 'step_s');
  // The header names the capacity: 81,559 x 1,048,576 = 85,520,809,984 B = 85.5 GB = 79.6 GiB.
  const table = run(['--gpu', 'h100-sxm-80gb', '--kv-heads', '8']);
  assert.match(table.stdout.split('\n')[0], /Fits 85\.5 GB = 79\.6 GiB\?/);
});

test('input flags override the preset wherever they stand', () => {
  for (const args of [['--gpu', 'h100-sxm-80gb', '--gpu-memory-bytes', '80e9'], ['--gpu-memory-bytes', '80e9', '--gpu', 'h100-sxm-80gb']]) {
    const r = run([...args, '--kv-heads', '8']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout.split('\n')[0], /Fits 80 GB\?/, args.join(' '));
  }
  // Bandwidth given by flag: 31,179,869,184 B / 1e12 B/s = 31.18 ms, the lesson's own step.
  const [row] = json(['--bandwidth-bytes-per-s', '1e12', '--gpu', 'h100-sxm-80gb', '--kv-heads', '8']);
  assertClose(row.step_s, 0.031179869184, 'step_s');
});

test('--gpu sets the 8-bit rate: FP8 halves the prefill on an H100, not on an M2 Max that has no 8-bit path', () => {
  // The prefill of 8,192 tokens is arithmetic-bound: its FLOP over 494.75e12 at 16 bits, over
  // 989.5e12 (1,979e12 dense FP8 x 0.5) with 8-bit weights and activations: half the time.
  const base = ['--kv-heads', '8', '--weight-bytes-per-param', '1'];
  const h100 = (b) => json(['--gpu', 'h100-sxm-80gb', ...base, '--activation-bytes-per-value', b])[0].ttft_s;
  assertClose(h100('1') / h100('2'), 0.5, 'H100 FP8 / weight-only 8-bit');
  // The M2 Max preset gives no 8-bit rate, so flops_8bit_per_s keeps its default 0 ("same as the 16-bit rate").
  const mac = (b) => json(['--gpu', 'apple-m2-max-96gb', ...base, '--activation-bytes-per-value', b])[0];
  assert.equal(mac('1').ttft_s, mac('2').ttft_s);
  // Its decode step: 7e9 B of 8-bit weights + 17,179,869,184 B of cache over 400e9 x 0.8 = 320e9 B/s.
  assertClose(mac('2').step_s, (7e9 + 17179869184) / 320e9, 'M2 Max step_s');
});

test('a GPU preset id that does not exist is a one-line error naming the ids; a count points to --gpus', () => {
  const r = run(['--gpu', 'h100']);
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, `budget-table: --gpu: 'h100' is not a GPU preset of content/presets.json (the ids: ${PRESETS.gpus.map((g) => g.id).join(', ')})\n`);
  const count = run(['--gpu', '4']);
  assert.equal(count.status, 2);
  assert.match(count.stderr, /for a number of GPUs use --gpus/);
  assert.equal(run(['--gpu']).status, 2);
});
