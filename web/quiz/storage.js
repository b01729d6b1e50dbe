// Where a student's answers live: this browser's localStorage, one key per
// question:  llm-budget-lab:<lesson>:<content version>:<question id>
// e.g. llm-budget-lab:LM10-T6:v1:q1-fit. Nothing is ever sent anywhere.
// When storage is unavailable (blocked third-party iframe, private mode,
// quota) every call falls back to an in-memory map and `onUnavailable` is
// called once. A saved value in this browser's storage that cannot be read
// (not JSON, or not a record of this lesson and version) is copied, as it is,
// under its unreadable-key (unreadableKey) before anything can overwrite it,
// and `onUnreadable` says so; the question then starts empty.
//
// A record: {"lesson", "version", "steps": {"<step id>": {"answer", "checked", "at"}},
// "explained"}. `at` is when that step's answer was last changed, in whole
// seconds since 1970-01-01 UTC (Date.now() / 1000, rounded down); it lets two
// copies of the same record (a learning platform's and this browser's) be
// merged step by step, the newer answer winning (record-merge.js). Records
// written before `at` existed have none and count as the oldest.
import { stepKind } from './step-kinds.js';

export const KEY_PREFIX = 'llm-budget-lab';

/** The storage key of one question. */
export function answerKey(lesson, version, questionId) {
  return `${KEY_PREFIX}:${lesson}:${version}:${questionId}`;
}

/** The start of the keys that keep saved values this page could not read (unreadableKey). */
export const UNREADABLE_PREFIX = `${KEY_PREFIX}-unreadable`;

/**
 * Where an unreadable saved value of one question is kept aside: its answer key with
 * UNREADABLE_PREFIX in place of KEY_PREFIX ("llm-budget-lab-unreadable:LM10-T6:v1:q1-fit"),
 * then ":2", ":3"... when an earlier, different unreadable value is kept there already.
 * @param {string} lesson @param {string} version @param {string} questionId
 * @param {number} [n] which copy, 1 for the first
 */
export function unreadableKey(lesson, version, questionId, n = 1) {
  return `${UNREADABLE_PREFIX}:${lesson}:${version}:${questionId}${n > 1 ? `:${n}` : ''}`;
}

/** The most unreadable values of one question kept aside (unreadableKey's n). */
const MAX_UNREADABLE_COPIES = 9;

/** Now, as a record's `at`: whole seconds since 1970-01-01 UTC. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** True when `at` is a step's saved time: a whole number of seconds, 0 or more. */
export const isSavedTime = (at) => Number.isSafeInteger(at) && at >= 0;

/** True when two saved steps hold the same answer, checked alike (their times aside). */
export const sameAnswer = (a, b) => a.checked === b.checked && JSON.stringify(a.answer) === JSON.stringify(b.answer);

/**
 * A saved record, cleaned: { steps: { stepId: { answer, checked, at? } }, explained }.
 * Unknown step ids and malformed entries are dropped (an answer must have the
 * shape of its step's kind and, for a choice step, name its choices:
 * step-kinds.js problem); returns null when the value is not
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
  // A choice id from the record as a reason quotes it: clipped, invisible characters written out.
  const quote = (id) => `“${quizCore.reading.quoteText(id, 40)}”`;
  for (const step of question.steps) {
    const s = Object.prototype.hasOwnProperty.call(rec.steps, step.id) ? rec.steps[step.id] : undefined;
    if (!s || typeof s !== 'object') continue;
    const kind = stepKind(step, quizCore);
    const problem = kind ? kind.problem(s.answer, step, quote) : 'the step has no known kind';
    if (!problem) {
      steps[step.id] = { answer: s.answer, checked: s.checked === true };
      if (isSavedTime(s.at)) steps[step.id].at = s.at;
    }
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
 *   onUnreadable?:(kept:{questionId:string, key:string, text:string, held:boolean})=>void,
 *   storage?:{getItem:Function, setItem:Function, removeItem:Function}}} options
 *   quizCore: the quiz-core facade (saved answers are checked against its step kinds)
 *   onUnreadable: load() found a value it cannot read and kept it aside, as `text`, under
 *   `key` (unreadableKey) of this browser's storage, or, when every unreadable-key of the
 *   question holds another text, left it under its own answer key (`held` true: that
 *   question's answers then stay in memory until it is discarded); called once per
 *   question and store
 *   storage: where answers live instead of localStorage (the SCORM adapter's
 *   store in cmi.suspend_data, which keeps what it cannot read itself); the same keys and values
 * @returns {{load(q):object|null, save(q, rec):void, remove(q):void, discardUnreadable(keys:string[]):void}}
 *   discardUnreadable: removes values kept aside (keys onUnreadable named); a value left
 *   under its answer key is replaced by the answer given since, if any
 */
