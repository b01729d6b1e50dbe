// The page's only door into the serving-budget core.
//
// Turns the core's flat arrays (plan, capacity, the planner, the sweeps, the
// field reader and the small results: plain wasm exports, web/core/flat-calls.js)
// into plain objects, and enum values into the core's names. It holds no Embind
// handle (the calculator's module has no Embind): series come back as
// Float64Array views of wasm memory, copied once.
// It computes nothing itself: every number comes from the C++ core. Field
// names, units, ranges, defaults and enum names come from the core's field
// declarations (src/budget/field_declarations.cpp), read once as JSON; this file
// keeps no list of its own.
//
// Result shape of every method: { ok: true, value } or
// { ok: false, field, error } where `field` names the rejected input (as in
// BudgetInput or the method's parameter) and `error` is one sentence that
// gives the valid range and the value received. A refusal of a kind the core
// declares (declaration.messages: range and typed-text refusals) also carries
// `code` and `params`, { ok: false, field, error, code: 'out_of_range_whole',
// params: { field: 'batch', min: 1, max: 1e6, value: 0.5 } }: the pattern of
// that code filled with params is `error`, so a page can write the sentence in
// its own language (web/element/core-message.js). The one exception is
// importHfConfig(), whose shape (documented on it) carries the imported
// inputs and the importer's notes.
// A BudgetInput (plan, capacity, planLevers, the sweeps) must hold every
// declared field as a number and nothing else; otherwise, before the core
// runs: "kv_heads is missing", "layers must be a number (got a string)", or
// "kv_headz is not a BudgetInput field (did you mean kv_heads?); ..." with
// `field` the key itself (field '' when the input is not an object).
import { flatCalls } from './flat-calls.js';
import { textAt, byLayout } from './wasm-text.js';
import { clipForCore } from './text-clip.js';
import { readFieldValue } from './field-reading.js';
import { loadWasmModule, forgetWasmModule, oncePerModule } from './wasm-module.js';
import { clipText } from './echo-text.js';
import { facadeRefusal, jsonKindCode } from './facade-messages.js';


/** Non-numbers (undefined, strings, null) become NaN so the core names the field. */
function asNumber(value) {
  return typeof value === 'number' ? value : NaN;
}

