// The loop of the node fuzz modes of tools/fuzz (link_reader,
// questions_validator): reads `[seconds] [seed]` from the command line, runs
// rounds until the time is up, saves each finding's input under
// build/fuzz/artifacts/<target>/, prints the executions and the findings, and
// sets the exit code (0 only without a finding). One process, one core.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Findings printed in full; more are counted and saved. */
const MAX_PRINTED = 20;
/** Findings saved as files; more are counted only (a broken build must not fill the disk). */
const MAX_SAVED = 200;

/**
 * `[seconds] [seed]` of process.argv: seconds a positive number (60 when left
 * out), seed a whole number used modulo 2^32 (the clock when left out).
 * @returns {{seconds:number, seed:number}}
 */
export function loopArguments() {
  const seconds = Number(process.argv[2] ?? 60);
  if (!(seconds > 0)) throw new Error(`seconds must be a positive number (got ${process.argv[2]})`);
  const given = process.argv[3];
  if (given !== undefined && !/^\d+$/.test(given)) throw new Error(`the seed must be a whole number (got ${given})`);
  const seed = given === undefined ? Date.now() % 2 ** 32 : Number(BigInt(given) % 2n ** 32n);
  return { seconds, seed };
}

/**
 * Runs `round(index)` until `seconds` have passed and reports.
 * @param {string} target  the mode's name (the artifacts folder, the report's first word)
 * @param {{seconds:number, seed:number}} run  loopArguments()
 * @param {(index:number) => {executions:number, findings:{what:string, input:string, ext?:string}[]}} round
 *   one round of checks: how many inputs it checked, and for each finding a
 *   one-line description and the input as the text to save (ext: the file's
 *   extension, "txt" by default)
 * @param {() => string} [summary]  what the run covered, in a few words, for the report line
 * @returns {number} the findings (process.exitCode is set: 0 when none)
 */
export function runLoop(target, { seconds, seed }, round, summary = () => '') {
  const artifacts = path.join(ROOT, 'build', 'fuzz', 'artifacts', target);
  const printed = [];
  let found = 0;
  let executions = 0;
  const end = Date.now() + seconds * 1000;
  for (let index = 0; Date.now() < end; index += 1) {
    const r = round(index);
    executions += r.executions;
    for (const f of r.findings) {
      found += 1;
      let saved = 'not saved';
      if (found <= MAX_SAVED) {
        fs.mkdirSync(artifacts, { recursive: true });
        const file = path.join(artifacts, `finding-${seed}-${index}-${found}.${f.ext || 'txt'}`);
        fs.writeFileSync(file, f.input);
        saved = `input ${path.relative(ROOT, file)}`;
      }
      if (printed.length < MAX_PRINTED) printed.push(`round ${index}: ${f.what} (${saved})`);
    }
  }
  const covered = summary();
  console.log(`${target}: ${executions} executions in ${seconds} s (seed ${seed}${covered ? `; ${covered}` : ''}), ${found} findings`);
  for (const line of printed) console.log(`  ${line}`);
  if (found > printed.length) console.log(`  ... and ${found - printed.length} more`);
  process.exitCode = found === 0 ? 0 : 1;
  return found;
}
