// The pages around the element in German, served with the strict CSP: the instructors'
// page (dist/instructors.de.html, its text, its preview and its questions workbench), the
// lesson's term tips on dist/index.de.html, and the element's start-up and load-failure
// notices when it is German, and the German SCORM package. The English pages keep their words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { REPO, DIST, openSession, closeSession, recordedPage, assertQuiet, waitReady, serveFolder } from './lib/harness.mjs';

const QUESTIONS = JSON.parse(readFileSync(path.join(REPO, 'content/questions.json'), 'utf8'));
const strings = (locale) => JSON.parse(readFileSync(path.join(REPO, 'content/ui', `${locale}.json`), 'utf8'));
const EN = strings('en');
const DE = strings('de');
/** A pattern as proseOf reads it: its `code` left out, **strong** as plain text, spaces collapsed. */
const proseText = (text) => text.replace(/`[^`]*`/g, '').replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
/** Sentences the page's script shows only on an action (each tested below where it appears). */
const RUNTIME = new Set(['instructors.copied', 'instructors.copySelected', 'instructors.previewParts', 'instructors.previewPartsPreset',
  'instructors.previewIgnored', 'instructors.previewNoTag', 'instructors.previewNotClosed', 'instructors.wbTooLarge', 'instructors.wbEmpty',
  'instructors.wbNotJson', 'instructors.wbFileTooLarge', 'instructors.previewRegion', 'instructors.wbPreviewRegion']);

let browser;
let server;
before(async () => { ({ browser, server } = await openSession({ csp: true })); });
after(() => closeSession({ browser, server }));

const status = (page) => page.locator('#wb-status').textContent();
const QUIZ = '#wb-lab [data-part="quiz"]';

/** The page's visible text outside code: what a reader reads as sentences. */
const proseOf = (page) => page.evaluate(() => {
  const copy = document.body.cloneNode(true);
  for (const n of copy.querySelectorAll('code, pre, textarea, llm-budget-lab, script, .page-languages')) n.remove();
  return copy.textContent.replace(/\s+/g, ' ');
});

test('German instructors\' page: every sentence in German, linked with the English one', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1300, height: 900 } });
  const { page } = rec;
  await page.goto(`${server.url}instructors.de.html`);
  assert.equal(await page.getAttribute('html', 'lang'), 'de');
  assert.equal(await page.title(), 'LLM Budget Lab für Lehrende: das Labor einbinden');
  assert.equal(await page.locator('h1').textContent(), 'Das Labor in Ihre eigene Seite einbinden');
  assert.equal(await page.locator('#workbench').textContent(), '8. Eine Fragen-Datei prüfen');
  assert.equal(await page.locator('.page-footer a').getAttribute('href'), 'index.de.html');
  // Every sentence of the page body whose German differs from the English is shown in German,
  // and its English is not there (code, which both pages share, left out of both).
  const prose = await proseOf(page);
  // The iframe's title sits in the snippet's code (tests/browser/instructors-snippets.test.mjs checks it).
  const differ = Object.keys(EN).filter((id) => id.startsWith('instructors.') && !RUNTIME.has(id) && typeof EN[id] === 'string'
    && !/\{/.test(EN[id]) && EN[id] !== DE[id] && !['instructors.description', 'instructors.title', 'instructors.languageName', 'instructors.iframeTitle'].includes(id));
  assert.ok(differ.length > 100, `${differ.length} sentences compared`);
  assert.deepEqual(differ.filter((id) => !prose.includes(proseText(DE[id]))), [], 'German sentences not shown');
  assert.deepEqual(differ.filter((id) => /\s/.test(EN[id]) && prose.includes(proseText(EN[id]))), [], 'English sentences left on the German page');
  // The two regions are named in German.
  assert.equal(await page.locator('#preview-slot').getAttribute('aria-label'), 'Vorschau');
  assert.equal(await page.locator('.workbench-preview').getAttribute('aria-label'), 'Vorschau des Wissenstests');
  // The other language, named in its own language.
  const other = page.locator('.page-languages a');
  assert.equal(await other.textContent(), 'This guide in English');
  assert.equal(await other.getAttribute('href'), 'instructors.html');
  assert.equal(await other.getAttribute('hreflang'), 'en');
  // Tables: a part's words and a theme property's words in German.
  assert.equal(await page.locator('tr:has(th code:text-is("quiz")) td').first().textContent(), DE['instructors.part.quiz']);
  assert.equal(await page.locator('tr:has(th code:text-is("--llmb-warn")) td').first().textContent(), '„knapp“');

  // The live preview's status: the snippet as written (parts calculator, the lesson's GQA-8 preset, one --llmb-* property).
  await page.waitForFunction(() => document.getElementById('preview-status').textContent !== '');
  assert.equal(await page.locator('#preview-status').textContent(), 'Vorschau: Bausteine „calculator“, Vorgabe „lesson-gqa8-8“, 1 Design-Eigenschaft.');
  await page.locator('#preview-source').fill('<llm-budget-lab parts="table" onclick="x()" style="--llmb-accent: #6a1b9a; --llmb-bg: #fffdf5"></llm-budget-lab>');
  await page.waitForFunction(() => document.getElementById('preview-status').textContent.includes('2 Design'));
  assert.equal(await page.locator('#preview-status').textContent(), 'Vorschau: Bausteine „table“, 2 Design-Eigenschaften. Hier nicht verwendet: onclick.');
  await page.locator('#preview-source').fill('<div></div>');
  await page.waitForFunction(() => document.getElementById('preview-status').textContent.startsWith('Kein'));
  assert.equal(await page.locator('#preview-status').textContent(), 'Kein Tag <llm-budget-lab> gefunden.');

  // The workbench: its messages in German, the quiz beside it in German.
  await page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  assert.equal(await status(page), 'Noch nichts zu prüfen: Wählen Sie eine Datei oder fügen Sie das JSON einer Fragen-Datei ein.');
  await page.locator('#wb-built-in').click();
  await page.waitForFunction(() => document.getElementById('wb-status').dataset.result === 'ok');
  assert.equal(await status(page), `Keine Probleme: ${QUESTIONS.questions.length} Fragen, im Wissenstest daneben gezeigt. Nichts wurde hochgeladen.`);
  const broken = JSON.parse(JSON.stringify(QUESTIONS));
  broken.questions[0].steps[0].dimension = 'furlongs';
  await page.locator('#wb-source').fill(JSON.stringify(broken));
  await page.waitForFunction(() => document.getElementById('wb-status').dataset.result === 'problems');
  assert.equal(await status(page), '1 Problem gefunden; der Wissenstest daneben zeigt weiter die letzte Fassung ohne Probleme.');
  assert.equal(await page.locator('#wb-problems caption').textContent(), 'Probleme');
  assert.deepEqual(await page.locator('#wb-problems thead th').allTextContents(), ['Frage', 'Feld', 'Was falsch ist']);
  await page.locator('#wb-source').fill('{"format": ');
  await page.waitForFunction(() => document.getElementById('wb-status').dataset.result === 'error');
  // Where the text stops being JSON, in the page's words (it ends after its 11th character).
  assert.equal(await status(page), 'Das ist kein gültiges JSON (der erste Fehler steht in Zeile 1, Spalte 12).');
  // The quiz beside speaks the page's language: its Check buttons say "Prüfen".
  assert.equal(await page.locator('#wb-lab button.quiz-check').first().textContent(), DE['quiz.check']);
  assertQuiet(rec);
  await rec.context.close();
});

test('English instructors\' page: its words as before, and a link to the German one', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1300, height: 900 } });
  const { page } = rec;
  await page.goto(`${server.url}instructors.html`);
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await page.title(), 'LLM Budget Lab for instructors: embedding the lab');
  assert.equal(await page.locator('h1').textContent(), 'Put the lab into your own page');
  const other = page.locator('.page-languages a');
  assert.equal(await other.textContent(), 'Diese Anleitung auf Deutsch');
  assert.equal(await other.getAttribute('href'), 'instructors.de.html');
  assert.equal((await page.locator('.page-footer').textContent()).trim(), 'The lesson itself is at index.html; it is built from the same element.');
  assert.equal(await page.locator('.page-footer a').getAttribute('href'), 'index.html');
  await page.waitForFunction(() => document.getElementById('preview-status').textContent !== '');
  assert.equal(await page.locator('#preview-status').textContent(), 'Preview: parts “calculator”, preset “lesson-gqa8-8”, 1 theme property.');
  await page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  assert.equal(await status(page), 'Nothing to check yet: choose a file or paste a questions file’s JSON.');
  assert.equal(await page.locator('tr:has(th code:text-is("--llmb-warn")) td').first().textContent(), '“tight”');
  assert.equal(await page.locator('#drills strong').textContent(), 'Find-the-mistake drills.');
  assertQuiet(rec);
  await rec.context.close();
});

test('German lesson page: a linked term\'s tip says its number in German', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page } = rec;
  await page.goto(`${server.url}index.de.html`);
  const term = page.locator('.lab-term[data-term="calculator.kv_cache_bytes"]').first();
  await term.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll('llm-budget-lab')].find((e) => e.getAttribute('parts') === 'calculator').hasAttribute('ready'), null, { timeout: 15000 });
  await term.focus();
  const tip = page.locator('#lab-term-tip');
  assert.ok(await tip.isVisible());
  // The lesson's default row (GQA-8, 16-bit cache, batch 16, 8,192 tokens): 32 layers x 2 (K and V)
  // x 8 KV heads x 128 dims x 2 bytes = 131,072 bytes per token; x 8,192 tokens x 16 requests
  // = 17.18e9 bytes, written "17,2 GB" in German, and 131,072 bytes per token "131,1 kB pro Token".
  assert.equal(await tip.textContent(), 'Derzeit im Baustein „Rechner“: KV-Cache, 17,2 GB (131,1 kB pro Token)');
  await term.blur();
  assert.ok(!(await tip.isVisible()));
  await rec.context.close();
});

test('German element: the notice when the built-in presets or the core script cannot load', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.route('**/llm-budget-lab-presets.js', (route) => route.abort());
  await rec.page.goto(`${server.url}embed.html?parts=calculator&preset=lesson-gqa8-8&lang=de`);
  await waitReady(rec.page);
  // The lesson's default row (16-bit weights, GQA-8, 16-bit cache, batch 16): 31.2 GB, "31,2 GB" in German.
  assert.equal(await rec.page.locator('llm-budget-lab [data-out="total_bytes"]').textContent(), '31,2 GB');
  const notices = await rec.page.locator('llm-budget-lab [data-lab-notice]').allTextContents();
  assert.deepEqual(notices, ['Die eingebauten Vorgaben konnten nicht geladen werden (llm-budget-lab-presets.js konnte nicht geladen werden); daher werden die Standardeingaben der Lektion gezeigt, und kein Modell, keine GPU und keine Konfiguration ist aufgeführt. Laden Sie die Seite neu, um es noch einmal zu versuchen.']);
  await rec.context.close();

  // A part whose script cannot load says so in its place, in German, and names the file.
  const partless = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await partless.page.route('**/llm-budget-lab-part-table.js', (route) => route.abort());
  await partless.page.goto(`${server.url}embed.html?parts=calculator,table&lang=de`);
  await partless.page.waitForSelector('llm-budget-lab [data-part="table"] .lab-error', { timeout: 15000 });
  assert.equal(await partless.page.locator('llm-budget-lab [data-part="table"] .lab-error').textContent(),
    'Dieser Baustein konnte nicht geladen werden (llm-budget-lab-part-table.js konnte nicht geladen werden). Der Rest des Labors funktioniert; laden Sie die Seite neu, um es noch einmal zu versuchen.');
  await partless.context.close();

  for (const [lang, text] of [['de', 'Das Budget-Labor konnte in diesem Browser nicht starten: llm-budget-lab-core-calc.js konnte nicht geladen werden'],
    ['en', 'The budget lab could not start in this browser: llm-budget-lab-core-calc.js could not be loaded']]) {
    const failing = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
    await failing.page.route('**/llm-budget-lab-core-calc.js', (route) => route.abort());
    await failing.page.goto(`${server.url}embed.html?parts=calculator&lang=${lang}`);
    await failing.page.waitForSelector('llm-budget-lab[failed]', { timeout: 15000 });
    assert.equal(await failing.page.locator('llm-budget-lab .lab-error[role="alert"]').textContent(), text);
    await failing.context.close();
  }
});

test('German SCORM package: the German lesson, its strings script, and the adapter\'s notice in German', async () => {
  const files = unzipSync(new Uint8Array(readFileSync(path.join(DIST, 'llm-budget-lab-scorm.de.zip'))));
  const names = Object.keys(files);
  for (const f of ['imsmanifest.xml', 'index.html', 'scorm-adapter.de.js', 'llm-budget-lab-locale-de.js', 'llm-budget-lab.wasm']) assert.ok(names.includes(f), f);
  assert.ok(!names.includes('scorm-adapter.js'));
  const manifest = strFromU8(files['imsmanifest.xml']);
  assert.match(manifest, /<title>LLM Budget Lab: was der Betrieb eines Sprachmodells kostet<\/title>/);
  assert.match(manifest, /<manifest identifier="llm-budget-lab-LM10-T6-de"/);
  // Every file of the zip is listed in the manifest.
  assert.deepEqual(names.filter((n) => n !== 'imsmanifest.xml' && !manifest.includes(`href="${n}"`)), []);
  const launchHtml = strFromU8(files['index.html']);
  assert.match(launchHtml, /<html lang="de">/);
  assert.ok(launchHtml.indexOf('scorm-adapter.de.js') < launchHtml.indexOf('llm-budget-lab.js'));

  // Opened outside a learning platform: the lesson works and says once, in German, that progress is not recorded.
  const dir = mkdtempSync(path.join(tmpdir(), 'scorm-de-'));
  const served = [];
  try {
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
    const pkg = await serveFolder(dir);
    served.push(pkg);
    const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
    await rec.page.goto(`${pkg.url}index.html`);
    await rec.page.waitForSelector('[data-scorm-notice="lost"]', { timeout: 15000 });
    assert.equal(await rec.page.locator('[data-scorm-notice="lost"]').textContent(), DE['scorm.lost']);
    assert.equal(await rec.page.locator('h1').textContent(), DE['page.heading']);
    await rec.context.close();
  } finally {
    for (const s of served) await s.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
