// Preparing a question for the screen, in one place: the quiz, its practice
// and the KV-cache practice prepare every question with it before showing
// it, and the questions-file validator (schema.js) prepares every question
// of a file with it, so a file the validator accepts is one the quiz can show
// and grade. Preparing resolves each of the question's values to its text and
// each step's grading settings (a typed step's expected number in the step's
// unit, a choice step's right options), each checked by the core as grading
// will use it (step-kinds.js prepare).
import { formatValue } from './resolve.js';
import { stepKind } from './step-kinds.js';

/**
 * Prepares one question (already of the schema's shape: schema.js checks that first).
 * @param {object} question a question from a questions file
 * @param {Function} resolve the values' resolver (resolve.js makeResolver)
 * @param {object} quizCore the quiz-core facade
 * @param {(text:string)=>string} [echo] how a problem's field quotes a step id or value name
 *   from the file (the validator passes the reading facade's quoteText)
 * @param {{locale?:string, yes?:string, no?:string}} [words] how values are written (resolve.js formatValue)
 * @returns {{ok:true, texts:Object<string,string>, steps:Map<string,object>}
 *   | {ok:false, problems:{field:string, reason:string}[]}} texts: each value's text for the
 *   {placeholders}; steps: each step's grading settings by step id (grade.js gradeStep);
 *   problems: every value and step that cannot be prepared, field as a dotted path
 *   ("values.total", "steps.fit.expected") and the reason
 */
export function prepareQuestion(question, resolve, quizCore, echo = String, words = undefined) {
  // No prototype: a placeholder is filled only from the question's own values (resolve.js fill).
  const texts = Object.create(null);
  const steps = new Map();
  const problems = [];
  for (const [name, calc] of Object.entries(question.values || {})) {
    const r = resolve(calc, calc.unit);
    if (!r.ok) problems.push({ field: `values.${echo(name)}`, reason: r.error });
    else texts[name] = formatValue(r.value, calc.digits ?? 2, words);
  }
  for (const step of question.steps) {
    const kind = stepKind(step, quizCore);
    const p = kind ? kind.prepare(step, resolve, quizCore) : { field: 'kind', error: 'is not a step kind' };
    if (p.error) problems.push({ field: `steps.${echo(step.id)}.${p.field}`, reason: p.error });
    else steps.set(step.id, p.settings);
  }
  return problems.length ? { ok: false, problems } : { ok: true, texts, steps };
}

/** The first problem of a failed preparation as a short sentence ("steps.fit.expected: ..."). */
export function preparationError(prepared) {
  const p = prepared.problems[0];
  return `${p.field}: ${p.reason}`;
}
