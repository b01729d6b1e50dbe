// The config.json importer is its own wasm module (web/core/wasm-variants.js `importer`),
// which a page gets from dist/llm-budget-lab-importer.js. This file does not import
// web/core/importer-module.js, so the facade finds no importer: it must say so, by a
// declared kind in English and German, and change nothing.
// Run after ./tools/build: node --test tests/node/importer-missing.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadWasmModule, registerGlue } from '../../web/core/wasm-module.js';
import { translator } from '../../web/element/i18n.js';
import { numberFormatting } from '../../web/element/format.js';
import { coreMessage } from '../../web/element/core-message.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LLAMA = readFileSync(path.join(REPO, 'tests/data/hf-configs/llama-3.1-8b.json'), 'utf8');

test('without the importer\'s module, importHfConfig refuses with config_importer_missing, in English and German', async () => {
  const core = await loadBudgetCore();
  await assert.rejects(loadWasmModule('importer'), /llm-budget-lab-importer\.js\) is not loaded/);
  const res = await core.importHfConfig(LLAMA);
  assert.deepEqual(res, {
    ok: false,
    error: {
      field: 'config.json',
      message: 'the config.json importer (llm-budget-lab-importer.js) could not be loaded; check the connection and try again',
      code: 'config_importer_missing',
      params: {},
    },
    inputs: {},
    notes: [],
    note_kinds: [],
  });
  const de = translator('de', JSON.parse(readFileSync(path.join(REPO, 'content/ui/de.json'), 'utf8')));
  assert.equal(coreMessage(core, de, numberFormatting('de', de.t), { ...res.error, error: res.error.message }),
    'Der config.json-Importer (llm-budget-lab-importer.js) konnte nicht geladen werden; prüfen Sie die Verbindung und versuchen Sie es erneut');
});

test('an importer module that never arrives (a stalled download) is said after the time limit; the next reading tries again', async () => {
  const core = await loadBudgetCore();
  // A factory whose first module never resolves, as a stalled .wasm download leaves it; the
  // second call is the real importer's (build/wasm/budget_core_importer.js).
  const createImporter = createRequire(import.meta.url)('../../build/wasm/budget_core_importer.js');
  let calls = 0;
  registerGlue('importer', () => (calls++ === 0 ? new Promise(() => {}) : createImporter()));
  const res = await core.importHfConfig(LLAMA, { timeoutSeconds: 0.05 });
  assert.equal(res.ok, false);
  assert.equal(res.error.code, 'config_importer_missing');
  assert.deepEqual(res.inputs, {});
  // Llama 3.1 8B: 32 layers, 8 KV heads (its config.json).
  const again = await core.importHfConfig(LLAMA, { timeoutSeconds: 30 });
  assert.equal(again.ok, true, JSON.stringify(again.error));
  assert.equal(again.inputs.layers, 32);
  assert.equal(again.inputs.kv_heads, 8);
  assert.equal(calls, 2);
});
