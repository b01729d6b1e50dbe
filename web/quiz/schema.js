// The questions-file schema (content/questions.json), checked in one place:
// tools/check-content runs it at build/test time, and the quiz part runs it
// on a questions file an embedding page supplies (questions="URL").
// Pure data checks: no DOM. The step kinds, the verdict names, the practice
// generators and their fields, the units and the escape for invisible
// characters are the core's, read from the quiz-core facade the caller passes
// (web/core/quiz-core.js, and its reading facade). The full schema is
// documented in content/README.md ("questions.json").
//
// validateQuestions(doc, { quizCore, budget, presets, presetIds }) -> array of
//   { id, field, reason }   (id: question id or "(file)"; field: dotted path; reason: a
//   sentence of content/ui/<locale>.json "questionsCheck.*", in English unless opts.t says)
// An empty array means the file is usable: every question of the right shape
// is then also prepared as the quiz prepares it (prepare.js, the same code,
// over the same cores and presets), so a value the core cannot compute, an
// expected number the core refuses or a correct_value no choice has is
// reported here by question, field and reason, not found by a student.

import { isObj } from '../content/check-helpers.js';
import { stepKind, stepKinds } from './step-kinds.js';
import { clipText } from '../core/echo-text.js';
import { blockResolver, SIMULATE, simulationFields } from './resolve.js';
import { prepareQuestion, problemInWords } from './prepare.js';
import { translator } from '../element/i18n.js';
import { coreMessage, withFieldsOf } from '../element/core-message.js';
import { numberFormatting } from '../element/format.js';
import { gradingRefusalInWords, isGradingRefusal } from './grading-words.js';

export const QUESTIONS_FORMAT = 'llm-budget-lab-questions';
/**
 * The keys a questions file may have at its top level, besides one block per
 * practice generator (its `block`, from quizCore.PRACTICE: "practice", "kv_practice").
 */
export const BASE_KEYS = Object.freeze(['format', 'lesson', 'version', 'questions']);
/** What a numeric step's `accept` may say: "number" refuses arithmetic, "expression" (the default) allows it. */
export const ACCEPT_VALUES = ['expression', 'number'];
export const ID_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
export const TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** The budget core's calculations a value or an expected answer may name (besides the practice generators and "number"). */
const BUDGET_CALCS = Object.freeze(['plan', 'input', 'speculative']);
// The fields of "plan", "input" and "speculative" calculations, and the
// speculative parameters' ranges, come from the budget core's declaration
// (opts.declaration, the budget facade's `declaration`); the practice
// generators ("variant", "kv"), the block each may be used in and their
// fields from the answer side's (quizCore.PRACTICE).

const MAX_TEXT = 2000;
/**
 * The seed of the practice variants a practice block's questions are prepared
 * over (the quiz draws a fresh one per click; every seed gives numbers of the
 * same fields and units, src/practice/).
 */
export const PREPARE_SEED = 1;
const PLACEHOLDER = /\{([a-z0-9_]+)\}/g;
/**
 * A value's name: a plain identifier, a lower-case letter then a-z, 0-9 or _
 * (so no name such as "__proto__" that an object already answers to).
 */
export const VALUE_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

// Arrays are walked with Array.from(...).forEach: a document a host hands over
// (questionsDocument) may have holes, which forEach and every would skip.
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
// The quiz-core facade of the validateQuestions call in progress (the checks
// below are synchronous, so one call's core is never seen by another).
let core = null;
// The same call's problem sentences (content/ui/<locale>.json "questionsCheck.*", English
// unless the caller passes its translator) and how they write a number the checks name.
const ENGLISH = translator('en', null).t;
let t = ENGLISH;
let numberText = String;
// The same call's words for a core refusal with a declared kind (coreMessage), or null (English).
let coreWords = null;

/** Text from the file as a problem echoes it: at most 40 characters, invisible ones as [U+XXXX] (quoteText). */
const echo = (s) => core.reading.quoteText(s, 40);
/** A value as a problem message shows it: strings quoted (invisible characters as [U+XXXX]), other types named. */
function show(v) {
  if (typeof v === 'string') return core.reading.visibleText(JSON.stringify(clipText(v, 40)));
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  if (Array.isArray(v)) return t('questionsCheck.anArray');
  return typeof v === 'object' ? t('questionsCheck.anObject') : t('questionsCheck.aType', { type: typeof v });
}
/** "(got X)", the {got} of a reason, or "(it is missing)" when the field is absent. */
const got = (v) => (v === undefined ? t('questionsCheck.gotMissing') : t('questionsCheck.got', { value: show(v) }));
/** A list of names from the file format or the core's declaration, as a reason's placeholder shows it. */
const list = (names) => names.join(', ');

