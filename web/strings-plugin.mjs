// esbuild plugin: which ids of content/ui/<locale>.json a script carries.
// - The instructors' page's own sentences ("instructors.*") are read only by that page
//   (its HTML at build time, its script dist/instructors*.js): the element's scripts leave
//   them out, and the instructors' script carries only them.
// - The lesson page's build-time words ("page.*", "termTips.*": written into the HTML by
//   web/page/render-lesson.mjs) and the SCORM adapter's ("scorm.*", in its own script) are
//   in no element script.
// - The element's shell carries only the "notice.*" ids it shows before the core script is
//   there (web/element/shell-notices.js).
// - A part's own words (the prefixes of its `strings`, web/element/part-names.js) are in
//   its part script, which adds them to English when it runs (addEnglish, web/element/i18n.js),
//   not in the core script; the other locales' scripts carry every id of their file.
// - A script that is neither the core script nor a part script carries the prefixes
//   SCRIPT_STRINGS gives it (the guided tour's, the presets-file rules'), and adds them to
//   English when it runs, as a part script does; the core script leaves them out too.
// checkCarried() makes the build refuse a script whose code names an id it does not carry.
import { readFileSync } from 'node:fs';
import { PARTS } from './element/part-names.js';
import { scriptNameOfPart } from './element/script-loader.js';

/** True for an id only the instructors' page reads. */
export const instructorsOnly = (id) => id.startsWith('instructors.');

/** True for an id the element's shell carries. */
export const shellOnly = (id) => id.startsWith('notice.');

const prefixOf = (id) => id.slice(0, id.indexOf('.'));
const BUILD_TIME_ONLY = new Set(['page', 'termTips', 'scorm']);
const PART_OWNED = new Map(PARTS.flatMap((p) => (p.strings || []).map((prefix) => [prefix, scriptNameOfPart(p.name)])));

/**
 * The English prefixes a non-part script carries instead of the core script (web/build-scripts.mjs
 * adds them to English when the script runs). The guided tour grades its predictions through
 * the quiz's library (web/quiz), so it carries that library's words ("quiz", "questionPrep")
 * besides its own: it may run on a page that shows no quiz. The config.json importer's script
 * (its wasm module alone) carries none. A prefix here that is also a part's
 * (web/element/part-names.js `strings`) is in both scripts; adding it twice is harmless.
 */
export const SCRIPT_STRINGS = Object.freeze({
  tour: Object.freeze(['tour', 'quiz', 'questionPrep']),
  'presets-check': Object.freeze(['presetsCheck']),
  importer: Object.freeze([]),
});
const SCRIPT_OWNED = new Set(Object.values(SCRIPT_STRINGS).flat());

/** True when `script` (a name as carriedBy takes) adds its own English strings when it runs. */
export const addsEnglish = (script) => script.startsWith('part-') || Object.hasOwn(SCRIPT_STRINGS, script);

/**
 * Which ids a lab script (web/build-scripts.mjs) carries.
 * @param {string} script the script's name: "shell", "core", "core-calc", "part-<s>", "tour", "page", a locale's script...
 * @param {boolean} english true for content/ui/en.json, false for another locale's file
 * @returns {(id:string)=>boolean}
 */
export function carriedBy(script, english) {
  if (script === 'shell') return shellOnly;
  if (!english) return (id) => !instructorsOnly(id) && !BUILD_TIME_ONLY.has(prefixOf(id));
  if (script.startsWith('part-')) return (id) => PART_OWNED.get(prefixOf(id)) === script;
  if (Object.hasOwn(SCRIPT_STRINGS, script)) return (id) => SCRIPT_STRINGS[script].includes(prefixOf(id));
  return (id) => !instructorsOnly(id) && !BUILD_TIME_ONLY.has(prefixOf(id)) && !PART_OWNED.has(prefixOf(id))
    && !SCRIPT_OWNED.has(prefixOf(id));
}

/**
 * Which English ids a lab script's code may name: those it carries and, for a script that
 * adds its own (addsEnglish: a part script, the tour's, the presets-file rules'), the core
 * script's too (such a script runs only after the core script).
 * @param {string} script the script's name (as carriedBy)
 * @returns {(id:string)=>boolean}
 */
export function availableTo(script) {
  const own = carriedBy(script, true);
  if (!addsEnglish(script)) return own;
  const core = carriedBy('core', true);
  return (id) => own(id) || core(id);
}

/**
 * Throws when a module of `files` names a string id (a quoted literal, or the start of a
 * template such as `decision.${x}`) of content/ui/en.json that `keep` leaves out, so a
 * script never asks for an English string it lacks (t() would throw at run time).
 * @param {string} script the script's name, for the message
 * @param {string[]} files absolute paths of the modules the script holds itself
 * @param {(id:string)=>boolean} keep the ids the script's code may name (availableTo)
 * @param {object} english content/ui/en.json
 */
export function checkCarried(script, files, keep, english) {
  const prefixes = new Set(Object.keys(english).filter((id) => !id.startsWith('_')).map(prefixOf));
  const wrong = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/['"`]([a-zA-Z]+)\.([\w.]*)(\$\{)?/g)) {
      const [, prefix, rest, template] = m;
      if (!prefixes.has(prefix)) continue;
      const id = `${prefix}.${rest}`;
      if (template ? !keep(`${prefix}.x`) : (id in english && !keep(id))) wrong.push(`${file}: ${id}${template ? '${…}' : ''}`);
    }
  }
  if (wrong.length) throw new Error(`script "${script}" does not carry strings its code names (web/strings-plugin.mjs):\n  ${wrong.join('\n  ')}`);
}

/**
 * @param {(id:string, english:boolean)=>boolean} keep true for each id the script carries
 *   (`english`: the file is content/ui/en.json)
 * @returns {object} an esbuild plugin loading every content/ui/*.json with only the kept ids (never a translators' note, "_...")
 */
export function stringsPlugin(keep) {
  return {
    name: 'llmb-strings',
    setup(b) {
      b.onLoad({ filter: /[\\/]content[\\/]ui[\\/][A-Za-z-]+\.json$/ }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        const all = JSON.parse(await readFile(args.path, 'utf8'));
        const english = /[\\/]en\.json$/.test(args.path);
        // An id starting with "_" is a note for translators, never looked up (web/element/i18n.js): no script carries one.
        const kept = Object.fromEntries(Object.entries(all).filter(([id]) => !id.startsWith('_') && keep(id, english)));
        return { contents: JSON.stringify(kept), loader: 'json' };
      });
    },
  };
}
