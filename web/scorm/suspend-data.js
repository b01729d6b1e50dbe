// The text the SCORM adapter keeps in cmi.suspend_data: the quiz's saved
// records (web/quiz/storage.js), every question of every questions file the
// package showed, in one JSON document. SCORM 2004 (4th edition) guarantees
// only 64,000 characters, so version 2 writes each record short:
//
//   {"format": "llm-budget-lab-suspend", "version": 2, "t": 1764633600,
//    "quizzes": {"LM10-T6:v1": {"q1-fit": [1, {"total": ["13 GB + 40 GB", 1, 12],
//                                              "fits": [["no"], 1, 15]}]}}}
//
// "quizzes" holds one object per lesson and questions version ("<lesson>:<version>"),
// each question's record as [explained (0 or 1), steps], each step as
// [answer, checked (0 or 1), saved time] with the time in seconds after "t"
// (whole seconds since 1970-01-01 UTC); a step saved without a time has no
// third item. The lesson, the questions version and the storage key of each
// record are said once instead of in every record.
//
// Version 1 (releases 3fbce11 and 73460c0) is still read, through
// migrateVersion1: {"format", "version": 1, "answers": {"<storage key>": <record>}}
// with each record as storage.js writes it.
import { isObj } from '../content/check-helpers.js';
import { KEY_PREFIX, isSavedTime as isSeconds } from '../quiz/storage.js';

