// A tour step in the page's link: #tour=decision/3 (the tour's id and the
// step's number from 1, or the step's id: #tour=decision/baseline), before the
// calculator's own settings when both are there: #tour=decision/3&lab:batch=32
// (web/element/link-state.js splits the two). Reading is defensive: any text
// at all gives either a step or one sentence saying why not; nothing from the
// link is run or inserted as markup.
import { splitFragment } from '../element/link-fragment.js';
import { translator } from '../element/i18n.js';
import { DEFAULT_LOCALE } from '../element/locale-names.js';

const ENGLISH = translator(DEFAULT_LOCALE, null).t;

/** Longer tour segments are not read (an id is at most 40 characters). */
export const MAX_TOUR_SEGMENT_CHARS = 100;
const SEGMENT = /^([a-z][a-z0-9-]{0,39})\/([a-z0-9][a-z0-9-]{0,39})$/;

/** The tour segment of a location.hash ("decision/3"), or null when the link names no tour. */
export function tourSegment(hash) {
  return splitFragment(hash).tour;
}

/** Text from the link as a message quotes it (element.quoted): at most 40 characters, only printable ASCII kept. */
function quoted(text, t) {
  const clean = String(text).replace(/[^\x20-\x7e]/g, '?');
  return t('element.quoted', { text: clean.length > 40 ? `${clean.slice(0, 40)}…` : clean });
}

/**
 * Reads a tour segment against the tours.
 * @param {string} segment  the text after "tour=" (tourSegment)
 * @param {{id:string, title:string, steps:{id:string}[]}[]} tours  the tours the page has
 * @param {(id:string, params?:object)=>string} [t]  the page's translator (i18n.js): the
 *   sentence's language (tour.notice.* in content/ui/<locale>.json); English when omitted
 * @returns {{ok:true, tour:number, step:number} | {ok:false, message:string}} indices from 0
 */
export function readTourStep(segment, tours, t = ENGLISH) {
  let raw = String(segment);
  if (raw.length > MAX_TOUR_SEGMENT_CHARS) return { ok: false, message: t('tour.notice.tooLong', { chars: String(raw.length) }) };
  try {
    raw = decodeURIComponent(raw);
  } catch {
    return { ok: false, message: t('tour.notice.notText', { text: quoted(raw, t) }) };
  }
  const m = SEGMENT.exec(raw);
  if (!m) return { ok: false, message: t('tour.notice.notForm', { text: quoted(raw, t) }) };
  const tour = tours.findIndex((x) => x.id === m[1]);
  if (tour < 0) return { ok: false, message: t('tour.notice.unknownTour', { tour: quoted(m[1], t), known: tours.map((x) => x.id).join(', ') }) };
  const steps = tours[tour].steps;
  const byNumber = /^\d+$/.test(m[2]) ? Number(m[2]) - 1 : -1;
  const step = byNumber >= 0 ? byNumber : steps.findIndex((s) => s.id === m[2]);
  if (step < 0 || step >= steps.length) {
    return { ok: false, message: t('tour.notice.noStep', { title: tours[tour].title, step: quoted(m[2], t), count: String(steps.length) }) };
  }
  return { ok: true, tour, step };
}

/** The segment for a step (indices from 0): "decision/3". */
export function tourStepSegment(tourId, stepIndex) {
  return `${tourId}/${stepIndex + 1}`;
}
