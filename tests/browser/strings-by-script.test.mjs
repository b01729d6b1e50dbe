// A calculator-only page's core script carries neither the simulation's nor the presets-file
// rules' English words (web/strings-plugin.mjs); each arrives with the script that shows it,
// so the page still words them: the traffic part added later, and a presets="URL" file with a
// duplicate id, shown in the sentences of content/ui/en.json.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO, assertBuilt, launch, serveDist, serveFolder, recordedPage, waitReady } from './lib/harness.mjs';

const EN = JSON.parse(readFileSync(path.join(REPO, 'content/ui/en.json'), 'utf8'));
let browser;
let lab;
let host;
let hostDir;

before(async () => {
  assertBuilt();
  browser = await launch();
  lab = await serveDist();
  hostDir = mkdtempSync(path.join(tmpdir(), 'llmb-strings-'));
  host = await serveFolder(hostDir, { host: '127.0.0.1' });
  // The built-in presets with the second model given the first one's id.
  const presets = JSON.parse(readFileSync(path.join(REPO, 'content/presets.json'), 'utf8'));
  presets.models[1].id = presets.models[0].id;
  writeFileSync(path.join(hostDir, 'duplicate.json'), JSON.stringify(presets));
  writeFileSync(path.join(hostDir, 'page.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Strings by script</title><link rel="icon" href="data:,">
<script src="${lab.url}llm-budget-lab.js" defer></script></head><body>
<llm-budget-lab parts="calculator" presets="duplicate.json"></llm-budget-lab>
</body></html>`);
});

after(async () => {
  if (browser) await browser.close();
  if (host) await host.close();
  if (lab) await lab.close();
  rmSync(hostDir, { recursive: true, force: true });
});

const english = (page) => page.evaluate(() => Object.keys(globalThis.__llmbModules['web/element/i18n.js'].ENGLISH));

test('a calculator-only embed: the simulation\'s words come with the charts script when the traffic part is added', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${lab.url}embed.html?parts=calculator`);
  await waitReady(rec.page);
  const before = await english(rec.page);
  assert.ok(before.includes('results.title'));
  for (const id of ['traffic.title', 'quiz.drillIntro', 'tour.heading', 'presetsCheck.duplicateId']) assert.ok(!before.includes(id), id);
  await rec.page.evaluate(() => document.querySelector('llm-budget-lab').setAttribute('parts', 'calculator traffic'));
  const lab1 = rec.page.locator('llm-budget-lab');
  // Drawn once the full core and the charts script are there: its simulation settles (no data-busy).
  await lab1.locator('[data-part="traffic"] .traffic-body:not([data-busy])').waitFor({ timeout: 30000 });
  assert.equal(await lab1.locator('[data-part="traffic"] h2.part-title').first().textContent(), EN['traffic.title']);
  assert.equal(await lab1.locator('[data-part="traffic"] p.chart-desc').first().textContent(), EN['traffic.description']);
  // The calculator still answers: the lesson's default row is 31.2 GB.
  assert.equal(await lab1.locator('[data-out="total_bytes"]').textContent(), '31.2 GB');
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});

test('a presets file with a duplicate id: the presets-file rules\' script brings the reason\'s English words', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${host.url}page.html`);
  await waitReady(rec.page);
  await rec.page.waitForSelector('llm-budget-lab [data-lab-notice]', { timeout: 15000 });
  const notices = await rec.page.locator('llm-budget-lab [data-lab-notice]').allTextContents();
  // presetsCheck.duplicateId with section "models" and entry 1 (the second model), inside presetsFile.problems.
  const reason = EN['presetsCheck.duplicateId'].replace('{section}', 'models').replace('{entry}', '1');
  assert.ok(notices.some((t) => t.includes(reason) && t.endsWith('showing the built-in presets.')), notices.join(' | '));
  assert.ok((await english(rec.page)).includes('presetsCheck.duplicateId'));
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});
