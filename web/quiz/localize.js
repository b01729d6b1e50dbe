// A question in the page's language: the text of a translated questions text
// file (content/locales/<locale>/questions.json, shipped in that locale's
// strings script) laid over the questions file's own text, keyed by ids:
//   {"questions": {"<question id>": {"title", "prompt", "explanation": [..], "worked": [..],
//     "steps": {"<step id>": {"prompt", "feedback": {"<verdict>": ..},
//       "choices": {"<choice id>": "<label>"}, "choice_feedback": {"<choice id>": ..}}}}},
//    "practice" | "kv_practice" | "drills": {"title", "questions": {...the same...}}}
// Only text is replaced: ids, values, answers and grading stay the file's, so saved
// answers and reports are the same in every language. A text the translation lacks,
// or one that is not a string (an array of another length), stays as the file has it.

const str = (v, fallback) => (typeof v === 'string' ? v : fallback);
const list = (v, fallback) => (Array.isArray(fallback) && Array.isArray(v) && v.length === fallback.length
  && v.every((x) => typeof x === 'string') ? v : fallback);
const own = (obj, key) => (obj && typeof obj === 'object' && Object.hasOwn(obj, key) ? obj[key] : undefined);

/**
 * One step with its translated text (`text`: the step's entry of the translation, or undefined).
 * A guided tour's prediction is such a step too (web/tour/tour-text.js).
 */
export function localizeStep(step, text) {
  if (!text || typeof text !== 'object') return step;
  const out = { ...step, prompt: str(text.prompt, step.prompt) };
  if (step.feedback && typeof step.feedback === 'object') {
    out.feedback = Object.fromEntries(Object.entries(step.feedback).map(([k, v]) => [k, str(own(text.feedback, k), v)]));
  }
  if (Array.isArray(step.choices)) {
    out.choices = step.choices.map((c) => ({
      ...c,
      text: str(own(text.choices, c.id), c.text),
      ...(typeof c.feedback === 'string' ? { feedback: str(own(text.choice_feedback, c.id), c.feedback) } : {}),
    }));
  }
  return out;
}

/** The blocks of a questions file besides its main questions, each {title, questions}. */
export const QUESTION_BLOCKS = Object.freeze(['practice', 'kv_practice', 'drills']);

/** A question's text in `translation`: under its main questions, else under one of its blocks. */
function textOf(translation, id) {
  const main = own(own(translation, 'questions'), id);
  if (main) return main;
  for (const block of QUESTION_BLOCKS) {
    const found = own(own(own(translation, block), 'questions'), id);
    if (found) return found;
  }
  return undefined;
}

/**
 * A block's title ("practice", "drills") in `translation`, else `title` as the file has it.
 * @param {object|null} translation a questions text file, or null
 * @param {string} block one of QUESTION_BLOCKS
 * @param {string} title the questions file's title of that block
 */
export function localizeBlockTitle(translation, block, title) {
  return str(own(own(translation, block), 'title'), title);
}

/**
 * `question` with the text of `translation` where it has some.
 * @param {object} question a question of a questions file (already checked by schema.js)
 * @param {object|null} translation a questions text file ({questions: {...}}), or null for none
 * @returns {object} a new question object, or `question` itself when nothing is translated
 */
export function localizeQuestion(question, translation) {
  const text = textOf(translation, question.id);
  if (!text || typeof text !== 'object') return question;
  return {
    ...question,
    title: str(text.title, question.title),
    prompt: str(text.prompt, question.prompt),
    explanation: list(text.explanation, question.explanation),
    ...(Array.isArray(question.worked) ? { worked: list(text.worked, question.worked) } : {}),
    steps: question.steps.map((s) => localizeStep(s, own(text.steps, s.id))),
  };
}
