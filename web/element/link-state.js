// The calculator's inputs as a URL fragment, so a configuration survives a
// reload and travels as a link (from file:// and inside an iframe too):
//   #lab:batch=32;kv_heads=8;weight_bytes_per_param=0.5
// Only inputs that differ from the element's starting input are written; the
// values are JavaScript's shortest round-trip text, so a link reads back to
// exactly the same numbers. Field names are the core's (its declaration).
// Reading never runs or inserts anything: each pair is checked (known name,
// a number the core's field reader reads, accepted by the core) and a pair
// that fails is dropped with a sentence naming it; the rest still apply.

import { clipText } from '../core/echo-text.js';
import { settleCaps } from './caps.js';
import { calculatorFields, lowerFirst } from './fields.js';
import { valueText } from './limits.js';
import { splitFragment } from './link-fragment.js';

export const FRAGMENT_PREFIX = 'lab:';
export { TOUR_PREFIX, splitFragment, joinFragment } from './link-fragment.js';
/** Longer fragments are not read at all (a link of every field is under 700 characters). */
export const MAX_FRAGMENT_CHARS = 2000;

/**
 * The fragment (without '#') for `input`: the fields in declaration order whose
 * value differs from `base`; '' when none does.
 * @param {object} input a complete BudgetInput the core accepted
 * @param {object} base  the element's starting input
 * @param {string[]} names input names in declaration order (core.declaration.inputs)
 */
export function encodeFragment(input, base, names) {
  const pairs = names.filter((n) => input[n] !== base[n]).map((n) => `${n}=${String(input[n])}`);
  return pairs.length ? `${FRAGMENT_PREFIX}${pairs.join(';')}` : '';
}

/**
 * Reads a location.hash (after a tour step, if it starts with one). Returns
 * null when the fragment is not the lab's (a heading anchor such as #budget, or none); else { input, notices } where
 * `input` is `base` with every usable pair applied and `notices` says, in
 * words, each pair that was not used and why.
 * @param {string} hash  location.hash, with or without the leading '#'
 * @param {object} core  the budget facade (declaration and plan())
 * @param {object} base  the element's starting input (complete, accepted by the core)
 * @param {(text:string)=>string} words  core sentence -> the page's words
 * @param {(text:string)=>string} visible  the core's escape for invisible characters
 */
export function readFragment(hash, core, base, words = (t) => t, visible = (t) => t) {
  const raw = splitFragment(hash).rest;
  if (!raw.startsWith(FRAGMENT_PREFIX)) return null;
  if (raw.length > MAX_FRAGMENT_CHARS) {
    return { input: { ...base }, notices: [`The link’s settings are too long to be the calculator’s (${raw.length} characters), so the starting values are shown.`] };
  }
  return readSettings(raw.slice(FRAGMENT_PREFIX.length), core, base, { words, visible, where: 'the link', separator: /[;&]/, decode: true });
}

/**
 * Reads the element's `inputs` attribute ("batch=32,context_tokens=4096"):
 * the same reader as the link, pairs separated by ';' or by a comma that
 * starts the next name= (so "context_tokens=32,768" keeps its grouping), no
 * percent-decoding. Returns { input, notices } as readFragment.
 * @param {string} text  the attribute value
 * @param {object} core  the budget facade
 * @param {object} base  the input the attribute's values go over (defaults and preset)
 * @param {(text:string)=>string} words  core sentence -> the page's words
 * @param {(text:string)=>string} visible  the core's escape for invisible characters
 */
