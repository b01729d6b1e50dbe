// The words of the pages around the element (content/ui/<l>.json): the instructors' page's
// ids cover every part and theme property the page lists, its inline markup, the term tips'
// sentences and the element's shell notices, in English and German.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { translator, ENGLISH } from '../../web/element/i18n.js';
import { PARTS } from '../../web/element/part-names.js';
import { inlineMarkup, renderInstructors, themeProperties } from '../../web/instructors/render.mjs';
import { termTipAttributes } from '../../web/page/render-lesson.mjs';
import { shellNotice, errorWords } from '../../web/element/shell-notices.js';
import { notices } from '../../web/scorm/adapter.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DE = JSON.parse(readFileSync(path.join(REPO, 'content/ui/de.json'), 'utf8'));
const de = translator('de', DE);

test('every part and theme property the instructors\' page lists has its words in English and German', () => {
  for (const p of PARTS) {
    assert.equal(typeof ENGLISH[`instructors.part.${p.name}`], 'string', p.name);
    assert.equal(typeof DE[`instructors.part.${p.name}`], 'string', p.name);
  }
  // And no sentence for a part that does not exist (a renamed part).
  const named = new Set([...PARTS.map((p) => p.name), 'all']); // parts="all" has its row too
  assert.deepEqual(Object.keys(ENGLISH).filter((id) => id.startsWith('instructors.part.') && !named.has(id.slice('instructors.part.'.length))), []);
  const props = themeProperties(readFileSync(path.join(REPO, 'web/styles/lab.css'), 'utf8'));
  assert.ok(props.length >= 16);
  for (const p of props) {
    const id = `instructors.prop.${p.name.slice('--llmb-'.length)}`;
    assert.equal(typeof ENGLISH[id], 'string', id);
    assert.equal(typeof DE[id], 'string', id);
  }
});

test('the instructors\' page in German: its text from de.json, its code as written', () => {
  const html = renderInstructors(REPO, { t: de.t, locale: 'de', script: 'instructors.de.js', lessonHref: 'index.de.html' });
  assert.match(html, /<html lang="de">/);
  assert.match(html, /<script src="instructors\.de\.js" defer><\/script>/);
  assert.match(html, /<h2 id="files">1\. Die Dateien kopieren<\/h2>/);
  // The theme section counts the properties lab.css declares.
  const count = themeProperties(readFileSync(path.join(REPO, 'web/styles/lab.css'), 'utf8')).length;
  assert.ok(html.includes(`Setzen Sie in Ihrem Stylesheet beliebige dieser ${count} CSS Custom Properties`));
  assert.ok(html.includes('<p>Die Lektion selbst finden Sie unter <a href="index.de.html">index.de.html</a>; sie ist aus demselben Element gebaut.</p>'));
  assert.ok(html.includes('<td>Konfiguration: jede Eingabe</td>'));
  // No placeholder left unfilled.
  assert.doesNotMatch(html, /\{\{|\}\}/);
  // The English page by default.
  const en = renderInstructors(REPO);
  assert.match(en, /<html lang="en">/);
  assert.match(en, /<h2 id="files">1\. Copy the files<\/h2>/);
  assert.ok(en.includes('<p>The lesson itself is at <a href="index.html">index.html</a>; it is built from the same element.</p>'));
});

test('inline markup: text escaped, `code` and **strong** as elements', () => {
  assert.equal(inlineMarkup('Attributes of `<llm-budget-lab>` & **more**'), 'Attributes of <code>&lt;llm-budget-lab&gt;</code> &amp; <strong>more</strong>');
  assert.equal(inlineMarkup('`parts="a b"`'), '<code>parts="a b"</code>');
});

test('term tips and shell notices in German, placeholders kept for the page script', () => {
  assert.equal(termTipAttributes(de.t), ' data-text-value-label="Derzeit im Baustein „{part}“: {label}, {value}" data-text-value="Derzeit im Baustein „{part}“: {value}"'
    + ' data-text-outlined="Im Baustein „{part}“ umrandet." data-text-not-loaded="Der Baustein „{part}“ ist noch nicht geladen."');
  assert.equal(termTipAttributes(), ' data-text-value-label="In the {part} now: {label}, {value}" data-text-value="In the {part} now: {value}"'
    + ' data-text-outlined="Outlined in the {part}." data-text-not-loaded="The {part} has not loaded yet."');
  // Without the German strings script loaded (here, in node), the shell says it in English.
  assert.equal(shellNotice('de', 'notice.startFailed', { error: 'x.js could not be loaded' }), 'The budget lab could not start in this browser: x.js could not be loaded');
  assert.throws(() => shellNotice('en', 'notice.nothing'), /no message "notice\.nothing"/);
  // A script loader's failure carries its notice: said in the element's language, else its message.
  const late = Object.assign(new Error('x.js did not arrive within 0.5 seconds'), { notice: { id: 'notice.scriptLate', params: { file: 'x.js', seconds: 0.5 } } });
  assert.equal(errorWords(late, de.t), 'x.js ist nicht innerhalb von 0,5 Sekunden eingetroffen');
  assert.equal(errorWords(late, (id, params) => shellNotice('en', id, params)), 'x.js did not arrive within 0.5 seconds');
  assert.equal(errorWords(new Error('plain'), de.t), 'plain');
});

test('SCORM notices by locale: numbers written for the locale, plurals by its rules', () => {
  const en = notices(translator('en', null).t);
  // 64,000 characters is SCORM 2004's guaranteed suspend_data length (suspend-data.js MAX_SUSPEND_CHARS).
  assert.equal(en.tooLong(70123), 'Your answers are now too long for your learning platform to keep (70,123 characters; it keeps at most 64,000), so they are kept in this browser until they fit again. The platform still holds the answers saved before.');
  assert.equal(en.merged(1), 'Your answers were merged from your learning platform (LMS) and this browser: for each step the answer saved last is shown (1 answer from this browser).');
  const g = notices(de.t);
  assert.equal(g.cut(1500, 70123), 'Ihre Lernplattform hat nur einen Teil Ihrer Antworten behalten (1.500 von 70.123 Zeichen); deshalb bleiben sie von jetzt an in diesem Browser.');
  assert.match(g.fromBrowser(3), /\(3 Antworten\)/);
  assert.match(g.fromBrowser(1), /\(1 Antwort\)/);
});
