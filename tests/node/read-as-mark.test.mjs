// Which "Read as" notes say how a separator was taken (web/element/read-as-note.js
// markReadingId): only a reading the core's field reader could take two ways, and
// only when it went against the page's own way of writing numbers (a German "1.000"
// read as 1, the point as a decimal point). Readings from the real core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { markReadingId } from '../../web/element/read-as-note.js';

const GERMAN = { decimalMark: ',', groupMark: '.' };
const ENGLISH = { decimalMark: '.', groupMark: ',' };
const GERMAN_READING = { decimalComma: true, groupsWithPoint: true };

test('German page: a point taken as a decimal point is said; readings in the page\'s own way are not', async () => {
  const core = await loadBudgetCore();
  // Memory bandwidth in TB/s (display factor 1e12): "1.000" is 1 TB/s, the point a decimal point.
  const rate = core.readField('bandwidth_bytes_per_s', '1.000', 1e12, GERMAN_READING);
  assert.ok(rate.ok);
  assert.equal(rate.value, 1e12);
  assert.equal(markReadingId(rate, GERMAN), 'calc.readAsPointDecimal');
  // The batch is whole: "1.024" cannot be 1.024, so it is 1024, the point grouping digits as
  // German writes them: nothing to say about the point.
  const batch = core.readField('batch', '1.024', 1, GERMAN_READING);
  assert.equal(batch.value, 1024);
  assert.equal(markReadingId(batch, GERMAN), '');
  // "1.000" can be 1 (a whole number): the decimal reading is taken, and the note says so.
  const one = core.readField('batch', '1.000', 1, GERMAN_READING);
  assert.equal(one.value, 1);
  assert.equal(markReadingId(one, GERMAN), 'calc.readAsPointDecimal');
  // "2,039" TB/s: the comma as the German decimal comma, 2.039 TB/s.
  const comma = core.readField('bandwidth_bytes_per_s', '2,039', 1e12, GERMAN_READING);
  assert.equal(comma.value, 2.039e12);
  assert.equal(markReadingId(comma, GERMAN), '');
  // Unambiguous text has no such note.
  assert.equal(markReadingId(core.readField('bandwidth_bytes_per_s', '0,5', 1e12, GERMAN_READING), GERMAN), '');
});

test('English page: a comma grouping thousands is the page\'s own way: no note on the separator', async () => {
  const core = await loadBudgetCore();
  const context = core.readField('context_tokens', '32,768', 1, {});
  assert.equal(context.value, 32768);
  assert.equal(context.ambiguous, true);
  assert.equal(markReadingId(context, ENGLISH), '');
});
