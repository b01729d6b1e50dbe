// A quiz step's unit in the page's language (web/quiz/step-unit.js): a unit symbol
// of the core's unit table that is also a unit the core declares for its fields
// ("tokens") is named by that unit's German words ("core.unit.tokens": "Token"), a
// symbol ("GB", "ms") stays as it is, and a number goes with either through
// format.js's patterns (symbolText); English keeps the declared symbol.
// Run: node --test tests/node/quiz-unit-words.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { translator } from '../../web/element/i18n.js';
import { numberFormatting } from '../../web/element/format.js';
import { stepUnitWords, stepQuantityText } from '../../web/quiz/step-unit.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DE = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/ui/de.json'), 'utf8'));
const quizCore = await loadQuizCore();
const stringsOf = (locale, messages) => {
  const tr = translator(locale, messages);
  return { ...tr, fmt: numberFormatting(tr.locale, tr.t) };
};

test('German: the words of every unit symbol a step may name, none taken as missing', () => {
  const symbols = Object.values(quizCore.reading.UNITS).flat().filter(Boolean);
  const de = stringsOf('de', DE);
  const words = Object.fromEntries(symbols.map((s) => [s, stepUnitWords(de, s)]));
  assert.deepEqual([...de.missing], []);
  // The three the core also declares as its fields' units: a count of tokens, a rate, seconds
  // (the hint's "Eine Zahl in Sekunden"; a number keeps "unit.s": "0,5 s").
  assert.equal(words.tokens, 'Token');
  assert.equal(words['tokens/s'], 'Token/s');
  assert.equal(words.s, 'Sekunden');
  // Every other one is a symbol, the same in German.
  assert.deepEqual(symbols.filter((s) => words[s] !== s).sort(), ['s', 'tokens', 'tokens/s']);
});

test('a step\'s unit with a number: German words and decimal comma; English symbol', () => {
  const de = stringsOf('de', DE);
  // Question 2's answer: (1 − 0.8⁴) / (1 − 0.8) = 2.952 tokens per pass, written by the quiz with groupedNumber.
  assert.equal(stepQuantityText(de, de.fmt.groupedNumber(2.952, 4), 'tokens'), '2,952 Token');
  // GB and ms through the string file's own patterns ("unit.GB", "unit.ms"); KiB through "unit.symbol".
  assert.equal(stepQuantityText(de, de.fmt.groupedNumber(53, 4), 'GB'), '53 GB');
  assert.equal(stepQuantityText(de, de.fmt.groupedNumber(12.5, 4), 'ms'), '12,5 ms');
  assert.equal(stepQuantityText(de, de.fmt.groupedNumber(0.5, 4), 's'), '0,5 s');
  assert.equal(stepQuantityText(de, de.fmt.groupedNumber(1536, 4), 'KiB'), '1.536 KiB');
  assert.equal(stepQuantityText(de, de.fmt.groupedNumber(1234.5, 4), ''), '1.234,5');
  // The German hint sentence with the unit's words.
  assert.equal(de.core('core.answer_hint.number', 'English', { unit: stepUnitWords(de, 'tokens') }),
    'Eine Zahl in Token (andere Einheiten wie GiB oder MB werden umgerechnet); Dezimalkomma oder -punkt.');
  const en = stringsOf('en', null);
  assert.equal(stepUnitWords(en, 'tokens'), 'tokens');
  assert.equal(stepQuantityText(en, en.fmt.groupedNumber(2.952, 4), 'tokens'), '2.952 tokens');
  assert.equal(stepQuantityText(en, en.fmt.groupedNumber(1536, 4), 'KiB'), '1,536 KiB');
});
