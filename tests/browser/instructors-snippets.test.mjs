// The instructors' pages (dist/instructors.html and dist/instructors.de.html), served with
// the strict CSP, as a teacher uses them: the embed snippets the Copy buttons put on the
// clipboard speak the page's language (the German ones ask for German with `lang="de"` and
// `&lang=de` and carry a German iframe title; the English ones are as they always were),
// `lang` is in the list of query parameters, each page links to its SCORM package and names
// the other language's (both links fetched from the harness server), the questions
// workbench names the length limit for a choice text that is too long, and the preview's
// status names the parts the element does not know.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openSession, closeSession, recordedPage, assertQuiet, DIST, REPO } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession({ csp: true })); });
after(() => closeSession({ browser, server }));

const PAGES = {
  en: {
    file: 'instructors.html',
    element: `<script src="https://your.site/lab/llm-budget-lab.js" defer></script>

<llm-budget-lab parts="calculator memory-chart" preset="lesson-gqa8-8"></llm-budget-lab>`,
    iframe: `<iframe data-llm-budget-lab
        src="https://your.site/lab/embed.html?parts=calculator%20memory-chart&preset=lesson-gqa8-8"
        title="LLM Budget Lab: serving-budget calculator" height="900" loading="lazy"></iframe>
<script src="https://your.site/lab/llm-budget-lab-embed.js" defer></script>`,
    query: '(parts, preset, group, questions, inputs, presets, fetch-timeout, lang)',
    scorm: 'Download the package: llm-budget-lab-scorm.zip. The lesson in German: llm-budget-lab-scorm.de.zip.',
    hrefs: ['llm-budget-lab-scorm.zip', 'llm-budget-lab-scorm.de.zip'],
    tooLong: 'must be a non-empty string of at most 2000 characters',
    preview: 'Preview: parts “kalkulator table”. Unknown part, not shown: kalkulator.',
    previewTwo: 'Preview: parts “kalkulator,table,chart”. Unknown parts, not shown: kalkulator, chart.',
  },
  de: {
    file: 'instructors.de.html',
    element: `<script src="https://your.site/lab/llm-budget-lab.js" defer></script>

<llm-budget-lab parts="calculator memory-chart" preset="lesson-gqa8-8" lang="de"></llm-budget-lab>`,
    iframe: `<iframe data-llm-budget-lab
        src="https://your.site/lab/embed.html?parts=calculator%20memory-chart&preset=lesson-gqa8-8&lang=de"
        title="LLM Budget Lab: Rechner für das Serving-Budget" height="900" loading="lazy"></iframe>
<script src="https://your.site/lab/llm-budget-lab-embed.js" defer></script>`,
    query: '(parts, preset, group, questions, inputs, presets, fetch-timeout, lang)',
    scorm: 'Paket herunterladen: llm-budget-lab-scorm.de.zip. Die Lektion auf Englisch: llm-budget-lab-scorm.zip.',
    hrefs: ['llm-budget-lab-scorm.de.zip', 'llm-budget-lab-scorm.zip'],
    tooLong: 'muss ein nicht leerer String mit höchstens 2000 Zeichen sein',
    preview: 'Vorschau: Bausteine „kalkulator table“. Unbekannter Baustein, nicht angezeigt: kalkulator.',
    previewTwo: 'Vorschau: Bausteine „kalkulator,table,chart“. Unbekannte Bausteine, nicht angezeigt: kalkulator, chart.',
  },
};

