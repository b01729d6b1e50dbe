// report="events" (xAPI-shaped CustomEvents from the element)
// and the iframe's relay of them to its parent, only to the origin named in
// ?report-origin=; forged, cross-origin and malformed messages are ignored.
// Expected answers: tests/data/seed-values.json (Q1 53 GB, does not fit in
// 48 GB, 33 GB with an 8-bit cache; Q2 2.952 tokens per pass; Q3 4-bit weights), and Q4's
// requests in flight, 0.958 × 6.57 from the core's simulation (tests/node/quiz-simulate.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO, openSession, closeSession, serveDist, recordedPage, assertQuiet, serveFolder } from './lib/harness.mjs';

const SEED = JSON.parse(readFileSync(path.join(REPO, 'tests/data/seed-values.json'), 'utf8'));
const KC = Object.fromEntries(SEED.knowledge_check.map((q) => [q.id, q]));
const QUESTIONS = JSON.parse(readFileSync(path.join(REPO, 'content/questions.json'), 'utf8'));
const URN = `urn:llm-budget-lab:${QUESTIONS.lesson}:${QUESTIONS.version}`;
const EVENTS = ['llm-budget-lab-step-checked', 'llm-budget-lab-question-completed', 'llm-budget-lab-check-completed'];

let browser;
let server; // dist/ on 127.0.0.1
let other; // dist/ again on 127.0.0.2 (the frame's origin)
let host; // host pages on 127.0.0.3
let hostDir;

before(async () => {
  ({ browser, server } = await openSession());
  other = await serveDist({ host: '127.0.0.2' });
  hostDir = mkdtempSync(path.join(tmpdir(), 'llmb-report-'));
  const served = await serveFolder(hostDir, { host: '127.0.0.3' });
  host = { ...served, origin: new URL(served.url).origin };
});

after(async () => {
  await closeSession({ browser, server });
  if (other) await other.close();
  if (host) await host.close();
  if (hostDir) rmSync(hostDir, { recursive: true, force: true });
});

const step = (q, s) => `[data-question="${q}"] [data-step="${s}"]`;

/** In `root` (a page or a frame), answers a numeric step and presses Check. */
async function type(root, q, s, text) {
  await root.locator(`${step(q, s)} input`).fill(text);
  await root.locator(`${step(q, s)} button.quiz-check`).click();
}
async function choose(root, q, s, ids) {
  for (const id of ids) await root.locator(`${step(q, s)} input[data-choice="${id}"]`).check();
  await root.locator(`${step(q, s)} button.quiz-check`).click();
}

/** Every step of the knowledge check, right except the 8-bit effect step when `wrongEffect`. */
async function answerAll(root, { wrongEffect = false } = {}) {
  await type(root, 'q1-fit', 'total', `${KC['q1-fit'].total_gb} GB`);
  await choose(root, 'q1-fit', 'fits', [KC['q1-fit'].fits ? 'yes' : 'no']);
  await choose(root, 'q1-fit', 'lever', ['cache-8bit']);
  await type(root, 'q1-fit', 'effect-cache-8bit', wrongEffect ? '40 GB' : `${KC['q1-fit'].after_8bit_cache.total_gb} GB`);
  await type(root, 'q2-speculative', 'tokens', String(KC['q2-speculative'].tokens_per_pass.toFixed(3)));
  await choose(root, 'q3-output-changing', 'changes', ['weights-4bit']);
  await choose(root, 'q3-output-changing', 'action', ['evaluate']);
  await type(root, 'q4-littles-law', 'in-flight', '0.958 × 6.57');
}

