#!/usr/bin/env node
// Runs node:test files a given number at a time, the longest first by the last
// run's seconds per file, so that the files running side by side end near
// together (node --test itself sorts its files by name). TAP on stdout, as
// `node --test --test-reporter=tap` prints it; exit status 1 when any test
// failed or was cancelled.
//
//   node tools/lib/run-longest-first.mjs TABLE JOBS FILE...
//
// TABLE holds one "seconds file" line per file (file relative to the working
// directory); a file not in it (a new one, or every file on a first run) starts
// first, largest file first. Once every file has run, TABLE is rewritten with
// this run's seconds (the sum of each file's top-level tests' durations),
// longest first. tools/test runs the browser suite through it.
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The last run's seconds per file.
 * @param {string} table path of a "seconds file" table; missing means empty
 * @returns {Map<string, number>} file (relative path) -> seconds
 */
export function readTable(table) {
  const seconds = new Map();
  if (!existsSync(table)) return seconds;
  for (const line of readFileSync(table, 'utf8').split('\n')) {
    const m = /^([0-9.]+) (.+)$/.exec(line.trim());
    if (m) seconds.set(m[2], Number(m[1]));
  }
  return seconds;
}

/**
 * `files` ordered longest first by `seconds`. Files without a time (new ones, or all of them on
 * a fresh clone, which has no table yet) come first, largest file first: a file's size is a
 * rough stand-in for its running time (at 92401f6 five of the six longest browser files were
 * five of the six largest; the longest, the axe checks, is small), and a long file started last
 * would run alone at the end.
 * @param {string[]} files relative paths
 * @param {Map<string, number>} seconds from readTable()
 * @param {(file: string) => number} [sizeOf] bytes of a file (default: its size on disk, 0 when
 *   it cannot be read)
 * @returns {string[]}
 */
export function longestFirst(files, seconds, sizeOf = fileSize) {
  const untimed = files.filter((f) => !seconds.has(f)).map((f) => [f, sizeOf(f)])
    .sort((a, b) => b[1] - a[1]).map(([f]) => f);
  const timed = files.filter((f) => seconds.has(f)).sort((a, b) => seconds.get(b) - seconds.get(a));
  return [...untimed, ...timed];
}

/** A file's size in bytes; 0 when it cannot be read. */
function fileSize(file) {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * Starts the browser tests' shared chromium when $LLMB_SHARED_BROWSER is 1 and the files are all
 * browser tests (under tests/browser/, whose harness connects to it), and sets its endpoint in
 * this process's environment, which the files inherit; returns null (each file starts its own)
 * otherwise or when $LLMB_BROWSER_WS is already set. Off by default: six browser files, two at a
 * time, took 102.8 and 103.9 CPU s on one shared chromium against 93.8 and 95.7 CPU s with a
 * chromium per file (the same wall time, about 130 s), measured back to back in both orders.
 * @returns {Promise<object|null>} Playwright's BrowserServer, or null
 */
async function startSharedBrowser(files) {
  if (process.env.LLMB_SHARED_BROWSER !== '1') return null;
  const harness = path.resolve('tests/browser/lib/harness.mjs');
  const browserDir = path.dirname(path.dirname(harness)) + path.sep;
  if (!existsSync(harness) || !files.every((f) => path.resolve(f).startsWith(browserDir))) return null;
  const { launchShared, SHARED_BROWSER_ENV } = await import(pathToFileURL(harness).href);
  if (process.env[SHARED_BROWSER_ENV]) return null;
  const server = await launchShared();
  process.env[SHARED_BROWSER_ENV] = server.wsEndpoint();
  return server;
}

async function main([table, jobs, ...files]) {
  const concurrency = Number(jobs);
  if (!table || !Number.isInteger(concurrency) || concurrency < 1 || files.length === 0) {
    process.stderr.write('usage: node tools/lib/run-longest-first.mjs TABLE JOBS FILE...\n');
    process.exit(2);
  }
  const order = longestFirst(files, readTable(table));
  const seconds = new Map(order.map((f) => [f, 0]));
  let failed = false;
  // One chromium for every file (tests/browser/lib/harness.mjs launch()
  // connects to it): each file used to start and stop its own.
  const shared = await startSharedBrowser(files);
  const stream = run({ files: order.map((f) => path.resolve(f)), concurrency });
  stream.on('test:fail', () => { failed = true; });
  for (const type of ['test:pass', 'test:fail']) {
    stream.on(type, (data) => {
      if (data.nesting !== 0 || !data.file) return;
      const f = path.relative(process.cwd(), data.file);
      seconds.set(f, (seconds.get(f) || 0) + (data.details?.duration_ms || 0) / 1000);
    });
  }
  stream.on('end', async () => {
    if (shared) await shared.close();
    const lines = [...seconds].sort((a, b) => b[1] - a[1]).map(([f, s]) => `${s.toFixed(1)} ${f}\n`);
    writeFileSync(table, lines.join(''));
    if (failed) process.exitCode = 1;
  });
  stream.compose(tap).pipe(process.stdout);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
