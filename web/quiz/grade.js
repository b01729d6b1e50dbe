// Grades one step's answer by handing it to the quiz core. This file only
// assembles the question object the core takes (expected value resolved by
// the core, tolerances from the questions file); the verdict and the message
// are the core's.

/** The core's grading settings for a numeric step, or {error}. */
function numericQuestion(step, resolve) {
  let expected = step.expected;
  if (typeof expected !== 'number') {
    const r = resolve(step.expected, step.unit);
    if (!r.ok) return { error: r.error };
    expected = r.value;
  }
  const t = step.tolerance || {};
  return {
    question: {
      dimension: step.dimension,
      expected,
      default_unit: step.unit || '',
      relative_tolerance: t.relative ?? 0,
      absolute_tolerance: t.absolute ?? 0,
      close_relative_tolerance: t.close_relative ?? 0.05,
      accept_expression: step.accept !== 'number',
    },
  };
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

/**
 * Grades `answer` for `step`.
 * @param {object} step a step from the questions file
 * @param {string|string[]} answer typed text (numeric) or chosen choice ids (choice)
 * @returns {{ok:true, verdict:string, message:string, interpreted:string, expression?:string,
 *   selected?:number[], extra?:number[], missing?:number[]}
 *   | {ok:false, error:string}} verdicts: numeric correct/close/wrong_unit/wrong/unparseable,
 *   choice correct/partly/wrong/invalid; for choices, option indices as the core reports them
 */
export function gradeStep(step, answer, resolve, quizCore) {
  if (step.kind === 'numeric') {
    const q = numericQuestion(step, resolve);
    if (q.error) return { ok: false, error: q.error };
    const r = quizCore.checkNumericAnswer(typeof answer === 'string' ? answer : '', q.question);
    if (!r.ok) return { ok: false, error: `${r.field}: ${r.error}` };
    return {
      ok: true, verdict: r.value.verdict, message: r.value.message, interpreted: r.value.interpreted,
      expression: r.value.expression,
    };
  }
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
}
