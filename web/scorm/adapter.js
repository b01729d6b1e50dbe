// dist/scorm-adapter.js: the SCORM 2004 run-time adapter of the SCORM package
// (tools/package-scorm). It runs before llm-budget-lab.js on the package's
// launch page and
//   - finds the LMS's API_1484_11 (this window's parent chain, then the
//     opener's) and calls Initialize;
//   - keeps the quiz's answers in cmi.suspend_data instead of localStorage (the
//     elements' answerStorage), restored on the next launch; suspend_data that is
//     not this adapter's JSON, or of another format version, is ignored;
//   - turns report="events" on and, when the whole check is completed, records
//     cmi.score.scaled/raw/min/max, cmi.success_status and
//     cmi.completion_status, then Commit;
//   - calls Terminate once when the page is hidden for good (pagehide).
// Without an LMS, or when its API throws or refuses a call, the page works as
// it does anywhere (answers in this browser) and a line above the lesson says
// once that the learning platform could not be reached.
import { EVENT_TYPES } from '../quiz/report.js';

export const SUSPEND_FORMAT = 'llm-budget-lab-suspend';
export const SUSPEND_VERSION = 1;
/** SCORM 2004 (4th edition) guarantees cmi.suspend_data up to 64,000 characters. */
export const MAX_SUSPEND_CHARS = 64000;
const MAX_KEYS = 500;
const KEY_PATTERN = /^llm-budget-lab:[A-Za-z0-9._-]+:[A-Za-z0-9._-]+:[a-z0-9][a-z0-9._-]*$/;

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
 * Reads cmi.suspend_data: a Map of the quiz's storage keys to their saved
 * records, or an empty Map when the text is empty, not JSON, not this
 * adapter's format or of another version (never trusted further: the quiz
 * cleans every record again when it loads it).
 */
export function readSuspendData(text) {
  const out = new Map();
  if (typeof text !== 'string' || text === '' || text.length > MAX_SUSPEND_CHARS) return out;
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    return out;
  }
  if (!doc || typeof doc !== 'object' || doc.format !== SUSPEND_FORMAT || doc.version !== SUSPEND_VERSION) return out;
  const answers = doc.answers;
  if (!answers || typeof answers !== 'object' || Array.isArray(answers)) return out;
  for (const [key, value] of Object.entries(answers).slice(0, MAX_KEYS)) {
    if (KEY_PATTERN.test(key) && value && typeof value === 'object' && !Array.isArray(value)) out.set(key, JSON.stringify(value));
  }
  return out;
}

/** The text for cmi.suspend_data from the stored answers (keys -> JSON text). */
export function writeSuspendData(entries) {
  const answers = {};
  for (const [key, text] of entries) {
    try { answers[key] = JSON.parse(text); } catch { /* not a record: not kept */ }
  }
  return JSON.stringify({ format: SUSPEND_FORMAT, version: SUSPEND_VERSION, answers });
}

/**
 * One SCORM session over `api` (or none). `say(text)` shows a sentence to the
 * student; it is called at most once. Returns { storage, connected }: storage
 * (getItem/setItem/removeItem) when the LMS answered, else null.
 */
export function startSession(api, say) {
  let live = Boolean(api);
  let said = false;
  let terminated = false;
  let entries = new Map();
  /** This browser's storage, where answers go once the LMS is lost (as without an LMS). */
  const local = (fn) => {
    try {
      if (globalThis.localStorage) fn(globalThis.localStorage);
    } catch {
      // blocked storage: the answers stay in memory for this visit
    }
  };
  const lost = () => {
    if (live) local((ls) => { for (const [k, v] of entries) ls.setItem(k, v); });
    live = false;
    if (said) return;
    said = true;
    say('Your learning platform (LMS) could not be reached, so your progress is not recorded there. The lesson and the quiz work as usual, with your answers kept in this browser.');
  };
  /** One API call; false (and the LMS counted as lost) when it throws or answers "false". */
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
  entries = readSuspendData(call('GetValue', 'cmi.suspend_data'));
  const status = call('GetValue', 'cmi.completion_status');
  if (status === 'unknown' || status === 'not attempted' || status === '') call('SetValue', 'cmi.completion_status', 'incomplete');
  // Ask the LMS to keep cmi.suspend_data for the next launch.
  call('SetValue', 'cmi.exit', 'suspend');
  call('Commit', '');

  let tooLongSaid = false;
  const save = () => {
    if (!live) return;
    const text = writeSuspendData(entries);
    if (text.length > MAX_SUSPEND_CHARS) {
      if (!tooLongSaid) {
        tooLongSaid = true;
        say(`Your answers are too long for your learning platform to keep (${text.length} characters; at most ${MAX_SUSPEND_CHARS}); shorten one to save them there.`);
      }
      return;
    }
    if (call('SetValue', 'cmi.suspend_data', text) !== null) call('Commit', '');
  };
  const storage = {
    getItem: (key) => (entries.has(key) ? entries.get(key) : null),
    setItem: (key, value) => {
      entries.set(String(key), String(value));
      if (live) save(); else local((ls) => ls.setItem(String(key), String(value)));
    },
    removeItem: (key) => {
      entries.delete(String(key));
      if (live) save(); else local((ls) => ls.removeItem(String(key)));
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
  return { storage, connected: true, record, terminate };
}

function begin() {
  const elements = [...document.querySelectorAll('llm-budget-lab')];
  let line = null;
  const say = (text) => {
    if (!line) {
      line = document.createElement('p');
      line.className = 'scorm-status';
      line.setAttribute('role', 'status');
      line.dataset.scormStatus = '';
      const main = document.querySelector('main') || document.body;
      main.prepend(line);
    }
    line.textContent = text;
  };
  const session = startSession(findApi(window), say);
  if (!session.connected) return;
  for (const el of elements) {
    // Set before the element is upgraded (this script runs first): it keeps it.
    el.answerStorage = session.storage;
    el.setAttribute('report', 'events');
  }
  document.addEventListener(EVENT_TYPES.check, (ev) => session.record(ev.detail));
  window.addEventListener('pagehide', (ev) => { if (!ev.persisted) session.terminate(); });
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin, { once: true });
  else begin();
}