export const SUSPEND_FORMAT = 'llm-budget-lab-suspend';
export const SUSPEND_VERSION = 2;
/** SCORM 2004 (4th edition) guarantees cmi.suspend_data up to 64,000 characters. */
export const MAX_SUSPEND_CHARS = 64000;
const MAX_RECORDS = 500;
const TAG = '[A-Za-z0-9._-]+';
const ID = '[a-z0-9][a-z0-9._-]*';
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}:(${TAG}):(${TAG}):(${ID})$`);
const QUIZ_PATTERN = new RegExp(`^(${TAG}):(${TAG})$`);
const ID_PATTERN = new RegExp(`^${ID}$`);

const isAnswer = (a) => typeof a === 'string' || (Array.isArray(a) && a.every((x) => typeof x === 'string'));
const isFlag = (v) => v === 0 || v === 1;

/** Thrown inside this file when a document is not in the form its version says. */
class Unreadable extends Error {}
const refuse = (why) => { throw new Unreadable(why); };

/**
 * Version 1's answers (storage key -> record) as records this version keeps,
 * read as version 1's own reader read them: an entry under a key that is not
 * a quiz storage key, or whose value is not an object, is left out; the
 * records are taken as they are (the quiz cleans each again when it loads
 * it), their steps without a saved time.
 */
export function migrateVersion1(doc) {
  const answers = doc.answers;
  if (!isObj(answers)) refuse('its "answers" is not an object');
  const out = new Map();
  for (const [key, rec] of Object.entries(answers).slice(0, MAX_RECORDS)) {
    if (KEY_PATTERN.test(key) && isObj(rec)) out.set(key, rec);
  }
  return out;
}

function readVersion2(doc) {
  if (!isSeconds(doc.t)) refuse('its start time "t" is not a whole number of seconds');
  if (!isObj(doc.quizzes)) refuse('its "quizzes" is not an object');
  const out = new Map();
  for (const [quiz, questions] of Object.entries(doc.quizzes)) {
    const tags = QUIZ_PATTERN.exec(quiz);
    if (!tags || !isObj(questions)) refuse('one of its quizzes is not in the expected form');
    const [, lesson, version] = tags;
    for (const [id, rec] of Object.entries(questions)) {
      if (!ID_PATTERN.test(id) || !Array.isArray(rec) || rec.length !== 2 || !isFlag(rec[0]) || !isObj(rec[1])) {
        refuse('one of its records is not in the expected form');
      }
      const steps = {};
      for (const [stepId, s] of Object.entries(rec[1])) {
        const timed = Array.isArray(s) && s.length === 3;
        if (!Array.isArray(s) || (s.length !== 2 && !timed) || !isAnswer(s[0]) || !isFlag(s[1]) || (timed && !isSeconds(s[2]))) {
          refuse('one of its answers is not in the expected form');
        }
        steps[stepId] = { answer: s[0], checked: s[1] === 1, ...(timed ? { at: doc.t + s[2] } : {}) };
      }
      if (out.size >= MAX_RECORDS) return out;
      out.set(`${KEY_PREFIX}:${lesson}:${version}:${id}`, { lesson, version, steps, explained: rec[0] === 1 });
    }
  }
  return out;
}

/**
 * Reads cmi.suspend_data.
 * @param {unknown} text what GetValue('cmi.suspend_data') returned
 * @returns {{records: Map<string, object>, problem: string|null}} records: storage
 *   key -> record (parsed, not yet cleaned against a question); problem: null when
 *   the text is empty or was read, else why it cannot be read, in words that end
 *   a sentence beginning "It cannot be read: " (records is then empty)
 */
export function readSuspendData(text) {
  const none = new Map();
  if (text === null || text === undefined || text === '') return { records: none, problem: null };
  if (typeof text !== 'string') return { records: none, problem: 'it is not text' };
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    return { records: none, problem: `it is not complete JSON (it may have been cut short; it is ${text.length.toLocaleString('en-US')} characters long)` };
  }
  if (!isObj(doc) || doc.format !== SUSPEND_FORMAT) return { records: none, problem: 'it is not in a format this page knows' };
  try {
    if (doc.version === 1) return { records: migrateVersion1(doc), problem: null };
    if (doc.version === SUSPEND_VERSION) return { records: readVersion2(doc), problem: null };
  } catch (err) {
    if (err instanceof Unreadable) return { records: none, problem: err.message };
    throw err;
  }
  return { records: none, problem: `it is of format version ${JSON.stringify(doc.version)}, which this page cannot read (it reads versions 1 and ${SUSPEND_VERSION}; a newer release of the lab may have written it)` };
}

/**
 * The text for cmi.suspend_data (version 2) from the stored answers.
 * @param {Iterable<[string, string]>} entries storage key -> record as JSON text;
 *   a key this file cannot name, a value that is not a record, or a record whose
 *   lesson or version is not its key's is left out
 * @returns {string}
 */
export function writeSuspendData(entries) {
  const kept = [];
  let t = Infinity;
  for (const [key, text] of entries) {
    const m = KEY_PATTERN.exec(key);
    let rec = null;
    try { rec = JSON.parse(text); } catch { /* not a record: not kept */ }
    // A record whose tags are not its key's was not written by the quiz for that key.
    if (!m || !isObj(rec) || !isObj(rec.steps) || rec.lesson !== m[1] || rec.version !== m[2]) continue;
    kept.push([m, rec]);
    for (const s of Object.values(rec.steps)) if (isObj(s) && isSeconds(s.at)) t = Math.min(t, s.at);
  }
  if (t === Infinity) t = 0;
  const quizzes = {};
  for (const [[, lesson, version, id], rec] of kept) {
    const steps = {};
    for (const [stepId, s] of Object.entries(rec.steps)) {
      if (!isObj(s) || !isAnswer(s.answer)) continue;
      steps[stepId] = isSeconds(s.at) ? [s.answer, s.checked === true ? 1 : 0, s.at - t] : [s.answer, s.checked === true ? 1 : 0];
    }
    const quiz = `${lesson}:${version}`;
    quizzes[quiz] = quizzes[quiz] || {};
    quizzes[quiz][id] = [rec.explained === true ? 1 : 0, steps];
  }
  return JSON.stringify({ format: SUSPEND_FORMAT, version: SUSPEND_VERSION, t, quizzes });
}
