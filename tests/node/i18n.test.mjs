// The string files (content/ui/<l>.json, web/element/i18n.js): every id the code
// asks for exists in English, every English id has a translation in every other locale
// with no placeholder the code does not pass, every field the core declares has its German
// words, and German numbers read as German writes them ("31,2 GB", "1.026").
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { translator, placeholdersOf, ENGLISH } from '../../web/element/i18n.js';
import { LOCALES, DEFAULT_LOCALE, localeOfTag } from '../../web/element/locale-names.js';
import { numberFormatting } from '../../web/element/format.js';
import { calculatorFields } from '../../web/element/fields.js';
import { PART_NAMES } from '../../web/element/part-names.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stringsOf = (locale) => JSON.parse(readFileSync(path.join(REPO, 'content/ui', `${locale}.json`), 'utf8'));
const OTHERS = LOCALES.filter((l) => l !== DEFAULT_LOCALE);
const lookedUp = (strings) => Object.keys(strings).filter((id) => !id.startsWith('_'));

/** Every JS file under web/ (the code that shows strings). */
function webFiles(dir = path.join(REPO, 'web')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return webFiles(full);
    return /\.m?js$/.test(e.name) ? [full] : [];
  });
}

test('the shipped locales are the files of content/ui', () => {
  const files = readdirSync(path.join(REPO, 'content/ui')).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
  assert.deepEqual(files, [...LOCALES].sort());
  assert.ok(LOCALES.includes(DEFAULT_LOCALE));
});

