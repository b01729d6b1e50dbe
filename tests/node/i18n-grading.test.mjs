// The answer checker's sentences in German: the core declares every kind of sentence it
// writes (quizCore.FEEDBACK_MESSAGES, src/grading/feedback_messages.h) and each graded
// answer carries its kinds and values (message_kinds), so web/quiz/grading-words.js writes
// them from "core.feedback.<code>" with German numbers and unit words. English has no such
// ids: its words are the declaration's (as for "core.message.*"), and the English page shows
// the core's sentence as it is. Questions: the lesson's
// Q1 (13 GB + 40 GB = 53 GB, ±0.1 GB) and Q2 ((1 − 0.8⁴)/(1 − 0.8) = 2.952 tokens, ±0.005).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { translator, placeholdersOf } from '../../web/element/i18n.js';
import { numberFormatting } from '../../web/element/format.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { feedbackInWords, gradingRefusalInWords, readingNoteInWords } from '../../web/quiz/grading-words.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stringsOf = (locale) => JSON.parse(readFileSync(path.join(REPO, 'content/ui', `${locale}.json`), 'utf8'));

/** The element's translator in `locale` with its number formatting, as render.js gets it. */
function stringsIn(locale) {
  const tr = translator(locale, locale === 'en' ? null : stringsOf(locale));
  return { ...tr, fmt: numberFormatting(locale, tr.t) };
}

const Q1 = { dimension: 'bytes', expected: 53, default_unit: 'GB', absolute_tolerance: 0.1, close_relative_tolerance: 0.05 };
const Q2 = { dimension: 'tokens_per_pass', expected: 2.952, default_unit: 'tokens', absolute_tolerance: 0.005 };

test('en.json holds none of the core\'s patterns; de.json words every kind with no placeholder the core lacks', async () => {
  const quizCore = await loadQuizCore();
  const en = stringsOf('en');
  const de = stringsOf('de');
  const kinds = Object.values(quizCore.FEEDBACK_MESSAGES);
  assert.ok(kinds.length >= 40, `${kinds.length} kinds`);
  const categories = new Intl.PluralRules('de').resolvedOptions().pluralCategories;
  for (const { code, pattern, one } of kinds) {
    assert.equal(en[`core.feedback.${code}`], undefined, `${code}: English is the declaration's`);
    const german = de[`core.feedback.${code}`];
    assert.ok(german !== undefined, `${code} has no German pattern`);
    if (one) assert.deepEqual(Object.keys(german).sort(), ['one', 'other'].filter((c) => categories.includes(c)), code);
    for (const name of placeholdersOf(german)) assert.ok(placeholdersOf(pattern).includes(name), `${code}: {${name}}`);
  }
  for (const d of quizCore.reading.DIMENSION_DECLARATIONS) {
    assert.equal(en[`core.feedback.dimension.${d.name}`], undefined, d.name);
    assert.ok(de[`core.feedback.dimension.${d.name}`] && de[`core.feedback.dimension_units.${d.name}`], d.name);
  }
});