/**
 * The keys each object of a questions file may hold: what the checks below
 * read. A key outside them is refused by name, so a misspelt "tolerence" is
 * reported instead of silently grading with no tolerance.
 */
const KNOWN_KEYS = Object.freeze({
  question: ['id', 'title', 'prompt', 'worked', 'mistake', 'values', 'steps', 'explanation'],
  step: ['id', 'kind', 'prompt', 'show_when'],
  text: ['dimension', 'unit', 'expected', 'tolerance', 'accept', 'feedback'],
  choices: ['choices', 'multiple', 'correct_value'],
  calc: ['calc', 'unit', 'digits'],
  number: ['value'],
  budget: ['preset', 'field', 'set'],
  simulate: ['preset', 'field', 'set', 'traffic'],
  practice: ['field'],
  tolerance: ['relative', 'absolute', 'close_relative'],
  choice: ['id', 'text', 'feedback', 'value', 'correct'],
  show_when: ['step', 'choice'],
  block: ['title', 'questions'],
});

/** Refuses, by name, each key of `obj` that `allowed` does not hold. */
function refuseUnknownKeys(obj, allowed, id, field, add) {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) {
      const name = echo(key);
      add(id, field ? `${field}.${name}` : name, t('questionsCheck.notAKey', { keys: list(allowed) }));
    }
  }
}


/** Result fields of plan() a question can use: numbers and yes/no flags. */
function planFields(opts) {
  if (!opts.declaration) return null;
  return opts.declaration.results.plan.filter((f) => f.kind === 'number' || f.kind === 'flag').map((f) => f.name);
}
function inputFields(opts) {
  return opts.declaration ? opts.declaration.inputs.map((f) => f.name) : null;
}
/** A declared parameter's own range (no cross-field rule applies to these). */
function inDeclaredRange(p, v) {
  return isNum(v) && (p.min_exclusive ? v > p.min : v >= p.min) && v <= p.max && (p.kind !== 'whole' || Number.isInteger(v));
}

function text(v) {
  return typeof v === 'string' && v.trim() !== '' && v.length <= MAX_TEXT;
}

/**
 * The problem of a required text that fails text(): "must be a non-empty string" when it
 * is missing, not a string or blank; the MAX_TEXT limit when it is a string that is too long.
 * @param {*} v the value from the file
 * @returns {string} the sentence in the call's language
 */
function textProblem(v) {
  return typeof v === 'string' && v.trim() !== '' ? t('questionsCheck.textAtMost', { max: numberText(MAX_TEXT) }) : t('questionsCheck.nonEmpty');
}

/**
 * Checks one calculation reference ({calc: ...}).
 * @param where  the block the question sits in: 'questions', or a practice generator's
 *   block ('practice' for `variant`, 'kv_practice' for `kv`), the only place that generator is allowed
 */
/**
 * The parameters a `speculative` value passes to speculative(): the declared
 * speculative inputs without a zero_means (acceptance_rate, draft_tokens,
 * draft_cost_ratio). One with a zero_means (draft_params, the draft model's
 * size) only the planner reads, so a question cannot set it.
 */
function speculativeParams(opts) {
  return opts.declaration ? opts.declaration.speculative_inputs.filter((p) => p.zero_means === '') : [];
}

/** The checks of a calculation's preset and "set" (plan, input and simulate name a configuration so). */
function checkPresetAndSet(c, id, field, add, opts) {
  if (typeof c.preset !== 'string') add(id, `${field}.preset`, t('questionsCheck.presetMissing'));
  else if (opts.presetIds && !opts.presetIds.has(c.preset)) add(id, `${field}.preset`, t('questionsCheck.presetUnknown', { got: got(c.preset) }));
  if (c.set !== undefined) {
    const inputs = inputFields(opts);
    if (!isObj(c.set)) add(id, `${field}.set`, t('questionsCheck.setNotObject'));
    else for (const [k, v] of Object.entries(c.set)) {
      if (inputs && !inputs.includes(k)) add(id, `${field}.set.${echo(k)}`, t('questionsCheck.notInputField'));
      else if (!isNum(v)) add(id, `${field}.set.${echo(k)}`, t('questionsCheck.finiteNumber', { got: got(v) }));
    }
  }
}

