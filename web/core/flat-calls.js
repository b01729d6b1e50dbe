// The flat calls of the core (src/budget/flat_calls.h) as reached from JS: plain
// wasm exports (wasm/budget/bindings_flat.cpp) that take and return numbers and
// addresses, and Float64Array views of the core's buffers at those addresses.
// Not through Embind (measured: its invoker cost more than the plan itself):
// a slider step writes the inputs into one view, makes one call
// and reads the results from another. Only budget-core.js uses this file.

import { textAt, writeTexts } from './wasm-text.js';

/**
 * The flat calls of one instantiated module.
 * @param {object} module the Emscripten module (exports _llmb_flat_*, HEAPF64, HEAPU8)
 * @param {{input:number, plan:number, capacity:number, planOptions:number}} sizes the declared field
 *   counts (doubles in the input, plan and capacity arrays and in the planner's speculative parameters)
 * @returns {object} views(), errorField(), errorMessage(), errorCode(), errorParams(), series(kind, index),
 *   planRows(), and the calls themselves (plan(), capacity(), sweepBatch(), ...),
 *   each returning true when the core accepted its input
 */
export function flatCalls(module, sizes) {
  let input = null;
  let plan = null;
  let capacity = null;

  /** A view of `length` doubles at `address` in the current wasm memory. */
  const doubles = (address, length) => new Float64Array(module.HEAPF64.buffer, address, length);

  /** NUL-terminated UTF-8 at `address` as a string. */
  const text = (address) => textAt(module, address);
  /** Writes `parts` into the core's text buffer (one NUL between two); their byte lengths. */
  const texts = (...parts) => writeTexts(module, (bytes) => module._llmb_flat_text(bytes), ...parts);

  return {
    /**
     * The input, plan and capacity views. The buffers never move, but a view
     * goes empty (length 0) when wasm memory grows: then all three are made again.
     */
    views() {
      if (input === null || input.length === 0) {
        input = doubles(module._llmb_flat_input(), sizes.input);
        plan = doubles(module._llmb_flat_plan_output(), sizes.plan);
        capacity = doubles(module._llmb_flat_capacity_output(), sizes.capacity);
      }
      return { input, plan, capacity };
    },
    /** The input view alone (the hot path: no object made). */
    input() {
      if (input === null || input.length === 0) this.views();
      return input;
    },
    plan: () => module._llmb_flat_plan() !== 0,
    capacity: () => module._llmb_flat_capacity() !== 0,
    /** vllm_runtime_estimate() on the input view; its fields (`count` doubles) made at each call. */
    vllmRuntime: (maxNumSeqs) => module._llmb_flat_vllm_runtime(maxNumSeqs) !== 0,
    vllmRuntimeOutput: (count) => doubles(module._llmb_flat_vllm_runtime_output(), count),
    sweepBatch: (maxBatch) => module._llmb_flat_sweep_batch(maxBatch) !== 0,
    sweepContext: (lo, hi, points) => module._llmb_flat_sweep_context(lo, hi, points) !== 0,
    sweepAcceptance: (k, c, points) => module._llmb_flat_sweep_acceptance(k, c, points) !== 0,
    /** The planner's speculative parameters in declaration order (speculative_inputs), made at each call. */
    planOptions: () => doubles(module._llmb_flat_plan_options(), sizes.planOptions),
    planLevers: (speculative) => module._llmb_flat_plan_levers(speculative ? 1 : 0) !== 0,
    /** Series `index` of the last sweep of `kind` (0 batch, 1 context, 2 acceptance), valid until the next call. */
    series: (kind, index) => doubles(module._llmb_flat_series(kind, index), module._llmb_flat_series_size(kind, index)),
    /** Every planner row, one after another, valid until the next call. */
    planRows: () => doubles(module._llmb_flat_plan_rows(), module._llmb_flat_plan_rows_size()),
    /** Room for `count` hardware options (plan_hardware), each hardwareOptionWidth() doubles; made at each call. */
    hardwareOptions: (count) => {
      const address = module._llmb_flat_hardware_options(count);
      return doubles(address, module._llmb_flat_hardware_options_size());
    },
    planHardware: (speculative) => module._llmb_flat_plan_hardware(speculative ? 1 : 0) !== 0,
    cheapestRow: () => module._llmb_flat_cheapest_row(),
    cheapestChangingOutputRow: () => module._llmb_flat_cheapest_changing_output_row(),
    /** read_field_value() of `typed` for field `name` (both clipped by the caller); values in smallOutput(). */
    readField: (name, typed, displayFactor, decimalComma, groupsWithPoint) => {
      const [nameBytes, textBytes] = texts(name, typed);
      return module._llmb_flat_read_field(nameBytes, textBytes, displayFactor, decimalComma ? 1 : 0, groupsWithPoint ? 1 : 0) !== 0;
    },
    speculative: (a, k, c) => module._llmb_flat_speculative(a, k, c) !== 0,
    bestDraftTokens: (a, c) => module._llmb_flat_best_draft_tokens(a, c) !== 0,
    attentionMemory: (heads, n, b) => module._llmb_flat_attention_memory(heads, n, b) !== 0,
    vllmDefaultMaxNumSeqs: (gpuMemoryBytes, deviceName) => {
      const [nameBytes] = texts(deviceName);
      return module._llmb_flat_vllm_default_max_num_seqs(gpuMemoryBytes, nameBytes);
    },
    /** The values of the last readField(), speculative(), bestDraftTokens() or attentionMemory(), made at each call. */
    smallOutput: () => doubles(module._llmb_flat_small_output(), module._llmb_flat_small_output_size()),
    errorField: () => text(module._llmb_flat_error_field()),
    errorMessage: () => text(module._llmb_flat_error_message()),
    /** The last refusal's declared kind ('' for none) and its values as JSON text ('' for none). */
    errorCode: () => text(module._llmb_flat_error_code()),
    errorParams: () => text(module._llmb_flat_error_params()),
  };
}
