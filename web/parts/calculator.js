// The serving-budget calculator: one slider + number field per BudgetInput
// field, and the core's results (memory, verdict, speed, capacity).
import { registerPart } from '../element/registry.js';
import { h, setText, setAttr, setHidden, nextId } from '../element/dom.js';
import {
  calculatorFields, displayNumber, sliderAttrs, toSlider, fromSlider, logSliderKey, boxText } from '../element/fields.js';
import { rangeMessage } from '../element/limits.js';
import { fieldValueText } from '../element/slider-value.js';
import { readAsNote } from '../element/read-as-note.js';
import { readingInWords, refusalMessage } from '../element/core-message.js';
import { digitsIn } from '../element/format.js';
import { withCappedFields, capOf } from '../element/caps.js';
import { mountResults } from './results.js';
import { mountLinkTools } from './calc-link.js';

// The input whose valid values depend on the model: GPUs must split the
// heads. Which counts do is asked of the core (one plan() per count in the
// field's declared range, again only when the heads change), never worked out here.
const SPLIT_FIELD = 'gpus';

function mount(container, ctx) {
  const { store, t, fmt } = ctx;
  const fields = calculatorFields(ctx.core, ctx.strings);
  const { FIELDS, FIELD_GROUPS } = fields;
  const controls = new Map(); // field -> { def, range, text, error, choiceButtons }
  let editing = null; // field whose text box the user is typing in
  // The input when the user started typing in `editing`: text that is half
  // typed ("1e" on the way to "1e9") or refused puts these values back, so
  // no value read on the way is left in use.
  let editStart = null;
  // Typed values the core refused, by field (raw units). They are retried
  // whenever anything changes, so a value refused only because of another
  // field (KV heads above query heads) is used as soon as that clash is gone.
  const pending = new Map();
  // Typed text the core's reader could not read as a number for the field
  // (its sentence is shown); not retried, since no other field changes it.
  const unreadable = new Set();
  const stale = () => pending.size > 0 || unreadable.size > 0;
  // How this page's language writes numbers, for the core's reader: with a decimal comma, an
  // ambiguous "2,039" is read as 2.039 first; grouping digits with "." (German "1.000"), a lone
  // point before three digits ("1.024") is reported as ambiguous (see the read note below).
  const readOptions = { decimalComma: fmt.decimalMark === ',', groupsWithPoint: fmt.groupMark === '.' };
  let retrying = false;

  container.append(h('h2', { class: 'part-title', text: t('calc.title') }));
  const form = h('form', { class: 'calc-form', novalidate: true, onsubmit: (e) => e.preventDefault() });
  const layout = h('div', { class: 'calc-layout' }, form);
  container.append(layout);

  for (const group of FIELD_GROUPS) {
    const fs = h('fieldset', { class: 'calc-group' }, h('legend', { text: group.legend }));
    for (const field of group.fields) fs.append(buildField(field));
    form.append(fs);
  }

  const results = mountResults(layout, ctx);

  // Sentences about a link whose settings could not all be used; placed above
  // the fields when the page opens, so they move nothing under the pointer later.
  const linkNotices = h('div', { class: 'calc-notices', role: 'status' });
  container.insertBefore(linkNotices, layout);
  const linkTools = mountLinkTools(form, ctx, fields.inPageWords, (texts) => {
    linkNotices.replaceChildren(...texts.map((t) => h('p', { class: 'lab-error lab-notice', 'data-link-notice': '' }, t)));
  });
  container.append(linkTools.printed);

  // A preset chosen elsewhere on the page: bring the results into view (if
  // they are not) and say what changed.
  // An instant jump (no smooth scrolling: nothing moves under reduced motion either).
  const stopReveal = store.onReveal((text) => {
    results.showChanges(text);
    const target = getComputedStyle(results.status).display !== 'none' ? results.status : results.panel;
    const box = target.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      results.panel.scrollIntoView({ block: 'start', behavior: 'auto' });
    }
  });
  if (ctx.signal) ctx.signal.addEventListener('abort', stopReveal, { once: true });

  // The counts found for each pair of head counts seen: a KV-heads slider dragged back over
  // positions it has passed asks the core again for none of them (each pair costs one plan()
  // per count in the field's range). A few hundred pairs at most are kept.
  const splitCounts = new Map();
  const SPLIT_PAIRS_KEPT = 256;
  /** The GPU counts the core accepts for the current model (asked of the core once per pair of head counts). */
  function validCounts(input) {
    const key = `${input.query_heads}/${input.kv_heads}`;
    let counts = splitCounts.get(key);
    if (!counts) {
      counts = [];
      const lim = FIELDS[SPLIT_FIELD].limit;
      for (let g = lim.min; g <= lim.max; g += 1) {
        if (ctx.core.plan({ ...input, [SPLIT_FIELD]: g }).ok) counts.push(g);
      }
      if (splitCounts.size >= SPLIT_PAIRS_KEPT) splitCounts.clear();
      splitCounts.set(key, counts);
    }
    return counts;
  }
  function nextValidCount(wanted, current) {
    const counts = validCounts(store.state.input);
    if (counts.length === 0 || counts.includes(wanted)) return wanted;
    if (wanted > current) return counts.find((c) => c >= wanted) ?? counts[counts.length - 1];
    return [...counts].reverse().find((c) => c <= wanted) ?? counts[0];
  }
  function syncSplitChoices(c, input) {
    const counts = validCounts(input);
    if (c.splitChoices.dataset.counts !== counts.join()) {
      c.splitChoices.dataset.counts = counts.join();
      c.choiceButtons = counts.map((g) => h('button', {
        type: 'button', class: 'choice', 'aria-pressed': 'false', 'data-gpus': g,
        onclick: () => commit(SPLIT_FIELD, g * c.def.factor, null),
      }, String(g)));
      c.splitChoices.replaceChildren(...c.choiceButtons);
    }
    for (const b of c.choiceButtons) setAttr(b, 'aria-pressed', String(Number(b.dataset.gpus) === input[SPLIT_FIELD]));
  }

  function capFor(def) {
    const cap = capOf(FIELDS, def, store.state.input);
    return cap === undefined ? undefined : cap / FIELDS[def.maxFrom].factor;
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
    // What the reader made of typed text ("Read as 4.5 bits per weight."),
    // when it was not a plain number in the field's unit.
    const readNote = h('p', { class: 'field-read', 'aria-live': 'polite', 'data-read': field });
    // Memory in GiB beside the GB typed ("= 80.0 GiB"), as the cards report it.
    const gibNote = def.alsoGiB ? h('p', { class: 'field-hint', 'data-gib': field }) : null;
    const wrap = h('div', { class: 'field', 'data-field': field }, label);
    let choiceButtons = [];
    if (def.choices) {
      choiceButtons = def.choices.map((bits) => h('button', {
        type: 'button', class: 'choice', 'aria-pressed': 'false', 'data-bits': bits,
        onclick: () => commit(field, bits * def.factor, null),
      }, t('calc.bits', { bits })));
      wrap.append(h('div', { class: 'choices', role: 'group', 'aria-label': t('calc.choices', { label: def.label }) }, choiceButtons));
    }
    let splitChoices = null;
    if (field === SPLIT_FIELD) {
      splitChoices = h('div', { class: 'choices', role: 'group', 'aria-label': t('calc.splitChoices', { label: def.label }) });
      wrap.append(splitChoices);
    }
    wrap.append(h('div', { class: 'field-controls' }, range, text));
    if (def.hint) wrap.append(h('p', { class: 'field-hint', id: hintId, text: def.hint }));
    if (gibNote) wrap.append(gibNote);
    wrap.append(error, readNote);

    // A slider move ends typing in the field's box: the box shows the value the slider gives,
    // not text that was refused or half typed (endTyping).
    const endTyping = () => {
      if (editing !== field) return;
      editing = null;
      editStart = null;
    };
    range.addEventListener('input', () => {
      endTyping();
      clearError(field);
      let display = fromSlider(def, range.value);
      // A capped log slider's last position reads back the cap itself, not a rounding of it.
      const cap = capFor(def);
      if (def.slider.log && cap !== undefined && Number(range.value) >= Number(range.max)) {
        display = Math.min(cap, def.slider.max);
      }
      // GPUs: the slider moves on to the next count that splits the model, in the direction it moved.
      if (field === SPLIT_FIELD) display = nextValidCount(display, store.state.input[field] / def.factor);
      commit(field, display * def.factor, null, true);
    });
    if (def.slider.log) {
      // ~1000 log positions: one native step can round back to the same
      // number, so the keys are handled here (see logSliderKey).
      range.addEventListener('keydown', (e) => {
        const next = logSliderKey(def, store.state.input[field] / def.factor, e.key);
        if (next === null) return;
        e.preventDefault();
        endTyping();
        clearError(field);
        commit(field, next * def.factor, null, true);
      });
    }
    text.addEventListener('input', () => {
      if (editing !== field) {
        editing = field;
        editStart = { ...store.state.input };
      }
      const c = controls.get(field);
      c.echo = null;
      // The core's reader: "4,5", "70B", "80 GB", "32k", "1.5 TB/s", "4.5 bit" ...; text it cannot
      // read comes with the reason in the page's words.
      const read = readingInWords(ctx.core, ctx.strings, fmt, ctx.core.readField(field, text.value, def.factor, readOptions));
      if (!read.ok) {
        pending.delete(field);
        if (!read.nothingTyped) unreadable.add(field);
        setText(readNote, '');
        c.readValue = undefined;
        revertEdit(field);
        // An emptied box is a number not typed yet (the student cleared it to type another): the
        // value from before typing stays in use and no message shows; leaving the box puts that
        // value back in it (blur below).
        if (read.nothingTyped) clearError(field);
        else showMessage(field, read.error);
        return;
      }
      unreadable.delete(field);
      const raw = read.value;
      // Text that reads as the value in use (a refused keystroke typed back, "128,25" to
      // "128,256") changes no input (the store commits nothing): only this field's own error
      // and note below are brought up to date.
      const res = store.tryInput(linked(field, raw, true));
      if (res.ok) clearError(field);
      else {
        revertEdit(field);
        pending.set(field, raw);
        showError(field, res, raw / def.factor);
      }
      const plain = shown(field, { [field]: raw });
      // The note says how the text was read when it is not the plain number, or when the core's
      // reader found two readings (German "1.024", read as a decimal point, 1,024; "2,039", read
      // as 2.039 where the field allows it), even when the text looks plain.
      setText(readNote, readAsNote({ t, fmt }, def, raw, read, text.value));
      c.readValue = raw;
      // The field keeps what was typed when its plain rendering is a long
      // decimal, with more digits than were typed ("74.5 GiB", not
      // 79.993765888); else it shows the plain number ("70B" becomes 70, in
      // billions, "32k" 32768, "1e3" 1000).
      if (res.ok && !Number.isInteger(raw / def.factor) && digitsIn(plain) > read.significant_digits) {
        c.echo = text.value.trim();
      }
    });
    // Enter (or leaving the box) commits a value in use: text typed after it
    // and refused puts this value back, not the one before it.
    const commitTyped = () => {
      if (editing === field && controls.get(field).error.hidden) editStart = { ...store.state.input };
    };
    text.addEventListener('change', commitTyped);
    text.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') commitTyped();
    });
    text.addEventListener('blur', () => {
      editing = null;
      editStart = null;
      // The "Read as" note stays (removing it here would move the control
      // the pointer is pressing); it goes once the value in use changes.
      const c = controls.get(field);
      if (c.error.hidden) text.value = c.echo ?? boxed(field, store.state.input);
    });
    controls.set(field, {
      def, range, text, error, choiceButtons, splitChoices, readNote, gibNote, readValue: undefined, echo: null,
    });
    return wrap;
  }

  /**
   * The patch for a new value of `field`, with the fields it caps (the
   * declaration's max_from) carried along by the rule links use too
   * (element/caps.js): on slider and button moves every capped field above
   * the new value comes down to it; typed, only one with a meaning for 0
   * (active parameters) does, and a typed value below KV heads is refused
   * with a message instead.
   */
  function linked(field, raw, typed = false) {
    return withCappedFields(ctx.core.declaration.inputs, store.state.input, field, raw, typed ? 'typed' : 'slider');
  }

  // Slider and button changes keep linked fields valid so a slider never
  // produces an error.
  function commit(field, raw, presetId, fromSliderMove = false) {
    pending.delete(field);
    const res = store.tryInput(linked(field, raw), presetId);
    if (res.ok) clearError(field);
    else if (fromSliderMove) showError(field, res, raw / FIELDS[field].factor);
    results.setStale(stale());
  }

  /**
   * Puts back the values `field` and the fields it caps had when typing in
   * it began, when a half-typed or refused text left another value in use.
   */
  function revertEdit(field) {
    if (!editStart || editing !== field) return;
    const now = store.state.input;
    const back = {};
    for (const name of [field, ...Object.values(FIELDS).filter((d) => d.maxFrom === field).map((d) => d.name)]) {
      if (now[name] !== editStart[name]) back[name] = editStart[name];
    }
    if (Object.keys(back).length) store.tryInput(back);
  }

  /** Field text for the value in use: exact enough to read back as that value. */
  function shown(field, input) {
    const def = FIELDS[field];
    return displayNumber(input[field] / def.factor, input[field], def.factor);
  }

  /** The box's text for the value in use: shown() with the page's decimal mark (fields.js boxText). */
  function boxed(field, input) {
    const def = FIELDS[field];
    return boxText(fmt, input[field] / def.factor, input[field], def.factor);
  }

  /**
   * A refused value's message in the page's words (limits.js): the field's range and the value
   * typed, or the core's reason (its refusal in the page's language) for a value inside the range.
   */
  function showError(field, res, typedDisplay) {
    const reason = () => refusalMessage(ctx.core, ctx.strings, fmt, res, () => fields.inPageWords(res.error), (name) => FIELDS[name]);
    showMessage(field, rangeMessage(fields, field, res, store.state.input, typedDisplay, ctx.strings, reason));
  }
  function showMessage(field, msg) {
    const c = controls.get(field);
    setText(c.error, msg);
    setHidden(c.error, false);
    setAttr(c.text, 'aria-invalid', 'true');
    results.setStale(stale());
  }
  function clearError(field) {
    pending.delete(field);
    unreadable.delete(field);
    results.setStale(stale());
    const c = controls.get(field);
    if (c.error.hidden) return;
    c.error.hidden = true;
    setText(c.error, '');
    c.text.removeAttribute('aria-invalid');
  }

  /** Retries every refused typed value against the current state. */
  function retryPending() {
    if (retrying || pending.size === 0) return;
    retrying = true;
    try {
      let progress = true;
      while (progress) {
        progress = false;
        for (const [field, raw] of [...pending]) {
          const res = store.tryInput(linked(field, raw, true));
          if (res.ok) {
            clearError(field);
            progress = true;
          } else {
            showError(field, res, raw / FIELDS[field].factor);
          }
        }
      }
    } finally {
      retrying = false;
    }
    syncFields(store.state);
    results.setStale(stale());
  }

  function syncFields(state) {
    for (const [field, c] of controls) {
      // A field whose value, cap, typing, error, echo and text are as when it
      // was last drawn is left alone: a slider step redraws its own field (and the
      // ones it caps), not all of them.
      const cap = capFor(c.def);
      const drawnKey = [state.input[field], cap, field === editing, c.error.hidden, c.echo, c.readValue, c.text.value,
        c.splitChoices ? `${state.input.query_heads}/${state.input.kv_heads}` : ''].join('|');
      if (c.drawnKey === drawnKey) {
        // The thumb still goes back to the value in use (a step the core refused, or one that rounds to it).
        const pos = String(toSlider(c.def, state.input[field] / c.def.factor));
        if (c.range.value !== pos) c.range.value = pos;
        continue;
      }
      if (c.readValue !== undefined && state.input[field] !== c.readValue) {
        c.readValue = undefined;
        c.echo = null;
        setText(c.readNote, '');
      }
      const display = state.input[field] / c.def.factor;
      const attrs = sliderAttrs(c.def, cap);
      for (const k of ['min', 'max', 'step']) {
        if (c.range.getAttribute(k) !== String(attrs[k])) c.range.setAttribute(k, attrs[k]);
      }
      const pos = String(toSlider(c.def, display));
      if (c.range.value !== pos) c.range.value = pos;
      // What a screen reader says for the thumb: the value in use with the locale's digit grouping and
      // decimal mark, every digit the box shows ("1,000,000 requests", German "3,35 TB/s, nutzbar").
      setAttr(c.range, 'aria-valuetext', fieldValueText({ t, fmt }, c.def, Number(shown(field, state.input))));
      if (field !== editing && c.error.hidden) {
        const txt = c.echo ?? boxed(field, state.input);
        if (c.text.value !== txt) c.text.value = txt;
      }
      if (c.gibNote) setText(c.gibNote, t('calc.gibNote', { gib: fmt.gibText(state.input[field]) }));
      // Its key once drawn (the box's text as this drawing left it).
      c.drawnKey = [state.input[field], cap, field === editing, c.error.hidden, c.echo, c.readValue, c.text.value,
        c.splitChoices ? `${state.input.query_heads}/${state.input.kv_heads}` : ''].join('|');
      if (c.splitChoices) syncSplitChoices(c, state.input);
      else for (const b of c.choiceButtons) {
        setAttr(b, 'aria-pressed', String(Number(b.dataset.bits) === display));
      }
    }
  }

  // The state last drawn: a change of an option no field or result shows (the
  // traffic part's load, kept in the shared state) redraws nothing here.
  let drawn = null;
  return {
    update(state, res) {
      if (drawn && drawn.input === state.input && drawn.res === res && drawn.showGiB === state.showGiB
        && drawn.presetId === state.presetId && drawn.replacedAll === state.replacedAll) return;
      drawn = { input: state.input, res, showGiB: state.showGiB, presetId: state.presetId, replacedAll: state.replacedAll };
      // A preset, Reset or another element changed the state: drop stale errors
      // (after Reset the boxes show the starting values again, not refused text).
      if (state.presetId || state.replacedAll) for (const f of controls.keys()) clearError(f);
      syncFields(state);
      results.update(state, res);
      linkTools.update(state);
      retryPending();
    },
  };
}

registerPart({ name: 'calculator', mount });
