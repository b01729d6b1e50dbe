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
import { rangeReason, valueText } from './limits.js';
import { splitFragment } from './link-fragment.js';
import { translator } from './i18n.js';
import { numberFormatting } from './format.js';
import { coreMessage } from './core-message.js';
import { DEFAULT_LOCALE } from './locale-names.js';

/** The most sentences one link or inputs attribute gets (the last says how many more problems it had). */
export const MAX_NOTICES = 6;

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
 * @param {{locale:string, t:Function, core:Function}} [strings]  the element's translator
 *   (i18n.js; ctx.strings): the notices' language; English when omitted
 */
export function readFragment(hash, core, base, words = (t) => t, visible = (t) => t, strings = ENGLISH) {
  const raw = splitFragment(hash).rest;
  if (!raw.startsWith(FRAGMENT_PREFIX)) return null;
  if (raw.length > MAX_FRAGMENT_CHARS) {
    return { input: { ...base }, notices: [strings.t('link.notice.tooLong.link', { chars: String(raw.length) })] };
  }
  return readSettings(raw.slice(FRAGMENT_PREFIX.length), core, base, { words, visible, strings, source: 'link', separator: /[;&]/, decode: true });
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
 * @param {{locale:string, t:Function, core:Function}} [strings]  the element's translator (as readFragment's)
 */
export function readInputsAttribute(text, core, base, words = (t) => t, visible = (t) => t, strings = ENGLISH) {
  const raw = String(text || '').trim();
  if (raw.length > MAX_FRAGMENT_CHARS) {
    return { input: { ...base }, notices: [strings.t('link.notice.tooLong.attribute', { chars: String(raw.length) })] };
  }
  return readSettings(raw, core, base, {
    words, visible, strings, source: 'attribute', separator: /\s*;\s*|\s*,\s*(?=[^,=]*=)/, decode: false,
  });
}

const ENGLISH = translator(DEFAULT_LOCALE, null);

/**
 * The reader shared by the link and the inputs attribute: `name=value` pairs
 * split by `separator`; each checked (known name from the core's declaration,
 * a number the core's field reader reads in the field's own unit, accepted by
 * the core); a pair that fails is dropped with a sentence naming it and
 * saying where it came from (`source`: 'link' or 'attribute', the last part of
 * the notices' ids, link.notice.*.<source> in content/ui/<locale>.json).
 * English notices show the core's refusals as `words` puts them; another
 * language writes them from its own patterns (core-message.js).
 * @returns {{input:object, notices:string[]}}
 */
export function readSettings(raw, core, base, { words = (t) => t, visible = (t) => t, strings = ENGLISH, source, separator, decode }) {
  // Text quoted in a notice: at most 30 characters, invisible characters in
  // the core's one format ([U+200B], readingCore.visibleText).
  const shown = (text) => strings.t('element.quoted', { text: visible(clipText(text, 30)) });
  // Sentences in the order of the pairs; a function for one that names the
  // value used instead, known only once every pair is read and applied.
  const notices = [];
  const names = core.declaration.inputs.map((f) => f.name);
  const englishLabels = Object.fromEntries(core.declaration.inputs.map((f) => [f.name, f.label]));
  const labels = Object.fromEntries(core.declaration.inputs.map((f) => [f.name, strings.core(`core.field.${f.name}.label`, f.label)]));
  // A label inside a sentence as the language writes it ("batch" in English, "Batch" in German).
  const inSentence = strings.t('grammar.labelInSentence') === 'lowercase' ? lowerFirst : (label) => label;
  const say = (kind, params) => strings.t(`link.notice.${kind}.${source}`, params);
  const english = strings.locale === DEFAULT_LOCALE;
  const fmt = english ? null : numberFormatting(strings.locale, strings.t);
  // A core refusal as the notice quotes it: without the field's label before it, nor its period.
  const reasonOf = (res, field) => {
    const text = english || !res.code ? res.error : coreMessage(core, strings, fmt, res);
    const label = [englishLabels[field], labels[field]].find((l) => text.startsWith(`${l}: `));
    return (label ? text.slice(label.length + 2) : text).replace(/\.$/, '');
  };
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
        notices.push(say('notText', { text: shown(pair) }));
        continue;
      }
    }
    const eq = text.indexOf('=');
    const key = (eq < 0 ? text : text.slice(0, eq)).trim();
    const value = eq < 0 ? '' : text.slice(eq + 1);
    if (!names.includes(key)) {
      notices.push(say('unknown', { setting: shown(key) }));
      continue;
    }
    if (key in patch) {
      notices.push(say('twice', { label: inSentence(labels[key]) }));
      continue;
    }
    // The core's reader, in the field's own unit (links and attributes hold raw values).
    const read = core.readField(key, value, 1);
    if (!read.ok) {
      const reason = reasonOf(read, key);
      // A later pair may still give the field, or a lowered cap carry it along.
      notices.push(() => say(`unread.${used(key).tail}`, { label: labels[key], reason, ...used(key).params }));
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
  // the field's display unit, "1 billion parameters", "32 requests"; "1 Milliarde Parameter").
  const shownValue = (field) => valueText(calculatorFields(core, strings), field, input[field], strings);
  // Which ending the sentence has (the last part but one of its id) and the values it names.
  const used = (field) => {
    if (field in patch) return { tail: 'later', params: { value: shownValue(field) } };
    if (input[field] === base[field]) return { tail: 'start', params: {} };
    const cap = labels[capOf(field)];
    return cap ? { tail: 'cap', params: { value: shownValue(field), cap: inSentence(cap) } }
      : { tail: 'set', params: { value: shownValue(field) } };
  };
  // Every sentence, once the values used are known: each dropped value's last.
  // A sentence is said once however often the settings repeat its problem, and
  // at most MAX_NOTICES are said, then how many more there were: a link of
  // 2,000 characters can hold a thousand bad pairs.
  const said = () => {
    const all = [...new Set([...notices.map((n) => (typeof n === 'function' ? n() : n)),
      ...dropped.map(({ field, reason }) => say(`refused.${used(field).tail}`, { label: labels[field] || field, reason, ...used(field).params }))])];
    if (all.length <= MAX_NOTICES) return all;
    const more = all.length - (MAX_NOTICES - 1);
    return [...all.slice(0, MAX_NOTICES - 1), say('more', { count: more, n: more })];
  };
  for (let tries = 0; tries <= names.length; tries += 1) {
    const res = core.plan(input);
    if (res.ok) return { input, notices: said() };
    // The refused field itself, or the given value of the field that caps it
    // (query heads set below the starting KV heads).
    const cap = capOf(res.field);
    const field = res.field in patch ? res.field : (cap in patch ? cap : Object.keys(patch)[0]);
    if (field === undefined) break;
    // The reason ends where the notice's sentence goes on ("…: {reason}. Its starting value is used.").
    // Its numbers in the units the calculator's boxes show ("1.000.000 GB", "90 % des GPU-Speichers").
    const shownAs = (name) => calculatorFields(core, strings).FIELDS[name];
    // A value outside its own range is said as the calculator's range sentence says it, in the
    // boxes' units ("it must be a whole number from 1 to 1 million requests, not 0 requests").
    const outOfRange = res.field === field ? rangeReason(calculatorFields(core, strings), field, res, patch[field], input, strings) : null;
    dropped.push({ field, reason: outOfRange
      || (english || !res.code ? words(res.error) : coreMessage(core, strings, fmt, res, shownAs)).replace(/\.$/, '') });
    delete patch[field];
    input = settle(patch);
  }
  input = { ...base };
  return { input, notices: said() };
}
