// Preparing a question for the screen, in one place: the quiz, its practice
// and the KV-cache practice prepare every question with it before showing
// it, and the questions-file validator (schema.js) prepares every question
// of a file with it, so a file the validator accepts is one the quiz can show
// and grade. Preparing resolves each of the question's values to its text and
// each step's grading settings (a typed step's expected number in the step's
// unit, a choice step's right options), each checked by the core as grading
// will use it (step-kinds.js prepare).
import { formatValue, ownRefusal } from './resolve.js';
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
 *   | {ok:false, problems:{field:string, reason:string, refusal:object}[]}} texts: each value's text for the
 *   {placeholders}; steps: each step's grading settings by step id (grade.js gradeStep);
 *   problems: every value and step that cannot be prepared, field as a dotted path
 *   ("values.total", "steps.fit.expected"), the reason in English and the refusal behind it
 *   (resolve.js: `say` or the core's `code`; problemInWords writes it in another language)
 */
export function prepareQuestion(question, resolve, quizCore, echo = String, words = undefined) {
  // No prototype: a placeholder is filled only from the question's own values (resolve.js fill).
  const texts = Object.create(null);
  const steps = new Map();
  const problems = [];
  for (const [name, calc] of Object.entries(question.values || {})) {
    const r = resolve(calc, calc.unit);
    if (!r.ok) problems.push({ field: `values.${echo(name)}`, reason: r.error, refusal: r });
    else texts[name] = formatValue(r.value, calc.digits ?? 2, words);
  }
  for (const step of question.steps) {
    const kind = stepKind(step, quizCore);
    const p = kind ? kind.prepare(step, resolve, quizCore) : { field: 'kind', ...notAKind() };
    if (p.error) problems.push({ field: `steps.${echo(step.id)}.${p.field}`, reason: p.error, refusal: p.refusal });
    else steps.set(step.id, p.settings);
  }
  return problems.length ? { ok: false, problems } : { ok: true, texts, steps };
}

function notAKind() {
  const refusal = ownRefusal('questionPrep.notStepKind');
  return { error: refusal.error, refusal };
}

/**
 * A preparation problem's reason in a language: its own sentence (`say`, "questionPrep.*")
 * through `t` with a refusal it wraps worded the same way, a core refusal with a declared
 * code through `coreWords`, else the English reason (a refusal the core declares no kind for).
 * @param {{reason:string, refusal?:object}} problem a problem of prepareQuestion
 * @param {{t:(id:string, params?:object)=>string, coreWords?:(res:object)=>string}} words
 * @returns {string}
 */
export function problemInWords(problem, { t, coreWords = null }) {
  const say = (r) => {
    if (!r) return problem.reason;
    if (r.say) {
      const params = {};
      for (const [k, v] of Object.entries(r.say.params)) params[k] = v && typeof v === 'object' ? say(v) : v;
      return t(r.say.id, params);
    }
    return r.code && r.params && coreWords ? coreWords(r) : r.error;
  };
  return say(problem.refusal);
}

/**
 * The first problem of a failed preparation as a short sentence ("steps.fit.expected: ..."),
 * its reason in English, or in the words `words` gives (problemInWords).
 * @param {{problems:object[]}} prepared a failed prepareQuestion result
 * @param {{t:Function, coreWords?:Function}|null} [words]
 */
export function preparationError(prepared, words = null) {
  const p = prepared.problems[0];
  return `${p.field}: ${words ? problemInWords(p, words) : p.reason}`;
}