/** A value as an error names it: "a string", "null", "an array", "a boolean", ... */
function describeValue(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'nothing';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Edits (insert, delete, replace) that turn a into b, counted up to 3. */
function editDistance(a, b) {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

/** The one name of `names` at most two edits from `key` (a likely misspelling), or null. */
function nearestName(key, names) {
  const close = names.filter((n) => editDistance(key.toLowerCase(), n) <= 2);
  return close.length === 1 ? close[0] : null;
}

/**
 * The error value of a refusal: { ok: false, field, error }, and when the core
 * declares its kind, code and params (its values: numbers as numbers, names and
 * typed text as strings; a non-finite number as its English text, "NaN").
 */
function refusal(field, message, code, paramsJson) {
  return code ? { ok: false, field, error: message, code, params: JSON.parse(paramsJson) } : { ok: false, field, error: message };
}

/** A JS-level binding error as an error value. */
function bindingFailure(err) {
  return { ok: false, field: '', error: `The budget core could not run this calculation (${err && err.message ? err.message : err}).` };
}

/** Runs one core call; a JS-level binding error becomes an error value, never a throw. */
function guarded(run) {
  try {
    return run();
  } catch (err) {
    return bindingFailure(err);
  }
}

/**
 * A converter for one result struct read from its flat array (declaration
 * order; flags as 0/1, enums as their value): copies each declared field,
 * turns enum values into the core's names, and gives null for a field that
 * needs a fit when the configuration does not fit. Everything about a field
 * is looked up once here, so a call only loops over numbers.
 * @returns {(values: Float64Array) => object} the plain result object
 */
function flatConverter(fields, enums) {
  const enumNames = { verdict: enums.Verdict, binding_term: enums.BindingTerm };
  const fitsAt = fields.findIndex((f) => f.name === 'fits');
  const names = fields.map((f) => f.name);
  // Per field: 0 a number, 1 a flag, 2 an enum (its names in `namesOf`).
  const kinds = fields.map((f) => (f.kind === 'flag' ? 1 : f.kind in enumNames ? 2 : 0));
  const namesOf = fields.map((f) => enumNames[f.kind] || null);
  const needsFit = fields.map((f) => f.needs_fit === true);
  const count = fields.length;
  // Every result starts as a copy of this one: its properties exist already,
  // in declaration order, so filling them in is 3x faster than adding them.
  const template = Object.fromEntries(names.map((name) => [name, null]));
  return (values) => {
    const fits = fitsAt < 0 || values[fitsAt] !== 0;
    const value = { ...template };
    for (let i = 0; i < count; i += 1) {
      const kind = kinds[i];
      const v = values[i];
      value[names[i]] = needsFit[i] && !fits ? null : kind === 0 ? v : kind === 1 ? v !== 0 : namesOf[i][v];
    }
    return value;
  };
}

/** Deep-freezes the parsed declaration so no caller can edit the shared copy. */
function deepFreeze(object) {
  for (const v of Object.values(object)) if (v && typeof v === 'object') deepFreeze(v);
  return Object.freeze(object);
}

/**
 * Builds the facade over an instantiated module, once per module (either wasm
 * module: web/core/wasm-variants.js). Exported for tests; pages use loadBudgetCore().
 */
export const buildCore = oncePerModule((module) => {
  const declared = JSON.parse(textAt(module, module._llmb_flat_declarations_json()));
  // The full module also declares the kinds only its importer writes (its refusals, the JSON
  // reader's reasons, the notes) and the serving simulation's refusals: listed after the
  // budget's, as one list of messages.
  if (typeof module.import_message_declarations_json === 'function') {
    declared.messages = declared.messages.concat(JSON.parse(module.import_message_declarations_json()));
  }
  if (typeof module.simulation_message_declarations_json === 'function') {
    declared.messages = declared.messages.concat(JSON.parse(module.simulation_message_declarations_json()));
  }
  const declaration = deepFreeze(declared);
  const inputFields = declaration.inputs.map((f) => f.name);
  const maxTextBytes = declaration.max_text_bytes;
  // The config.json importer's messages are the full module's (wasm/budget/import-messages/):
  // over the calculator's module importHfConfig() says it needs the full one instead of reading.
  const hasImporterMessages = typeof module.import_message_declarations_json === 'function';
  const DEFAULT_INPUT = Object.freeze(Object.fromEntries(declaration.inputs.map((f) => [f.name, f.default])));
  const planValue = flatConverter(declaration.results.plan, declaration.enums);
  const capacityValue = flatConverter(declaration.results.capacity, declaration.enums);
  const vllmRuntimeValue = flatConverter(declaration.results.vllm_runtime, declaration.enums);
  const planRowValue = flatConverter(declaration.results.plan_levers, declaration.enums);
  // A plan_hardware row: the plan row's fields, then the cost fields, in one flat run (flat_calls.h).
  const hardwareRowFields = [...declaration.results.plan_levers, ...declaration.results.plan_hardware];
  const hardwareRowValue = flatConverter(hardwareRowFields, declaration.enums);
  // The Hardware-group inputs, then the price: one option's layout (FlatCalls::hardware_options).
  const hardwareFields = [...declaration.inputs.filter((f) => f.group === 'Hardware'), ...declaration.plan_cost_inputs];

  const flat = flatCalls(module, {
    input: declaration.inputs.length,
    plan: declaration.results.plan.length,
    capacity: declaration.results.capacity.length,
    planOptions: declaration.speculative_inputs.length,
  });
  const inputCount = inputFields.length;
  const inputNames = new Set(inputFields);
  /**
   * Writes `input` into the flat input array. Returns null when every declared
   * field is a number and no other key is given (the core then checks the
   * ranges), else the error value (inputError). The fast path reads each
   * field once and counts the keys; only a failure looks further.
   */
  function writeFlatInput(input) {
    if (input === null || typeof input !== 'object') return inputError(input);
    const target = flat.input();
    for (let i = 0; i < inputCount; i += 1) {
      const v = input[inputFields[i]];
      if (typeof v !== 'number') return inputError(input);
      target[i] = v;
    }
    // Own enumerable keys, one per field: anything else is an unknown or hidden key.
    return Object.keys(input).length === inputCount ? null : inputError(input);
  }
  /** The refusal of `key`, a key that is not a BudgetInput field, with the field it most likely means. */
  function unknownInputError(key) {
    // A key is echoed up to 60 characters, so a pasted megabyte stays out of the message.
    const shown = clipText(key, 60);
    const near = nearestName(key.slice(0, 60), inputFields);
    return { ok: false, field: shown, error: `${shown} is not a BudgetInput field${near ? ` (did you mean ${near}?)` : ''}; the fields are ${inputFields.join(', ')}.` };
  }
  /** Why `input` is not a BudgetInput: an unknown key first (a misspelt name also leaves its field missing), then a missing or non-number field. */
  function inputError(input) {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      return { ok: false, field: '', error: `The input must be an object with every BudgetInput field (${inputFields.join(', ')}); got ${describeValue(input)}.` };
    }
    const unknownKey = Object.keys(input).find((key) => !inputNames.has(key));
    if (unknownKey !== undefined) return unknownInputError(unknownKey);
    const missing = inputFields.filter((name) => input[name] === undefined);
    if (missing.length > 0) {
      const others = missing.length - 1;
      const more = others === 0 ? '' : ` (and ${others} other ${others === 1 ? 'field is' : 'fields are'} missing: spread DEFAULT_INPUT and change what you need)`;
      return { ok: false, field: missing[0], error: `${missing[0]} is missing${more}` };
    }
    const name = inputFields.find((n) => typeof input[n] !== 'number');
    if (name !== undefined) return { ok: false, field: name, error: `${name} must be a number (got ${describeValue(input[name])})` };
    // Every field reads as a number now, but not as the object's own, enumerable
    // properties (inherited from a prototype, hidden, or a proxy or getter that
    // answers differently each time): refused, as the core reads own fields only.
    return {
      ok: false,
      field: '',
      error: `The input must hold every BudgetInput field as its own plain property (not inherited, hidden or computed); spread DEFAULT_INPUT and change what you need.`,
    };
  }
  const flatFailure = () => refusal(flat.errorField(), flat.errorMessage(), flat.errorCode(), flat.errorParams());
  // read_field_value() through the flat call, in the shape field-reading.js reads (its FieldReading).
  const readRaw = (name, typed, displayFactor, decimalComma, groupsWithPoint) => {
    if (!flat.readField(name, typed, displayFactor, decimalComma, groupsWithPoint)) {
      return { ok: false, error: { field: flat.errorField(), message: flat.errorMessage(), code: flat.errorCode(), params_json: flat.errorParams() } };
    }
    return { ok: true, ...byLayout(declaration.flat_layouts.field_reading, flat.smallOutput()) };
  };

  /**
   * The last sweep of `kind` (0 batch, 1 context, 2 acceptance) as plain
   * arrays, one per declared series, each copied once from its view: flags
   * as booleans, and null where a series needs a fit and the point does not fit.
   */
  function readSeries(kind, decls) {
    const value = {};
    const fitsAt = decls.findIndex((d) => d.name === 'fits');
    const fits = fitsAt < 0 ? null : flat.series(kind, fitsAt);
    decls.forEach((d, k) => {
      // A plain loop: several times faster than Array.from() on a typed array.
      const view = flat.series(kind, k);
      const out = new Array(view.length);
      if (d.flag) {
        for (let i = 0; i < view.length; i += 1) out[i] = view[i] !== 0;
      } else if (d.needs_fit && fits) {
        for (let i = 0; i < view.length; i += 1) out[i] = fits[i] === 0 ? null : view[i];
      } else {
        for (let i = 0; i < view.length; i += 1) out[i] = view[i];
      }
      value[d.name] = out;
    });
    return { ok: true, value };
  }

  return Object.freeze({
    /** Every BudgetInput field with the lesson's 7B defaults (frozen; spread it to edit). */
    DEFAULT_INPUT,

    /**
     * The core's declaration of every field (frozen): {inputs, speculative_inputs,
     * results: {plan, capacity, speculative}, enums: {Verdict, BindingTerm},
     * messages: [{code, pattern, one?}] (every kind of refusal, its English pattern; the JSON
     * reader's reasons, codes "json_error_*"; then every kind of note of importHfConfig(), codes
     * "note_*", with `one` its English pattern for a {count} of 1 where the English depends on it;
     * the last two over the full module only, the one with the importer)}.
     * An input: {name, symbol, label, unit, kind:'real'|'whole', min, max, min_exclusive,
     * zero_means, max_from, typical_min, typical_max, group, meaning,
     * count_prefixes:"decimal"|"binary" (what k and M mean when typed), default}.
     * A result: {name, unit, kind:'number'|'flag'|'verdict'|'binding_term', needs_fit, meaning}.
     */
    declaration,

    /**
     * The refusal every BudgetInput method gives for `key` when it is not an
     * input field: { ok: false, field: key (cut at 60 characters), error:
     * "<key> is not a BudgetInput field (did you mean kv_heads?); the fields are ..." },
     * the "did you mean" only when one field is within two edits. For checks of
     * files that hold inputs (presets), so they word it as the facade does.
     * @param {string} key
     */
    unknownInputError(key) {
      return unknownInputError(String(key));
    },

    /**
     * Whether `input` is a BudgetInput as plan() takes it (every declared field
     * its own number, no other key): null when it is, else the error value plan()
     * would give before the core runs. For facades that hand a BudgetInput to
     * another core call (web/core/traffic-core.js); the core checks the ranges.
     * @returns {null|{ok:false, field:string, error:string}}
     */
    checkInput(input) {
      return guarded(() => writeFlatInput(input));
    },

    /**
     * Reads what a person typed into the field `name` (an input or a
     * speculative parameter): the answer checker's number reader plus the
     * field's suffixes ("70B", "6.7 billion", "80 GB", "74.5 GiB", "32k",
     * "32,768", "1.5 TB/s", "4,5", "4.5 bit", "10%", "500 ms"). A bare number
     * is `displayFactor` declared units (parameters shown in billions: 1e9).
     * Text over the core's limit (declaration.max_text_bytes, 200 bytes) is
     * refused: "GPU memory: that is too long to be a number (more than 200 bytes).".
     * k and M follow the field's declared count_prefixes: "32k" is 32,000 requests
     * but 32,768 tokens of context (binary).
     * A lone comma before exactly three digits ("2,039") has two readings: with
     * `decimalComma` false (English, the default) the thousands one (2039) is tried
     * first, with `decimalComma` true (a locale that writes a decimal comma: de) the
     * decimal one (2.039); the other is taken only when the first is outside the
     * field's declared range or not whole for a whole field ("1,026" batch: 1026).
     * A lone "." is a decimal point either way; with `groupsWithPoint` true (a locale
     * that groups digits with ".": de) a lone "." before exactly three digits ("1.024")
     * is still 1.024 but reported as ambiguous, since a reader there may mean 1024.
     * @param {string} name the field's declared name
     * @param {string} text what was typed
     * @param {number} [displayFactor] declared units a bare number stands for (> 0)
     * @param {{decimalComma?: boolean, groupsWithPoint?: boolean}} [options]
     * @returns {{ok:true, value:number, significant_digits:number, binary_prefix:boolean,
     *   ambiguous:boolean, ambiguous_mark:(','|'.'|''), grouping_taken:boolean}
     *   | {ok:false, field:string, error:string}}
     *   value in the field's declared unit; the range is checked by plan() later;
     *   significant_digits: of the number as typed ("74.5 GiB": 3); binary_prefix: a k or M
     *   was read as 1024 or 1024²; ambiguous: the number had two readings, a lone "," before
     *   three digits after 1-3 digits not led by 0 ("2,039", any page; not "0,500" or
     *   "1.234,5"), or such a lone "." with groupsWithPoint ("1.024"); ambiguous_mark: that
     *   separator ('' when not ambiguous); grouping_taken: value is the grouping (thousands)
     *   reading ("2,039" TB/s in English: 2039; "1,026" batch), false for the decimal one
     */
    readField(name, text, displayFactor = 1, options = {}) {
      return guarded(() => readFieldValue(readRaw, maxTextBytes, name, text,
        asNumber(displayFactor), options));
    },

    /**
     * Memory and decode speed for one configuration.
     * @param {object} input every BudgetInput field as a number and no other key (spread
     *   DEFAULT_INPUT; none is defaulted here): a missing field, a non-number or an unknown
     *   key is an error naming it (see the top of this file)
     * @returns value {weight_bytes, kv_cache_bytes, kv_cache_bytes_per_token, total_bytes,
     *   free_bytes, headroom_limit_bytes (the most per_gpu_bytes may be for verdict 'fits'),
     *   memory_time_s, compute_time_s, step_s, bound_by:'memory'|'compute',
     *   fits, verdict:'fits'|'tight'|'does-not-fit', has_speed, per_request_tokens_per_s,
     *   total_tokens_per_s, per_gpu_bytes, kv_heads_per_gpu, comm_s, ttft_s,
     *   ttft_target_met, ttft_margin_s, per_request_target_met,
     *   per_request_margin_tokens_per_s} (declaration.results.plan); the fields declared
     *   needs_fit (step_s, the tokens/s, ttft_s, the margins) are null when it does not fit.
     */
    plan(input) {
      // guarded() inlined: no closure per call on the page's hottest path.
      try {
        const bad = writeFlatInput(input);
        if (bad !== null) return bad;
        return flat.plan() ? { ok: true, value: planValue(flat.views().plan) } : flatFailure();
      } catch (err) {
        return bindingFailure(err);
      }
    },

    /**
     * Largest batch (with and without headroom), longest context at input.batch,
     * and the batch where the compute term overtakes the memory term.
     * weights_fit: the weight bytes alone fit in GPU memory (so a max_batch of 0
     * means one request's KV cache at this context is what does not fit);
     * weights_fit_with_headroom: the same against the headroom limit.
     * @returns value {max_batch, max_batch_with_headroom, max_context_tokens,
     *   crossover_batch, weights_fit, weights_fit_with_headroom}
     */
    capacity(input) {
      return guarded(() => {
        const bad = writeFlatInput(input);
        if (bad !== null) return bad;
        return flat.capacity() ? { ok: true, value: capacityValue(flat.views().capacity) } : flatFailure();
      });
    },

    /**
     * vLLM's default max_num_seqs for a GPU (vllm_default_max_num_seqs in src/budget/vllm_runtime.h):
     * 1,024 from 70 GiB up unless the name holds "a100", else 256.
     * @param {number} gpuMemoryBytes one GPU's capacity in bytes
     * @param {string} [deviceName=''] the GPU's name (a preset's label), '' when unknown
     * @returns {number} 256 or 1024; 256 for a capacity that is not a finite number
     */
    vllmDefaultMaxNumSeqs(gpuMemoryBytes, deviceName = '') {
      if (typeof gpuMemoryBytes !== 'number' || !Number.isFinite(gpuMemoryBytes)) return 256;
      return flat.vllmDefaultMaxNumSeqs(gpuMemoryBytes, clipForCore(String(deviceName ?? ''), 256));
    },

    /**
     * The runtime inputs that make `input`'s budget read as vLLM's startup log would
     * (vllm_runtime_estimate in src/budget/vllm_runtime.h): headroom 1 - 0.9, the
     * warm-up peak 9.7 x max_num_seqs x vocab_size x 4 B, the non-torch reserve by GPU count.
     * @param {object} input a BudgetInput (every declared field); vocab_size must be known (> 0)
     * @param {number} [maxNumSeqs=0] vLLM's max_num_seqs (declaration.vllm_runtime_inputs), 0 = its
     *   default for the GPU's memory
     * @returns {{ok:true, value:{max_num_seqs, headroom_fraction, activation_peak_bytes,
     *   runtime_reserve_bytes}} | {ok:false, field, error}} (error: the core's sentence)
     */
    vllmRuntime(input, maxNumSeqs = 0) {
      return guarded(() => {
        const bad = writeFlatInput(input);
        if (bad !== null) return bad;
        if (typeof maxNumSeqs !== 'number' || !Number.isFinite(maxNumSeqs)) {
          return { ok: false, field: 'max_num_seqs', error: 'max_num_seqs must be a finite number' };
        }
        if (!flat.vllmRuntime(maxNumSeqs)) return flatFailure();
        return { ok: true, value: vllmRuntimeValue(flat.vllmRuntimeOutput(declaration.results.vllm_runtime.length)) };
      });
    },

    /**
     * The lesson's decision procedure in one call: every combination of weight
     * precision (2, 1, 0.5 bytes), cache precision (2, 1), GPU count (1, 2, 4, 8
     * that split the heads validly) and, when options.speculative is true, with
     * and without speculative decoding, on `input`'s workload, model, GPU and
     * targets. The speculative parameters are read by their declared names
     * (declaration.speculative_inputs: acceptance_rate, draft_tokens,
     * draft_cost_ratio as in speculative(), and draft_params, the draft model's
     * size); one whose declaration has a zero_means may be left out (0, its
     * default). Rows are ordered output-preserving first, then by GPU count,
     * then by precision. Two marks: the cheapest row that keeps the output and
     * meets every target (cheapest: true, cheapest_row), and, when it needs fewer
     * GPUs than that one (or there is none), the cheapest that changes the
     * output (cheapest_changing_output: true, cheapest_changing_output_row).
     * @param {object} input every BudgetInput field
     * @param {object} [options] {speculative: boolean, and the speculative parameters by name}
     * @returns value {rows: [row], cheapest_row, cheapest_changing_output_row (indexes, -1 when
     *   none)}; a row has the fields of declaration.results.plan_levers (ttft_s and the
     *   tokens/s are null when the row does not fit; verdict is a name)
     */
    planLevers(input, options) {
      return guarded(() => {
        const o = options !== null && typeof options === 'object' ? options : {};
        const on = o.speculative === true;
        const bad = writeFlatInput(input);
        if (bad !== null) return bad;
        // Off, the parameters are not read: the view keeps whatever it holds.
        if (on) {
          const view = flat.planOptions();
          declaration.speculative_inputs.forEach((p, i) => {
            const own = Object.hasOwn(o, p.name);
            view[i] = !own && p.zero_means !== '' ? 0 : asNumber(own ? o[p.name] : undefined);
          });
        }
        if (!flat.planLevers(on)) return flatFailure();
        const width = declaration.results.plan_levers.length;
        const all = flat.planRows();
        const rows = [];
        for (let start = 0; start < all.length; start += width) rows.push(planRowValue(all.subarray(start, start + width)));
        return { ok: true, value: { rows, cheapest_row: flat.cheapestRow(),
          cheapest_changing_output_row: flat.cheapestChangingOutputRow() } };
      });
    },

    /**
     * The planner over several GPU types (plan_hardware in src/budget/planner.h):
     * planLevers() on `input` with each option's Hardware-group fields in place
     * of its own, each row costed at the option's price per GPU-hour:
     * cost_per_million_output_tokens (the batch's decode rate) and
     * cost_per_million_input_tokens (one request's prefill), 0 without a price,
     * null when the row does not fit. Rows with a cost come first, by output
     * cost; marks: cheapest_by_cost (output kept) and, when cheaper still,
     * cheapest_by_cost_changing_output.
     * @param {object} input every BudgetInput field
     * @param {object[]} hardware 1 to 64 options, each with every Hardware-group
     *   field (declaration.inputs with group "Hardware") as a number, and
     *   price_per_gpu_hour (declaration.plan_cost_inputs; left out = 0, no price)
     * @param {object} [options] as planLevers()' options
     * @returns value {rows: [row], cheapest_row, cheapest_changing_output_row}; a row has the
     *   fields of declaration.results.plan_levers and declaration.results.plan_hardware
     *   (option: the index into `hardware`)
     */
    planHardware(input, hardware, options) {
      return guarded(() => {
        if (!Array.isArray(hardware)) return { ok: false, field: 'options', error: `The hardware options must be an array; got ${describeValue(hardware)}.` };
        const o = options !== null && typeof options === 'object' ? options : {};
        const on = o.speculative === true;
        const bad = writeFlatInput(input);
        if (bad !== null) return bad;
        for (const [i, option] of hardware.entries()) {
          if (option === null || typeof option !== 'object') return { ok: false, field: 'options', error: `Hardware option ${i} must be an object; got ${describeValue(option)}.` };
          for (const f of hardwareFields) {
            const v = Object.hasOwn(option, f.name) ? option[f.name] : f.zero_means !== '' ? 0 : undefined;
            if (typeof v !== 'number') return { ok: false, field: f.name, error: `Hardware option ${i}: ${f.name} must be a number (got ${describeValue(v)})` };
          }
        }
        if (on) {
          const view = flat.planOptions();
          declaration.speculative_inputs.forEach((p, i) => {
            const own = Object.hasOwn(o, p.name);
            view[i] = !own && p.zero_means !== '' ? 0 : asNumber(own ? o[p.name] : undefined);
          });
        }
        // The core makes room for at most one option past its limit, and refuses that many with its own message.
        const width = hardwareFields.length;
        const view = flat.hardwareOptions(hardware.length);
        hardware.slice(0, view.length / width).forEach((option, i) => {
          hardwareFields.forEach((f, j) => { view[i * width + j] = Object.hasOwn(option, f.name) ? option[f.name] : 0; });
        });
        if (!flat.planHardware(on)) return flatFailure();
        const rowWidth = hardwareRowFields.length;
        const all = flat.planRows();
        const rows = [];
        for (let start = 0; start < all.length; start += rowWidth) rows.push(hardwareRowValue(all.subarray(start, start + rowWidth)));
        return { ok: true, value: { rows, cheapest_row: flat.cheapestRow(),
          cheapest_changing_output_row: flat.cheapestChangingOutputRow() } };
      });
    },

    /**
     * Speculative decoding with acceptance rate a in [0, 1], k draft tokens
     * (whole, 1..32) and a draft that costs c in [0, 1] of a target pass.
     * @returns value {tokens_per_pass, speedup}
     */
    speculative(acceptance_rate, draft_tokens, draft_cost_ratio) {
      return guarded(() => {
        if (!flat.speculative(asNumber(acceptance_rate), asNumber(draft_tokens), asNumber(draft_cost_ratio))) return flatFailure();
        return { ok: true, value: byLayout(declaration.results.speculative.map((f) => f.name), flat.smallOutput()) };
      });
    },

    /**
     * The k in 1..32 with the largest speed-up for acceptance rate a and draft cost c.
     * @returns value {draft_tokens, speedup, tokens_per_pass}
     */
    bestDraftTokens(acceptance_rate, draft_cost_ratio) {
      return guarded(() => {
        if (!flat.bestDraftTokens(asNumber(acceptance_rate), asNumber(draft_cost_ratio))) return flatFailure();
        return { ok: true, value: byLayout(declaration.flat_layouts.best_draft, flat.smallOutput()) };
      });
    },

    /**
     * Bytes of the attention score matrix one layer stores (heads·n²·bytes)
     * versus a tiled kernel's per-row statistics (linear in n).
     * @returns value {stored_score_bytes, tiled_kernel_bytes}
     */
    attentionMemory(heads, context_tokens, bytes_per_score) {
      return guarded(() => {
        if (!flat.attentionMemory(asNumber(heads), asNumber(context_tokens), asNumber(bytes_per_score))) return flatFailure();
        return { ok: true, value: byLayout(declaration.flat_layouts.attention_memory, flat.smallOutput()) };
      });
    },

    /**
     * Reads a Hugging Face config.json's text (src/budget/hf_config.h): the
     * model inputs it sets, counted from its shapes, and notes on what was
     * counted or assumed. Nothing leaves the page. Text longer than the
     * core's limit (1 MiB) is refused by the core, which sees at most one
     * unit more than the limit.
     * @param {string} text the file's text
     * @returns {{ok: boolean, error: ({field: string, message: string, code?: string, params?: object}|null),
     *   inputs: Object<string, number>, notes: string[], note_kinds: {code: string, params: object}[]}}
     *   inputs by declared field name (total_params, active_params, layers, ... model_max_context_tokens);
     *   notes the English sentences and note_kinds, in the same order, each note's kind
     *   (declaration.messages, "note_*") and values, so a page can write it in its language;
     *   error.code and error.params when the refusal is of a declared kind (declaration.messages,
     *   or this facade's own: facade-messages.js config_not_text, config_no_importer);
     *   on a refusal inputs is {} and notes [] (note_kinds too), and error.field names the
     *   config key, "model_type" or "config.json" (also when the facade is over
     *   the calculator's module, which does not declare the importer's messages: the
     *   presets part asks for the full one, config_no_importer; and when the importer's
     *   own module is not loaded, config_importer_missing)
     * The importer is its own wasm module (web/core/wasm-variants.js `importer`), instantiated
     * at the first call: in a page once dist/llm-budget-lab-importer.js ran (web/parts/hf-import.js
     * loads it), in node once web/core/importer-module.js was imported.
     * @param {{timeoutSeconds?: number}} [options] how long to wait for the importer's module (30 s)
     * @returns {Promise<object>} the value above
     */
    async importHfConfig(text, { timeoutSeconds = 30 } = {}) {
      const refused = (error) => ({ ok: false, error, inputs: {}, notes: [], note_kinds: [] });
      if (typeof text !== 'string') {
        const got = describeValue(text);
        return refused({ field: 'config.json', ...facadeRefusal('config_not_text', { got: jsonKindCode(text) || got }, { got }) });
      }
      if (!hasImporterMessages) return refused({ field: 'config.json', ...facadeRefusal('config_no_importer') });
      let importer;
      let timer = 0;
      const coming = loadWasmModule('importer');
      try {
        // A module that never arrives (a stalled download) counts as not loaded after the limit,
        // and is given up on: the next reading fetches it again.
        importer = await Promise.race([coming, new Promise((resolve, reject) => {
          timer = setTimeout(() => {
            forgetWasmModule('importer', coming);
            reject(new Error('timed out'));
          }, timeoutSeconds * 1000);
        })]);
      } catch {
        clearTimeout(timer);
        return refused({ field: 'config.json', ...facadeRefusal('config_importer_missing') });
      }
      clearTimeout(timer);
      try {
        return JSON.parse(importer.hf_import_json(clipForCore(text, importer.hf_config_max_bytes())));
      } catch (err) {
        return refused({ field: '', message: bindingFailure(err).error });
      }
    },

    /**
     * One point per batch 1..max_batch (whole, 1..4096) with input.batch replaced.
     * @returns value {batch[], total_bytes[], fits[] (boolean), per_request_tokens_per_s[],
     *   total_tokens_per_s[] (both null where the batch does not fit), memory_time_s[],
     *   compute_time_s[]}
     */
    sweepBatch(input, max_batch) {
      return guarded(() => {
        const bad = writeFlatInput(input);
        if (bad !== null) return bad;
        if (!flat.sweepBatch(asNumber(max_batch))) return flatFailure();
        return readSeries(0, declaration.series.batch);
      });
    },

    /**
     * Memory over `points` (whole, 2..4096) context lengths from min_context to
     * max_context inclusive, with the stored-score and tiled-kernel bytes.
     * @returns value {context_tokens[], total_bytes[], kv_cache_bytes[],
     *   stored_score_bytes[], tiled_kernel_bytes[]}
     */
    sweepContext(input, min_context, max_context, points) {
      return guarded(() => {
        const bad = writeFlatInput(input);
        if (bad !== null) return bad;
        if (!flat.sweepContext(asNumber(min_context), asNumber(max_context), asNumber(points))) return flatFailure();
        return readSeries(1, declaration.series.context);
      });
    },

    /**
     * Tokens per pass and speed-up over `points` acceptance rates evenly spaced on [0, 1].
     * @returns value {acceptance_rate[], tokens_per_pass[], speedup[]}
     */
    sweepAcceptance(draft_tokens, draft_cost_ratio, points) {
      return guarded(() => {
        if (!flat.sweepAcceptance(asNumber(draft_tokens), asNumber(draft_cost_ratio), asNumber(points))) return flatFailure();
        return readSeries(2, declaration.series.acceptance);
      });
    },
  });
});

/**
 * Loads the shared wasm module once and returns its facade (one per module).
 * @param {'any'|'full'} [need] which module (web/core/wasm-module.js): 'full' for a
 *   caller that pairs this facade with the full module's (the simulation's)
 * @returns {Promise<object>} core with DEFAULT_INPUT, declaration, plan(), capacity(),
 *   speculative(), bestDraftTokens(), attentionMemory(), importHfConfig(), sweepBatch(),
 *   sweepContext(), sweepAcceptance(); all methods are synchronous.
 */
export function loadBudgetCore(need = 'any') {
  return loadWasmModule(need).then(buildCore);
}
