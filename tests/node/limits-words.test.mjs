// A field's value as a notice writes it (web/element/limits.js valueText) in German:
// millions, billions and trillions in German words (Intl's long compact names:
// "1 Milliarde", "7 Milliarden", "2 Billionen"), the field's unit in German, digits
// with the German marks; English keeps "7 billion parameters".
// Run: node --test tests/node/limits-words.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadReadingCore } from '../../web/core/reading-core.js';
import { readFragment } from '../../web/element/link-state.js';
import { calculatorFields } from '../../web/element/fields.js';
import { valueText } from '../../web/element/limits.js';
import { translator } from '../../web/element/i18n.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const core = await loadBudgetCore();
const reading = await loadReadingCore();
const de = translator('de', JSON.parse(fs.readFileSync(path.join(ROOT, 'content/ui/de.json'), 'utf8')));
const fieldsDe = calculatorFields(core, de);
const fieldsEn = calculatorFields(core);

test('German values: number words from a million up, German units and marks', () => {
  const text = (field, raw) => valueText(fieldsDe, field, raw, de);
  assert.equal(text('total_params', 7e9), '7 Milliarden Parameter');
  assert.equal(text('total_params', 1e9), '1 Milliarde Parameter');
  assert.equal(text('total_params', 70.6e9), '70,6 Milliarden Parameter');
  assert.equal(text('total_params', 2e12), '2 Billionen Parameter');
  assert.equal(text('total_params', 1.5e6), '1,5 Millionen Parameter');
  // Below a million: digits, grouped with "." (8,192 tokens of context).
  assert.equal(text('context_tokens', 8192), '8.192 Token pro Anfrage');
  assert.equal(text('kv_heads', 4), '4 Köpfe');
  // 80 GB of GPU memory in the field's display unit; a headroom of 0.1 as a percentage; a TTFT target of 0.5 s in ms.
  assert.equal(text('gpu_memory_bytes', 80e9), '80 GB');
  assert.equal(text('gpu_memory_bytes', 512), '512 Byte');
  assert.equal(text('bandwidth_bytes_per_s', 3.35e12), '3,35 TB/s');
  assert.equal(text('weight_bytes_per_param', 2), '16 Bit pro Gewicht');
  assert.equal(text('headroom_fraction', 0.1), '10 %');
  assert.equal(text('ttft_target_s', 0.5), '500 ms');
  assert.deepEqual([...de.missing], []);
  // English as before.
  assert.equal(valueText(fieldsEn, 'total_params', 7e9), '7 billion parameters');
  assert.equal(valueText(fieldsEn, 'total_params', 7e9, translator('en', null)), '7 billion parameters');
  assert.equal(valueText(fieldsEn, 'context_tokens', 8192), '8,192 tokens per request');
});

test('a German link notice names the value a cap carries along in German words', () => {
  // From 7B total and active, total_params=1e9 lowers the active parameters (2e9 given,
  // over the cap, so dropped) to 1e9: "1 Milliarde Parameter", not "1 billion parameters".
  const start = { ...core.DEFAULT_INPUT, total_params: 7e9, active_params: 7e9 };
  const r = readFragment('#lab:total_params=1e9;active_params=2e9', core, start, fieldsDe.inPageWords,
    (t) => reading.visibleText(t), de);
  assert.equal(r.input.active_params, 1e9);
  assert.ok(r.notices.some((n) => n.includes('Daher wird er auf 1 Milliarde Parameter gesetzt, damit er zum Wert des Felds „Parameter insgesamt“ passt.')),
    r.notices.join('\n'));
  assert.ok(r.notices.every((n) => !/billion/.test(n)), r.notices.join('\n'));
});
