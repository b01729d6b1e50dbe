// The checks of content/tours.json, the guided tours (schema in content/README.md,
// "tours.json"): tools/check-content runs them, and the tests. Names come from
// their one list each: part names from web/element/part-names.js, input and
// result names from the core's declaration, preset ids from the preset set;
// a prediction is prepared as the tour will grade it (tour-steps.js over the
// quiz's prepare.js), so a prediction whose answer the core cannot compute is
// named here, not found by a student.
import { PART_NAMES } from '../element/part-names.js';
import { show, isObj } from '../content/check-helpers.js';
import { stepInput, preparePrediction } from './tour-steps.js';

export const TOURS_FORMAT = 'llm-budget-lab-tours';
/** Tour and step ids: lower-case words joined by hyphens (they travel in the link: #tour=ID/N). */
export const TOUR_ID_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
export const MAX_TOURS = 20;
export const MAX_STEPS = 30;
const MAX_TEXT_CHARS = 1200;

const KEYS = Object.freeze({
  file: ['format', 'version', 'tours'],
  tour: ['id', 'title', 'description', 'steps'],
  step: ['id', 'title', 'text', 'set', 'target', 'predict'],
  set: ['preset', 'inputs'],
  target: ['part', 'field'],
});

/**
 * The result names a target or a term may point at: the declared fields of
 * plan() and capacity(), which the calculator's results show.
 */
export function targetFieldNames(core) {
  return [...core.declaration.results.plan, ...core.declaration.results.capacity].map((f) => f.name);
}

/**
 * Checks a target { part, field? }; returns [{ field, reason }] (field relative to the target).
 * Exported for the lesson's terms, whose targets are checked the same way.
 */
export function targetProblems(target, core) {
  if (!isObj(target)) return [{ field: '', reason: `must be an object {"part", "field"} (got ${show(target)})` }];
  const out = [];
  for (const k of Object.keys(target)) if (!KEYS.target.includes(k)) out.push({ field: k, reason: `unknown key (expected ${KEYS.target.join(', ')})` });
  if (!PART_NAMES.includes(target.part)) out.push({ field: 'part', reason: `unknown part ${show(target.part)} (known: ${PART_NAMES.join(', ')})` });
  if (target.field !== undefined) {
    const names = targetFieldNames(core);
    if (!names.includes(target.field)) out.push({ field: 'field', reason: `unknown result field ${show(target.field)} (a declared result of plan() or capacity(), such as ${names.slice(0, 4).join(', ')})` });
  }
  return out;
}

const text = (v, max = MAX_TEXT_CHARS) => typeof v === 'string' && v.trim() !== '' && v.length <= max;

/**
 * Validates a tours document.
 * @param {unknown} doc parsed JSON
 * @param {{core:object, quizCore:object, presets:object}} opts the budget and quiz facades and
 *   the preset set (forCore(core)) the tours' presets come from
 * @returns {{id:string, field:string, reason:string}[]} id: "tourId/stepId" (or the tour, or "(file)");
 *   field: the path inside it ("target.part", "predict.correct_value"); empty when valid
 */
export function validateTours(doc, { core, quizCore, presets }) {
  const problems = [];
  const add = (id, field, reason) => problems.push({ id, field, reason });
  if (!isObj(doc)) { add('(file)', '(top level)', 'must be an object {"format", "version", "tours"}'); return problems; }
  for (const k of Object.keys(doc)) if (!KEYS.file.includes(k)) add('(file)', k, `unknown key (expected ${KEYS.file.join(', ')})`);
  if (doc.format !== TOURS_FORMAT) add('(file)', 'format', `must be "${TOURS_FORMAT}" (got ${show(doc.format)})`);
  if (doc.version !== 1) add('(file)', 'version', `must be 1 (got ${show(doc.version)})`);
  if (!Array.isArray(doc.tours) || doc.tours.length === 0 || doc.tours.length > MAX_TOURS) {
    add('(file)', 'tours', `must be an array of 1 to ${MAX_TOURS} tours (got ${show(doc.tours)})`);
    return problems;
  }
  const inputNames = core.declaration.inputs.map((f) => f.name);
  const tourIds = new Set();
  doc.tours.forEach((tour, ti) => {
    const tid = isObj(tour) && typeof tour.id === 'string' ? tour.id : `tours[${ti}]`;
    if (!isObj(tour)) { add(tid, '(tour)', 'must be an object {"id", "title", "steps"}'); return; }
    for (const k of Object.keys(tour)) if (!KEYS.tour.includes(k)) add(tid, k, `unknown key (expected ${KEYS.tour.join(', ')})`);
    if (typeof tour.id !== 'string' || !TOUR_ID_PATTERN.test(tour.id)) add(tid, 'id', `must be lower-case letters, digits and hyphens, starting with a letter (got ${show(tour.id)})`);
    else if (tourIds.has(tour.id)) add(tid, 'id', `is used by another tour too`);
    else tourIds.add(tour.id);
    if (!text(tour.title, 80)) add(tid, 'title', 'must be a short text (1 to 80 characters)');
    if (tour.description !== undefined && !text(tour.description)) add(tid, 'description', `must be a text of at most ${MAX_TEXT_CHARS} characters`);
    if (!Array.isArray(tour.steps) || tour.steps.length === 0) { add(tid, 'steps', 'is empty: a tour needs at least one step'); return; }
    if (tour.steps.length > MAX_STEPS) add(tid, 'steps', `has ${tour.steps.length} steps (at most ${MAX_STEPS})`);
    const stepIds = new Set();
    tour.steps.forEach((step, si) => {
      const sid = `${tid}/${isObj(step) && typeof step.id === 'string' ? step.id : `steps[${si}]`}`;
      if (!isObj(step)) { add(sid, '(step)', 'must be an object {"id", "title", "text", "set", "target"}'); return; }
      checkStep(step, sid, add, { core, quizCore, presets, inputNames });
      if (typeof step.id === 'string') {
        if (stepIds.has(step.id)) add(sid, 'id', `duplicate step id (another step of tour "${tid}" has it)`);
        stepIds.add(step.id);
      }
    });
  });
  return problems;
}