export function readInputsAttribute(text, core, base, words = (t) => t, visible = (t) => t) {
  const raw = String(text || '').trim();
  if (raw.length > MAX_FRAGMENT_CHARS) {
    return { input: { ...base }, notices: [`The inputs attribute is too long to be the calculator’s settings (${raw.length} characters), so the starting values are shown.`] };
  }
  return readSettings(raw, core, base, {
    words, visible, where: 'the inputs attribute', separator: /\s*;\s*|\s*,\s*(?=[^,=]*=)/, decode: false,
  });
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The reader shared by the link and the inputs attribute: `name=value` pairs
 * split by `separator`; each checked (known name from the core's declaration,
 * a number the core's field reader reads in the field's own unit, accepted by
 * the core); a pair that fails is dropped with a sentence naming it and
 * saying where it came from (`where`).
 * @returns {{input:object, notices:string[]}}
 */
export function readSettings(raw, core, base, { words = (t) => t, visible = (t) => t, where, separator, decode }) {
  // Text quoted in a notice: at most 30 characters, invisible characters in
  // the core's one format ([U+200B], readingCore.visibleText).
  const shown = (text) => `“${visible(clipText(text, 30))}”`;
  // Sentences in the order of the pairs; a function for one that names the
  // value used instead, known only once every pair is read and applied.
  const notices = [];
  const names = core.declaration.inputs.map((f) => f.name);
  const labels = Object.fromEntries(core.declaration.inputs.map((f) => [f.name, f.label]));
  const capOf = (name) => {
    const decl = core.declaration.inputs.find((f) => f.name === name);
    return decl ? decl.max_from : '';
  };
  const patch = {};
  for (const pair of raw.split(separator)) {
    if (pair === '') continue;
    let text = pair;
    if (decode) {
      try {
        text = decodeURIComponent(pair);
      } catch {
        notices.push(`A setting in ${where} is not readable text (${shown(pair)}), so it was ignored.`);
        continue;
      }
    }
    const eq = text.indexOf('=');
    const key = (eq < 0 ? text : text.slice(0, eq)).trim();
    const value = eq < 0 ? '' : text.slice(eq + 1);
    if (!names.includes(key)) {
      notices.push(`${capital(where)} names ${shown(key)}, which is not a calculator setting, so it was ignored.`);
      continue;
    }
    if (key in patch) {
      notices.push(`${capital(where)} gives ${lowerFirst(labels[key])} twice; the first value is used.`);
      continue;
    }
    // The core's reader, in the field's own unit (links and attributes hold raw values).
    const read = core.readField(key, value, 1);
    if (!read.ok) {
      const reason = read.error.startsWith(`${labels[key]}: `) ? read.error.slice(labels[key].length + 2) : read.error;
      // A later pair may still give the field, or a lowered cap carry it along.
      notices.push(() => `${labels[key]} in ${where} cannot be read (${reason.replace(/\.$/, '')}), so ${used(key)}.`);
      continue;
    }
    patch[key] = read.value;
  }
  // Apply what is left as the sliders would (caps.js): a lowered cap lowers
  // a field it caps that the settings do not give, so "total_params=1e9"
  // brings the active parameters down with it. A value the core still
  // refuses is dropped (naming it) and the rest tried again, so one bad
  // value never costs the others.
  const settle = (given) => settleCaps(core.declaration.inputs, base, given);
  let input = settle(patch);
  const dropped = [];
  // The value a field not taken from its pair ends with, in words: another
  // pair's, the starting one, or (for a field a lowered cap carries along) that cap's.
  // The value is written as the calculator shows it (limits.js's valueText:
  // the field's display unit, "1 billion parameters", "32 requests").
  const shownValue = (field) => valueText(calculatorFields(core), field, input[field]);
  const used = (field) => {
    if (field in patch) return `its later value, ${shownValue(field)}, is used`;
    if (input[field] === base[field]) return 'its starting value is used';
    const cap = labels[capOf(field)];
    return cap ? `it is set to ${shownValue(field)}, to fit ${lowerFirst(cap)}` : `it is set to ${shownValue(field)}`;
  };
  // Every sentence, once the values used are known: each dropped value's last.
  const said = () => [...notices.map((n) => (typeof n === 'function' ? n() : n)),
    ...dropped.map(({ field, reason }) => `${labels[field] || field} in ${where} cannot be used (${reason}), so ${used(field)}.`)];
  for (let tries = 0; tries <= names.length; tries += 1) {
    const res = core.plan(input);
    if (res.ok) return { input, notices: said() };
    // The refused field itself, or the given value of the field that caps it
    // (query heads set below the starting KV heads).
    const cap = capOf(res.field);
    const field = res.field in patch ? res.field : (cap in patch ? cap : Object.keys(patch)[0]);
    if (field === undefined) break;
    dropped.push({ field, reason: words(res.error) });
    delete patch[field];
    input = settle(patch);
  }
  input = { ...base };
  return { input, notices: said() };
}
