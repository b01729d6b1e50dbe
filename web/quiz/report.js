// What the knowledge check tells a host page (report="events" on the element)
// and an LMS (the SCORM adapter): xAPI-shaped statements, built here from the
// quiz's own state. Nothing is sent anywhere from this file: the element
// dispatches them as DOM CustomEvents on itself (bubbling, composed), and the
// host decides what to do with them.
//
// Events (event.detail is the statement):
//   llm-budget-lab-step-checked         a student pressed Check on a step      verb answered
//   llm-budget-lab-question-completed   every shown step of a question checked verb completed
//   llm-budget-lab-check-completed      every question completed               verb completed
// A statement: { verb: {id, display}, object: {objectType, id, definition},
//   result: {score: {scaled, raw, min, max}, success, completion, response?},
//   context: {contextActivities: {parent: [{id}]}}?, timestamp }
// The actor is left to the host (it knows who is signed in; the widget does not).

export const EVENT_TYPES = Object.freeze({
  step: 'llm-budget-lab-step-checked',
  question: 'llm-budget-lab-question-completed',
  check: 'llm-budget-lab-check-completed',
});

export const VERBS = Object.freeze({
  answered: Object.freeze({ id: 'http://adlnet.gov/expapi/verbs/answered', display: Object.freeze({ 'en-US': 'answered' }) }),
  completed: Object.freeze({ id: 'http://adlnet.gov/expapi/verbs/completed', display: Object.freeze({ 'en-US': 'completed' }) }),
});

const INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';
const ASSESSMENT = 'http://adlnet.gov/expapi/activities/assessment';
const QUESTION = 'http://adlnet.gov/expapi/activities/question';
/** The extension key under which a step's verdict (the core's word) travels. */
export const VERDICT_EXTENSION = 'urn:llm-budget-lab:xapi:verdict';

/** The activity id of the check, a question or a step: urn:llm-budget-lab:<lesson>:<version>[:<question>[:<step>]]. */
export function activityId(lesson, version, questionId = null, stepId = null) {
  return ['urn:llm-budget-lab', lesson, version, questionId, stepId].filter((x) => x !== null && x !== undefined).join(':');
}

/** A score as xAPI and SCORM want it: scaled in [0, 1] (4 decimals), raw of max, min 0. */
export function score(raw, max) {
  return { scaled: max > 0 ? Math.round((raw / max) * 10000) / 10000 : 0, raw, min: 0, max };
}

/**
 * One question's progress from its view's steps: the steps shown now count
 * (a follow-up step counts once its condition shows it).
 * @param {{id:string, checked:boolean, correct:boolean}[]} steps  questionView().progress()
 * @returns {{raw:number, max:number, complete:boolean}}
 */
export function questionProgress(steps) {
  return {
    raw: steps.filter((s) => s.correct).length,
    max: steps.length,
    complete: steps.length > 0 && steps.every((s) => s.checked),
  };
}

/** The answer as an xAPI response: typed text, or choice ids joined by "[,]". */
export function responseText(answer) {
  return Array.isArray(answer) ? answer.join('[,]') : String(answer ?? '');
}

/** The statement for one checked step. */
export function stepStatement({ lesson, version, question, step, answer, result, now = new Date() }) {
  const correct = Boolean(result && result.ok && result.verdict === 'correct');
  return {
    verb: VERBS.answered,
    object: {
      objectType: 'Activity',
      id: activityId(lesson, version, question.id, step.id),
      definition: {
        name: { 'en-US': `${question.title}: ${step.id}` },
        type: INTERACTION,
        // The core's step kind names (numeric, choice) are xAPI interaction types as they are.
        interactionType: step.kind,
      },
    },
    result: {
      score: score(correct ? 1 : 0, 1),
      success: correct,
      completion: true,
      response: responseText(answer),
      extensions: { [VERDICT_EXTENSION]: result && result.ok ? result.verdict : 'error' },
    },
    context: { contextActivities: { parent: [{ id: activityId(lesson, version, question.id) }] } },
    timestamp: now.toISOString(),
  };
}

/** The statement for a completed question (progress from questionProgress). */
export function questionStatement({ lesson, version, question, progress, now = new Date() }) {
  return {
    verb: VERBS.completed,
    object: {
      objectType: 'Activity',
      id: activityId(lesson, version, question.id),
      definition: { name: { 'en-US': question.title }, type: QUESTION },
    },
    result: {
      score: score(progress.raw, progress.max),
      success: progress.raw === progress.max,
      completion: true,
    },
    context: { contextActivities: { parent: [{ id: activityId(lesson, version) }] } },
    timestamp: now.toISOString(),
  };
}

/** The statement for the whole check (totals over every question's progress). */
export function checkStatement({ lesson, version, progress, now = new Date() }) {
  return {
    verb: VERBS.completed,
    object: {
      objectType: 'Activity',
      id: activityId(lesson, version),
      definition: { name: { 'en-US': `Knowledge check ${lesson} ${version}` }, type: ASSESSMENT },
    },
    result: {
      score: score(progress.raw, progress.max),
      success: progress.raw === progress.max,
      completion: true,
    },
    timestamp: now.toISOString(),
  };
}
