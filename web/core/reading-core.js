// The page's door into the reading layer of the core (src/reading/, src/text/):
// reading a typed quantity, the unit table, the unit dimensions and the
// "[U+XXXX]" escape for invisible characters. The calculator's links, the
// element's notices, the content-file checks and the quiz all use it; the
// quiz's grading and practice are quiz-core.js's.
//
// Every name comes from the core: the dimensions and parse errors from the
// reading layer's declaration (src/reading/reading_declarations_json.h, read
// once per module), the units from the core's unit table, the escape from
// src/text/utf8_text.h. This file converts only: text in and out through the
// core's flat calls (wasm/reading/bindings_reading.cpp: no Embind, in either
// module), values read by their declared names, enums as strings.
//
// parseQuantity's result shape is { ok: true, value } or { ok: false, field,
// error }, the shape budget-core.js uses.
import { clipForCore } from './text-clip.js';
import { loadWasmModule, oncePerModule } from './wasm-module.js';
import { clipText, ECHO_MAX_CHARS } from './echo-text.js';
import { textAt, writeTexts, byLayout } from './wasm-text.js';

/**
 * The longest text visibleText() escapes whole, in UTF-16 units: 262,144 units are at most
 * 786,432 bytes of UTF-8, inside the core's reading buffer (1 MiB, src/reading/flat_reading.h);
 * a longer one is clipped with "…" first.
 */
const VISIBLE_MAX_UNITS = 262144;


/**
 * The answer side's declaration of `module` (parsed once per module, frozen):
 * { max_text_bytes, dimensions, parse_errors, verdicts, step_kinds, practice, drill_mistakes } as
 * src/practice/answer_declarations_json.h describes; the full wasm module only. Read by quiz-core.js.
 * @param {object} module the instantiated Emscripten module
 * @returns {object}
 */
export const answerDeclaration = oncePerModule((module) => {
  if (typeof module.answer_declarations_json !== 'function') {
    throw new Error('The wasm module has no answer-side declaration (wasm/practice/bindings_answer_declarations.cpp was not linked in).');
  }
  return deepFreeze(JSON.parse(module.answer_declarations_json()));
});

/**
 * The reading layer's declaration of `module` (parsed once per module, frozen):
 * { max_text_bytes, dimensions, parse_errors } as src/reading/reading_declarations_json.h
 * describes. The full module's answer-side declaration begins with the same members (written
 * by the same code), so over that module it is the one read and parsed once; the calculator's
 * module, which has no answer side, gives only the reading layer's.
 * @param {object} module the instantiated Emscripten module
 * @returns {object}
 */
const readingDeclaration = oncePerModule((module) => {
  if (typeof module.answer_declarations_json === 'function') return answerDeclaration(module);
  if (typeof module._llmb_reading_declarations_json !== 'function') {
    throw new Error('The wasm module has no reading declaration (wasm/reading/bindings_reading.cpp was not linked in).');
  }
  return deepFreeze(JSON.parse(textAt(module, module._llmb_reading_declarations_json())));
});

