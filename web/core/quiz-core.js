// The page's door into the answer checker and the practice-variant generator.
//
// Every verdict and number comes from the C++ core (src/grading/answer_check.*,
// src/practice/quiz_variant.*) through the Embind table in wasm/grading/bindings_quiz.cpp.
// This file only converts: plain objects in, plain objects out, enums as
// strings, QuizIndexVector handles as arrays; it deletes every handle it
// creates or receives. It grades nothing itself.
//
// Result shape of every method: { ok: true, value } or
// { ok: false, field, error } (`field` names the rejected argument or
// question field, `error` is one sentence), the shape budget-core.js uses.
//
// Names and tables come from the core too: the enum names (DIMENSIONS,
// ANSWER_VERDICTS, ...) from the Embind enum registrations, UNITS from the
// core's unit table, and visibleText is the core's "[U+XXXX]" escape.
import { loadWasmModule } from './wasm-module.js';

/**
 * Longest text handed to the core. The core itself rejects anything over 200
 * bytes as too long; cutting at 1024 UTF-16 units first (still over 200 bytes)
 * keeps a pasted megabyte from being copied into the wasm heap.
 */
const MAX_TEXT_UNITS = 1024;
const MAX_SEED = 0xFFFFFFFF;

let quizPromise = null;

function fail(field, error) {
  return { ok: false, field, error };
}

/**
 * The names of an Embind enum, indexed by value: ['none', 'bytes', ...].
 * Embind keeps each registered value as Enum[name] = {value}.
 */
function enumNames(Enum) {
  const names = [];
  for (const name of Object.keys(Enum)) {
    const entry = Enum[name];
    if (entry && typeof entry === 'object' && Number.isInteger(entry.value)) names[entry.value] = name;
  }
  return Object.freeze(names);
}

