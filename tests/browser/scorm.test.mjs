// The SCORM 2004 package (dist/llm-budget-lab-scorm.zip)
// against a real SCORM run-time, npm scorm-again (its browser build), on a
// test "LMS" page that exposes window.API_1484_11 and frames the package's
// launch page the way an LMS does. Answers, reload with the saved cmi
// (loadFromJSON), answers come back from cmi.suspend_data; the recorded score
// is the page's. Then the ways it can go wrong: no LMS, an API that throws, one
// that refuses Commit, corrupt or other-version suspend_data. And the manifest
// against the SCORM 2004 4th edition packaging rules (the XSDs cannot be
// fetched here; the rules are written out below).
// Expected answers: tests/data/seed-values.json (Q1 53 GB, does not fit, 33 GB
// with an 8-bit cache; Q2 2.952 tokens per pass; Q3 4-bit weights).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, mkdirSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync, strFromU8 } from 'fflate';
import { REPO, DIST, assertBuilt, launch, recordedPage } from './lib/harness.mjs';

const SEED = JSON.parse(readFileSync(path.join(REPO, 'tests/data/seed-values.json'), 'utf8'));
const KC = Object.fromEntries(SEED.knowledge_check.map((q) => [q.id, q]));
const QUESTIONS = JSON.parse(readFileSync(path.join(REPO, 'content/questions.json'), 'utf8'));
const KEY = (qid) => `llm-budget-lab:${QUESTIONS.lesson}:${QUESTIONS.version}:${qid}`;

let browser;
let lms; // the test LMS on 127.0.0.1: lms.html, scorm-again, the package under pkg/
let dir;
let files; // the zip's entries

// The LMS side: scorm-again's Scorm2004API (or a broken API for ?mode=throw),
// every call logged in window.calls, the package framed as an LMS frames a SCO.
const LMS_JS = `
const mode = new URLSearchParams(location.search).get('mode') || 'good';
window.calls = [];
if (mode === 'throw') {
  const fail = () => { window.calls.push('throw'); throw new Error('the LMS is down'); };
  window.API_1484_11 = { Initialize: fail, GetValue: fail, SetValue: fail, Commit: fail, Terminate: fail, GetLastError: fail };
} else {
  const api = new Scorm2004API({ logLevel: 5 });
  if (window.savedCmi) api.loadFromJSON(window.savedCmi);
  for (const name of ['Initialize', 'Commit', 'Terminate']) {
    const original = api[name].bind(api);
    api[name] = (...args) => {
      if (mode === 'refuse' && name === 'Commit') { window.calls.push('Commit refused'); return 'false'; }
      window.calls.push(name);
      return original(...args);
    };
  }
  window.API_1484_11 = api;
}
const frame = document.createElement('iframe');
frame.id = 'sco';
frame.title = 'lesson';
frame.src = 'pkg/index.html';
document.body.append(frame);
`;

