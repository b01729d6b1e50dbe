// The last English texts of the German page, in German: a question's preparation problems
// (a value or grading setting that cannot be made: the preparation's own sentences,
// "questionPrep.*", and the core's refusals of a declared kind in the core's words).
// English stays the sentence it always was.
// Run: node --test tests/node/i18n-rest.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateQuestions } from '../../web/quiz/schema.js';
import { presetSet } from '../../web/element/preset-set.js';
import { translator } from '../../web/element/i18n.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import '../../web/core/importer-module.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (file) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
const budget = await loadBudgetCore();
const quizCore = await loadQuizCore();
const opts = { quizCore, budget, presets: presetSet(read('content/presets.json')).forCore(budget) };
const strings = translator('de', read('content/ui/de.json'));
const german = { ...opts, t: strings.t, locale: 'de', strings };
const lines = (problems) => problems.map((p) => `${p.id} | ${p.field} | ${p.reason}`);

// Two questions whose shape passes the checks but which cannot be prepared: a "set" of
// batch 0.5 the core refuses (batch is a whole number from 1 to 1,000,000), and a
// correct_value (the preset's batch, 16) that no choice's value matches (1 and 2).
const UNPREPARED = {
  format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'w-1',
  questions: [{
    id: 'q1', title: 'Half a batch', prompt: 'Memory: {m} GB.',
    values: { m: { calc: 'plan', preset: 'lesson-gqa8-16', field: 'total_bytes', unit: 'GB', set: { batch: 0.5 } } },
    steps: [{ id: 's', kind: 'numeric', prompt: 'How much?', dimension: 'bytes', unit: 'GB',
      expected: 3, tolerance: { relative: 0.02, absolute: 0 } }],
    explanation: ['Because.'],
  }, {
    id: 'q2', title: 'No such choice', prompt: 'Which batch?',
    steps: [{ id: 'c', kind: 'choice', prompt: 'Which?', correct_value: { calc: 'input', preset: 'lesson-gqa8-16', field: 'batch' },
      choices: [{ id: 'a', text: 'One', value: 1 }, { id: 'b', text: 'Two', value: 2 }] }],
    explanation: ['Because.'],
  }],
};

test('preparation problems: English as the preparation always wrote them', () => {
  assert.deepEqual(lines(validateQuestions(UNPREPARED, opts)), [
    'q1 | values.m | batch must be a whole number from 1 to 1e6 (got 0.5)',
    'q2 | steps.c.correct_value | gives 16, the value of no choice (each choice\'s "value" is compared with it)',
  ]);
});

test('preparation problems in German: the core\'s refusal in its words, the preparation\'s own sentence', () => {
  assert.deepEqual(lines(validateQuestions(UNPREPARED, german)), [
    'q1 | values.m | Für Batch ist eine ganze Zahl von 1 Anfrage bis 1.000.000 Anfragen erforderlich (erhalten: 0,5 Anfragen)',
    'q2 | steps.c.correct_value | ergibt 16, den Wert keiner Auswahlmöglichkeit (verglichen wird mit dem "value" jeder Auswahlmöglichkeit)',
  ]);
});

// A simulation the file asks of a traffic field out of range (burstiness 0.001, from 0.01 to
// 1000), and one whose run is unstable (1,000 requests per second on one replica).
const simulated = (traffic, field) => ({
  format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'w-1',
  questions: [{
    id: 'q1', title: 'Traffic', prompt: 'TTFT: {t} s.',
    values: { t: { calc: 'simulate', preset: 'lesson-gqa8-16', field, traffic } },
    steps: [{ id: 's', kind: 'numeric', prompt: 'How long?', dimension: 'seconds', unit: 's', expected: 3, tolerance: { relative: 0.02, absolute: 0 } }],
    explanation: ['Because.'],
  }],
});

