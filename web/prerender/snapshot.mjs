// Turns one drawn <llm-budget-lab>'s shadow root into the markup the build
// writes inside the element: a declarative shadow root
// (<template shadowrootmode="open">...</template>) holding what the parts drew.
//
// What a script set as a property and the browser would not see in markup is
// written as attributes: an input's value, a checkbox's or radio's checked
// state, a select's chosen option, a textarea's text. Every form control is
// then disabled: without scripts nothing would answer it, and a disabled
// control cannot take typing that the live element would throw away when it
// replaces the snapshot. It still shows and announces its value. A part's
// data-state (below) reads "prerendered".

const CONTROLS = 'input, select, textarea, button';

// A part that finishes drawing after the element is ready (the quiz, the KV
// practice) marks its section data-state="ready"; the written copy is not
// live, so it says so, and nothing waiting for "ready" mistakes it for the
// live part.
const WRITTEN_STATE = 'prerendered';

/** Writes the live state of the form controls under `root` into attributes, and disables them. */
function freezeControls(root) {
  for (const el of root.querySelectorAll(CONTROLS)) {
    const tag = el.tagName.toLowerCase();
    if (tag === 'input') {
      if (el.type === 'checkbox' || el.type === 'radio') el.toggleAttribute('checked', el.checked);
      else if (el.type !== 'file') el.setAttribute('value', el.value);
    } else if (tag === 'select') {
      for (const option of el.options) option.toggleAttribute('selected', option.selected);
    } else if (tag === 'textarea') {
      el.textContent = el.value;
    }
    el.setAttribute('disabled', '');
  }
}

/**
 * The markup of `host`'s shadow root as a declarative shadow root.
 * Changes the shadow root (controls frozen as above): call it once the
 * element has been drawn for the last time.
 * @param {Element} host an <llm-budget-lab> whose open shadow root is drawn
 * @returns {string} `<template shadowrootmode="open">…</template>`
 * @throws when the host has no shadow root
 */
export function shadowSnapshot(host) {
  const root = host.shadowRoot;
  if (!root) throw new Error('the element has no shadow root to write');
  freezeControls(root);
  // The element's announcer (a live region beside the drawing) may hold a
  // sentence queued for screen readers; the written page starts it empty.
  for (const el of root.children) if (el.hasAttribute('aria-live')) el.textContent = '';
  for (const el of root.querySelectorAll('[data-state]')) el.dataset.state = WRITTEN_STATE;
  // Marks the written drawing, for the rules that keep its charts at their
  // drawn height on a narrow screen (web/styles/lab.css), where the live
  // element redraws them for the column without moving what follows.
  for (const el of root.querySelectorAll('.lab')) el.setAttribute('data-prerendered', '');
  return `<template shadowrootmode="${root.mode}">${root.innerHTML}</template>`;
}