for (const [locale, want] of Object.entries(PAGES)) {
  test(`${locale}: the copied embed snippets speak the page's language and lang is a documented parameter`, async () => {
    const rec = await recordedPage(browser, { viewport: { width: 1300, height: 900 } });
    const { page, context } = rec;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
    await page.goto(`${server.url}${want.file}`);
    await page.waitForFunction(() => document.getElementById('preview-status').textContent !== '');
    for (const [id, text] of [['snippet-element', want.element], ['snippet-iframe', want.iframe]]) {
      await page.locator(`button[data-copy="${id}"]`).click();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text, id);
      assert.equal(await page.locator(`#${id}`).textContent(), text, `${id} as shown`);
    }
    const query = await page.locator('#iframe ~ .snippet + p').first().textContent();
    assert.ok(query.includes(want.query), query);
    // The attributes table has a row for lang.
    assert.equal(await page.locator('#attributes ~ .table-scroll table tbody th code', { hasText: /^lang$/ }).count(), 1);
    // The copied iframe's address, on the harness server instead of your.site, opens the lab
    // in the page's language: the calculator's "Model" group legend is "Modell" in German.
    const src = want.iframe.match(/src="([^"]+)"/)[1].replace('https://your.site/lab/', server.url);
    await page.goto(src);
    await page.waitForFunction(() => document.querySelector('llm-budget-lab')?.shadowRoot?.querySelector('[data-part="calculator"] legend'), null, { timeout: 15000 });
    assert.equal(await page.evaluate(() => document.documentElement.lang), locale);
    const legends = await page.evaluate(() => [...document.querySelector('llm-budget-lab').shadowRoot.querySelectorAll('[data-part="calculator"] legend')].map((l) => l.textContent.trim()));
    assert.ok(legends.includes(locale === 'de' ? 'Modell' : 'Model'), legends.join(' | '));
    assertQuiet(rec);
    await context.close();
  });

  test(`${locale}: the SCORM packages are links that download from the same folder`, async () => {
    const rec = await recordedPage(browser);
    const { page, context } = rec;
    await page.goto(`${server.url}${want.file}`);
    assert.equal(await page.locator('#scorm-download').textContent(), want.scorm);
    const hrefs = await page.locator('#scorm-download a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(hrefs, want.hrefs);
    for (const href of hrefs) {
      assert.ok(existsSync(path.join(DIST, href)), `dist/${href}`);
      const response = await page.request.get(new URL(href, page.url()).href);
      assert.equal(response.status(), 200, href);
      const body = await response.body();
      // A zip file starts with "PK\x03\x04" and is the file dist/ holds.
      assert.equal(body.subarray(0, 4).toString('latin1'), 'PK\u0003\u0004', href);
      assert.equal(body.length, readFileSync(path.join(DIST, href)).length, href);
    }
    assertQuiet(rec);
    await context.close();
  });

  test(`${locale}: a choice text of 5,000 characters is named with the 2,000-character limit`, async () => {
    const rec = await recordedPage(browser, { viewport: { width: 1300, height: 900 } });
    const { page, context } = rec;
    await page.goto(`${server.url}${want.file}`);
    await page.waitForSelector('#wb-lab [data-part="quiz"][data-state="ready"]', { timeout: 15000 });
    // The built-in questions with one change: question q1-fit, step "fits", first choice's text.
    const doc = JSON.parse(readFileSync(path.join(REPO, 'content/questions.json'), 'utf8'));
    const step = doc.questions.find((q) => q.id === 'q1-fit').steps.find((s) => s.id === 'fits');
    step.choices[0].text = 'x'.repeat(5000);
    await page.locator('#wb-source').fill(JSON.stringify(doc));
    await page.waitForFunction(() => document.getElementById('wb-status').dataset.result === 'problems');
    const rows = await page.locator('#wb-problems tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    assert.deepEqual(rows, [['q1-fit', 'steps.fits.choices[0].text', want.tooLong]]);
    // An empty choice text still gets the sentence about an empty string.
    step.choices[0].text = '  ';
    await page.locator('#wb-source').fill(JSON.stringify(doc));
    await page.waitForFunction((tooLong) => {
      const cell = document.querySelector('#wb-problems tbody td:last-child');
      return cell && cell.textContent !== tooLong;
    }, want.tooLong);
    const cells = await page.locator('#wb-problems tbody td').allTextContents();
    assert.deepEqual(cells, ['steps.fits.choices[0].text', locale === 'de' ? 'muss ein nicht leerer String sein' : 'must be a non-empty string']);
    assertQuiet(rec);
    await context.close();
  });

  test(`${locale}: the preview's status names the parts the element does not know`, async () => {
    const rec = await recordedPage(browser, { viewport: { width: 1300, height: 900 } });
    const { page, context } = rec;
    await page.goto(`${server.url}${want.file}`);
    const status = page.locator('#preview-status');
    await page.locator('#preview-source').fill('<llm-budget-lab parts="kalkulator table"></llm-budget-lab>');
    await page.waitForFunction((text) => document.getElementById('preview-status').textContent === text, want.preview, { timeout: 5000 })
      .catch(() => {});
    assert.equal(await status.textContent(), want.preview);
    await page.locator('#preview-source').fill('<llm-budget-lab parts="kalkulator,table,chart"></llm-budget-lab>');
    await page.waitForFunction((text) => document.getElementById('preview-status').textContent === text, want.previewTwo, { timeout: 5000 })
      .catch(() => {});
    assert.equal(await status.textContent(), want.previewTwo);
    // lang is the element's language, not a word the preview leaves out.
    await page.locator('#preview-source').fill('<llm-budget-lab parts="table" lang="de"></llm-budget-lab>');
    await page.waitForFunction(() => document.querySelector('#preview-slot llm-budget-lab')?.getAttribute('lang') === 'de', null, { timeout: 5000 });
    assert.equal(await status.textContent(), locale === 'de' ? 'Vorschau: Bausteine „table“.' : 'Preview: parts “table”.');
    assertQuiet(rec);
    await context.close();
  });
}
