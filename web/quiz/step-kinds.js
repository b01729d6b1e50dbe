// The kinds of step a question may have, in one place. The core declares
// them (quizCore.STEP_KINDS, from src/grading/grading_declarations.h): each
// kind's name, the shape of its answer ('text' typed, or 'choices', a list
// of choice ids) and its verdicts. This file adds what the quiz does with an
// answer of each shape: the empty answer, the check of a saved answer, the
// preparation of a step's grading settings, and the grading call. Everything else (the questions-file checks, storage,
// rendering, reports) asks stepKind() instead of comparing kind names.
import { ownRefusal } from './resolve.js';

const MAX_ANSWER_CHARS = 1000;
const MAX_CHOICES = 64;
const MAX_CHOICE_ID_CHARS = 100;

/** A typed step's grading settings (what checkNumericAnswer takes) with `expected` in the step's unit. */
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

// A typed step's grading settings by the questions-file field each comes
// from, for problems.
const SETTING_FIELDS = Object.freeze({
  dimension: 'dimension', expected: 'expected', default_unit: 'unit', relative_tolerance: 'tolerance.relative',
  absolute_tolerance: 'tolerance.absolute', close_relative_tolerance: 'tolerance.close_relative',
});

/**
 * A typed step's grading settings, its expected value resolved in the step's
 * unit and the whole checked by the core (it refuses the settings before it
 * reads an answer, so an empty answer asks only that), or the step field at fault.
 */
function typedSettings(step, resolve, quizCore) {
  let expected = step.expected;
  if (typeof expected !== 'number') {
    const r = resolve(step.expected, step.unit);
    if (!r.ok) return { field: 'expected', error: r.error, refusal: r };
    expected = r.value;
  }
  const typed = settings(step, expected);
  const checked = quizCore.checkNumericAnswer('', typed);
  if (!checked.ok) return { field: SETTING_FIELDS[checked.field] || 'expected', error: checked.error, refusal: checked };
  return { settings: typed };
}

/** A choice step's grading settings (what checkChoiceAnswer takes), checked by the core, or the step field at fault. */
function choiceSettings(step, resolve, quizCore) {
  const byValue = step.correct_value !== undefined;
  let correct;
  if (byValue) {
    const r = resolve(step.correct_value);
    if (!r.ok) return { field: 'correct_value', error: r.error, refusal: r };
    correct = step.choices.map((c, i) => (c.value === r.value ? i : -1)).filter((i) => i >= 0);
    if (correct.length === 0) {
      const refusal = ownRefusal('questionPrep.noChoiceValue', { value: JSON.stringify(r.value) });
      return { field: 'correct_value', error: refusal.error, refusal };
    }
  } else {
    correct = step.choices.map((c, i) => (c.correct ? i : -1)).filter((i) => i >= 0);
  }
  const chosen = { option_count: step.choices.length, correct, multiple: step.multiple === true };
  const checked = quizCore.checkChoiceAnswer([], chosen);
  if (!checked.ok) return { field: byValue && checked.field === 'correct' ? 'correct_value' : 'choices', error: checked.error, refusal: checked };
  return { settings: chosen };
}

