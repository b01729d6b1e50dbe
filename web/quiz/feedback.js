// The words a student reads after Check on a choice step. The verdict is the
// core's (correct / partly / wrong / invalid); the questions file may add a
// `feedback` sentence per choice that says why that choice is or is not
// right, and this file picks which of those to show:
//   single choice: the chosen choice's feedback after a short verdict lead,
//                  or the core's message when the choice has none;
//   multi-select:  the core's message (how many right, extra, missing), then
//                  the feedback of each wrongly selected and each missed
//                  choice (of each selected one when all is right); missed
//                  choices are named only once something is selected.
import { fill } from './resolve.js';
import { translator } from '../element/i18n.js';

const ENGLISH = translator('en', null).t;

/**
 * @param {object} step a choice step from the questions file
 * @param {{verdict:string, message:string, selected:number[], extra:number[], missing:number[]}} result
 * @param {Object<string,string>} texts resolved {placeholders}
 * @param {(id:string, params?:object)=>string} [t] the element's strings (web/element/i18n.js); English when omitted
 * @returns {{lead:string, notes:string[]}} notes: one sentence per choice, in choice order
 */
export function choiceFeedback(step, result, texts, t = ENGLISH) {
  const fb = (i) => {
    const c = step.choices[i];
    return c && typeof c.feedback === 'string' ? fill(c.feedback, texts) : '';
  };
  const { verdict, message } = result;
  if (!step.multiple) {
    const chosen = result.selected.length === 1 ? fb(result.selected[0]) : '';
    if (!chosen || (verdict !== 'correct' && verdict !== 'wrong')) return { lead: message, notes: [] };
    return { lead: t(verdict === 'correct' ? 'quiz.choiceCorrect' : 'quiz.choiceWrong', { feedback: chosen }), notes: [] };
  }
  if (verdict === 'invalid') return { lead: message, notes: [] };
  const extra = new Set(result.extra);
  const missing = new Set(result.missing);
  const selected = new Set(result.selected);
  const notes = [];
  // A missed option "applies too" beside a selected one that applies; when every selected option
  // is wrong it simply "applies". With nothing selected the missed options are not named: the
  // core's sentence asks for a selection first.
  const missedId = [...selected].some((i) => !extra.has(i)) ? 'quiz.choiceMissing' : 'quiz.choiceMissingOnly';
  step.choices.forEach((c, i) => {
    const text = fb(i);
    if (!text) return;
    if (extra.has(i)) notes.push(t('quiz.choiceExtra', { choice: c.text, feedback: text }));
    else if (missing.has(i) && selected.size > 0) notes.push(t(missedId, { choice: c.text, feedback: text }));
    else if (verdict === 'correct' && selected.has(i)) notes.push(t('quiz.choiceNote', { choice: c.text, feedback: text }));
  });
  return { lead: message, notes };
}
