// Which language an element speaks (part of the shell, dist/llm-budget-lab.js):
// the `lang` attribute on the element, else the nearest ancestor's `lang`
// (the page's <html lang> included); English when none is set or the language
// is not shipped. The strings themselves live in content/ui/<locale>.json
// (web/element/i18n.js reads them); English is in the core script, every other
// locale in its own small script, dist/llm-budget-lab-locale-<locale>.js,
// which only a page in that language loads.

/** The locale of the strings the core script carries, and the fallback of every other. */
export const DEFAULT_LOCALE = 'en';

/**
 * The shipped locales: each has its strings in content/ui/<locale>.json
 * (tests/node/i18n.test.mjs checks that this list and the folders agree).
 */
export const LOCALES = Object.freeze(['en', 'de']);

/**
 * The shipped locale a `lang` value asks for: its primary subtag, lower-cased
 * ("de-AT" and "DE" are "de"); DEFAULT_LOCALE when empty or not shipped.
 * @param {string|null|undefined} lang a BCP 47 tag as written in a lang attribute
 * @returns {string} one of LOCALES
 */
export function localeOfTag(lang) {
  const primary = String(lang || '').trim().split(/[-_]/)[0].toLowerCase();
  return LOCALES.includes(primary) ? primary : DEFAULT_LOCALE;
}

/**
 * The locale an element speaks: its own `lang`, else the nearest ancestor's
 * (`closest('[lang]')`, which reaches <html lang>), else DEFAULT_LOCALE.
 * An element inside another element's shadow root looks at its host's side too.
 * @param {Element} el
 * @returns {string} one of LOCALES
 */
export function localeOf(el) {
  for (let node = el; node;) {
    const withLang = node.closest ? node.closest('[lang]') : null;
    if (withLang && withLang.getAttribute('lang').trim() !== '') return localeOfTag(withLang.getAttribute('lang'));
    const root = node.getRootNode ? node.getRootNode() : null;
    node = root && root.host ? root.host : null;
  }
  return DEFAULT_LOCALE;
}

/** The script-loader name of a locale's strings script ("locale-de"); null for DEFAULT_LOCALE, which the core script holds. */
export function localeScriptName(locale) {
  return locale === DEFAULT_LOCALE ? null : `locale-${locale}`;
}
