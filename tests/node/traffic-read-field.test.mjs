// The simulation facade's readField() (web/core/traffic-core.js over
// read_traffic_field_value, src/traffic/traffic_field_reader.h), under node:
// the same reading shape as the budget facade's readField(), on the
// simulation's declaration; refusals name the field and carry their kind.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';

const core = await loadBudgetCore();
const traffic = await loadTrafficCore();
const DE = { decimalComma: true, groupsWithPoint: true };

test('k follows the declared count prefixes: 32k requests = 32,000, 32k input tokens = 32 x 1,024 = 32,768', () => {
  assert.deepEqual(traffic.readField('requests', '32k'), {
    ok: true, value: 32000, significant_digits: 2, binary_prefix: false, ambiguous: false, ambiguous_mark: '', grouping_taken: false,
  });
  assert.deepEqual(traffic.readField('input_tokens', '32k'), {
    ok: true, value: 32768, significant_digits: 2, binary_prefix: true, ambiguous: false, ambiguous_mark: '', grouping_taken: false,
  });
  // The budget's reader reads its own field of the same unit the same way (context tokens are binary too).
  assert.equal(core.readField('context_tokens', '32k').value, traffic.readField('input_tokens', '32k').value);
});

test('German page: "1.500" clients is 1,500 (whole: the grouping reading), "1.500" requests/s is 1.5', () => {
  const clients = traffic.readField('concurrency', '1.500', 1, DE);
  assert.equal(clients.value, 1500);
  assert.equal(clients.ambiguous_mark, '.');
  assert.equal(clients.grouping_taken, true);
  const rate = traffic.readField('request_rate', '1.500', 1, DE);
  assert.equal(rate.value, 1.5);
  assert.equal(rate.grouping_taken, false);
  // 50% of the prompt in the prefix cache: the fraction 0.5.
  assert.equal(traffic.readField('prefix_hit_rate', '50%').value, 0.5);
});

test('refusals name the field: an unknown name, a bad display factor, text over the core\'s 200-byte limit', () => {
  const batch = traffic.readField('batch', '16');
  assert.equal(batch.ok, false);
  assert.equal(batch.code, 'unknown_field');
  assert.equal(batch.error, '“batch” is not an input field.');
  const factor = traffic.readField('requests', '16', 'one');
  assert.equal(factor.code, 'bad_display_factor');
  assert.equal(factor.field, 'requests');
  const long = traffic.readField('requests', '1'.repeat(100000));
  assert.equal(long.error, 'Requests: that is too long to be a number (more than 200 bytes).');
  assert.deepEqual(long.params, { label: 'Requests', limit: 200 });
});
