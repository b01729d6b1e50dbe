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
      'active_params', 'comm_s', 'fits', 'kv_cache_bytes', 'kv_cache_bytes_per_token', 'kv_capacity_tokens', 'label',
      'max_concurrency', 'per_gpu_bytes', 'per_request_tokens_per_s', 'step_s', 'total_bytes', 'total_params',
      'total_tokens_per_s', 'ttft_s', 'verdict', 'weight_bytes',
    ], `row ${i}`);
    // Later keys come after the first nine, so a parser reading those keeps working: the
    // several-GPU keys, then the model and vLLM's startup figures.
    assert.deepEqual(Object.keys(row).slice(9), ['per_gpu_bytes', 'comm_s', 'ttft_s', 'total_params', 'active_params',
      'kv_cache_bytes_per_token', 'kv_capacity_tokens', 'max_concurrency'], `row ${i}`);
    // The lesson's 7B (7e9 parameters, dense): 72 GB within the 10 % headroom less 7e9 x b_w of weights,
    // over 2 x 32 x H_kv x 128 x b_c bytes per token.
    assert.equal(row.total_params, 7e9);
    assert.equal(row.active_params, 7e9);
    assert.equal(row.kv_capacity_tokens, Math.max(0, Math.floor((72e9 - ref.exact.weight_bytes) / (row.kv_cache_bytes / (ref.inputs.batch * 8192)))), `row ${i} kv_capacity_tokens`);
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

test('a 100 KB flag value, flag name or --config is echoed as its first 80 bytes and an ellipsis', () => {
  const big = 'x'.repeat(100000);
  assertBadFlag(['--batch', big], new RegExp(`^budget-table: --batch: "${'x'.repeat(80)}…" is not a decimal number`));
  assertBadFlag([`--batch=${big}`], new RegExp(`^budget-table: --batch: "${'x'.repeat(80)}…" is not a decimal number`));
  assertBadFlag([`--${big}`], new RegExp(`^budget-table: unknown flag --${'x'.repeat(78)}… \\(see --help\\)$`));
  assertBadFlag([big], new RegExp(`^budget-table: unexpected argument '${'x'.repeat(80)}…'`));
  // The --config is named by its start, and so is the unknown key inside it.
  assertBadFlag(['--config', `wb=2,${big}=1`],
    new RegExp(`^budget-table: --config 'wb=2,${'x'.repeat(75)}…': unknown key '${'x'.repeat(80)}…' \\(keys: `));
  // A multi-byte character is never cut: 79 ASCII bytes and then a 3-byte one do not fit in 80.
  assertBadFlag(['--batch', `${'7'.repeat(79)}€€€`], new RegExp(`^budget-table: --batch: "${'7'.repeat(79)}…" is not`));
  for (const args of [['--batch', big], [`--${big}`], ['--config', `wb=2,${big}=1`]]) {
    const { stderr } = run(args);
    assert.ok(stderr.length < 400, `${args[0].slice(0, 10)}: ${stderr.length} characters echoed`);
  }
});

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
  // An exponent of any length is read, and still refused when out of range.
  assertBadFlag(['--batch', '1e00000000000000000000400'], /"1e00000000000000000000400" is out of range \(overflows\)$/);
  // Below the field's range, 1 byte, the core's range check names the field and the value as typed.
  assertBadFlag(['--gpu-memory-bytes', '0.5'], /gpu_memory_bytes must be a number from 1 to 1e15 \(got 0\.5\)/);
});

