// What the questions-file validator's answer must mean, shared by the short
// seeded run in tests/node/questions-fuzz.test.mjs and the long one of
// `tools/fuzz <seconds> questions_validator`:
//   problemFault(p)   a reported problem names a question id (or "(file)") and
//                     a field, is bounded, and shows no invisible character raw;
//   quizProblem(doc)  a file it accepted is one the quiz can use: every
//                     question prepares as the quiz prepares it (web/quiz/prepare.js),
//                     practice blocks over a few seeds, every step grades sample
//                     answers without an error, and no value text, message or
//                     interpretation shows NaN or Infinity.
import { blockResolver } from '../../web/quiz/resolve.js';
import { prepareQuestion } from '../../web/quiz/prepare.js';
import { gradeStep } from '../../web/quiz/grade.js';
import { rawInvisible } from './invisible-text.mjs';

/** Typed answers every typed step is graded with (besides its own expected value). */
export const TYPED_ANSWERS = Object.freeze(['', '42', '31.2 GB', '2 × 6.5 GB', 'banana']);
/** The practice seeds a practice block is prepared over unless the caller gives others. */
export const PRACTICE_SEEDS = Object.freeze([0, 7, 4294967295]);

// The validator quotes ids with quoteText(id, 80) and fields with quoteText(field, 200)
// (web/quiz/schema.js collectProblems): at most 80 or 200 code units, each escape
// at most 10 characters ("[U+E0041]" and the clip's "…").
const MAX_ID_CHARS = 10 * 80 + 1;
const MAX_FIELD_CHARS = 10 * 200 + 1;
/** A reason is one sentence: a range, a list of allowed names, a clipped echo. */
const MAX_REASON_CHARS = 2000;

/**
 * Why `p` is not a problem a person can act on ('' when it is one).
 * @param {unknown} p  one entry of validateQuestions' answer
 * @returns {string}
 */
export function problemFault(p) {
  if (p === null || typeof p !== 'object') return 'the problem is not an object';
  for (const [k, max] of [['id', MAX_ID_CHARS], ['field', MAX_FIELD_CHARS], ['reason', MAX_REASON_CHARS]]) {
    if (typeof p[k] !== 'string') return `its ${k} is not a string`;
    if (p[k].trim() === '') return `its ${k} is empty`;
    if (p[k].length > max) return `its ${k} has ${p[k].length} characters (at most ${max})`;
    const raw = rawInvisible(p[k]);
    if (raw) return `its ${k} shows ${raw} raw`;
  }
  return '';
}

/** Text a student would see that shows a number gone wrong. */
const NOT_A_NUMBER = /\bNaN\b|Infinity/;

/**
 * Why the quiz could not use an accepted `doc` (null when it can): it prepares
 * each question as the quiz part does, practice blocks over `seeds`, and
 * grades a few answers of each step.
 * @param {object} doc  a questions file validateQuestions accepted
 * @param {{budget:object, quizCore:object, presets:object, traffic?:object}} cores  the facades and preset set it was
 *   checked with (traffic: the serving simulation's, for a "simulate" calculation)
 * @param {readonly number[]} [seeds]  practice seeds (32-bit unsigned)
 * @returns {string|null}
 */
export function quizProblem(doc, { budget, quizCore, presets, traffic = null }, seeds = PRACTICE_SEEDS) {
  // The file's own text may say NaN or Infinity; then only the grading errors count.
  const fileSaysIt = NOT_A_NUMBER.test(JSON.stringify(doc));
  const blocks = [['questions', doc.questions, [null]]];
  for (const p of Object.values(quizCore.PRACTICE)) {
    if (doc[p.block]) blocks.push([p.block, doc[p.block].questions, seeds]);
  }
  for (const [block, questions, blockSeeds] of blocks) {
    for (const seed of blockSeeds) {
      for (const q of questions) {
        const where = `${block} ${q.id} (seed ${seed})`;
        const made = blockResolver(budget, quizCore, { block, seed: seed ?? 0, question: q, presets, traffic });
        if (!made.ok) return `${where}: ${made.error}`;
        const resolve = made.resolve;
        const prepared = prepareQuestion(q, resolve, quizCore);
        if (!prepared.ok) return `${where}: ${JSON.stringify(prepared.problems)}`;
        for (const [name, text] of Object.entries(prepared.texts)) {
          if (!fileSaysIt && NOT_A_NUMBER.test(text)) return `${where}: value ${name} shows as ${JSON.stringify(text)}`;
        }
        for (const step of q.steps) {
          const settings = prepared.steps.get(step.id);
          const answers = Array.isArray(step.choices) ? [[], [step.choices[0].id], step.choices.map((c) => c.id)]
            : [...TYPED_ANSWERS, `${settings.expected} ${settings.default_unit}`];
          for (const a of answers) {
            const r = gradeStep(step, settings, a, quizCore);
            if (!r.ok) return `${where}.${step.id} answer ${JSON.stringify(a)}: ${r.error}`;
            const shown = `${r.message} ${r.interpreted}`;
            if (!fileSaysIt && NOT_A_NUMBER.test(shown)) return `${where}.${step.id} answer ${JSON.stringify(a)}: ${JSON.stringify(shown)}`;
          }
        }
      }
    }
  }
  return null;
}
