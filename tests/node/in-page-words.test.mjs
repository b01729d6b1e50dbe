// A core sentence in the page's words (web/element/fields.js inPageWords): whole field codes
// become their labels; a longer name that contains a code, and text in quotes, stay as written.
// And a questions file nested thousands of levels deep is walked without exhausting the stack.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calculatorFields } from '../../web/element/fields.js';
import { translator } from '../../web/element/i18n.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { needsTraffic } from '../../web/quiz/resolve.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DE = JSON.parse(readFileSync(path.join(REPO, 'content/ui/de.json'), 'utf8'));

test('field codes become labels only as whole words and outside quotes', async () => {
  const core = await loadBudgetCore();
  const en = calculatorFields(core, translator('en', null));
  const de = calculatorFields(core, translator('de', DE));
  // The importer's sentences name config.json keys that contain field codes.
  assert.equal(en.inPageWords('num_hidden_layers must be a whole number'), 'num_hidden_layers must be a whole number');
  assert.equal(de.inPageWords('num_local_experts must be at least 1'), 'num_local_experts must be at least 1');
  // A whole code is the label, in English lowercased inside a sentence, in German as the noun is.
  assert.equal(en.inPageWords('layers must be at least 1'), 'layers must be at least 1');
  assert.equal(en.inPageWords('kv_heads must divide query_heads (32)'), 'KV heads must divide query heads (32)');
  assert.equal(de.inPageWords('kv_heads must divide query_heads (32)'), 'KV-Köpfe must divide Query-Köpfe (32)');
  // What a person typed is quoted and kept as typed.
  assert.equal(de.inPageWords('model_type “batch_layers_gpus” is not known'), 'model_type “batch_layers_gpus” is not known');
  assert.equal(de.inPageWords('“batch” is not a number for batch'), '“batch” is not a number for Batch');
});

test('a document nested 5,000 levels deep: needsTraffic answers without a stack overflow', () => {
  const deep = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`);
  assert.equal(needsTraffic(deep), false);
  let nested = { calc: 'simulate' };
  for (let i = 0; i < 5000; i += 1) nested = { next: nested };
  assert.equal(needsTraffic(nested), true);
  assert.equal(needsTraffic({ questions: [{ steps: [{ expected: { calc: 'plan' } }] }] }), false);
});