/**
 * A "simulate" calculation: its traffic fields and result field by the traffic
 * declaration's names (opts.traffic, the traffic facade); the values' ranges are
 * the core's, checked when the question is prepared (the simulation runs then).
 */
function checkSimulate(c, id, field, add, opts) {
  if (!opts.traffic) {
    add(id, `${field}.calc`, t('questionsCheck.simulateNoTraffic'));
    return;
  }
  const declaration = opts.traffic.declaration;
  const names = simulationFields(declaration).map((f) => f.name);
  if (typeof c.field !== 'string' || !names.includes(c.field)) add(id, `${field}.field`, t('questionsCheck.oneOf', { names: list(names), got: got(c.field) }));
  if (c.traffic !== undefined) {
    const inputs = declaration.inputs.map((f) => f.name);
    if (!isObj(c.traffic)) add(id, `${field}.traffic`, t('questionsCheck.trafficNotObject', { fields: list(inputs) }));
    else for (const [k, v] of Object.entries(c.traffic)) {
      if (!inputs.includes(k)) add(id, `${field}.traffic.${echo(k)}`, t('questionsCheck.notTrafficField', { fields: list(inputs) }));
      else if (!isNum(v)) add(id, `${field}.traffic.${echo(k)}`, t('questionsCheck.finiteNumber', { got: got(v) }));
    }
  }
}

function checkCalc(c, id, field, add, opts, where) {
  if (!isObj(c)) return add(id, field, t('questionsCheck.calcNotObject'));
  const practice = core.PRACTICE;
  const kinds = [...BUDGET_CALCS, SIMULATE, ...Object.keys(practice), 'number'];
  if (!kinds.includes(c.calc)) return add(id, `${field}.calc`, t('questionsCheck.oneOf', { names: list(kinds), got: got(c.calc) }));
  const own = c.calc === 'number' ? KNOWN_KEYS.number
    : c.calc === 'plan' || c.calc === 'input' ? KNOWN_KEYS.budget
      : c.calc === SIMULATE ? KNOWN_KEYS.simulate
        : c.calc === 'speculative' ? ['field', ...speculativeParams(opts).map((p) => p.name)]
          : KNOWN_KEYS.practice;
  if (c.calc !== 'speculative' || opts.declaration) refuseUnknownKeys(c, [...KNOWN_KEYS.calc, ...own], id, field, add);
  if (c.calc === 'number') {
    if (!isNum(c.value)) add(id, `${field}.value`, t('questionsCheck.finiteNumber', { got: got(c.value) }));
  } else if (c.calc === 'plan' || c.calc === 'input') {
    checkPresetAndSet(c, id, field, add, opts);
    const allowed = c.calc === 'plan' ? planFields(opts) : inputFields(opts);
    if (typeof c.field !== 'string' || (allowed && !allowed.includes(c.field))) {
      add(id, `${field}.field`, allowed ? t('questionsCheck.oneOf', { names: list(allowed), got: got(c.field) })
        : t('questionsCheck.oneOfInputField', { got: got(c.field) }));
    }
  } else if (c.calc === SIMULATE) {
    checkPresetAndSet(c, id, field, add, opts);
    checkSimulate(c, id, field, add, opts);
  } else if (c.calc === 'speculative') {
    for (const p of speculativeParams(opts)) {
      if (p.name === 'draft_cost_ratio' && c[p.name] === undefined) continue; // optional: 0 when absent
      if (!inDeclaredRange(p, c[p.name])) add(id, `${field}.${p.name}`, t(p.kind === 'whole' ? 'questionsCheck.wholeFromTo' : 'questionsCheck.numberFromTo',
        { min: numberText(p.min), max: numberText(p.max), got: got(c[p.name]) }));
    }
    const fields = opts.declaration ? opts.declaration.results.speculative.map((f) => f.name) : null;
    if (fields && !fields.includes(c.field)) add(id, `${field}.field`, t('questionsCheck.oneOf', { names: list(fields), got: got(c.field) }));
  } else {
    // A practice generator (src/practice/practice_declarations.h): only in its own block,
    // and only its numbers and yes/no flags (a grading-settings field is not a value).
    const generator = practice[c.calc];
    const fields = generator.fields.filter((f) => f.kind === 'number' || f.kind === 'flag').map((f) => f.name);
    if (where !== generator.block) add(id, `${field}.calc`, t('questionsCheck.calcOnlyInBlock', { calc: c.calc, block: generator.block }));
    if (!fields.includes(c.field)) add(id, `${field}.field`, t('questionsCheck.oneOf', { names: list(fields), got: got(c.field) }));
  }
  if (c.unit !== undefined && typeof c.unit !== 'string') add(id, `${field}.unit`, t('questionsCheck.unitNotText'));
  if (c.digits !== undefined && (!Number.isInteger(c.digits) || c.digits < 0 || c.digits > 6)) add(id, `${field}.digits`, t('questionsCheck.wholeFromTo', { min: numberText(0), max: numberText(6), got: got(c.digits) }));
}

