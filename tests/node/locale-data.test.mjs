// The text of content data files in other languages: content/locales/<locale>/presets.json
// (web/content/presets-text.js) against content/presets.json and
// content/locales/<locale>/measured-decode.json (web/content/measured-text.js) against
// content/measured-decode.json: every id it names exists in the
// English file, every English label, note and source has a translation that keeps the English
// text's web addresses, and laying it over the English file changes only text.
// Run: node --test tests/node/locale-data.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { presetsText, presetsTextProblems } from '../../web/content/presets-text.js';
import { measuredSays, measuredTextProblems, measuredTextStrings } from '../../web/content/measured-text.js';
import { localeExports } from '../../web/build-scripts.mjs';
import { renderInstructors } from '../../web/instructors/render.mjs';
import { translator } from '../../web/element/i18n.js';
import { REPO } from './reference.mjs';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const EN = readJson(path.join(REPO, 'content/presets.json'));
const LOCALES_DIR = path.join(REPO, 'content/locales');
const LOCALES = readdirSync(LOCALES_DIR).filter((n) => existsSync(path.join(LOCALES_DIR, n, 'presets.json')));
const DE = readJson(path.join(LOCALES_DIR, 'de/presets.json'));

test('German ships a presets text file', () => assert.ok(LOCALES.includes('de')));

for (const locale of LOCALES) {
  test(`content/locales/${locale}/presets.json: ids exist, every English text is translated, addresses kept`, () => {
    const text = readJson(path.join(LOCALES_DIR, locale, 'presets.json'));
    assert.equal(text.format, 'llm-budget-lab-presets-text');
    assert.equal(text.locale, locale);
    assert.deepEqual(presetsTextProblems(EN, text), []);
  });
}

test('a missing translation, an unknown id and a dropped address are each named', () => {
  const text = structuredClone(DE);
  delete text.models['llama-2-7b'].notes;
  text.gpus['no-such-gpu'] = { label: 'Keine' };
  text.gpus['h100-sxm-80gb'].source = 'NVIDIA H100 Datenblatt';
  delete text.configurations['lesson-mha-16'];
  assert.deepEqual(presetsTextProblems(EN, text), [
    'configurations: lesson-mha-16: label: no translation',
    'configurations: lesson-mha-16: source: no translation',
    'models: llama-2-7b: notes: no translation',
    'gpus: no-such-gpu: not an id of the English file',
    'gpus: h100-sxm-80gb: source: the address https://www.nvidia.com/en-us/data-center/h100/; is missing',
    'gpus: h100-sxm-80gb: source: the address https://github.com/modal-labs/modal-client/pull/2797 is missing',
  ]); // list by list (configurations, models, gpus), unknown ids first within a list
});

test('German text over the English presets: text replaced, ids and numbers kept', () => {
  const de = presetsText(EN, DE);
  const mha = de.configurations.find((c) => c.id === 'lesson-mha-16');
  // The lesson's worked table names this row "16-Bit-Gewichte, MHA, 16-Bit-Cache, B = 16".
  assert.equal(mha.label, '16-Bit-Gewichte, MHA (32 KV-Heads), 16-Bit-Cache, B = 16');
  const enMha = EN.configurations.find((c) => c.id === 'lesson-mha-16');
  assert.deepEqual(mha.inputs, enMha.inputs);
  assert.equal(mha.gpu, enMha.gpu);
  assert.equal(enMha.label, '16-bit weights, MHA (32 KV heads), 16-bit cache, B = 16', 'the English file is not changed');
  const round = de.gpus.find((g) => g.id === 'lesson-round');
  assert.equal(round.label, 'Runde Werte der Lektion (80 GB, 1 TB/s, 40 TFLOP/s nutzbar)');
  assert.equal(round.gpu_memory_bytes, 80e9);
  // Numbers the German way: 4,096 tokens in English is 4.096 Token.
  assert.equal(de.configurations.find((c) => c.id === 'model-llama-2-7b-a100').label, 'Llama 2 7B, 16 Bit, 8 × 4.096 Token auf A100 80 GB');
  // Proper names stay: the H100's label is the same in both languages.
  assert.equal(de.gpus.find((g) => g.id === 'h100-sxm-80gb').label, 'NVIDIA H100 SXM 80 GB');
  for (const list of ['configurations', 'models', 'gpus']) {
    assert.deepEqual(de[list].map((e) => e.id), EN[list].map((e) => e.id));
    for (const e of de[list]) assert.doesNotMatch(e.label, /\d,\d{3}(?!\d)/, `${e.id}: no English thousands separator in "${e.label}"`);
  }
});

