// A refusal of the core in the page's language. The core declares every kind
// of refusal once (core.declaration.messages: a code and its English pattern,
// src/budget/input_messages.h) and a refusal of such a kind carries its code
// and the values it was written with (web/core/budget-core.js). English shows
// the core's sentence as it is; another language writes the same sentence from
// its own pattern, "core.message.<code>" in content/ui/<locale>.json, with the
// numbers written for the locale and the fields named by their translated labels
// (declared-message.js writes it; the hooks here word the refusals' own names).
// The config.json importer's notes are declared kinds too (codes "note_*" in the same list,
// src/budget/import_notes.h), written the same way.
// A refusal with no code (a facade's own checks) stays the core's English.
import { calculatorFields, unitWords, isNothingTyped } from './fields.js';
import { DEFAULT_LOCALE } from './locale-names.js';
import { declaredMessageInWords } from './declared-message.js';

/** Every input list of the declaration, by field name, for the labels of named fields. */
const declaredFields = new WeakMap(); // declaration -> Map(name -> input row)

function fieldsOf(declaration) {
  if (!declaredFields.has(declaration)) {
    const rows = [declaration.inputs, declaration.speculative_inputs, declaration.plan_cost_inputs,
      declaration.vllm_runtime_inputs].flatMap((list) => list || []);
    declaredFields.set(declaration, new Map(rows.map((d) => [d.name, d])));
  }
  return declaredFields.get(declaration);
}

/**
 * The budget facade for coreMessage() with the fields of another declaration named too (the
 * serving simulation's, traffic-core.js: request_rate, concurrency), whose refusals name both.
 * @param {{declaration:object}} core the budget facade
 * @param {{declaration:{inputs:object[]}}} other a facade whose declaration lists more input fields
 * @returns {{declaration:object}}
 */
export function withFieldsOf(core, other) {
  return { declaration: { ...core.declaration, inputs: [...core.declaration.inputs, ...other.declaration.inputs] } };
}

/**
 * The sentence of a core refusal for the page.
 * @param {{declaration:object}} core the budget facade (its declaration names the fields and messages)
 * @param {{locale:string, core:Function}} strings the element's translator (ctx.strings, i18n.js)
 * @param {{groupedNumber:Function, small:Function}} fmt the locale's number formatting (ctx.fmt, format.js)
 * @param {{field:string, error:string, code?:string, params?:object}} res the facade's error value
 * @param {(field:string) => ({factor:number, noun:string}|null|undefined)} [displayOf] how a
 *   number box shows a field (fields.js: the display unit's factor and noun): {min}, {max} and
 *   {value} of the refused field and {cap} of its cap field are then written in that unit with
 *   the unit ("0,001 ms", "1.000.000 GB"), where the box shows another unit than the core's (factor not 1);
 *   else in the field's declared unit, in the locale's words ("1.000.000 Anfragen")
 * @returns {string} the core's English sentence on an English page or when it has no code; else
 *   the locale's pattern of its code (the English sentence where the locale has none) with
 *   {field}, {cap_field}, {min_field} and {label} the translated labels of the fields they name,
 *   {zero_means} (fields it names by their labels) and {unit} the translated words of the refused field, {hint} the translated
 *   hint it names, numbers written for the locale ("4.096", "0,5") and typed text as it was quoted;
 *   {got} a JSON value's kind in the locale's words where it names one ("ein Array"), {refusal} and
 *   {reason} the message it wraps ({field, error, code, params}) in the same words, and {count}
 *   picks the form of a plural pattern
 */