function checkStep(step, sid, add, { core, quizCore, presets, inputNames }) {
  for (const k of Object.keys(step)) if (!KEYS.step.includes(k)) add(sid, k, `unknown key (expected ${KEYS.step.join(', ')})`);
  if (typeof step.id !== 'string' || !TOUR_ID_PATTERN.test(step.id)) add(sid, 'id', `must be lower-case letters, digits and hyphens, starting with a letter (got ${show(step.id)})`);
  if (!text(step.title, 80)) add(sid, 'title', 'must be a short text (1 to 80 characters)');
  if (!text(step.text)) add(sid, 'text', `must be a text of 1 to ${MAX_TEXT_CHARS} characters`);
  let stateOk = true;
  const set = step.set;
  if (!isObj(set) || (set.preset === undefined && set.inputs === undefined)) {
    add(sid, 'set', 'must be an object with a "preset" id, "inputs" or both (the state the step shows)');
    stateOk = false;
  } else {
    for (const k of Object.keys(set)) if (!KEYS.set.includes(k)) { add(sid, `set.${k}`, `unknown key (expected ${KEYS.set.join(', ')})`); stateOk = false; }
    if (set.preset !== undefined && !presets.presetPatch(set.preset, core)) {
      add(sid, 'set.preset', `unknown preset ${show(set.preset)} (a configuration, model or GPU id of presets.json)`);
      stateOk = false;
    }
    if (set.inputs !== undefined) {
      if (!isObj(set.inputs)) { add(sid, 'set.inputs', 'must be an object of input fields'); stateOk = false; }
      else {
        for (const [name, v] of Object.entries(set.inputs)) {
          if (!inputNames.includes(name)) { add(sid, `set.inputs.${name}`, 'is not an input field the core declares'); stateOk = false; }
          else if (typeof v !== 'number' || !Number.isFinite(v)) { add(sid, `set.inputs.${name}`, `must be a finite number (got ${show(v)})`); stateOk = false; }
        }
      }
    }
    if (stateOk) {
      const r = stepInput(step, presets, core);
      if (!r.ok) { add(sid, r.field, r.error); stateOk = false; }
    }
  }
  for (const p of targetProblems(step.target, core)) add(sid, p.field ? `target.${p.field}` : 'target', p.reason);
  if (step.predict === undefined) return;
  const p = step.predict;
  if (!isObj(p)) { add(sid, 'predict', 'must be an object (a quiz step: kind, prompt, ...)'); return; }
  if (!text(p.prompt, 300)) { add(sid, 'predict.prompt', 'must be a text of 1 to 300 characters'); return; }
  const kinds = quizCore.STEP_KINDS.map((k) => k.name);
  if (!kinds.includes(p.kind)) { add(sid, 'predict.kind', `must be one of ${kinds.join(', ')} (got ${show(p.kind)})`); return; }
  if (p.then !== undefined) {
    if (!isObj(p.then)) { add(sid, 'predict.then', 'must be an object of input fields'); return; }
    for (const name of Object.keys(p.then)) if (!inputNames.includes(name)) { add(sid, `predict.then.${name}`, 'is not an input field the core declares'); return; }
  }
  if (p.kind === 'choice') {
    if (!Array.isArray(p.choices) || p.choices.length < 2 || p.choices.length > 6) { add(sid, 'predict.choices', 'must be 2 to 6 choices'); return; }
    const ids = new Set();
    for (const [i, c] of p.choices.entries()) {
      if (!isObj(c) || typeof c.id !== 'string' || !text(c.text, 120)) { add(sid, `predict.choices[${i}]`, 'must be {"id", "text", "value" or "correct", "feedback"}'); return; }
      if (ids.has(c.id)) { add(sid, `predict.choices[${i}].id`, `duplicate choice id ${show(c.id)}`); return; }
      ids.add(c.id);
    }
  }
  if (!stateOk) return; // the prediction is computed at the step's state
  const prepared = preparePrediction(step, core, quizCore, presets);
  if (!prepared.ok) for (const x of prepared.problems) add(sid, x.field, x.reason);
}