/** Runs one core call; a binding-level throw becomes an error value. */
function guarded(run) {
  try {
    return run();
  } catch (err) {
    return fail('', `The answer checker could not run (${err && err.message ? err.message : err}).`);
  }
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
export function buildQuizCore(module) {
  if (!module || typeof module.check_numeric_answer !== 'function' || !module.QuizUnitDimension) {
    throw new Error('The wasm module has no answer-check table (wasm/grading/bindings_quiz.cpp was not linked in).');
  }
  const DIMENSIONS = enumNames(module.QuizUnitDimension);
  const ANSWER_VERDICTS = enumNames(module.QuizAnswerVerdict);
  const CHOICE_VERDICTS = enumNames(module.QuizChoiceVerdict);
  const PARSE_ERRORS = enumNames(module.QuizParseError);

  // The core's unit table: dimension -> the unit symbols a question may name,
  // '' (no unit) first for 'none', the one dimension whose default_unit may be empty.
  const units = { none: [''] };
  const tableHandle = module.unit_table();
  try {
    for (let i = 0; i < tableHandle.size(); i += 1) {
      const row = tableHandle.get(i);
      const dimension = DIMENSIONS[row.dimension.value];
      (units[dimension] ||= []).push(row.symbol);
    }
  } finally {
    tableHandle.delete();
  }
  const UNITS = Object.freeze(Object.fromEntries(DIMENSIONS.map((d) => [d, Object.freeze(units[d] || [])])));
  // The KV-cache practice's field names and units, from the core's own list (any seed gives the same names).
  const kvFields = typeof module.kv_practice_table === 'function' ? takeNamedValues(module.kv_practice_table(0)).units : {};
  const KV_PRACTICE_UNITS = Object.freeze({ ...kvFields });
  /** Plain question -> {question} for Embind, or {error} naming the field. */
  function toNumericQuestion(question) {
    if (question === null || typeof question !== 'object') {
      return { error: fail('question', 'question must be an object with dimension, expected and default_unit.') };
    }
    const index = DIMENSIONS.indexOf(question.dimension);
    if (index < 0) {
      return { error: fail('dimension', `dimension must be one of ${DIMENSIONS.join(', ')} (got ${String(question.dimension)}).`) };
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
    /** Unit dimensions, in the core's enum order. */
    DIMENSIONS,
    /** Numeric verdicts, in the core's enum order. */
    ANSWER_VERDICTS,
    /** Choice verdicts, in the core's enum order. */
    CHOICE_VERDICTS,
    /** Reasons an answer could not be read, in the core's enum order ('none' when it was read). */
    PARSE_ERRORS,
    /**
     * Unit symbols a question may be graded in, per dimension, from the core's
     * unit table (frozen): { none: ['', 'x', '%'], bytes: ['B', 'KB', ...], ... }.
     */
    UNITS,
    /**
     * The KV-cache practice's fields and the unit of each (frozen, from the core's
     * kv_practice_values): { kv_bytes_per_token: 'B', cache_bytes: 'B', total_with_cache: '', ... }.
     */
    KV_PRACTICE_UNITS,

    /**
     * `text` as shown to a student: every invisible character (zero-width and
     * bidi marks, BOM, soft hyphen, non-ASCII spaces, controls ...) written as
     * "[U+XXXX]" by the core (src/text/utf8_text.h escape_invisible), the one format
     * the core's own messages use. Non-strings are converted with String();
     * callers clip long text first (it is copied into the wasm heap).
     * @param {unknown} text
     * @returns {string}
     */
    visibleText(text) {
      return module.escape_invisible(String(text));
    },

    /**
     * Reads a typed answer as a number with an optional unit (rules in src/grading/answer_check.h).
     * @param {string} text what the student typed
     * @returns {{ok:true, value:{value:number, alt_value:number, ambiguous:boolean,
     *   has_unit:boolean, unit:string, dimension:string, unit_factor:number, approximate:boolean}}
     *   | {ok:false, field:'text', error:string}}
     *   `value` is in `unit` (`unit` is '' and `dimension` 'none' for a bare number);
     *   `alt_value` is the decimal-comma reading of "2,952"-style input (= value otherwise).
     *   Why a text fails to read, as one of PARSE_ERRORS, is checkNumericAnswer's parse_error.
     */
    parseQuantity(text) {
      if (typeof text !== 'string') return fail('text', 'text must be a string.');
      return guarded(() => {
        const raw = module.parse_quantity(text.slice(0, MAX_TEXT_UNITS));
        if (!raw.ok) return fail('text', raw.message);
        return {
          ok: true,
          value: {
            value: raw.value,
            alt_value: raw.alt_value,
            ambiguous: raw.ambiguous,
            has_unit: raw.has_unit,
            unit: raw.unit,
            dimension: DIMENSIONS[raw.dimension.value],
            unit_factor: raw.unit_factor,
            approximate: raw.approximate,
          },
        };
      });
    },

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
     * @returns {{ok:true, value:{verdict:'correct'|'close'|'wrong_unit'|'wrong'|'unparseable',
     *   message:string, parse_error:string|null, answer_in_default_unit:number|null,
     *   interpreted:string, expression:string, approximate:boolean}} | {ok:false, field:string, error:string}}
     *   `message` is feedback for the student and never contains the expected value;
     *   `parse_error` (one of PARSE_ERRORS) is set only when unparseable;
     *   `answer_in_default_unit` is null when no value could be graded;
     *   `interpreted` says how the text was read, e.g. "49.36 GiB = 52.9999 GB", or for
     *   arithmetic "(1 − 0.9⁵)/(1 − 0.9) = 4.0951 tokens per pass";
     *   `expression` is the arithmetic as read ("(1 − 0.9⁵)/(1 − 0.9)"), '' for a plain number.
     *   ok is false only when the question itself is invalid (field names its field).
     */
    checkNumericAnswer(text, question) {
      const typed = typeof text === 'string' ? text.slice(0, MAX_TEXT_UNITS) : '';
      return guarded(() => {
        const converted = toNumericQuestion(question);
        if (converted.error) return converted.error;
        const raw = module.check_numeric_answer(typed, converted.question);
        if (!raw.ok) return fail(raw.error_field, raw.error_message);
        const verdict = ANSWER_VERDICTS[raw.verdict.value];
        return {
          ok: true,
          value: {
            verdict,
            message: raw.message,
            parse_error: verdict === 'unparseable' ? PARSE_ERRORS[raw.parse_error.value] : null,
            answer_in_default_unit: raw.has_value ? raw.answer_in_default_unit : null,
            interpreted: raw.interpreted,
            expression: raw.expression,
            approximate: raw.approximate,
          },
        };
      });
    },

    /**
     * Grades a selection of options (numbered from 0).
     * @param {number[]} selected chosen option indices (duplicates ignored)
     * @param {{option_count:number, correct:number[], multiple:boolean}} question
     *   single choice (multiple false): any one index in `correct` is right;
     *   multi-select: the selection must equal `correct`.
     * @returns {{ok:true, value:{verdict:'correct'|'partly'|'wrong'|'invalid',
     *   missing:number[], extra:number[], message:string}} | {ok:false, field:string, error:string}}
     *   `missing`: right options not selected; `extra`: selected options that are not right
     *   (both ascending; the page decides whether to reveal them). 'invalid' means an
     *   index out of range or several picks on a single-choice question.
     */
    checkChoiceAnswer(selected, question) {
      if (question === null || typeof question !== 'object') {
        return fail('question', 'question must be an object with option_count, correct and multiple.');
      }
      if (!Number.isInteger(question.option_count)) {
        return fail('option_count', `option_count must be a whole number from 1 to 64 (got ${String(question.option_count)}).`);
      }
      return guarded(() => {
        const picks = toIndexVector(selected);
        if (picks === null) return fail('selected', 'selected must be an array of whole option numbers.');
        const correct = toIndexVector(question.correct);
        try {
          if (correct === null) return fail('correct', 'correct must be an array of whole option numbers.');
          const raw = module.check_choice_answer(picks, {
            option_count: question.option_count,
            correct,
            multiple: question.multiple === true,
          });
          const missing = takeIndices(raw.missing);
          const extra = takeIndices(raw.extra);
          if (!raw.ok) return fail(raw.error_field, raw.error_message);
          return { ok: true, value: { verdict: CHOICE_VERDICTS[raw.verdict.value], missing, extra, message: raw.message } };
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
     *   checkNumericAnswer takes and grade that variant's answers.
     */
    makeVariant(seed) {
      if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
        return fail('seed', `seed must be a whole number from 0 to ${MAX_SEED} (got ${String(seed)}).`);
      }
      return guarded(() => {
        const raw = module.make_variant(seed);
        return {
          ok: true,
          value: {
            seed: raw.seed,
            params_billion: raw.params_billion,
            weight_bits: raw.weight_bits,
            weight_gb: raw.weight_gb,
            cache_gb: raw.cache_gb,
            gpu_memory_gb: raw.gpu_memory_gb,
            total_gb: raw.total_gb,
            fits: raw.fits,
            cache_gb_8bit: raw.cache_gb_8bit,
            total_gb_8bit_cache: raw.total_gb_8bit_cache,
            fits_8bit_cache: raw.fits_8bit_cache,
            total_question: plainQuestion(raw.total_question, DIMENSIONS),
            total_8bit_question: plainQuestion(raw.total_8bit_question, DIMENSIONS),
            acceptance_rate: raw.acceptance_rate,
            draft_tokens: raw.draft_tokens,
            acceptance_power: raw.acceptance_power,
            numerator: raw.numerator,
            denominator: raw.denominator,
            tokens_per_pass: raw.tokens_per_pass,
            tokens_question: plainQuestion(raw.tokens_question, DIMENSIONS),
          },
        };
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
        return fail('seed', `seed must be a whole number from 0 to ${MAX_SEED} (got ${String(seed)}).`);
      }
      return guarded(() => ({ ok: true, value: { seed, ...takeNamedValues(module.kv_practice_table(seed)) } }));
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
}

/**
 * Loads the shared wasm module once and returns the memoised quiz facade.
 * @returns {Promise<object>} quizCore with parseQuantity(text), checkNumericAnswer(text, question),
 *   checkChoiceAnswer(selected, question), makeVariant(seed), makeKvPractice(seed), randomSeed(),
 *   visibleText(text), and the core's names DIMENSIONS, ANSWER_VERDICTS, CHOICE_VERDICTS,
 *   PARSE_ERRORS, UNITS, KV_PRACTICE_UNITS;
 *   all methods are synchronous.
 */
export function loadQuizCore() {
  if (quizPromise === null) {
    quizPromise = loadWasmModule().then(buildQuizCore).catch((err) => {
      quizPromise = null;
      throw err;
    });
  }
  return quizPromise;
}