test('a flag reads 17-digit text to the same double as Number() (the core\'s correctly rounded reader)', () => {
  // The page's earlier reader took 3892613384.1076283 for 3892613384.1076279. The lesson's
  // rows hold weights at 2, 1 and 0.5 bytes per parameter: exact multiples of the parameters,
  // and --json writes the shortest text that reads back, so the double read arrives unchanged.
  const P = Number('3892613384.1076283');
  const { status, stdout, stderr } = run(['--json', '--total-params', '3892613384.1076283']);
  assert.equal(status, 0, stderr);
  assert.deepEqual(JSON.parse(stdout).map((row) => row.weight_bytes), [2 * P, 2 * P, P, P / 2, 2 * P, 2 * P]);
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
  assert.match(header(['--gpu-memory-bytes', '1']), /Fits 1 B\?/); // the field's lower end, 1 byte
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

// ------------------------------------- several GPUs, prefill, targets ---

// Llama 3.1 70B (P = 70.6e9, L = 80, H_q = 64, H_kv = 8, d_h = 128) on the H100 SXM
// preset's usable figures, 32 users with 4096-token prompts, TTFT <= 1 s, 20 tok/s each.
const LLAMA70B_H100 = ['--total-params', '70.6e9', '--layers', '80', '--query-heads', '64', '--kv-heads', '8',
  '--head-dim', '128', '--batch', '32', '--context-tokens', '4096', '--prompt-tokens', '4096',
  '--bandwidth-bytes-per-s', '2.68e12', '--flops-per-s', '494.75e12',
  '--ttft-target-s', '1', '--per-request-target-tokens-per-s', '20'];

test('--gpus 1 prints exactly what no --gpus prints, in every format', () => {
  for (const format of [[], ['--json'], ['--csv']]) {
    const plain = run(format);
    const one = run([...format, '--gpus', '1']);
    assert.equal(one.status, 0, one.stderr);
    assert.equal(one.stdout, plain.stdout, `format ${format.join(' ') || 'table'}`);
  }
});

test('the new inputs are flags and --config keys; JSON and CSV rows gain per_gpu_bytes, comm_s and ttft_s', () => {
  // The lesson's GQA-8 row on 2 GPUs: per GPU 7e9 + 2*32*4*128*8192*16*2 = 15,589,934,592 B;
  // comm 64*(16*4096*2/450e9 + 20e-6) = 1.2986413511e-3 s.
  const flags = run(['--json', '--kv-heads', '8', '--gpus', '2']);
  assert.equal(flags.status, 0, flags.stderr);
  const [row] = JSON.parse(flags.stdout);
  assert.equal(row.total_bytes, 31179869184);
  assert.equal(row.per_gpu_bytes, 15589934592);
  assertClose(row.comm_s, 64 * (131072 / 450e9 + 20e-6), 'comm_s');
  assertClose(row.step_s, 15589934592 / 1e12 + 64 * (131072 / 450e9 + 20e-6), 'step_s');
  // The prompt is the whole context (8192): 2*7e9*8192 + 4*32*32*128*8192*8193/2 FLOP over 2*4e13 FLOP/s,
  // plus 64*(8192*4096*2/450e9 + 20e-6) of all-reduces.
  const flops = 2 * 7e9 * 8192 + 4 * 32 * 32 * 128 * (8192 * 8193 / 2);
  assertClose(row.ttft_s, flops / 8e13 + 64 * (8192 * 4096 * 2 / 450e9 + 20e-6), 'ttft_s');
  // The same through --config keys named as the inputs.
  const config = run(['--json', '--config', 'kv=8,gpus=2,interconnect_bytes_per_s=450e9,allreduce_latency_s=20e-6']);
  assert.equal(config.status, 0, config.stderr);
  assert.deepEqual(JSON.parse(config.stdout)[0].per_gpu_bytes, row.per_gpu_bytes);
  assert.equal(JSON.parse(config.stdout)[0].ttft_s, row.ttft_s);
  // An ideal link: only the latency is left; no latency either: no comm at all.
  const ideal = JSON.parse(run(['--json', '--kv-heads', '8', '--gpus', '2', '--allreduce-latency-s', '0',
    '--interconnect-bytes-per-s', '1e15']).stdout)[0];
  assertClose(ideal.comm_s, 64 * (131072 / 1e15), 'comm_s on an ideal link');
  // CSV: the three keys are the last columns; ttft_s is empty when it does not fit.
  const csv = run(['--csv']);
  const lines = csv.stdout.trim().split('\n');
  assert.match(lines[0], /,total_tokens_per_s,per_gpu_bytes,comm_s,ttft_s$/);
  assert.match(lines[1], /,82719476736,0,$/, 'the MHA row does not fit: per_gpu_bytes, comm 0, no TTFT');
  // JSON: ttft_s null when it does not fit.
  assert.equal(JSON.parse(run(['--json']).stdout)[0].ttft_s, null);
});

test('a GPU count that does not split the heads is refused with the nearest valid counts', () => {
  const { status, stdout, stderr } = run(['--gpus', '3', '--kv-heads', '8']);
  assert.equal(status, 2);
  assert.equal(stdout, '');
  assert.equal(stderr, 'budget-table: --gpus: gpus must divide query_heads (32) and either divide or be divided by kv_heads (8); got 3; nearest valid: 2 or 4\n');
  const prompt = run(['--prompt-tokens', '9000']);
  assert.equal(prompt.status, 2);
  assert.match(prompt.stderr, /^budget-table: --prompt-tokens: prompt_tokens must be 0 \(same as context_tokens\) or a whole number from 1 to context_tokens \(got 9000; context_tokens is 8192\)\n$/);
});

test('the table shows memory per GPU when there are several', () => {
  const { status, stdout, stderr } = run(['--kv-heads', '8', '--gpus', '2']);
  assert.equal(status, 0, stderr);
  const [header, row] = stdout.split('\n');
  assert.match(header, /Memory per GPU/);
  assert.match(row, /G=2\s+15\.6 GB\s+yes\s+fits\s+16\.9 ms/);
});

test('--plan prints the planner\'s table with the cheapest row that keeps the output marked, and the cheaper that changes it', () => {
  const { status, stdout, stderr } = run(['--plan', ...LLAMA70B_H100]);
  assert.equal(status, 0, stderr);
  const lines = stdout.trimEnd().split('\n');
  assert.match(lines[0], /^\s+Weights\s+Cache\s+GPUs\s+Output\s+Memory per GPU\s+Verdict\s+TTFT\s+Per request\s+Total\s+Targets$/);
  assert.equal(lines.length, 1 + 24 + 3);
  // Output kept first: 16/16 on 1, 2, 4, 8 GPUs.
  assert.match(lines[1], /^\s+16-bit\s+16-bit\s+1\s+kept\s+184\.1 GB\s+does-not-fit/);
  // the output-keeping row that meets both targets is marked *, 16-bit on 4 GPUs; the
  // cheaper 2 GPUs, 8-bit weights, 16-bit cache (worked in tests/budget/test_planner.cpp) is marked +.
  assert.match(lines[3], /^\*\s+16-bit\s+16-bit\s+4\s+kept\s+46\.0 GB\s+fits\s+342\.4 ms\s+48\.4 tok\/s\s+1,549 tok\/s\s+met$/);
  const marked = lines.filter((l) => l.startsWith('*'));
  assert.equal(marked.length, 2);  // the row and the footer
  const changing = lines.filter((l) => l.startsWith('+'));
  assert.equal(changing.length, 2);
  assert.match(changing[0], /^\+\s+8-bit\s+16-bit\s+2\s+changed\s+56\.8 GB\s+fits\s+633\.8 ms\s+40\.7 tok\/s\s+1,302 tok\/s\s+met$/);
  assert.equal(lines.at(-3), 'Targets: TTFT <= 1 s, >= 20 tok/s per request. Output kept: 16-bit weights and cache (more GPUs keep it); 1 GB = 1e9 bytes.');
  assert.equal(lines.at(-2), '* cheapest that keeps the output and meets every target: 4 GPUs, 16-bit weights, 16-bit cache.');
  assert.equal(lines.at(-1), '+ cheaper that meets every target, changing the output: 2 GPUs, 8-bit weights, 16-bit cache; evaluate it on your own tasks first.');
  // A 1-GPU row that fits misses the TTFT target.
  assert.match(stdout, /4-bit\s+8-bit\s+1\s+changed\s+56\.8 GB\s+fits\s+1,213\.4 ms\s+47\.2 tok\/s\s+1,511 tok\/s\s+missed TTFT/);
});

test('--plan --json and --csv give one record per row with the declared fields', () => {
  const json = run(['--plan', '--json', ...LLAMA70B_H100]);
  assert.equal(json.status, 0, json.stderr);
  const rows = JSON.parse(json.stdout);
  assert.equal(rows.length, 24);
  const declared = JSON.parse(run(['--fields-json']).stdout).results.plan_levers.map((f) => f.name);
  for (const row of rows) assert.deepEqual(Object.keys(row), declared);
  assert.equal(rows.filter((r) => r.cheapest).length, 1);
  const keep = rows.find((r) => r.cheapest);
  assert.deepEqual([keep.weight_bytes_per_param, keep.cache_bytes_per_value, keep.gpus, keep.changes_output], [2, 2, 4, false]);
  assert.equal(rows.filter((r) => r.cheapest_changing_output).length, 1);
  const best = rows.find((r) => r.cheapest_changing_output);
  assert.deepEqual([best.weight_bytes_per_param, best.cache_bytes_per_value, best.gpus, best.changes_output], [1, 2, 2, true]);
  assertClose(best.ttft_s, 0.633782305132, 'ttft_s');
  assert.equal(rows[0].ttft_s, null, 'no TTFT without a fit');
  assert.equal(rows[0].verdict, 'does-not-fit');
  const csv = run(['--plan', '--csv', ...LLAMA70B_H100]);
  assert.equal(csv.status, 0, csv.stderr);
  const lines = csv.stdout.trim().split('\n');
  assert.equal(lines[0], declared.join(','));
  assert.equal(lines.length, 25);
  assert.equal(lines[1], '2,2,1,false,false,184149672960,0,false,does-not-fit,,,,false,false,false,false,false');
});

test('--plan with speculative decoding adds a row per combination; its flags need --plan and each other', () => {
  const spec = ['--acceptance-rate', '0.8', '--draft-tokens', '3', '--draft-cost-ratio', '0.05'];
  const json = run(['--plan', '--json', ...LLAMA70B_H100, ...spec]);
  assert.equal(json.status, 0, json.stderr);
  const rows = JSON.parse(json.stdout);
  assert.equal(rows.length, 48);
  // 16/16 on 4 GPUs with speculative decoding: 48.408 tok/s * 2.952 / 1.15.
  const g4spec = rows.find((r) => r.gpus === 4 && r.weight_bytes_per_param === 2 && r.cache_bytes_per_value === 2 && r.speculative);
  assertClose(g4spec.per_request_tokens_per_s, 48.40795576 * 2.952 / 1.15, 'speculative speed');
  // The draft, c * P = 0.05 * 70.6e9 parameters by default: 1.765e9 B of weights and 536,870,912 B of cache per GPU.
  assertClose(g4spec.draft_bytes, 2301870912, 'default draft');
  assertClose(g4spec.per_gpu_bytes, 46037418240 + 2301870912, 'memory with the draft');
  // --draft-params names it (optional): 8e9 * 2 / 4 = 4e9 B of weights, 10,737,418,240 * 8 / 70.6 B of cache.
  const named = JSON.parse(run(['--plan', '--json', ...LLAMA70B_H100, ...spec, '--draft-params', '8e9']).stdout);
  const g4named = named.find((r) => r.gpus === 4 && r.weight_bytes_per_param === 2 && r.cache_bytes_per_value === 2 && r.speculative);
  assertClose(g4named.draft_bytes, 4e9 + 10737418240 * 8 / 70.6, 'named draft');
  const badDraft = run(['--plan', ...LLAMA70B_H100, ...spec, '--draft-params', '0.5']);
  assert.equal(badDraft.status, 2);
  assert.equal(badDraft.stderr, 'budget-table: --draft-params: draft_params must be 0 (draft_cost_ratio × total_params) or a number from 1 to 1e13 (got 0.5)\n');
  const text = run(['--plan', ...LLAMA70B_H100, ...spec]);
  assert.match(text.stdout.split('\n')[0], /GPUs\s+Speculative\s+Output/);
  const alone = run(['--acceptance-rate', '0.8']);
  assert.equal(alone.status, 2);
  assert.equal(alone.stderr, 'budget-table: --acceptance-rate is a --plan option (see --help)\n');
  const partial = run(['--plan', '--acceptance-rate', '0.8']);
  assert.equal(partial.status, 2);
  assert.match(partial.stderr, /needs all of --acceptance-rate, --draft-tokens and --draft-cost-ratio/);
  const bad = run(['--plan', '--acceptance-rate', '1.5', '--draft-tokens', '3', '--draft-cost-ratio', '0.05']);
  assert.equal(bad.status, 2);
  assert.equal(bad.stderr, 'budget-table: --acceptance-rate: acceptance_rate must be a number from 0 to 1 (got 1.5)\n');
  const withConfig = run(['--plan', '--config', 'wb=2']);
  assert.equal(withConfig.status, 2);
  assert.match(withConfig.stderr, /--config cannot be combined with it/);
});

test('--help lists the new flags and --plan', () => {
  const { stdout } = run(['--help']);
  for (const flag of ['--gpus', '--prompt-tokens', '--interconnect-bytes-per-s', '--allreduce-latency-s',
    '--ttft-target-s', '--per-request-target-tokens-per-s', '--plan', '--acceptance-rate']) {
    assert.ok(stdout.includes(flag), flag);
  }
});
