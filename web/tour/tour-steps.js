// A guided tour's steps (content/tours.json) as the page and the checks use
// them: the live input a step stands for, and its prediction as a quiz step
// graded by the quiz's own machinery (web/quiz/prepare.js, step-kinds.js) over
// the core. Nothing here computes a budget number: each one is a plan() of
// the core, read through the quiz's resolver (web/quiz/resolve.js).
//
// A step's state is always the same, wherever the student comes from: the
// preset set's default input, then the step's preset (if any), then its
// input patches (`set.inputs`, by the core's declared input names). So a step
// opened from a link or resumed later shows what its text describes.
//
// A prediction may name two calculations beside the quiz's own kinds:
//   {"calc": "plan", "field": F}    plan() field F at the step's state after
//                                   `predict.then` (the change the reveal makes)
//   {"calc": "change", "field": F}  -1, 0 or 1: whether plan() field F goes down,
//                                   stays or goes up from the step's state to the
//                                   state after `then` (two plan() calls)
// Any other kind is the quiz's (resolve.js), resolved as the quiz resolves it.
import { makeResolver } from '../quiz/resolve.js';
import { prepareQuestion } from '../quiz/prepare.js';

/** Two results closer than this share of the larger are "the same" for a change (floating-point noise only). */
export const SAME_RELATIVE = 1e-9;

/** The direction values a `change` calculation gives, and the words for them. */
export const CHANGE_VALUES = Object.freeze({ down: -1, same: 0, up: 1 });

/**
 * The input patch a step's `set` stands for over `base` ({} when it sets nothing).
 * @param {object} step a tour step
 * @param {object} presets the element's preset set (forCore(core) of element/presets.js presetSet)
 * @param {object} core the budget facade
 * @param {object} [extra] more input fields over the step's (a prediction's `then`)
 * @returns {{ok:true, input:object} | {ok:false, field:string, error:string}} the complete input
 *   (the set's defaults, the preset, the inputs), accepted by the core, or the part of `set` at fault
 */
export function stepInput(step, presets, core, extra = {}) {
  const set = (step && step.set) || {};
  let input = presets.defaultInput(core);
  if (set.preset !== undefined) {
    const patch = presets.presetPatch(set.preset, core);
    if (!patch) return { ok: false, field: 'set.preset', error: `unknown preset "${String(set.preset)}"` };
    input = { ...input, ...patch };
  }
  input = { ...input, ...(set.inputs || {}), ...extra };
  const r = core.plan(input);
  if (!r.ok) {
    const where = extra && Object.hasOwn(extra, r.field) ? `predict.then.${r.field}` : set.inputs && Object.hasOwn(set.inputs, r.field) ? `set.inputs.${r.field}` : 'set';
    return { ok: false, field: where, error: r.error };
  }
  return { ok: true, input };
}

/**
 * The resolver a step's prediction is graded with: the quiz's (makeResolver)
 * with `plan` and `change` read at the step's state (see the file comment).
 * @param {object} step a tour step with `predict`
 * @param {object} core budget facade; @param {object} quizCore quiz-core facade
 * @param {object} presets the preset set (forCore(core))
 * @returns {(calc:object, unit?:string) => ({ok:true, value:number|boolean} | {ok:false, error:string})}
 */
export function stepResolver(step, core, quizCore, presets) {
  const then = (step.predict && step.predict.then) || {};
  // The step's state as a preset of its own, so the quiz's `plan` calculation reads it unchanged.
  const at = (extra) => {
    const r = stepInput(step, presets, core, extra);
    return r.ok ? { ok: true, patch: r.input } : r;
  };
  const before = at({});
  const after = at(then);
  const overStep = (state) => ({
    ...presets,
    presetPatch: (id, c) => (id === '' && state.ok ? state.patch : presets.presetPatch(id, c)),
  });
  const quizResolve = (state) => makeResolver(core, quizCore, null, { presets: overStep(state) });
  const resolveBefore = quizResolve(before);
  const resolveAfter = quizResolve(after);
  return function resolve(calc, unit) {
    if (!calc || typeof calc !== 'object') return { ok: false, error: 'must be a calculation object' };
    if (calc.calc === 'plan' && calc.preset === undefined) {
      if (!after.ok) return { ok: false, error: after.error };
      return resolveAfter({ ...calc, preset: '' }, unit);
    }
    if (calc.calc === 'change') {
      if (!before.ok || !after.ok) return { ok: false, error: (before.ok ? after : before).error };
      const a = resolveBefore({ calc: 'plan', preset: '', field: calc.field });
      const b = resolveAfter({ calc: 'plan', preset: '', field: calc.field });
      if (!a.ok) return a;
      if (!b.ok) return b;
      if (typeof a.value !== 'number' || typeof b.value !== 'number') {
        return { ok: false, error: `change needs a number field (${String(calc.field)} is yes or no)` };
      }
      if (Math.abs(b.value - a.value) <= SAME_RELATIVE * Math.max(Math.abs(a.value), Math.abs(b.value))) return { ok: true, value: CHANGE_VALUES.same };
      return { ok: true, value: b.value > a.value ? CHANGE_VALUES.up : CHANGE_VALUES.down };
    }
    return resolveAfter(calc, unit);
  };
}

/**
 * A step's prediction as a one-step quiz question, prepared by the quiz
 * (prepare.js): its grading settings checked by the core.
 * @returns {{ok:true, question:object, settings:object, texts:object}
 *   | {ok:false, problems:{field:string, reason:string}[]}} field: a path under `predict`
 */
export function preparePrediction(step, core, quizCore, presets) {
  const p = step.predict;
  const quizStep = { ...p };
  delete quizStep.then; // the tour's own key: the change the reveal makes
  const question = { id: step.id, title: step.title, prompt: p.prompt, steps: [{ id: 'predict', ...quizStep }] };
  const prepared = prepareQuestion(question, stepResolver(step, core, quizCore, presets), quizCore);
  if (!prepared.ok) {
    return { ok: false, problems: prepared.problems.map((x) => ({ field: x.field.replace(/^steps\.predict\./, 'predict.'), reason: x.reason })) };
  }
  return { ok: true, question, step: question.steps[0], settings: prepared.steps.get('predict'), texts: prepared.texts };
}
