// "Your own model" in Debian chromium: a Hugging Face config.json pasted or
// chosen as a file is read by the core's importer and sets the model inputs;
// a bad file changes nothing and says why. Figures from the fixture
// tests/data/hf-configs/gemma-2-9b-it.json (42 layers, 8 KV heads of 256,
// sliding_window 4096 on every other layer, max_position_embeddings 8192).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GEMMA2 = path.join(REPO, 'tests/data/hf-configs/gemma-2-9b-it.json');

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

async function openPresets(viewport = { width: 1280, height: 800 }) {
  const rec = await recordedPage(browser, { viewport });
  await rec.page.goto(`${server.url}embed.html?parts=presets,calculator`);
  await waitReady(rec.page);
  return rec;
}

const out = (lab, key) => lab.locator(`[data-out="${key}"]`).first().textContent();

test('a pasted Gemma 2 config sets the model: the layer mix, its cache and its context limit', async () => {
  const rec = await openPresets();
  const lab = rec.page.locator('llm-budget-lab');
  await lab.locator('.hf-config-text').fill(readFileSync(GEMMA2, 'utf8'));
  await lab.locator('.hf-config-use').click();
  await lab.locator('.hf-config-use:not([aria-busy])').waitFor(); // the reading is done
  assert.match(await out(lab, 'hf-config-status'), /^The config\.json changed /);
  assert.equal(await out(lab, 'layer_mix'), '21 sliding (4,096) + 21 full');
  // The default 16 requests of 8,192 tokens, 16-bit cache: 8,192 B per layer and token,
  // (21 x 8,192 + 21 x 4,096) x 8,192 B = 2,113,929,216 B per request, x 16 = 33.8 GB.
  assert.match(await out(lab, 'kv_cache_bytes'), /^33\.8 GB /);
  assert.equal(await lab.locator('input.field-text[data-field="model_max_context_tokens"]').inputValue(), '8192');
  assert.ok(await lab.locator('.hf-config-notes li').count() > 0, 'the importer says what it counted');
  assertQuiet(rec);
});

// The importer is its own script and wasm module (web/core/wasm-variants.js `importer`): a
// page fetches them only when a reader first reads a config.json, over http the streamed
// .wasm and from disk the base64 copy, and a second reading fetches nothing more.
const importerFiles = (urls) => urls.map((u) => u.split('/').pop()).filter((n) => n.includes('importer')).sort();

test('the importer\'s script and module are fetched at the first reading, not before, and once', async () => {
  const rec = await openPresets();
  const lab = rec.page.locator('llm-budget-lab');
  assert.deepEqual(importerFiles(rec.requests), [], 'nothing of the importer before a reading');
  await lab.locator('.hf-config-text').fill(readFileSync(GEMMA2, 'utf8'));
  await lab.locator('.hf-config-use').click();
  await lab.locator('.hf-config-use:not([aria-busy])').waitFor(); // the reading is done
  assert.equal(await out(lab, 'layer_mix'), '21 sliding (4,096) + 21 full');
  assert.deepEqual(importerFiles(rec.requests), ['llm-budget-lab-importer.js', 'llm-budget-lab-importer.wasm']);
  assert.equal(await lab.locator('.hf-config-use').getAttribute('aria-busy'), null, 'the button is no longer busy');
  // A second reading uses the same instance.
  await lab.locator('.hf-config-text').fill(readFileSync(GEMMA2, 'utf8').replace('"max_position_embeddings": 8192', '"max_position_embeddings": 4096'));
  await lab.locator('.hf-config-use').click();
  await lab.locator('.hf-config-use:not([aria-busy])').waitFor(); // the reading is done
  await rec.page.waitForFunction(() => document.querySelector('llm-budget-lab').shadowRoot
    .querySelector('input.field-text[data-field="model_max_context_tokens"]').value === '4096');
  assert.equal(importerFiles(rec.requests).length, 2);
  assertQuiet(rec);
});

