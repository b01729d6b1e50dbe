// Taking over a drawing the build wrote into the page (web/prerender): the
// lesson page's elements arrive with a declarative shadow root that already
// shows their default state. The element draws its live parts beside it,
// hidden, and removes the written nodes in the same task as it shows its own,
// so the reader never sees the box empty or jump.
//
// The written controls arrive disabled (with scripts off nothing would answer
// them). Once this shell runs, those the live drawing has in the same place
// take input at once: a drag moves the written slider, a key or a typed
// character lands in it, and the takeover carries each change, in order,
// into the matching live control as if it had happened there (the live part
// then computes and draws the results). Until then the written results (and
// the field paired with a moved slider) are dimmed and marked busy: they are
// the starting values' numbers, not the ones the controls now show. A takeover waits for a pointer pressed on the
// written drawing to be released, so a drag is never cut in two. Controls in
// a part that finishes drawing after the takeover (data-state: the quiz, the
// KV practice) stay disabled: their live copy may not exist yet to take the
// input.

const CONTROLS = 'input, select, textarea, button';
// The keys a range control moves on; the written copy keeps them for the live
// control, whose own key handler (a log slider's) may move differently.
const RANGE_KEYS = ['ArrowRight', 'ArrowUp', 'ArrowLeft', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];
const DIMMED_OPACITY = '0.45';

/**
 * The nodes a shadow root holds before the element has drawn anything (the
 * build's drawing; none when the page was not prerendered), made to take input.
 * @param {ShadowRoot} root the element's shadow root, before the element adds to it
 * @returns {{drop: () => void, whenReleased: () => Promise<void>}} drop() removes
 *   those nodes and replays the input they took on the live controls that match
 *   (later calls do nothing); whenReleased() resolves once no pointer pressed on
 *   them is held (at once when none is)
 */
export function prerenderedContent(root) {
  let nodes = [...root.childNodes];
  const inWritten = (target) => target instanceof Node && nodes.some((n) => n.contains(target));
  const taken = []; // { kind: 'value' | 'key' | 'click', control, value? }
  let pressed = false;
  let waiters = [];
  const release = () => {
    pressed = false;
    for (const resolve of waiters) resolve();
    waiters = [];
  };

  const takesInput = writtenControls(nodes).filter((c) => !c.closest('[data-state]'));
  for (const c of takesInput) c.disabled = false;
  const listeners = [];
  const listen = (target, type, fn, capture = true) => {
    target.addEventListener(type, fn, capture);
    listeners.push(() => target.removeEventListener(type, fn, capture));
  };
  if (takesInput.length > 0) {
    const markBusy = () => {
      for (const n of nodes) {
        if (n.nodeType !== 1) continue;
        for (const out of n.querySelectorAll('[data-out]')) out.style.opacity = DIMMED_OPACITY;
        for (const lab of n.matches('.lab') ? [n] : n.querySelectorAll('.lab')) lab.setAttribute('aria-busy', 'true');
      }
    };
    const note = (op) => {
      const last = taken[taken.length - 1];
      if (op.kind === 'value' && last && last.kind === 'value' && last.control === op.control) last.value = op.value;
      else taken.push(op);
      markBusy();
      // A control paired with this one (a slider's number field) still shows the value before.
      for (const other of op.control.parentElement ? op.control.parentElement.children : []) {
        if (other !== op.control && other.matches(CONTROLS) && op.kind !== 'click') other.style.opacity = DIMMED_OPACITY;
      }
    };
    listen(root, 'input', (e) => {
      const c = e.target;
      if (!inWritten(c) || !takesInput.includes(c)) return;
      note({ kind: 'value', control: c, value: c.type === 'checkbox' || c.type === 'radio' ? c.checked : c.value });
    });
    listen(root, 'keydown', (e) => {
      const c = e.target;
      if (!inWritten(c) || !takesInput.includes(c) || c.type !== 'range' || !RANGE_KEYS.includes(e.key)) return;
      e.preventDefault();
      stepRange(c, e.key); // seen at once; the live control gets the key itself
      note({ kind: 'key', control: c, key: e.key });
    });
    listen(root, 'click', (e) => {
      const c = e.target instanceof Element ? e.target.closest('button') : null;
      if (c && inWritten(c) && takesInput.includes(c)) note({ kind: 'click', control: c });
    });
    listen(root, 'submit', (e) => { if (inWritten(e.target)) e.preventDefault(); });
    // The main button only: a context menu may swallow the release of another.
    listen(root, 'pointerdown', (e) => { if (e.button === 0 && inWritten(e.target)) pressed = true; });
    for (const type of ['pointerup', 'pointercancel', 'contextmenu', 'blur']) {
      // (blur: the window's own, when the page loses the focus mid-drag; not an element's, which capture also sees)
      listen(window, type, (e) => { if (pressed && (type !== 'blur' || e.target === window)) release(); });
    }
  }

  return {
    whenReleased: () => (pressed ? new Promise((resolve) => waiters.push(resolve)) : Promise.resolve()),
    drop() {
      if (nodes.length === 0) return;
      const focused = focusedInside(root, nodes);
      const written = writtenControls(nodes);
      const ops = taken.map((op) => ({ ...op, match: signatureOf(op.control, written) }));
      for (const off of listeners) off();
      for (const node of nodes) node.remove();
      nodes = [];
      release();
      if (focused) {
        // The same control in the live drawing takes the focus (a keyboard or
        // screen-reader user keeps their place instead of landing on <body>).
        const match = root.querySelectorAll(focused.selector)[focused.index];
        if (match) match.focus({ preventScroll: true });
      }
      const controls = [...root.querySelectorAll(CONTROLS)];
      for (const op of ops) {
        const target = liveMatch(op.match, controls);
        if (target) replay(op, target);
      }
    },
  };
}

