#!/usr/bin/env node
// The last ./tools/test's seconds per stage (build/test-logs/seconds.txt, one
// "name seconds" line each, written by tools/test) and the last fresh-clone
// ./tools/run until it served (build/test-logs/run-serving-seconds.txt,
// written by tools/benchmarks/run-until-serving), beside their targets.
// Reads files only: nothing is timed here. Printed by tools/bench.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOGS = path.join(REPO, 'build/test-logs');

/** The targets: a fresh clone on a fresh 2-core machine [s]. */
export const TIME_TARGETS_S = { test_wall: 8 * 60, run_until_serving: 4 * 60 };

// What each stage of tools/test is, and which ran beside which (tools/test's header).
const STAGES = {
  bootstrap: 'bootstrap (apt-get, npm ci when missing)',
  'build-page': 'tools/build --page: page wasm modules, dist/ (lint, native tree beside)',
  lint: 'lint (nice 19, beside the page build)',
  'build-native': 'native tree: tests once, plain + sanitizer, CLI (nice 19)',
  asan: 'sanitizer suite (nice 19)',
  native: 'native Catch2, ctest (nice 19)',
  'build-wasm-tests': 'wasm tests on the page build\'s core (nice 19)',
  wasm: 'wasm Catch2 under node (nice 19, beside browser)',
  content: 'tools/check-content (nice 19, beside browser)',
  node: 'node --test tests/node, 2 at a time (nice 19)',
  browser: 'node --test tests/browser, 2 files at a time, longest first, a chromium per file',
  total: 'total wall time',
};

/**
 * @returns {{stages: Array<{name:string, seconds:number, what:string}>|null,
 *   run: {seconds:number, note:string}|null}} null where nothing was recorded
 */
export function readTestTimes() {
  const f = path.join(LOGS, 'seconds.txt');
  const stages = existsSync(f) ? readFileSync(f, 'utf8').trim().split('\n').filter(Boolean).map((line) => {
    const [name, s] = line.trim().split(/\s+/);
    return { name, seconds: Number(s), what: STAGES[name] || name };
  }) : null;
  const r = path.join(LOGS, 'run-serving-seconds.txt');
  let run = null;
  if (existsSync(r)) {
    const [s, ...note] = readFileSync(r, 'utf8').trim().split(/\s+/);
    run = { seconds: Number(s), note: note.join(' ') };
  }
  return { stages, run };
}

const mmss = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;

/** The lines tools/bench prints. */
export function testTimeLines() {
  const { stages, run } = readTestTimes();
  const L = [];
  if (stages) {
    L.push('./tools/test, last run (build/test-logs/seconds.txt)          seconds');
    for (const st of stages) L.push(`  ${st.what.padEnd(64)} ${String(st.seconds).padStart(6)}`);
    const total = stages.find((st) => st.name === 'total');
    if (total) {
      const ok = total.seconds <= TIME_TARGETS_S.test_wall;
      L.push(`  total ${mmss(total.seconds)} against the target of <= ${mmss(TIME_TARGETS_S.test_wall)} (fresh clone, fresh 2-core machine): ${ok ? 'met' : 'NOT met'}`);
    }
  } else {
    L.push('./tools/test: no timings yet (build/test-logs/seconds.txt is written by ./tools/test)');
  }
  if (run) {
    const ok = run.seconds <= TIME_TARGETS_S.run_until_serving;
    L.push(`./tools/run until it served, fresh clone: ${run.seconds} s against <= ${TIME_TARGETS_S.run_until_serving} s: ${ok ? 'met' : 'NOT met'} (${run.note})`);
  } else {
    L.push('./tools/run until it serves: not measured (run tools/benchmarks/run-until-serving, minutes: a whole page build)');
  }
  return L;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(`${testTimeLines().join('\n')}\n`);
