// The page's door into the answer checker and the practice generators.
//
// Every verdict and number comes from the C++ core (src/grading/,
// src/practice/) through the Embind tables in wasm/grading/ and wasm/practice/.
// This file only converts: plain objects in, plain objects out, enums as
// strings, QuizIndexVector handles as arrays; it deletes every handle it
// creates or receives. It grades nothing itself.
//
// Result shape of every method: { ok: true, value } or
// { ok: false, field, error } (`field` names the rejected argument or
// question field, `error` is one sentence), the shape budget-core.js uses.
//
// Names come from the core's answer-side declaration
// (src/practice/answer_declarations_json.h): the verdicts, the step kinds, the
// practice generators and their fields with units. Reading a quantity, the
// unit table and the escape for invisible characters are the reading facade's
// (reading-core.js), which this one builds on and hands out as `reading`.
import { loadWasmModule, oncePerModule } from './wasm-module.js';
import { answerDeclaration, buildReadingCore } from './reading-core.js';
import { clipText } from './echo-text.js';
import { clipForCore } from './text-clip.js';

const MAX_SEED = 0xFFFFFFFF;


function fail(field, error) {
  return { ok: false, field, error };
}

/** A core refusal of a declared kind: the error value with its code and values (feedback_messages.h). */
function coded(field, error, code, paramsJson) {
  return code ? { ...fail(field, error), code, params: JSON.parse(paramsJson) } : fail(field, error);
}

/** Runs one core call; a binding-level throw becomes an error value. */
function guarded(run) {
  try {
    return run();
  } catch (err) {
    return fail('', `The answer checker could not run (${err && err.message ? err.message : err}).`);
  }
}

/**
 * A value as an error message echoes it, without ever throwing: a number as
 * written, a string quoted and cut at 40 characters, anything else by its type
 * ("a string '8'" would read like a valid number, so strings are quoted).
 */
