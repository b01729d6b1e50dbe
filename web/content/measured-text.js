// The text of the measured runs in another language: content/locales/<locale>/measured-decode.json
// holds `phrases`, each English text the measured part shows from content/measured-decode.json
// (the method paragraphs, the groups' source, hardware and workload sentences, cell texts such
// as "out of memory", "average latency", "int4 (group 32)") mapped to its translation. The
// English text is the id: a row's `weights` and `quantity` are also keys of the data (the bytes
// per weight, the estimate's terms), so the data stay English and only what is shown is
// translated (measuredSays).

/** A group's fields shown as text. */
const GROUP_FIELDS = ['source', 'hardware', 'workload', 'bandwidth_note'];
/** A row's fields shown as text (in the tables' cells and notes). */
const ROW_FIELDS = ['weights', 'quantity', 'note'];

const URL = /https?:\/\/[^\s)]+/g;

/**
 * Every English text the measured part shows from a measured-runs document, each once.
 * @param {object} doc  content/measured-decode.json's shape
 * @returns {string[]} in the order they first occur
 */
export function measuredTextStrings(doc) {
  const out = new Set();
  const add = (v) => { if (typeof v === 'string' && v.trim() !== '') out.add(v); };
  for (const note of (doc.budget && doc.budget.notes) || []) add(note);
  for (const group of doc.groups || []) {
    for (const f of GROUP_FIELDS) add(group[f]);
    for (const row of group.rows || []) for (const f of ROW_FIELDS) add(row[f]);
    for (const s of group.speculative || []) { add(s.compare); add(s.note); }
    const loop = group.closed_loop;
    if (loop) {
      add(loop.about);
      add(loop.weights);
      for (const row of loop.rows || []) for (const f of ROW_FIELDS) add(row[f]);
    }
  }
  return [...out];
}

/**
 * The translator of the measured part's data text.
 * @param {object|null|undefined} text  a locale's measured-decode.json ({ phrases: { <English>: <translation> } })
 * @returns {(english: string) => string} the translation of a text, else the text itself
 *   (English, no file, or a text the file does not give)
 */
export function measuredSays(text) {
  const phrases = text && text.phrases && typeof text.phrases === 'object' ? text.phrases : null;
  if (!phrases) return (s) => s;
  return (s) => (typeof s === 'string' && Object.prototype.hasOwnProperty.call(phrases, s) && typeof phrases[s] === 'string' ? phrases[s] : s);
}

/**
 * Where a translation of the measured runs' text does not match the English document.
 * @param {object} doc   the English measured-runs document
 * @param {object} text  the translation
 * @returns {string[]} one sentence per problem: a phrase the English file does not show, an
 *   English text without a (non-empty) translation, or a web address of the English text left out
 */
export function measuredTextProblems(doc, text) {
  if (!text || typeof text !== 'object' || !text.phrases || typeof text.phrases !== 'object') return ['phrases: missing'];
  const english = measuredTextStrings(doc);
  const known = new Set(english);
  const problems = [];
  const short = (s) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);
  for (const key of Object.keys(text.phrases)) if (!known.has(key)) problems.push(`phrases: "${short(key)}": not a text of the English file`);
  for (const en of english) {
    const de = text.phrases[en];
    if (typeof de !== 'string' || de.trim() === '') problems.push(`phrases: "${short(en)}": no translation`);
    else for (const url of en.match(URL) || []) if (!de.includes(url)) problems.push(`phrases: "${short(en)}": the address ${url} is missing`);
  }
  return problems;
}
