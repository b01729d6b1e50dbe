// Text from the content data files on the German page (dist/index.de.html): the presets' labels
// (content/locales/de/presets.json over content/presets.json) on the preset buttons, in the
// decision part's price fields and on the German instructors' page, both in the prerendered page
// and once the element has drawn; the measured part's method paragraphs and cell words
// (content/locales/de/measured-decode.json); the English page keeps the English text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { REPO, openSession, closeSession, assertQuiet, recordedPage, waitReady, openReady } from './lib/harness.mjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DE = JSON.parse(readFileSync(path.join(REPO, 'content/locales/de/presets.json'), 'utf8'));
const EN_MEASURED = JSON.parse(readFileSync(path.join(REPO, 'content/measured-decode.json'), 'utf8'));

/** The measured part of the page, once it has drawn. */
async function measuredPart(page) {
  const lab = page.locator('llm-budget-lab[parts="measured"]');
  await lab.scrollIntoViewIfNeeded();
  await page.locator('llm-budget-lab[parts="measured"][ready]').waitFor({ timeout: 30000 });
  return lab;
}

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const open = (url) => openReady(browser, url);

/** The label on the preset button of `id` in the page's presets part, once it has drawn. */
async function buttonLabel(page, id) {
  const lab = page.locator('llm-budget-lab[parts="presets"]');
  await lab.scrollIntoViewIfNeeded();
  await page.locator('llm-budget-lab[parts="presets"][ready]').waitFor({ timeout: 20000 });
  return lab.locator(`button[data-preset="${id}"] .preset-label`).textContent();
}

test('German page: preset buttons and price fields show the German labels', async () => {
  const rec = await open(new URL('index.de.html', server.url).href);
  const { page } = rec;
  // The lesson's worked table calls this row "16-Bit-Gewichte, MHA, 16-Bit-Cache, B = 16".
  assert.equal(await buttonLabel(page, 'lesson-mha-16'), '16-Bit-Gewichte, MHA (32 KV-Heads), 16-Bit-Cache, B = 16');
  assert.equal(await buttonLabel(page, 'knowledge-check-13b'), 'Wissenstest: 13B, 8-Bit-Gewichte, 40 GB Cache, 48-GB-GPU');
  // 8 requests of 4,096 tokens, written the German way.
  assert.equal(await buttonLabel(page, 'model-llama-2-7b-a100'), 'Llama 2 7B, 16 Bit, 8 × 4.096 Token auf A100 80 GB');
  assert.equal(await buttonLabel(page, 'apple-m2-max-96gb'), DE.gpus['apple-m2-max-96gb'].label);
  assert.equal(await buttonLabel(page, 'h100-sxm-80gb'), 'NVIDIA H100 SXM 80 GB', 'a proper name stays');
  const decision = page.locator('llm-budget-lab[parts~="decision"]').first();
  await decision.scrollIntoViewIfNeeded();
  await page.locator('llm-budget-lab[parts~="decision"][ready]').first().waitFor({ timeout: 20000 });
  const priceLabel = await decision.locator('[data-price="lesson-round"]').locator('xpath=preceding-sibling::label').textContent();
  assert.equal(priceLabel, 'Runde Werte der Lektion (80 GB, 1 TB/s, 40 TFLOP/s nutzbar): $ pro GPU-Stunde');
  await assertQuiet(rec);
  await rec.context.close();
});

test('German page as served (prerendered, before any script runs) already has the German labels', async () => {
  const html = readFileSync(path.join(REPO, 'dist/index.de.html'), 'utf8');
  assert.ok(html.includes('<span class="preset-label">8-Bit-Gewichte, GQA-8, 8-Bit-Cache, B = 16</span>'));
  assert.ok(!html.includes('<span class="preset-label">8-bit weights, GQA-8, 8-bit cache, B = 16</span>'));
});

