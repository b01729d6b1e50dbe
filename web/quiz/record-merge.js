// Two copies of one question's saved record, merged step by step: the SCORM
// package keeps answers in the learning platform (cmi.suspend_data) and, when
// the platform cannot take them, in this browser; at the next launch both
// copies may hold answers the other lacks. The record's shape is storage.js's.
import { isObj } from '../content/check-helpers.js';
import { isSavedTime, sameAnswer } from './storage.js';

const stepTime = (s) => (s && isSavedTime(s.at) ? s.at : 0);

/**
 * Merges `platform`'s copy of a record with `browser`'s, per step: a step in
 * one copy only is kept; a step in both takes the copy saved later (its `at`,
 * whole seconds; a step without one counts as the oldest). On a tie the
 * browser's copy wins: the page writes to the browser only when the platform
 * could not take an answer, so of two copies saved in the same second the
 * browser's is the later. `explained` is true when either copy says so.
 * Nothing is dropped: a step absent from one copy may never have been seen by
 * the page that wrote it (it is not known to have been cleared).
 * @param {object|null} platform the platform's record (parsed), or null
 * @param {object|null} browser the browser's record (parsed), or null
 * @returns {{record: object|null, fromBrowser: number}} the merged record (the
 *   platform's lesson and version, else the browser's), and how many of its
 *   steps came from the browser's copy and differ from the platform's
 */
export function mergeRecords(platform, browser) {
  const p = isObj(platform) && isObj(platform.steps) ? platform : null;
  const b = isObj(browser) && isObj(browser.steps) ? browser : null;
  if (!b) return { record: p, fromBrowser: 0 };
  if (!p) return { record: b, fromBrowser: Object.keys(b.steps).length };
  const steps = { ...p.steps };
  let fromBrowser = 0;
  for (const [id, s] of Object.entries(b.steps)) {
    if (!isObj(s)) continue;
    const mine = Object.hasOwn(p.steps, id) && isObj(p.steps[id]) ? p.steps[id] : null;
    if (mine && (stepTime(mine) > stepTime(s) || (mine.at === s.at && sameAnswer(mine, s)))) continue;
    steps[id] = s;
    fromBrowser += 1;
  }
  return {
    record: { ...p, steps, explained: p.explained === true || b.explained === true },
    fromBrowser: fromBrowser + (p.explained !== true && b.explained === true ? 1 : 0),
  };
}
