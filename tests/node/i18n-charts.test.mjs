// The charts' locale helpers and the German words of the fields the speculative and traffic
// parts show: axis ticks keep d3's choice of digits with the locale's marks, a load reads
// "1,5 Anfragen/s" in German and "1.5 requests/s" in English, and every declared field those
// parts draw has its German label, meaning and unit.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaleLinear, scaleLog } from 'd3-scale';
import { translator } from '../../web/element/i18n.js';
import { numberFormatting } from '../../web/element/format.js';
import { calculatorFields } from '../../web/element/fields.js';
import { localTicks } from '../../web/parts/axis-ticks.js';
import { loadText } from '../../web/parts/traffic-sweep.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const de = translator('de', JSON.parse(readFileSync(path.join(REPO, 'content/ui/de.json'), 'utf8')));
const deFmt = numberFormatting('de', de.t);
const enFmt = numberFormatting('en');

test('axis ticks: d3\'s digits with the locale\'s marks; English is d3\'s own format', () => {
  // Acceptance rate 0 to 1 in five steps: d3 writes one decimal, "0.2"; German "0,2".
  const x = scaleLinear().domain([0, 1]);
  const english = x.tickFormat(5);
  assert.equal(localTicks(enFmt, english), english);
  assert.deepEqual(x.ticks(5).map(localTicks(deFmt, english)), ['0,0', '0,2', '0,4', '0,6', '0,8', '1,0']);
  // Grouped thousands: d3 "4,000" is German "4.000"; SI prefixes keep their letter ("1.5k" -> "1,5k").
  const y = scaleLinear().domain([0, 5000]);
  assert.equal(localTicks(deFmt, y.tickFormat(5))(4000), '4.000');
  assert.equal(localTicks(deFmt, y.tickFormat(10, '~s'))(1500), '1,5k');
  const log = scaleLog().domain([512, 1e6]);
  assert.equal(localTicks(deFmt, log.tickFormat(4, '~s'))(1e3), '1k');
});

test('a load in words: German with decimal comma and plural, English as before', () => {
  const strings = { t: de.t, fmt: deFmt };
  assert.equal(loadText('open', 1.5, strings), '1,5 Anfragen/s');
  assert.equal(loadText('open', 1, strings), '1,0 Anfragen/s');
  assert.equal(loadText('closed', 1, strings), '1 Client');
  assert.equal(loadText('closed', 1024, strings), '1.024 Clients');
  assert.equal(loadText('open', 1.5), '1.5 requests/s');
  assert.equal(loadText('closed', 1), '1 client');
  assert.equal(loadText('closed', 16), '16 clients');
  assert.deepEqual([...de.missing], []);
});

test('German words for the declared fields the speculative and traffic parts show', async () => {
  const core = await loadBudgetCore();
  const traffic = await loadTrafficCore();
  const tr = translator('de', JSON.parse(readFileSync(path.join(REPO, 'content/ui/de.json'), 'utf8')));
  // The speculative part's a, k and c: label and meaning by declared name.
  for (const name of ['acceptance_rate', 'draft_tokens', 'draft_cost_ratio']) {
    const d = core.declaration.speculative_inputs.find((x) => x.name === name);
    assert.notEqual(tr.core(`core.field.${name}.label`, d.label), d.label, `${name} label`);
    assert.notEqual(tr.core(`core.field.${name}.meaning`, d.meaning), d.meaning, `${name} meaning`);
  }
  assert.equal(tr.core('core.field.acceptance_rate.label', 'Acceptance rate'), 'Akzeptanzrate');
  // The traffic part's own fields and their units, as the part builds them (fields.js over the traffic declaration).
  const { FIELDS } = calculatorFields({ declaration: traffic.declaration }, tr);
  assert.equal(FIELDS.request_rate.label, 'Anfragerate');
  assert.equal(FIELDS.request_rate.unit, 'Anfragen/s, 0 = geschlossene Schleife mit der Parallelität');
  assert.equal(FIELDS.concurrency.unit, 'Clients, 0 = offene Schleife mit der Anfragerate');
  assert.equal(FIELDS.input_tokens.label, 'Eingabetoken');
  assert.equal(FIELDS.output_tokens.displayUnit, 'Token pro Anfrage');
  // Every traffic field has its German label and meaning but vLLM's max_num_seqs, which the
  // runtime presets show (its words belong with them), and the seed, which declares no unit.
  const missing = [...tr.missing].filter((id) => !id.startsWith('core.field.max_num_seqs.') && id !== 'core.unit.sequences' && id !== 'core.unit.');
  assert.deepEqual(missing, []);
});
