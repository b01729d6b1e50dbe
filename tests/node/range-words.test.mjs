// The sentences of a refused number in the page's words: the calculator's range sentence
// (web/element/limits.js rangeMessage) from the "limits.*" patterns in English and German,
// the core's range refusal in German with the field's unit words (core-message.js), the link
// notice quoting a refusal without brackets in brackets (link-state.js), the shared content
// checks' reasons in German (check-helpers.js), the hint under an answer box with its tolerance
// and the "no number" feedback quoting the answer (web/quiz/answer-hint.js, grading-words.js).
// Run: node --test tests/node/range-words.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { calculatorFields } from '../../web/element/fields.js';
import { rangeMessage, plainRangeMessage } from '../../web/element/limits.js';
import { coreMessage } from '../../web/element/core-message.js';
import { readFragment } from '../../web/element/link-state.js';
import { translator } from '../../web/element/i18n.js';
import { numberFormatting } from '../../web/element/format.js';
import { reasonText } from '../../web/content/check-helpers.js';
import { validatePresets } from '../../web/content/presets-check.js';
import { answerHintInWords } from '../../web/quiz/answer-hint.js';
import { feedbackInWords } from '../../web/quiz/grading-words.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DE = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/ui/de.json'), 'utf8'));
const core = await loadBudgetCore();
const quizCore = await loadQuizCore();
const de = translator('de', DE);
const en = translator('en', null);
const deFmt = numberFormatting('de', de.t);
const fieldsDe = calculatorFields(core, de);
const fieldsEn = calculatorFields(core);
const input = core.DEFAULT_INPUT;

/** The calculator's message for `display` typed in `field` (display units), English and German. */
function said(field, display) {
  const res = core.plan({ ...input, [field]: display * fieldsEn.FIELDS[field].factor });
  assert.equal(res.ok, false, field);
  const german = () => coreMessage(core, de, deFmt, res, (name) => fieldsDe.FIELDS[name]);
  return [rangeMessage(fieldsEn, field, res, input, display),
    rangeMessage(fieldsDe, field, res, input, display, de, german)];
}

