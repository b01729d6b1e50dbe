// A tour step in the page's link: #tour=decision/3 (the tour's id and the
// step's number from 1, or the step's id: #tour=decision/baseline), before the
// calculator's own settings when both are there: #tour=decision/3&lab:batch=32
// (web/element/link-state.js splits the two). Reading is defensive: any text
// at all gives either a step or one sentence saying why not; nothing from the
// link is run or inserted as markup.
import { splitFragment } from '../element/link-fragment.js';

/** Longer tour segments are not read (an id is at most 40 characters). */
export const MAX_TOUR_SEGMENT_CHARS = 100;
const SEGMENT = /^([a-z][a-z0-9-]{0,39})\/([a-z0-9][a-z0-9-]{0,39})$/;

/** The tour segment of a location.hash ("decision/3"), or null when the link names no tour. */
export function tourSegment(hash) {
  return splitFragment(hash).tour;
}

/** Text from the link as a message quotes it: at most 40 characters, only printable ASCII kept. */
function quoted(text) {
  const clean = String(text).replace(/[^\x20-\x7e]/g, '?');
  return `“${clean.length > 40 ? `${clean.slice(0, 40)}…` : clean}”`;
}

/**
 * Reads a tour segment against the tours.
 * @param {string} segment  the text after "tour=" (tourSegment)
 * @param {{id:string, title:string, steps:{id:string}[]}[]} tours  the tours the page has
 * @returns {{ok:true, tour:number, step:number} | {ok:false, message:string}} indices from 0
 */
export function readTourStep(segment, tours) {
  let raw = String(segment);
  if (raw.length > MAX_TOUR_SEGMENT_CHARS) return { ok: false, message: `The link’s tour step is too long to be one (${raw.length} characters), so no tour was started.` };
  try {
    raw = decodeURIComponent(raw);
  } catch {
    return { ok: false, message: `The link’s tour step ${quoted(raw)} is not readable text, so no tour was started.` };
  }
  const m = SEGMENT.exec(raw);
  if (!m) return { ok: false, message: `The link’s tour step ${quoted(raw)} is not of the form tour=NAME/NUMBER, so no tour was started.` };
  const tour = tours.findIndex((t) => t.id === m[1]);
  if (tour < 0) return { ok: false, message: `The link names the tour ${quoted(m[1])}, which this page does not have (it has ${tours.map((t) => t.id).join(', ')}), so no tour was started.` };
  const steps = tours[tour].steps;
  const byNumber = /^\d+$/.test(m[2]) ? Number(m[2]) - 1 : -1;
  const step = byNumber >= 0 ? byNumber : steps.findIndex((s) => s.id === m[2]);
  if (step < 0 || step >= steps.length) {
    return { ok: false, message: `The tour “${tours[tour].title}” has no step ${quoted(m[2])} (it has steps 1 to ${steps.length}), so no tour was started.` };
  }
  return { ok: true, tour, step };
}

/** The segment for a step (indices from 0): "decision/3". */
export function tourStepSegment(tourId, stepIndex) {
  return `${tourId}/${stepIndex + 1}`;
}
