// A state store: the current BudgetInput plus view options, and the core's
// results for it. Several elements with the same `group` attribute share one
// store (so the lesson's calculator drives its charts); an element without a
// group gets its own.
//
// The store only ever holds an input the core accepted, so results are
// always complete; a rejected change leaves the last good state in place.

/**
 * @param {object} core  facade from web/core/budget-core.js
 * @param {object} input a complete BudgetInput the core accepts
 */
export function createStore(core, input) {
  const listeners = new Set();
  const revealers = new Set();
  // `commit` counts the changes of input (0: the starting input); `quiet` is true when the
  // last one was not the reader's (a link or a tour step applied on arrival), which the
  // results part does not announce (web/parts/results.js).
  let state = { input: { ...input }, showGiB: false, presetId: null, replacedAll: false, commit: 0, quiet: false };
  const initial = compute(core, state.input);
  if (!initial.ok) throw new Error('initial input rejected by the core');
  let results = initial.value;

  function notify() {
    for (const fn of listeners) fn(state, results);
  }

  return {
    get state() { return state; },
    get results() { return results; },
    /**
     * Tries `patch` (some BudgetInput fields). On success commits it and
     * notifies; returns { ok: true } or the core's { ok: false, field, error }.
     * `presetId` names the preset the patch comes from (null for none);
     * `replacesAll` marks a patch that sets every input at once (Reset), after
     * which no typed text still waiting to be used is kept. A patch that would leave the
     * state exactly as it is (every value the one in use, no preset or Reset now or in the
     * state) is no change: nothing is computed or notified (a refused keystroke typed back).
     * `quiet` marks a change the reader did not make (a link or a tour step applied as the
     * page opens): it is shown, not announced.
     */
    tryInput(patch, presetId = null, { replacesAll = false, quiet = false } = {}) {
      if (presetId === null && !replacesAll && state.presetId === null && !state.replacedAll
        && Object.keys(patch).every((k) => k in state.input && Object.is(patch[k], state.input[k]))) return { ok: true };
      const next = { ...state.input, ...patch };
      const res = compute(core, next);
      if (!res.ok) return res;
      state = { ...state, input: next, presetId, replacedAll: replacesAll, commit: state.commit + 1, quiet };
      results = res.value;
      notify();
      return { ok: true };
    },
    /** Sets a view option such as showGiB. */
    setOption(name, value) {
      state = { ...state, [name]: value };
      notify();
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    /**
     * Asks the parts that show results for this state (the calculator's
     * panel) to come into view and say `text` (e.g. which inputs a preset
     * changed). Parts in other elements of the same group hear it too.
     */
    reveal(text) {
      for (const fn of revealers) fn(text);
    },
    /** Registers a reveal handler; returns its removal. */
    onReveal(fn) {
      revealers.add(fn);
      return () => revealers.delete(fn);
    },
  };
}

/** The core's plan and capacity for `input`: { ok: true, value: { plan, capacity } } or the first refusal. */
function compute(core, input) {
  const plan = core.plan(input);
  if (!plan.ok) return plan;
  const capacity = core.capacity(input);
  if (!capacity.ok) return capacity;
  return { ok: true, value: { plan: plan.value, capacity: capacity.value } };
}

const groups = new Map();

/** The shared store for `group`, created from `makeInput()` on first use. */
export function groupStore(group, core, makeInput) {
  let store = groups.get(group);
  if (!store) {
    store = createStore(core, makeInput());
    groups.set(group, store);
  }
  return store;
}
