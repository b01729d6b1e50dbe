// A long random run of the core's decimal reader, through the wasm facades
// under node, against JavaScript's Number(): run by `./tools/fuzz <seconds>
// decimal_reader` (not by ./tools/test; tests/node/decimal-reading.test.mjs
// holds a short run of the same checks). One process, one core.
//
// Each execution checks one text through parseQuantity and readField
// (tests/node/decimal-cases.mjs misreading()): a random double written by
// toString(), toPrecision(1..17) or toExponential(0..16), an exact halfway
// point between two doubles or a hair off it, or a random digit string.
//   node tests/fuzz/fuzz_decimal_reader.mjs [seconds] [seed]
// Prints the executions and every finding (at most 20); exits 1 on a finding.
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadReadingCore } from '../../web/core/reading-core.js';
import { halfwayTexts, misreading, randomDecimalText, randomDoubles, splitMix64 } from '../node/decimal-cases.mjs';

const seconds = Number(process.argv[2] ?? 60);
const seed = BigInt(process.argv[3] ?? Date.now());
if (!(seconds > 0)) throw new Error(`seconds must be a positive number (got ${process.argv[2]})`);

const reading = await loadReadingCore();
const core = await loadBudgetCore();
const next = splitMix64(seed);
const pick = (n) => Number(next() % BigInt(n));

/** The texts of one round: one random double in several writings, its halfway texts, a random string. */
function roundTexts() {
  const [x] = randomDoubles(next(), 1, pick(2) === 0 ? 'bits' : 'span');
  const a = Math.abs(x);
  const texts = [String(a), a.toPrecision(1 + pick(17)), a.toExponential(pick(17)), randomDecimalText(next)];
  if (a > 0 && a < Number.MAX_VALUE) {
    const halfway = halfwayTexts(a);
    if (halfway.above.length <= 200) texts.push(halfway.tie, halfway.above, halfway.below);
  }
  return texts;
}

const findings = [];
let executions = 0;
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  for (let i = 0; i < 200; i += 1) {
    for (const text of roundTexts()) {
      executions += 1;
      const line = misreading(reading, core, text);
      if (line !== null && findings.length < 20) findings.push(line);
    }
  }
}
console.log(`decimal_reader: ${executions} executions in ${seconds} s (seed ${seed}), ${findings.length} findings`);
for (const line of findings) console.log(`  ${line}`);
process.exitCode = findings.length === 0 ? 0 : 1;
