// A guided tour in the page's language: the text of a translated tours text file
// (content/locales/<locale>/tours.json, shipped in that locale's strings script)
// laid over content/tours.json's own text, keyed by ids:
//   {"tours": {"<tour id>": {"title", "description", "steps": {"<step id>": {"title", "text",
//     "predict": {"prompt", "choices": {"<choice id>": ..}, "choice_feedback": {..}, "feedback": {..}}}}}}}
// Only text is replaced: ids, the state a step sets, the prediction's values and grading stay the
// file's, so the step in the link and where a student left off are the same in every language.
import { localizeStep } from '../quiz/localize.js';

const own = (obj, key) => (obj && typeof obj === 'object' && Object.hasOwn(obj, key) ? obj[key] : undefined);
const str = (v, fallback) => (typeof v === 'string' ? v : fallback);

/**
 * `tour` with the text of `translation` where it has some.
 * @param {object} tour a tour of content/tours.json (checked by tour-schema.js)
 * @param {object|null} translation a tours text file ({tours: {...}}), or null for none
 * @returns {object} a new tour object, or `tour` itself when nothing is translated
 */
export function localizeTour(tour, translation) {
  const text = own(own(translation, 'tours'), tour.id);
  if (!text || typeof text !== 'object') return tour;
  return {
    ...tour,
    title: str(text.title, tour.title),
    description: str(text.description, tour.description),
    steps: tour.steps.map((s) => {
      const st = own(text.steps, s.id);
      if (!st || typeof st !== 'object') return s;
      const out = { ...s, title: str(st.title, s.title), text: str(st.text, s.text) };
      if (s.predict) out.predict = localizeStep(s.predict, st.predict);
      return out;
    }),
  };
}
