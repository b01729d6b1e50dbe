// The lesson's content in other languages (content/lesson/<locale>/*.md,
// content/locales/<locale>/questions.json and tours.json) against the English
// content it translates: the same lesson files with the same structure
// (directives and their targets, tags, heading levels, lists, tables, maths,
// code spans, link targets), and text files that give exactly the English
// text fields, keyed by the English ids, with the same {placeholders}.
// A locale is every folder of content/lesson/ or content/locales/ named like
// a BCP 47 tag (de, pt-BR); each needs all three parts.
// Run: node --test tests/node/locale-content.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import { renderLesson } from '../../web/page/render-lesson.mjs';
import { REPO } from './reference.mjs';

const CONTENT = path.join(REPO, 'content');
const LESSON = path.join(CONTENT, 'lesson');
const LOCALES = path.join(CONTENT, 'locales');
const LOCALE_NAME = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const LESSON_FILE = /^\d\d-[a-z0-9-]+\.md$/;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const subfolders = (dir) => (existsSync(dir)
  ? readdirSync(dir).filter((n) => LOCALE_NAME.test(n) && statSync(path.join(dir, n)).isDirectory())
  : []);
const lessonFiles = (dir) => readdirSync(dir).filter((n) => LESSON_FILE.test(n)).sort();

/** Every locale: a folder named like a language tag under content/lesson/ or content/locales/. */
const LOCALE_LIST = [...new Set([...subfolders(LESSON), ...subfolders(LOCALES)])].sort();

// ------------------------------------------------------------ lesson files ---

