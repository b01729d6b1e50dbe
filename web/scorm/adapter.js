// dist/scorm-adapter.js: the SCORM 2004 run-time adapter of the SCORM package
// (tools/package-scorm). It runs before llm-budget-lab.js on the package's
// launch page and
//   - finds the LMS's API_1484_11 (this window's parent chain, then the
//     opener's) and calls Initialize;
//   - keeps the quiz's answers in cmi.suspend_data instead of localStorage (the
//     elements' answerStorage; the text's format is suspend-data.js's),
//     restored on the next launch;
//   - keeps them in this browser instead, and says so, whenever the LMS cannot
//     keep them: it stops answering, they are longer than the 64,000
//     characters SCORM 2004 guarantees, it keeps only part of what it was
//     given, or it already holds a record this page cannot read (left
//     untouched until the student copies or discards it);
//   - writes those browser copies under keys that name the LMS learner
//     (cmi.learner_id) they belong to (browserKey), so that on a shared
//     browser one learner's answers never reach another learner's record;
//   - merges, as the quiz loads each question, the LMS's copy of its answers
//     with this browser's copy of the same learner, step by step, the answer
//     saved last winning, and says so. A copy of another learner, or of no
//     known learner (written without an LMS, or by the released version, which
//     named no learner), is left in this browser untouched and not merged;
//   - turns report="events" on and, when the whole check is completed, records
//     cmi.score.scaled/raw/min/max, cmi.success_status and
//     cmi.completion_status, then Commit;
//   - calls Terminate once when the page is hidden for good (pagehide).
// Without an LMS, or when its API throws or refuses a call, the page works as
// it does anywhere (answers in this browser) and a line above the lesson says
// once that the learning platform could not be reached.
import { EVENT_TYPES } from '../quiz/report.js';
import { mergeRecords } from '../quiz/record-merge.js';
import { MAX_SUSPEND_CHARS, readSuspendData, writeSuspendData } from './suspend-data.js';
import { showStatus } from './status.js';
import { translator } from '../element/i18n.js';

/**
 * The LMS's SCORM 2004 API: the nearest API_1484_11 in `win`'s parent chain,
 * else in its opener's. A window of another origin cannot be looked into and
 * is passed over. Returns null when there is none.
 */
export function findApi(win) {
  const look = (start) => {
    let w = start;
    for (let depth = 0; w && depth < 100; depth += 1) {
      try {
        if (w.API_1484_11) return w.API_1484_11;
      } catch {
        // another origin: keep climbing
      }
      let parent = null;
      try { parent = w.parent; } catch { parent = null; }
      if (!parent || parent === w) break;
      w = parent;
    }
    return null;
  };
  let opener = null;
  try { opener = win.opener; } catch { opener = null; }
  return look(win) || (opener ? look(opener) : null);
}

/**
 * The localStorage key of the SCORM adapter's browser copy of `key` (a quiz
 * storage key, "llm-budget-lab:<lesson>:<version>:<question id>") for the LMS
 * learner `learnerId` (cmi.learner_id, a non-empty string): the key with
 * ":lms-learner:" and the id, percent-encoded, appended. With no known
 * learner (null), the key itself, the one the quiz uses without an LMS.
 */
export function browserKey(key, learnerId) {
  return learnerId === null ? key : `${key}:lms-learner:${encodeURIComponent(learnerId)}`;
}

const englishT = translator('en', null).t;

/**
 * What the student is told, by the kind of notice (the status line shows each kind at most
 * once), in the launch page's language ("scorm.*" ids of content/ui/<locale>.json).
 * @param {(id:string, params?:object)=>string} t the page's strings (web/element/i18n.js)
 */
export function notices(t) {
  return Object.freeze({
    lost: () => t('scorm.lost'),
    tooLong: (n) => t('scorm.tooLong', { n, max: MAX_SUSPEND_CHARS }),
    fitAgain: () => t('scorm.fitAgain'),
    cut: (kept, n) => t('scorm.cut', { kept, n }),
    merged: (n) => t('scorm.merged', { count: n }),
    fromBrowser: (n) => t('scorm.fromBrowser', { count: n }),
    unreadable: (problem) => t('scorm.unreadable', { problem }),
    discarded: () => t('scorm.discarded'),
  });
}

