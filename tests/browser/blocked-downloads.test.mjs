// Downloads the browser may refuse are never claimed as saved, in Debian
// chromium. In a frame sandboxed without allow-downloads, the inputs file and
// the quiz's answers file are not made when the page can see the sandbox (a
// same-origin frame) and are only "asked for" when it cannot (a frame of
// another origin); either way the file's text is shown, selected, with a Copy
// button. On a top-level page the sentence says the browser was asked, and the
// text waits folded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveFolder, openSession, closeSession, recordedPage, waitReady, assertQuiet, downloadBytes } from './lib/harness.mjs';

// The parts' sections (inside the element's shadow root): one element in the frame, one element each on the lesson page.
const CALC = '[data-part="calculator"]';
const QUIZ = '[data-part="quiz"]';
const FRAME_PARTS = 'parts=calculator%20quiz';

let browser;
let server;
let other; // a course site on another origin
let otherDir;

before(async () => {
  ({ browser, server } = await openSession());
  otherDir = mkdtempSync(path.join(tmpdir(), 'llmb-blocked-'));
  writeFileSync(path.join(otherDir, 'course.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Course</title><link rel="icon" href="data:,"></head><body>
<iframe id="frame" sandbox="allow-scripts" title="Lab" width="1000" height="2400"
  src="${server.url}embed.html?${FRAME_PARTS}"></iframe></body></html>`);
  other = await serveFolder(otherDir, { host: '127.0.0.1' });
});
after(async () => {
  await closeSession({ browser, server });
  if (other) await other.close();
  if (otherDir) rmSync(otherDir, { recursive: true, force: true });
});

/** The embed in a frame sandboxed with `sandbox`, on the lab's own origin (same: true) or on another. */
async function openFramed({ same, sandbox }) {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  rec.downloads = [];
  rec.page.on('download', (d) => rec.downloads.push(d.suggestedFilename()));
  let url = `${other.url}course.html`;
  if (same) {
    url = `${server.url}course.html`;
    await rec.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
    await rec.context.route(url, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><title>Course</title><link rel="icon" href="data:,"></head><body>
<iframe id="frame" sandbox="${sandbox}" title="Lab" width="1000" height="2400" src="embed.html?${FRAME_PARTS}"></iframe></body></html>` }));
  }
  await rec.page.goto(url);
  const frame = rec.page.frameLocator('#frame');
  await frame.locator(`${QUIZ}[data-state="ready"] [data-action="download"]`).waitFor({ timeout: 15000 });
  await frame.locator(`${CALC} [data-out="total_bytes"]`).waitFor();
  return { ...rec, frame };
}

/** The copy-by-hand box under `host`: shown, open, its text, and whether all of it is selected and focused. */
async function box(frame, host) {
  const area = frame.locator(`${host} textarea[data-copy-by-hand]`);
  if (await area.count() === 0) return { shown: false, open: false, text: '', selected: false };
  return area.evaluate((t) => ({
    shown: t.checkVisibility(), open: t.closest('details').open, text: t.value,
    selected: t.selectionStart === 0 && t.selectionEnd === t.value.length && t.getRootNode().activeElement === t,
  }));
}

/** Clicks the inputs download and the answers download; returns both statuses and boxes. */
async function downloadBoth(frame) {
  await frame.locator(`${CALC} input.field-text[data-field="batch"]`).fill('40');
  await frame.locator(`${CALC} button[data-action="download-inputs"]`).click();
  const inputs = { status: await frame.locator(`${CALC} .calc-link-status`).textContent(), box: await box(frame, CALC) };
  await frame.locator(`${QUIZ} [data-action="download"]`).click();
  const answers = { status: await frame.locator(`${QUIZ} [data-quiz-status]`).textContent(), box: await box(frame, QUIZ) };
  return { inputs, answers };
}