test('a simulation that cannot be made: the traffic field\'s refusal and an unstable run, in English and German', async () => {
  const traffic = await loadTrafficCore();
  const refused = simulated({ request_rate: 1, burstiness: 0.001, requests: 50 }, 'ttft_s.mean');
  const unstable = simulated({ request_rate: 1000, requests: 200 }, 'ttft_s.mean');
  const en = [...lines(validateQuestions(refused, { ...opts, traffic })), ...lines(validateQuestions(unstable, { ...opts, traffic }))];
  const de = [...lines(validateQuestions(refused, { ...german, traffic })), ...lines(validateQuestions(unstable, { ...german, traffic }))];
  assert.deepEqual(en, [
    'q1 | values.t | traffic.burstiness: burstiness must be a number from 0.01 to 1000 (got 0.001)',
    'q1 | values.t | simulate.ttft_s.mean has no value: the run is unstable (arrivals outpace the server: the queue grows without bound)',
  ]);
  assert.deepEqual(de, [
    'q1 | values.t | traffic.burstiness: Für Burstiness ist eine Zahl von 0,01 Gamma-Form bis 1.000 Gamma-Form erforderlich (erhalten: 0,001 Gamma-Form)',
    'q1 | values.t | simulate.ttft_s.mean hat keinen Wert: Der Lauf ist instabil (es kommen mehr Anfragen an, als der Server bedient: die Warteschlange wächst unbegrenzt)',
  ]);
});

// A unit word the core declares, with a count of 1: German has a form for one ("core.unit.layers":
// {"one": "Schicht", "other": "Schichten"}); a unit word with no count is the "other" form.
test('German unit words take the form of their count: 1 Schicht, 24 Schichten; English unchanged', async () => {
  const { calculatorFields } = await import('../../web/element/fields.js');
  const { valueText } = await import('../../web/element/limits.js');
  const de = calculatorFields(budget, strings);
  assert.equal(valueText(de, 'layers', 1, strings), '1 Schicht');
  assert.equal(valueText(de, 'layers', 24, strings), '24 Schichten');
  assert.equal(valueText(de, 'kv_heads', 1, strings), '1 Kopf');
  assert.equal(valueText(de, 'kv_heads', 8, strings), '8 Köpfe');
  assert.equal(de.FIELDS.layers.displayUnit, 'Schichten');
  assert.equal(strings.core('core.unit.layers', 'layers'), 'Schichten');
  const en = calculatorFields(budget);
  assert.equal(valueText(en, 'layers', 24), '24 layers');
  assert.equal(en.FIELDS.layers.displayUnit, 'layers');
});

// The importer's note on sliding-window layers, for one sliding layer of 24 (23 with full
// attention): "1 von 24 Schichten nutzen" was wrong; the German sentence no longer bends a verb by it.
test('the importer\'s window note with one sliding layer reads as German', async () => {
  const { importNoteInWords } = await import('../../web/element/core-message.js');
  const { numberFormatting } = await import('../../web/element/format.js');
  const ctx = { core: budget, strings, fmt: numberFormatting('de', strings.t) };
  const kind = { code: 'note_window_layer_types', params: { sliding: 1, layers: 24, window: 4096, full: 23 } };
  assert.equal(importNoteInWords(ctx, 'English', kind),
    'In 1 von 24 Schichten gilt ein gleitendes Fenster von 4.096 Token (layer_types), in den übrigen 23 volle Attention.');
});