test('every id the web code asks for (t("...") with a literal id) is in the English file', () => {
  const missing = [];
  for (const file of webFiles()) {
    const text = readFileSync(file, 'utf8');
    // t('id'), t(`id`) and t("id"), and the template's {{t:id}}.
    for (const m of text.matchAll(/\bt\(\s*['"`]([a-zA-Z][\w.]*)['"`]/g)) if (!(m[1] in ENGLISH)) missing.push(`${path.relative(REPO, file)}: ${m[1]}`);
  }
  const template = readFileSync(path.join(REPO, 'web/page/template.html'), 'utf8');
  for (const m of template.matchAll(/\{\{t:([\w.]+)\}\}/g)) if (!(m[1] in ENGLISH)) missing.push(`template.html: ${m[1]}`);
  // Ids the code builds from a name: each part a tour can point at (web/page/tour-ui.js).
  for (const part of PART_NAMES) if (!(`tour.part.${part}` in ENGLISH)) missing.push(`tour-ui.js: tour.part.${part}`);
  assert.deepEqual(missing, []);
  // An id that is not there fails loudly instead of showing nothing.
  assert.throws(() => translator('en', null).t('no.such.id'), /no message "no\.such\.id"/);
  assert.throws(() => translator('en', null).t('table.colFitsYours'), /needs a value for \{gpu\}/);
});

for (const locale of OTHERS) {
  test(`${locale}: every English string is translated, with no placeholder the English one lacks`, () => {
    const en = stringsOf('en');
    const other = stringsOf(locale);
    const untranslated = lookedUp(en).filter((id) => !(id in other));
    assert.deepEqual(untranslated, [], `ids with no ${locale} translation`);
    const extra = lookedUp(other).filter((id) => !(id in en) && !id.startsWith('core.'));
    assert.deepEqual(extra, [], `ids ${locale} has that English does not`);
    for (const id of lookedUp(en)) {
      // A translation may leave out a placeholder its language does not need (English's
      // article {a}), never use one the code does not pass.
      const added = placeholdersOf(other[id]).filter((p) => !placeholdersOf(en[id]).includes(p));
      assert.deepEqual(added, [], `${locale} ${id}: placeholders English does not have`);
      if (typeof en[id] === 'object') {
        assert.equal(typeof other[id], 'object', `${locale} ${id}: a plural pattern`);
        assert.equal(typeof other[id].other, 'string', `${locale} ${id}: the "other" form`);
        const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
        for (const c of Object.keys(other[id])) assert.ok(categories.includes(c), `${locale} ${id}: "${c}" is not a plural category of ${locale}`);
        for (const c of categories) assert.equal(typeof other[id][c], 'string', `${locale} ${id}: the "${c}" form`);
      }
    }
    // Using every id through the translator records nothing as missing.
    const tr = translator(locale, other);
    for (const id of lookedUp(en)) {
      const params = Object.fromEntries(placeholdersOf(en[id]).map((p) => [p, 1]));
      tr.t(id, { count: 1, ...params });
    }
    assert.deepEqual([...tr.missing], []);
  });

  test(`${locale}: every field, group and unit the core declares, every verdict and parse error has its words`, async () => {
    const core = await loadBudgetCore();
    const quizCore = await loadQuizCore();
    const other = stringsOf(locale);
    const { inputs } = core.declaration;
    const ids = [
      ...inputs.flatMap((d) => [`core.field.${d.name}.label`, `core.field.${d.name}.meaning`,
        ...(d.zero_means ? [`core.field.${d.name}.zero_means`] : [])]),
      ...[...new Set(inputs.map((d) => d.group))].map((g) => `core.group.${g}`),
      ...[...new Set([...quizCore.ANSWER_VERDICTS, ...quizCore.CHOICE_VERDICTS])].map((v) => `core.verdict.${v}`),
      ...quizCore.reading.PARSE_ERRORS.map((e) => `core.parse_error.${e}`),
    ];
    assert.deepEqual(ids.filter((id) => typeof other[id] !== 'string'), [], `declared names with no ${locale} words`);
    // And no "core.*" id names something the core does not declare (a renamed field). The
    // words of the other declared fields (speculative decoding, plan costs, vLLM's runtime, the
    // serving simulation) are optional here (a part shows them); when given, each must name
    // a declared field, group or unit. "core.message.*" ids are the core's coded messages,
    // checked against the core by their own test.
    const trafficCore = await loadTrafficCore();
    const otherFields = [...core.declaration.speculative_inputs, ...core.declaration.plan_cost_inputs,
      ...core.declaration.vllm_runtime_inputs, ...trafficCore.declaration.inputs];
    // "core.feedback.*": the answer checker's declared sentence kinds and the dimensions'
    // words (web/quiz/grading-words.js; tests/node/i18n-grading.test.mjs checks their placeholders).
    const feedback = [...Object.keys(quizCore.FEEDBACK_MESSAGES).map((code) => `core.feedback.${code}`),
      ...quizCore.reading.DIMENSION_DECLARATIONS.flatMap((d) => [`core.feedback.dimension.${d.name}`, `core.feedback.dimension_units.${d.name}`])];
    const declared = new Set([...ids, ...feedback, ...['number', 'number_bare', 'expression', 'expression_bare'].map((k) => `core.answer_hint.${k}`),
      ...otherFields.flatMap((d) => [`core.field.${d.name}.label`, `core.field.${d.name}.meaning`, `core.field.${d.name}.zero_means`,
        ...(d.group ? [`core.group.${d.group}`] : [])])]);
    const units = new Set([...inputs, ...otherFields].map((d) => d.unit));
    // A unit's form after a range's upper end ("core.unit.heads.inRange", fields.js rangeUnitWordsFor) names a declared unit too.
    const unitNamed = (id) => id.startsWith('core.unit.') && units.has(id.slice('core.unit.'.length).replace(/\.inRange$/, ''));
    const stray = Object.keys(other).filter((id) => id.startsWith('core.') && !declared.has(id) && !id.startsWith('core.message.')
      && !unitNamed(id));
    assert.deepEqual(stray, []);
    // The calculator's fields drawn in the locale: every word found (nothing taken from English).
    const tr = translator(locale, other);
    const { FIELDS, FIELD_GROUPS } = calculatorFields(core, tr);
    assert.equal(Object.keys(FIELDS).length, inputs.length);
    assert.deepEqual([...tr.missing], []);
    if (locale === 'de') {
      assert.equal(FIELDS.batch.label, 'Batch');
      assert.equal(FIELDS.kv_heads.label, 'KV-Köpfe');
      assert.equal(FIELDS.weight_bytes_per_param.unit, 'Bit pro Gewicht');
      assert.equal(FIELD_GROUPS[0].legend, 'Modell');
    }
  });
}

test('German numbers: decimal comma, "." grouping, units from the string file', () => {
  const de = translator('de', stringsOf('de'));
  const f = numberFormatting('de', de.t);
  // The lesson's GQA-8 total (31.2 GB) and the 8-bit row's total speed (1,026 tokens/s).
  assert.equal(f.bytesText(31.2e9), '31,2 GB');
  assert.equal(f.totalText(1026), '1.026');
  assert.equal(f.perRequestText(64.1), '64,1');
  assert.equal(f.msText(0.0312), '31,2 ms');
  assert.equal(f.memText(82.7e9, true), '82,7 GB (77,0 GiB)');
  assert.equal(f.bytesText(1), '1 Byte');
  assert.equal(f.bandwidthText(1e12), '1,0 TB/s');
  assert.equal(f.tflopsText(4e13), '40 TFLOP/s');
  assert.equal(f.adaptive(1.5e-9), '1,50e-9');
  assert.equal(f.groupMark, '.');
  // English stays as it was.
  const en = numberFormatting('en');
  assert.equal(en.bytesText(31.2e9), '31.2 GB');
  assert.equal(en.totalText(1026), '1,026');
  assert.equal(en.groupMark, ',');
  // Plurals by the locale's rules.
  assert.equal(de.t('results.requests', { count: 1, n: '1' }), '1 Anfrage');
  assert.equal(de.t('results.requests', { count: 3, n: '3' }), '3 Anfragen');
  assert.equal(translator('en', null).t('results.requests', { count: 1, n: '1' }), '1 request');
});

test('the locale a lang attribute asks for', () => {
  assert.equal(localeOfTag('de'), 'de');
  assert.equal(localeOfTag('de-AT'), 'de');
  assert.equal(localeOfTag('DE_ch'), 'de');
  assert.equal(localeOfTag('fr'), 'en', 'a language not shipped falls back to English');
  assert.equal(localeOfTag(''), 'en');
  assert.equal(localeOfTag(null), 'en');
});

test('German answers are graded by the core with the German reading of a lone "."', async () => {
  const quizCore = await loadQuizCore();
  // 1,026 tokens/s: the lesson's 8-bit row. "1.026" is 1026 on a German page, 1.026 elsewhere.
  const q = { dimension: 'tokens_per_s', expected: 1026, default_unit: 'tok/s', relative_tolerance: 0.005 };
  assert.equal(quizCore.checkNumericAnswer('1.026', { ...q, point_may_group: true }).value.verdict, 'correct');
  assert.equal(quizCore.checkNumericAnswer('1.026', q).value.verdict, 'wrong');
  // 53 GB (question 1's total): "53,0 GB" is 53 GB in both conventions.
  const gb = { dimension: 'bytes', expected: 53, default_unit: 'GB', relative_tolerance: 0.002 };
  assert.equal(quizCore.checkNumericAnswer('53,0 GB', { ...gb, point_may_group: true }).value.verdict, 'correct');
  assert.equal(quizCore.checkNumericAnswer('53,0 GB', gb).value.verdict, 'correct');
});