/** The form controls among `nodes` (and under them), in document order. */
function writtenControls(nodes) {
  return nodes.flatMap((n) => (n.nodeType !== 1 ? [] : [...(n.matches(CONTROLS) ? [n] : []), ...n.querySelectorAll(CONTROLS)]));
}

/**
 * What identifies a control across the written and the live drawing: its
 * tag, type, classes, data- attributes and (a button) its text, and its place
 * among the controls alike.
 */
function signatureOf(control, all) {
  const key = controlKey(control);
  return { key, index: all.filter((c) => controlKey(c) === key).indexOf(control) };
}

function controlKey(c) {
  const data = [...c.attributes].filter((a) => a.name.startsWith('data-')).map((a) => `${a.name}=${a.value}`);
  return [c.localName, c.type, c.className, ...data, c.localName === 'button' ? c.textContent.trim() : ''].join('|');
}

/** The live control with the same signature, or null (the live drawing differs there). */
function liveMatch(match, controls) {
  return controls.filter((c) => controlKey(c) === match.key)[match.index] || null;
}

/** Applies one change the written copy took to the live control `target`, as the person's own would. */
function replay(op, target) {
  if (target.disabled) return;
  const fire = (type) => target.dispatchEvent(new Event(type, { bubbles: true }));
  if (op.kind === 'click') {
    target.click();
  } else if (op.kind === 'key') {
    const key = new KeyboardEvent('keydown', { key: op.key, bubbles: true, cancelable: true, composed: true });
    // The live control's own handler (a log slider's) moves it; else the browser's step.
    if (target.dispatchEvent(key) && stepRange(target, op.key)) {
      fire('input');
      fire('change');
    }
  } else {
    if (target.type === 'checkbox' || target.type === 'radio') target.checked = op.value;
    else target.value = op.value;
    fire('input');
    fire('change');
    if (target.type === 'text' && target === target.getRootNode().activeElement) {
      target.setSelectionRange(target.value.length, target.value.length);
    }
  }
}

/**
 * Moves a range control by one key as the browser does (its step, a tenth of
 * the range for Page Up/Down, the ends for Home/End), without events.
 * @returns {boolean} true when the value changed
 */
function stepRange(range, key) {
  const before = range.value;
  const min = Number(range.min || 0);
  const max = Number(range.max || 100);
  const step = Number(range.step) || 1;
  const page = Math.max(step, (max - min) / 10);
  const v = Number(range.value);
  if (key === 'Home') range.value = String(min);
  else if (key === 'End') range.value = String(max);
  else if (key === 'PageUp') range.value = String(v + page);
  else if (key === 'PageDown') range.value = String(v - page);
  else {
    const up = key === 'ArrowRight' || key === 'ArrowUp';
    try {
      if (up) range.stepUp(); else range.stepDown();
    } catch {
      range.value = String(v + (up ? step : -step)); // step="any": one unit
    }
  }
  return range.value !== before;
}

/** The focused element among `nodes`, as its tag and classes and its place among those alike (null when none). */
function focusedInside(root, nodes) {
  const active = root.activeElement;
  if (!active || !nodes.some((n) => n.contains(active))) return null;
  const selector = active.localName + [...active.classList].map((c) => `.${CSS.escape(c)}`).join('');
  const alike = nodes.flatMap((n) => (n.nodeType === 1 ? [...n.querySelectorAll(selector)] : []));
  return { selector, index: alike.indexOf(active) };
}
