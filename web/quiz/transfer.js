// "Download my answers" / "Load answers": one JSON file, made here (the
// download itself is element/download.js's offerJsonDownload) and read in the
// browser (a file input). No network. Loading
// merges: the file's answers replace those of the same steps, every other
// saved answer is kept (web/parts/quiz.js says how many of each).
//
// File format:
//   { "format": "llm-budget-lab-answers", "lesson": "LM10-T6", "version": "v1",
//     "saved_at": "2025-01-01T12:00:00.000Z",
//     "answers": { "<question id>": { "steps": { "<step id>": { "answer": "53 GB" | ["no"],
//                                                              "checked": true } },
//                                      "explained": false } } }
// An answer that cannot be used (the wrong shape, too long, a choice the step
// does not offer, or more than one choice for a one-choice step: storage.js
// cleanRecord) is not loaded and is named with the reason; the student's
// saved answer of that step stays.
import { cleanRecord } from './storage.js';
import { clipText } from '../core/echo-text.js';

export const ANSWERS_FORMAT = 'llm-budget-lab-answers';
const MAX_FILE_BYTES = 256 * 1024;

/** The answers file for `records` (a Map questionId -> record). */
export function answersDocument(lesson, version, records) {
  const answers = {};
  for (const [id, rec] of records) answers[id] = { steps: rec.steps, explained: rec.explained };
  return { format: ANSWERS_FORMAT, lesson, version, saved_at: new Date().toISOString(), answers };
}

/**
 * A tag from the file, as the student reads it: quoted, shortened, invisible
 * characters shown as [U+XXXX] by `visibleText` (the core's, readingCore.visibleText).
 */
const quoteTag = (v, visibleText) => `“${visibleText(clipText(v, 40))}”`;

/**
 * What is wrong with one of the file's tags (`label` as the student reads it),
 * or null when it is a non-empty string. Values of the wrong type are
 * described by kind; numbers and true/false are short and printed as they are.
 */
function tagProblem(value, label) {
  if (value === undefined || value === null) return `names no ${label}`;
  if (typeof value === 'string') return value === '' ? `has an empty ${label}` : null;
  if (typeof value === 'number') return `gives its ${label} as ${value}, a number rather than text`;
  if (typeof value === 'boolean') return `gives its ${label} as ${value}, a true/false value rather than text`;
  return `gives its ${label} as ${Array.isArray(value) ? 'a list' : 'an object'} rather than text`;
}

/**
 * Why the file's lesson/version do not match this page, in words, or null when they do.
 * Each wrong tag is named with what is wrong with it and what this page needs.
 */
function mismatch(doc, lesson, version, visibleText) {
  const problems = [];
  const needs = [];
  const lessonProblem = tagProblem(doc.lesson, 'lesson');
  if (lessonProblem) { problems.push(lessonProblem); needs.push(`"lesson": "${lesson}"`); }
  const versionProblem = tagProblem(doc.version, 'questions version');
  if (versionProblem) {
    // "names no lesson and no questions version", not "... and names no ...".
    const shared = lessonProblem && lessonProblem.startsWith('names no ') && versionProblem.startsWith('names no ');
    problems.push(shared ? versionProblem.slice('names '.length) : versionProblem);
    needs.push(`"version": "${version}"`);
  }
  if (problems.length) {
    return `That answers file ${problems.join(' and ')} (this page needs ${needs.join(', ')}).`;
  }
  if (doc.lesson !== lesson || doc.version !== version) {
    return `Those answers are for lesson ${quoteTag(doc.lesson, visibleText)}, questions version ${quoteTag(doc.version, visibleText)}; this page has lesson “${lesson}”, version “${version}”.`;
  }
  return null;
}

/**
 * Reads and validates an answers file.
 * @param {File} file
 * @param {{lesson:string, version:string, questions:object[], quizCore:object}} expected
 *   quizCore: the quiz-core facade (its step kinds check each answer; its reading
 *   facade's visibleText escapes invisible characters in what is quoted)
 * @returns {Promise<{ok:true, records:Map<string,object>, skipped:string[]} | {ok:false, error:string}>}
 *   `error` is one sentence for the student; `skipped` lists, one phrase each, the
 *   answers in the file that could not be used (e.g. 'question q1-fit, step total: the
 *   answer is 5,000 characters long (at most 1,000)'); the usable ones are in `records`.
 */
export async function readAnswersFile(file, { lesson, version, questions, quizCore }) {
  const { visibleText } = quizCore.reading;
  const tag = (v) => quoteTag(v, visibleText);
  if (!file) return { ok: false, error: 'No file was chosen.' };
  if (file.size > MAX_FILE_BYTES) return { ok: false, error: `That file is too large to be an answers file (${file.size} bytes; at most ${MAX_FILE_BYTES}).` };
  let doc;
  try {
    doc = JSON.parse(await file.text());
  } catch {
    return { ok: false, error: 'That file is not an answers file: it is not valid JSON.' };
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc) || doc.format !== ANSWERS_FORMAT) {
    return { ok: false, error: `That file is not an answers file: "format" must be "${ANSWERS_FORMAT}".` };
  }
  const wrong = mismatch(doc, lesson, version, visibleText);
  if (wrong) return { ok: false, error: wrong };
  if (!doc.answers || typeof doc.answers !== 'object' || Array.isArray(doc.answers)) {
    return { ok: false, error: 'That answers file has no "answers" object.' };
  }
  const records = new Map();
  const skipped = [];
  for (const [id, rec] of Object.entries(doc.answers)) {
    const question = questions.find((q) => q.id === id);
    if (!question) return { ok: false, error: `That answers file has answers for an unknown question ${tag(id)}.` };
    const dropped = [];
    const clean = cleanRecord(rec, question, quizCore, dropped);
    if (!clean) return { ok: false, error: `The answers for question ${tag(id)} are not in the expected form.` };
    for (const d of dropped) skipped.push(`question ${id}, step ${tag(d.step)}: ${d.reason}`);
    records.set(id, clean);
  }
  return { ok: true, records, skipped };
}
