// The page's only door into the serving-budget core.
//
// Turns the core's flat arrays and Embind results into plain objects and
// enum values into the core's names. It holds no Embind handle: series come
// back as Float64Array views of wasm memory, copied once.
// It computes nothing itself: every number comes from the C++ core. Field
// names, units, ranges, defaults and enum names come from the core's field
// declarations (src/field_declarations.cpp), read once as JSON; this file
// keeps no list of its own.
//
// Result shape of every method: { ok: true, value } or
// { ok: false, field, error } where `field` names the rejected input (as in
// BudgetInput or the method's parameter) and `error` is one sentence that
// gives the valid range and the value received.
import { loadWasmModule } from './wasm-module.js';

let corePromise = null;

/** Non-numbers (undefined, strings, null) become NaN so the core names the field. */
function asNumber(value) {
  return typeof value === 'number' ? value : NaN;
}

function failure(raw) {
  return { ok: false, field: raw.error.field, error: raw.error.message };
}

/** Runs one core call; a JS-level binding error becomes an error value, never a throw. */
function guarded(run) {
  try {
    return run();
  } catch (err) {
    return { ok: false, field: '', error: `The budget core could not run this calculation (${err && err.message ? err.message : err}).` };
  }
}

/**
 * A converter for one result struct read from its flat array (declaration
 * order; flags as 0/1, enums as their value): copies each declared field,
 * turns enum values into the core's names, and gives null for a field that
 * needs a fit when the configuration does not fit.
 */
function flatConverter(fields, enums) {
  const enumNames = { verdict: enums.Verdict, binding_term: enums.BindingTerm };
  const fitsAt = fields.findIndex((f) => f.name === 'fits');
  return (values) => {
    const fits = fitsAt < 0 || values[fitsAt] !== 0;
    const value = {};
    for (let i = 0; i < fields.length; i += 1) {
      const f = fields[i];
      let v = values[i];
      if (f.kind === 'flag') v = v !== 0;
      else if (f.kind in enumNames) v = enumNames[f.kind][v];
      if (f.needs_fit && !fits) v = null;
      value[f.name] = v;
    }
    return { ok: true, value };
  };
}

/** Deep-freezes the parsed declaration so no caller can edit the shared copy. */
function deepFreeze(object) {
  for (const v of Object.values(object)) if (v && typeof v === 'object') deepFreeze(v);
  return Object.freeze(object);
}

