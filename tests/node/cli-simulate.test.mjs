// budget-table --simulate: the serving simulation from the command line. Its JSON
// keys come from the core's declaration; a request arriving alone gets the
// budget's own TTFT (the same CLI's --json ttft_s); an overloaded open loop
// prints null instead of a finite p99; bad flags are one line naming the flag.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO } from './reference.mjs';

const CLI = path.join(REPO, 'build/native/budget-table');

function run(args) {
  const result = spawnSync(CLI, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  return result;
}

function simulate(args) {
  const { status, stdout, stderr } = run(['--simulate', '--json', ...args]);
  assert.equal(status, 0, stderr);
  return JSON.parse(stdout);
}

const SUMMARY_KEYS = ['mean', 'p50', 'p90', 'p99'];

test('--simulate --json gives the agreed keys, each latency as {mean, p50, p90, p99}', () => {
  const out = simulate(['--kv-heads', '8', '--request-rate', '2', '--requests', '300', '--input-tokens', '512',
    '--output-tokens', '128']);
  for (const key of ['ttft_s', 'tpot_s', 'e2e_s']) assert.deepEqual(Object.keys(out[key]), SUMMARY_KEYS, key);
  for (const key of ['throughput_tokens_per_s', 'goodput_requests_per_s', 'mean_in_flight', 'littles_law_in_flight']) {
    assert.equal(typeof out[key], 'number', key);
  }
  assert.equal(out.unstable, false);
  assert.equal(out.load, 'request_rate');
  assert.equal(out.max_rate, undefined);
  // Little's law over the run: the time average of requests in flight is requests/s x mean latency.
  assert.ok(Math.abs(out.mean_in_flight - out.littles_law_in_flight) <= 1e-9 * out.mean_in_flight);
  // 300 requests of 128 output tokens over the run's duration.
  assert.ok(Math.abs(out.throughput_tokens_per_s - 300 * 128 / out.duration_s) <= 1e-9 * out.throughput_tokens_per_s);
});

test('one request at a time: TTFT is the budget\'s ttft_s for that prompt', () => {
  const budget = JSON.parse(run(['--json', '--kv-heads', '8', '--prompt-tokens', '1000']).stdout)[0];
  // 5 requests at one per 1,000 s on average: none waits for another.
  const out = simulate(['--kv-heads', '8', '--request-rate', '0.001', '--requests', '5', '--input-tokens', '1000',
    '--output-tokens', '20']);
  assert.equal(budget.ttft_s, 0.3565601536); // the lesson's 7B, GQA 8, 1,000-token prompt (test_prefill.cpp)
  for (const key of SUMMARY_KEYS) assert.ok(Math.abs(out.ttft_s[key] - budget.ttft_s) < 1e-12, key);
});

test('--concurrency alone is a closed loop; --max-rate adds the highest load', () => {
  const out = simulate(['--kv-heads', '8', '--concurrency', '4', '--requests', '100', '--input-tokens', '512',
    '--output-tokens', '64', '--ttft-target-s', '1', '--per-request-target-tokens-per-s', '20', '--max-rate']);
  assert.equal(out.load, 'concurrency');
  assert.ok(out.mean_in_flight <= 4);
  assert.deepEqual(Object.keys(out.max_rate), ['found', 'tpot_defined', 'highest_load', 'ttft_at_percentile_s',
    'tpot_at_percentile_s', 'tpot_target_s', 'simulations']);
  assert.equal(out.max_rate.tpot_defined, true); // 64 output tokens: 63 gaps between them
  assert.equal(out.max_rate.found, true);
  assert.ok(Number.isInteger(out.max_rate.highest_load) && out.max_rate.highest_load >= 1);
  assert.ok(out.max_rate.ttft_at_percentile_s <= 1);
});

test('--max-num-seqs caps the running requests, the flag --runtime vllm reads too', () => {
  const capped = simulate(['--kv-heads', '8', '--concurrency', '4', '--requests', '40', '--input-tokens', '256',
    '--output-tokens', '32', '--max-num-seqs', '2']);
  assert.ok(capped.mean_running <= 2);
  const free = simulate(['--kv-heads', '8', '--concurrency', '4', '--requests', '40', '--input-tokens', '256',
    '--output-tokens', '32']);
  assert.ok(free.mean_running > 2);
  // 256 with a token budget of 255: vLLM's rule, named on the budget's flag.
  const { status, stderr } = run(['--simulate', '--max-num-seqs', '256', '--max-num-batched-tokens', '255']);
  assert.equal(status, 2);
  assert.match(stderr, /^budget-table: --max-num-batched-tokens: max_num_batched_tokens must be at least max_num_seqs \(256\)/);
});

test('above capacity the run is unstable and reports no TTFT or latency', () => {
  // The lesson's 7B serves about 4 requests/s of 512 + 128 tokens; 40/s swamps it.
  const out = simulate(['--kv-heads', '8', '--request-rate', '40', '--requests', '2000', '--input-tokens', '512',
    '--output-tokens', '128']);
  assert.equal(out.unstable, true);
  for (const key of ['ttft_s', 'e2e_s', 'goodput_requests_per_s', 'mean_in_flight']) assert.equal(out[key], null, key);
  assert.equal(typeof out.throughput_tokens_per_s, 'number'); // what the saturated server delivers
  const text = run(['--simulate', '--kv-heads', '8', '--request-rate', '40', '--requests', '2000']);
  assert.equal(text.status, 0);
  assert.match(text.stdout, /^unstable: arrivals outpace the server/);
});

test('the same seed gives the same run; another seed another', () => {
  const args = ['--kv-heads', '8', '--request-rate', '3', '--requests', '200', '--input-tokens', '512', '--burstiness', '0.5',
    '--length-range-ratio', '0.5'];
  const a = simulate([...args, '--seed', '7']);
  const b = simulate([...args, '--seed', '7']);
  const c = simulate([...args, '--seed', '8']);
  assert.deepEqual(a, b);
  assert.notEqual(a.e2e_s.mean, c.e2e_s.mean);
});

test('bad --simulate flags are one line naming the flag, exit 2', () => {
  const cases = [
    [['--simulate', '--request-rate', '1', '--concurrency', '2'], /^budget-table: --request-rate: set request_rate/],
    [['--simulate', '--requests', '2.5'], /^budget-table: --requests: requests must be a whole number/],
    [['--simulate', '--prefix-hit-rate', '1'], /^budget-table: --prefix-hit-rate: /],
    [['--simulate', '--max-num-batched-tokens', '100'], /^budget-table: --max-num-batched-tokens: /],
    [['--requests', '10'], /^budget-table: --requests is a --simulate option/],
    [['--simulate', '--plan'], /cannot be combined/],
    // One flag prefix, then the core's sentence beginning with the field's name, then the flags to give.
    [['--simulate', '--max-rate'], /^budget-table: --max-rate: ttft_target_s or per_request_target_tokens_per_s must be set \(above 0\) to search for the highest load \(both are 0: no target\) \(give --ttft-target-s or --per-request-target-tokens-per-s\)\n$/],
    [['--simulate', '--kv-heads', '7'], /^budget-table: --kv-heads: /],
  ];
  for (const [args, message] of cases) {
    const { status, stdout, stderr } = run(args);
    assert.equal(status, 2, args.join(' '));
    assert.equal(stdout, '');
    assert.match(stderr, message, args.join(' '));
    assert.equal(stderr.trim().split('\n').length, 1, args.join(' '));
  }
});

test('--output-tokens 1: TPOT is null in JSON and "not defined" in the table, not 0', () => {
  const args = ['--kv-heads', '8', '--request-rate', '0.001', '--requests', '4', '--input-tokens', '1000', '--output-tokens', '1'];
  const out = simulate(args);
  assert.equal(out.tpot_defined, false);
  assert.equal(out.tpot_s, null);
  assert.equal(out.tpot_at_target_percentile_s, null);
  assert.deepEqual(Object.keys(out.ttft_s), SUMMARY_KEYS);
  const text = run(['--simulate', ...args]);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^ {2}tpot_s \(s\) +not defined \(every request has one output token: no inter-token time\)$/m);
  assert.match(text.stdout, /^ {2}tpot_at_target_percentile_s \(s\) +not defined /m);
  assert.doesNotMatch(text.stdout, /tpot_s \(s\) +mean 0 /);
  const search = run(['--simulate', ...args, '--max-rate', '--ttft-target-s', '1']);
  assert.equal(search.status, 0, search.stderr);
  assert.match(search.stdout, /^max rate: .* TPOT not defined at the target percentile;/m);
  const json = simulate([...args, '--max-rate', '--ttft-target-s', '1']);
  assert.equal(json.max_rate.tpot_defined, false);
  assert.equal(json.max_rate.tpot_at_percentile_s, null);
  // A per-user speed target alone cannot hold a TPOT that does not exist: refused, by name.
  const alone = run(['--simulate', ...args, '--max-rate', '--per-request-target-tokens-per-s', '20']);
  assert.equal(alone.status, 2);
  assert.match(alone.stderr, /per_request_target_tokens_per_s cannot be held when every request generates one token/);
});

test('--help lists every simulation flag with its range and default', () => {
  const { stdout } = run(['--help']);
  for (const flag of ['--request-rate', '--concurrency', '--requests', '--input-tokens', '--output-tokens',
    '--prefix-hit-rate', '--replicas', '--seed', '--burstiness', '--max-num-batched-tokens', '--max-num-seqs',
    '--length-range-ratio', '--target-percentile', '--simulate', '--max-rate']) {
    assert.ok(stdout.includes(`  ${flag} `), flag);
  }
  assert.match(stdout, /--max-num-batched-tokens TOKENS[^\n]*\n[^\n]*default 8192\]/);
});