function checkPlaceholders(str, id, field, add, values) {
  for (const m of str.matchAll(PLACEHOLDER)) {
    if (!values || !Object.prototype.hasOwnProperty.call(values, m[1])) {
      add(id, field, t('questionsCheck.unknownValue', { name: echo(m[1]) }));
    }
  }
}

function checkTolerance(tol, id, field, add) {
  if (!isObj(tol)) return add(id, field, t('questionsCheck.toleranceNotObject'));
  refuseUnknownKeys(tol, KNOWN_KEYS.tolerance, id, field, add);
  if (!isNum(tol.relative) || tol.relative < 0 || tol.relative > 1) add(id, `${field}.relative`, t('questionsCheck.fraction', { got: got(tol.relative) }));
  if (!isNum(tol.absolute) || tol.absolute < 0) add(id, `${field}.absolute`, t('questionsCheck.absoluteTolerance', { got: got(tol.absolute) }));
  if (tol.close_relative !== undefined && (!isNum(tol.close_relative) || tol.close_relative < 0 || tol.close_relative > 1)) add(id, `${field}.close_relative`, t('questionsCheck.fraction', { got: got(tol.close_relative) }));
}

function checkChoices(step, id, f, add, values) {
  if (!Array.isArray(step.choices) || step.choices.length < 2 || step.choices.length > 64) {
    return add(id, `${f}.choices`, t('questionsCheck.choicesCount'));
  }
  const seen = new Set();
  const byValue = step.correct_value !== undefined;
  Array.from(step.choices).forEach((c, j) => {
    const cf = `${f}.choices[${j}]`;
    if (!isObj(c)) return add(id, cf, t('questionsCheck.choiceNotObject'));
    refuseUnknownKeys(c, KNOWN_KEYS.choice, id, cf, add);
    if (typeof c.id !== 'string' || !ID_PATTERN.test(c.id)) add(id, `${cf}.id`, t('questionsCheck.lowerCaseId', { got: got(c.id) }));
    else if (seen.has(c.id)) add(id, `${cf}.id`, t('questionsCheck.duplicateChoice', { id: echo(c.id) }));
    seen.add(c.id);
    if (!text(c.text)) add(id, `${cf}.text`, textProblem(c.text));
    else checkPlaceholders(c.text, id, `${cf}.text`, add, values);
    if (c.feedback !== undefined) {
      if (!text(c.feedback)) add(id, `${cf}.feedback`, t('questionsCheck.textOrLeftOut', { max: numberText(MAX_TEXT) }));
      else checkPlaceholders(c.feedback, id, `${cf}.feedback`, add, values);
    }
    if (byValue) {
      if (!['boolean', 'number', 'string'].includes(typeof c.value)) add(id, `${cf}.value`, t('questionsCheck.choiceValue'));
    } else if (typeof c.correct !== 'boolean') add(id, `${cf}.correct`, t('questionsCheck.trueOrFalse'));
  });
  if (!byValue && step.choices.every((c) => isObj(c) && typeof c.correct === 'boolean') &&
      !step.choices.some((c) => c.correct)) {
    if (!step.multiple) add(id, `${f}.choices`, t('questionsCheck.noneCorrect'));
  }
  if (step.multiple !== undefined && typeof step.multiple !== 'boolean') add(id, `${f}.multiple`, t('questionsCheck.trueOrFalse'));
}