test('a same-origin frame sandboxed without allow-downloads: no file is made, the text is there to copy', async () => {
  const rec = await openFramed({ same: true, sandbox: 'allow-scripts allow-same-origin' });
  const { frame } = rec;
  const { inputs, answers } = await downloadBoth(frame);
  assert.equal(inputs.status, 'This page sits in a frame that does not allow downloads, so llm-budget-lab-inputs.json was not made: '
    + 'copy the inputs from the box below instead.');
  assert.ok(inputs.box.shown && inputs.box.open, 'the inputs are shown to copy');
  const doc = JSON.parse(inputs.box.text);
  assert.equal(doc.format, 'llm-budget-lab-inputs');
  assert.equal(doc.inputs.batch, 40);
  assert.equal(answers.status, 'This page sits in a frame that does not allow downloads, so llm-budget-lab-answers-LM10-T6-v1.json '
    + 'was not made: copy your answers from the box below instead.');
  assert.ok(answers.box.shown && answers.box.open && answers.box.selected, 'the answers are shown, selected');
  assert.equal(JSON.parse(answers.box.text).format, 'llm-budget-lab-answers');
  // Copy puts the text on the clipboard (this frame is same-origin and the context grants clipboard access).
  await frame.locator(`${QUIZ} [data-action="copy-text"]`).click();
  await frame.locator(`${QUIZ} .copy-by-hand-status`).filter({ hasText: 'Copied' }).waitFor();
  assert.equal(await rec.page.evaluate(() => navigator.clipboard.readText()), answers.box.text);
  assert.deepEqual(rec.downloads, [], 'nothing was offered');
  // Chromium's own warning about this sandbox (it is the host's choice) is the only console message.
  assert.deepEqual(rec.pageErrors, []);
  assert.deepEqual(rec.consoleMessages.filter((m) => !/allow-scripts and allow-same-origin .* can escape its sandboxing/.test(m.text)), []);
  await rec.context.close();
});

test('a frame of another origin sandboxed without allow-downloads: the browser is only asked, the text is there to copy', async () => {
  const rec = await openFramed({ same: false });
  const { frame } = rec;
  const { inputs, answers } = await downloadBoth(frame);
  assert.equal(inputs.status, 'Your browser was asked to download llm-budget-lab-inputs.json (nothing was sent anywhere). This page sits '
    + 'in a frame that may forbid downloads, and cannot tell: if nothing arrived, copy the inputs from the box below.');
  assert.ok(inputs.box.shown && inputs.box.open && inputs.box.selected, 'the inputs are shown, selected');
  assert.equal(JSON.parse(inputs.box.text).inputs.batch, 40);
  assert.match(answers.status, /^Your browser was asked to download llm-budget-lab-answers-LM10-T6-v1\.json .* if nothing arrived, copy your answers from the box below\.$/);
  assert.ok(answers.box.shown && answers.box.open && answers.box.selected, 'the answers are shown, selected');
  // Without clipboard access the Copy button copies the selection, or says how to copy it by hand.
  await frame.locator(`${QUIZ} [data-action="copy-text"]`).click();
  assert.match(await frame.locator(`${QUIZ} .copy-by-hand-status`).textContent(),
    /^(Copied: paste it into a file of your own and keep it\.|The browser did not allow copying: the text is selected, press Ctrl\+C)/);
  assert.equal((await box(frame, QUIZ)).selected, true, 'the text is still selected');
  assert.deepEqual(rec.downloads, [], 'the sandbox refused the files');
  // Without allow-same-origin the browser keeps no answers: the notice says the download may show text instead.
  assert.match(await frame.locator(`${QUIZ} [data-notice="storage"]`).textContent(), /it also shows the answers as text to copy/);
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});

test('a top-level page: the browser was asked, the file arrives, the text waits folded', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const { page } = rec;
  await page.goto(server.url);
  await waitReady(page);
  const [file] = await Promise.all([page.waitForEvent('download'),
    page.locator(`${CALC} button[data-action="download-inputs"]`).click()]);
  assert.equal(JSON.parse((await downloadBytes(file)).toString('utf8')).inputs.batch, 16);
  assert.equal(await page.locator(`${CALC} .calc-link-status`).textContent(),
    'Your browser was asked to download llm-budget-lab-inputs.json (nothing was sent anywhere). If nothing arrived, copy the inputs from the box below.');
  const folded = await page.locator(`${CALC} details.copy-by-hand`).evaluate((d) => ({ shown: d.checkVisibility(), open: d.open }));
  assert.deepEqual(folded, { shown: true, open: false });
  await page.locator(`${CALC} details.copy-by-hand summary`).click();
  assert.equal((await box(page, CALC)).selected, true, 'opening it selects the text');
  assert.equal(JSON.parse((await box(page, CALC)).text).inputs.batch, 16);
  assertQuiet(rec);
  await rec.context.close();
});
