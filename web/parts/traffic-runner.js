// Work kept off the input path: a job is a generator that yields after each
// piece of work (one simulation), and the runner steps it one piece per task,
// after the next frame is painted, so a slider step is drawn before any
// simulation starts and between any two. Starting a new job drops the one
// running (a generation counter): a stale run never reaches the page.

/** Calls `fn` after the next paint (a frame, then a task); without frames (a hidden tab, no rAF), after a short timer. */
function afterPaint(fn) {
  let done = false;
  const once = () => { if (!done) { done = true; fn(); } };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100); // rAF does not fire in a hidden tab
}

/**
 * @returns {{ start(job, onDone, {now}), get running() }}
 *   start(job, onDone, { now }): job() returns a generator that yields between
 *   pieces of work and returns its result; onDone(result) is called once it
 *   finishes, unless a later start() took over. With `now` true the whole job
 *   runs at once in this task (the first drawing, which no input waits for).
 */
export function createRunner() {
  let generation = 0;
  let running = false;
  function start(job, onDone, { now = false } = {}) {
    generation += 1;
    const mine = generation;
    const steps = job();
    running = true;
    const finish = (result) => {
      running = false;
      onDone(result);
    };
    if (now) {
      let r = steps.next();
      while (!r.done) r = steps.next();
      finish(r.value);
      return;
    }
    const step = () => {
      if (mine !== generation) return; // inputs changed: this run is stale
      const r = steps.next();
      if (r.done) finish(r.value);
      else setTimeout(step, 0);
    };
    afterPaint(step);
  }
  return {
    start,
    /** True from start() until the latest job finished. */
    get running() { return running; },
  };
}
