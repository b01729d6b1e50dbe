// A slider with a paired number field for a part's own settings (not the
// shared BudgetInput). `check(value)` asks the core; a rejected value shows
// a range message beside the field and is not applied. As in the
// calculator, text half typed or refused ("1e" on the way to "1e9") puts
// back the value from before typing, so no value read on the way stays in use.
import { h, setText, nextId } from './dom.js';
import { displayNumber, sliderAttrs, toSlider, fromSlider, logSliderKey } from './fields.js';
import { plainRangeMessage, namedRangeMessage } from './limits.js';

/**
 * @param opts { label, unit, min, max, step, value, check(v) -> {ok, error}, onChange(v),
 *   read(text) -> {ok, value, note?} | {ok: false, error, nothingTyped?} (the core's reader for this
 *     parameter, core-message.js readingInWords; nothingTyped: the box is empty, a number not typed yet; `note`,
 *     when given, says how the text was read, read-as-note.js: shown under the box until the text is
 *     unreadable, the slider moves or the value changes elsewhere),
 *   onValidity(ok) (optional: told whether the value on screen is the one in use),
 *   def (optional: a field definition of fields.js, whose slider the range follows, log-scaled
 *     where the declared span is wide; min/max/step are then the slider's own),
 *   whole (optional: whether the field takes whole numbers only; default step === 1),
 *   words { t, fmt } (optional: the element's translator and number formatting (ctx.t, ctx.fmt); with
 *     them a refused value gets the range sentence that names the field, its range min..max and the
 *     value as the box writes it, in the page's language (limits.js namedRangeMessage); without
 *     them the plain English range),
 *   refusal(res, v) (optional: the sentence for a value v that check() refused, for a part whose
 *     refusals say more than the range; default the range message above),
 *   boxText(v) (optional: the box's text for a value, fields.js boxText with the page's decimal mark;
 *     default displayNumber, the universal form),
 *   valueText(v) (optional: what a screen reader says for the slider's thumb at the value in use v, the
 *     number as the box shows it with its unit, in the page's words: the slider's aria-valuetext, kept
 *     to the value in use on every change; without it the slider's own position is read) }
 * @returns {{el, value, set(v)}} set(v) shows a value changed elsewhere (not told to onChange)
 */
export function pairedInput(opts) {
  const id = nextId('p');
  const labelId = `${id}-label`;
  const errId = `${id}-err`;
  const def = opts.def || null;
  const attrs = def ? sliderAttrs(def) : { min: opts.min, max: opts.max, step: opts.step };
  const toPos = (v) => (def ? toSlider(def, v) : v);
  const fromPos = (p) => (def ? fromSlider(def, p) : Number(p));
  const range = h('input', { type: 'range', class: 'field-range', min: attrs.min, max: attrs.max, step: attrs.step,
    'aria-labelledby': labelId });
  // The box's text for a value: the page's decimal mark when the part gives boxText (fields.js).
  const shown = opts.boxText || displayNumber;
  const text = h('input', { type: 'text', id, class: 'field-text', inputmode: 'decimal', autocomplete: 'off',
    'aria-describedby': errId });
  const error = h('p', { class: 'field-error', id: errId, 'aria-live': 'polite', hidden: true });
  // How typed text was read ("Read as 32,000 requests."), as the calculator's boxes say it.
  const readNote = h('p', { class: 'field-read', 'aria-live': 'polite' });
  const el = h('div', { class: 'field' },
    h('label', { for: id, id: labelId, class: 'field-label' }, opts.label, ' ',
      h('span', { class: 'unit', text: `(${opts.unit})` })),
    h('div', { class: 'field-controls' }, range, text), error, readNote);
  let value = opts.value;
  let editStart = null; // the value when typing began, while the text box is being typed in
  // The thumb's words follow the value in use (a log slider's position is no number a reader wants).
  const say = () => { if (opts.valueText) range.setAttribute('aria-valuetext', opts.valueText(value)); };
  range.value = String(toPos(value));
  text.value = shown(value);
  say();

  const revert = () => {
    if (editStart === null || value === editStart) return;
    value = editStart;
    range.value = String(toPos(value));
    say();
    opts.onChange(value);
  };
  // Shows `message` beside the box as a refusal, or clears the refusal (null): the message, the
  // box's aria-invalid (its red frame) and onValidity follow.
  const showRefusal = (message) => {
    const refused = message !== null;
    setText(error, refused ? message : ''); // a hidden error still describes the box (aria-describedby reads hidden text)
    error.hidden = !refused;
    if (refused) text.setAttribute('aria-invalid', 'true');
    else text.removeAttribute('aria-invalid');
    if (opts.onValidity) opts.onValidity(!refused);
  };
  const refuse = (message) => {
    revert();
    showRefusal(message);
  };
  // An emptied box is a number not typed yet: the value from before typing stays in use, with no
  // message; leaving the box puts it back in the box (blur below).
  const clearEmptied = () => {
    revert();
    showRefusal(null);
  };
  const whole = opts.whole ?? opts.step === 1;
  // A refused value's sentence: the part's own, else the control's range in the page's words.
  const rangeSentence = (res, v) => {
    if (opts.refusal) return opts.refusal(res, v);
    if (opts.words) return namedRangeMessage(opts.label, opts.min, opts.max, whole, v, opts.words);
    return plainRangeMessage(opts.min, opts.max, whole);
  };
  const apply = (v, fromText) => {
    const res = opts.check(v);
    if (!res.ok) {
      if (fromText) revert();
      // The same wording as the calculator; the range is the control's own.
      showRefusal(rangeSentence(res, v));
      return;
    }
    showRefusal(null);
    value = v;
    if (fromText) range.value = String(toPos(v));
    else text.value = shown(v);
    say();
    opts.onChange(v);
  };
  range.addEventListener('input', () => {
    editStart = null;
    setText(readNote, '');
    apply(fromPos(range.value), false);
  });
  if (def && def.slider.log) {
    // As in the calculator: one log position can round back to the same number.
    range.addEventListener('keydown', (e) => {
      const next = logSliderKey(def, value, e.key);
      if (next === null) return;
      e.preventDefault();
      editStart = null;
      setText(readNote, '');
      range.value = String(toPos(next));
      apply(next, false);
    });
  }
  text.addEventListener('input', () => {
    if (editStart === null) editStart = value;
    const read = opts.read(text.value);
    setText(readNote, read.ok && read.note ? read.note : '');
    if (read.ok) apply(read.value, true);
    else if (read.nothingTyped) clearEmptied();
    else refuse(read.error);
  });
  // Enter (a change event) commits an accepted value: a later refusal goes back to it, not to the
  // value before the first keystroke.
  text.addEventListener('change', () => {
    if (error.hidden) editStart = null;
  });
  text.addEventListener('blur', () => {
    editStart = null;
    if (error.hidden) text.value = shown(value);
  });
  return {
    el,
    get value() { return value; },
    set(v) {
      if (v === value) return;
      value = v;
      setText(readNote, '');
      range.value = String(toPos(v));
      say();
      if (editStart === null && error.hidden) text.value = shown(v);
    },
  };
}
