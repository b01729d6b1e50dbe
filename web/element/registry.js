// Part registry for <llm-budget-lab>.
//
// A part is one section of the lab (calculator, table, a chart, the quiz...).
// Each part module calls registerPart({ name, mount }) when imported:
//   mount(container, ctx) -> { update(state, results) }
//     container: an empty <section> inside the element's shadow root.
//     ctx: see element/lab-element.js (core, store, presets (the element's
//          preset set: configurations(), models(), gpus(), presetPatch()),
//          attributes such as ctx.questionsUrl, ctx.report(type, statement),
//          and ctx.signal, aborted when the element is drawn again: tie window
//          listeners to it).
//   update(state, results) is called once after mount and after every change
//   of the shared state: state = { input, showGiB, ... },
//   results = { plan, capacity } (facade result objects, always ok: the store
//   only ever holds inputs the core accepted).
// Parts named in the `parts` attribute that are not registered are skipped.

const parts = new Map();

/** Registers (or replaces) a part under `part.name`. */
export function registerPart(part) {
  if (!part || typeof part.name !== 'string' || typeof part.mount !== 'function') {
    throw new TypeError('registerPart needs { name, mount(container, ctx) }');
  }
  parts.set(part.name, part);
}

/** The part registered under `name`, or undefined. */
export function getPart(name) {
  return parts.get(name);
}

/** Part names in the order `parts="all"` shows them (from the one list, part-names.js). */
export { PART_NAMES as ALL_PARTS } from './part-names.js';
