// The page's only door into the serving-budget core.
//
// Turns raw Embind results into plain objects, enums into strings and
// VectorDouble handles into arrays, and deletes every handle it receives.
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

/**
 * Copies a VectorDouble handle into a plain array through a Float64Array view
 * of its storage (one call, not one per element). Does not delete the handle.
 */
function vectorToArray(module, handle) {
  return Array.from(module.vector_double_view(handle));
}

/**
 * Converts the vector fields `names` of a raw sweep result to arrays and
 * deletes every one of those handles, also when a conversion throws.
 */
function takeVectors(module, raw, names) {
  const out = {};
  try {
    for (const name of names) out[name] = vectorToArray(module, raw[name]);
  } finally {
    for (const name of names) {
      const handle = raw[name];
      if (handle && typeof handle.delete === 'function' && !handle.isDeleted()) handle.delete();
    }
  }
  return out;
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
 * A converter for one result struct: copies each declared field, turns enum
 * values into the core's names, and gives null for a field that needs a fit
 * when the configuration does not fit.
 */
function resultConverter(fields, enums) {
  const enumNames = { verdict: enums.Verdict, binding_term: enums.BindingTerm };
  return (raw) => {
    const value = {};
    for (const f of fields) {
      let v = raw[f.name];
      if (f.kind in enumNames) v = enumNames[f.kind][v.value];
      if (f.needs_fit && raw.fits === false) v = null;
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
  const planValue = resultConverter(declaration.results.plan, declaration.enums);
  const capacityValue = resultConverter(declaration.results.capacity, declaration.enums);
  const speculativeValue = resultConverter(declaration.results.speculative, declaration.enums);
  const planRowValue = resultConverter(declaration.results.plan_levers, declaration.enums);
  const speculativeNames = declaration.speculative_inputs.map((f) => f.name);

  /** A BudgetInput for the core with every field present: missing or non-number → NaN. */
  function toBudgetInput(input) {
    const source = input !== null && typeof input === 'object' ? input : {};
    const out = {};
    for (const name of inputFields) out[name] = asNumber(source[name]);
    return out;
  }

  /** PlanOptions for the core: speculative on only when options.speculative is true; its parameters by their declared names. */
  function toPlanOptions(options) {
    const source = options !== null && typeof options === 'object' ? options : {};
    const out = { speculative: source.speculative === true };
    for (const name of speculativeNames) out[name] = asNumber(source[name]);
    return out;
  }

  /** Plain row objects from a VectorPlanRow handle, which is deleted whatever happens. */
  function takeRows(handle) {
    try {
      const rows = [];
      for (let i = 0; i < handle.size(); i += 1) rows.push(planRowValue(handle.get(i)).value);
      return rows;
    } finally {
      if (handle && typeof handle.delete === 'function' && !handle.isDeleted()) handle.delete();
    }
  }

  const BATCH_VECTORS = ['batch', 'total_bytes', 'fits', 'per_request_tokens_per_s',
    'total_tokens_per_s', 'memory_time_s', 'compute_time_s'];
  const CONTEXT_VECTORS = ['context_tokens', 'total_bytes', 'kv_cache_bytes',
    'stored_score_bytes', 'tiled_kernel_bytes'];
  const ACCEPTANCE_VECTORS = ['acceptance_rate', 'tokens_per_pass', 'speedup'];

  return Object.freeze({
    /** Every BudgetInput field with the lesson's 7B defaults (frozen; spread it to edit). */
    DEFAULT_INPUT,

    /**
     * The core's declaration of every field (frozen): {inputs, speculative_inputs,
     * results: {plan, capacity, speculative, plan_levers}, enums: {Verdict, BindingTerm}}.
     * An input: {name, symbol, label, unit, kind:'real'|'whole', min, max, min_exclusive,
     * zero_means, max_from, typical_min, typical_max, group, meaning, default}.
     * A result: {name, unit, kind:'number'|'flag'|'verdict'|'binding_term', needs_fit, meaning}.
     * results.plan_levers describes one planLevers() row.
     */
    declaration,

    /**
     * Memory and decode speed for one configuration.
     * @param {object} input every BudgetInput field (spread DEFAULT_INPUT; none is defaulted here)
     * @returns value {weight_bytes, kv_cache_bytes, kv_cache_bytes_per_token, total_bytes,
     *   free_bytes, headroom_limit_bytes (the most per_gpu_bytes may be for verdict 'fits'),
     *   memory_time_s, compute_time_s, step_s, bound_by:'memory'|'compute',
     *   fits, verdict:'fits'|'tight'|'does-not-fit', has_speed, per_request_tokens_per_s,
     *   total_tokens_per_s, per_gpu_bytes, kv_heads_per_gpu, comm_s, ttft_s,
     *   ttft_target_met, ttft_margin_s, per_request_target_met,
     *   per_request_margin_tokens_per_s}; the fields declared needs_fit (step_s, the
     *   tokens/s, ttft_s, the margins) are null when it does not fit.
     */
    plan(input) {
      return guarded(() => {
        const raw = module.plan(toBudgetInput(input));
        return raw.ok ? planValue(raw) : failure(raw);
      });
    },

    /**
     * Largest batch (with and without headroom), longest context at input.batch,
     * and the batch where the compute term overtakes the memory term.
     * weights_fit: the weight bytes alone fit in GPU memory (so a max_batch of 0
     * means one request's KV cache at this context is what does not fit);
     * weights_fit_with_headroom: the same against the headroom limit.
     * @returns value {max_batch, max_batch_with_headroom, max_context_tokens,
     *   crossover_batch, weights_fit, weights_fit_with_headroom, min_gpus_to_fit}
     *   (all at input.gpus GPUs, memory per GPU; min_gpus_to_fit 0 when no count fits)
     */
    capacity(input) {
      return guarded(() => {
        const raw = module.capacity(toBudgetInput(input));
        return raw.ok ? capacityValue(raw) : failure(raw);
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
        const raw = module.plan_levers(toBudgetInput(input), toPlanOptions(options));
        const rows = takeRows(raw.rows);
        if (!raw.ok) return failure(raw);
        return { ok: true, value: { rows, cheapest_row: raw.cheapest_row } };
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
        const raw = module.sweep_batch(toBudgetInput(input), asNumber(max_batch));
        const series = takeVectors(module, raw, BATCH_VECTORS);
        if (!raw.ok) return failure(raw);
        const fits = series.fits.map((flag) => flag !== 0);
        return {
          ok: true,
          value: {
            ...series,
            fits,
            per_request_tokens_per_s: series.per_request_tokens_per_s.map((v, i) => (fits[i] ? v : null)),
            total_tokens_per_s: series.total_tokens_per_s.map((v, i) => (fits[i] ? v : null)),
          },
        };
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
        const raw = module.sweep_context(toBudgetInput(input), asNumber(min_context),
          asNumber(max_context), asNumber(points));
        const series = takeVectors(module, raw, CONTEXT_VECTORS);
        if (!raw.ok) return failure(raw);
        return { ok: true, value: series };
      });
    },

    /**
     * Tokens per pass and speed-up over `points` acceptance rates evenly spaced on [0, 1].
     * @returns value {acceptance_rate[], tokens_per_pass[], speedup[]}
     */
    sweepAcceptance(draft_tokens, draft_cost_ratio, points) {
      return guarded(() => {
        const raw = module.sweep_acceptance(asNumber(draft_tokens), asNumber(draft_cost_ratio),
          asNumber(points));
        const series = takeVectors(module, raw, ACCEPTANCE_VECTORS);
        if (!raw.ok) return failure(raw);
        return { ok: true, value: series };
      });
    },
  });
}

/**
 * Loads the shared wasm module once and returns the memoised facade.
 * @returns {Promise<object>} core with DEFAULT_INPUT, declaration, plan(), capacity(),
 *   planLevers(), speculative(), bestDraftTokens(), attentionMemory(), sweepBatch(),
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