// The facades' own refusals a reader can be shown (web/core/facade-messages.js): each carries
// its code and values, and the German page words it from "core.message.<code>".
test('the facades\' own refusals: English as before, German by their codes', async () => {
  const { coreMessage, withFieldsOf } = await import('../../web/element/core-message.js');
  const { numberFormatting } = await import('../../web/element/format.js');
  const { buildCore } = await import('../../web/core/budget-core.js');
  const { createRequire } = await import('node:module');
  const fmt = numberFormatting('de', strings.t);
  const say = (core, res) => coreMessage(core, strings, fmt, res);

  const notText = (await budget.importHfConfig(5)).error;
  assert.equal(notText.message, 'config.json must be given as text (got a number)');
  assert.equal(say(budget, { ...notText, error: notText.message }), 'Die config.json muss als Text übergeben werden (erhalten: eine Zahl)');

  const createCalc = createRequire(import.meta.url)('../../build/wasm/budget_core_calc.js');
  const calc = buildCore(await createCalc());
  const noImporter = (await calc.importHfConfig('{}')).error;
  assert.equal(noImporter.message, 'reading a config.json needs the full engine (llm-budget-lab-core.js), which this element did not start with; reload the page to read one');
  assert.equal(say(calc, { ...noImporter, error: noImporter.message }),
    'Zum Lesen einer config.json ist die vollständige Engine (llm-budget-lab-core.js) nötig, mit der dieses Element nicht gestartet wurde; laden Sie die Seite neu, um eine zu lesen');

  const traffic = await loadTrafficCore();
  const input = { ...opts.presets.defaultInput(budget), ...opts.presets.presetPatch('lesson-gqa8-16', budget) };
  const refused = traffic.simulateTraffic(input, { reqs: 5 });
  const fields = traffic.declaration.inputs.map((f) => f.name).join(', ');
  assert.equal(refused.error, `reqs is not a traffic field; the fields are ${fields}.`);
  assert.equal(say(withFieldsOf(budget, traffic), refused), `reqs ist kein Feld der Lastsimulation; die Felder sind ${fields}.`);
});

// The presets-file checker's reasons: English as before (the English translator writes them),
// each with its sentence's id and values, or the core's refusal behind it, for another language.
test('the presets-file checker\'s reasons carry their sentence or the core\'s refusal', async () => {
  const { validatePresets } = await import('../../web/content/presets-check.js');
  const { refusalMessage } = await import('../../web/element/core-message.js');
  const { numberFormatting } = await import('../../web/element/format.js');
  const reading = quizCore.reading;
  const english = translator('en', null).t;
  const doc = read('content/presets.json');
  const broken = { ...doc, version: 2, defaults: { ...doc.defaults, batch: 0.5 } };
  const problems = validatePresets(broken, budget, reading, english);
  assert.deepEqual(problems.map((p) => `${p.id} | ${p.field} | ${p.reason}`), [
    '(file) | version | must be 1 (got 2)',
    'defaults | batch | must be a whole number from 1 to 1e6 (got 0.5)',
  ]);
  const fmt = numberFormatting('de', strings.t);
  const inGerman = (p) => (p.say ? strings.t(p.say.id, p.say.params) : refusalMessage(budget, strings, fmt, p.refusal, () => p.reason));
  assert.deepEqual(problems.map(inGerman), ['muss 1 sein (erhalten: 2)', 'Für Batch ist eine ganze Zahl von 1 Anfrage bis 1.000.000 Anfragen erforderlich (erhalten: 0,5 Anfragen)']);
  assert.throws(() => validatePresets(broken, budget, reading), /needs the English translator's t/);
});

// The same problem as the quiz shows it to a reader ("quiz.notPrepared"'s {error}).
test('a preparation error in the quiz\'s words: English as before, German with the core\'s refusal', async () => {
  const { prepareQuestion, preparationError } = await import('../../web/quiz/prepare.js');
  const { makeResolver } = await import('../../web/quiz/resolve.js');
  const { coreMessage } = await import('../../web/element/core-message.js');
  const { numberFormatting } = await import('../../web/element/format.js');
  const prepared = prepareQuestion(UNPREPARED.questions[0], makeResolver(budget, quizCore, null, { presets: opts.presets }), quizCore);
  assert.equal(preparationError(prepared), 'values.m: batch must be a whole number from 1 to 1e6 (got 0.5)');
  const fmt = numberFormatting('de', strings.t);
  const words = { t: strings.t, coreWords: (res) => coreMessage(budget, strings, fmt, res) };
  assert.equal(preparationError(prepared, words), 'values.m: Für Batch ist eine ganze Zahl von 1 Anfrage bis 1.000.000 Anfragen erforderlich (erhalten: 0,5 Anfragen)');
});