function quizPage(attrs) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<script src="/llm-budget-lab.js" defer></script><script src="/listen.js" defer></script></head>
<body><llm-budget-lab id="lab" parts="quiz" ${attrs}></llm-budget-lab></body></html>`;
}
// Collects every statement that reaches the document (events bubble out of the element).
const LISTEN = `window.got = [];
for (const t of ${JSON.stringify(EVENTS)}) document.addEventListener(t, (e) => window.got.push({ type: e.type, composed: e.composed, bubbles: e.bubbles, target: e.target.id, detail: e.detail }));
`;

async function openHost(attrs) {
  const rec = await recordedPage(browser, { viewport: { width: 1200, height: 900 } });
  await rec.context.route(`${server.url}host.html`, (r) => r.fulfill({ contentType: 'text/html', body: quizPage(attrs) }));
  await rec.context.route(`${server.url}listen.js`, (r) => r.fulfill({ contentType: 'text/javascript', body: LISTEN }));
  await rec.page.goto(`${server.url}host.html`);
  await rec.page.waitForSelector('llm-budget-lab [data-part="quiz"][data-state="ready"]', { timeout: 15000 });
  await rec.page.evaluate(() => localStorage.clear());
  return rec;
}

test('report="events": a step, a question and the whole check each give an xAPI-shaped event', async () => {
  const rec = await openHost('report="events"');
  const { page } = rec;
  await type(page, 'q2-speculative', 'tokens', '2.952');
  let got = await page.evaluate(() => window.got);
  assert.deepEqual(got.map((g) => g.type), ['llm-budget-lab-step-checked', 'llm-budget-lab-question-completed']);
  for (const g of got) {
    assert.equal(g.bubbles, true);
    assert.equal(g.composed, true);
    assert.equal(g.target, 'lab');
  }
  const stepSt = got[0].detail;
  assert.deepEqual(stepSt.verb, { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } });
  assert.equal(stepSt.object.id, `${URN}:q2-speculative:tokens`);
  assert.equal(stepSt.object.definition.interactionType, 'numeric');
  assert.deepEqual(stepSt.result, { score: { scaled: 1, raw: 1, min: 0, max: 1 }, success: true, completion: true,
    response: '2.952', extensions: { 'urn:llm-budget-lab:xapi:verdict': 'correct' } });
  assert.deepEqual(stepSt.context.contextActivities.parent, [{ id: `${URN}:q2-speculative` }]);
  assert.equal(stepSt.actor, undefined, 'the actor is left to the host');
  assert.ok(!Number.isNaN(Date.parse(stepSt.timestamp)));
  const q2 = got[1].detail;
  assert.equal(q2.verb.id, 'http://adlnet.gov/expapi/verbs/completed');
  assert.equal(q2.object.id, `${URN}:q2-speculative`);
  assert.deepEqual(q2.result, { score: { scaled: 1, raw: 1, min: 0, max: 1 }, success: true, completion: true });

  // "3" is close to 2.952, not right: the step fails and the question is complete with 0.
  await type(page, 'q2-speculative', 'tokens', '3');
  got = await page.evaluate(() => window.got.slice(2));
  assert.equal(got[0].detail.result.success, false);
  assert.equal(got[0].detail.result.extensions['urn:llm-budget-lab:xapi:verdict'], 'close');
  assert.deepEqual(got[1].detail.result.score, { scaled: 0, raw: 0, min: 0, max: 1 });

  // The whole check: Q1 has total, fits, lever and the 8-bit follow-up (4 steps),
  // Q2 one, Q3 two, Q4 one: 8 steps; one wrong (40 GB for 33 GB) gives 7 of 8 = 0.875.
  await page.evaluate(() => { window.got = []; });
  await answerAll(page, { wrongEffect: true });
  got = await page.evaluate(() => window.got);
  const checks = got.filter((g) => g.type === 'llm-budget-lab-check-completed');
  assert.equal(checks.length, 1, 'the check completes once, on the last step');
  assert.equal(got.at(-1).type, 'llm-budget-lab-check-completed');
  const check = checks[0].detail;
  assert.equal(check.object.id, URN);
  assert.equal(check.object.definition.type, 'http://adlnet.gov/expapi/activities/assessment');
  assert.deepEqual(check.result, { score: { scaled: 0.875, raw: 7, min: 0, max: 8 }, success: false, completion: true });
  const q1 = got.filter((g) => g.type === 'llm-budget-lab-question-completed' && g.detail.object.id.endsWith(':q1-fit'));
  assert.equal(q1.length, 1, 'Q1 completes only when its follow-up step is checked too');
  assert.deepEqual(q1[0].detail.result.score, { scaled: 0.75, raw: 3, min: 0, max: 4 });
  const lever = got.find((g) => g.detail.object.id === `${URN}:q1-fit:lever`);
  assert.equal(lever.detail.result.response, 'cache-8bit');
  assert.equal(lever.detail.object.definition.interactionType, 'choice');
  // The page says the same score.
  const line = page.locator('llm-budget-lab [data-quiz-score]');
  assert.equal(await line.textContent(), 'Knowledge check complete: 7 of 8 steps right.');
  assert.equal(await line.getAttribute('data-raw'), '7');
  assert.equal(await line.getAttribute('data-max'), '8');

  // Fixing the wrong step completes the check again, now 8 of 8 and passed.
  await type(page, 'q1-fit', 'effect-cache-8bit', '33 GB');
  const last = await page.evaluate(() => window.got.at(-1));
  assert.equal(last.type, 'llm-budget-lab-check-completed');
  assert.deepEqual(last.detail.result, { score: { scaled: 1, raw: 8, min: 0, max: 8 }, success: true, completion: true });
  assertQuiet(rec);
  await rec.context.close();
});

test('without report="events" nothing is dispatched; an unknown value is named; the attribute is read live', async () => {
  const rec = await openHost('report="xapi-lrs"');
  const { page } = rec;
  const notice = page.locator('llm-budget-lab [data-lab-notice]');
  assert.equal(await notice.textContent(), 'Unknown report “xapi-lrs”, so no events are sent to the page. Known values: events.');
  await type(page, 'q2-speculative', 'tokens', '2.952');
  assert.deepEqual(await page.evaluate(() => window.got), []);
  // Turned on later by the host: the next check is reported, and the notice goes.
  await page.evaluate(() => document.getElementById('lab').setAttribute('report', 'events'));
  await page.waitForFunction(() => !document.getElementById('lab').shadowRoot.querySelector('[data-lab-notice]'));
  await page.waitForSelector('llm-budget-lab [data-part="quiz"][data-state="ready"]');
  await type(page, 'q2-speculative', 'tokens', '2.95');
  assert.deepEqual((await page.evaluate(() => window.got)).map((g) => g.type),
    ['llm-budget-lab-step-checked', 'llm-budget-lab-question-completed']);
  // And off again.
  await page.evaluate(() => { window.got = []; document.getElementById('lab').removeAttribute('report'); });
  await type(page, 'q2-speculative', 'tokens', '2.952');
  assert.deepEqual(await page.evaluate(() => window.got), []);
  assertQuiet(rec);
  await rec.context.close();
});

/** A host page (127.0.0.3) framing embed.html from 127.0.0.2 with `query`; records what reaches it. */
function framePage(query) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title>
<script src="frame-listen.js"></script></head><body>
<iframe data-llm-budget-lab id="frame" src="${other.url}embed.html?parts=quiz&amp;${query}" title="lab" height="900"></iframe>
<iframe id="impostor" src="impostor.html" title="impostor" height="50"></iframe>
<script src="${other.url}llm-budget-lab-embed.js" defer></script></body></html>`;
}
const FRAME_LISTEN = `window.raw = []; window.relayed = []; window.markers = [];
window.addEventListener('message', (e) => { if (e.data && e.data.type === 'llm-budget-lab:statement') window.raw.push({ origin: e.origin, data: e.data }); });
window.addEventListener('message', (e) => { if (e.data && e.data.type === 'test:marker') window.markers.push(e.data.id); });
for (const t of ${JSON.stringify(EVENTS)}) document.addEventListener(t, (e) => window.relayed.push({ type: e.type, frame: e.target.id, detail: e.detail }));
`;

