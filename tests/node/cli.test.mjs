// The native budget-table CLI (build/native/budget-table, built by tools/build):
// its JSON equals the lesson's reference rows; a bad flag is a one-line error, exit 2.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO, SEED, assertClose } from './reference.mjs';

const CLI = path.join(REPO, 'build/native/budget-table');

function run(args) {
  const result = spawnSync(CLI, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  return result;
}

test('--json prints the lesson\'s six rows with exactly the agreed keys', () => {
  const { status, stdout, stderr } = run(['--json']);
  assert.equal(status, 0, stderr);
  const rows = JSON.parse(stdout);
  assert.ok(Array.isArray(rows));
  assert.equal(rows.length, SEED.budget_rows.length);
  rows.forEach((row, i) => {
    const ref = SEED.budget_rows[i];
    assert.deepEqual(Object.keys(row).sort(), [
      'fits', 'kv_cache_bytes', 'label', 'per_request_tokens_per_s', 'step_s',
      'total_bytes', 'total_tokens_per_s', 'verdict', 'weight_bytes',
    ], `row ${i}`);
    assert.equal(typeof row.label, 'string');
    assert.equal(row.weight_bytes, ref.exact.weight_bytes, `row ${i} weight_bytes`);
    assert.equal(row.kv_cache_bytes, ref.exact.cache_bytes, `row ${i} kv_cache_bytes`);
    assert.equal(row.total_bytes, ref.exact.total_bytes, `row ${i} total_bytes`);
    assert.equal(row.fits, ref.displayed.fits_80gb, `row ${i} fits`);
    if (ref.displayed.fits_80gb) {
      // Every fitting lesson row leaves more than the 10 % headroom free.
      assert.equal(row.verdict, 'fits', `row ${i} verdict`);
      assertClose(row.step_s, ref.exact.step_s, `row ${i} step_s`);
      assertClose(row.per_request_tokens_per_s, ref.exact.per_request_tokens_per_s, `row ${i} per-request`);
      assertClose(row.total_tokens_per_s, ref.exact.total_tokens_per_s, `row ${i} total`);
    } else {
      assert.equal(row.verdict, 'does-not-fit', `row ${i} verdict`);
      assert.equal(row.step_s, null);
      assert.equal(row.per_request_tokens_per_s, null);
      assert.equal(row.total_tokens_per_s, null);
    }
  });
});

test('an unknown flag is a one-line error naming it, exit status 2', () => {
  const { status, stdout, stderr } = run(['--json', '--no-such-flag']);
  assert.equal(status, 2);
  assert.equal(stdout, '');
  const lines = stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, stderr);
  assert.match(lines[0], /--no-such-flag/);
});

test('a bad value is a one-line error naming the flag, exit status 2', () => {
  const { status, stderr } = run(['--json', '--batch', '-5']);
  assert.equal(status, 2);
  const lines = stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, stderr);
  assert.match(lines[0], /batch/);
});
