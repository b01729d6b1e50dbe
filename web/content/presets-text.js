// The text of the presets in another language: content/locales/<locale>/presets.json
// holds, for each configuration, model and GPU id of content/presets.json, the
// translation of its text fields (label, notes, source) and nothing else; ids,
// numbers, groups and the links between presets stay the English file's.
// presetsText() lays a translation over the English document; presetsTextProblems()
// says where a translation and the English file disagree (the checks and the
// tests use it).

/** The lists of a presets document whose entries carry text, keyed by their `id`. */
export const PRESET_TEXT_LISTS = Object.freeze(['configurations', 'models', 'gpus']);
/** The text fields a translation gives, where the English entry has them. */
export const PRESET_TEXT_FIELDS = Object.freeze(['label', 'notes', 'source']);

const URL = /https?:\/\/[^\s)]+/g;

/**
 * The presets document with its text in the translation's language.
 * @param {object} doc   a presets document (content/presets.json's shape), not changed
 * @param {object|null|undefined} text  a translation (content/locales/<locale>/presets.json's
 *   shape: { configurations|models|gpus: { <id>: { label?, notes?, source? } } })
 * @returns {object} a new document; an entry or field the translation lacks keeps its English
 *   text, and a translation field the English entry does not have is ignored
 */
export function presetsText(doc, text) {
  if (!text || typeof text !== 'object') return doc;
  const out = { ...doc };
  for (const list of PRESET_TEXT_LISTS) {
    const given = text[list];
    if (!Array.isArray(doc[list]) || !given || typeof given !== 'object') continue;
    out[list] = doc[list].map((entry) => {
      const tr = entry && Object.prototype.hasOwnProperty.call(given, entry.id) ? given[entry.id] : null;
      if (!tr || typeof tr !== 'object') return entry;
      const copy = { ...entry };
      for (const field of PRESET_TEXT_FIELDS) {
        if (typeof entry[field] === 'string' && typeof tr[field] === 'string' && tr[field].trim() !== '') copy[field] = tr[field];
      }
      return copy;
    });
  }
  return out;
}

/**
 * Where a translation of the presets' text does not match the English document.
 * @param {object} doc   the English presets document
 * @param {object} text  the translation
 * @returns {string[]} one sentence per problem ("models: llama-2-7b: notes: no translation"):
 *   an id the English list lacks, an English text field without a (non-empty) translation, a
 *   field the English entry does not have, or a web address of the English text left out
 */
export function presetsTextProblems(doc, text) {
  const problems = [];
  if (!text || typeof text !== 'object') return ['(file): not a JSON object'];
  for (const list of PRESET_TEXT_LISTS) {
    const english = Array.isArray(doc[list]) ? doc[list] : [];
    const given = text[list] && typeof text[list] === 'object' ? text[list] : {};
    const ids = new Set(english.map((e) => e.id));
    for (const id of Object.keys(given)) if (!ids.has(id)) problems.push(`${list}: ${id}: not an id of the English file`);
    for (const entry of english) {
      const tr = given[entry.id];
      for (const field of PRESET_TEXT_FIELDS) {
        const en = entry[field];
        const de = tr && typeof tr === 'object' ? tr[field] : undefined;
        if (typeof en !== 'string') {
          if (de !== undefined) problems.push(`${list}: ${entry.id}: ${field}: the English entry has no ${field}`);
        } else if (typeof de !== 'string' || de.trim() === '') {
          problems.push(`${list}: ${entry.id}: ${field}: no translation`);
        } else {
          for (const url of en.match(URL) || []) {
            if (!de.includes(url)) problems.push(`${list}: ${entry.id}: ${field}: the address ${url} is missing`);
          }
        }
      }
    }
  }
  return problems;
}
