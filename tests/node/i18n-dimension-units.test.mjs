// The units a question's dimension takes, as the German checker's sentences list them
// ("core.feedback.dimension_units.<dimension>" in content/ui/de.json, shown in "Gefragt ist …
// (…)" and in a refused default_unit): every unit listed is one the core's reader reads in that
// dimension, and a unit the German page words in German elsewhere ("core.unit.tokens": "Token",
// "core.unit.tokens/s": "Token/s") is listed in those words, not as the English symbol.
// Question 2 of the lesson: (1 − 0.8⁴)/(1 − 0.8) = 2.952 tokens per pass, ±0.005.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { translator } from '../../web/element/i18n.js';
import { numberFormatting } from '../../web/element/format.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { feedbackInWords } from '../../web/quiz/grading-words.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const de = JSON.parse(readFileSync(path.join(REPO, 'content/ui/de.json'), 'utf8'));

/** The items of a listed phrase: "B, KB oder TiB" -> ['B', 'KB', 'TiB']. */
const items = (phrase) => phrase.split(/, | oder /);

test('German unit lists: each unit is read by the core in its dimension, in the German words where there are some', async () => {
  const quizCore = await loadQuizCore();
  const { reading } = quizCore;
  // "none" lists no unit ("keine Einheit (x oder % erlaubt)"); every other dimension lists units.
  for (const { name } of reading.DIMENSION_DECLARATIONS.filter((d) => d.name !== 'none')) {
    const listed = items(de[`core.feedback.dimension_units.${name}`]);
    for (const unit of listed) {
      const r = reading.parseQuantity(`1 ${unit}`);
      assert.ok(r.ok && r.value.has_unit, `${name}: "${unit}" is read`);
      assert.equal(r.value.dimension, name, `${name}: "${unit}" is read as ${r.value.dimension}`);
    }
    // A symbol of the core's table with a German word the reader reads as the same unit is listed in that word.
    for (const symbol of reading.UNITS[name]) {
      const word = de[`core.unit.${symbol}`];
      if (typeof word !== 'string' || word === symbol) continue;
      const r = reading.parseQuantity(`1 ${word}`);
      if (!r.ok || r.value.unit !== reading.parseQuantity(`1 ${symbol}`).value.unit) continue; // "Sekunden": not a reader's word
      assert.ok(listed.includes(word), `${name}: "${word}" listed`);
      assert.ok(!listed.includes(symbol), `${name}: "${symbol}" in German words`);
    }
  }
});

test('German feedback on question 2 lists its units in German words', async () => {
  const quizCore = await loadQuizCore();
  const tr = translator('de', de);
  const strings = { ...tr, fmt: numberFormatting('de', tr.t) };
  const q2 = { dimension: 'tokens_per_pass', expected: 2.952, default_unit: 'tokens', absolute_tolerance: 0.005, point_may_group: true };
  const r = quizCore.checkNumericAnswer('4', q2);
  assert.equal(r.value.verdict, 'wrong');
  assert.equal(feedbackInWords(quizCore, strings, r.value), 'Nicht richtig. Gefragt ist eine Anzahl Token pro Zieldurchlauf '
    + '(Token oder tok); eine Zahl ohne Einheit wird als Token gelesen. Geprüft wird auf ±0,005 Token genau. Gehen Sie den '
    + 'Rechenweg noch einmal durch.');
  // The English page keeps the core's own list.
  assert.match(r.value.message, /\(tokens or tokens\/pass\)/);
});