function deepFreeze(value) {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * Builds the facade over an instantiated module, once per module. Exported for
 * tests and for quiz-core.js, which builds on it (and so shares this one);
 * pages use loadReadingCore().
 * @param {object} module the Emscripten module (its reading layer's plain exports, _llmb_reading_*)
 */
export const buildReadingCore = oncePerModule((module) => {
  if (!module || typeof module._llmb_reading_parse_quantity !== 'function') {
    throw new Error('The wasm module has no quantity reader (wasm/reading/bindings_reading.cpp was not linked in).');
  }
  const declaration = readingDeclaration(module);
  const DIMENSIONS = Object.freeze(declaration.dimensions.map((d) => d.name));
  const PARSE_ERRORS = Object.freeze(declaration.parse_errors.map((e) => e.name));
  // The parse errors that mean the text held nothing to read (the core flags them: is_nothing_typed).
  const NOTHING_TYPED = new Set(declaration.parse_errors.filter((e) => e.nothing_typed).map((e) => e.name));
  // The core's limit on typed text (bytes); text is clipped just past it before it enters wasm.
  const MAX_TEXT_BYTES = declaration.max_text_bytes;

  // The core's unit table: dimension -> the unit symbols a question may name,
  // '' (no unit) first for 'none', the one dimension whose default_unit may be empty.
  const units = { none: [''] };
  // The reading layer's flat calls (wasm/reading/bindings_reading.cpp): text in through its
  // buffer, values out in `output()` (declaration.flat_layouts.quantity for a quantity) and text.
  const output = () => new Float64Array(module.HEAPF64.buffer, module._llmb_reading_output(), module._llmb_reading_output_size());
  const outputText = () => textAt(module, module._llmb_reading_output_text());
  const writeText = (text) => writeTexts(module, (bytes) => module._llmb_reading_text(bytes), text)[0];
  const QUANTITY = declaration.flat_layouts.quantity;
  for (let i = 0; i < module._llmb_reading_unit_count(); i += 1) {
    module._llmb_reading_unit(i);
    const dimension = DIMENSIONS[output()[0]];
    (units[dimension] ||= []).push(outputText());
  }
  const UNITS = Object.freeze(Object.fromEntries(DIMENSIONS.map((d) => [d, Object.freeze(units[d] || [])])));
  const factors = new Map();

  /**
   * Reads a typed quantity as a number with an optional unit (rules in src/reading/quantity.h).
   * @param {string} text what was typed
   * @returns {{ok:true, value:{value:number, alt_value:number, ambiguous:boolean,
   *   has_unit:boolean, unit:string, dimension:string, unit_factor:number, approximate:boolean}}
   *   | {ok:false, field:'text', error:string, parse_error:string, nothing_typed:boolean}}
   *   `value` is in `unit` (`unit` is '' and `dimension` 'none' for a bare number);
   *   `alt_value` is the decimal-comma reading of "2,952"-style input (= value otherwise).
   *   Why a text fails to read is `parse_error`, one of PARSE_ERRORS (as quizCore.checkNumericAnswer's
   *   parse_error), with the core's English sentence in `error`; `nothing_typed` is true when the
   *   text held nothing to read (empty or white space: a value not typed yet).
   */
  function parseQuantity(text) {
    if (typeof text !== 'string') return { ok: false, field: 'text', error: 'text must be a string.' };
    try {
      module._llmb_reading_parse_quantity(writeText(clipForCore(text, MAX_TEXT_BYTES)));
      const values = output();
      const raw = byLayout(QUANTITY, values);
      if (!raw.ok) {
        const parseError = PARSE_ERRORS[raw.error];
        return { ok: false, field: 'text', error: outputText(), parse_error: parseError, nothing_typed: NOTHING_TYPED.has(parseError) };
      }
      return {
        ok: true,
        value: {
          value: raw.value,
          alt_value: raw.alt_value,
          ambiguous: Boolean(raw.ambiguous),
          has_unit: Boolean(raw.has_unit),
          unit: outputText(),
          dimension: DIMENSIONS[raw.dimension],
          unit_factor: raw.unit_factor,
          approximate: Boolean(raw.approximate),
        },
      };
    } catch (err) {
      return { ok: false, field: '', error: `The quantity reader could not run (${err && err.message ? err.message : err}).` };
    }
  }

  return Object.freeze({
    /**
     * The longest typed text the core reads, in UTF-8 bytes (its declared
     * limit, 200); longer text is refused as too long, and only its first
     * MAX_TEXT_BYTES + 1 UTF-16 units are copied into wasm (text-clip.js).
     */
    MAX_TEXT_BYTES,
    /** Unit dimensions, in the core's enum order: ['none', 'bytes', 'tokens_per_pass', 'tokens_per_s', 'seconds']. */
    DIMENSIONS,
    /** Reasons a text is not read, in the core's enum order ('none' when it was read). */
    PARSE_ERRORS,
    /**
     * Unit symbols a question may be graded in, per dimension, from the core's
     * unit table (frozen): { none: ['', 'x', '%'], bytes: ['B', 'KB', ...], ... }.
     */
    UNITS,
    /**
     * The dimensions as the core declares them (frozen):
     * [{ name, base_unit: 'B', phrase: 'a memory size', units: 'B, KB, ... or TiB' }, ...].
     */
    DIMENSION_DECLARATIONS: declaration.dimensions,

    /**
     * Base units per one `unit`, read as the quantity reader reads a unit after
     * a number (GB: 1e9, "bytes": 1, ms: 0.001, tokens: 1), or NaN when the
     * reader knows no such unit ('', "bytes/s"). Memoised per unit text.
     * @param {string} unit
     * @returns {number}
     */
    unitFactor(unit) {
      if (!factors.has(unit)) {
        const r = typeof unit === 'string' && unit !== '' ? parseQuantity(`1 ${unit}`) : { ok: false };
        factors.set(unit, r.ok && r.value.has_unit ? r.value.unit_factor : NaN);
      }
      return factors.get(unit);
    },

    /**
     * `text` as shown to a reader: every invisible character (zero-width and
     * bidi marks, BOM, soft hyphen, non-ASCII spaces, controls ...) written as
     * "[U+XXXX]" by the core (src/text/utf8_text.h escape_invisible), the one format
     * the core's own messages use. Non-strings are converted with String();
     * callers clip long text first (it is copied into the wasm heap).
     * @param {unknown} text
     * @returns {string}
     */
    visibleText(text) {
      // At most VISIBLE_MAX_UNITS UTF-16 units reach the core (its buffer holds their UTF-8).
      const whole = String(text);
      module._llmb_reading_escape_invisible(writeText(whole.length > VISIBLE_MAX_UNITS ? clipText(whole, VISIBLE_MAX_UNITS) : whole));
      return outputText();
    },

    /**
     * `text` as a message quotes it: clipped by clipText (echo-text.js: at most
     * `max` UTF-16 code units and "…"), then escaped as visibleText does. The
     * one way the web layer echoes text a user or a file gave.
     * @param {unknown} text
     * @param {number} [max] ECHO_MAX_CHARS (80) by default
     * @returns {string} at most 8 × max + 1 code units (an escape is 8 or 10 characters)
     */
    quoteText(text, max = ECHO_MAX_CHARS) {
      module._llmb_reading_escape_invisible(writeText(clipText(text, max)));
      return outputText();
    },

    /** Reads a typed quantity as a number with an optional unit (parseQuantity above). */
    parseQuantity,
  });
});

/**
 * Loads the shared wasm module once and returns its reading facade (one per module).
 * @returns {Promise<object>} readingCore with parseQuantity(text), visibleText(text), quoteText(text, max),
 *   unitFactor(symbol) and the core's names DIMENSIONS, PARSE_ERRORS, UNITS,
 *   DIMENSION_DECLARATIONS; all methods are synchronous.
 */
export function loadReadingCore() {
  return loadWasmModule().then(buildReadingCore);
}
