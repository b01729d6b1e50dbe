// The serving-budget calculator: one slider + number field per BudgetInput
// field, and the core's results (memory, verdict, speed, capacity).
import { registerPart } from './registry.js';
import { h, setText, nextId } from '../element/dom.js';
import {
  FIELDS, FIELD_GROUPS, displayNumber, sliderAttrs, toSlider, fromSlider, parseTyped,
} from '../element/fields.js';
import { rangeMessage } from '../element/limits.js';
import { mountResults } from './results.js';

function mount(container, ctx) {
  const { store } = ctx;
  const controls = new Map(); // field -> { def, range, text, error, choiceButtons }
  let editing = null; // field whose text box the user is typing in

  container.append(h('h2', { class: 'part-title', text: 'Serving-budget calculator' }));
  const form = h('form', { class: 'calc-form', novalidate: true, onsubmit: (e) => e.preventDefault() });
  const layout = h('div', { class: 'calc-layout' }, form);
  container.append(layout);

  for (const group of FIELD_GROUPS) {
    const fs = h('fieldset', { class: 'calc-group' }, h('legend', { text: group.legend }));
    for (const field of group.fields) fs.append(buildField(field));
    form.append(fs);
  }

  const results = mountResults(layout, ctx);

  function capFor(def) {
    if (!def.maxFrom) return undefined;
    return store.state.input[def.maxFrom] / FIELDS[def.maxFrom].factor;
  }

  function buildField(field) {
    const def = FIELDS[field];
    const id = nextId(`f-${field}`);
    const labelId = `${id}-label`;
    const errId = `${id}-err`;
    const hintId = `${id}-hint`;
    const label = h('label', { for: id, id: labelId, class: 'field-label' },
      def.label, ' ', h('span', { class: 'unit', text: `(${def.unit})` }));
    const range = h('input', {
      type: 'range', class: 'field-range', 'aria-labelledby': labelId,
      'data-field': field, 'aria-describedby': def.hint ? hintId : undefined,
    });
    const text = h('input', {
      type: 'text', id, class: 'field-text', inputmode: 'decimal', autocomplete: 'off',
      spellcheck: 'false', 'data-field': field,
      'aria-describedby': [errId, def.hint ? hintId : ''].join(' ').trim(),
    });
    const error = h('p', { class: 'field-error', id: errId, 'aria-live': 'polite', hidden: true });
    const wrap = h('div', { class: 'field', 'data-field': field }, label);
    let choiceButtons = [];
    if (def.choices) {
      choiceButtons = def.choices.map((bits) => h('button', {
        type: 'button', class: 'choice', 'aria-pressed': 'false', 'data-bits': bits,
        onclick: () => commit(field, bits * def.factor, null),
      }, `${bits}-bit`));
      wrap.append(h('div', { class: 'choices', role: 'group', 'aria-label': `${def.label} presets` }, choiceButtons));
    }
    wrap.append(h('div', { class: 'field-controls' }, range, text));
    if (def.hint) wrap.append(h('p', { class: 'field-hint', id: hintId, text: def.hint }));
    wrap.append(error);

    range.addEventListener('input', () => {
      clearError(field);
      const display = fromSlider(def, range.value);
      commit(field, display * def.factor, null, true);
    });
    text.addEventListener('input', () => {
      editing = field;
      const value = parseTyped(text.value);
      const raw = Number.isFinite(value) ? value * def.factor : value;
      const res = store.tryInput({ [field]: raw });
      if (res.ok) clearError(field);
      else showError(field, res);
    });
    text.addEventListener('blur', () => {
      editing = null;
      const c = controls.get(field);
      if (c.error.hidden) text.value = displayNumber(store.state.input[field] / def.factor);
    });
    controls.set(field, { def, range, text, error, choiceButtons });
    return wrap;
  }

  // Slider and button changes keep linked fields valid (kv_heads <= query_heads,
  // active_params <= total_params) so a slider never produces an error.
  function commit(field, raw, presetId, fromSliderMove = false) {
    const patch = { [field]: raw };
    const input = store.state.input;
    if (field === 'query_heads' && input.kv_heads > raw) patch.kv_heads = raw;
    if (field === 'total_params' && input.active_params > raw) patch.active_params = raw;
    const res = store.tryInput(patch, presetId);
    if (!res.ok && fromSliderMove) showError(field, res);
  }

  function showError(field, res) {
    const c = controls.get(field);
    const msg = rangeMessage(ctx.limits, field, res, store.state.input);
    setText(c.error, msg);
    c.error.hidden = false;
    c.text.setAttribute('aria-invalid', 'true');
  }
  function clearError(field) {
    const c = controls.get(field);
    if (c.error.hidden) return;
    c.error.hidden = true;
    setText(c.error, '');
    c.text.removeAttribute('aria-invalid');
  }

  function syncFields(state) {
    for (const [field, c] of controls) {
      const display = state.input[field] / c.def.factor;
      const attrs = sliderAttrs(c.def, capFor(c.def));
      for (const k of ['min', 'max', 'step']) {
        if (c.range.getAttribute(k) !== String(attrs[k])) c.range.setAttribute(k, attrs[k]);
      }
      const pos = String(toSlider(c.def, display));
      if (c.range.value !== pos) c.range.value = pos;
      c.range.setAttribute('aria-valuetext', `${displayNumber(display)} ${c.def.unit}`);
      if (field !== editing && c.error.hidden) {
        const txt = displayNumber(display);
        if (c.text.value !== txt) c.text.value = txt;
      }
      for (const b of c.choiceButtons) {
        b.setAttribute('aria-pressed', String(Number(b.dataset.bits) === display));
      }
    }
  }

  return {
    update(state, res) {
      // A preset or another element changed the state: drop stale errors.
      if (state.presetId) for (const f of controls.keys()) clearError(f);
      syncFields(state);
      results.update(state, res);
    },
  };
}

registerPart({ name: 'calculator', label: 'Serving-budget calculator', mount });
