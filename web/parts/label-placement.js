// Where a chart puts the label of a vertical marker line, or of a horizontal
// limit line, so that it crosses none of the chart's curves and overlaps no
// other label, on a narrow phone chart as on a wide one. Pixel geometry only:
// no data, no formula.

/** Average width of one character of the charts' 11 px labels, CSS px (generous, so a box never undershoots). */
export const LABEL_CHAR_PX = 6.6;
/** The same for a bold (font-weight 600) 11 px label, such as a limit line's, CSS px. */
export const BOLD_LABEL_CHAR_PX = 7.2;
/** Height of an 11 px label with the halo drawn around it (paint-order stroke) and a pixel to spare, CSS px. */
export const LABEL_HEIGHT_PX = 17;

/**
 * A label's box around its anchor point as SVG draws it (y is the baseline).
 * @returns {{left, right, top, bottom}} CSS px
 */
export function labelBox(x, baseline, chars, anchor = 'start') {
  const width = chars * LABEL_CHAR_PX;
  const left = anchor === 'end' ? x - width : x;
  // About three quarters of it above the baseline (the ascent), the rest below.
  return { left, right: left + width, top: baseline - LABEL_HEIGHT_PX + 4, bottom: baseline + 4 };
}

/** True when the polyline (points in px, [x, y]) passes through the box. */
function crosses(points, box) {
  for (let i = 1; i < points.length; i += 1) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    const lo = Math.max(box.left, Math.min(x0, x1));
    const hi = Math.min(box.right, Math.max(x0, x1));
    if (lo > hi) continue;
    const at = (x) => (x1 === x0 ? y0 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0));
    const ya = x1 === x0 ? Math.min(y0, y1) : at(lo);
    const yb = x1 === x0 ? Math.max(y0, y1) : at(hi);
    if (Math.max(ya, yb) >= box.top && Math.min(ya, yb) <= box.bottom) return true;
  }
  return false;
}

const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Places the label of a vertical marker at `x`: beside the line (on the side
 * `preferRight` names first, then the other), at the first height, scanning
 * from `preferTop` (the top of the plot, else the bottom), where its box lies
 * inside the plot and crosses no curve and no obstacle.
 * @param {object} o
 * @param {number} o.x  the marker line's x, CSS px
 * @param {number} o.chars  the label's length in characters
 * @param {Array<Array<[number, number]>>} o.curves  the curves as px polylines
 * @param {Array<{left, right, top, bottom}>} o.obstacles  other labels' boxes, px
 * @param {{left, right, top, bottom}} o.plot  where the label may go, px
 * @param {boolean} o.preferRight  try the right of the line first
 * @param {boolean} o.preferTop  scan from the top first
 * @returns {{x: number, y: number, anchor: 'start'|'end'}} the text's anchor and baseline;
 *   when no place is clear, the first one tried (the preferred side and end)
 */
export function placeMarkerLabel({ x, chars, curves, obstacles, plot, preferRight, preferTop }) {
  const sides = preferRight ? ['start', 'end'] : ['end', 'start'];
  const first = plot.top + LABEL_HEIGHT_PX;
  const last = plot.bottom - 4;
  let fallback = null;
  for (const anchor of sides) {
    const ax = anchor === 'start' ? x + 4 : x - 4;
    for (let k = 0; first + k <= last; k += 2) {
      const y = preferTop ? first + k : last - k;
      const box = labelBox(ax, y, chars, anchor);
      if (!fallback) fallback = { x: ax, y, anchor };
      if (box.left < plot.left || box.right > plot.right) break;
      if (curves.some((c) => crosses(c, box)) || obstacles.some((b) => overlaps(b, box))) continue;
      return { x: ax, y, anchor };
    }
  }
  return fallback;
}

/**
 * Places the label of a horizontal limit line at height `y` that runs from
 * `left` to `right`: just above the line, else just below it, its right end
 * at the line's right end, else moved left 2 px at a time, at the first place
 * where its box lies inside the plot and crosses no curve and no obstacle
 * (above and below are both tried at each place, so the label stays as far
 * right as it can).
 * @param {object} o
 * @param {number} o.y  the line's y, CSS px
 * @param {number} o.left  where the line starts, CSS px
 * @param {number} o.right  where it ends, CSS px
 * @param {number} o.width  the label's width, CSS px (chars x LABEL_CHAR_PX or BOLD_LABEL_CHAR_PX)
 * @param {Array<Array<[number, number]>>} o.curves  the curves as px polylines
 * @param {Array<{left, right, top, bottom}>} o.obstacles  other labels' boxes, px
 * @param {{left, right, top, bottom}} o.plot  where the label may go, px
 * @returns {{x: number, y: number, anchor: 'end'}} the text's right end and baseline;
 *   when no place is clear, just above the line at its right end
 */
export function placeLineLabel({ y, left, right, width, curves, obstacles, plot }) {
  // Baselines: the box (labelBox: 13 px above the baseline, 4 below) 0 px above the line's
  // stroke, or 2 px below it.
  const baselines = [y - 4, y + LABEL_HEIGHT_PX - 2];
  for (let end = right; end - width >= left; end -= 2) {
    for (const baseline of baselines) {
      const box = { left: end - width, right: end, top: baseline - LABEL_HEIGHT_PX + 4, bottom: baseline + 4 };
      if (box.top < plot.top || box.bottom > plot.bottom || box.left < plot.left || box.right > plot.right) continue;
      if (curves.some((c) => crosses(c, box)) || obstacles.some((b) => overlaps(b, box))) continue;
      return { x: end, y: baseline, anchor: 'end' };
    }
  }
  return { x: right, y: baselines[0], anchor: 'end' };
}
