// placeLineLabel (web/parts/label-placement.js): the label of a horizontal
// limit line goes above the line's right end when that is clear, else below
// it, else further left, and never across a curve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { placeLineLabel, LABEL_HEIGHT_PX } from '../../web/parts/label-placement.js';

// A plot 300 px wide and 200 px high, the line at y = 100 from x = 0 to 300, an 80 px label.
const plot = { left: 0, right: 300, top: 0, bottom: 200 };
const base = { y: 100, left: 0, right: 300, width: 80, obstacles: [], plot };
const above = 100 - 4; // baseline just above the line
const below = 100 + LABEL_HEIGHT_PX - 2; // 115: the box from 102 to 119

test('clear: above the line, its right end at the line\'s', () => {
  assert.deepEqual(placeLineLabel({ ...base, curves: [] }), { x: 300, y: above, anchor: 'end' });
});

test('a curve just above the line at the right end: below it', () => {
  // Flat at y = 90 from x = 200 on (inside the box above the line, 83..100), rising from the left.
  const curve = [[0, 190], [200, 90], [300, 90]];
  assert.deepEqual(placeLineLabel({ ...base, curves: [curve] }), { x: 300, y: below, anchor: 'end' });
});

test('curves on both sides at the right end: moved left until clear', () => {
  // Two flat curves at y = 90 and y = 110 over x = 240..300: the label's right end must be left of 240.
  const curves = [[[240, 90], [300, 90]], [[240, 110], [300, 110]]];
  const at = placeLineLabel({ ...base, curves });
  assert.equal(at.y, above);
  assert.ok(at.x < 240 && at.x >= 236, `right end ${at.x}`);
  assert.equal(at.x % 2, 0); // moved 2 px at a time from 300
});

test('an obstacle counts like a curve, and with no clear place the label stays above the right end', () => {
  const box = { left: 250, right: 300, top: 80, bottom: 99 };
  assert.equal(placeLineLabel({ ...base, curves: [], obstacles: [box] }).y, below);
  // A curve filling the band around the line along its whole length.
  const zigzag = Array.from({ length: 151 }, (_, i) => [i * 2, i % 2 ? 80 : 120]);
  assert.deepEqual(placeLineLabel({ ...base, curves: [zigzag] }), { x: 300, y: above, anchor: 'end' });
});