export function coreMessage(core, strings, fmt, res, displayOf = () => null) {
  if (!res.code || !res.params) return res.error;
  const fields = fieldsOf(core.declaration);
  const messages = core.declaration.messages || [];
  const declared = (code) => messages.find((m) => m.code === code);
  const labelOf = (name) => {
    const d = fields.get(name);
    return d ? strings.core(`core.field.${name}.label`, d.label) : name;
  };
  // Grouped for the locale; a tiny nonzero value in exponent form, never rounded to 0.
  const number = (v) => (v === 0 || Math.abs(v) >= 1e-3 ? fmt.groupedNumber(v) : fmt.tiny(v));
  const shownIn = { min: res.field, max: res.field, value: res.field, cap: res.params.cap_field };
  return declaredMessageInWords(strings, res, {
    prefix: 'core.message.',
    named(name, v) {
      if (name === 'field' || name.endsWith('_field')) return labelOf(v);
      if (name === 'label') return fields.has(res.field) ? labelOf(res.field) : v;
      if (name === 'zero_means') {
        // The meaning may name a field ("wie total_params"): by its label, as the calculator writes it.
        return calculatorFields(core, strings).inPageWords(strings.core(`core.field.${res.field}.zero_means`, v));
      }
      if (name === 'unit') return strings.core(`core.unit.${v}`, v);
      if (name === 'hint' || (name === 'got' && typeof v === 'string' && declared(v))) {
        // A declared message standing for the value: a hint, or a JSON value's kind ("ein Array").
        const hint = declared(v);
        return strings.core(`core.message.${v}`, hint ? hint.pattern : v);
      }
      return undefined;
    },
    number(name, v) {
      const display = shownIn[name] ? displayOf(shownIn[name]) : null;
      const row = shownIn[name] ? fields.get(shownIn[name]) : undefined;
      if (display && display.factor !== 1) return fmt.withUnit(number(v / display.factor), display.noun);
      // Else in the field's declared unit, in the locale's words for that count ("1.000.000 Anfragen").
      return row && row.unit ? fmt.withUnit(number(v), unitWords(strings, row.unit, row.unit_one, v)) : number(v);
    },
    // Another message with its own code and values ({refusal} a refusal this one wraps,
    // {reason} the JSON reader's), in the same words.
    nested: (v) => coreMessage(core, strings, fmt, v, displayOf),
    english: () => res.error,
  });
}

/**
 * A note of the config.json importer (core.importHfConfig: its English sentence and, at the
 * same index, its kind) for the page: English as the core wrote it; another language from its
 * pattern "core.message.<code>", with numbers written for the locale ("8.030.261.248") and
 * config keys, class and file names as written.
 * @param {{core:object, strings:object, fmt:object}} ctx the part's context
 * @param {string} text the note's English sentence (res.notes[i])
 * @param {{code:string, params:object}} [kind] its kind (res.note_kinds[i])
 * @returns {string}
 */
export function importNoteInWords(ctx, text, kind) {
  if (ctx.strings.locale === DEFAULT_LOCALE || !kind) return text;
  return coreMessage(ctx.core, ctx.strings, ctx.fmt, { field: '', error: text, code: kind.code, params: kind.params });
}

/**
 * The message for a value the core refused in a number box. English words it itself, in the
 * field's display units (`english()`, limits.js: "Enter a whole number from 1 to 1 million
 * requests."); another language shows the core's refusal in its words when the core declares
 * its kind ("Für Batch ist eine ganze Zahl von 1 bis 1.000.000 erforderlich (erhalten: 0,5)"),
 * else `english()` too.
 * @param {() => string} english the page's English sentence, made only when it is shown
 * @param {Function} [displayOf] as coreMessage's
 */
export function refusalMessage(core, strings, fmt, res, english, displayOf = undefined) {
  return strings.locale !== DEFAULT_LOCALE && res.code ? coreMessage(core, strings, fmt, res, displayOf) : english();
}

/**
 * A refusal of the core for a part's status line: on an English page the core's sentence with the
 * fields named by their page labels (fields.js inPageWords), else the locale's sentence of its kind.
 * @param {{core:object, strings:object, fmt:object}} ctx the part's context
 * @param {{field:string, error:string, code?:string, params?:object}} res the facade's error value
 * @returns {string}
 */
export function refusalInWords(ctx, res) {
  return refusalMessage(ctx.core, ctx.strings, ctx.fmt, res, () => calculatorFields(ctx.core, ctx.strings).inPageWords(res.error));
}

/**
 * A reading of the core (core.readField) with a refusal's sentence in the page's words, and
 * `nothingTyped` true when the box held no text (fields.js isNothingTyped: a value not typed yet).
 */
export function readingInWords(core, strings, fmt, reading) {
  return reading.ok ? reading
    : { ...reading, error: coreMessage(core, strings, fmt, reading), nothingTyped: isNothingTyped(core.declaration, reading) };
}
