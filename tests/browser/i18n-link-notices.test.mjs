// The notices about settings the lab cannot use, in the element's language: a link's
// settings (#lab:...) and the `inputs` attribute (web/element/link-state.js), unknown parts
// and presets (web/element/lab-render.js) and a tour link's step (web/tour/tour-link.js),
// each a whole sentence of content/ui/de.json on the German page (dist/index.de.html) or on
// an element with lang="de"; the English page says what it said before.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, recordedPage, waitReady, openReady } from './lib/harness.mjs';

const CALC = 'llm-budget-lab[parts="calculator"]';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const open = (url) => openReady(browser, url, { width: 1280, height: 800 });

const linkNotices = (page) => page.locator(`${CALC} [data-link-notice]`).allTextContents();
const box = (page, field) => page.locator(`${CALC} input.field-text[data-field="${field}"]`);

// One unknown name, one unreadable value, one setting given twice (the first, 8, is used).
const HASH = '#lab:kv_headz=3;context_tokens=abc;batch=8;batch=16';

test('German page: the link’s notices are whole German sentences', async () => {
  const rec = await open(new URL(`index.de.html${HASH}`, server.url).href);
  const { page } = rec;
  assert.deepEqual(await linkNotices(page), [
    'Der Link nennt „kv_headz“; das ist keine Einstellung des Rechners und wurde daher ignoriert.',
    'Der Wert für Kontext im Link ist nicht lesbar („abc“ ist keine Zahl; geben Sie Ziffern wie 12,5 ein), daher wird der Startwert verwendet.',
    'Der Link gibt Batch mehr als einmal an; der erste Wert wird verwendet.',
  ]);
  assert.equal(await box(page, 'batch').inputValue(), '8');
  assertQuiet(rec);
  await rec.context.close();
  // A value outside its range: the calculator's German range words (batch: whole numbers 1 to 1e6 requests),
  // a clause of the notice, not brackets in brackets.
  const rec2 = await open(new URL('index.de.html#lab:batch=0', server.url).href);
  assert.deepEqual(await linkNotices(rec2.page), [
    'Der Wert für Batch im Link kann nicht verwendet werden: erforderlich ist eine ganze Zahl von 1 bis 1 Million Anfragen, '
      + 'nicht 0 Anfragen. Daher wird der Startwert verwendet.',
  ]);
  assert.equal(await box(rec2.page, 'batch').inputValue(), '16');
  assertQuiet(rec2);
  await rec2.context.close();
  // Query heads 4 lower the KV heads (32 at the start) with them: 4 heads, the value the cap gives.
  const rec3 = await open(new URL('index.de.html#lab:kv_heads=abc;query_heads=4', server.url).href);
  assert.deepEqual(await linkNotices(rec3.page), [
    'Der Wert für KV-Köpfe im Link ist nicht lesbar („abc“ ist keine Zahl; geben Sie Ziffern wie 12,5 ein), daher wird er auf 4 Köpfe gesetzt, damit er zum Wert des Felds „Query-Köpfe“ passt.',
  ]);
  assert.equal(await box(rec3.page, 'kv_heads').inputValue(), '4');
  assertQuiet(rec3);
  await rec3.context.close();
});

test('English page: the same link’s notices as before', async () => {
  const rec = await open(new URL(`index.html${HASH}`, server.url).href);
  assert.deepEqual(await linkNotices(rec.page), [
    'The link names “kv_headz”, which is not a calculator setting, so it was ignored.',
    'Context in the link cannot be read (“abc” is not a number; type digits such as 12.5), so its starting value is used.',
    'The link gives batch more than once; the first value is used.',
  ]);
  assertQuiet(rec);
  await rec.context.close();
});

/** An English page (served beside dist/'s files) holding `elements`. */
async function hostPage(name, elements) {
  const rec = await recordedPage(browser, { viewport: { width: 1000, height: 800 } });
  const pageUrl = new URL(name, server.url).href;
  await rec.page.route(pageUrl, (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><html lang="en"><body>${elements}<script src="llm-budget-lab.js"></script></body></html>`,
  }));
  await rec.page.goto(pageUrl);
  await waitReady(rec.page);
  return rec;
}

const notices = (page, id) => page.locator(`#${id}`).evaluate((el) =>
  [...el.shadowRoot.querySelectorAll('[data-lab-notice]')].map((n) => n.textContent));

test('an element with lang="de": unknown parts and presets and its inputs attribute in German', async () => {
  const rec = await hostPage('lang-notices.html',
    '<llm-budget-lab id="de" lang="de" parts="bogus calculator" preset="nope" inputs="nope=1, batch=abc, batch=4"></llm-budget-lab>'
    + '<llm-budget-lab id="en" parts="bogus calculator" preset="nope" inputs="nope=1, batch=abc, batch=4"></llm-budget-lab>');
  const { page } = rec;
  const de = await notices(page, 'de');
  assert.equal(de.length, 4, JSON.stringify(de));
  assert.match(de[0], /^Unbekannter Baustein „bogus“\. Bekannte Bausteine: all, presets, calculator, /);
  assert.match(de[1], /^Unbekannte Vorgabe „nope“, daher werden die Standardeingaben angezeigt\. Bekannte Vorgaben: lesson-mha-16, /);
  // The later batch, 4 requests ("4 Anfragen"), is used where the first cannot be read.
  assert.deepEqual(de.slice(2), [
    'Das inputs-Attribut nennt „nope“; das ist keine Einstellung des Rechners und wurde daher ignoriert.',
    'Der Wert für Batch im inputs-Attribut ist nicht lesbar („abc“ ist keine Zahl; geben Sie Ziffern wie 12,5 ein), daher wird der spätere Wert 4 Anfragen verwendet.',
  ]);
  assert.equal(await page.locator('#de input.field-text[data-field="batch"]').inputValue(), '4');
  const en = await notices(page, 'en');
  assert.match(en[0], /^Unknown part “bogus”\. Known parts: all, presets, calculator, /);
  assert.match(en[1], /^Unknown preset “nope”, so the default inputs are shown\. Known presets: lesson-mha-16, /);
  assert.deepEqual(en.slice(2), [
    'The inputs attribute names “nope”, which is not a calculator setting, so it was ignored.',
    'Batch in the inputs attribute cannot be read (“abc” is not a number; type digits such as 12.5), so its later value, 4 requests, is used.',
  ]);
  assertQuiet(rec);
  await rec.context.close();
});

test('German page: a tour link naming a step the tour does not have', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(new URL('index.de.html#tour=decision/999', server.url).href);
  await rec.page.waitForFunction(() => document.querySelector('[data-tour-status]').textContent.includes('keine Tour'), null, { timeout: 15000 });
  // The decision tour has five steps; its German title is content/locales/de/tours.json's.
  assert.equal(await rec.page.locator('[data-tour-status]').textContent(),
    'Die Tour „Das Entscheidungsverfahren“ hat keinen Schritt „999“ (sie hat die Schritte 1 bis 5), daher wurde keine Tour gestartet.');
  assert.equal(await rec.page.locator('[data-tour-panel]').count(), 0);
  await rec.context.close();
});
