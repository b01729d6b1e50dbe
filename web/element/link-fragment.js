// The page's URL fragment in its two parts, with no other import, so the
// lesson page's own small script (web/page/lesson-page.js) reads it without
// the core script: the lesson's guided tour keeps its step first, the
// calculator its settings after it (web/element/link-state.js):
//   #tour=decision/3&lab:batch=32;kv_heads=8

/** The lesson's guided tour keeps its step first in the fragment: #tour=decision/3&lab:batch=32 (web/tour/tour-link.js). */
export const TOUR_PREFIX = 'tour=';

/**
 * A location.hash in its two parts: the tour's step ("decision/3", or null
 * when there is none) and the rest (without '#': the calculator's "lab:..."
 * settings, a heading anchor, or '').
 */
export function splitFragment(hash) {
  const raw = String(hash || '').replace(/^#/, '');
  if (!raw.startsWith(TOUR_PREFIX)) return { tour: null, rest: raw };
  const amp = raw.indexOf('&');
  return amp < 0 ? { tour: raw.slice(TOUR_PREFIX.length), rest: '' }
    : { tour: raw.slice(TOUR_PREFIX.length, amp), rest: raw.slice(amp + 1) };
}

/** The fragment (without '#') holding a tour step (null: none) and the rest: the inverse of splitFragment. */
export function joinFragment(tour, rest) {
  if (tour === null || tour === undefined) return rest || '';
  return `${TOUR_PREFIX}${tour}${rest ? `&${rest}` : ''}`;
}
