// Every model preset in content/presets.json is what the core's importer reads
// from the config.json its source names (tests/data/hf-configs/, sources in
// that folder's README): the presets are read from the files, not typed.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import '../../web/core/importer-module.js';
import { REPO } from './reference.mjs';

const core = await loadBudgetCore();
const presets = JSON.parse(fs.readFileSync(path.join(REPO, 'content/presets.json'), 'utf8'));
const FIXTURE = /tests\/data\/hf-configs\/([\w.-]+\.json)/;

test('each model preset names the config.json it was read from', () => {
  for (const model of presets.models) {
    const match = FIXTURE.exec(model.source);
    assert.ok(match, `${model.id}: source names no tests/data/hf-configs/ file`);
    assert.ok(fs.existsSync(path.join(REPO, 'tests/data/hf-configs', match[1])), `${model.id}: ${match[1]}`);
  }
});

test('each model preset\'s fields equal the importer\'s reading of its config.json', async () => {
  for (const model of presets.models) {
    const file = FIXTURE.exec(model.source)[1];
    const imported = await core.importHfConfig(fs.readFileSync(path.join(REPO, 'tests/data/hf-configs', file), 'utf8'));
    assert.equal(imported.ok, true, `${model.id}: ${imported.error && imported.error.message}`);
    // A field the preset leaves out takes the core's default, so it must be the imported value too.
    for (const [name, value] of Object.entries(imported.inputs)) {
      assert.equal(model[name] ?? core.DEFAULT_INPUT[name], value, `${model.id}: ${name}`);
    }
  }
});

test('the Gemma 2 9B preset keeps its window on 21 of 42 layers (the cache at 8,192 tokens)', () => {
  const gemma = presets.models.find((m) => m.id === 'gemma-2-9b');
  const { id, label, source, notes, ...shape } = gemma;
  assert.ok(id && label && source && notes);
  // 21 full layers x 8,192 tokens + 21 windowed x 4,096, at 8 KV heads x 256 x 2 x 2 B: 2,113,929,216 B.
  const out = core.plan({ ...core.DEFAULT_INPUT, ...shape, batch: 1, context_tokens: 8192 });
  assert.equal(out.ok, true, out.error);
  assert.equal(out.value.kv_cache_bytes, 2113929216);
});
