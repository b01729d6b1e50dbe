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
import { readSuspendData, writeSuspendData, MAX_SUSPEND_CHARS, findApi } from '../../web/scorm/adapter.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOOL = path.join(ROOT, 'tools', 'package-scorm');
const run = (args) => spawnSync(process.execPath, [TOOL, ...args], { encoding: 'utf8' });

test('package-scorm --parts: one element with those parts, every file in the manifest', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'scorm-pkg-'));
  try {
    const out = path.join(dir, 'week3.zip');
    const r = run(['--parts', 'calculator quiz', '--title', 'Week 3 <budget>', '--out', out]);
    assert.equal(r.status, 0, r.stderr);
    // index.html, imsmanifest.xml, the 8 files every package carries, and the part scripts of
    // calculator and quiz (llm-budget-lab-part-calculator.js, -part-quiz.js): 12.
    assert.match(r.stdout, /^package-scorm: .*week3\.zip \(12 files, \d+ bytes\)\n$/);
    const names = Object.keys(unzipSync(new Uint8Array(readFileSync(out)))).sort();
    assert.ok(names.includes('llm-budget-lab-part-quiz.js') && names.includes('llm-budget-lab-core.js'));
    assert.ok(!names.includes('llm-budget-lab-part-charts.js'), 'a package without charts carries no chart script');
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

test('package-scorm refuses an unknown part and an unknown option', () => {
  const bad = run(['--parts', 'calculator nonsense', '--out', path.join(tmpdir(), 'never.zip')]);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /^package-scorm: unknown part nonsense \(known: all, presets, calculator, /);
  const opt = run(['--upload', 'x']);
  assert.equal(opt.status, 2);
  assert.match(opt.stderr, /^package-scorm: Unknown option '--upload'/);
});

test('suspend_data: round trip; corrupt, other-format, other-version and oversized text ignored', () => {
  const key = 'llm-budget-lab:LM10-T6:v1:q2-speculative';
  const rec = JSON.stringify({ lesson: 'LM10-T6', version: 'v1', steps: { tokens: { answer: '2.952', checked: true } }, explained: false });
  const text = writeSuspendData(new Map([[key, rec]]));
  assert.deepEqual([...readSuspendData(text)], [[key, rec]]);
  assert.equal(readSuspendData('{"format":').size, 0);
  assert.equal(readSuspendData(JSON.stringify({ format: 'other', version: 1, answers: { [key]: {} } })).size, 0);
  assert.equal(readSuspendData(JSON.stringify({ format: 'llm-budget-lab-suspend', version: 2, answers: { [key]: {} } })).size, 0);
  assert.equal(readSuspendData(' '.repeat(MAX_SUSPEND_CHARS + 1)).size, 0);
  // Keys that are not the quiz's, and values that are not records, are dropped.
  const mixed = JSON.stringify({ format: 'llm-budget-lab-suspend', version: 1,
    answers: { [key]: JSON.parse(rec), 'other:key': {}, 'llm-budget-lab:LM10-T6:v1:q3': 'text', '__proto__': {} } });
  assert.deepEqual([...readSuspendData(mixed).keys()], [key]);
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
