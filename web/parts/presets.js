// Preset buttons: the lesson's six configurations, the knowledge-check
// scenario, public models and GPUs (the element's presets: content/presets.json
// or its presets="URL" file).
import { registerPart } from '../element/registry.js';
import { h } from '../element/dom.js';
import * as fmt from '../element/format.js';
import { calculatorFields, lowerFirst } from '../element/fields.js';
import { valueText } from '../element/limits.js';
import { gpuRates } from '../content/check-helpers.js';
import { settleCaps } from '../element/caps.js';
import { mountHfImport } from './hf-import.js';
import { mountRuntimePresets } from './runtime-presets.js';

function pct(f) {
  return `${fmt.int(f * 100)}%`;
}

/** A datasheet rate as the datasheet prints it, unrounded: "3.35 TB/s", "2,039 GB/s" is "2.039 TB/s", "864 GB/s". */
function exactBandwidth(v) {
  return v >= 1e12 ? `${fmt.groupedNumber(v / 1e12)} TB/s` : `${fmt.groupedNumber(v / 1e9)} GB/s`;
}

/**
 * What a GPU button says under its label: memory in GB and GiB, then each
 * datasheet peak unrounded with the share the calculator uses ("989.5 (16-bit),
 * 1,979 (8-bit) TFLOP/s peak"). The rates and their keys are the core's
 * (gpuRates); the declaration's meaning of a rate names its precision ("with 8-bit
 * weights and activations"), the one that names none is the 16-bit rate.
 */
function gpuDetail(g, core) {
  const rates = gpuRates(core.declaration.inputs).filter((r) => g[r.peak] !== undefined);
  const decl = (name) => core.declaration.inputs.find((f) => f.name === name);
  const memory = rates.filter((r) => decl(r.usable).unit !== 'FLOP/s');
  const arithmetic = rates.filter((r) => decl(r.usable).unit === 'FLOP/s');
  const bits = (r) => (/(\d+-bit)/.exec(decl(r.usable).meaning) || [null, '16-bit'])[1];
  // Memory and link are optional in a presets file: not given, the core's defaults.
  const given = (name) => g[name] ?? core.DEFAULT_INPUT[name];
  const parts = [`${fmt.bytesText(given('gpu_memory_bytes'))} (${fmt.gibText(given('gpu_memory_bytes'))})`];
  for (const r of memory) {
    parts.push(`memory bandwidth ${exactBandwidth(g[r.peak])} peak, ${pct(g[r.fraction])} usable (${exactBandwidth(g[r.usable])})`);
  }
  if (arithmetic.length) {
    parts.push(`dense ${arithmetic.map((r) => `${fmt.groupedNumber(g[r.peak] / 1e12)} (${bits(r)})`).join(', ')} TFLOP/s peak, `
      + `${pct(g[arithmetic[0].fraction])} usable`);
  }
  parts.push(`link ${exactBandwidth(given('interconnect_bytes_per_s'))} each way`);
  return parts.join('; ');
}

/** "Preset “X”: batch 16 → 32 requests, KV heads 32 → 8 heads." (or "nothing changed"). */
export function changedText(ctx, label, before, after, named = `Preset “${label}”`) {
  const fields = calculatorFields(ctx.core);
  // Inputs outside the group a preset sets come first (a context a model's limit brought down),
  // so the change nobody asked for is never among the "more".
  const group = (d) => (d.limit.group === 'Model' || d.limit.group === 'Hardware' ? 1 : 0);
  const changed = Object.values(fields.FIELDS).filter((d) => before[d.name] !== after[d.name])
    .sort((a, b) => group(a) - group(b));
  if (!changed.length) return `${named}: the inputs were already these.`;
  const shown = (d, v) => valueText(fields, d.name, v);
  const parts = changed.slice(0, 4).map((d) => `${lowerFirst(d.label)} ${shown(d, before[d.name])} → ${shown(d, after[d.name])}`);
  const rest = changed.length > 4 ? `, and ${changed.length - 4} more` : '';
  return `${named} changed ${parts.join(', ')}${rest}.`;
}

function mount(container, ctx) {
  const { configurations, models, gpus, presetPatch } = ctx.presets;
  const buttons = [];
  const button = (id, label, detail) => {
    const b = h('button', { type: 'button', class: 'preset', 'data-preset': id, 'aria-pressed': 'false' },
      h('span', { class: 'preset-label', text: label }),
      detail ? h('span', { class: 'preset-detail', text: detail }) : null);
    b.addEventListener('click', () => {
      const patch = presetPatch(id, ctx.core);
      if (!patch) return;
      const before = ctx.store.state.input;
      // A model's context limit brings a longer context (and prompt) down with it.
      const res = ctx.store.tryInput(settleCaps(ctx.core.declaration.inputs, before, patch), id);
      if (!res.ok) return;
      ctx.store.reveal(changedText(ctx, label, before, ctx.store.state.input));
    });
    buttons.push(b);
    return h('li', null, b);
  };
  const list = (items) => h('ul', { class: 'preset-list' }, items);
  const section = (title, items, note) => h('div', { class: 'preset-group' },
    h('h3', { text: title }), note ? h('p', { class: 'preset-note', text: note }) : null, list(items));

  container.append(h('h2', { class: 'part-title', text: 'Presets' }));
  container.append(section('The lesson’s six configurations',
    configurations('lesson').map((c) => button(c.id, c.label))));
  container.append(section('Knowledge-check scenario',
    configurations('knowledge-check').map((c) => button(c.id, c.label))));
  container.append(section('Public models on real GPUs',
    configurations('model').map((c) => button(c.id, c.label)),
    'Sets every input: model shape, precision, workload and GPU.'));
  container.append(section('Model shape only', models().map((m) => button(m.id, m.label)),
    'Sets the model shape only; precision, workload and GPU stay as they are.'));
  container.append(section('GPUs', gpus().map((g) => button(g.id, g.label, gpuDetail(g, ctx.core))),
    'Memory is what the card reports (nvidia-smi’s MiB are binary); the rates are datasheet peaks, dense, '
    + 'and the calculator uses the usable share shown.'));
  const runtime = mountRuntimePresets(container, ctx, changedText);
  mountHfImport(container, ctx, changedText);
  const sources = [...models(), ...gpus(), ...configurations('model')].filter((x) => x.source);
  if (sources.length) {
    container.append(h('details', { class: 'sources' }, h('summary', { text: 'Sources for the presets' }),
      h('ul', null, sources.map((x) => h('li', null, `${x.label}: ${x.source}${x.notes ? ` (${x.notes})` : ''}`)))));
  }

  return {
    update(state) {
      for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.preset === state.presetId));
      runtime.update(state);
    },
  };
}

registerPart({ name: 'presets', mount });