/** True when `calc` names a yes/no field (a flag of the plan or of a practice generator). */
function isFlagField(calc, opts) {
  const flags = calc.calc === 'plan' ? (opts.declaration ? opts.declaration.results.plan : [])
    : calc.calc === SIMULATE ? (opts.traffic ? simulationFields(opts.traffic.declaration) : [])
      : Object.hasOwn(core.PRACTICE, calc.calc) ? core.PRACTICE[calc.calc].fields : [];
  return flags.some((f) => f.name === calc.field && f.kind === 'flag');
}

/** The checks of a step whose answer is typed text (kind "numeric"). */
function checkTypedStep(step, kind, q, id, sf, add, opts, where) {
  const { UNITS } = core.reading;
  const verdicts = kind.verdicts;
  if (!Object.hasOwn(UNITS, step.dimension)) add(id, `${sf}.dimension`, t('questionsCheck.oneOf', { names: list(Object.keys(UNITS)), got: got(step.dimension) }));
  else if (!UNITS[step.dimension].includes(step.unit ?? '')) add(id, `${sf}.unit`, t('questionsCheck.unitOfDimension', { dimension: step.dimension, units: list(UNITS[step.dimension].filter(Boolean)), got: got(step.unit) }));
  if (isObj(step.expected)) checkCalc(step.expected, id, `${sf}.expected`, add, opts, where);
  else if (!isNum(step.expected)) add(id, `${sf}.expected`, t('questionsCheck.expectedShape'));
  if (isObj(step.expected) && isFlagField(step.expected, opts)) add(id, `${sf}.expected.field`, t('questionsCheck.flagInTypedStep', { field: show(step.expected.field) }));
  checkTolerance(step.tolerance, id, `${sf}.tolerance`, add);
  if (step.accept !== undefined && !ACCEPT_VALUES.includes(step.accept)) {
    add(id, `${sf}.accept`, t('questionsCheck.acceptValue', { got: got(step.accept) }));
  }
  if (step.feedback !== undefined) {
    if (!isObj(step.feedback)) add(id, `${sf}.feedback`, t('questionsCheck.feedbackNotObject', { verdicts: list(verdicts) }));
    else for (const [k, v] of Object.entries(step.feedback)) {
      if (!verdicts.includes(k)) add(id, `${sf}.feedback.${echo(k)}`, t('questionsCheck.notAVerdict', { verdicts: list(verdicts) }));
      else if (!text(v)) add(id, `${sf}.feedback.${k}`, t('questionsCheck.textAtMost', { max: numberText(MAX_TEXT) }));
      else checkPlaceholders(v, id, `${sf}.feedback.${k}`, add, q.values);
    }
  }
}

/** The checks of a step whose answer is a set of choices (kind "choice"). */
function checkChoiceStep(step, kind, q, id, sf, add, opts, where) {
  checkChoices(step, id, sf, add, q.values);
  if (step.correct_value !== undefined) checkCalc(step.correct_value, id, `${sf}.correct_value`, add, opts, where);
  checkSeededFlagChoices(step, id, sf, add, opts);
}

/**
 * A choice step whose correct_value is a yes/no field of a seeded practice
 * generator ("variant", "kv"): the answer changes with each variant the
 * student draws, and preparing checks one seed only (PREPARE_SEED), so the
 * choices must offer both answers, a value true and a value false.
 */
function checkSeededFlagChoices(step, id, sf, add, opts) {
  const c = step.correct_value;
  if (!isObj(c) || !Object.hasOwn(core.PRACTICE, c.calc) || !isFlagField(c, opts) || !Array.isArray(step.choices)) return;
  const values = Array.from(step.choices, (ch) => (isObj(ch) ? ch.value : undefined));
  for (const v of [true, false]) {
    if (!values.includes(v)) {
      add(id, `${sf}.choices`, t('questionsCheck.seededFlag', { field: `${c.calc}.${c.field}`, value: String(v) }));
    }
  }
}

/** The checks of each answer shape the core declares (step-kinds.js). */
const STEP_CHECKS = Object.freeze({ text: checkTypedStep, choices: checkChoiceStep });