test('opened from disk, the importer comes from its base64 copy and reads the config', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${pathToFileURL(path.join(REPO, 'dist/embed.html')).href}?parts=presets,calculator`);
  await waitReady(rec.page);
  const lab = rec.page.locator('llm-budget-lab');
  await lab.locator('.hf-config-text').fill(readFileSync(GEMMA2, 'utf8'));
  await lab.locator('.hf-config-use').click();
  await lab.locator('.hf-config-use:not([aria-busy])').waitFor(); // the reading is done
  assert.equal(await out(lab, 'layer_mix'), '21 sliding (4,096) + 21 full');
  assert.deepEqual(importerFiles(rec.requests), ['llm-budget-lab-importer-wasm.js', 'llm-budget-lab-importer.js']);
  assertQuiet(rec);
});

test('when the importer cannot be loaded, nothing changes and the status says so; the next try reads', async () => {
  const rec = await openPresets();
  const lab = rec.page.locator('llm-budget-lab');
  const total = await out(lab, 'total_bytes');
  await rec.page.route('**/llm-budget-lab-importer.js', (route) => route.abort());
  await lab.locator('.hf-config-text').fill(readFileSync(GEMMA2, 'utf8'));
  await lab.locator('.hf-config-use').click();
  await lab.locator('.hf-config-use:not([aria-busy])').waitFor(); // the reading is done
  assert.equal(await out(lab, 'hf-config-status'), 'Not read, nothing changed: the config.json importer '
    + '(llm-budget-lab-importer.js) could not be loaded; check the connection and try again.');
  assert.equal(await out(lab, 'total_bytes'), total, 'the last good result stays');
  // Back online: the same button reads it.
  await rec.page.unroute('**/llm-budget-lab-importer.js');
  await lab.locator('.hf-config-use').click();
  await lab.locator('.hf-config-use:not([aria-busy])').waitFor();
  assert.equal(await out(lab, 'layer_mix'), '21 sliding (4,096) + 21 full');
  assert.deepEqual(rec.pageErrors, []);
  assert.deepEqual(rec.consoleMessages.filter((m) => m.type === 'error' && !/Failed to load resource/.test(m.text)), []);
});

test('a double click reads once and says what changed; a blank box is answered at once while a reading waits', async () => {
  const rec = await openPresets();
  const lab = rec.page.locator('llm-budget-lab');
  await lab.locator('.hf-config-text').fill(readFileSync(GEMMA2, 'utf8'));
  await lab.locator('.hf-config-use').dblclick();
  await lab.locator('.hf-config-use:not([aria-busy])').waitFor();
  // The second click of the pair is not a second reading ("the inputs were already these").
  assert.match(await out(lab, 'hf-config-status'), /^The config\.json changed /);
  // Once the importer is here too: another config, double-clicked, says what it changed.
  await lab.locator('.hf-config-text').fill(readFileSync(GEMMA2, 'utf8').replace('"max_position_embeddings": 8192', '"max_position_embeddings": 4096'));
  await lab.locator('.hf-config-use').dblclick();
  await lab.locator('.hf-config-use:not([aria-busy])').waitFor();
  assert.match(await out(lab, 'hf-config-status'), /^The config\.json changed .*model context limit/);
  assertQuiet(rec);
  // A page whose importer never arrives: the reading waits (and says it is fetching), while an
  // empty box is answered at once.
  const stalled = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await stalled.page.route('**/llm-budget-lab-importer.js', () => {}); // never answered
  await stalled.page.goto(`${server.url}embed.html?parts=presets,calculator`);
  await waitReady(stalled.page);
  const lab2 = stalled.page.locator('llm-budget-lab');
  await lab2.locator('.hf-config-text').fill(readFileSync(GEMMA2, 'utf8'));
  await lab2.locator('.hf-config-use').click();
  assert.equal(await out(lab2, 'hf-config-status'), 'Fetching the config.json reader (once per page)…');
  assert.equal(await lab2.locator('.hf-config-use').getAttribute('aria-busy'), 'true');
  await lab2.locator('.hf-config-text').fill('   ');
  await lab2.locator('.hf-config-use').click();
  assert.equal(await out(lab2, 'hf-config-status'), 'Paste the text of a config.json first, or choose the file.');
  await stalled.context.close();
});

test('a text over 1 MiB in UTF-8 bytes is refused by its size in bytes, whatever its length in characters', async () => {
  const rec = await openPresets();
  const lab = rec.page.locator('llm-budget-lab');
  // 600,000 "é" (2 bytes each in UTF-8) in a string value: 600,000 characters, 1,200,000 bytes and more.
  const text = readFileSync(GEMMA2, 'utf8').replace('"gemma2"', `"gemma2", "x": "${'é'.repeat(600000)}"`);
  await lab.locator('.hf-config-text').fill(text);
  await lab.locator('.hf-config-use').click();
  const bytes = Buffer.byteLength(text, 'utf8');
  assert.equal(await out(lab, 'hf-config-status'), `Not read, nothing changed: the text is ${Math.ceil(bytes / 1024).toLocaleString('en')} KB; `
    + 'a config.json is a few KB (at most 1,024 KB is read).');
  assertQuiet(rec);
});

test('an importer .wasm of another build (a stale file) falls back to the base64 copy and reads', async () => {
  const rec = await openPresets();
  const lab = rec.page.locator('llm-budget-lab');
  // The calculator's module served as the importer's: it compiles, but its imports do not match.
  const wrong = readFileSync(path.join(REPO, 'dist/llm-budget-lab-calc.wasm'));
  await rec.page.route('**/llm-budget-lab-importer.wasm', (route) => route.fulfill({ status: 200, contentType: 'application/wasm', body: wrong }));
  await lab.locator('.hf-config-text').fill(readFileSync(GEMMA2, 'utf8'));
  await lab.locator('.hf-config-use').click();
  await lab.locator('.hf-config-use:not([aria-busy])').waitFor();
  assert.equal(await out(lab, 'layer_mix'), '21 sliding (4,096) + 21 full');
  assert.ok(importerFiles(rec.requests).includes('llm-budget-lab-importer-wasm.js'), 'the base64 copy was fetched');
  assertQuiet(rec);
});

test('a config whose context limit is below the context brings the context down with it', async () => {
  const rec = await openPresets();
  const lab = rec.page.locator('llm-budget-lab');
  const ctxBox = lab.locator('input.field-text[data-field="context_tokens"]');
  await ctxBox.fill('32768');
  await ctxBox.press('Enter');
  await ctxBox.blur(); // a box being edited keeps its text; the value shows once it is left
  await lab.locator('.hf-config-file').setInputFiles(GEMMA2);
  await rec.page.waitForFunction(() => document.querySelector('llm-budget-lab').shadowRoot
    .querySelector('[data-out="layer_mix"]').textContent.includes('sliding'));
  assert.equal(await ctxBox.inputValue(), '8192');
  // The change nobody asked for is named first, never among "and N more".
  assert.match(await out(lab, 'hf-config-status'), /^The config\.json changed context 32,768 tokens per request → 8,192 tokens per request, /);
  assertQuiet(rec);
});

test('bad files change nothing and say why', async () => {
  const rec = await openPresets({ width: 360, height: 740 });
  const lab = rec.page.locator('llm-budget-lab');
  const total = await out(lab, 'total_bytes');
  const box = lab.locator('.hf-config-text');
  const use = lab.locator('.hf-config-use');
  for (const [text, said] of [
    ['', /^Paste the text of a config\.json first/],
    ['{"model_type": "llama", ', /^Not read, nothing changed: /],
    ['{"model_type": "not-a-model"}', /^Not read, nothing changed: .*not-a-model/],
    ['[1, 2, 3]', /^Not read, nothing changed: /],
    [`{"model_type": "llama", "x": ${'['.repeat(5000)}`, /^Not read, nothing changed: /],
  ]) {
    await box.fill(text);
    await use.click();
    await lab.locator('.hf-config-use:not([aria-busy])').waitFor(); // the reading is done
    const status = await out(lab, 'hf-config-status');
    assert.match(status, said, `${text.slice(0, 40)}: ${status}`);
    assert.doesNotMatch(status, /NaN|Infinity|undefined|Error:|at \S+ \(/);
    assert.equal(await out(lab, 'total_bytes'), total, 'the last good result stays');
  }
  assertQuiet(rec);
});

test('a mixture of experts made dense from the fields; an import replaces refused text', async () => {
  const rec = await openPresets();
  const lab = rec.page.locator('llm-budget-lab');
  const MIXTRAL = path.join(REPO, 'tests/data/hf-configs/mixtral-8x7b-v0.1.json');
  const box = (name) => lab.locator(`input.field-text[data-field="${name}"]`);
  await lab.locator('.hf-config-file').setInputFiles(MIXTRAL);
  await rec.page.waitForFunction(() => document.querySelector('llm-budget-lab').shadowRoot
    .querySelector('input.field-text[data-field="experts"]').value === '8');
  // Experts per token to 0 alone is refused (the two are set together), in the page's words.
  await box('experts_per_token').fill('0');
  await box('experts_per_token').press('Enter');
  const perTokenError = lab.locator('.field[data-field="experts_per_token"] .field-error');
  assert.match(await perTokenError.textContent(), /^Not accepted: /);
  // Routed experts to 0 carries experts per token to 0: a dense model, nothing stale.
  await box('experts').fill('0');
  await box('experts').press('Enter');
  await box('experts').blur();
  assert.equal(await box('experts_per_token').inputValue(), '0');
  assert.equal(await out(lab, 'stale'), '');
  // Refused text again, then an import: the field shows the imported value.
  await box('experts_per_token').fill('0');
  await box('experts_per_token').blur(); // as reaching for the file chooser does
  await lab.locator('.hf-config-file').setInputFiles(MIXTRAL);
  await rec.page.waitForFunction(() => document.querySelector('llm-budget-lab').shadowRoot
    .querySelector('input.field-text[data-field="experts"]').value === '8');
  assert.equal(await box('experts_per_token').inputValue(), '2');
  assert.equal(await out(lab, 'stale'), '');
  // The same file chosen again is read again.
  await lab.locator('.hf-config-text').fill('');
  await lab.locator('.hf-config-file').setInputFiles(MIXTRAL);
  await rec.page.waitForFunction(() => document.querySelector('llm-budget-lab').shadowRoot
    .querySelector('.hf-config-text').value.includes('mixtral'));
  assertQuiet(rec);
});
