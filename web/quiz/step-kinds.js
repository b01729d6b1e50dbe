// The kinds of step a question may have, in one place. The core declares
// them (quizCore.STEP_KINDS, from src/grading/grading_declarations.h): each
// kind's name, the shape of its answer ('text' typed, or 'choices', a list
// of choice ids) and its verdicts. This file adds what the quiz does with an
// answer of each shape: the empty answer, the check of a saved answer, and
// the grading call. Everything else (the questions-file checks, storage,
// rendering, reports) asks stepKind() instead of comparing kind names.

const MAX_ANSWER_CHARS = 1000;
const MAX_CHOICES = 64;
const MAX_CHOICE_ID_CHARS = 100;

/** A typed step's grading settings with `expected` (in the step's unit). */
function settings(step, expected) {
  const t = step.tolerance || {};
  return {
    dimension: step.dimension,
    expected,
    default_unit: step.unit || '',
    relative_tolerance: t.relative ?? 0,
    absolute_tolerance: t.absolute ?? 0,
    close_relative_tolerance: t.close_relative ?? 0.05,
    accept_expression: step.accept !== 'number',
  };
}

/** The grading settings of a typed step, or {error}. */
function typedQuestion(step, resolve) {
  let expected = step.expected;
  if (typeof expected !== 'number') {
    const r = resolve(step.expected, step.unit);
    if (!r.ok) return { error: r.error };
    expected = r.value;
  }
  return { question: settings(step, expected) };
}

/** Indices of the right choices, or {error}. */
function correctIndices(step, resolve) {
  if (step.correct_value !== undefined) {
    const r = resolve(step.correct_value);
    if (!r.ok) return { error: r.error };
    return { indices: step.choices.map((c, i) => (c.value === r.value ? i : -1)).filter((i) => i >= 0) };
  }
  return { indices: step.choices.map((c, i) => (c.correct ? i : -1)).filter((i) => i >= 0) };
}

/** What the quiz does with an answer of each shape the core declares. */
const ANSWER_SHAPES = Object.freeze({
  text: Object.freeze({
    empty: () => '',
    /**
     * The core's hint for the answer box (quizCore.numericAnswerHint): it reads the
     * step's unit, tolerance and accept only, so the expected value is not resolved.
     */
    hint(step, quizCore) {
      const r = quizCore.numericAnswerHint(settings(step, 0));
      return r.ok ? r.value : '';
    },
    /** Why `a` cannot be a saved answer, or '' when it can. */
    problem(a) {
      if (typeof a !== 'string') return 'the answer is not text';
      if (a.length > MAX_ANSWER_CHARS) {
        return `the answer is ${a.length.toLocaleString('en-US')} characters long (at most ${MAX_ANSWER_CHARS.toLocaleString('en-US')})`;
      }
      return '';
    },
    grade(step, answer, resolve, quizCore) {
      const q = typedQuestion(step, resolve);
      if (q.error) return { ok: false, error: q.error };
      const r = quizCore.checkNumericAnswer(typeof answer === 'string' ? answer : '', q.question);
      if (!r.ok) return { ok: false, error: `${r.field}: ${r.error}` };
      return {
        ok: true, verdict: r.value.verdict, message: r.value.message, interpreted: r.value.interpreted,
        expression: r.value.expression,
      };
    },
  }),
  choices: Object.freeze({
    empty: () => [],
    problem(a) {
      if (!Array.isArray(a)) return 'the answer is not a list of choices';
      if (a.length > MAX_CHOICES) return `the answer lists ${a.length} choices (at most ${MAX_CHOICES})`;
      if (!a.every((x) => typeof x === 'string' && x.length <= MAX_CHOICE_ID_CHARS)) return 'the answer lists something that is not a choice id';
      return '';
    },
    grade(step, answer, resolve, quizCore) {
      const c = correctIndices(step, resolve);
      if (c.error) return { ok: false, error: c.error };
      const ids = Array.isArray(answer) ? answer : [];
      const selected = ids.map((id) => step.choices.findIndex((ch) => ch.id === id)).filter((i) => i >= 0);
      const r = quizCore.checkChoiceAnswer(selected, {
        option_count: step.choices.length, correct: c.indices, multiple: step.multiple === true,
      });
      if (!r.ok) return { ok: false, error: `${r.field}: ${r.error}` };
      return {
        ok: true, verdict: r.value.verdict, message: r.value.message, interpreted: '',
        selected, extra: r.value.extra, missing: r.value.missing,
      };
    },
  }),
});

const cache = new WeakMap();

/**
 * The step kinds of `quizCore` by name, each the core's declaration with the
 * behaviour of its answer shape (memoised per facade).
 * @param {object} quizCore the quiz-core facade
 * @returns {Map<string, {name:string, answer:'text'|'choices', verdicts:string[], tones:Object<string,string>,
 *   empty:()=>string|string[], problem:(a:unknown)=>string, hint?:(step:object, quizCore:object)=>string,
 *   grade:(step:object, answer:unknown, resolve:Function, quizCore:object)=>object}>}
 * @throws {Error} when the core declares an answer shape this file does not handle
 */
export function stepKinds(quizCore) {
  if (!cache.has(quizCore)) {
    const kinds = new Map();
    for (const k of quizCore.STEP_KINDS) {
      const shape = ANSWER_SHAPES[k.answer];
      if (!shape) throw new Error(`The core declares step kind "${k.name}" with answers of shape "${k.answer}", which the quiz cannot handle.`);
      kinds.set(k.name, Object.freeze({ ...k, ...shape }));
    }
    cache.set(quizCore, kinds);
  }
  return cache.get(quizCore);
}

/**
 * The kind of `step` (see stepKinds), or null when its `kind` is not one the core declares.
 * @param {object} step a step from a questions file
 * @param {object} quizCore the quiz-core facade
 */
export function stepKind(step, quizCore) {
  const kinds = stepKinds(quizCore);
  return step && typeof step.kind === 'string' && kinds.has(step.kind) ? kinds.get(step.kind) : null;
}