test('the iframe relays statements only to its report-origin; parent.js turns them into events on the iframe', async () => {
  writeFileSync(path.join(hostDir, 'frame-listen.js'), FRAME_LISTEN);
  // A same-origin page in another frame forges statements: not from a lab
  // frame's window, so parent.js ignores them, however well-formed.
  const forged = { type: 'llm-budget-lab:statement', version: 1, event: 'llm-budget-lab-check-completed',
    statement: { verb: { id: 'http://adlnet.gov/expapi/verbs/completed' }, object: { id: `${URN}` },
      result: { score: { scaled: 1, raw: 7, min: 0, max: 7 }, success: true, completion: true } } };
  writeFileSync(path.join(hostDir, 'impostor.html'), '<!doctype html><title>x</title><script src="impostor.js"></script>');
  writeFileSync(path.join(hostDir, 'impostor.js'), `parent.postMessage(${JSON.stringify(forged)}, '*');
parent.postMessage({ type: 'llm-budget-lab:statement', version: 1, event: 'llm-budget-lab-check-completed', statement: 'x' }, '*');\n`);
  const cases = {
    good: `report-origin=${encodeURIComponent(host.origin)}`,
    slash: `report-origin=${encodeURIComponent(`${host.origin}/`)}`,
    wrong: `report-origin=${encodeURIComponent('http://127.0.0.4:9')}`,
    star: 'report-origin=*',
    path: `report-origin=${encodeURIComponent(`${host.origin}/course`)}`,
    js: `report-origin=${encodeURIComponent('javascript:alert(1)')}`,
    none: '',
  };
  for (const [name, query] of Object.entries(cases)) writeFileSync(path.join(hostDir, `${name}.html`), framePage(query));

  const run = async (name, answer) => {
    const rec = await recordedPage(browser, { viewport: { width: 1100, height: 900 } });
    const { page } = rec;
    await page.goto(`${host.url}${name}.html`);
    const frame = page.frameLocator('#frame');
    await frame.locator('llm-budget-lab [data-part="quiz"][data-state="ready"]').waitFor({ timeout: 15000 });
    const report = await frame.locator('llm-budget-lab').getAttribute('report');
    if (answer) {
      await type(frame.locator('llm-budget-lab'), 'q2-speculative', 'tokens', '2.952');
      await frame.locator(`${step('q2-speculative', 'tokens')} [data-feedback][data-verdict="correct"]`).waitFor();
    }
    // Messages are asynchronous. The lab frame posts its statements while it
    // grades, so a marker it posts now arrives after all of them (messages
    // from one window keep their order); the impostor posts its two on load.
    await page.frames().find((f) => f.url().includes('embed.html')).evaluate(() => parent.postMessage({ type: 'test:marker', id: 'graded' }, '*'));
    await page.waitForFunction((origin) => window.markers.includes('graded')
      && window.raw.filter((m) => m.origin === origin).length === 2, host.origin);
    const out = { report, raw: await page.evaluate(() => window.raw), relayed: await page.evaluate(() => window.relayed) };
    assert.deepEqual(rec.pageErrors, []);
    await rec.context.close();
    return out;
  };

  const good = await run('good', true);
  assert.equal(good.report, 'events');
  // Two raw messages from the frame's origin (the impostor's are raw too, but from the host's own origin).
  const fromFrame = good.raw.filter((m) => m.origin === new URL(other.url).origin);
  assert.deepEqual(fromFrame.map((m) => m.data.event), ['llm-budget-lab-step-checked', 'llm-budget-lab-question-completed']);
  assert.deepEqual(Object.keys(fromFrame[0].data).sort(), ['event', 'statement', 'type', 'version']);
  // parent.js dispatched exactly those two on the lab's iframe; the impostor's forged ones were dropped.
  assert.deepEqual(good.relayed.map((r) => [r.type, r.frame]),
    [['llm-budget-lab-step-checked', 'frame'], ['llm-budget-lab-question-completed', 'frame']]);
  assert.equal(good.relayed[0].detail.object.id, `${URN}:q2-speculative:tokens`);
  assert.deepEqual(good.relayed[0].detail.result.score, { scaled: 1, raw: 1, min: 0, max: 1 });
  assert.ok(good.raw.some((m) => m.origin === host.origin), 'the forged message did arrive, and was ignored');

  assert.equal((await run('slash', true)).relayed.length, 2, 'an origin with a trailing "/" is the same origin');
  // Another origin named: the browser delivers nothing to this page.
  const wrong = await run('wrong', true);
  assert.equal(wrong.report, 'events');
  assert.deepEqual(wrong.raw.filter((m) => m.origin !== host.origin), []);
  assert.deepEqual(wrong.relayed, []);
  // Not an origin: no reporting at all.
  for (const name of ['star', 'path', 'js', 'none']) {
    const r = await run(name, true);
    assert.equal(r.report, null, `${name}: no report attribute`);
    assert.deepEqual(r.raw.filter((m) => m.origin !== host.origin), [], name);
    assert.deepEqual(r.relayed, [], name);
  }
});
