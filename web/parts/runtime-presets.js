// "Runtime memory" in the presets part: set the runtime inputs (headroom,
// activation peak, reserve) to what vLLM's startup would measure for the model
// and GPU on screen, or back to the lesson's "not counted". The figures are
// the core's estimate (core.vllmRuntime: src/budget/vllm_runtime.h); this file
// only asks for them, keeps them following the model and GPU while they are in
// use, and says what changed.
import { h, setText } from '../element/dom.js';
import { calculatorFields } from '../element/fields.js';
import { refusalInWords } from '../element/core-message.js';

/**
 * Mounts the runtime buttons in the presets part.
 * @param {HTMLElement} container the presets part
 * @param {object} ctx the part's context (core, store, presets)
 * @param {function} changedText (ctx, label, before, after, named) -> sentence naming the inputs changed
 * @returns {{update(state): void}} called with every new state: redoes the estimate when the model or GPU
 *   it was made for changed and its inputs were left as it set them
 */
export function mountRuntimePresets(container, ctx, changedText) {
  const { t, fmt } = ctx;
  const status = h('p', { class: 'runtime-status', role: 'status', 'data-out': 'runtime-status' });
  const runtimeFields = ctx.core.declaration.results.vllm_runtime.map((f) => f.name).filter((n) => n !== 'max_num_seqs');
  const fieldLabel = (name) => calculatorFields(ctx.core, ctx.strings).FIELDS[name].label;
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
    return r && Number.isFinite(r.kv_capacity_tokens) ? t('runtimePresets.capacity', { tokens: fmt.int(r.kv_capacity_tokens) }) : null;
  };

  const refusal = (res) => refusalInWords(ctx, res);

  /** Applies `patch`; says `sentence(before)` (with the capacity) or the refusal. Returns whether it was applied. */
  function apply(patch, sentence) {
    const before = ctx.store.state.input;
    const res = ctx.store.tryInput(patch, null);
    if (!res.ok) {
      // Nothing changes: the last good inputs and results stay.
      setText(status, t('runtimePresets.notUsed', { error: refusal(res) }));
      return false;
    }
    setText(status, [sentence(before), capacityText()].filter(Boolean).join(' '));
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
      setText(status, est.field === 'vocab_size'
        ? t(redo ? 'runtimePresets.noVocabRedo' : 'runtimePresets.noVocab', { field: fieldLabel('vocab_size') })
        : t('runtimePresets.notUsed', { error: refusal(est) }));
      return;
    }
    const v = est.value;
    const patch = Object.fromEntries(runtimeFields.map((name) => [name, v[name]]));
    const label = t('runtimePresets.vllmName');
    const figures = { seqs: fmt.groupedNumber(v.max_num_seqs), peak: fmt.gibText(v.activation_peak_bytes),
      reserve: fmt.gibText(v.runtime_reserve_bytes), n: fmt.int(256) };
    const assumed = gpu ? t('runtimePresets.assumedGpu', { ...figures, gpu: gpu.label }) : t('runtimePresets.assumedMemory', figures);
    const ok = apply(patch, (before) => [redo ? t('runtimePresets.redone', { label })
      : changedText(ctx, label, before, ctx.store.state.input, label), assumed].join(' '));
    inUse = ok ? { patch, basis: ctx.store.state.input } : null;
  }

  const vllm = h('button', { type: 'button', class: 'preset', 'data-runtime': 'vllm' },
    h('span', { class: 'preset-label', text: t('runtimePresets.vllmLabel') }),
    h('span', { class: 'preset-detail', text: t('runtimePresets.vllmDetail', { utilization: fmt.groupedNumber(0.9) }) }));
  vllm.addEventListener('click', () => useVllm(false));
  const none = h('button', { type: 'button', class: 'preset', 'data-runtime': 'none' },
    h('span', { class: 'preset-label', text: t('runtimePresets.noneLabel') }),
    h('span', { class: 'preset-detail', text: t('runtimePresets.noneDetail', { percent: fmt.int(ctx.core.DEFAULT_INPUT.headroom_fraction * 100) }) }));
  none.addEventListener('click', () => {
    inUse = null;
    const patch = Object.fromEntries(runtimeFields.map((name) => [name, ctx.core.DEFAULT_INPUT[name]]));
    const lesson = t('runtimePresets.lessonRuntime');
    apply(patch, (before) => changedText(ctx, lesson, before, ctx.store.state.input, lesson));
  });

  container.append(h('div', { class: 'preset-group runtime-presets' },
    h('h3', { text: t('runtimePresets.title') }),
    h('p', { class: 'preset-note', text: t('runtimePresets.note') }),
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
        setText(status, t('runtimePresets.changedSince'));
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