function checkStep(step, i, q, id, add, opts, where, earlier) {
  const f = `steps[${i}]`;
  if (!isObj(step)) return add(id, f, t('questionsCheck.notObject'));
  // Ids are echoed in problem paths with invisible characters written out (found by tests/node/questions-fuzz.test.mjs).
  const sf = typeof step.id === 'string' ? `steps.${echo(step.id)}` : f;
  if (typeof step.id !== 'string' || !ID_PATTERN.test(step.id)) add(id, `${f}.id`, t('questionsCheck.lowerCaseId', { got: got(step.id) }));
  else if (earlier.has(step.id)) add(id, `${f}.id`, t('questionsCheck.duplicateStep', { id: echo(step.id) }));
  if (!text(step.prompt)) add(id, `${sf}.prompt`, textProblem(step.prompt));
  else checkPlaceholders(step.prompt, id, `${sf}.prompt`, add, q.values);
  const kind = stepKind(step, core);
  if (kind) refuseUnknownKeys(step, [...KNOWN_KEYS.step, ...KNOWN_KEYS[kind.answer]], id, sf, add);
  if (kind) STEP_CHECKS[kind.answer](step, kind, q, id, sf, add, opts, where);
  else add(id, `${sf}.kind`, t('questionsCheck.oneOf', { names: list([...stepKinds(core).keys()].map((k) => `"${k}"`)), got: got(step.kind) }));
  if (step.show_when !== undefined) {
    const w = step.show_when;
    const target = isObj(w) ? earlier.get(w.step) : undefined;
    if (isObj(w)) refuseUnknownKeys(w, KNOWN_KEYS.show_when, id, `${sf}.show_when`, add);
    if (!isObj(w) || !target || stepKind(target, core)?.answer !== 'choices') add(id, `${sf}.show_when.step`, t('questionsCheck.showWhenStep'));
    else if (!Array.isArray(target.choices) || !target.choices.some((c) => c?.id === w.choice)) add(id, `${sf}.show_when.choice`, t('questionsCheck.showWhenChoice', { step: echo(w.step), got: got(w.choice) }));
  }
  if (typeof step.id === 'string') earlier.set(step.id, step);
}

/** The most steps a question's worked estimate ("worked") may list. */
export const MAX_WORKED_STEPS = 12;

/**
 * A question's worked estimate and planted mistake: "worked", the numbered
 * steps shown under the prompt (any question may have them), and "mistake",
 * which a "find the mistake" drill must name (one of the core's
 * DRILL_MISTAKES) and no other question may.
 */
function checkWorkedAndMistake(q, id, add, where) {
  if (q.worked !== undefined) {
    if (!Array.isArray(q.worked) || q.worked.length === 0 || q.worked.length > MAX_WORKED_STEPS) {
      add(id, 'worked', t('questionsCheck.workedCount', { max: numberText(MAX_WORKED_STEPS) }));
    } else {
      Array.from(q.worked).forEach((w, j) => {
        if (!text(w)) add(id, `worked[${j}]`, t('questionsCheck.textAtMost', { max: numberText(MAX_TEXT) }));
        else checkPlaceholders(w, id, `worked[${j}]`, add, q.values);
      });
    }
  }
  const drills = core.PRACTICE.drill.block;
  const names = core.DRILL_MISTAKES.map((m) => m.name);
  if (where !== drills) {
    if (q.mistake !== undefined) add(id, 'mistake', t('questionsCheck.onlyInBlock', { block: drills }));
  } else if (!names.includes(q.mistake)) {
    add(id, 'mistake', t('questionsCheck.oneOf', { names: list(names), got: got(q.mistake) }));
  }
}

