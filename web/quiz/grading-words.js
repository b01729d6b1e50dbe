// The answer checker's sentences in the page's language. The core declares
// every kind of sentence it writes once (quizCore.FEEDBACK_MESSAGES: a code and
// its English pattern, src/grading/feedback_messages.h), and a graded answer
// carries the kinds its message was written from with their values
// (message_kinds), as does a refusal of grading settings (code, params). English
// shows the core's sentences as they are; another language writes each from its
// own pattern, "core.feedback.<code>" in content/ui/<locale>.json, with numbers
// written for the locale, units in its unit words (step-unit.js) and the
// question's dimension in its words ("core.feedback.dimension.<name>"); the page's
// one writer of a declared message (web/element/declared-message.js) writes it.
import { DEFAULT_LOCALE } from '../element/locale-names.js';
import { declaredMessageInWords, fillDeclaredPattern } from '../element/declared-message.js';
import { stepUnitWords } from './step-unit.js';

/** The declared row of a dimension by name, for its English words. */
function dimensionRow(quizCore, name) {
  return quizCore.reading.DIMENSION_DECLARATIONS.find((d) => d.name === name);
}

/**
 * One sentence (or phrase) of a declared kind in the page's words (declared-message.js), the
 * checker's own names worded by the naming rules of feedback_messages.h: units in the locale's
 * unit words, the question's dimension by its phrase or units, the arithmetic with the locale's
 * decimal mark, the reader's reason as its parse error's sentence.
 * @param {{quizCore:object, strings:object, fmt:object}} ctx
 * @param {{code:string, params:object}} part
 * @returns {string}
 */
function sentenceOf(ctx, part) {
  const { quizCore, strings, fmt } = ctx;
  return declaredMessageInWords(strings, part, {
    prefix: 'core.feedback.',
    named(name, v) {
      if (typeof v !== 'string') return undefined;
      if (name === 'unit' || name === 'typed_unit') return v ? stepUnitWords(strings, v) : v;
      // The arithmetic as the core read it writes its numbers with a decimal point and no grouping
      // ("2 × 6.5 GB"): each decimal point in the locale's decimal mark ("2 × 6,5 GB").
      if (name === 'expression') return v.replace(/(\d)\.(?=\d)/g, `$1${fmt.decimalMark}`);
      if (name === 'dimension' || name === 'typed_dimension' || name.endsWith('_units')) {
        const row = dimensionRow(quizCore, v);
        const units = name.endsWith('_units');
        return strings.core(`core.feedback.${units ? 'dimension_units' : 'dimension'}.${v}`, row ? row[units ? 'units' : 'phrase'] : v);
      }
      return undefined;
    },
    number: (name, v) => fmt.groupedNumber(v),
    nested: (v) => sentenceOf(ctx, v),
    // The reader's reason: the locale's sentence of its parse error.
    more(message, values) {
      if (message.code !== 'not_read') return;
      const params = message.params || {};
      values.reason = strings.core(`core.parse_error.${params.parse_error}`, params.reason, values);
    },
    english(message, values) {
      const declared = quizCore.FEEDBACK_MESSAGES[message.code];
      const params = message.params || {};
      return declared ? fillDeclaredPattern(declared.one && params.count === 1 ? declared.one : declared.pattern, values) : '';
    },
  });
}

/**
 * The feedback line's sentences of a graded answer.
 * @param {object} quizCore the quiz facade (FEEDBACK_MESSAGES, reading.DIMENSION_DECLARATIONS)
 * @param {{locale:string, core:Function, hasCore:Function, fmt:{groupedNumber:Function}}} strings
 *   the element's translator with its number formatting (render.js)
 * @param {{message:string, message_kinds?:{code:string, params:object}[]}} result a graded step
 * @returns {string} the core's English on an English page (or without kinds); else each kind's
 *   sentence in the locale's words, joined by a space
 */
export function feedbackInWords(quizCore, strings, result) {
  if (strings.locale === DEFAULT_LOCALE || !Array.isArray(result.message_kinds) || !quizCore.FEEDBACK_MESSAGES) {
    return result.message;
  }
  const ctx = { quizCore, strings, fmt: strings.fmt };
  return result.message_kinds.map((part) => sentenceOf(ctx, part)).join(' ');
}

/**
 * The note on how an ambiguous separator was read ("(comma read as a decimal comma)"),
 * in the page's words, or '' when the reading has none.
 * @param {object} quizCore the quiz facade
 * @param {{core:Function}} strings the element's translator
 * @param {string} note the kind of the note (a graded result's reading_note), or ''
 */
export function readingNoteInWords(quizCore, strings, note) {
  if (!note || !quizCore.FEEDBACK_MESSAGES[note]) return '';
  return strings.core(`core.feedback.${note}`, quizCore.FEEDBACK_MESSAGES[note].pattern);
}

/**
 * A refusal of grading settings (a step the core cannot grade with) in the page's words:
 * the locale's pattern of its kind ("core.feedback.setting_relative_tolerance"), or the core's
 * English on an English page or when it has no kind.
 * @param {object} quizCore the quiz facade
 * @param {{locale:string, core:Function, fmt:{groupedNumber:Function}}} strings translator with fmt
 * @param {{error:string, code?:string, params?:object}} res the facade's error value
 */
export function gradingRefusalInWords(quizCore, strings, res) {
  if (strings.locale === DEFAULT_LOCALE || !isGradingRefusal(quizCore, res)) return res.error;
  return sentenceOf({ quizCore, strings, fmt: strings.fmt }, { code: res.code, params: res.params });
}

/** True when `res` is a refusal of a kind the answer checker declares. */
export function isGradingRefusal(quizCore, res) {
  return Boolean(res && res.code && res.params && quizCore && quizCore.FEEDBACK_MESSAGES
    && Object.hasOwn(quizCore.FEEDBACK_MESSAGES, res.code));
}