/** What the quiz does with an answer of each shape the core declares. */
const ANSWER_SHAPES = Object.freeze({
  text: Object.freeze({
    empty: () => '',
    /**
     * The core's hint for the answer box (quizCore.numericAnswerHint: its English sentence and
     * the declared phrases of its tolerance and digits), or null: it reads the step's unit,
     * tolerance and accept only, so the expected value is not resolved.
     */
    hint(step, quizCore) {
      const r = quizCore.numericAnswerHint(settings(step, 0));
      return r.ok ? { text: r.value, kinds: r.kinds } : null;
    },
    /** Why `a` cannot be a saved answer of a typed step, or '' when it can (any text of a sane length). */
    problem(a) {
      if (typeof a !== 'string') return 'the answer is not text';
      if (a.length > MAX_ANSWER_CHARS) {
        return `the answer is ${a.length.toLocaleString('en-US')} characters long (at most ${MAX_ANSWER_CHARS.toLocaleString('en-US')})`;
      }
      return '';
    },
    prepare: typedSettings,
    /**
     * Grades typed text with the core. options.pointGroups: the page's locale groups digits
     * with "." (German), so a lone "." before three digits ("1.026") is read both ways
     * (quizCore.checkNumericAnswer point_may_group); the universal readings always apply.
     */
    grade(prepared, answer, quizCore, step, options = {}) {
      const settingsUsed = options.pointGroups ? { ...prepared, point_may_group: true } : prepared;
      const r = quizCore.checkNumericAnswer(typeof answer === 'string' ? answer : '', settingsUsed);
      if (!r.ok) return { ok: false, error: `${r.field}: ${r.error}` };
      return {
        ok: true, verdict: r.value.verdict, message: r.value.message, message_kinds: r.value.message_kinds,
        interpreted: r.value.interpreted, reading_note: r.value.reading_note, expression: r.value.expression,
        parse_error: r.value.parse_error, answer_in_default_unit: r.value.answer_in_default_unit,
      };
    },
  }),
  choices: Object.freeze({
    empty: () => [],
    /**
     * Why `a` cannot be a saved answer of the choice step `step`, or '' when it
     * can: a list of choice ids, each one `step` offers, and at most one unless
     * the step takes several ("multiple": true). A choice the step does not
     * offer (renamed, or from another copy of the file) would restore as
     * nothing ticked, and two for a one-choice step as one tick and a
     * complaint; so the answer is not used. `quote` writes a choice id from
     * the file as a message shows it.
     */
    problem(a, step, quote) {
      if (!Array.isArray(a)) return 'the answer is not a list of choices';
      if (a.length > MAX_CHOICES) return `the answer lists ${a.length} choices (at most ${MAX_CHOICES})`;
      if (!a.every((x) => typeof x === 'string' && x.length <= MAX_CHOICE_ID_CHARS)) return 'the answer lists something that is not a choice id';
      const foreign = a.filter((id) => !step.choices.some((c) => c.id === id));
      if (foreign.length > 0) {
        const named = foreign.slice(0, 3).map(quote).join(', ') + (foreign.length > 3 ? ` and ${foreign.length - 3} more` : '');
        return `the answer names ${named}, which ${foreign.length === 1 ? 'is not a choice' : 'are not choices'} of this step`;
      }
      if (step.multiple !== true && a.length > 1) return `the answer picks ${a.length} choices, but this step takes one only`;
      return '';
    },
    prepare: choiceSettings,
    grade(prepared, answer, quizCore, step) {
      const ids = Array.isArray(answer) ? answer : [];
      const selected = ids.map((id) => step.choices.findIndex((ch) => ch.id === id)).filter((i) => i >= 0);
      const r = quizCore.checkChoiceAnswer(selected, prepared);
      if (!r.ok) return { ok: false, error: `${r.field}: ${r.error}` };
      return {
        ok: true, verdict: r.value.verdict, message: r.value.message, message_kinds: r.value.message_kinds,
        interpreted: '', selected, extra: r.value.extra, missing: r.value.missing,
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
 *   empty:()=>string|string[], problem:(a:unknown, step:object, quote:(id:string)=>string)=>string,
 *   hint?:(step:object, quizCore:object)=>({text:string, kinds:{code:string, params:object}[]}|null),
 *   prepare:(step:object, resolve:Function, quizCore:object)=>({settings:object}|{field:string, error:string, refusal:object}),
 *   grade:(settings:object, answer:unknown, quizCore:object, step:object)=>object}>}
 *   prepare: the step's grading settings, checked by the core, or the step field
 *   ("expected", "correct_value", ...) that cannot be used and why (`refusal`: the refusal
 *   behind it, for prepare.js problemInWords); grade: an answer
 *   graded with those settings
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