const DIRECTIVE = /\{\{([^{}|]+)(?:\|[^{}]*)?\}\}/g;
const DISPLAY_MATH = /\$\$([\s\S]+?)\$\$/g;
const INLINE_MATH = /(^|[^\\$])\$([^$\n]+?)\$/g;
const CODE_SPAN = /`([^`\n]+)`/g;
const TAG = /<\/?[A-Za-z][^<>]*>/g;

/**
 * Maths with its numbers' separators made alike: a translation writes the numbers in its
 * language's convention inside formulas too (English 8{,}192 and 0.5, German 8{.}192 and
 * 0{,}5), so a separator between two digits, "{,}", "{.}" or ".", counts as one mark; the
 * digits themselves must stay.
 * @param {string} tex
 */
function sameNumerals(tex) {
  return tex.replace(/(\d)(?:\{,\}|\{\.\}|\.)(?=\d)/g, '$1#');
}

/**
 * A display formula as a translation must keep it: its numerals alike (sameNumerals) and the
 * words of its \text{...} pieces left to the language ("per-request speed" is German
 * "Geschwindigkeit pro Anfrage"); symbols, operators and structure stay.
 * @param {string} tex
 */
function sameMaths(tex) {
  return sameNumerals(tex).replace(/\\text\{[^{}]*\}/g, '\\text{…}');
}

/**
 * The structure of one lesson file, everything a translation must keep.
 * @param {string} source Markdown as in content/lesson/
 * @returns {{directives: string[], display: string[], inline: string[], code: string[], tags: string[],
 *   headings: number[], lists: string[], tables: string[], links: string[]}}
 *   directives: the part of each `{{...}}` before `|` ("term:kv_cache_bytes", "part:quiz"), in order;
 *   display: each `$$...$$` in order; inline: each `$...$`, sorted (word order may move them);
 *   code: code spans, sorted; tags: HTML tags, in order; headings: levels, in order;
 *   lists: "ordered:N"/"bullet:N" items per list, in order; tables: "COLSxROWS" per table;
 *   links: link targets, in order.
 */
function lessonShape(source) {
  let text = source.replace(/\r\n/g, '\n');
  const directives = [...text.matchAll(DIRECTIVE)].map((m) => m[1].trim());
  const display = [...text.matchAll(DISPLAY_MATH)].map((m) => sameMaths(m[1].trim()));
  // Lift what Markdown must not read (a `|` of a term or of maths would split a table cell).
  text = text.replace(DIRECTIVE, ' @@D@@ ').replace(DISPLAY_MATH, '\n@@M@@\n');
  const inline = [...text.matchAll(INLINE_MATH)].map((m) => sameNumerals(m[2].trim())).sort();
  text = text.replace(INLINE_MATH, (_, pre) => `${pre}@@m@@`);
  const code = [...text.matchAll(CODE_SPAN)].map((m) => m[1]).sort();
  const tags = [...text.replace(CODE_SPAN, '').matchAll(TAG)].map((m) => m[0]);
  const tokens = marked.lexer(text, { gfm: true });
  const headings = [];
  const lists = [];
  const tables = [];
  const links = [];
  marked.walkTokens(tokens, (t) => {
    if (t.type === 'heading') headings.push(t.depth);
    else if (t.type === 'list') lists.push(`${t.ordered ? 'ordered' : 'bullet'}:${t.items.length}`);
    else if (t.type === 'table') tables.push(`${t.header.length}x${t.rows.length}`);
    else if (t.type === 'link' || t.type === 'image') links.push(t.href);
  });
  return { directives, display, inline, code, tags, headings, lists, tables, links };
}

/** One line per way the translation's structure differs from the English file's ([] when none). */
function lessonDifferences(english, translated) {
  const en = lessonShape(english);
  const tr = lessonShape(translated);
  return Object.keys(en)
    .filter((k) => JSON.stringify(en[k]) !== JSON.stringify(tr[k]))
    .map((k) => `${k}: English ${JSON.stringify(en[k])}, translation ${JSON.stringify(tr[k])}`);
}

/** Straight quotes in a translation's prose (the typography rule of tests/node/typography.test.mjs). */
function straightQuotes(source) {
  return source.replace(DIRECTIVE, (m) => m.replace(/^[^|]*/, '')).replace(DISPLAY_MATH, '')
    .replace(INLINE_MATH, '$1').replace(CODE_SPAN, '').replace(TAG, '')
    .split('\n').filter((l) => /['"]/.test(l));
}

// ------------------------------------------------------ questions and tours ---

/** Keys whose string values are data (ids, names, units), not text a student reads. */
const DATA_KEYS = new Set(['format', 'lesson', 'version', 'id', 'kind', 'calc', 'preset', 'field', 'unit',
  'dimension', 'mistake', 'accept', 'step', 'choice', 'part']);

/** A quiz step's text (a questions.json step or a tour's `predict`) in the locale files' shape. */
function stepText(step) {
  const out = { prompt: step.prompt };
  if (step.feedback) out.feedback = { ...step.feedback };
  if (step.choices) {
    out.choices = Object.fromEntries(step.choices.map((c) => [c.id, c.text]));
    const withFeedback = step.choices.filter((c) => c.feedback !== undefined);
    if (withFeedback.length) out.choice_feedback = Object.fromEntries(withFeedback.map((c) => [c.id, c.feedback]));
  }
  return out;
}

function questionText(q) {
  const out = { title: q.title, prompt: q.prompt };
  if (q.worked) out.worked = [...q.worked];
  out.steps = Object.fromEntries(q.steps.map((s) => [s.id, stepText(s)]));
  if (q.explanation) out.explanation = [...q.explanation];
  return out;
}

const byId = (list, fn) => Object.fromEntries(list.map((x) => [x.id, fn(x)]));

/** The text of content/questions.json in the shape of content/locales/<locale>/questions.json (no header). */
function questionsText(doc) {
  const out = { questions: byId(doc.questions, questionText) };
  for (const block of ['practice', 'kv_practice', 'drills']) {
    if (doc[block]) out[block] = { title: doc[block].title, questions: byId(doc[block].questions, questionText) };
  }
  return out;
}

/** The text of content/tours.json in the shape of content/locales/<locale>/tours.json (no header). */
function toursText(doc) {
  return {
    tours: byId(doc.tours, (t) => ({
      title: t.title,
      description: t.description,
      steps: byId(t.steps, (s) => ({ title: s.title, text: s.text, ...(s.predict ? { predict: stepText(s.predict) } : {}) })),
    })),
  };
}

/** [path, string] for every string leaf; `data` keeps data keys (ids...) out when false. */
function* leaves(value, where = '', data = true) {
  if (typeof value === 'string') yield [where, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* leaves(v, `${where}[${i}]`, data);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (data || !DATA_KEYS.has(k)) yield* leaves(v, `${where}.${k}`, data);
  }
}

const placeholders = (s) => [...new Set(s.match(/\{[a-z][a-z0-9_]*\}/g) || [])].sort();

/**
 * How a locale text file differs from the text of the English file.
 * @param {object} expected questionsText(...) or toursText(...) of the English file
 * @param {object} translated the locale file, header included
 * @returns {string[]} "missing .path", "not in the English: .path", ".path: placeholders ...", "empty"
 */
function textDifferences(expected, translated) {
  const body = { ...translated };
  for (const k of ['format', 'locale', 'lesson', 'version']) delete body[k];
  const en = new Map(leaves(expected));
  const tr = new Map(leaves(body));
  const problems = [];
  for (const p of en.keys()) if (!tr.has(p)) problems.push(`missing ${p}`);
  for (const [p, s] of tr) {
    if (!en.has(p)) problems.push(`not in the English: ${p}`);
    else if (s.trim() === '') problems.push(`${p}: empty`);
    else if (placeholders(s).join() !== placeholders(en.get(p)).join()) {
      problems.push(`${p}: placeholders ${placeholders(s).join(' ') || '(none)'}, English ${placeholders(en.get(p)).join(' ') || '(none)'}`);
    }
  }
  return problems;
}

// ------------------------------------------------------------------- tests ---

const EN_QUESTIONS = readJson(path.join(CONTENT, 'questions.json'));
const EN_TOURS = readJson(path.join(CONTENT, 'tours.json'));
const EN_LESSON = lessonFiles(LESSON);

test('German is one of the locales, and every locale has lesson files, questions and tours', () => {
  assert.ok(LOCALE_LIST.includes('de'), `locales found: ${LOCALE_LIST.join(', ')}`);
  for (const locale of LOCALE_LIST) {
    assert.ok(existsSync(path.join(LESSON, locale)), `content/lesson/${locale}/ exists`);
    assert.ok(existsSync(path.join(LOCALES, locale, 'questions.json')), `content/locales/${locale}/questions.json exists`);
    assert.ok(existsSync(path.join(LOCALES, locale, 'tours.json')), `content/locales/${locale}/tours.json exists`);
  }
});

test('each locale has exactly the English lesson files', () => {
  assert.equal(EN_LESSON.length, 9, 'the English lesson has nine files, 01-intro.md to 09-references.md');
  for (const locale of LOCALE_LIST) {
    const files = readdirSync(path.join(LESSON, locale)).filter((n) => n.endsWith('.md')).sort();
    assert.deepEqual(files, EN_LESSON, `content/lesson/${locale}/ holds one file per English lesson file, same names`);
  }
});

test('each translated lesson file keeps the English structure', () => {
  const problems = [];
  for (const locale of LOCALE_LIST) {
    for (const file of EN_LESSON) {
      const tr = path.join(LESSON, locale, file);
      if (!existsSync(tr)) continue; // named by the test above
      const text = readFileSync(tr, 'utf8');
      for (const d of lessonDifferences(readFileSync(path.join(LESSON, file), 'utf8'), text)) problems.push(`${locale}/${file}: ${d}`);
      for (const line of straightQuotes(text)) problems.push(`${locale}/${file}: straight quote in "${line.trim()}"`);
    }
  }
  assert.deepEqual(problems, []);
});

test('each locale lesson renders with the page renderer: maths typeset, every part and term in place', () => {
  const count = (html, re) => (html.match(re) || []).length;
  const en = renderLesson(LESSON);
  // The English lesson: 12 parts ({{part:...}} lines); 8 linked terms, six in 03-budget.md and two in 07-decision.md.
  assert.equal(count(en.html, /<llm-budget-lab /g), 12);
  assert.equal(count(en.html, /data-term="/g), 8);
  for (const locale of LOCALE_LIST) {
    const tr = renderLesson(path.join(LESSON, locale)); // throws on maths temml cannot typeset
    assert.equal(count(tr.html, /<llm-budget-lab /g), 12, `${locale}: parts`);
    assert.deepEqual([...tr.html.matchAll(/data-term="([^"]+)"/g)].map((m) => m[1]),
      [...en.html.matchAll(/data-term="([^"]+)"/g)].map((m) => m[1]), `${locale}: linked terms`);
    assert.equal(count(tr.html, /<math/g), count(en.html, /<math/g), `${locale}: maths`);
    assert.deepEqual(tr.headings.map((h) => h.level), en.headings.map((h) => h.level), `${locale}: headings`);
  }
});

test('the structure read from a known file: 03-budget.md in English and German', () => {
  const en = lessonShape(readFileSync(path.join(LESSON, '03-budget.md'), 'utf8'));
  const de = lessonShape(readFileSync(path.join(LESSON, 'de', '03-budget.md'), 'utf8'));
  // Five linked terms, then the two parts, in the order the text gives them.
  const directives = ['term:weight_bytes', 'term:kv_cache_bytes', 'term:total_bytes', 'term:step_s',
    'term:bound_by', 'term:verdict', 'part:calculator', 'part:presets'];
  assert.deepEqual(en.directives, directives);
  assert.deepEqual(de.directives, directives);
  // "## The serving budget", then ### Memory, Time per decode step, Speed, Two architecture twists, Try it.
  assert.deepEqual(de.headings, [2, 3, 3, 3, 3, 3]);
  assert.equal(de.display.length, 6, 'M, t_step, t_memory, t_compute and the two speeds');
  assert.deepEqual(de.lists, ['bullet:2']);
  // 02-four-costs.md's table: four columns, eight levers.
  assert.deepEqual(lessonShape(readFileSync(path.join(LESSON, 'de', '02-four-costs.md'), 'utf8')).tables, ['4x8']);
});

test('a translation that breaks the structure is named', () => {
  const en = readFileSync(path.join(LESSON, '03-budget.md'), 'utf8');
  const de = readFileSync(path.join(LESSON, 'de', '03-budget.md'), 'utf8');
  assert.deepEqual(lessonDifferences(en, de), []);
  // Replaces one passage of the German file (a plain string, so `$$` stays `$$`) and names what differs.
  const named = (from, to, base = de, english = en) => {
    assert.ok(base.includes(from), `the German file holds ${from}`);
    return lessonDifferences(english, base.split(from).join(to)).map((d) => d.split(':')[0]);
  };
  assert.deepEqual(named('{{term:verdict|Speicherurteil}}', 'Speicherurteil'), ['directives']);
  assert.deepEqual(named('{{term:verdict|', '{{term:fits|'), ['directives']);
  assert.deepEqual(named('### Speicher\n', '#### Speicher\n'), ['headings']);
  assert.deepEqual(named('$$t_{\\text{compute}} = \\frac{2\\,P\\,B}{F}$$', '$$t_{\\text{compute}} = \\frac{2\\,P}{F}$$'), ['display']);
  assert.deepEqual(named('$\\min(n, W)$', '$\\min(W, n)$'), ['inline']);
  assert.deepEqual(named('- **Sliding Window', '**Sliding Window'), ['lists']);
  assert.deepEqual(named('Gewichte}}', 'Gewichte}} <abbr title="x">KV</abbr>'), ['tags']);
  assert.deepEqual(named('gängige GPUs', '[gängige GPUs](#gpus)'), ['links']);
  const table = readFileSync(path.join(LESSON, '05-attention-kernels.md'), 'utf8');
  const deTable = readFileSync(path.join(LESSON, 'de', '05-attention-kernels.md'), 'utf8');
  assert.deepEqual(named('| 32.768 | 68,72 GB |\n', '', deTable, table), ['tables']);
  const check = readFileSync(path.join(LESSON, '08-knowledge-check.md'), 'utf8');
  const deCheck = readFileSync(path.join(LESSON, 'de', '08-knowledge-check.md'), 'utf8');
  assert.deepEqual(named('`2 * 32 * 8 * 128 * 2`', '`2 * 32 * 8 * 128`', deCheck, check), ['code']);
  // A straight quote in prose is named; in a code span or maths it is not.
  assert.deepEqual(straightQuotes('Das "Preset"\n`a "b"` und $\\text{"}$'), ['Das "Preset"']);
});

test('each locale questions.json gives exactly the English text fields, keyed by ids, with the same placeholders', () => {
  const expected = questionsText(EN_QUESTIONS);
  // Every text string of the English file is in the mapping (a new kind of text field fails here).
  const textLeaves = [...leaves(EN_QUESTIONS, '', false)].filter(([p]) => !/^\.(format|lesson|version)$/.test(p));
  assert.equal([...leaves(expected)].length, textLeaves.length, 'every text string of content/questions.json is mapped');
  for (const locale of LOCALE_LIST) {
    const tr = readJson(path.join(LOCALES, locale, 'questions.json'));
    assert.deepEqual([tr.format, tr.locale, tr.lesson, tr.version],
      ['llm-budget-lab-questions-text', locale, EN_QUESTIONS.lesson, EN_QUESTIONS.version]);
    assert.deepEqual(textDifferences(expected, tr), [], `content/locales/${locale}/questions.json`);
  }
});

test('locale text files use typographic quotes, never straight ones', () => {
  const found = [];
  for (const locale of LOCALE_LIST) {
    for (const name of ['questions.json', 'tours.json']) {
      const doc = readJson(path.join(LOCALES, locale, name));
      for (const [where, text] of leaves(doc, '', false)) if (/['"]/.test(text)) found.push(`${locale}/${name}${where}: ${text}`);
    }
  }
  assert.deepEqual(found, []);
});

test('the German questions hold the 13 questions, and q1-fit is the one of the lesson', () => {
  const de = readJson(path.join(LOCALES, 'de', 'questions.json'));
  const ids = [de.questions, de.practice.questions, de.kv_practice.questions, de.drills.questions].map(Object.keys);
  assert.deepEqual(ids, [['q1-fit', 'q2-speculative', 'q3-output-changing', 'q4-littles-law'],
    ['p1-fit', 'p2-speculative'], ['kv1-size', 'kv2-recompute'],
    ['drill-moe-weights', 'drill-head-dim', 'drill-kv-heads', 'drill-gib-gb', 'drill-vram-summed']]);
  assert.deepEqual(Object.keys(de.questions['q1-fit'].steps.lever.choices),
    ['cache-8bit', 'fewer-kv-heads', 'lower-load', 'flash-attention', 'speculative', 'bigger-batch']);
  assert.equal(de.drills.questions['drill-gib-gb'].worked.length, 6);
  assert.deepEqual(placeholders(de.questions['q1-fit'].explanation[0]), ['{cache_gb}', '{total_gb}', '{weight_gb}']);
});

test('a questions text file with a foreign id, a missing field or other placeholders is named', () => {
  const expected = questionsText(EN_QUESTIONS);
  const de = readJson(path.join(LOCALES, 'de', 'questions.json'));
  const broken = structuredClone(de);
  broken.questions['q9-extra'] = { title: 'Frage 9' };
  broken.questions['q1-fit'].steps.lever.choices.quantise = 'Quantisieren';
  delete broken.questions['q2-speculative'].steps.tokens.feedback.close;
  broken.questions['q2-speculative'].explanation.pop();
  broken.drills.questions['drill-gib-gb'].steps.corrected.feedback.wrong_unit = '';
  broken.questions['q1-fit'].prompt = broken.questions['q1-fit'].prompt.replace('{cache_gb}', '{cache}');
  assert.deepEqual(textDifferences(expected, broken).sort(), [
    '.drills.questions.drill-gib-gb.steps.corrected.feedback.wrong_unit: empty',
    '.questions.q1-fit.prompt: placeholders {cache} {gpu_gb}, English {cache_gb} {gpu_gb}',
    'missing .questions.q2-speculative.explanation[2]',
    'missing .questions.q2-speculative.steps.tokens.feedback.close',
    'not in the English: .questions.q1-fit.steps.lever.choices.quantise',
    'not in the English: .questions.q9-extra.title',
  ]);
});

test('each locale tours.json gives exactly the English text fields, keyed by ids, with the same placeholders', () => {
  const expected = toursText(EN_TOURS);
  const textLeaves = [...leaves(EN_TOURS, '', false)];
  assert.equal([...leaves(expected)].length, textLeaves.length, 'every text string of content/tours.json is mapped');
  for (const locale of LOCALE_LIST) {
    const tr = readJson(path.join(LOCALES, locale, 'tours.json'));
    assert.deepEqual([tr.format, tr.locale], ['llm-budget-lab-tours-text', locale]);
    assert.deepEqual(textDifferences(expected, tr), [], `content/locales/${locale}/tours.json`);
  }
  const de = readJson(path.join(LOCALES, 'de', 'tours.json'));
  assert.deepEqual(Object.keys(de.tours), ['decision', 'four-costs']);
  assert.deepEqual(Object.keys(de.tours.decision.steps), ['workload', 'baseline', 'keep-output', 'change-output', 'measure']);
  assert.deepEqual(Object.keys(de.tours['four-costs'].steps.bandwidth.predict.choices), ['up', 'same', 'down']);
  const broken = structuredClone(de);
  delete broken.tours.decision.steps.measure.text;
  broken.tours['four-costs'].steps.cache.predict.hint = 'Tipp';
  assert.deepEqual(textDifferences(expected, broken),
    ['missing .tours.decision.steps.measure.text', 'not in the English: .tours.four-costs.steps.cache.predict.hint']);
});
