// The calculator's link reader (web/element/link-state.js) under node, over
// the budget facade and the reading facade's escape, as the page calls it
// (web/parts/calc-link.js): cases `tools/fuzz <seconds> link_reader` found.
// The page's own behaviour with links is tested in chromium
// (tests/browser/student-loop.test.mjs, tests/browser/link-caps.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadReadingCore } from '../../web/core/reading-core.js';
import { readFragment, MAX_NOTICES } from '../../web/element/link-state.js';
import { calculatorFields } from '../../web/element/fields.js';

const core = await loadBudgetCore();
const reading = await loadReadingCore();
// The core's defaults: batch 16, 32 query heads and 32 KV heads, headroom 0.1.
const base = { ...core.DEFAULT_INPUT };
const read = (hash) => readFragment(hash, core, base, calculatorFields(core).inPageWords, (t) => reading.visibleText(t));

test('an unreadable value followed by a readable one for the same field: the notice names the value used', () => {
  const r = read('#lab:batch=abc;batch=32');
  assert.equal(r.input.batch, 32);
  assert.deepEqual(r.notices, ['Batch in the link cannot be read (“abc” is not a number; type digits such as 12.5), so its later value, 32 requests, is used.']);
});

test('an unreadable value of a field a lowered cap carries along: the notice names the cap\'s value', () => {
  // query_heads=4 brings the KV heads (32, not given by a readable pair) down to 4 (web/element/caps.js, settings).
  const r = read('#lab:kv_heads=abc;query_heads=4');
  assert.equal(r.input.query_heads, 4);
  assert.equal(r.input.kv_heads, 4);
  assert.deepEqual(r.notices, ['KV heads in the link cannot be read (“abc” is not a number; type digits such as 12.5), so it is set to 4 heads, to fit query heads.']);
});

test('an unreadable value with nothing else for its field keeps the starting value and says so', () => {
  const r = read('#lab:batch=abc');
  assert.equal(r.input.batch, 16);
  assert.deepEqual(r.notices, ['Batch in the link cannot be read (“abc” is not a number; type digits such as 12.5), so its starting value is used.']);
});

test('a field given twice is named by its label as a sentence writes it: an acronym keeps its capitals', () => {
  const r = read('#lab:kv_heads=8;kv_heads=4;gpus=2;gpus=4;batch=8;batch=4');
  assert.deepEqual([r.input.kv_heads, r.input.gpus, r.input.batch], [8, 2, 8]);
  assert.deepEqual(r.notices, [
    'The link gives KV heads more than once; the first value is used.',
    'The link gives GPUs more than once; the first value is used.',
    'The link gives batch more than once; the first value is used.',
  ]);
});

test('a value a cap carries along is written in the unit the calculator shows, not as a raw count', () => {
  // From 7B total and active, total_params=1e9 lowers the active parameters (2e9
  // given, over the cap, so dropped) to 1e9, which the calculator shows as
  // 1 billion parameters (fields.js: parameters in billions).
  const start = { ...base, total_params: 7e9, active_params: 7e9 };
  const r = readFragment('#lab:total_params=1e9;active_params=2e9', core, start, calculatorFields(core).inPageWords,
    (t) => reading.visibleText(t));
  assert.equal(r.input.total_params, 1e9);
  assert.equal(r.input.active_params, 1e9);
  assert.ok(r.notices.some((n) => n.includes('It is set to 1 billion parameters, to fit total parameters')), r.notices.join('\n'));
  assert.ok(r.notices.every((n) => !n.includes('1,000,000,000')), r.notices.join('\n'));
});

test('a problem the link repeats is said once, and past MAX_NOTICES sentences the last says how many more', () => {
  // 221 copies of one pair: the first sets the batch, the other 220 are the same "twice" sentence.
  const repeated = read(`#lab:${'batch=32;'.repeat(221)}`);
  assert.equal(repeated.input.batch, 32);
  assert.deepEqual(repeated.notices, ['The link gives batch more than once; the first value is used.']);
  // Twenty different unknown settings: twenty sentences, of which MAX_NOTICES - 1 are said,
  // then one for the other 20 - 5 = 15.
  const unknown = read(`#lab:${Array.from({ length: 20 }, (_, i) => `nokey${i}=1`).join(';')};batch=8`);
  assert.equal(unknown.input.batch, 8, 'the usable pair still applies');
  assert.equal(MAX_NOTICES, 6);
  assert.equal(unknown.notices.length, 6);
  assert.match(unknown.notices[0], /nokey0/);
  assert.match(unknown.notices[4], /nokey4/);
  assert.equal(unknown.notices[5], 'The link has 15 more problems like these; its other settings are used.');
  // Exactly MAX_NOTICES different sentences are all said.
  const six = read(`#lab:${Array.from({ length: 6 }, (_, i) => `nokey${i}=1`).join(';')}`);
  assert.equal(six.notices.length, 6);
  assert.match(six.notices[5], /nokey5/);
});
