// A message the core declares, in the page's language: the one writer behind the core's
// refusals and importer notes ("core.message.<code>", core-message.js) and the answer
// checker's sentences ("core.feedback.<code>", web/quiz/grading-words.js). The core writes
// every such message the same way (src/reading/message_values.h): a declared code with an
// English pattern, filled with values it also sends as one JSON object ({code, params}).
// Another language writes the same sentence from its own pattern of the code, each value in
// its words: the family of messages words the values it names in its own way (a field's
// label, a unit's words, a dimension's phrase) through its hooks; the rest is the same for
// every family: a value that is itself a message is written the same way, {count} stays a
// number (the translator writes it and picks the plural form), another number is written for
// the locale, anything else as it is.

/**
 * The words of one value of a declared message.
 * @param {string} name the value's name (its placeholder without braces)
 * @param {*} v its value from the core's JSON
 * @param {object} message the message it belongs to ({code, params, ...})
 * @param {object} words the family's hooks (see declaredMessageInWords)
 * @returns {string|number}
 */
function valueInWords(name, v, message, words) {
  const own = words.named(name, v, message);
  if (own !== undefined) return own;
  if (v && typeof v === 'object') return words.nested(v);
  if (name === 'count' && typeof v === 'number') return v;
  if (typeof v === 'number') return words.number(name, v, message);
  return String(v);
}

/**
 * A declared message of the core in the page's words.
 * @param {{core:Function}} strings the element's translator (i18n.js)
 * @param {{code:string, params?:object}} message its code and values, as the core writes them
 *   (params missing: no values)
 * @param {{prefix:string,
 *   named:(name:string, v:*, message:object) => (string|undefined),
 *   number:(name:string, v:number, message:object) => string,
 *   nested:(v:object) => string,
 *   english:(message:object, values:object) => string,
 *   more?:(message:object, values:object) => void}} words the family's hooks: `prefix` of its
 *   string ids ("core.message."); `named` a value's words by its name (a field's label, a unit's
 *   words), or undefined for the common rules; `number` a number's words for the locale;
 *   `nested` the words of a value that is itself a message; `english` the sentence where the
 *   locale has no pattern of the code; `more` adds or replaces values after they are all worded
 * @returns {string} the locale's pattern of `prefix + code` filled with the values' words
 */
export function declaredMessageInWords(strings, message, words) {
  const values = {};
  for (const [name, v] of Object.entries(message.params || {})) values[name] = valueInWords(name, v, message, words);
  if (words.more) words.more(message, values);
  return strings.core(`${words.prefix}${message.code}`, words.english(message, values), values);
}

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/**
 * An English pattern with each {name} replaced by values[name] (a placeholder with no value
 * stays as written), as the core fills it: a family's `english` hook for a locale lacking a pattern.
 * @param {string} pattern the declared English pattern
 * @param {object} values the values' words by name
 * @returns {string}
 */
export function fillDeclaredPattern(pattern, values) {
  return pattern.replace(PLACEHOLDER, (m, name) => (values[name] === undefined ? m : String(values[name])));
}