function checkQuestion(q, i, add, opts, where, list) {
  // A blank id names nothing a reader can find: the question's place in the file does.
  const id = typeof q?.id === 'string' && q.id.trim() !== '' ? echo(q.id) : `${list}[${i}]`;
  if (!isObj(q)) return add(id, 'question', t('questionsCheck.notObject'));
  refuseUnknownKeys(q, KNOWN_KEYS.question, id, '', add);
  if (typeof q.id !== 'string' || !ID_PATTERN.test(q.id)) add(id, 'id', t('questionsCheck.questionId', { got: got(q.id) }));
  if (!text(q.title)) add(id, 'title', textProblem(q.title));
  if (q.values !== undefined) {
    if (!isObj(q.values)) add(id, 'values', t('questionsCheck.valuesNotObject'));
    else for (const [name, c] of Object.entries(q.values)) {
      if (!VALUE_NAME_PATTERN.test(name)) add(id, `values.${echo(name)}`, t('questionsCheck.valueName'));
      checkCalc(c, id, `values.${echo(name)}`, add, opts, where);
    }
  }
  if (!text(q.prompt)) add(id, 'prompt', textProblem(q.prompt));
  else checkPlaceholders(q.prompt, id, 'prompt', add, q.values);
  checkWorkedAndMistake(q, id, add, where);
  if (!Array.isArray(q.steps) || q.steps.length === 0 || q.steps.length > 20) add(id, 'steps', t('questionsCheck.stepsCount'));
  else {
    const earlier = new Map();
    Array.from(q.steps).forEach((s, j) => checkStep(s, j, q, id, add, opts, where, earlier));
  }
  if (!Array.isArray(q.explanation) || q.explanation.length === 0 || !Array.from(q.explanation).every(text)) {
    add(id, 'explanation', t('questionsCheck.explanation'));
  } else q.explanation.forEach((p, j) => checkPlaceholders(p, id, `explanation[${j}]`, add, q.values));
}

/** Question ids are unique across questions and practice.questions (they name storage keys). */
function checkUnique(lists, add) {
  const seen = new Set();
  for (const [name, list] of lists) {
    list.forEach((q, i) => {
      if (!isObj(q) || typeof q.id !== 'string') return;
      if (seen.has(q.id)) add(echo(q.id), 'id', t('questionsCheck.duplicateId', { list: name, entry: numberText(i) }));
      seen.add(q.id);
    });
  }
}

/**
 * Checks a parsed questions document.
 * @param {unknown} doc parsed JSON
 * @param {{quizCore: object, budget: object, presets: object, presetIds?: Set<string>, traffic?: object,
 *   t?: (id:string, params?:object)=>string, locale?: string, strings?: object}} opts
 *   quizCore: the loaded quiz-core facade (units, verdict names, escaping); budget: the budget
 *   facade (its declaration names the fields; its calls prepare the values); traffic: the traffic
 *   facade (web/core/traffic-core.js), needed when the file has a "simulate" calculation
 *   (resolve.js needsTraffic; without it such a calculation is a problem); presets: the preset
 *   set the quiz resolves presets in (element/presets.js presetSet); presetIds: the configuration
 *   ids a question may name (by default every configuration of `presets`); t: a translator's
 *   t (web/element/i18n.js) the reasons are written with (ids "questionsCheck.*"; English when
 *   absent); locale: that translator's locale ("de"), for the numbers a reason names, written
 *   without grouping ("2000", "0,5"); strings: that translator whole (i18n.js translator), for a
 *   reason from preparing a question (a value or grading setting the core refuses): the core's
 *   refusal of a declared kind in its words (core-message.js), the preparation's own sentences
 *   ("questionPrep.*") through t (prepare.js problemInWords).
 * @returns {{id:string, field:string, reason:string}[]} problems, empty when valid
 * @throws {TypeError} when quizCore, budget or presets is missing
 */
export function validateQuestions(doc, opts) {
  if (!opts || !opts.quizCore || !opts.budget || !opts.presets) {
    throw new TypeError('validateQuestions needs { quizCore, budget, presets } (web/core/quiz-core.js, budget-core.js, element/presets.js)');
  }
  core = opts.quizCore;
  t = opts.t || ENGLISH;
  const digits = new Intl.NumberFormat(opts.t && opts.locale ? opts.locale : 'en', { useGrouping: false, maximumFractionDigits: 20 });
  numberText = (n) => digits.format(n);
  if (opts.t && opts.strings) {
    const fmt = numberFormatting(opts.strings.locale, opts.strings.t);
    const named = opts.traffic ? withFieldsOf(opts.budget, opts.traffic) : opts.budget;
    const strings = { ...opts.strings, fmt };
    coreWords = (res) => (isGradingRefusal(opts.quizCore, res)
      ? gradingRefusalInWords(opts.quizCore, strings, res) : coreMessage(named, opts.strings, fmt, res));
  }
  const full = {
    ...opts,
    declaration: opts.budget.declaration,
    presetIds: opts.presetIds || new Set(opts.presets.configurations().map((c) => c.id)),
  };
  try {
    return collectProblems(doc, full);
  } finally {
    core = null;
    t = ENGLISH;
    numberText = String;
    coreWords = null;
  }
}