test('German feedback: wrong, close, rounded too far, wrong unit, bits and unreadable in German words', async () => {
  const quizCore = await loadQuizCore();
  const de = stringsIn('de');
  const say = (text, q, pointGroups = true) => {
    const r = quizCore.checkNumericAnswer(text, { ...q, point_may_group: pointGroups });
    assert.ok(r.ok);
    return feedbackInWords(quizCore, de, r.value);
  };
  const asked = 'Gefragt ist eine Speichergröße (B, KB, MB, GB, TB, KiB, MiB, GiB oder TiB); eine Zahl ohne Einheit wird als GB gelesen.';
  assert.equal(say('40', Q1), `Nicht richtig. ${asked} Geprüft wird auf ±0,1 GB genau. Gehen Sie den Rechenweg noch einmal durch.`);
  // 52 GB: 1 GB off 53, inside the 5 % band.
  assert.equal(say('52', Q1), 'Knapp daneben, um etwa 1 GB verfehlt: Gefragt ist eine Speichergröße auf ±0,1 GB genau. Prüfen Sie jede Zahl im Rechenweg.');
  // 52,4 GB: 0.6 GB off, written with a decimal comma.
  assert.equal(say('52,4', Q1), 'Knapp daneben, um etwa 0,6 GB verfehlt: Gefragt ist eine Speichergröße auf ±0,1 GB genau. Prüfen Sie jede Zahl im Rechenweg.');
  // 2,9 is 2.952 cut to one decimal; ±0.005 needs 2 decimals.
  assert.equal(say('2,9', Q2), 'Knapp daneben, aber zu stark gerundet: Gefragt ist eine Anzahl Token pro Zieldurchlauf auf ±0,005 Token genau, '
    + 'also 2 Nachkommastellen behalten. Behalten Sie im Rechenweg mehr Stellen und runden Sie erst am Ende.');
  assert.equal(say('53 MB', Q1), `Die Zahl wäre in einer anderen Einheit richtig: Prüfen Sie die Einheit (MB). ${asked}`);
  assert.equal(say('53 tok/s', Q1), `Falsche Art von Einheit: tok/s misst eine Rate in Token pro Sekunde. ${asked}`);
  assert.equal(say('53 Gb', Q1), 'Gb ist eine Einheit in Bit (8 Bit = 1 Byte). Gefragt ist eine Speichergröße in Byte: Schreiben Sie GB (mit großem B).');
  assert.equal(say('abc', Q1), `Keine Zahl gefunden in „abc“: Geben Sie Ziffern wie 12,5 ein, gern gefolgt von einer Einheit. ${asked}`);
  assert.equal(say('1e300', Q1), `Diese Zahl ist zu groß oder zu klein, um sie zu prüfen. ${asked}`);
  assert.equal(say('2 × 6,5 GB', { ...Q1, accept_expression: false }),
    `Diese Frage erwartet die Zahl selbst, nicht den Rechenweg: Rechnen Sie 2 × 6,5 GB aus und geben Sie das Ergebnis ein. ${asked}`);
  // A choice: 2 of 3 right, 1 extra (plural and singular phrases).
  const choice = quizCore.checkChoiceAnswer([0, 1, 2], { option_count: 4, correct: [0, 2], multiple: true });
  assert.equal(feedbackInWords(quizCore, de, choice.value), 'Teilweise richtig: 2 von Ihren 3 gewählten Optionen sind richtig, 1 ist es nicht.');
  // The separator note after the reading.
  const read = quizCore.checkNumericAnswer('2,952', { ...Q2, point_may_group: true });
  assert.equal(read.value.reading_note, 'read_decimal_comma');
  assert.equal(readingNoteInWords(quizCore, de, read.value.reading_note), '(Komma als Dezimalkomma gelesen)');
});

test('English feedback is the core\'s sentence, byte for byte', async () => {
  const quizCore = await loadQuizCore();
  const en = stringsIn('en');
  for (const text of ['40', '52', '53 MB', '53 Gb', 'abc', '53']) {
    const r = quizCore.checkNumericAnswer(text, Q1);
    assert.equal(feedbackInWords(quizCore, en, r.value), r.value.message);
  }
  assert.equal(feedbackInWords(quizCore, en, quizCore.checkNumericAnswer('2.9', Q2).value),
    'Close, but rounded too far: this question wants a number of tokens per target pass to within ±0.005 tokens per pass, '
    + 'so keep 2 decimals. Keep more digits through the working and round only at the end.');
});

test('a refusal of grading settings carries its kind; German words it, English keeps the core\'s', async () => {
  const quizCore = await loadQuizCore();
  const r = quizCore.checkNumericAnswer('', { ...Q1, relative_tolerance: 1.5 });
  assert.equal(r.ok, false);
  assert.deepEqual({ field: r.field, error: r.error, code: r.code, params: r.params }, {
    field: 'relative_tolerance', error: 'relative_tolerance must be from 0 to 1 (got 1.5)',
    code: 'setting_relative_tolerance', params: { value: 1.5 },
  });
  assert.equal(gradingRefusalInWords(quizCore, stringsIn('de'), r), 'relative_tolerance muss zwischen 0 und 1 liegen (erhalten: 1,5)');
  assert.equal(gradingRefusalInWords(quizCore, stringsIn('en'), r), r.error);
  const unit = quizCore.checkNumericAnswer('', { ...Q1, default_unit: 'ms' });
  assert.equal(gradingRefusalInWords(quizCore, stringsIn('de'), unit),
    'default_unit muss eine Einheit von bytes sein: B, KB, MB, GB, TB, KiB, MiB, GiB oder TiB (erhalten: „ms“)');
});

test('the grading declarations are bound in the full module only: the calculator\'s module stays without them', async () => {
  const require = createRequire(import.meta.url);
  const [full, calc] = await Promise.all([require('../../build/wasm/budget_core.js')(), require('../../build/wasm/budget_core_calc.js')()]);
  assert.equal(typeof full.grading_message_declarations_json, 'function');
  assert.equal(calc.grading_message_declarations_json, undefined);
  assert.equal(JSON.parse(full.grading_message_declarations_json())[0].code, 'correct');
});
