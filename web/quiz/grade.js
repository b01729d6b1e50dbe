// Grades one step's answer by handing it to the quiz core, through the
// step's kind, with the grading settings prepared for it (prepare.js: the
// expected value resolved by the core, tolerances from the questions file).
// The verdict and the message are the core's.
import { stepKind } from './step-kinds.js';

/**
 * Grades `answer` for `step`.
 * @param {object} step a step from the questions file
 * @param {object} settings the step's grading settings (prepareQuestion's `steps.get(step.id)`)
 * @param {string|string[]} answer typed text (answer shape 'text') or chosen choice ids ('choices')
 * @param {object} quizCore the quiz-core facade
 * @param {{pointGroups?:boolean}} [options] pointGroups: the page's locale groups digits with "."
 *   (a typed "1.026" is then also read as 1026; step-kinds.js)
 * @returns {{ok:true, verdict:string, message:string, interpreted:string, expression?:string,
 *   selected?:number[], extra?:number[], missing?:number[]}
 *   | {ok:false, error:string}} verdict: one of the step kind's verdicts (quizCore.STEP_KINDS);
 *   for choices, option indices as the core reports them
 */
export function gradeStep(step, settings, answer, quizCore, options = {}) {
  const kind = stepKind(step, quizCore);
  if (!kind) return { ok: false, error: `kind: "${String(step && step.kind)}" is not a step kind` };
  return kind.grade(settings, answer, quizCore, step, options);
}