export function createAnswerStore({ lesson, version, quizCore, onUnavailable, onUnreadable = () => {}, storage: given = null }) {
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
  const keptAside = new Set(); // question ids whose unreadable value is kept aside
  // Answer keys whose unreadable value stays where it is, because every one of the
  // question's unreadable-keys already holds another text: this store writes
  // them to memory only, until the student discards that value.
  const heldInPlace = new Set();

  /**
   * Copies `text`, the unreadable value of `question`, under its unreadable-key (the first
   * free one, or the one already holding the same text), then tells onUnreadable. When all
   * MAX_UNREADABLE_COPIES hold other texts, the value stays under its own answer key, which
   * onUnreadable names, and only that question's answers go to memory until it is
   * discarded. When it cannot be copied (storage full or blocked), every later write goes
   * to memory only (fallBack), so the value stays where it is.
   */
  function keepAside(question, text) {
    if (keptAside.has(question.id)) return;
    keptAside.add(question.id);
    let key = null;
    try {
      for (let n = 1; n <= MAX_UNREADABLE_COPIES && key === null; n += 1) {
        const candidate = unreadableKey(lesson, version, question.id, n);
        const there = storage.getItem(candidate);
        if (there === null) storage.setItem(candidate, text);
        if (there === null || there === text) key = candidate;
      }
    } catch (err) {
      fallBack(err);
      return;
    }
    const held = key === null;
    if (held) {
      key = keyOf(question);
      heldInPlace.add(key);
    }
    onUnreadable({ questionId: question.id, key, text, held });
  }
  /** True when `text`, saved under `question`'s key, is a record this store can read. */
  function readable(text, question) {
    let parsed;
    try { parsed = JSON.parse(text); } catch { return false; }
    if (!parsed || parsed.lesson !== lesson || parsed.version !== version) return false;
    // A step of this question whose saved answer cannot be used (an answer of the wrong shape)
    // makes the whole value unreadable: it is kept aside with the notice, not lost at the next
    // save. A step this question no longer has is left out quietly.
    const dropped = [];
    if (cleanRecord(parsed, question, quizCore, dropped) === null) return false;
    return !dropped.some((d) => question.steps.some((st) => st.id === d.step));
  }
  // The steps last loaded or saved per key, with their times: a step saved
  // again unchanged keeps its time, a changed one gets now.
  const lastSteps = new Map();
  const stamp = (key, steps) => {
    const before = lastSteps.get(key) || {};
    const now = nowSeconds();
    const out = {};
    for (const [id, s] of Object.entries(steps)) {
      const old = before[id];
      out[id] = { answer: s.answer, checked: s.checked, at: old && sameAnswer(old, s) && isSavedTime(old.at) ? old.at : now };
    }
    lastSteps.set(key, out);
    return out;
  };

  return {
    load(question) {
      const key = keyOf(question);
      let text = memory.has(key) ? memory.get(key) : null;
      if (!failed && !memory.has(key)) {
        try { text = storage.getItem(key); } catch (err) { fallBack(err); }
      }
      if (typeof text !== 'string') return null;
      if (!readable(text, question)) {
        // Not read, and kept aside before a save or a reset can overwrite it (this
        // browser's storage only: a host's storage keeps what it cannot read itself).
        if (!failed && !given && !memory.has(key)) keepAside(question, text);
        return null;
      }
      const clean = cleanRecord(JSON.parse(text), question, quizCore);
      lastSteps.set(key, clean.steps);
      return clean;
    },
    save(question, rec) {
      const key = keyOf(question);
      const text = JSON.stringify({ lesson, version, steps: stamp(key, rec.steps), explained: rec.explained });
      memory.set(key, text);
      if (failed || heldInPlace.has(key)) return;
      try { storage.setItem(key, text); } catch (err) { fallBack(err); }
    },
    remove(question) {
      const key = keyOf(question);
      memory.delete(key);
      // lastSteps is kept: an answer put back unchanged ("Undo reset") keeps the time it was saved.
      if (failed || heldInPlace.has(key)) return;
      try { storage.removeItem(key); } catch (err) { fallBack(err); }
    },
    discardUnreadable(keys) {
      if (failed) return;
      for (const key of keys) {
        const held = heldInPlace.has(key);
        if (!held && !String(key).startsWith(`${UNREADABLE_PREFIX}:`)) continue; // only what keepAside wrote or held
        try {
          // A value held in place gives way to the answer given since, if any.
          if (held && memory.has(key)) storage.setItem(key, memory.get(key)); else storage.removeItem(key);
        } catch (err) { fallBack(err); return; }
        heldInPlace.delete(key);
      }
    },
  };
}
