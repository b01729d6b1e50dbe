// The element's, quiz's and page's shown strings by locale: one file per locale,
// content/ui/<locale>.json, a flat object of message ids to patterns.
//
// A pattern is either a string with {name} placeholders ("Fits your {gpu} GPU?"),
// or, when it depends on a count, an object keyed by the locale's plural
// categories (Intl.PluralRules: "one", "other", and "zero", "two", "few",
// "many" where the language has them) whose values are such strings; the
// count is the `count` parameter ({"one": "{count} token", "other": "{count}
// tokens"}). No sentence is built by joining pieces: a whole sentence is one
// pattern, and only values (numbers already formatted for the locale, names,
// typed text) go into its placeholders. Ids starting with "_" are notes for
// translators, never looked up. English (content/ui/en.json) is the
// complete set; every other locale must hold every id with the same
// placeholders (tests/node/i18n.test.mjs), and falls back to English for an
// id it lacks, recording it in `missing` so a test can fail on it.
import en from '../../content/ui/en.json' with { type: 'json' };
import { DEFAULT_LOCALE } from './locale-names.js';

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The English strings (the reference every locale translates). */
export const ENGLISH = en;

/**
 * Adds English strings a part's script carries (the ids of its parts' `strings`
 * prefixes, web/element/part-names.js), which the core script leaves out: the
 * part script calls this when it runs, before any of its parts is drawn. Every
 * translator sees them (English is looked up in this one object).
 * @param {object} messages ids to patterns, a slice of content/ui/en.json
 */
export function addEnglish(messages) {
  for (const [id, pattern] of Object.entries(messages)) if (!Object.prototype.hasOwnProperty.call(en, id)) en[id] = pattern;
}

/**
 * The placeholders a pattern uses, sorted ("{count} of {total}": ["count", "total"]).
 * @param {string|object} pattern a string or a plural object
 * @returns {string[]}
 */
export function placeholdersOf(pattern) {
  const texts = typeof pattern === 'string' ? [pattern] : Object.values(pattern || {});
  const names = new Set();
  for (const text of texts) for (const m of String(text).matchAll(PLACEHOLDER)) names.add(m[1]);
  return [...names].sort();
}

/**
 * A translator for one locale.
 * @param {string} locale one of LOCALES (locale-names.js)
 * @param {object|null} messages the locale's strings, content/ui/<locale>.json (null or ignored for English)
 * @returns {{locale:string, t:(id:string, params?:object)=>string, core:(id:string, english:string, params?:object)=>string,
 *   hasCore:(id:string)=>boolean, missing:Set<string>}}
 *   t(id, params): the pattern of `id` with each {name} replaced by params[name]
 *   (a number is written with the locale's grouping and decimal mark; pass
 *   already formatted text for anything with a unit); a plural pattern picks
 *   its form by params.count. Throws an Error naming the id when English has
 *   no such id, or a placeholder has no value: a bug, caught by the tests.
 *   `missing`: ids this locale lacked and took from English.
 */
export function translator(locale, messages) {
  const own = locale === DEFAULT_LOCALE || !messages ? en : messages;
  const plurals = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const missing = new Set();
  const fill = (id, text, params) => text.replace(PLACEHOLDER, (_, name) => {
    const v = params[name];
    if (v === undefined || v === null) throw new Error(`message "${id}" needs a value for {${name}}`);
    return typeof v === 'number' ? numbers.format(v) : String(v);
  });
  function t(id, params = {}) {
    let pattern = Object.prototype.hasOwnProperty.call(own, id) ? own[id] : undefined;
    if (pattern === undefined) {
      pattern = en[id];
      if (pattern === undefined) throw new Error(`no message "${id}" in content/ui/en.json`);
      missing.add(id);
    }
    if (typeof pattern === 'object') {
      const count = Number(params.count);
      pattern = pattern[plurals.select(count)] ?? pattern.other;
    }
    return fill(id, pattern, params);
  }
  /**
   * A word the core declares in English (a field's label or meaning, a group, a unit; the
   * declaration is the one list of names): the locale's translation by its declared name
   * (`id`, "core.field.batch.label"), else the declared English text. English files hold no
   * "core.*" ids; a locale lacking one records it in `missing` (a test names it). With
   * `params`, the translation's {placeholders} are filled as t() fills them, and a plural
   * translation picks its form by params.count as t() does (without `params`, its "other" form).
   */
  function core(id, english, params = null) {
    if (own !== en && Object.prototype.hasOwnProperty.call(own, id)) {
      // A plural translation (a unit word, "core.unit.layers") without a count is its "other" form.
      if (!params) return typeof own[id] === 'object' ? own[id].other : own[id];
      const pattern = own[id];
      return fill(id, typeof pattern === 'object' ? pattern[plurals.select(Number(params.count))] ?? pattern.other : pattern, params);
    }
    if (own !== en) missing.add(id);
    return english;
  }
  /**
   * True when this locale has its own words for the declared name `id` ("core.unit.tokens"),
   * without recording it as missing: for a name only some declared names have words for
   * (a quiz step's unit symbol, which is also a field's declared unit or a symbol as it is).
   * Always false in English, whose words are the declaration's.
   */
  const hasCore = (id) => own !== en && Object.prototype.hasOwnProperty.call(own, id);
  return { locale, t, core, hasCore, missing };
}
