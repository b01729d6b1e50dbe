// A node --test reporter (--test-reporter=./tools/lib/file-seconds.mjs) that
// writes, once every file has run, one line per test file: its seconds (the
// sum of its top-level tests' durations, one decimal) and its path relative to
// the working directory, longest first. tools/test reads the last run's lines
// to start the longest browser files first.
import path from 'node:path';

/**
 * @param {AsyncIterable<{type: string, data: object}>} source node:test's events
 * @returns {AsyncGenerator<string>} "seconds path\n" lines, after the last event
 */
export default async function* fileSeconds(source) {
  const seconds = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      const file = path.relative(process.cwd(), event.data.file);
      seconds.set(file, (seconds.get(file) || 0) + (event.data.details?.duration_ms || 0) / 1000);
    }
  }
  for (const [file, s] of [...seconds].sort((a, b) => b[1] - a[1])) yield `${s.toFixed(1)} ${file}\n`;
}
