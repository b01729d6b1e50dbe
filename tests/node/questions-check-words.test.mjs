// The questions-file checker's problem texts in the page's language: every reason
// is a pattern of content/ui/<locale>.json ("questionsCheck.*"), the file's values,
// the lists of names and "(got X)" going into its placeholders. English stays the
// sentences the checker always wrote; German is German, with its numbers written
// for the locale.
// Run: node --test tests/node/questions-check-words.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateQuestions } from '../../web/quiz/schema.js';
import { presetSet } from '../../web/element/preset-set.js';
import { translator } from '../../web/element/i18n.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (file) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
const budget = await loadBudgetCore();
const quizCore = await loadQuizCore();
const opts = { quizCore, budget, presets: presetSet(read('content/presets.json')).forCore(budget) };
const lines = (problems) => problems.map((p) => `${p.id} | ${p.field} | ${p.reason}`);

// One question with a problem in each kind of sentence: a list of names with "(got X)",
// an array where an id belongs, a missing text, a fraction out of range, a text over
// 2000 characters, a declared range (draft_tokens, 1 to 32) and a number the file lacks.
const BROKEN = {
  format: 'llm-budget-lab-questionz', lesson: 'LM10-T6', version: 'w-1',
  questions: [{
    id: 'q1', title: 'Broken', prompt: 'A prompt with {missing}.',
    values: { n: { calc: 'speculative', field: 'tokens_per_pass', acceptance_rate: 0.5, draft_tokens: 40 } },
    steps: [{ id: 's', kind: 'numeric', prompt: 'How much?', dimension: 'furlongs',
      expected: 3, tolerance: { relative: 1.5, absolute: 0 }, feedback: { wrong: 'x'.repeat(2001) } },
    { id: ['s2'], kind: 'choice', prompt: 'Which?', choices: [{ id: 'a', text: 'A', correct: true }, { id: 'a', text: 'B', correct: false }] }],
    explanation: ['Because.'],
  }],
};

test('English reasons: the checker\'s sentences as before, with or without the English translator', () => {
  const english = lines(validateQuestions(BROKEN, opts));
  assert.deepEqual(english, [
    '(file) | format | must be "llm-budget-lab-questions" (got "llm-budget-lab-questionz")',
    'q1 | values.n.draft_tokens | must be a whole number from 1 to 32 (got 40)',
    'q1 | prompt | uses {missing} but the question has no value named "missing" in values',
    'q1 | steps.s.dimension | must be one of none, bytes, tokens_per_pass, tokens_per_s, seconds (got "furlongs")',
    'q1 | steps.s.tolerance.relative | must be a fraction from 0 to 1 (got 1.5)',
    'q1 | steps.s.feedback.wrong | must be a non-empty string of at most 2000 characters',
    'q1 | steps[1].id | must be a lower-case id (got an array)',
    'q1 | steps[1].choices[1].id | duplicate choice id "a"',
  ]);
  assert.deepEqual(lines(validateQuestions(BROKEN, { ...opts, t: translator('en', null).t, locale: 'en' })), english);
});

test('German reasons: the same problems in German sentences', () => {
  const de = translator('de', read('content/ui/de.json'));
  assert.deepEqual(lines(validateQuestions(BROKEN, { ...opts, t: de.t, locale: 'de' })), [
    '(Datei) | format | muss "llm-budget-lab-questions" sein (erhalten: "llm-budget-lab-questionz")',
    'q1 | values.n.draft_tokens | muss eine ganze Zahl von 1 bis 32 sein (erhalten: 40)',
    'q1 | prompt | verwendet {missing}, aber die Frage hat unter values keinen Wert namens "missing"',
    'q1 | steps.s.dimension | muss einer dieser Werte sein: none, bytes, tokens_per_pass, tokens_per_s, seconds (erhalten: "furlongs")',
    // The file's own value is quoted as the file has it (JSON: 1.5).
    'q1 | steps.s.tolerance.relative | muss ein Anteil von 0 bis 1 sein (erhalten: 1.5)',
    // 2000 without grouping, as the English sentence writes it.
    'q1 | steps.s.feedback.wrong | muss ein nicht leerer String mit höchstens 2000 Zeichen sein',
    'q1 | steps[1].id | muss eine Id in Kleinbuchstaben sein (erhalten: ein Array)',
    'q1 | steps[1].choices[1].id | doppelte Id einer Auswahlmöglichkeit: "a"',
  ]);
  assert.deepEqual([...de.missing], []);
  // A file that is not an object, and one with no questions: the whole file's problems ("(Datei)").
  assert.deepEqual(lines(validateQuestions([], { ...opts, t: de.t, locale: 'de' })), ['(Datei) | (oberste Ebene) | muss ein Objekt sein']);
  const noQuestions = { format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'w-1' };
  assert.deepEqual(lines(validateQuestions(noQuestions, { ...opts, t: de.t, locale: 'de' })),
    ['(Datei) | questions | fehlt (ein Array mit 1 bis 50 Fragen)']);
});

test('every "questionsCheck.*" id the checker names is in English and German, and none is left unused', () => {
  const code = fs.readFileSync(path.join(ROOT, 'web/quiz/schema.js'), 'utf8');
  const named = new Set([...code.matchAll(/'(questionsCheck\.[A-Za-z]+)'/g)].map((m) => m[1]));
  const en = read('content/ui/en.json');
  const de = read('content/ui/de.json');
  const inFile = Object.keys(en).filter((id) => id.startsWith('questionsCheck.'));
  assert.deepEqual([...named].sort(), [...inFile].sort());
  for (const id of inFile) assert.equal(typeof de[id], 'string', id);
});
