// The words only some scripts show travel with those scripts (web/strings-plugin.mjs): the
// quiz library's ("quiz.*", "questionPrep.*") with the quiz's script and the tour's, the
// simulation's ("traffic.*") and the chart frame's ("chart.*", "chartExport.*") with the
// charts script, the tour's own with the tour's, the presets-file rules' with theirs; the
// two core scripts (and so a calculator-only embed) carry none of them.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { carriedBy, availableTo, checkCarried, addsEnglish } from '../../web/strings-plugin.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EN = JSON.parse(readFileSync(path.join(REPO, 'content/ui/en.json'), 'utf8'));

// One id of each moved prefix, and the scripts that carry it (names as carriedBy takes them).
const MOVED = {
  'quiz.drillIntro': ['part-quiz', 'tour'],
  'questionPrep.noTraffic': ['part-quiz', 'tour'],
  'traffic.title': ['part-charts'],
  'chart.showData': ['part-charts'],
  'tour.heading': ['tour'],
  'presetsCheck.duplicateId': ['presets-check'],
};

test('the core scripts leave out the quiz\'s, the simulation\'s, the charts\', the tour\'s and the presets-file rules\' words; their scripts carry them', () => {
  for (const [id, carriers] of Object.entries(MOVED)) {
    assert.ok(id in EN, id);
    for (const core of ['core', 'core-calc']) assert.equal(carriedBy(core, true)(id), false, `${core} carries ${id}`);
    for (const s of ['part-quiz', 'part-charts', 'tour', 'presets-check']) {
      assert.equal(carriedBy(s, true)(id), carriers.includes(s), `${s} and ${id}`);
    }
  }
  // Every id of the moved prefixes, not only the ones above.
  for (const id of Object.keys(EN).filter((i) => /^(quiz|questionPrep|traffic|chart|chartExport|tour|presetsCheck)\./.test(i))) {
    assert.equal(carriedBy('core-calc', true)(id), false, id);
  }
  // The core script keeps what a calculator-only page shows.
  for (const id of ['results.title', 'link.notice.tooLong.link', 'presetsFile.problems', 'sliderValue.zero']) {
    assert.equal(carriedBy('core-calc', true)(id), true, id);
  }
  // Every other locale's script still carries all of them (one script per language).
  assert.equal(carriedBy('locale-de', false)('tour.heading'), true);
  // The tour's and the presets-file rules' scripts run after the core script: they may name its words.
  assert.equal(addsEnglish('tour'), true);
  assert.equal(addsEnglish('presets-check'), true);
  assert.equal(addsEnglish('core'), false);
  assert.equal(availableTo('tour')('results.title'), true);
  assert.equal(availableTo('tour')('decision.title'), false);
  assert.equal(availableTo('presets-check')('presetsCheck.duplicateId'), true);
});

test('the build refuses a tour module that names a word the tour does not carry', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'llmb-strings-'));
  try {
    const file = path.join(dir, 'tour-uses.js');
    writeFileSync(file, "export const a = (t) => t('decision.title');\n");
    assert.throws(() => checkCarried('tour', [file], availableTo('tour'), EN), /"tour" does not carry.*\n.*decision\.title/);
    writeFileSync(file, "export const a = (t) => [t('tour.heading'), t('quiz.drillIntro'), t('results.title')];\n");
    assert.doesNotThrow(() => checkCarried('tour', [file], availableTo('tour'), EN));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the built scripts: each moved sentence is in its scripts and in neither core script', { skip: !existsSync(path.join(REPO, 'dist/llm-budget-lab-core-calc.js')) && 'dist/ is not built' }, () => {
  const file = (name) => readFileSync(path.join(REPO, 'dist', name), 'utf8');
  const FILES = { core: 'llm-budget-lab-core.js', 'core-calc': 'llm-budget-lab-core-calc.js', 'part-quiz': 'llm-budget-lab-part-quiz.js',
    'part-charts': 'llm-budget-lab-part-charts.js', tour: 'llm-budget-lab-tour.js', 'presets-check': 'llm-budget-lab-presets-check.js' };
  const text = Object.fromEntries(Object.entries(FILES).map(([s, f]) => [s, file(f)]));
  // Sentences of plain ASCII, so the minified script holds them as written.
  for (const id of ['quiz.drillIntro', 'traffic.title', 'tour.heading', 'presetsCheck.duplicateId']) {
    const sentence = EN[id];
    assert.equal(typeof sentence, 'string', id);
    for (const [s, body] of Object.entries(text)) {
      assert.equal(body.includes(JSON.stringify(sentence).slice(1, -1)), MOVED[id].includes(s), `${s} and ${id}`);
    }
  }
});

test('no built script carries a translators\' note ("_" ids of content/ui/<locale>.json, never looked up)', { skip: !existsSync(path.join(REPO, 'dist/llm-budget-lab-core-calc.js')) && 'dist/ is not built' }, () => {
  const notes = ['en', 'de'].flatMap((locale) => {
    const strings = JSON.parse(readFileSync(path.join(REPO, 'content/ui', `${locale}.json`), 'utf8'));
    return Object.keys(strings).filter((id) => id.startsWith('_'));
  });
  assert.ok(notes.length > 0, 'the string files hold notes');
  const scripts = readdirSync(path.join(REPO, 'dist')).filter((f) => f.endsWith('.js'));
  assert.ok(scripts.includes('llm-budget-lab-locale-de.js'));
  for (const f of scripts) {
    const body = readFileSync(path.join(REPO, 'dist', f), 'utf8');
    for (const id of notes) assert.ok(!body.includes(`${id}:`) && !body.includes(`"${id}"`), `${f} carries ${id}`);
  }
});
