// A long random run of the questions-file validator (web/quiz/schema.js)
// under node: run by `./tools/fuzz <seconds> questions_validator` (not by
// ./tools/test; tests/node/questions-fuzz.test.mjs holds a short run of the
// same mutants and checks). One process, one core.
//
// Each round mutates a questions file (tests/fuzz/questions-mutants.mjs) and
// checks it (tests/fuzz/questions-oracle.mjs): the built-in
// content/questions.json, the previous release's
// (tests/data/release-3fbce11/questions.json), or a mutant the validator
// accepted earlier in the run, so later rounds go deeper into files that pass.
// Mutations also use values of this run only: bidi and invisible characters,
// numbers past a double's range written as text, 32k, percent-escapes.
// Checked on every mutant: validateQuestions never throws and returns an
// array of problems, each naming a question id (or "(file)") and a field,
// bounded, with no invisible character raw; a mutant it accepts is one the
// quiz can use over four practice seeds (0, 2^32 - 1 and two drawn from the
// run's seed): every question prepares, every step grades sample answers
// without an error, and no value, message or interpretation shows NaN or Infinity.
//   node tests/fuzz/fuzz_questions_validator.mjs [seconds] [seed]
// Rounds are a function of the seed alone: the same seed replays the same
// mutants. A finding's mutant is saved as JSON under
// build/fuzz/artifacts/questions_validator/ (numbers JSON cannot hold written
// {"$number": "NaN"}, "Infinity", "-Infinity" or "-0"), with the round and the finding.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateQuestions } from '../../web/quiz/schema.js';
import { presetSet } from '../../web/element/preset-set.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';
import { generator, mutate, ODD_VALUES } from './questions-mutants.mjs';
import { problemFault, quizProblem } from './questions-oracle.mjs';
import { loopArguments, runLoop } from './node-loop.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
const SOURCES = [readJson('content/questions.json'), readJson('tests/data/release-3fbce11/questions.json')];
const PRESETS = readJson('content/presets.json');

/** The mutation values of this run: the short test's, and more hostile text and numbers. */
const VALUES = Object.freeze([...ODD_VALUES, -0, 5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-7, 0.5, 7, 4096, 2 ** 31,
  '1e-400', '1e400', '32k', '-0', 'NaN', 'Infinity', '%E2%80%AE', '%ZZ', 'GB\u200D', '\u2066GB\u2069', '\u061C', '\uFEFF',
  '\u00AD', '\u3000', '\u{E0041}', 'ms\u0301', '٣٢', '３２', 'bit', 'GiB', 'tok/s/req', '{total}', '{{x}}',
  'q1-fit', 'knowledge-check-13b', 'numeric', 'choice', 'close', 'right', 'wrong',
  { calc: 'plan', preset: 'knowledge-check-13b', field: 'total_bytes' },
  { calc: 'input', preset: 'knowledge-check-13b', field: 'batch', set: { batch: 1e6 } },
  { calc: 'speculative', acceptance_rate: 0.999999, draft_tokens: 16, field: 'speedup' },
  { calc: 'number', value: 1e-300, unit: 'GB', digits: 6 },
  { relative: 0, absolute: 0 }, { relative: 1, absolute: 1e308, close_relative: 1 }]);

const budget = await loadBudgetCore();
const quizCore = await loadQuizCore();
const presets = presetSet(PRESETS).forCore(budget);
// The serving simulation's facade: the built-in file's Question 4 is a "simulate" calculation.
const traffic = await loadTrafficCore();
const opts = { quizCore, budget, presets, traffic };

/** JSON that keeps the numbers JSON cannot hold, as {"$number": text}. */
function savedJson(doc) {
  return JSON.stringify(doc, (key, value) => {
    if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) return { $number: Object.is(value, -0) ? '-0' : String(value) };
    return value;
  }, 2);
}

const run = loopArguments();
const rand = generator(run.seed);
const seed32 = () => Math.floor(rand() * 2 ** 32);
/** Accepted mutants, mutated again in later rounds. */
const accepted = [];
const MAX_ACCEPTED = 64;
let acceptedCount = 0;

runLoop('questions_validator', run, (round) => {
  const fromAccepted = accepted.length > 0 && rand() < 0.5;
  const start = fromAccepted ? accepted[Math.floor(rand() * accepted.length)] : SOURCES[Math.floor(rand() * SOURCES.length)];
  const doc = mutate(structuredClone(start), rand, VALUES);
  const seeds = [0, 4294967295, seed32(), seed32()];
  const finding = (what) => ({
    executions: 1,
    findings: [{ what, ext: 'json', input: `${savedJson({ seed: run.seed, round, finding: what, document: doc })}\n` }],
  });
  let problems;
  try {
    problems = validateQuestions(doc, opts);
  } catch (err) {
    return finding(`validateQuestions threw ${err && err.stack ? err.stack.split('\n').slice(0, 3).join(' | ') : err}`);
  }
  if (!Array.isArray(problems)) return finding(`validateQuestions returned ${typeof problems}, not an array`);
  for (const p of problems) {
    const fault = problemFault(p);
    if (fault) return finding(`${fault}: ${JSON.stringify(p).slice(0, 300)}`);
  }
  if (problems.length === 0) {
    let problem;
    try {
      problem = quizProblem(doc, opts, seeds);
    } catch (err) {
      problem = `preparing or grading threw ${err && err.stack ? err.stack.split('\n').slice(0, 3).join(' | ') : err}`;
    }
    if (problem) return finding(`accepted, but the quiz cannot use it: ${problem.slice(0, 400)}`);
    acceptedCount += 1;
    if (accepted.length < MAX_ACCEPTED) accepted.push(doc);
    else accepted[Math.floor(rand() * MAX_ACCEPTED)] = doc;
  }
  return { executions: 1, findings: [] };
}, () => `${acceptedCount} mutants accepted and used by the quiz`);