test('the range sentence: English as before, German from the same ids with the unit words', () => {
  // Batch: whole, 1 to 1e6 requests; 0.5 is not whole.
  assert.deepEqual(said('batch', 0.5), ['Batch: enter a whole number from 1 to 1 million requests, not 0.5.',
    'Batch: Geben Sie eine ganze Zahl von 1 bis 1 Million Anfragen ein, nicht 0,5.']);
  // KV heads capped by the 32 query heads of the default input.
  assert.equal(input.query_heads, 32);
  assert.deepEqual(said('kv_heads', 40), ['KV heads: enter a whole number from 1 to 32 heads (the query heads), not 40.',
    'KV-Köpfe: Geben Sie eine ganze Zahl von 1 bis 32 Köpfen (Obergrenze: Query-Köpfe) ein, nicht 40.']);
  // Head dimension: whole, 1 to 4,096 values per head; German puts the unit after "bis" in the
  // dative ("Werten", core.unit.values per head.inRange).
  assert.deepEqual(said('head_dim', -5), ['Head dimension: enter a whole number from 1 to 4,096 values per head, not -5.',
    'Kopfdimension: Geben Sie eine ganze Zahl von 1 bis 4.096 Werten pro Kopf ein, nicht -5.']);
  // Latent KV values: 0 (none) or 1 to 65,536; the same dative for the other "Werte" unit.
  assert.deepEqual(said('latent_kv_dim', -5), ['Latent KV values: enter 0 (none: keys and values per KV head) or a whole number '
    + 'from 1 to 65,536 values per token and layer, not -5.', 'Latente KV-Werte: Geben Sie 0 (keine: Keys und Values pro KV-Kopf) '
    + 'oder eine ganze Zahl von 1 bis 65.536 Werten pro Token und Schicht ein, nicht -5.']);
  // Activation peak up to 1e15 bytes: a thousand trillion is grouped in words too ("1.000 Billionen").
  assert.deepEqual(said('activation_peak_bytes', -1), ['Activation peak: enter a number from 0 to 1,000 trillion bytes per GPU, not -1.',
    'Aktivierungsspitze: Geben Sie eine Zahl von 0 bis 1.000 Billionen Byte pro GPU ein, nicht -1.']);
  // GPU memory from 1 byte to 1e15 bytes = 1,000,000 GB; the typed 0 is in GB (factor 1e9).
  assert.deepEqual(said('gpu_memory_bytes', 0), ['GPU memory: enter a number from 1 byte to 1,000,000 GB, not 0 GB.',
    'GPU-Speicher: Geben Sie eine Zahl von 1 Byte bis 1.000.000 GB ein, nicht 0 GB.']);
  // Headroom 0 to 0.9 of GPU memory, shown in percent: 95 % typed.
  assert.deepEqual(said('headroom_fraction', 95), ['Headroom to keep free: enter a number from 0% to 90%, not 95% of GPU memory.',
    'Frei zu haltende Reserve: Geben Sie eine Zahl von 0 % bis 90 % ein, nicht 95 % des GPU-Speichers.']);
  assert.deepEqual(said('layers', 0), ['Layers: enter a whole number from 1 to 1,000 layers, not 0.',
    'Schichten: Geben Sie eine ganze Zahl von 1 bis 1.000 Schichten ein, nicht 0.']);
  // 3 GPUs is in the field's range but splits neither 32 query heads nor 32 KV heads: the core's reason.
  assert.deepEqual(said('gpus', 3), [
    'Not accepted: GPUs must divide query heads (32) and either divide or be divided by KV heads (32); got 3; nearest valid: 2 or 4.',
    'Nicht angenommen: Für GPUs ist ein Teiler des Werts im Feld „Query-Köpfe“ (32) erforderlich, der den Wert im Feld '
    + '„KV-Köpfe“ (32) teilt oder von ihm geteilt wird; erhalten: 3 GPUs; nächste gültige Werte: 2 oder 4.']);
  // 16 query heads under the 32 KV heads they cap.
  assert.deepEqual(said('query_heads', 16), [
    'Query heads: 16 heads would be fewer than the KV heads (32 heads). Lower the KV heads first; this value is used as soon as it fits.',
    'Query-Köpfe: Der Wert 16 Köpfe liegt unter dem Wert des Felds „KV-Köpfe“ (32 Köpfe). Senken Sie zuerst „KV-Köpfe“; der Wert wird übernommen, sobald er passt.']);
  // A label that is not a count noun reads too: the model's context limit under the 8,192-token context
  // (both in the fields' declared unit, tokens per request).
  assert.deepEqual(said('model_max_context_tokens', 8), [
    'Model context limit: 8 tokens per request would be fewer than the context (8,192 tokens per request). Lower the context first; this value is used as soon as it fits.',
    'Kontextgrenze des Modells: Der Wert 8 Token pro Anfrage liegt unter dem Wert des Felds „Kontext“ (8.192 Token pro Anfrage). Senken Sie zuerst „Kontext“; der Wert wird übernommen, sobald er passt.']);
  // Twenty nines typed in the total-parameters box (about 1e20 billion): the range alone, not the
  // value in exponent form ("not 9.999999999999998e19 billion parameters").
  assert.deepEqual(said('total_params', 1e20), [
    'Total parameters: enter a number from 1 parameter to 10 trillion parameters.',
    'Parameter insgesamt: Geben Sie eine Zahl von 1 bis 10 Billionen Parametern ein.']);
  // Without the typed value (a slider's refusal): the range alone.
  const res = core.plan({ ...input, batch: 0 });
  assert.equal(rangeMessage(fieldsDe, 'batch', res, input, undefined, de), 'Batch: Geben Sie eine ganze Zahl von 1 bis 1 Million Anfragen ein.');
  assert.equal(plainRangeMessage(0, 1, false), 'Enter a number from 0 to 1.');
  assert.equal(plainRangeMessage(0, 1000, true, de), 'Geben Sie eine ganze Zahl von 0 bis 1.000 ein.');
  assert.deepEqual([...de.missing], []);
});

test('the core\'s range refusal in German names the field\'s unit; English is the core\'s sentence', () => {
  const res = core.plan({ ...input, batch: 0.5 });
  assert.equal(coreMessage(core, de, deFmt, res), 'Für Batch ist eine ganze Zahl von 1 Anfrage bis 1.000.000 Anfragen erforderlich (erhalten: 0,5 Anfragen)');
  assert.equal(coreMessage(core, en, numberFormatting('en', en.t), res), 'batch must be a whole number from 1 to 1e6 (got 0.5)');
  // KV heads over the query heads' 32: both numbers in heads.
  const capped = core.plan({ ...input, kv_heads: 40 });
  assert.equal(coreMessage(core, de, deFmt, capped),
    'Für KV-Köpfe ist eine ganze Zahl von 1 Kopf bis zum Wert des Felds „Query-Köpfe“ erforderlich (erhalten: 40 Köpfe; Query-Köpfe: 32 Köpfe)');
});