test("German instructors' page: the preset table in German", async () => {
  const rec = await open(new URL('instructors.de.html', server.url).href);
  const row = rec.page.locator('tr', { has: rec.page.locator('code', { hasText: /^lesson-round$/ }) });
  assert.equal(await row.locator('td').first().textContent(), 'Runde Werte der Lektion (80 GB, 1 TB/s, 40 TFLOP/s nutzbar)');
  await rec.context.close();
});

test('English page: the preset labels stay English', async () => {
  const rec = await open(server.url);
  const { page } = rec;
  assert.equal(await buttonLabel(page, 'lesson-mha-16'), '16-bit weights, MHA (32 KV heads), 16-bit cache, B = 16');
  assert.equal(await buttonLabel(page, 'model-llama-2-7b-a100'), 'Llama 2 7B, 16-bit, 8 × 4,096 tokens on A100 80 GB');
  await assertQuiet(rec);
  await rec.context.close();
});

test('German page: the measured part explains its estimates in German, cells in German', async () => {
  const rec = await open(new URL('index.de.html', server.url).href);
  const lab = await measuredPart(rec.page);
  const notes = lab.locator('[data-out="measured-notes"]');
  assert.equal(await notes.locator('h3').textContent(), 'Wie die Schätzungen Bytes zählen');
  const paragraphs = await notes.locator('p').allTextContents();
  assert.equal(paragraphs.length, EN_MEASURED.budget.notes.length);
  // int4 with group size 32: (4 + 32/32) bits / 8 = 0.625 bytes per weight, written "0,625".
  assert.match(paragraphs[0], /^Bytes pro Gewicht\. bf16 sind 2 Bytes\..*0,625 Bytes/);
  for (const p of paragraphs) assert.ok(!EN_MEASURED.budget.notes.includes(p), `still English: ${p.slice(0, 60)}`);
  const text = (await lab.locator('section.part').allTextContents()).join(' ');
  assert.ok(text.includes('Llama 2 7B, int4 (Gruppe 32), 1 GPU'), 'the run name says int4 (Gruppe 32)');
  assert.ok(text.includes('zu wenig Speicher'), 'the out-of-memory cell is German');
  assert.ok(text.includes('mittlere Latenz'), 'the latency quantity is German');
  assert.ok(!text.includes('out of memory') && !text.includes('average latency') && !text.includes('(group 32)'));
  await assertQuiet(rec);
  await rec.context.close();
});

test('English page: the measured part as before', async () => {
  const rec = await open(server.url);
  const lab = await measuredPart(rec.page);
  const paragraphs = await lab.locator('[data-out="measured-notes"] p').allTextContents();
  assert.deepEqual(paragraphs, EN_MEASURED.budget.notes);
  const text = (await lab.locator('section.part').allTextContents()).join(' ');
  assert.ok(text.includes('Llama 2 7B, int4 (group 32), 1 GPU'));
  assert.ok(text.includes('out of memory'));
  await assertQuiet(rec);
  await rec.context.close();
});

test('German page at 360 px: every preset label fits its button (no text cut off or overflowing)', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 360, height: 740 } });
  await rec.page.goto(new URL('index.de.html', server.url).href);
  await waitReady(rec.page);
  await buttonLabel(rec.page, 'lesson-mha-16');
  const buttons = rec.page.locator('llm-budget-lab[parts="presets"] button.preset');
  const sizes = await buttons.evaluateAll((list) => list.map((b) => ({
    id: b.dataset.preset || b.dataset.runtime, scroll: b.scrollWidth, client: b.clientWidth, right: b.getBoundingClientRect().right })));
  assert.ok(sizes.length >= 38, `${sizes.length} buttons`);
  for (const s of sizes) {
    assert.ok(s.scroll <= s.client + 1, `${s.id}: label ${s.scroll} px wide in a ${s.client} px button`);
    assert.ok(s.right <= 360, `${s.id}: button ends at ${s.right} px, past the 360 px screen`);
  }
  await rec.context.close();
});