function shown(value) {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `the text "${clipText(value, 40)}"`;
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a value of type ${typeof value}`;
}

/** Non-numbers become NaN so the core names the field. */
function asNumber(value) {
  return typeof value === 'number' ? value : NaN;
}

/** Copies a QuizIndexVector handle into an array and deletes the handle. */
function takeIndices(handle) {
  try {
    const out = [];
    for (let i = 0; i < handle.size(); i += 1) out.push(handle.get(i));
    return out;
  } finally {
    if (!handle.isDeleted()) handle.delete();
  }
}

/** A raw QuizNumericQuestion from the core as a plain question object. */
function plainQuestion(raw, DIMENSIONS) {
  return {
    dimension: DIMENSIONS[raw.dimension.value],
    expected: raw.expected,
    default_unit: raw.default_unit,
    relative_tolerance: raw.relative_tolerance,
    absolute_tolerance: raw.absolute_tolerance,
    close_relative_tolerance: raw.close_relative_tolerance,
    accept_expression: raw.accept_expression,
    point_may_group: raw.point_may_group,
  };
}

/** Copies a QuizNamedValueVector handle into { values, units } keyed by name and deletes the handle. */
function takeNamedValues(handle) {
  try {
    const values = {};
    const units = {};
    for (let i = 0; i < handle.size(); i += 1) {
      const row = handle.get(i);
      values[row.name] = row.value;
      units[row.name] = row.unit;
    }
    return { values, units };
  } finally {
    if (!handle.isDeleted()) handle.delete();
  }
}

/**
 * Builds the facade over an instantiated module. Exported for tests that load
 * a module from another build directory; pages use loadQuizCore().
 * @param {object} module the Emscripten module holding the Quiz* Embind table
 */
export const buildQuizCore = oncePerModule((module) => {
  if (!module || typeof module.check_numeric_answer !== 'function' || typeof module.make_variant !== 'function') {
    throw new Error('The wasm module has no answer-check table (wasm/grading/bindings_quiz.cpp was not linked in).');
  }
  const reading = buildReadingCore(module);
  const { DIMENSIONS, PARSE_ERRORS, MAX_TEXT_BYTES: maxTextBytes } = reading;
  const declaration = answerDeclaration(module);
  const verdictNames = (enumName) => Object.freeze(declaration.verdicts[enumName].map((v) => v.name));
  const ANSWER_VERDICTS = verdictNames('AnswerVerdict');
  const CHOICE_VERDICTS = verdictNames('ChoiceVerdict');
  // Each step kind with its verdicts' names and tones, as the core declares it.
  const STEP_KINDS = Object.freeze(declaration.step_kinds.map((k) => Object.freeze({
    name: k.name,
    answer: k.answer,
    meaning: k.meaning,
    verdicts: verdictNames(k.verdicts),
    tones: Object.freeze(Object.fromEntries(declaration.verdicts[k.verdicts].map((v) => [v.name, v.tone]))),
  })));
  // The practice generators by calc name: { variant: {calc, block, meaning, fields}, kv: {...} }.
  const PRACTICE = Object.freeze(Object.fromEntries(declaration.practice.map((p) => [p.calc, p])));
  const KV_PRACTICE_UNITS = Object.freeze(Object.fromEntries(PRACTICE.kv.fields.map((f) => [f.name, f.unit])));
  const variantFields = PRACTICE.variant.fields;
  // The mistakes a drill can plant, in the core's enum order (entry i is value i).
  const DRILL_MISTAKES = Object.freeze(declaration.drill_mistakes.map((m) => Object.freeze({ ...m })));
  // The kinds of the checker's sentences, by code (src/grading/feedback_messages.h).
  const FEEDBACK_MESSAGES = Object.freeze(Object.fromEntries(JSON.parse(module.grading_message_declarations_json())
    .map((m) => [m.code, Object.freeze(m)])));
  const drillFlags = new Set(PRACTICE.drill.fields.filter((f) => f.kind === 'flag').map((f) => f.name));
  /** Plain question -> {question} for Embind, or {error} naming the field. */
  function toNumericQuestion(question) {
    if (question === null || typeof question !== 'object') {
      return { error: fail('question', 'question must be an object with dimension, expected and default_unit.') };
    }
    const index = DIMENSIONS.indexOf(question.dimension);
    if (index < 0) {
      return { error: fail('dimension', `dimension must be one of ${DIMENSIONS.join(', ')} (got ${shown(question.dimension)}).`) };
    }
    const unit = question.default_unit === undefined ? '' : question.default_unit;
    if (typeof unit !== 'string') {
      return { error: fail('default_unit', `default_unit must be a string such as "GB" (got ${typeof unit}).`) };
    }
    return {
      question: {
        dimension: module.QuizUnitDimension[DIMENSIONS[index]],
        expected: asNumber(question.expected),
        default_unit: unit,
        relative_tolerance: question.relative_tolerance === undefined ? 0 : asNumber(question.relative_tolerance),
        absolute_tolerance: question.absolute_tolerance === undefined ? 0 : asNumber(question.absolute_tolerance),
        close_relative_tolerance: question.close_relative_tolerance === undefined ? 0.05
          : asNumber(question.close_relative_tolerance),
        accept_expression: question.accept_expression !== false,
        point_may_group: question.point_may_group === true,
      },
    };
  }

  /** An array of whole numbers as a new QuizIndexVector (caller deletes), or null. */
  function toIndexVector(list) {
    if (!Array.isArray(list) || !list.every((v) => Number.isInteger(v) && Math.abs(v) <= 0x7FFFFFFF)) return null;
    const handle = new module.QuizIndexVector();
    for (const v of list) handle.push_back(v);
    return handle;
  }

  return Object.freeze({
    /** The reading facade this one builds on (reading-core.js): units, parseQuantity, visibleText. */
    reading,
    /** Numeric verdicts, in the core's enum order. */
    ANSWER_VERDICTS,
    /** Choice verdicts, in the core's enum order. */
    CHOICE_VERDICTS,
    /**
     * The kinds of step a question may have, in the core's order (frozen):
     * [{ name: 'numeric', answer: 'text', verdicts: ANSWER_VERDICTS, tones: { correct: 'good', ... },
     *    meaning }, { name: 'choice', answer: 'choices', verdicts: CHOICE_VERDICTS, ... }].
     *   answer: the shape of an answer ('text' typed, 'choices' a list of choice ids);
     *   tones: how feedback presents each verdict ('good', 'warn' or 'bad').
     */
    STEP_KINDS,
    /**
     * The practice generators by the name a questions file's {"calc": ...} uses (frozen):
     * { variant: { calc: 'variant', block: 'practice', meaning, fields }, kv: { calc: 'kv',
     *   block: 'kv_practice', ... } }; fields: [{ name, unit: '' | 'GB' | 'B' | 'tokens',
     *   kind: 'number' | 'flag' | 'question', meaning }] in the core's order.
     *   block: the questions-file block whose questions may use that generator.
     */
    PRACTICE,
    /**
     * The KV-cache practice's fields and the unit of each (frozen, from PRACTICE.kv):
     * { kv_bytes_per_token: 'B', cache_bytes: 'B', total_with_cache: '', ... }.
     */
    KV_PRACTICE_UNITS,
    /**
     * The mistakes a "find the mistake" drill can plant (frozen, the core's order):
     * [{ name: 'moe_active_params', step: 1, meaning, source: 'https://github.com/...' }, ...];
     * step: the step of the worked estimate (1 to 6) the mistake is in (src/practice/mistake_drill.h).
     */
    DRILL_MISTAKES,
    /**
     * The kinds of sentence the answer checker writes, by code (frozen, from
     * src/grading/feedback_messages.h): { not_right: { code: 'not_right', pattern: 'Not right.' },
     * digits_decimals: { code, pattern: 'keep {count} decimals', one: 'keep {count} decimal' }, ... }.
     * A result's `message_kinds` and a refusal's `code` name them.
     */
    FEEDBACK_MESSAGES,

    /**
     * Grades a typed numeric answer.
     * @param {string} text what the student typed (a non-string grades as unparseable)
     * @param {{dimension:'none'|'bytes'|'tokens_per_pass'|'tokens_per_s'|'seconds',
     *   expected:number, default_unit?:string, relative_tolerance?:number,
     *   absolute_tolerance?:number, close_relative_tolerance?:number, accept_expression?:boolean}} question
     *   `expected` and `absolute_tolerance` are in `default_unit` (e.g. "GB", "tokens",
     *   "tok/s", "ms"; may be omitted only for 'none'). Omitted tolerances are 0, 0 and 0.05.
     *   accept_expression (default true): false refuses arithmetic ("2 × 6.5 GB") as
     *   parse_error 'expression_not_allowed'.
     *   point_may_group (default false): the page's locale groups digits with "." (de, see
     *   web/element/i18n.js pointGroups): "1.026" is then graded as 1026 and as 1.026, the
     *   better verdict kept, as "1,026" always is (src/reading/quantity.h).
     * @returns {{ok:true, value:{verdict:'correct'|'close'|'wrong_unit'|'wrong'|'unparseable',
     *   message:string, parse_error:string|null, answer_in_default_unit:number|null,
     *   message_kinds:{code:string, params:object}[], interpreted:string, reading_note:string,
     *   expression:string, approximate:boolean, too_few_digits:boolean}}
     *   | {ok:false, field:string, error:string, code?:string, params?:object}}
     *   `message` is feedback for the student and never contains the expected value;
     *   `parse_error` (one of reading.PARSE_ERRORS) is set only when unparseable;
     *   `answer_in_default_unit` is null when no value could be graded;
     *   `interpreted` says how the text was read, e.g. "49.36 GiB = 52.9999 GB", or for
     *   arithmetic "(1 − 0.9⁵)/(1 − 0.9) = 4.0951 tokens per pass";
     *   `expression` is the arithmetic as read ("(1 − 0.9⁵)/(1 − 0.9)"), '' for a plain number.
     *   `message_kinds`: the sentences of `message` as the core's declared kinds (FEEDBACK_MESSAGES)
     *   with their values, in order; a value that is itself a kind (a tolerance phrase) is
     *   {code, params}. `reading_note`: the kind of the separator note that ends `interpreted`
     *   ("read_decimal_comma"), or ''.
     *   ok is false only when the question itself is invalid (field names its field; code and
     *   params the refusal's kind and values, "setting_*", when the core declares one).
     */
    checkNumericAnswer(text, question) {
      const typed = typeof text === 'string' ? clipForCore(text, maxTextBytes) : '';
      return guarded(() => {
        const converted = toNumericQuestion(question);
        if (converted.error) return converted.error;
        const raw = module.check_numeric_answer(typed, converted.question);
        if (!raw.ok) return coded(raw.error_field, raw.error_message, raw.error_code, raw.error_params);
        const verdict = ANSWER_VERDICTS[raw.verdict.value];
        return {
          ok: true,
          value: {
            verdict,
            message: raw.message,
            message_kinds: JSON.parse(raw.message_kinds),
            parse_error: verdict === 'unparseable' ? PARSE_ERRORS[raw.parse_error.value] : null,
            answer_in_default_unit: raw.has_value ? raw.answer_in_default_unit : null,
            interpreted: raw.interpreted,
            reading_note: raw.reading_note,
            expression: raw.expression,
            approximate: raw.approximate,
            too_few_digits: raw.too_few_digits,
          },
        };
      });
    },

    /**
     * The hint shown under a numeric answer box, made by the core from the
     * question's settings alone (src/grading/answer_hint.h): what may be typed,
     * an example working in the question's dimension and unit, the tolerance
     * and the digits it needs, and how a bare number is read.
     * @param {object} question as checkNumericAnswer takes it (`expected` is not used
     *   in the words, but must be a finite number)
     * @returns {{ok:true, value:string, kinds:{code:string, params:object}[]} | {ok:false, field:string, error:string}}
     *   e.g. "A number or your working (such as 2 × 6.5 GB), checked to within ±0.1 GB,
     *   so keep 1 decimal; a unit is optional: a bare number is read as GB."; `kinds` the
     *   tolerance and (when one rule applies) the digits as declared phrases (FEEDBACK_MESSAGES,
     *   codes "tolerance_*" and "digits_*"), for another language's hint:
     *   [{code:'tolerance_absolute_unit', params:{tolerance:0.1, unit:'GB'}}, {code:'digits_decimals', params:{count:1}}]
     */
    numericAnswerHint(question) {
      return guarded(() => {
        const converted = toNumericQuestion(question);
        if (converted.error) return converted.error;
        const text = module.numeric_answer_hint(converted.question);
        if (text) return { ok: true, value: text, kinds: JSON.parse(module.numeric_answer_hint_kinds(converted.question)) };
        // An invalid question has no hint: the checker names its bad field.
        const raw = module.check_numeric_answer('', converted.question);
        return coded(raw.error_field, raw.error_message, raw.error_code, raw.error_params);
      });
    },

    /**
     * Grades a selection of options (numbered from 0).
     * @param {number[]} selected chosen option indices (duplicates ignored)
     * @param {{option_count:number, correct:number[], multiple:boolean}} question
     *   single choice (multiple false): any one index in `correct` is right;
     *   multi-select: the selection must equal `correct`.
     * @returns {{ok:true, value:{verdict:'correct'|'partly'|'wrong'|'invalid',
     *   missing:number[], extra:number[], message:string, message_kinds:{code:string, params:object}[]}}
     *   | {ok:false, field:string, error:string}}
     *   `missing`: right options not selected; `extra`: selected options that are not right
     *   (both ascending; the page decides whether to reveal them). 'invalid' means an
     *   index out of range or several picks on a single-choice question.
     */
    checkChoiceAnswer(selected, question) {
      if (question === null || typeof question !== 'object') {
        return fail('question', 'question must be an object with option_count, correct and multiple.');
      }
      return guarded(() => {
        // Read once, and kept within 32 bits here: Embind would wrap a larger whole number into range.
        const optionCount = question.option_count;
        if (!Number.isInteger(optionCount) || Math.abs(optionCount) > 0x7FFFFFFF) {
          return fail('option_count', `option_count must be a whole number from 1 to 64 (got ${shown(optionCount)}).`);
        }
        const picks = toIndexVector(selected);
        if (picks === null) return fail('selected', 'selected must be an array of whole option numbers.');
        const correct = toIndexVector(question.correct);
        try {
          if (correct === null) return fail('correct', 'correct must be an array of whole option numbers.');
          const raw = module.check_choice_answer(picks, {
            option_count: optionCount,
            correct,
            multiple: question.multiple === true,
          });
          const missing = takeIndices(raw.missing);
          const extra = takeIndices(raw.extra);
          if (!raw.ok) return fail(raw.error_field, raw.error_message);
          return {
            ok: true,
            value: {
              verdict: CHOICE_VERDICTS[raw.verdict.value], missing, extra, message: raw.message,
              message_kinds: JSON.parse(raw.message_kinds),
            },
          };
        } finally {
          picks.delete();
          if (correct !== null) correct.delete();
        }
      });
    },

    /**
     * A practice variant of questions 1 and 2 (deterministic per seed).
     * @param {number} seed whole number in [0, 4294967295]
     * @returns {{ok:true, value:{seed:number,
     *   params_billion:number, weight_bits:number, weight_gb:number, cache_gb:number,
     *   gpu_memory_gb:number, total_gb:number, fits:boolean, cache_gb_8bit:number,
     *   total_gb_8bit_cache:number, fits_8bit_cache:boolean,
     *   total_question:object, total_8bit_question:object,
     *   acceptance_rate:number, draft_tokens:number, acceptance_power:number,
     *   numerator:number, denominator:number, tokens_per_pass:number,
     *   tokens_question:object}} | {ok:false, field:'seed', error:string}}
     *   Memory in decimal GB; cache_gb is at 16-bit values, cache_gb_8bit half of it.
     *   acceptance_power = a^(k+1), numerator = 1 - a^(k+1), denominator = 1 - a
     *   (for the worked explanation). The three *_question objects have the shape
     *   checkNumericAnswer takes and grade that variant's answers. The fields are
     *   PRACTICE.variant.fields (the core's declaration), in that order.
     */
    makeVariant(seed) {
      if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
        return fail('seed', `seed must be a whole number from 0 to ${MAX_SEED} (got ${shown(seed)}).`);
      }
      return guarded(() => {
        const raw = module.make_variant(seed);
        const value = { seed: raw.seed };
        // Every declared field, in the core's order; questions as plain question objects.
        for (const f of variantFields) {
          value[f.name] = f.kind === 'question' ? plainQuestion(raw[f.name], DIMENSIONS) : raw[f.name];
        }
        return { ok: true, value };
      });
    },

    /**
     * A KV-cache practice variant (deterministic per seed; src/practice/kv_practice.h).
     * @param {number} seed whole number in [0, 4294967295]
     * @returns {{ok:true, value:{seed:number, values:Object<string,number>, units:Object<string,string>}}
     *   | {ok:false, field:'seed', error:string}}
     *   values: layers, kv_heads, head_dim, cache_bytes_per_value, kv_bytes_per_token [B],
     *   context_tokens, batch, cache_bytes [B], projections_per_token, token_index,
     *   projections_with_cache, projections_without_cache, prompt_tokens, generated_tokens,
     *   total_with_cache, total_without_cache, recompute_ratio; units: 'B' or '' per name.
     */
    makeKvPractice(seed) {
      if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
        return fail('seed', `seed must be a whole number from 0 to ${MAX_SEED} (got ${shown(seed)}).`);
      }
      return guarded(() => ({ ok: true, value: { seed, ...takeNamedValues(module.kv_practice_table(seed)) } }));
    },

    /**
     * A "find the mistake" drill (deterministic per seed and mistake; src/practice/mistake_drill.h).
     * @param {number} seed whole number in [0, 4294967295]
     * @param {string} mistake one of DRILL_MISTAKES' names
     * @returns {{ok:true, value:{seed:number, mistake:string, values:Object<string,number|boolean>,
     *   units:Object<string,string>}} | {ok:false, field:'seed'|'mistake', error:string}}
     *   values: the fields of PRACTICE.drill (the setting, the worked estimate as shown with the
     *   mistake in step wrong_step, and the right numbers from the budget core's plan()); the
     *   flags (shown_fits, fits) as true or false; units: 'B', 'GB' or '' per name.
     */
    makeMistakeDrill(seed, mistake) {
      if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
        return fail('seed', `seed must be a whole number from 0 to ${MAX_SEED} (got ${shown(seed)}).`);
      }
      const index = DRILL_MISTAKES.findIndex((m) => m.name === mistake);
      if (index < 0) {
        return fail('mistake', `mistake must be one of ${DRILL_MISTAKES.map((m) => m.name).join(', ')} (got ${shown(mistake)}).`);
      }
      return guarded(() => {
        const { values, units } = takeNamedValues(module.mistake_drill_table(seed, index));
        for (const name of drillFlags) values[name] = values[name] === 1;
        return { ok: true, value: { seed, mistake, values, units } };
      });
    },

    /**
     * A fresh seed for makeVariant from the browser's crypto source (this picks
     * which practice numbers to show; it computes nothing).
     * @returns {number} whole number in [0, 4294967295]
     */
    randomSeed() {
      const c = globalThis.crypto;
      if (c && typeof c.getRandomValues === 'function') return c.getRandomValues(new Uint32Array(1))[0];
      return Math.floor(Math.random() * (MAX_SEED + 1));
    },
  });
});

/**
 * Loads the shared wasm module once and returns its quiz facade (one per module).
 * @returns {Promise<object>} quizCore with checkNumericAnswer(text, question),
 *   checkChoiceAnswer(selected, question), makeVariant(seed), makeKvPractice(seed),
 *   makeMistakeDrill(seed, mistake), randomSeed(), the reading facade as `reading`, and the
 *   core's names ANSWER_VERDICTS, CHOICE_VERDICTS, STEP_KINDS, PRACTICE, KV_PRACTICE_UNITS, DRILL_MISTAKES; all methods are synchronous.
 */
export function loadQuizCore() {
  return loadWasmModule('full').then(buildQuizCore);
}
