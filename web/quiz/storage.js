// Where a student's answers live: this browser's localStorage, one key per
// question:  llm-budget-lab:<lesson>:<content version>:<question id>
// e.g. llm-budget-lab:LM10-T6:v1:q1-fit. Nothing is ever sent anywhere.
// When storage is unavailable (blocked third-party iframe, private mode,
// quota) every call falls back to an in-memory map and `onUnavailable` is
// called once. Saved values that are not valid records are ignored.

export const KEY_PREFIX = 'llm-budget-lab';
const MAX_ANSWER_CHARS = 1000;
const MAX_CHOICES = 64;

/** The storage key of one question. */
export function answerKey(lesson, version, questionId) {
  return `${KEY_PREFIX}:${lesson}:${version}:${questionId}`;
}

/**
 * A saved record, cleaned: { steps: { stepId: { answer, checked } }, explained }.
 * Unknown step ids and malformed entries are dropped; returns null when the
 * value is not a record at all.
 * @param {unknown} rec parsed JSON
 * @param {object} question the question the record belongs to (its steps name the valid ids)
 * @param {{step:string, reason:string}[]} [dropped] when given, receives one entry per
 *   step entry that was dropped, with the reason in words
 */
export function cleanRecord(rec, question, dropped = null) {
  if (rec === null || typeof rec !== 'object' || Array.isArray(rec)) return null;
  if (rec.steps === null || typeof rec.steps !== 'object' || Array.isArray(rec.steps)) return null;
  const steps = {};
  for (const step of question.steps) {
    const s = Object.prototype.hasOwnProperty.call(rec.steps, step.id) ? rec.steps[step.id] : undefined;
    if (!s || typeof s !== 'object') continue;
    const a = s.answer;
    const ok = step.kind === 'numeric'
      ? typeof a === 'string' && a.length <= MAX_ANSWER_CHARS
      : Array.isArray(a) && a.length <= MAX_CHOICES && a.every((x) => typeof x === 'string' && x.length <= 100);
    if (ok) steps[step.id] = { answer: a, checked: s.checked === true };
    else if (dropped) dropped.push({ step: step.id, reason: droppedReason(step, s) });
  }
  if (dropped) {
    for (const id of Object.keys(rec.steps)) {
      if (!question.steps.some((st) => st.id === id)) dropped.push({ step: id, reason: 'this question has no such step' });
    }
  }
  return { steps, explained: rec.explained === true };
}

function droppedReason(step, s) {
  if (!s || typeof s !== 'object') return 'the entry is not an object';
  const a = s.answer;
  if (step.kind === 'numeric') {
    if (typeof a !== 'string') return 'the answer is not text';
    return `the answer is ${a.length.toLocaleString('en-US')} characters long (at most ${MAX_ANSWER_CHARS.toLocaleString('en-US')})`;
  }
  if (!Array.isArray(a)) return 'the answer is not a list of choices';
  if (a.length > MAX_CHOICES) return `the answer lists ${a.length} choices (at most ${MAX_CHOICES})`;
  return 'the answer lists something that is not a choice id';
}

/**
 * @param {{lesson:string, version:string, onUnavailable:(reason:string)=>void,
 *   storage?:{getItem:Function, setItem:Function, removeItem:Function}}} options
 *   storage: where answers live instead of localStorage (the SCORM adapter's
 *   store in cmi.suspend_data); the same keys and values
 * @returns {{load(q):object|null, save(q, rec):void, remove(q):void}}
 */
export function createAnswerStore({ lesson, version, onUnavailable, storage: given = null }) {
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
        return cleanRecord(parsed, question);
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
