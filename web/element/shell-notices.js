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
 * A notice in `locale`: the pattern of `id` from the locale's strings when its script has
 * run, else the English one, each {name} replaced by params[name] as text (these patterns
 * have no plural forms and take no numbers).
 * @param {string} locale one of LOCALES (locale-names.js)
 * @param {string} id a "notice.*" id of content/ui/en.json
 * @param {Object<string,string>} [params]
 * @returns {string}
 * @throws {Error} naming the id when English has no such id (a bug the tests catch)
 */
export function shellNotice(locale, id, params = {}) {
  const name = localeScriptName(locale);
  const loaded = name ? providedScript(name) : null;
  const own = loaded && loaded.messages && typeof loaded.messages[id] === 'string' ? loaded.messages[id] : null;
  const pattern = own ?? en[id];
  if (typeof pattern !== 'string') throw new Error(`no message "${id}" in content/ui/en.json`);
  return pattern.replace(PLACEHOLDER, (m, k) => (k in params ? String(params[k]) : m));
}
