// The names of the files the page offers: a chart's file name from its title
// (web/element/download.js fileSlug), and the inputs and answers files named
// in the page's language (content/ui/<locale>.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileSlug } from '../../web/element/download.js';

const strings = (locale) => JSON.parse(readFileSync(new URL(`../../content/ui/${locale}.json`, import.meta.url), 'utf8'));

test('a chart title becomes a plain file name; German umlauts and ß as German spells them without marks', () => {
  assert.equal(fileSlug('GPU memory per configuration'), 'gpu-memory-per-configuration');
  assert.equal(fileSlug('GPU-Speicher pro Konfiguration'), 'gpu-speicher-pro-konfiguration');
  assert.equal(fileSlug('Größe über Kontextlänge'), 'groesse-ueber-kontextlaenge');
  assert.equal(fileSlug('Décodage à ÉTAT'), 'decodage-a-etat', 'other accents are dropped');
  assert.equal(fileSlug('  ***  '), 'chart', 'nothing left: a fallback name');
  assert.equal(fileSlug('x'.repeat(80)).length, 60);
});

test('the inputs and answers files are named in each language, with the lesson and version in the answers file', () => {
  const en = strings('en');
  const de = strings('de');
  assert.equal(en['link.inputsFile'], 'llm-budget-lab-inputs.json');
  assert.equal(de['link.inputsFile'], 'llm-budget-lab-eingaben.json');
  assert.equal(en['quiz.answersFile'], 'llm-budget-lab-answers-{lesson}-{version}.json');
  assert.equal(de['quiz.answersFile'], 'llm-budget-lab-antworten-{lesson}-{version}.json');
});
