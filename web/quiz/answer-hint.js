// The hint under a typed answer's box in the page's language: what may be typed and
// how it is checked. English shows the core's sentence (src/grading/answer_hint.h);
// another language writes what may be typed from "core.answer_hint.<accept>" with the
// unit's words, then the tolerance and the digits it needs from the core's declared
// phrases ("core.feedback.tolerance_*", "core.feedback.digits_*", grading-words.js),
// joined by its own pattern "quiz.hint.checked" or "quiz.hint.checkedDigits".
import { DEFAULT_LOCALE } from '../element/locale-names.js';
import { stepKind } from './step-kinds.js';
import { stepUnitWords } from './step-unit.js';
import { feedbackInWords } from './grading-words.js';

/**
 * @param {object} quizCore the quiz facade
 * @param {{locale:string, t:Function, core:Function, fmt:object}} strings the element's translator
 *   with its number formatting (render.js)
 * @param {object} step a step of the questions file (unit, accept, tolerances)
 * @returns {string} '' for a step with no hint (choices, or settings the core refuses); e.g. in
 *   German for Question 2 (±0.005 tokens): "Eine Zahl in Token oder eine Rechnung wie 2 × 6,5 (…);
 *   Dezimalkomma oder -punkt. Geprüft wird auf ±0,005 Token genau: 2 Nachkommastellen behalten."
 */
export function answerHintInWords(quizCore, strings, step) {
  const kind = stepKind(step, quizCore);
  const hint = kind.hint ? kind.hint(step, quizCore) : null;
  if (!hint) return '';
  if (strings.locale === DEFAULT_LOCALE) return hint.text;
  const typed = strings.core(`core.answer_hint.${step.accept === 'number' ? 'number' : 'expression'}${step.unit ? '' : '_bare'}`,
    hint.text, { unit: step.unit ? stepUnitWords(strings, step.unit) : '' });
  if (!Array.isArray(hint.kinds) || hint.kinds.length === 0) return typed;
  const [tolerance, digits] = hint.kinds.map((part) => feedbackInWords(quizCore, strings, { message: '', message_kinds: [part] }));
  return digits ? strings.t('quiz.hint.checkedDigits', { hint: typed, tolerance, digits })
    : strings.t('quiz.hint.checked', { hint: typed, tolerance });
}
