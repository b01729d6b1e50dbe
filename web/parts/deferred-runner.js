// Work kept off the input path (a serving simulation, a table the core's
// planner fills): a job is a generator that yields after each piece of work,
// and the runner steps it one piece per task. A job starts only once the
// input has rested for REST_MS (no later start() meanwhile) and a frame has
// been painted, so a burst of slider steps or keystrokes paints each step at
// once and runs the job once, for the last state; a person who moves on
// before then never waits for a piece of it. Starting a new job drops the one
// waiting or running (a generation counter): a stale run never reaches the
// page. While a job is pending the results it will replace are marked stale
// (markStale): dimmed by the stylesheet and aria-busy, never shown as current.

/** How long [ms] the input must rest before a job starts (about a fast typist's gap between keys). */
export const REST_MS = 250;

/** Calls `fn` after the next paint (a frame, then a task); without frames (a hidden tab, no rAF), after a short timer. */
function afterPaint(fn) {
  let done = false;
  const once = () => { if (!done) { done = true; fn(); } };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100); // rAF does not fire in a hidden tab
}

/**
 * Marks the elements that show results as stale (`on` true: data-pending and
 * aria-busy="true", which the stylesheet dims) or current again (`on` false).
 * @param {Element[]} elements
 * @param {boolean} on
 */
export function markStale(elements, on) {
  for (const el of elements) {
    if (!el) continue;
    el.toggleAttribute('data-pending', on);
    if (on) el.setAttribute('aria-busy', 'true');
    else el.removeAttribute('aria-busy');
  }
}

/**
 * @returns {{ start(job, onDone, {now}), get running() }}
 *   start(job, onDone, { now }): job() returns a generator that yields between
 *   pieces of work and returns its result; onDone(result) is called once it
 *   finishes, unless a later start() took over. job() itself is called when
 *   the first piece runs, so it reads the state of that moment. With `now`
 *   true the whole job runs at once in this task (the first drawing, which no
 *   input waits for).
 */
export function createRunner() {
  let generation = 0;
  let running = false;
  function start(job, onDone, { now = false } = {}) {
    generation += 1;
    const mine = generation;
    running = true;
    const finish = (result) => {
      running = false;
      onDone(result);
    };
    if (now) {
      const steps = job();
      let r = steps.next();
      while (!r.done) r = steps.next();
      finish(r.value);
      return;
    }
    let steps = null;
    const step = () => {
      if (mine !== generation) return; // inputs changed: this run is stale
      if (!steps) steps = job();
      const r = steps.next();
      if (r.done) finish(r.value);
      else setTimeout(step, 0);
    };
    setTimeout(() => { if (mine === generation) afterPaint(step); }, REST_MS);
  }
  return {
    start,
    /** True from start() until the latest job finished. */
    get running() { return running; },
  };
}
