// The element's sentences shown without its core script (which holds the English strings
// and the translator): the note printed by an element that had not started, and the notice
// that it could not start. The shell carries only the "notice.*" ids of content/ui/en.json
// (web/build-scripts.mjs trims the file for the shell's script, web/strings-plugin.mjs);
// another language's come from its strings script (dist/llm-budget-lab-locale-<l>.js) once
// the page has it, else the English sentence is shown.
import en from '../../content/ui/en.json' with { type: 'json' };
import { localeScriptName } from './locale-names.js';
import { providedScript } from './script-loader.js';

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The words of a failure: its notice in the element's language when it carries one
 * (err.notice, script-loader.js), else its message.
 * @param {*} err what was thrown
 * @param {(id:string, params:object)=>string} say the element's strings: t, or shellNotice for a locale
 * @returns {string}
 */
export function errorWords(err, say) {
  if (err && err.notice && typeof err.notice.id === 'string') return say(err.notice.id, err.notice.params || {});
  return err && err.message ? err.message : String(err);
}

/**
 * A notice in `locale`: the pattern of `id` from the locale's strings when its script has
 * run, else the English one, each {name} replaced by params[name] (a number written for the
 * locale, as the translator writes it; these patterns have no plural forms).
 * @param {string} locale one of LOCALES (locale-names.js)
 * @param {string} id a "notice.*" id of content/ui/en.json
 * @param {Object<string,string|number>} [params]
 * @returns {string}
 * @throws {Error} naming the id when English has no such id (a bug the tests catch)
 */
export function shellNotice(locale, id, params = {}) {
  const name = localeScriptName(locale);
  const loaded = name ? providedScript(name) : null;
  const own = loaded && loaded.messages && typeof loaded.messages[id] === 'string' ? loaded.messages[id] : null;
  const pattern = own ?? en[id];
  if (typeof pattern !== 'string') throw new Error(`no message "${id}" in content/ui/en.json`);
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  return pattern.replace(PLACEHOLDER, (m, k) => {
    if (!(k in params)) return m;
    return typeof params[k] === 'number' ? numbers.format(params[k]) : String(params[k]);
  });
}
