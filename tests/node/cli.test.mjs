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
      'comm_s', 'fits', 'kv_cache_bytes', 'label', 'per_gpu_bytes', 'per_request_tokens_per_s', 'step_s',
      'total_bytes', 'total_tokens_per_s', 'ttft_s', 'verdict', 'weight_bytes',
    ], `row ${i}`);
    // Issue 8's keys come last, so a parser reading the first nine keys keeps working.
    assert.deepEqual(Object.keys(row).slice(-3), ['per_gpu_bytes', 'comm_s', 'ttft_s'], `row ${i}`);
    assert.equal(row.per_gpu_bytes, ref.exact.total_bytes, `row ${i} per_gpu_bytes (one GPU holds it all)`);
    assert.equal(row.comm_s, 0, `row ${i} comm_s (one GPU)`);
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
      assert.equal(row.ttft_s, null);
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

// One-line error, exit status 2, nothing on stdout, no raw control character.
function assertBadFlag(args, pattern) {
  const { status, stdout, stderr } = run(args);
  assert.equal(status, 2, `${JSON.stringify(args)}: ${stdout}${stderr}`);
  assert.equal(stdout, '');
  const lines = stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, stderr);
  // eslint-disable-next-line no-control-regex
  assert.doesNotMatch(stderr.trimEnd(), /[\u0000-\u001f\u007f-\u009f]/);
  assert.match(lines[0], pattern);
}

test('labels with control characters are a bad flag, echoed without the raw codes', () => {
  assertBadFlag(['--label', 'x\u001b[31m'], /^budget-table: --label: .*control character U\+001B/);
  assertBadFlag(['--label', 'two\nlines'], /--label: .*U\+000A/);
  assertBadFlag(['--label', 'a\tb'], /U\+0009/);
  assertBadFlag(['--label', 'a\u202eb'], /U\+202E/);  // right-to-left override
  assertBadFlag(['--config', 'wb=2,label=a\nb'], /^budget-table: --config 'wb=2,label=a\\x0Ab': .*U\+000A/);
  // An unknown flag is echoed with its escape written out, not sent to the terminal.
  assertBadFlag(['--bo\u001bgus'], /unknown flag --bo\\x1Bgus/);
  // Printable text in any script is fine, in the table and in CSV.
  const { status, stdout } = run(['--label', 'é 7B «fp16»', '--csv']);
  assert.equal(status, 0);
  assert.match(stdout.split('\n')[1], /^"é 7B «fp16»",14000000000,/);
});

test('stray arguments are refused, also after --help', () => {
  assertBadFlag(['--help', 'extra'], /unexpected argument 'extra'/);
  assertBadFlag(['extra', '--help'], /unexpected argument 'extra'/);
  const { status, stdout } = run(['--help']);
  assert.equal(status, 0);
  assert.match(stdout, /^Usage: budget-table/);
  assert.match(stdout, /control character/);  // the label rule is documented
});

test('out-of-range numbers are refused with the text as typed', () => {
  assertBadFlag(['--batch', '1e400'], /^budget-table: --batch: "1e400" is out of range \(overflows\)$/);
  assertBadFlag(['--weight-bytes-per-param', '1e-400'], /--weight-bytes-per-param: "1e-400" is out of range \(underflows\)$/);
  assertBadFlag(['--gpu-memory-bytes', '1e-330'], /--gpu-memory-bytes: "1e-330" is out of range \(underflows\)$/);
  // 1e-310 is a subnormal double: it would lose digits, so it is refused too.
  assertBadFlag(['--gpu-memory-bytes', '1e-310'], /"1e-310" is out of range \(underflows\)$/);
  assertBadFlag(['--config', 'batch=1e400'], /--config 'batch=1e400': batch: "1e400" is out of range/);
});

test('only decimal numbers are accepted: no hex, inf, nan or blanks', () => {
  for (const text of ['0x10', '0X1p4', 'inf', 'Infinity', 'nan', '', ' 16', '16 ', '1e', '.', '+', '1,5']) {
    assertBadFlag(['--batch', text], /--batch: ".*" is not a decimal number/);
  }
  assertBadFlag(['--config', 'batch=0x10'], /batch: "0x10" is not a decimal number/);
  // Decimal spellings that are numbers still work: 1.6e1 = 16 requests.
  const { status, stdout } = run(['--json', '--batch', '1.6e1']);
  assert.equal(status, 0);
  assert.equal(JSON.parse(stdout)[0].label, '16-bit weights, MHA (32 KV heads), 16-bit cache, B=16');
});

