// Where the student left a tour, kept in the browser (localStorage) so
// "Resume the tour" can bring them back. Storage that is blocked (a sandboxed
// frame, privacy settings, file:// in some browsers) or full is no error: the
// tour works without it and simply offers no resume. What is read back is
// checked (an object of a known tour id and a step index in range) before use.

export const TOUR_MEMORY_KEY = 'llm-budget-lab:tour';

function storage() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null;
  }
}

/**
 * The last step kept, or null.
 * @param {{id:string, steps:object[]}[]} tours  the page's tours
 * @returns {{tour:number, step:number}|null} indices from 0
 */
export function recallStep(tours) {
  try {
    const s = storage();
    const raw = s && s.getItem(TOUR_MEMORY_KEY);
    if (!raw || raw.length > 200) return null;
    const v = JSON.parse(raw);
    if (!v || typeof v.tour !== 'string' || !Number.isInteger(v.step)) return null;
    const tour = tours.findIndex((t) => t.id === v.tour);
    if (tour < 0 || v.step < 0 || v.step >= tours[tour].steps.length) return null;
    return { tour, step: v.step };
  } catch {
    return null;
  }
}

/** Forgets the kept step (a finished tour offers no resume); false when storage refused. */
export function forgetStep() {
  try {
    const s = storage();
    if (!s) return false;
    s.removeItem(TOUR_MEMORY_KEY);
    return true;
  } catch {
    return false;
  }
}

/** Keeps the step the student is on (tour id, step index from 0); false when storage refused. */
export function keepStep(tourId, step) {
  try {
    const s = storage();
    if (!s) return false;
    s.setItem(TOUR_MEMORY_KEY, JSON.stringify({ tour: tourId, step }));
    return true;
  } catch {
    return false;
  }
}
