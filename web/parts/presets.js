// Preset buttons: the lesson's six configurations, the knowledge-check
// scenario, public models and GPUs (the element's presets: content/presets.json
// or its presets="URL" file).
import { registerPart } from '../element/registry.js';
import { h, setAttr } from '../element/dom.js';
import { calculatorFields, lowerFirst } from '../element/fields.js';
import { DEFAULT_LOCALE } from '../element/locale-names.js';
import { valueText } from '../element/limits.js';
import { gpuRates } from '../content/check-helpers.js';
import { settleCaps } from '../element/caps.js';
import { mountHfImport } from './hf-import.js';
import { mountRuntimePresets } from './runtime-presets.js';

/** A share as a percentage, "90%" ("90 %" in German). */
const pct = ({ t, fmt }, f) => t('presets.percent', { n: fmt.int(f * 100) });

/** A datasheet rate as the datasheet prints it, unrounded: "3.35 TB/s", "2,039 GB/s" is "2.039 TB/s", "864 GB/s". */
function exactBandwidth({ t, fmt }, v) {
  return v >= 1e12 ? t('unit.TBps', { n: fmt.groupedNumber(v / 1e12) }) : t('unit.GBps', { n: fmt.groupedNumber(v / 1e9) });
}

/**
 * What a GPU button says under its label: memory in GB and GiB, then each
 * datasheet peak unrounded with the share the calculator uses ("989.5 (16-bit),
 * 1,979 (8-bit) TFLOP/s peak"). The rates and their keys are the core's
 * (gpuRates); the declaration's meaning of a rate names its precision ("with 8-bit
 * weights and activations"), the one that names none is the 16-bit rate.
 * @param {object} w the part's { t, fmt } (ctx)
 */
function gpuDetail(w, g, core) {
  const { t, fmt } = w;
  const rates = gpuRates(core.declaration.inputs).filter((r) => g[r.peak] !== undefined);
  const decl = (name) => core.declaration.inputs.find((f) => f.name === name);
  const memory = rates.filter((r) => decl(r.usable).unit !== 'FLOP/s');
  const arithmetic = rates.filter((r) => decl(r.usable).unit === 'FLOP/s');
  const bits = (r) => t('presets.bits', { n: (/(\d+)-bit/.exec(decl(r.usable).meaning) || [null, '16'])[1] });
  // Memory and link are optional in a presets file: not given, the core's defaults.
  const given = (name) => g[name] ?? core.DEFAULT_INPUT[name];
  const parts = [t('unit.memWithGiB', { gb: fmt.bytesText(given('gpu_memory_bytes')), gib: fmt.gibText(given('gpu_memory_bytes')) })];
  for (const r of memory) {
    parts.push(t('presets.gpuBandwidth', { peak: exactBandwidth(w, g[r.peak]), share: pct(w, g[r.fraction]), usable: exactBandwidth(w, g[r.usable]) }));
  }
  if (arithmetic.length) {
    const list = arithmetic.map((r) => t('presets.gpuRate', { n: fmt.groupedNumber(g[r.peak] / 1e12), bits: bits(r) })).join(', ');
    parts.push(t('presets.gpuDense', { rates: list, share: pct(w, g[arithmetic[0].fraction]) }));
  }
  parts.push(t('presets.gpuLink', { link: exactBandwidth(w, given('interconnect_bytes_per_s')) }));
  return parts.join('; ');
}

/**
 * A field's value in a "changed" sentence. English keeps the calculator's range-message words
 * (limits.js: "7 billion parameters", "0 (no limit)"); another locale writes the number for
 * the locale with the field's unit in its words ("7 Milliarden Parameter").
 */
function changedValue(ctx, fields, d, raw) {
  if (ctx.strings.locale === DEFAULT_LOCALE) return valueText(fields, d.name, raw);
  if (raw === 0 && d.zeroMeans) return ctx.t('presets.valueZero', { zero: d.zeroMeans });
  return ctx.t('presets.value', { n: ctx.fmt.groupedNumber(raw / d.factor), unit: d.noun });
}

/**
 * "Preset “X” changed batch 16 → 32 requests, KV heads 32 → 8 heads." (or "...: the inputs were
 * already these."), in the element's language (ctx.t, ctx.strings).
 * @param {object} ctx the part's context
 * @param {string} label the preset's label
 * @param {object} before the input before, @param {object} after the input after
 * @param {string} [named] who changed them, a phrase ("The config.json"); the preset by default
 */
export function changedText(ctx, label, before, after, named = ctx.t('presets.named', { label })) {
  const { t } = ctx;
  const fields = calculatorFields(ctx.core, ctx.strings);
  const inSentence = t('grammar.labelInSentence') === 'lowercase' ? lowerFirst : (text) => text;
  // Inputs outside the group a preset sets come first (a context a model's limit brought down),
  // so the change nobody asked for is never among the "more".
  const group = (d) => (d.limit.group === 'Model' || d.limit.group === 'Hardware' ? 1 : 0);
  const changed = Object.values(fields.FIELDS).filter((d) => before[d.name] !== after[d.name])
    .sort((a, b) => group(a) - group(b));
  if (!changed.length) return t('presets.unchanged', { named });
  const shown = (d, v) => changedValue(ctx, fields, d, v);
  const changes = changed.slice(0, 4).map((d) => t('presets.change', { field: inSentence(d.label), before: shown(d, before[d.name]),
    after: shown(d, after[d.name]) })).join(', ');
  return changed.length > 4 ? t('presets.changedMore', { named, changes, more: ctx.fmt.int(changed.length - 4) })
    : t('presets.changed', { named, changes });
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

  const { t } = ctx;
  container.append(h('h2', { class: 'part-title', text: t('presets.title') }));
  container.append(section(t('presets.lesson'),
    configurations('lesson').map((c) => button(c.id, c.label))));
  container.append(section(t('presets.knowledgeCheck'),
    configurations('knowledge-check').map((c) => button(c.id, c.label))));
  container.append(section(t('presets.models'),
    configurations('model').map((c) => button(c.id, c.label)), t('presets.modelsNote')));
  container.append(section(t('presets.shapes'), models().map((m) => button(m.id, m.label)), t('presets.shapesNote')));
  container.append(section(t('presets.gpus'), gpus().map((g) => button(g.id, g.label, gpuDetail(ctx, g, ctx.core))),
    t('presets.gpusNote')));
  const runtime = mountRuntimePresets(container, ctx, changedText);
  mountHfImport(container, ctx, changedText);
  const sources = [...models(), ...gpus(), ...configurations('model')].filter((x) => x.source);
  if (sources.length) {
    container.append(h('details', { class: 'sources' }, h('summary', { text: t('presets.sources') }),
      h('ul', null, sources.map((x) => h('li', null, x.notes
        ? t('presets.sourceNotes', { label: x.label, source: x.source, notes: x.notes })
        : t('presets.source', { label: x.label, source: x.source }))))));
  }

  return {
    update(state) {
      for (const b of buttons) setAttr(b, 'aria-pressed', String(b.dataset.preset === state.presetId));
      runtime.update(state);
    },
  };
}

registerPart({ name: 'presets', mount });