test('a flag given twice is a bad flag; --config may repeat', () => {
  assertBadFlag(['--batch', '1', '--batch', '2'], /^budget-table: --batch given twice/);
  assertBadFlag(['--batch=1', '--batch', '2'], /--batch given twice/);
  assertBadFlag(['--label', 'a', '--label', 'b'], /--label given twice/);
  assertBadFlag(['--json', '--json'], /--json given twice/);
  assertBadFlag(['--config', 'wb=1,weight_bytes_per_param=2'], /'weight_bytes_per_param' given twice/);
  const { status, stdout } = run(['--json', '--config', 'batch=1', '--config', 'batch=2']);
  assert.equal(status, 0);
  assert.equal(JSON.parse(stdout).length, 2);
});

test('the footer has no tight note when the headroom is 0', () => {
  const { status, stdout } = run(['--headroom-fraction', '0']);
  assert.equal(status, 0);
  const footer = stdout.trimEnd().split('\n').at(-1);
  assert.equal(footer, '1 GB = 1e9 bytes.');
  assert.doesNotMatch(stdout, /less than 0/);
  // The default 0.1 keeps the lesson's note.
  assert.match(run([]).stdout, /tight = fits but leaves less than 10% of GPU memory free; 1 GB = 1e9 bytes\.\n$/);
});

test('the Fits header shows GPU memory readably at any size', () => {
  const header = (args) => run(args).stdout.split('\n')[0];
  assert.match(header([]), /Fits 80 GB\?/);
  assert.match(header(['--gpu-memory-bytes', '48e9']), /Fits 48 GB\?/);
  assert.match(header(['--gpu-memory-bytes', '1e-300']), /Fits 1e-300 B\?/);
  assert.match(header(['--gpu-memory-bytes', '512']), /Fits 512 B\?/);
  assert.match(header(['--gpu-memory-bytes', '1e15']), /Fits 1e6 GB\?/);  // 1e15 B = 1e6 GB
});

// A tiny model: P = 1000, L = H = H_kv = d_h = 1, n = 1, b_w = b_c = 0.01.
// weights 1000 x 0.01 = 10 B; cache 2 x 1 x 1 x 1 x 0.01 x 1 x B = 0.02·B bytes.
const TINY = ['--total-params', '1e3', '--layers', '1', '--query-heads', '1', '--kv-heads', '1',
  '--head-dim', '1', '--context-tokens', '1', '--weight-bytes-per-param', '0.01',
  '--cache-bytes-per-value', '0.01', '--flops-per-s', '1e19', '--label', 'tiny'];

function tinyCells(args) {
  const { status, stdout, stderr } = run([...TINY, ...args]);
  assert.equal(status, 0, stderr);
  const row = stdout.split('\n')[1];
  return row.trim().split(/ {2,}/);  // cells are separated by at least two spaces
}

test('very large speeds print the same way in both speed columns', () => {
  // B = 1000, BW = 1e16: memory 30 B / 1e16 = 3e-15 s, compute 2·1000·1000 / 1e19
  // = 2e-13 s binds; per request 1 / 2e-13 = 5e12 tok/s, total 1000× = 5e15 tok/s.
  let cells = tinyCells(['--batch', '1000', '--bandwidth-bytes-per-s', '1e16']);
  assert.equal(cells[5], '5e12 tok/s');
  assert.equal(cells[6], '5e15 tok/s');
  // B = 1, BW = 1e9: memory 10.02 B / 1e9 = 1.002e-8 s binds (compute 2e-16 s);
  // 1 / 1.002e-8 = 99,800,399.2 tok/s: below 1e12 both columns group digits.
  cells = tinyCells(['--batch', '1', '--bandwidth-bytes-per-s', '1e9']);
  assert.equal(cells[5], '99,800,399.2 tok/s');
  assert.equal(cells[6], '99,800,399 tok/s');
  // B = 1, BW = 1e16: 10.02 / 1e16 = 1.002e-15 s; 1 / 1.002e-15 = 9.98004e14 -> 3 digits.
  cells = tinyCells(['--batch', '1', '--bandwidth-bytes-per-s', '1e16']);
  assert.equal(cells[5], '9.98e14 tok/s');
  assert.equal(cells[6], '9.98e14 tok/s');
});
