// The refusals the JavaScript facades make themselves, before the core sees a value
// (web/core/budget-core.js, web/core/traffic-core.js), that a reader can be shown: one
// list of kinds, each a code and its English pattern, as the core declares its own
// (declaration.messages, src/budget/input_messages.h). A refusal of one of these kinds
// carries `code` and `params` as a core refusal does, so web/element/core-message.js
// writes it in another language from "core.message.<code>" of content/ui/<locale>.json;
// English is the sentence written here from the pattern. The facades' other checks guard
// a caller's code (a wrong type passed by a script) and stay English.
//
//   config_not_text     importHfConfig() given something that is not text; {got}: what it was
//                       (a declared JSON kind's code, "json_number", or the English words)
//   config_no_importer  importHfConfig() over the calculator's module, which does not declare
//                       the importer's messages (the presets part asks for the full module)
//   config_importer_missing  importHfConfig() when the importer's own module
//                       (dist/llm-budget-lab-importer.js) is not loaded
//   not_traffic_field   a traffic object's key that names no traffic field; {field}: the key
//                       (cut at 60 characters), {fields}: the traffic fields, comma-separated

/** The facades' own message kinds: code and English pattern with {placeholders}. */
export const FACADE_MESSAGES = Object.freeze([
  Object.freeze({ code: 'config_not_text', pattern: 'config.json must be given as text (got {got})' }),
  Object.freeze({
    code: 'config_no_importer',
    pattern: 'reading a config.json needs the full engine (llm-budget-lab-core.js), which this element did not start with; reload the page to read one',
  }),
  Object.freeze({
    code: 'config_importer_missing',
    pattern: 'the config.json importer (llm-budget-lab-importer.js) could not be loaded; check the connection and try again',
  }),
  Object.freeze({ code: 'not_traffic_field', pattern: '{field} is not a traffic field; the fields are {fields}.' }),
]);

/**
 * A refusal of one of the facades' own kinds.
 * @param {string} code one of FACADE_MESSAGES' codes
 * @param {object} params the values of its placeholders, as the error carries them
 * @param {object} [english] values written differently in the English sentence (default: `params`)
 * @returns {{message:string, code:string, params:object}} message: the English sentence
 * @throws {Error} for a code the list does not hold (a bug)
 */
export function facadeRefusal(code, params = {}, english = params) {
  const kind = FACADE_MESSAGES.find((m) => m.code === code);
  if (!kind) throw new Error(`no facade message "${code}"`);
  const message = kind.pattern.replace(/\{([a-z_]+)\}/g, (m, name) => String(english[name]));
  return { message, code, params };
}

/**
 * The code of a declared JSON kind (the core's "json_*" messages: "a number", "an array") for
 * a value, or null for one JSON has no kind for (undefined, a boolean's words differ, a function).
 */
export function jsonKindCode(value) {
  if (value === null) return 'json_null';
  if (Array.isArray(value)) return 'json_array';
  if (typeof value === 'number') return 'json_number';
  if (typeof value === 'object') return 'json_object';
  return null;
}
