// Which English strings each lab script carries (web/strings-plugin.mjs): a part's own words
// travel in its part script, the rest in the core script, and the build refuses a script
// whose code names an id it would not have.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { carriedBy, availableTo, checkCarried, SCRIPT_STRINGS } from '../../web/strings-plugin.mjs';
import { PARTS } from '../../web/element/part-names.js';
import { scriptNameOfPart } from '../../web/element/script-loader.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EN = JSON.parse(readFileSync(path.join(REPO, 'content/ui/en.json'), 'utf8'));
const ids = Object.keys(EN).filter((id) => !id.startsWith('_'));

test('every English id is carried by exactly one of: the shell, the core script, one part script, the tour\'s or the presets-file rules\' script, or a build-time page', () => {
  const partScripts = [...new Set(PARTS.map((p) => scriptNameOfPart(p.name)))];
  for (const id of ids) {
    const all = ['core', ...partScripts, ...Object.keys(SCRIPT_STRINGS)].filter((s) => carriedBy(s, true)(id));
    // The tour carries the quiz library's words too, beside the quiz's script (SCRIPT_STRINGS).
    const carriers = all.length === 2 && all.includes('part-quiz') && all.includes('tour') ? ['part-quiz'] : all;
    const prefix = id.split('.')[0];
    if (['instructors', 'page', 'termTips', 'scorm'].includes(prefix)) assert.deepEqual(carriers, [], id);
    else assert.equal(carriers.length, 1, `${id}: ${carriers.join(', ')}`);
  }
  // The decision procedure's words are in its script, not the core's; the results panel's in the core's.
  assert.equal(carriedBy('part-decision', true)('decision.title'), true);
  assert.equal(carriedBy('core', true)('decision.title'), false);
  assert.equal(carriedBy('core-calc', true)('results.title'), true);
  // A part script's code may also use the core script's ids (it runs after it).
  assert.equal(availableTo('part-decision')('results.title'), true);
  assert.equal(availableTo('part-decision')('measured.title'), false);
  // Another language's script carries its part words too (one script per language).
  assert.equal(carriedBy('locale-de', false)('decision.title'), true);
  assert.equal(carriedBy('locale-de', false)('instructors.title'), false);
});

test('the build refuses a module that names a string its script does not carry', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'llmb-strings-'));
  try {
    const file = path.join(dir, 'uses-decision.js');
    writeFileSync(file, "export const a = (t) => t('decision.title');\n");
    assert.throws(() => checkCarried('core', [file], availableTo('core'), EN), /"core" does not carry.*\n.*decision\.title/);
    assert.doesNotThrow(() => checkCarried('part-decision', [file], availableTo('part-decision'), EN));
    // A template naming the prefix counts; a file name with the same first word does not.
    writeFileSync(file, "export const a = (t, k) => t(`measured.${k}`);\nexport const f = 'presets.json';\n");
    assert.throws(() => checkCarried('part-decision', [file], availableTo('part-decision'), EN), /measured\./);
    writeFileSync(file, "export const f = 'presets.json';\n");
    assert.doesNotThrow(() => checkCarried('core', [file], availableTo('core'), EN));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
