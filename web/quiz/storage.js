// Where a student's answers live: this browser's localStorage, one key per
// question:  llm-budget-lab:<lesson>:<content version>:<question id>
// e.g. llm-budget-lab:LM10-T6:v1:q1-fit. Nothing is ever sent anywhere.
// When storage is unavailable (blocked third-party iframe, private mode,
// quota) every call falls back to an in-memory map and `onUnavailable` is
// called once. Saved values that are not valid records are ignored.
import { stepKind } from './step-kinds.js';

export const KEY_PREFIX = 'llm-budget-lab';

/** The storage key of one question. */
export function answerKey(lesson, version, questionId) {
  return `${KEY_PREFIX}:${lesson}:${version}:${questionId}`;
}

/**
 * A saved record, cleaned: { steps: { stepId: { answer, checked } }, explained }.
 * Unknown step ids and malformed entries are dropped (an answer must have the
 * shape of its step's kind, step-kinds.js); returns null when the value is not
 * a record at all.
 * @param {unknown} rec parsed JSON
 * @param {object} question the question the record belongs to (its steps name the valid ids)
 * @param {object} quizCore the quiz-core facade (its declared step kinds)
 * @param {{step:string, reason:string}[]} [dropped] when given, receives one entry per
 *   step entry that was dropped, with the reason in words
 */
export function cleanRecord(rec, question, quizCore, dropped = null) {
  if (rec === null || typeof rec !== 'object' || Array.isArray(rec)) return null;
  if (rec.steps === null || typeof rec.steps !== 'object' || Array.isArray(rec.steps)) return null;
  const steps = {};
  for (const step of question.steps) {
    const s = Object.prototype.hasOwnProperty.call(rec.steps, step.id) ? rec.steps[step.id] : undefined;
    if (!s || typeof s !== 'object') continue;
    const kind = stepKind(step, quizCore);
    const problem = kind ? kind.problem(s.answer) : 'the step has no known kind';
    if (!problem) steps[step.id] = { answer: s.answer, checked: s.checked === true };
    else if (dropped) dropped.push({ step: step.id, reason: problem });
  }
  if (dropped) {
    for (const id of Object.keys(rec.steps)) {
      if (!question.steps.some((st) => st.id === id)) dropped.push({ step: id, reason: 'this question has no such step' });
    }
  }
  return { steps, explained: rec.explained === true };
}

/**
 * @param {{lesson:string, version:string, quizCore:object, onUnavailable:(reason:string)=>void,
 *   storage?:{getItem:Function, setItem:Function, removeItem:Function}}} options
 *   quizCore: the quiz-core facade (saved answers are checked against its step kinds)
 *   storage: where answers live instead of localStorage (the SCORM adapter's
 *   store in cmi.suspend_data); the same keys and values
 * @returns {{load(q):object|null, save(q, rec):void, remove(q):void}}
 */
export function createAnswerStore({ lesson, version, quizCore, onUnavailable, storage: given = null }) {
  const memory = new Map();
  let storage = null;
  let failed = false;

  function fallBack(err) {
    if (failed) return;
    failed = true;
    storage = null;
    const reason = err && err.name ? err.name : 'unavailable';
    onUnavailable(reason);
  }

  try {
    storage = given || globalThis.localStorage;
    if (!storage) throw new Error('no localStorage');
  } catch (err) {
    fallBack(err);
  }

  const keyOf = (q) => answerKey(lesson, version, q.id);

  return {
    load(question) {
      const key = keyOf(question);
      let text = memory.has(key) ? memory.get(key) : null;
      if (!failed && !memory.has(key)) {
        try { text = storage.getItem(key); } catch (err) { fallBack(err); }
      }
      if (typeof text !== 'string') return null;
      try {
        const parsed = JSON.parse(text);
        if (!parsed || parsed.lesson !== lesson || parsed.version !== version) return null;
        return cleanRecord(parsed, question, quizCore);
      } catch {
        return null; // corrupt value: ignored, overwritten on the next save
      }
    },
    save(question, rec) {
      const key = keyOf(question);
      const text = JSON.stringify({ lesson, version, steps: rec.steps, explained: rec.explained });
      memory.set(key, text);
      if (failed) return;
      try { storage.setItem(key, text); } catch (err) { fallBack(err); }
    },
    remove(question) {
      const key = keyOf(question);
      memory.delete(key);
      if (failed) return;
      try { storage.removeItem(key); } catch (err) { fallBack(err); }
    },
  };
}