/**
 * Prepares `q` as the quiz would (prepare.js), once its shape passed: each value
 * and step that cannot be prepared is a problem under the question's id.
 * @param where the block the question sits in (its practice generator's numbers, from PREPARE_SEED)
 */
function checkPrepared(q, add, opts, where) {
  const made = blockResolver(opts.budget, core, { block: where, seed: PREPARE_SEED, question: q, presets: opts.presets, traffic: opts.traffic || null });
  const words = { t, coreWords };
  if (!made.ok) { add(echo(q.id), t('questionsCheck.wholeQuestion'), problemInWords({ reason: made.error, refusal: made }, words)); return; }
  const prepared = prepareQuestion(q, made.resolve, core, echo);
  if (prepared.ok) return;
  for (const p of prepared.problems) add(echo(q.id), p.field, problemInWords(p, words));
}

function collectProblems(doc, opts) {
  const problems = [];
  // Every problem as a notice may show it: bounded, invisible characters written out,
  // whatever a check above echoed (each also clips what it quotes).
  const add = (id, field, reason) => {
    problems.push({ id: core.reading.quoteText(id, 80), field: core.reading.quoteText(field, 200), reason: core.reading.visibleText(reason) });
  };
  // The id column of a problem of the whole file: "(file)" in English.
  const file = t('questionsCheck.wholeFile');
  if (!isObj(doc)) { add(file, t('questionsCheck.topLevel'), t('questionsCheck.notObject')); return problems; }
  /** A question's checks, then, when they found nothing, its preparation. */
  const checkThenPrepare = (q, i, where, list) => {
    const before = problems.length;
    checkQuestion(q, i, add, opts, where, list);
    if (problems.length === before) checkPrepared(q, add, opts, where);
  };
  if (doc.format !== QUESTIONS_FORMAT) add(file, 'format', t('questionsCheck.format', { format: QUESTIONS_FORMAT, got: got(doc.format) }));
  const practiceBlocks = Object.values(core.PRACTICE).map((p) => p.block);
  const topLevelKeys = [...BASE_KEYS, ...practiceBlocks];
  for (const key of Object.keys(doc)) {
    if (!topLevelKeys.includes(key)) add(file, echo(key), t('questionsCheck.unknownTopKey', { keys: list(topLevelKeys) }));
  }
  for (const key of ['lesson', 'version']) {
    if (typeof doc[key] !== 'string' || !TAG_PATTERN.test(doc[key]) || doc[key].length > 40) {
      add(file, key, t('questionsCheck.tag', { got: got(doc[key]) }));
    }
  }
  if (!Array.isArray(doc.questions) || doc.questions.length === 0 || doc.questions.length > 50) {
    add(file, 'questions', doc.questions === undefined ? t('questionsCheck.questionsMissing') : t('questionsCheck.questionsCount'));
  } else Array.from(doc.questions).forEach((q, i) => checkThenPrepare(q, i, 'questions', 'questions'));
  const blocks = {};
  for (const key of practiceBlocks) {
    blocks[key] = [];
    if (doc[key] === undefined) continue;
    const block = doc[key];
    if (!isObj(block) || !text(block.title) || !Array.isArray(block.questions) || block.questions.length > 50) {
      add(file, key, t('questionsCheck.blockShape'));
    } else if (block.questions.length === 0) {
      // An empty block would show a heading with nothing under it (the drills part: "Drill 1 of 0"): leave the block out instead.
      refuseUnknownKeys(block, KNOWN_KEYS.block, file, key, add);
      add(file, `${key}.questions`, t('questionsCheck.blockEmpty', { block: key }));
    } else {
      refuseUnknownKeys(block, KNOWN_KEYS.block, file, key, add);
      blocks[key] = block.questions;
      Array.from(block.questions).forEach((q, i) => checkThenPrepare(q, i, key, `${key}.questions`));
    }
  }
  checkUnique([['questions', Array.isArray(doc.questions) ? doc.questions : []],
    ...practiceBlocks.map((key) => [`${key}.questions`, blocks[key]])], add);
  return problems;
}