test('an entry the translation lacks keeps its English text', () => {
  const text = structuredClone(DE);
  delete text.gpus['l4-24gb'];
  const l4 = presetsText(EN, text).gpus.find((g) => g.id === 'l4-24gb');
  assert.equal(l4.notes, EN.gpus.find((g) => g.id === 'l4-24gb').notes);
  assert.equal(presetsText(EN, null), EN);
});

test('the German locale script carries the presets text', () => {
  assert.deepEqual(localeExports(REPO, 'de').content.presets, DE);
});

test("the German instructors' page lists the presets with German labels, the English page with English ones", () => {
  const de = renderInstructors(REPO, { t: translator('de', readJson(path.join(REPO, 'content/ui/de.json'))).t, locale: 'de' });
  assert.match(de, /<code>knowledge-check-13b<\/code><\/th><td>Wissenstest: 13B, 8-Bit-Gewichte, 40 GB Cache, 48-GB-GPU<\/td>/);
  const en = renderInstructors(REPO);
  assert.match(en, /<code>knowledge-check-13b<\/code><\/th><td>Knowledge check: 13B, 8-bit weights, 40 GB cache, 48 GB GPU<\/td>/);
});

const EN_MEASURED = readJson(path.join(REPO, 'content/measured-decode.json'));
const DE_MEASURED = readJson(path.join(LOCALES_DIR, 'de/measured-decode.json'));

for (const locale of readdirSync(LOCALES_DIR).filter((n) => existsSync(path.join(LOCALES_DIR, n, 'measured-decode.json')))) {
  test(`content/locales/${locale}/measured-decode.json: every shown English text translated, no other phrase`, () => {
    const text = readJson(path.join(LOCALES_DIR, locale, 'measured-decode.json'));
    assert.equal(text.format, 'llm-budget-lab-measured-text');
    assert.equal(text.locale, locale);
    assert.deepEqual(measuredTextProblems(EN_MEASURED, text), []);
  });
}

test('the measured texts a translation must give: the method paragraphs and the cell words', () => {
  const strings = measuredTextStrings(EN_MEASURED);
  for (const note of EN_MEASURED.budget.notes) assert.ok(strings.includes(note));
  for (const cell of ['out of memory', 'average latency', 'int4 (group 32)']) assert.ok(strings.includes(cell), cell);
});

test('a missing or unknown measured phrase is named', () => {
  const text = structuredClone(DE_MEASURED);
  delete text.phrases['average latency'];
  text.phrases['no such text'] = 'kein Text';
  assert.deepEqual(measuredTextProblems(EN_MEASURED, text), [
    'phrases: "no such text": not a text of the English file',
    'phrases: "average latency": no translation',
  ]);
});

test('German measured text: cells and paragraphs translated, English without a file unchanged', () => {
  const say = measuredSays(DE_MEASURED);
  assert.equal(say('out of memory'), 'zu wenig Speicher');
  assert.equal(say('average latency'), 'mittlere Latenz');
  assert.equal(say('int4 (group 32)'), 'int4 (Gruppe 32)');
  // int4 with group size 32: (4 + 32/32) bits / 8 = 0.625 bytes per weight, "0,625" in German.
  assert.match(say(EN_MEASURED.budget.notes[0]), /^Bytes pro Gewicht\. .*0,625 Bytes/);
  assert.equal(say('a text the file does not give'), 'a text the file does not give');
  assert.equal(measuredSays(null)('out of memory'), 'out of memory');
  assert.deepEqual(localeExports(REPO, 'de').content.measured, DE_MEASURED);
});