before(async () => {
  assertBuilt();
  dir = mkdtempSync(path.join(tmpdir(), 'llmb-scorm-'));
  files = unzipSync(new Uint8Array(readFileSync(path.join(DIST, 'llm-budget-lab-scorm.zip'))));
  mkdirSync(path.join(dir, 'pkg'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, 'pkg', name), bytes);
  copyFileSync(path.join(REPO, 'node_modules/scorm-again/dist/scorm2004.min.js'), path.join(dir, 'scorm2004.min.js'));
  writeFileSync(path.join(dir, 'lms.js'), LMS_JS);
  writeFileSync(path.join(dir, 'lms.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<script src="scorm2004.min.js"></script></head><body><h1>Test LMS</h1><script src="lms.js"></script></body></html>`);
  browser = await launch();
  const { startServer } = await import(pathToFileURL(path.join(REPO, 'tools/serve.mjs')).href);
  const started = await startServer({ root: dir, port: 0, host: '127.0.0.1' });
  lms = { url: started.url, close: () => new Promise((r) => started.server.close(r)) };
});

after(async () => {
  if (browser) await browser.close();
  if (lms) await lms.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const step = (q, s) => `llm-budget-lab [data-question="${q}"] [data-step="${s}"]`;
async function type(root, q, s, text) {
  await root.locator(`${step(q, s)} input`).fill(text);
  await root.locator(`${step(q, s)} button.quiz-check`).click();
}
async function choose(root, q, s, id) {
  await root.locator(`${step(q, s)} input[data-choice="${id}"]`).check();
  await root.locator(`${step(q, s)} button.quiz-check`).click();
}
const verdict = (root, q, s) => root.locator(`${step(q, s)} [data-feedback]`).getAttribute('data-verdict');

/** Opens `url` in a fresh context (fresh localStorage) with `savedCmi` handed to the LMS page. */
async function openLms(url, savedCmi = null) {
  const rec = await recordedPage(browser, { viewport: { width: 1200, height: 900 } });
  if (savedCmi) await rec.context.addInitScript((cmi) => { window.savedCmi = cmi; }, savedCmi);
  await rec.page.goto(url);
  return rec;
}
async function quizOf(page, framed = true) {
  const root = framed ? page.frameLocator('#sco') : page;
  await root.locator('llm-budget-lab [data-part="quiz"][data-state="ready"]').waitFor({ timeout: 20000 });
  return root;
}
const cmiOf = (page) => page.evaluate(() => window.API_1484_11.renderCMIToJSONObject().cmi);

test('SCORM package in scorm-again: answers, score and status recorded; a relaunch brings the answers back', async () => {
  const first = await openLms(`${lms.url}lms.html`);
  let sco = await quizOf(first.page);
  assert.equal(await sco.locator('[data-scorm-status]').count(), 0, 'no notice when the LMS answers');
  assert.equal(await sco.locator('llm-budget-lab[parts="quiz"]').getAttribute('report'), 'events');
  let cmi = await cmiOf(first.page);
  assert.equal(cmi.completion_status, 'incomplete');
  assert.equal(cmi.exit, 'suspend');

  // Every step; the 8-bit follow-up answered 40 GB where 33 GB is right: 6 of 7.
  await type(sco, 'q1-fit', 'total', `${KC['q1-fit'].total_gb} GB`);
  await choose(sco, 'q1-fit', 'fits', KC['q1-fit'].fits ? 'yes' : 'no');
  await choose(sco, 'q1-fit', 'lever', 'cache-8bit');
  await type(sco, 'q1-fit', 'effect-cache-8bit', '40 GB');
  await type(sco, 'q2-speculative', 'tokens', KC['q2-speculative'].tokens_per_pass.toFixed(3));
  await choose(sco, 'q3-output-changing', 'changes', 'weights-4bit');
  await choose(sco, 'q3-output-changing', 'action', 'evaluate');
  const line = sco.locator('llm-budget-lab [data-quiz-score]');
  assert.equal(await line.textContent(), 'Knowledge check complete: 6 of 7 steps right.');

  cmi = await cmiOf(first.page);
  // The page's score is the recorded one.
  assert.deepEqual(cmi.score, { scaled: '0.8571', raw: await line.getAttribute('data-raw'), min: '0', max: await line.getAttribute('data-max') });
  assert.deepEqual(cmi.score, { scaled: '0.8571', raw: '6', min: '0', max: '7' });
  assert.equal(cmi.completion_status, 'completed');
  assert.equal(cmi.success_status, 'failed');
  const suspend = JSON.parse(cmi.suspend_data);
  assert.equal(suspend.format, 'llm-budget-lab-suspend');
  assert.equal(suspend.version, 1);
  assert.deepEqual(suspend.answers[KEY('q2-speculative')].steps, { tokens: { answer: '2.952', checked: true } });
  assert.ok(cmi.suspend_data.length < 64000);
  // Answers went to the LMS, not to this browser's storage.
  assert.deepEqual(await sco.locator('body').evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('llm-budget-lab:'))), []);

  // The student corrects the follow-up: recorded again, now passed.
  await type(sco, 'q1-fit', 'effect-cache-8bit', `${KC['q1-fit'].after_8bit_cache.total_gb} GB`);
  cmi = await cmiOf(first.page);
  assert.deepEqual(cmi.score, { scaled: '1', raw: '7', min: '0', max: '7' });
  assert.equal(cmi.success_status, 'passed');

  // Leaving the SCO (the LMS closes its frame): Terminate, once.
  await first.page.evaluate(() => document.getElementById('sco').remove());
  await first.page.waitForFunction(() => window.calls.includes('Terminate'));
  const calls = await first.page.evaluate(() => window.calls);
  assert.equal(calls.filter((c) => c === 'Initialize').length, 1);
  assert.equal(calls.filter((c) => c === 'Terminate').length, 1);
  assert.ok(calls.filter((c) => c === 'Commit').length >= 3);
  const saved = await cmiOf(first.page);
  assert.deepEqual(first.pageErrors, []);
  await first.context.close();

  // Relaunch in a fresh browser profile: the LMS hands back its cmi; the answers come back from suspend_data.
  const second = await openLms(`${lms.url}lms.html`, saved);
  sco = await quizOf(second.page);
  assert.equal(await sco.locator(`${step('q1-fit', 'total')} input`).inputValue(), `${KC['q1-fit'].total_gb} GB`);
  assert.equal(await sco.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '2.952');
  assert.equal(await verdict(sco, 'q2-speculative', 'tokens'), 'correct');
  assert.equal(await verdict(sco, 'q1-fit', 'effect-cache-8bit'), 'correct');
  assert.equal(await sco.locator(`${step('q3-output-changing', 'changes')} input[data-choice="weights-4bit"]`).isChecked(), true);
  assert.equal(await sco.locator('llm-budget-lab [data-quiz-score]').textContent(), 'Knowledge check complete: 7 of 7 steps right.');
  const again = await cmiOf(second.page);
  assert.equal(again.completion_status, 'completed', 'a relaunch keeps the completion');
  assert.deepEqual(again.score, { scaled: '1', raw: '7', min: '0', max: '7' });
  assert.deepEqual(second.pageErrors, []);
  await second.context.close();
});

test('no LMS, an API that throws, one that refuses Commit: the page works and says so once', async () => {
  const NOTICE = 'Your learning platform (LMS) could not be reached, so your progress is not recorded there. The lesson and the quiz work as usual, with your answers kept in this browser.';
  const cases = [['alone', `${lms.url}pkg/index.html`, false], ['throw', `${lms.url}lms.html?mode=throw`, true],
    ['refuse', `${lms.url}lms.html?mode=refuse`, true]];
  for (const [name, url, framed] of cases) {
    const rec = await openLms(url);
    const sco = await quizOf(rec.page, framed);
    const status = sco.locator('[data-scorm-status]');
    assert.equal(await status.count(), 1, name);
    assert.equal(await status.textContent(), NOTICE, name);
    await type(sco, 'q2-speculative', 'tokens', '2.952');
    await type(sco, 'q1-fit', 'total', '53 GB');
    assert.equal(await verdict(sco, 'q2-speculative', 'tokens'), 'correct', name);
    assert.equal(await verdict(sco, 'q1-fit', 'total'), 'correct', name);
    assert.equal(await status.count(), 1, `${name}: said once`);
    // As today without an LMS: the answers are in this browser.
    assert.ok(await sco.locator('body').evaluate((b, k) => localStorage.getItem(k), KEY('q2-speculative')), name);
    if (name === 'refuse') {
      const calls = await rec.page.evaluate(() => window.calls);
      assert.deepEqual(calls, ['Initialize', 'Commit refused'], 'nothing more is tried after a refusal');
    }
    assert.deepEqual(rec.pageErrors, [], name);
    await rec.context.close();
  }
});

test('corrupt or other-version suspend_data is ignored, and overwritten by the next answer', async () => {
  const record = { lesson: QUESTIONS.lesson, version: QUESTIONS.version, steps: { tokens: { answer: '9', checked: true } }, explained: false };
  const cases = {
    corrupt: '{"format":"llm-budget-lab-suspend","version":1,"answers":{',
    otherVersion: JSON.stringify({ format: 'llm-budget-lab-suspend', version: 2, answers: { [KEY('q2-speculative')]: record } }),
    otherFormat: JSON.stringify({ answers: { [KEY('q2-speculative')]: record } }),
    otherQuestions: JSON.stringify({ format: 'llm-budget-lab-suspend', version: 1,
      answers: { [KEY('q2-speculative')]: { ...record, version: 'v0' } } }),
    hostile: JSON.stringify({ format: 'llm-budget-lab-suspend', version: 1,
      answers: { [KEY('q2-speculative')]: { ...record, steps: { tokens: { answer: ['<img src=x>'], checked: true } } } } }),
  };
  for (const [name, suspendData] of Object.entries(cases)) {
    const rec = await openLms(`${lms.url}lms.html`, { suspend_data: suspendData });
    const sco = await quizOf(rec.page);
    assert.equal(await sco.locator(`${step('q2-speculative', 'tokens')} input`).inputValue(), '', name);
    assert.equal(await verdict(sco, 'q2-speculative', 'tokens'), null, name);
    assert.equal(await sco.locator('[data-scorm-status]').count(), 0, `${name}: the LMS itself is fine`);
    await type(sco, 'q2-speculative', 'tokens', '2.952');
    const cmi = await cmiOf(rec.page);
    const suspend = JSON.parse(cmi.suspend_data);
    assert.equal(suspend.version, 1, name);
    assert.equal(suspend.answers[KEY('q2-speculative')].steps.tokens.answer, '2.952', name);
    assert.deepEqual(rec.pageErrors, [], name);
    await rec.context.close();
  }
});

/**
 * The SCORM 2004 4th edition packaging rules the manifest is held to (from the
 * Content Aggregation Model book; the XSDs themselves are not available here):
 *  1. imsmanifest.xml at the package root, well-formed XML;
 *  2. root <manifest> in the IMS CP 1.1.4 namespace, with an identifier;
 *  3. <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion>;
 *  4. the adlcp, adlseq, adlnav and imsss namespaces declared with the 2004 4th edition URIs;
 *  5. <organizations default> names an <organization> of the manifest;
 *  6. every organization and item has a non-empty <title>;
 *  7. every identifier is unique and a valid xs:ID (NCName);
 *  8. each leaf item's identifierref names a resource; an item with identifierref has no child items;
 *  9. exactly one resource, a SCO: type="webcontent", adlcp:scormType="sco", an href;
 * 10. every href is relative, inside the package (no "..", no scheme, no leading "/") and the file is in the zip;
 * 11. every file of the zip but the manifest is listed as a <file> of the resource, and the launch href is among them.
 */
function manifestRules() {
  return (xml, zipNames) => {
    const problems = [];
    const CP = 'http://www.imsglobal.org/xsd/imscp_v1p1';
    const ADLCP = 'http://www.adlnet.org/xsd/adlcp_v1p3';
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length) return ['1: not well-formed XML'];
    const root = doc.documentElement;
    if (root.localName !== 'manifest' || root.namespaceURI !== CP) problems.push('2: root is not an IMS CP manifest');
    if (!root.getAttribute('identifier')) problems.push('2: manifest has no identifier');
    const kids = (el, name) => [...el.children].filter((c) => c.localName === name && c.namespaceURI === CP);
    const text = (el, name) => (kids(el, name)[0] ? kids(el, name)[0].textContent.trim() : '');
    const meta = kids(root, 'metadata')[0];
    if (!meta || text(meta, 'schema') !== 'ADL SCORM' || text(meta, 'schemaversion') !== '2004 4th Edition') problems.push('3: schema/schemaversion');
    const ns = { adlcp: ADLCP, adlseq: 'http://www.adlnet.org/xsd/adlseq_v1p3', adlnav: 'http://www.adlnet.org/xsd/adlnav_v1p3', imsss: 'http://www.imsglobal.org/xsd/imsss' };
    for (const [prefix, uri] of Object.entries(ns)) if (root.lookupNamespaceURI(prefix) !== uri) problems.push(`4: ${prefix} namespace`);
    const orgsEl = kids(root, 'organizations')[0];
    const orgs = orgsEl ? kids(orgsEl, 'organization') : [];
    if (!orgsEl || !orgs.some((o) => o.getAttribute('identifier') === orgsEl.getAttribute('default'))) problems.push('5: organizations default');
    const all = [...root.getElementsByTagNameNS(CP, '*')];
    for (const el of all.filter((e) => e.localName === 'organization' || e.localName === 'item')) {
      if (!text(el, 'title')) problems.push(`6: ${el.localName} ${el.getAttribute('identifier')} has no title`);
    }
    const ids = all.map((e) => e.getAttribute('identifier')).filter((x) => x !== null);
    if (new Set(ids).size !== ids.length) problems.push('7: duplicate identifier');
    for (const id of ids) if (!/^[A-Za-z_][A-Za-z0-9._-]*$/.test(id)) problems.push(`7: ${id} is not an NCName`);
    const resourcesEl = kids(root, 'resources')[0];
    const resources = resourcesEl ? kids(resourcesEl, 'resource') : [];
    for (const item of all.filter((e) => e.localName === 'item')) {
      const ref = item.getAttribute('identifierref');
      if (ref && kids(item, 'item').length) problems.push(`8: item ${item.getAttribute('identifier')} has identifierref and children`);
      if (!ref && !kids(item, 'item').length) problems.push(`8: leaf item ${item.getAttribute('identifier')} has no identifierref`);
      if (ref && !resources.some((r) => r.getAttribute('identifier') === ref)) problems.push(`8: ${ref} names no resource`);
    }
    const scos = resources.filter((r) => r.getAttributeNS(ADLCP, 'scormType') === 'sco');
    if (resources.length !== 1 || scos.length !== 1) problems.push('9: not exactly one resource, a SCO');
    const sco = scos[0];
    if (sco && (sco.getAttribute('type') !== 'webcontent' || !sco.getAttribute('href'))) problems.push('9: SCO type or href');
    const listed = sco ? kids(sco, 'file').map((f) => f.getAttribute('href')) : [];
    for (const href of [sco && sco.getAttribute('href'), ...listed].filter(Boolean)) {
      if (/^[a-z][a-z0-9+.-]*:|^\/|(^|\/)\.\.(\/|$)/i.test(href)) problems.push(`10: ${href} is not inside the package`);
      if (!zipNames.includes(href)) problems.push(`10: ${href} is not in the zip`);
    }
    for (const name of zipNames.filter((n) => n !== 'imsmanifest.xml')) if (!listed.includes(name)) problems.push(`11: ${name} is not listed`);
    if (sco && !listed.includes(sco.getAttribute('href'))) problems.push('11: the launch page is not listed');
    return problems;
  };
}

test('imsmanifest.xml follows the SCORM 2004 4th edition packaging rules; broken copies are caught', async () => {
  const names = Object.keys(files);
  assert.equal(names[0], 'imsmanifest.xml');
  assert.ok(names.includes('index.html') && names.includes('scorm-adapter.js') && names.includes('llm-budget-lab.wasm'));
  const xml = strFromU8(files['imsmanifest.xml']);
  const rec = await recordedPage(browser);
  await rec.page.goto(`${lms.url}lms.html?mode=throw`);
  const check = (x, n) => rec.page.evaluate(`(${manifestRules.toString()})()(${JSON.stringify(x)}, ${JSON.stringify(n)})`);
  assert.deepEqual(await check(xml, names), []);
  // The rules bite: each broken copy is named.
  assert.deepEqual(await check(xml.replace('2004 4th Edition', '2004 3rd Edition'), names), ['3: schema/schemaversion']);
  assert.deepEqual(await check(xml, [...names, 'extra.js']), ['11: extra.js is not listed']);
  assert.deepEqual(await check(xml, names.filter((n) => n !== 'lesson.css')), ['10: lesson.css is not in the zip']);
  assert.deepEqual(await check(xml.replace('identifierref="res-lesson"', 'identifierref="res-other"'), names), ['8: res-other names no resource']);
  assert.deepEqual(await check(xml.replace('</manifest>', ''), names), ['1: not well-formed XML']);
  // The launch page loads the adapter before the element, so it can hand the element its storage.
  const launchHtml = strFromU8(files['index.html']);
  assert.ok(launchHtml.indexOf('scorm-adapter.js') < launchHtml.indexOf('llm-budget-lab.js'));
  await rec.context.close();
});