function buildCore(module) {
  const declaration = deepFreeze(JSON.parse(module.field_declarations_json()));
  const inputFields = declaration.inputs.map((f) => f.name);
  const DEFAULT_INPUT = Object.freeze(Object.fromEntries(declaration.inputs.map((f) => [f.name, f.default])));
  const planValue = flatConverter(declaration.results.plan, declaration.enums);
  const capacityValue = flatConverter(declaration.results.capacity, declaration.enums);
  const planRowValue = flatConverter(declaration.results.plan_levers, declaration.enums);
  const speculativeValue = (raw) => ({ ok: true, value: Object.fromEntries(declaration.results.speculative.map((f) => [f.name, raw[f.name]])) });

  // Float64Array views of the core's flat-call buffers (src/flat_calls.h).
  // A view goes empty when wasm memory grows: then it is asked for again.
  let views = null;
  function flatViews() {
    if (views === null || views.input.length === 0) {
      views = { input: module.flat_input_view(), plan: module.flat_plan_view(), capacity: module.flat_capacity_view() };
    }
    return views;
  }
  /** Writes `input` into the flat input array: missing or non-number fields become NaN (the core names them). */
  function writeFlatInput(input) {
    const source = input !== null && typeof input === 'object' ? input : {};
    const target = flatViews().input;
    for (let i = 0; i < inputFields.length; i += 1) target[i] = asNumber(source[inputFields[i]]);
  }
  const flatFailure = () => ({ ok: false, field: module.flat_error_field(), error: module.flat_error_message() });

  /**
   * The last sweep of `kind` (0 batch, 1 context, 2 acceptance) as plain
   * arrays, one per declared series, each copied once from its view: flags
   * as booleans, and null where a series needs a fit and the point does not fit.
   */
  function readSeries(kind, decls) {
    const value = {};
    const fitsAt = decls.findIndex((d) => d.name === 'fits');
    const fits = fitsAt < 0 ? null : module.flat_series_view(kind, fitsAt);
    decls.forEach((d, k) => {
      // A plain loop: several times faster than Array.from() on a typed array.
      const view = module.flat_series_view(kind, k);
      const out = new Array(view.length);
      for (let i = 0; i < view.length; i += 1) {
        const v = view[i];
        out[i] = d.flag ? v !== 0 : d.needs_fit && fits && fits[i] === 0 ? null : v;
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
     * results: {plan, capacity, speculative}, enums: {Verdict, BindingTerm}}.
     * An input: {name, symbol, label, unit, kind:'real'|'whole', min, max, min_exclusive,
     * zero_means, max_from, typical_min, typical_max, group, meaning, default}.
     * A result: {name, unit, kind:'number'|'flag'|'verdict'|'binding_term', needs_fit, meaning}.
     */
    declaration,

    /**
     * Reads what a person typed into the field `name` (an input or a
     * speculative parameter): the answer checker's number reader plus the
     * field's suffixes ("70B", "6.7 billion", "80 GB", "74.5 GiB", "32k",
     * "32,768", "1.5 TB/s", "4,5", "4.5 bit", "10%", "500 ms"). A bare number
     * is `displayFactor` declared units (parameters shown in billions: 1e9).
     * @returns {{ok:true, value:number} | {ok:false, field:string, error:string}}
     *   value in the field's declared unit; the range is checked by plan() later
     */
    readField(name, text, displayFactor = 1) {
      return guarded(() => {
        const raw = module.read_field_value(String(name), typeof text === 'string' ? text : String(text ?? ''),
          asNumber(displayFactor));
        return raw.ok ? { ok: true, value: raw.value } : failure(raw);
      });
    },

    /**
     * Memory and decode speed for one configuration.
     * @param {object} input every BudgetInput field (spread DEFAULT_INPUT; none is defaulted here)
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
      return guarded(() => {
        writeFlatInput(input);
        return module.flat_plan() ? planValue(flatViews().plan) : flatFailure();
      });
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
        writeFlatInput(input);
        return module.flat_capacity() ? capacityValue(flatViews().capacity) : flatFailure();
      });
    },

    /**
     * The lesson's decision procedure in one call: every combination of weight
     * precision (2, 1, 0.5 bytes), cache precision (2, 1), GPU count (1, 2, 4, 8
     * that split the heads validly) and, when options.speculative is true, with
     * and without speculative decoding (options.acceptance_rate, draft_tokens,
     * draft_cost_ratio, as in speculative()), on `input`'s workload, model, GPU
     * and targets. Rows are ordered output-preserving first, then by GPU count,
     * then by precision; the cheapest row meeting every target has cheapest: true.
     * @param {object} input every BudgetInput field
     * @param {object} [options] {speculative: boolean, acceptance_rate, draft_tokens, draft_cost_ratio}
     * @returns value {rows: [row], cheapest_row (index, -1 when none)}; a row has the
     *   fields of declaration.results.plan_levers (ttft_s and the tokens/s are null
     *   when the row does not fit; verdict is a name)
     */
    planLevers(input, options) {
      return guarded(() => {
        const o = options !== null && typeof options === 'object' ? options : {};
        const on = o.speculative === true;
        writeFlatInput(input);
        // Off: the parameters are not read, so any numbers do.
        const ok = module.flat_plan_levers(on, on ? asNumber(o.acceptance_rate) : 0,
          on ? asNumber(o.draft_tokens) : 1, on ? asNumber(o.draft_cost_ratio) : 0);
        if (!ok) return flatFailure();
        const width = declaration.results.plan_levers.length;
        const all = module.flat_plan_rows_view();
        const rows = [];
        for (let start = 0; start < all.length; start += width) rows.push(planRowValue(all.subarray(start, start + width)).value);
        return { ok: true, value: { rows, cheapest_row: module.flat_cheapest_row() } };
      });
    },

    /**
     * Speculative decoding with acceptance rate a in [0, 1], k draft tokens
     * (whole, 1..32) and a draft that costs c in [0, 1] of a target pass.
     * @returns value {tokens_per_pass, speedup}
     */
    speculative(acceptance_rate, draft_tokens, draft_cost_ratio) {
      return guarded(() => {
        const raw = module.speculative(asNumber(acceptance_rate), asNumber(draft_tokens),
          asNumber(draft_cost_ratio));
        return raw.ok ? speculativeValue(raw) : failure(raw);
      });
    },

    /**
     * The k in 1..32 with the largest speed-up for acceptance rate a and draft cost c.
     * @returns value {draft_tokens, speedup, tokens_per_pass}
     */
    bestDraftTokens(acceptance_rate, draft_cost_ratio) {
      return guarded(() => {
        const raw = module.best_draft_tokens(asNumber(acceptance_rate), asNumber(draft_cost_ratio));
        if (!raw.ok) return failure(raw);
        return {
          ok: true,
          value: { draft_tokens: raw.draft_tokens, speedup: raw.speedup, tokens_per_pass: raw.tokens_per_pass },
        };
      });
    },

    /**
     * Bytes of the attention score matrix one layer stores (heads·n²·bytes)
     * versus a tiled kernel's per-row statistics (linear in n).
     * @returns value {stored_score_bytes, tiled_kernel_bytes}
     */
    attentionMemory(heads, context_tokens, bytes_per_score) {
      return guarded(() => {
        const raw = module.attention_memory(asNumber(heads), asNumber(context_tokens),
          asNumber(bytes_per_score));
        if (!raw.ok) return failure(raw);
        return {
          ok: true,
          value: { stored_score_bytes: raw.stored_score_bytes, tiled_kernel_bytes: raw.tiled_kernel_bytes },
        };
      });
    },

    /**
     * One point per batch 1..max_batch (whole, 1..4096) with input.batch replaced.
     * @returns value {batch[], total_bytes[], fits[] (boolean), per_request_tokens_per_s[],
     *   total_tokens_per_s[] (both null where the batch does not fit), memory_time_s[],
     *   compute_time_s[]}
     */
    sweepBatch(input, max_batch) {
      return guarded(() => {
        writeFlatInput(input);
        if (!module.flat_sweep_batch(asNumber(max_batch))) return flatFailure();
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
        writeFlatInput(input);
        if (!module.flat_sweep_context(asNumber(min_context), asNumber(max_context), asNumber(points))) return flatFailure();
        return readSeries(1, declaration.series.context);
      });
    },

    /**
     * Tokens per pass and speed-up over `points` acceptance rates evenly spaced on [0, 1].
     * @returns value {acceptance_rate[], tokens_per_pass[], speedup[]}
     */
    sweepAcceptance(draft_tokens, draft_cost_ratio, points) {
      return guarded(() => {
        if (!module.flat_sweep_acceptance(asNumber(draft_tokens), asNumber(draft_cost_ratio), asNumber(points))) return flatFailure();
        return readSeries(2, declaration.series.acceptance);
      });
    },
  });
}

/**
 * Loads the shared wasm module once and returns the memoised facade.
 * @returns {Promise<object>} core with DEFAULT_INPUT, declaration, plan(), capacity(),
 *   speculative(), bestDraftTokens(), attentionMemory(), sweepBatch(),
 *   sweepContext(), sweepAcceptance(); all methods are synchronous.
 */
export function loadBudgetCore() {
  if (corePromise === null) {
    corePromise = loadWasmModule().then(buildCore).catch((err) => {
      corePromise = null;
      throw err;
    });
  }
  return corePromise;
}