/**
 * One SCORM session over `api` (or none).
 * @param {object|null} api the LMS's API_1484_11
 * @param {(kind:string, text:string|null)=>void} say shows (or, with null,
 *   removes) the student's notice of one kind (a key of notices(), or "answers")
 * @returns {{storage:object|null, connected:boolean, record?:Function, terminate?:Function,
 *   unreadable?:null|{text:string, problem:string, discard:()=>void}}}
 *   storage (getItem/setItem/removeItem) when the LMS answered, else null;
 *   unreadable: the LMS's suspend_data when it could not be read, kept until discard()
 */
export function startSession(api, say, t = englishT) {
  const NOTICES = notices(t);
  let live = Boolean(api);
  let terminated = false;
  /** The answers of this session: storage key -> record as JSON text. */
  const entries = new Map();
  /** The LMS learner of this session (cmi.learner_id), or null when the LMS names none. */
  let learnerId = null;
  /** Keys whose copy in this browser may differ from the LMS's: removed once the LMS holds them. */
  const inBrowser = new Set();
  /** Keys whose browser copy was looked at (merged) already. */
  const looked = new Set();
  let held = null; // suspend_data the page could not read, left in the LMS untouched
  let tooLong = false;
  let cut = false;
  let mergedSteps = 0;
  const local = (fn) => {
    try {
      if (globalThis.localStorage) fn(globalThis.localStorage);
    } catch {
      // blocked storage: the answers stay in memory for this visit
    }
  };
  /** This learner's browser copy of `key`: written, read, removed under browserKey. */
  const copyKey = (k) => browserKey(k, learnerId);
  const toBrowser = () => local((ls) => { for (const [k, v] of entries) { ls.setItem(copyKey(k), v); inBrowser.add(k); } });
  const inBrowserMode = () => !live || held !== null || tooLong || cut;
  const lost = () => {
    if (live && !inBrowserMode()) toBrowser();
    live = false;
    say('lost', NOTICES.lost());
  };
  /** One API call; null (and the LMS counted as lost) when it throws or answers "false". */
  const call = (name, ...args) => {
    if (!live) return null;
    try {
      const r = api[name](...args);
      if (name !== 'GetValue' && String(r) !== 'true') { lost(); return null; }
      return r;
    } catch {
      lost();
      return null;
    }
  };
  if (!api || call('Initialize', '') === null) {
    lost();
    return { storage: null, connected: false };
  }
  const learner = call('GetValue', 'cmi.learner_id');
  learnerId = typeof learner === 'string' && learner !== '' ? learner : null;
  const text = call('GetValue', 'cmi.suspend_data');
  const read = readSuspendData(text);
  if (read.problem) {
    held = String(text);
    say('unreadable', NOTICES.unreadable(read.problem));
  }
  for (const [key, rec] of read.records) entries.set(key, JSON.stringify(rec));
  const status = call('GetValue', 'cmi.completion_status');
  if (status === 'unknown' || status === 'not attempted' || status === '') call('SetValue', 'cmi.completion_status', 'incomplete');
  // Ask the LMS to keep cmi.suspend_data for the next launch.
  call('SetValue', 'cmi.exit', 'suspend');
  call('Commit', '');

  /** Writes every answer to the LMS when it can take them; else they stay in this browser. */
  const save = () => {
    if (!live || held !== null || cut) return;
    const out = writeSuspendData(entries);
    if (out.length > MAX_SUSPEND_CHARS) {
      if (!tooLong) toBrowser();
      tooLong = true;
      say('answers', NOTICES.tooLong(out.length));
      return;
    }
    if (call('SetValue', 'cmi.suspend_data', out) === null) return;
    const back = call('GetValue', 'cmi.suspend_data');
    if (!live) return;
    if (back !== out) {
      toBrowser();
      cut = true;
      say('answers', NOTICES.cut(typeof back === 'string' ? back.length : 0, out.length));
      return;
    }
    if (call('Commit', '') === null) return;
    if (tooLong) { tooLong = false; say('answers', NOTICES.fitAgain()); }
    // The LMS holds every answer now: this browser's copies would only go stale.
    local((ls) => { for (const k of inBrowser) ls.removeItem(copyKey(k)); });
    inBrowser.clear();
  };
  let saveQueued = false;
  const saveSoon = () => {
    if (saveQueued) return;
    saveQueued = true;
    queueMicrotask(() => { saveQueued = false; save(); });
  };
  /**
   * The first time the quiz asks for `key`: this learner's browser copy, if
   * any, merged into the LMS's. Without a known learner nothing is merged:
   * the copies under the plain key belong to no one this page can name.
   */
  const mergeBrowserCopy = (key) => {
    looked.add(key);
    if (learnerId === null) return;
    let copy = null;
    local((ls) => { copy = ls.getItem(copyKey(key)); });
    if (typeof copy !== 'string') return;
    let browser = null;
    let platform = null;
    try { browser = JSON.parse(copy); } catch { return; }
    try { platform = entries.has(key) ? JSON.parse(entries.get(key)) : null; } catch { platform = null; }
    if (platform && browser && (browser.lesson !== platform.lesson || browser.version !== platform.version)) return;
    inBrowser.add(key);
    const { record, fromBrowser } = mergeRecords(platform, browser);
    if (!record || fromBrowser === 0) return;
    entries.set(key, JSON.stringify(record));
    mergedSteps += fromBrowser;
    // Answers only this browser had, with nothing from the LMS to merge them with, are simply saved there.
    if (held !== null) say('merged', NOTICES.fromBrowser(mergedSteps));
    else if (read.records.size > 0) say('merged', NOTICES.merged(mergedSteps));
    saveSoon();
  };
  const storage = {
    getItem: (key) => {
      const k = String(key);
      if (!looked.has(k)) mergeBrowserCopy(k);
      return entries.has(k) ? entries.get(k) : null;
    },
    setItem: (key, value) => {
      const k = String(key);
      const v = String(value);
      looked.add(k);
      entries.set(k, v);
      if (inBrowserMode()) local((ls) => { ls.setItem(copyKey(k), v); inBrowser.add(k); });
      save();
    },
    removeItem: (key) => {
      const k = String(key);
      looked.add(k);
      entries.delete(k);
      // Without a known learner the plain key may hold someone else's copy: only this session's own goes.
      if (learnerId !== null || inBrowser.has(k)) local((ls) => ls.removeItem(copyKey(k)));
      inBrowser.delete(k);
      save();
    },
  };

  const unreadable = held === null ? null : {
    text: held,
    problem: read.problem,
    /** Lets the next save replace the record the page could not read. */
    discard() {
      if (held === null) return;
      held = null;
      say('unreadable', null);
      say('answers', NOTICES.discarded());
      save();
    },
  };

  /** Records a completed check (the statement of llm-budget-lab-check-completed). */
  const record = (statement) => {
    const s = statement && statement.result && statement.result.score;
    if (!s || !Number.isFinite(s.scaled)) return;
    call('SetValue', 'cmi.score.scaled', String(s.scaled));
    call('SetValue', 'cmi.score.raw', String(s.raw));
    call('SetValue', 'cmi.score.min', String(s.min));
    call('SetValue', 'cmi.score.max', String(s.max));
    const passing = Number.parseFloat(call('GetValue', 'cmi.scaled_passing_score'));
    const passed = Number.isFinite(passing) ? s.scaled >= passing : statement.result.success === true;
    call('SetValue', 'cmi.success_status', passed ? 'passed' : 'failed');
    call('SetValue', 'cmi.completion_status', 'completed');
    call('Commit', '');
  };
  const terminate = () => {
    if (terminated || !live) return;
    terminated = true;
    call('Terminate', '');
  };
  return { storage, connected: true, record, terminate, unreadable };
}

function begin(t) {
  const elements = [...document.querySelectorAll('llm-budget-lab')];
  const status = showStatus(document, t);
  const session = startSession(findApi(window), status.say, t);
  if (!session.connected) return;
  if (session.unreadable) status.offerUnreadable(session.unreadable);
  for (const el of elements) {
    // Set before the element is upgraded (this script runs first): it keeps it.
    el.answerStorage = session.storage;
    el.setAttribute('report', 'events');
  }
  document.addEventListener(EVENT_TYPES.check, (ev) => session.record(ev.detail));
  window.addEventListener('pagehide', (ev) => { if (!ev.persisted) session.terminate(); });
}

/**
 * Starts the adapter on the launch page once it is parsed (web/build.mjs writes one
 * adapter script per locale, dist/scorm-adapter.js and dist/scorm-adapter.<l>.js, each
 * calling this with its locale's strings).
 * @param {(id:string, params?:object)=>string} t the launch page's strings
 */
export function startAdapter(t) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => begin(t), { once: true });
  else begin(t);
}
