// "Runtime memory" in the presets part: set the runtime inputs (headroom,
// activation peak, reserve) to what vLLM's startup would measure for the model
// and GPU on screen, or back to the lesson's "not counted". The figures are
// the core's estimate (core.vllmRuntime: src/budget/vllm_runtime.h); this file
// only asks for them, keeps them following the model and GPU while they are in
// use, and says what changed.
import { h, setText } from '../element/dom.js';
import * as fmt from '../element/format.js';
import { calculatorFields } from '../element/fields.js';

/**
 * Mounts the runtime buttons in the presets part.
 * @param {HTMLElement} container the presets part
 * @param {object} ctx the part's context (core, store, presets)
 * @param {function} changedText (ctx, label, before, after, named) -> sentence naming the inputs changed
 * @returns {{update(state): void}} called with every new state: redoes the estimate when the model or GPU
 *   it was made for changed and its inputs were left as it set them
 */
export function mountRuntimePresets(container, ctx, changedText) {
  const status = h('p', { class: 'runtime-status', role: 'status', 'data-out': 'runtime-status' });
  const runtimeFields = ctx.core.declaration.results.vllm_runtime.map((f) => f.name).filter((n) => n !== 'max_num_seqs');
  // The estimate in use: the runtime inputs it set and the input it was made from; null when not in use.
  let inUse = null;

  /** The GPU preset whose every Hardware input is on screen (its label is the device name vLLM's default reads). */
  function gpuOnScreen(input) {
    return ctx.presets.gpus().find((g) => {
      const patch = ctx.presets.presetPatch(g.id, ctx.core);
      return patch && Object.keys(patch).every((name) => patch[name] === input[name]);
    });
  }

  const capacityText = () => {
    const r = ctx.store.results && ctx.store.results.plan;
    return r && Number.isFinite(r.kv_capacity_tokens) ? ` KV cache capacity: ${fmt.int(r.kv_capacity_tokens)} tokens.` : '';
  };

  /** Applies `patch`; says `sentence(before)` or the refusal. Returns whether it was applied. */
  function apply(patch, sentence) {
    const before = ctx.store.state.input;
    const res = ctx.store.tryInput(patch, null);
    if (!res.ok) {
      // Nothing changes: the last good inputs and results stay.
      setText(status, `Not used, nothing changed: ${calculatorFields(ctx.core).inPageWords(res.error)}.`);
      return false;
    }
    setText(status, sentence(before) + capacityText());
    return true;
  }

  /** The core's estimate for the input on screen, applied; `redo` when it follows a change of model or GPU. */
  function useVllm(redo) {
    const input = ctx.store.state.input;
    const gpu = gpuOnScreen(input);
    const seqs = ctx.core.vllmDefaultMaxNumSeqs(input.gpu_memory_bytes, gpu ? gpu.label : '');
    const est = ctx.core.vllmRuntime(input, seqs);
    if (!est.ok) {
      inUse = null;
      const words = calculatorFields(ctx.core).inPageWords(est.error);
      setText(status, est.field === 'vocab_size'
        ? `${redo ? 'The vLLM estimate no longer applies and was not redone' : 'Not used, nothing changed'}: the estimate `
          + 'needs the model’s vocabulary. Choose a model preset, import its config.json or type the Vocabulary field.'
        : `Not used, nothing changed: ${words}.`);
      return;
    }
    const v = est.value;
    const patch = Object.fromEntries(runtimeFields.map((name) => [name, v[name]]));
    const label = 'vLLM’s startup memory';
    const assumed = ` Assumed ${fmt.groupedNumber(v.max_num_seqs)} sequences per step (vLLM’s default max_num_seqs for `
      + `${gpu ? `the ${gpu.label}` : 'this GPU’s memory; 256 on an A100'}): a warm-up peak of `
      + `${fmt.gibText(v.activation_peak_bytes)} and ${fmt.gibText(v.runtime_reserve_bytes)} outside torch per GPU.`;
    const ok = apply(patch, (before) => (redo ? `The model or GPU changed, so ${label} was estimated again.` : '')
      + (redo ? '' : changedText(ctx, label, before, ctx.store.state.input, label)) + assumed);
    inUse = ok ? { patch, basis: ctx.store.state.input } : null;
  }

  const vllm = h('button', { type: 'button', class: 'preset', 'data-runtime': 'vllm' },
    h('span', { class: 'preset-label', text: 'vLLM’s startup memory (estimate)' }),
    h('span', { class: 'preset-detail', text: 'gpu_memory_utilization 0.9; the sampler’s warm-up for the model’s '
      + 'vocabulary; memory outside torch' }));
  vllm.addEventListener('click', () => useVllm(false));
  const none = h('button', { type: 'button', class: 'preset', 'data-runtime': 'none' },
    h('span', { class: 'preset-label', text: 'Not counted (the lesson’s)' }),
    h('span', { class: 'preset-detail', text: 'headroom 10 %, no activation peak, no reserve' }));
  none.addEventListener('click', () => {
    inUse = null;
    const patch = Object.fromEntries(runtimeFields.map((name) => [name, ctx.core.DEFAULT_INPUT[name]]));
    apply(patch, (before) => changedText(ctx, 'The lesson’s runtime', before, ctx.store.state.input, 'The lesson’s runtime'));
  });

  container.append(h('div', { class: 'preset-group runtime-presets' },
    h('h3', { text: 'Runtime memory' }),
    h('p', { class: 'preset-note', text: 'What the serving engine keeps for itself before the KV cache: vLLM sizes the '
      + 'cache as gpu_memory_utilization × GPU memory − weights − its warm-up peak − memory outside torch. The estimate '
      + 'is fitted to vLLM runs measured on an H100 (llm-d/llm-d-benchmark, '
      + 'config_explorer/empirical-vllm-memory-results.md) and follows the model and GPU until a runtime input is changed.' }),
    h('ul', { class: 'preset-list' }, h('li', null, vllm), h('li', null, none)),
    status));

  // The inputs the estimate reads: the GPU (its memory and, through the preset on screen, its name), the GPU
  // count and the vocabulary.
  const basisFields = ctx.core.declaration.inputs.filter((f) => f.group === 'Hardware').map((f) => f.name)
    .concat(['gpus', 'vocab_size']);
  return {
    update(state) {
      if (!inUse) return;
      const input = state.input;
      // A runtime input changed by hand: the estimate is no longer in use.
      if (runtimeFields.some((name) => input[name] !== inUse.patch[name])) {
        inUse = null;
        setText(status, 'The runtime inputs have changed since: the vLLM estimate no longer follows the model and GPU '
          + '(press it again to use it).');
        return;
      }
      if (basisFields.every((name) => input[name] === inUse.basis[name])) return;
      // Not from inside the store's notification: the next microtask redoes it.
      const basis = inUse.basis;
      queueMicrotask(() => {
        if (inUse && inUse.basis === basis) useVllm(true);
      });
    },
  };
}
