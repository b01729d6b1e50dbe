// tools/package-scorm (a chosen set of parts, refusals) and the adapter's
// suspend_data reader, without a browser. The run-time side is in
// tests/browser/scorm.test.mjs (against scorm-again).
// Run after ./tools/build: node --test tests/node/scorm-package.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, strFromU8 } from 'fflate';
import { findApi } from '../../web/scorm/adapter.js';
import { readSuspendData, writeSuspendData } from '../../web/scorm/suspend-data.js';
import { mergeRecords } from '../../web/quiz/record-merge.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOOL = path.join(ROOT, 'tools', 'package-scorm');
const run = (args) => spawnSync(process.execPath, [TOOL, ...args], { encoding: 'utf8' });

test('package-scorm --parts: one element with those parts, every file in the manifest', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'scorm-pkg-'));
  try {
    const out = path.join(dir, 'week3.zip');
    const r = run(['--parts', 'calculator quiz', '--title', 'Week 3 <budget>', '--out', out]);
    assert.equal(r.status, 0, r.stderr);
    // index.html, imsmanifest.xml, the 5 files every package carries, the full core (core script,
    // .wasm, base64 copy: the quiz needs the full module), the part scripts of calculator
    // and quiz (llm-budget-lab-part-calculator.js, -part-quiz.js) and the built-in presets'
    // script (llm-budget-lab-presets.js: the quiz reads presets): 13.
    assert.match(r.stdout, /^package-scorm: .*week3\.zip \(13 files, \d+ bytes\)\n$/);
    const names = Object.keys(unzipSync(new Uint8Array(readFileSync(out)))).sort();
    assert.ok(names.includes('llm-budget-lab-presets.js'));
    assert.ok(names.includes('llm-budget-lab-part-quiz.js') && names.includes('llm-budget-lab-core.js'));
    assert.ok(!names.includes('llm-budget-lab-part-charts.js'), 'a package without charts carries no chart script');
    assert.ok(!names.includes('llm-budget-lab-core-calc.js') && !names.includes('llm-budget-lab-calc.wasm'));
    assert.ok(!names.some((n) => n.includes('importer')), 'no part here reads a config.json: no importer');
    const files = unzipSync(new Uint8Array(readFileSync(out)));
    const html = strFromU8(files['index.html']);
    assert.ok(html.includes('<llm-budget-lab parts="calculator quiz"></llm-budget-lab>'));
    assert.ok(html.includes('<title>Week 3 &lt;budget&gt;</title>'), 'the title is escaped');
    const manifest = strFromU8(files['imsmanifest.xml']);
    for (const name of Object.keys(files).filter((n) => n !== 'imsmanifest.xml')) {
      assert.ok(manifest.includes(`<file href="${name}"/>`), name);
    }
    assert.ok(manifest.includes('adlcp:scormType="sco" href="index.html"'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('package-scorm --parts with only calculator parts carries the calculator\'s core and module, not the full ones', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'scorm-pkg-'));
  try {
    const out = path.join(dir, 'calc.zip');
    const r = run(['--parts', 'calculator memory-chart', '--out', out]);
    assert.equal(r.status, 0, r.stderr);
    const names = Object.keys(unzipSync(new Uint8Array(readFileSync(out)))).sort();
    // The element on this page picks llm-budget-lab-core-calc.js (no part needs the full module).
    assert.deepEqual(names.filter((n) => /core|wasm/.test(n)),
      ['llm-budget-lab-calc-wasm.js', 'llm-budget-lab-calc.wasm', 'llm-budget-lab-core-calc.js']);
    assert.ok(names.includes('llm-budget-lab-part-charts.js') && names.includes('llm-budget-lab-part-calculator.js'));
    // memory-chart draws the lesson's configurations: the presets' script comes too.
    assert.ok(names.includes('llm-budget-lab-presets.js'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('package-scorm --parts with the presets part carries the config.json importer\'s script and module', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'scorm-pkg-'));
  try {
    const out = path.join(dir, 'own-model.zip');
    const r = run(['--parts', 'presets calculator', '--out', out]);
    assert.equal(r.status, 0, r.stderr);
    const names = Object.keys(unzipSync(new Uint8Array(readFileSync(out)))).sort();
    // The presets part needs the full module (web/element/part-names.js) and reads a config.json.
    assert.deepEqual(names.filter((n) => /core|wasm|importer/.test(n)), ['llm-budget-lab-core.js',
      'llm-budget-lab-importer-wasm.js', 'llm-budget-lab-importer.js', 'llm-budget-lab-importer.wasm',
      'llm-budget-lab-wasm.js', 'llm-budget-lab.wasm']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('package-scorm refuses an unknown part and an unknown option', () => {
  const bad = run(['--parts', 'calculator nonsense', '--out', path.join(tmpdir(), 'never.zip')]);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /^package-scorm: unknown part nonsense \(known: all, presets, calculator, /);
  const opt = run(['--upload', 'x']);
  assert.equal(opt.status, 2);
  assert.match(opt.stderr, /^package-scorm: Unknown option '--upload'/);
});

test('suspend_data: version 2 round trip with step times; version 1 (3fbce11, 73460c0) read through the migration', () => {
  const key = 'llm-budget-lab:LM10-T6:v1:q2-speculative';
  const rec = { lesson: 'LM10-T6', version: 'v1', steps: { tokens: { answer: '2.952', checked: true, at: 1764633700 },
    old: { answer: ['no'], checked: false } }, explained: true };
  const text = writeSuspendData(new Map([[key, JSON.stringify(rec)]]));
  // The earliest time is "t"; each step says how many seconds after it; a step without a time has none.
  assert.equal(text, '{"format":"llm-budget-lab-suspend","version":2,"t":1764633700,"quizzes":{"LM10-T6:v1":' +
    '{"q2-speculative":[1,{"tokens":["2.952",1,0],"old":[["no"],0]}]}}}');
  assert.deepEqual(readSuspendData(text), { records: new Map([[key, rec]]), problem: null });
  for (const release of ['3fbce11', '73460c0']) {
    const saved = JSON.parse(readFileSync(path.join(ROOT, `tests/data/release-${release}/scorm-cmi.json`), 'utf8')).suspend_data;
    const { records, problem } = readSuspendData(saved);
    assert.equal(problem, null, release);
    // Every record as that release wrote it, its steps without a time.
    assert.deepEqual(Object.fromEntries(records), JSON.parse(saved).answers, release);
    // Written again as version 2: the same records, in fewer characters (327 against 712 for 73460c0's; no times, since it wrote none).
    const again = writeSuspendData([...records].map(([k, r]) => [k, JSON.stringify(r)]));
    assert.deepEqual(readSuspendData(again).records, records, release);
    assert.ok(again.length < saved.length * 0.5, `${release}: ${again.length} of ${saved.length}`);
  }
  // Version 1's reader left out keys that are not the quiz's and values that are not objects; so does the migration.
  const mixed = JSON.stringify({ format: 'llm-budget-lab-suspend', version: 1,
    answers: { [key]: rec, 'other:key': {}, 'llm-budget-lab:LM10-T6:v1:q3': 'text', '__proto__': {} } });
  assert.deepEqual([...readSuspendData(mixed).records.keys()], [key]);
  // A record whose tags are not its key's is not written under that key.
  assert.equal(writeSuspendData([[key, JSON.stringify({ ...rec, version: 'v0' })]]),
    '{"format":"llm-budget-lab-suspend","version":2,"t":0,"quizzes":{}}');
});

test('suspend_data that cannot be read: no records, and why, in words', () => {
  const problem = (text) => { const r = readSuspendData(text); assert.equal(r.records.size, 0); return r.problem; };
  assert.equal(problem(''), null);
  assert.equal(problem('{"format":'), 'it is not complete JSON (it may have been cut short; it is 10 characters long)');
  assert.equal(problem(JSON.stringify({ format: 'other', version: 1, answers: {} })), 'it is not in a format this page knows');
  assert.match(problem(JSON.stringify({ format: 'llm-budget-lab-suspend', version: 3 })), /^it is of format version 3, which this page cannot read/);
  assert.equal(problem(JSON.stringify({ format: 'llm-budget-lab-suspend', version: 2, t: 0, quizzes: { 'LM10-T6:v1': { q1: [0, { a: [5, 1] }] } } })),
    'one of its answers is not in the expected form');
  assert.equal(problem(JSON.stringify({ format: 'llm-budget-lab-suspend', version: 2, t: -1, quizzes: {} })),
    'its start time "t" is not a whole number of seconds');
});

test('merging the LMS\'s copy of a record with this browser\'s: per step, the later wins, the browser on a tie, nothing dropped', () => {
  const platform = { lesson: 'L', version: 'v1', explained: false, steps: {
    a: { answer: '3', checked: true, at: 100 }, b: { answer: '7', checked: true, at: 300 }, c: { answer: ['no'], checked: true } } };
  const browser = { lesson: 'L', version: 'v1', explained: true, steps: {
    a: { answer: '2.952', checked: true, at: 200 }, b: { answer: '8', checked: true, at: 250 }, d: { answer: '1', checked: false, at: 50 } } };
  const { record, fromBrowser } = mergeRecords(platform, browser);
  assert.deepEqual(record.steps, {
    a: { answer: '2.952', checked: true, at: 200 }, // saved later in the browser
    b: { answer: '7', checked: true, at: 300 }, // saved later in the LMS
    c: { answer: ['no'], checked: true }, // only in the LMS
    d: { answer: '1', checked: false, at: 50 }, // only in the browser
  });
  assert.equal(record.explained, true);
  assert.equal(fromBrowser, 3, 'a, d and the opened explanation');
  const tie = mergeRecords({ ...platform, steps: { a: { answer: '3', checked: true } } }, { ...browser, steps: { a: { answer: '4', checked: false } } });
  assert.deepEqual(tie.record.steps.a, { answer: '4', checked: false });
  assert.equal(mergeRecords(platform, platform).fromBrowser, 0);
  assert.deepEqual(mergeRecords(platform, null), { record: platform, fromBrowser: 0 });
});

test('findApi: the parent chain first, then the opener; a window that throws is passed over', () => {
  const api = { name: 'lms' };
  const top = { API_1484_11: api };
  top.parent = top;
  const hostile = { get API_1484_11() { throw new Error('cross-origin'); }, parent: top };
  const sco = { parent: hostile, opener: null };
  assert.equal(findApi(sco), api);
  const lone = { opener: { API_1484_11: api }, parent: null };
  lone.opener.parent = lone.opener;
  assert.equal(findApi(lone), api);
  const none = { parent: null, opener: null };
  assert.equal(findApi(none), null);
});