test('a link notice says a value outside its range as the calculator\'s range sentence does, in both languages', () => {
  const words = (text) => text;
  const deNotice = readFragment('#lab:batch=0', core, input, fieldsDe.inPageWords, words, de).notices;
  assert.deepEqual(deNotice, ['Der Wert für Batch im Link kann nicht verwendet werden: erforderlich ist eine ganze Zahl '
    + 'von 1 bis 1 Million Anfragen, nicht 0 Anfragen. Daher wird der Startwert verwendet.']);
  const enNotice = readFragment('#lab:batch=0', core, input, fieldsEn.inPageWords, words).notices;
  assert.deepEqual(enNotice, ['Batch in the link cannot be used: it must be a whole number from 1 to 1 million requests, '
    + 'not 0 requests. Its starting value is used.']);
  // GPU memory: the declared range is 1 B to 1e15 B, which the box writes "1 byte" to "1,000,000 GB"
  // (1e15 B / 1e9 B per GB); the link's -5 is bytes. Before, the German notice wrote "1,00e-9 GB".
  const gpuDe = readFragment('#lab:gpu_memory_bytes=-5', core, input, fieldsDe.inPageWords, words, de).notices;
  assert.match(gpuDe[0], /: erforderlich ist eine Zahl von 1 Byte bis 1\.000\.000 GB, nicht -5 Byte\. Daher/);
  const gpuEn = readFragment('#lab:gpu_memory_bytes=-5', core, input, fieldsEn.inPageWords, words).notices;
  assert.match(gpuEn[0], /: it must be a number from 1 byte to 1,000,000 GB, not -5 bytes\. Its starting/);
  // KV heads over the query heads (32): the range ends at the cap, named.
  const kv = readFragment('#lab:kv_heads=999', core, input, fieldsEn.inPageWords, words).notices;
  assert.deepEqual(kv, ['KV heads in the link cannot be used: it must be a whole number from 1 to 32 heads (the query heads), '
    + 'not 999 heads. Its starting value is used.']);
  // A value inside its range refused by another rule keeps the core's sentence (GPUs that do not split the heads).
  const split = readFragment('#lab:gpus=3', core, input, fieldsEn.inPageWords, words).notices;
  assert.match(split[0], /^GPUs in the link cannot be used: .*must divide/);
});

test('the shared content checks and the whole file\'s name in German; English as before', () => {
  const doc = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/presets.json'), 'utf8'));
  const model = { ...doc.models[0], batch: 8, label: '' };
  const broken = { ...doc, models: [model, ...doc.models.slice(1)] };
  const problems = validatePresets(broken, core, quizCore.reading, en.t);
  const rows = (list) => list.map((p) => `${p.id} | ${p.field} | ${p.reason}`);
  assert.deepEqual(rows(problems), [
    `${model.id} | label | must be a non-empty string`,
    `${model.id} | batch | is an input a model does not set (a model sets ${fieldsOfGroup('Model')})`,
  ]);
  assert.deepEqual(problems.map((p) => reasonText(de.t, p)), ['muss ein nicht leerer Text sein',
    `ist eine Eingabe, die ein Modell nicht setzt (ein Modell setzt ${fieldsOfGroup('Model')})`]);
  // A file that is not an object: its id and field are phrases of the page.
  const [whole] = validatePresets([], core, quizCore.reading, en.t);
  assert.deepEqual([whole.id, whole.field, whole.reason], ['(file)', '(top level)', 'must be an object']);
  assert.deepEqual([reasonText(de.t, whole.idSay), reasonText(de.t, whole.fieldSay), reasonText(de.t, whole)],
    ['(Datei)', '(oberste Ebene)', 'muss ein Objekt sein']);
});

function fieldsOfGroup(group) {
  return core.declaration.inputs.filter((f) => f.group === group).map((f) => f.name).join(', ');
}

test('the German hint states the tolerance and digits; "no number" quotes the answer', () => {
  const strings = { ...de, fmt: deFmt };
  // Question 2's step: tokens to ±0.005, working allowed; 2 decimals keep an answer inside (ceil(-log10(0.01)) = 2).
  const step = { id: 'tokens', kind: 'numeric', dimension: 'tokens_per_pass', unit: 'tokens', tolerance: { relative: 0, absolute: 0.005 } };
  assert.equal(answerHintInWords(quizCore, strings, step),
    'Eine Zahl in Token oder eine Rechnung wie 2 × 6,5 (andere Einheiten wie GiB oder MB werden umgerechnet); '
    + 'Dezimalkomma oder -punkt. Geprüft wird auf ±0,005 Token genau: 2 Nachkommastellen behalten.');
  const english = answerHintInWords(quizCore, { ...en, fmt: numberFormatting('en', en.t) }, step);
  assert.match(english, /checked to within ±0\.005 tokens per pass, so keep 2 decimals/);
  // "abc" has no number: the core quotes it, and the German sentence too.
  const graded = quizCore.checkNumericAnswer('abc', {
    dimension: 'tokens_per_pass', expected: 2.952, default_unit: 'tokens', relative_tolerance: 0, absolute_tolerance: 0.005,
    close_relative_tolerance: 0.05, accept_expression: true, point_may_group: true });
  assert.equal(graded.ok, true);
  assert.match(graded.value.message, /^Could not find a number in "abc": type digits such as 12\.5/);
  assert.match(feedbackInWords(quizCore, strings, graded.value), /^Keine Zahl gefunden in „abc“: Geben Sie Ziffern wie 12,5 ein/);
});
