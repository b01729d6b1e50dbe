// The order in which tools/lib/run-longest-first.mjs starts test files: the
// last run's longest first; files it has no time for first of all, largest first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { longestFirst, readTable } from '../../tools/lib/run-longest-first.mjs';

test('timed files run longest first; untimed ones before them, largest first', () => {
  const seconds = new Map([['a.mjs', 10], ['b.mjs', 130], ['c.mjs', 40]]);
  const sizes = { 'a.mjs': 9000, 'b.mjs': 100, 'c.mjs': 500, 'new-small.mjs': 20, 'new-large.mjs': 4000 };
  assert.deepEqual(longestFirst(['a.mjs', 'new-small.mjs', 'b.mjs', 'c.mjs', 'new-large.mjs'], seconds, (f) => sizes[f]),
    ['new-large.mjs', 'new-small.mjs', 'b.mjs', 'c.mjs', 'a.mjs']);
});

test('a fresh clone (no table): every file by its size on disk, largest first; an unreadable one last', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'llmb-longest-'));
  try {
    const f = (name, bytes) => { writeFileSync(path.join(dir, name), 'x'.repeat(bytes)); return path.join(dir, name); };
    const small = f('small.test.mjs', 10);
    const large = f('large.test.mjs', 3000);
    const middle = f('middle.test.mjs', 200);
    const missing = path.join(dir, 'gone.test.mjs');
    const table = readTable(path.join(dir, 'no-table.txt'));
    assert.equal(table.size, 0);
    assert.deepEqual(longestFirst([small, missing, large, middle], table), [large, middle, small, missing]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the table is read as "seconds file" lines; other lines are skipped', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'llmb-longest-'));
  try {
    const table = path.join(dir, 'table.txt');
    writeFileSync(table, '130.0 tests/browser/a11y.test.mjs\nnot a line\n2.7 tests/browser/workbench.test.mjs\n');
    assert.deepEqual([...readTable(table)], [['tests/browser/a11y.test.mjs', 130], ['tests/browser/workbench.test.mjs', 2.7]]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
