// The config.json importer and the serving simulation in German, in Debian chromium: the
// importer's notes and refusals and the simulation's own refusals are kinds the core declares,
// so the German page writes them from content/ui/de.json with German numbers
// (web/element/core-message.js). Figures from tests/data/hf-configs/llama-3.1-8b.json:
// vocabulary 128,256 x hidden size 4,096 = 525,336,576 embedding weights and as many for the
// untied lm_head, 8,030,261,248 parameters in all; max_position_embeddings 131,072, trained at
// 8,192 (rope_scaling llama3, factor 8).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

const LLAMA = readFileSync(path.join(REPO, 'tests/data/hf-configs/llama-3.1-8b.json'), 'utf8');

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

async function openEmbed(query) {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.goto(`${server.url}embed.html?${query}`);
  await waitReady(rec.page);
  return rec;
}

const out = (lab, key) => lab.locator(`[data-out="${key}"]`).first().textContent();

test('a pasted Llama-3.1-8B config.json on the German page: German notes with German numbers', async () => {
  const rec = await openEmbed('parts=presets,calculator&lang=de');
  const lab = rec.page.locator('llm-budget-lab');
  await lab.locator('.hf-config-text').fill(LLAMA);
  await lab.locator('.hf-config-use').click();
  await lab.locator('.hf-config-use:not([aria-busy])').waitFor(); // the reading is done
  await lab.locator('.hf-config-notes li').first().waitFor();
  assert.match(await out(lab, 'hf-config-status'), /^Die config\.json ändert /);
  assert.deepEqual(await lab.locator('.hf-config-notes li').allTextContents(), [
    'Gelesen als llama, gezählt so, wie huggingface/transformers src/transformers/models/llama/modeling_llama.py die '
      + 'Gewichte aufbaut: 8.030.261.248 Parameter (Embeddings 525.336.576, lm_head 525.336.576).',
    'rope_scaling (llama3, factor 8) ist vorhanden: Der maximale Kontext ist max_position_embeddings, 131.072 (trainiert mit 8.192).',
  ]);
  assertQuiet(rec);
});

test('broken and unusable config.json files on the German page: the refusal in German, nothing changed', async () => {
  const rec = await openEmbed('parts=presets,calculator&lang=de');
  const lab = rec.page.locator('llm-budget-lab');
  const total = await out(lab, 'total_bytes');
  const box = lab.locator('.hf-config-text');
  const use = lab.locator('.hf-config-use');
  for (const [text, said] of [
    // The reader stops at byte 15 (counted from 0), the '}' where a value should be.
    ['{"model_type": }', 'Nicht gelesen, nichts geändert: config.json ist kein gültiges JSON (bei Byte 15): erwartet wird '
      + 'ein Wert (ein Objekt, ein Array, ein String, eine Zahl, true, false oder null).'],
    ['[1, 2, 3]', 'Nicht gelesen, nichts geändert: config.json muss genau ein JSON-Objekt enthalten (erhalten: ein Array).'],
    ['{"model_type": "llama"}', 'Nicht gelesen, nichts geändert: config.json enthält kein vocab_size, das diese Architektur braucht.'],
    // 2.5 KV heads: the range 1 to 1e9 written in German.
    [LLAMA.replace('"num_key_value_heads": 8', '"num_key_value_heads": 2.5'), 'Nicht gelesen, nichts geändert: Für '
      + 'num_key_value_heads ist eine ganze Zahl von 1 bis 1.000.000.000 erforderlich (erhalten: 2,5).'],
  ]) {
    await box.fill(text);
    await use.click();
    await lab.locator('.hf-config-use:not([aria-busy])').waitFor(); // the reading is done
    assert.equal(await out(lab, 'hf-config-status'), said, text.slice(0, 40));
    assert.equal(await out(lab, 'total_bytes'), total, 'the last good result stays');
  }
  // A model past the calculator's range: the range refusal inside, with the field's German label.
  await box.fill(LLAMA.replace('"intermediate_size": 14336', '"intermediate_size": 1000000000'));
  await use.click();
  await lab.locator('.hf-config-use:not([aria-busy])').waitFor(); // the reading is done
  assert.match(await out(lab, 'hf-config-status'), /^Nicht gelesen, nichts geändert: Das Modell, das diese config\.json beschreibt, liegt außerhalb des Bereichs des Rechners: Für Parameter insgesamt ist eine Zahl von 1 Parameter bis 10\.000\.000\.000\.000 Parameter erforderlich \(erhalten: 393\.\d{3}\.\d{3}\.\d{3}\.\d{3} Parameter\)\.$/);
  assertQuiet(rec);
});

test('the serving simulation\'s refusal on the German page', async () => {
  const rec = await openEmbed('parts=calculator,traffic&lang=de');
  const lab = rec.page.locator('llm-budget-lab');
  const status = lab.locator('[data-out="traffic-status"]');
  await lab.locator('.traffic-body:not([data-busy])').waitFor({ timeout: 20000 });
  // 70 billion parameters at 16 bits, 140 GB of weights, on one 80 GB GPU: no room for a KV cache.
  await lab.locator('input.field-text[data-field="total_params"]').fill('70');
  await rec.page.waitForFunction(() => document.querySelector('llm-budget-lab').shadowRoot
    .querySelector('[data-out="traffic-status"]').textContent.startsWith('Keine Simulation'), null, { timeout: 20000 });
  assert.equal(await status.textContent(), 'Keine Simulation für diese Konfiguration: Die Gewichte und der Speicher der '
    + 'Laufzeitumgebung lassen auf keiner GPU innerhalb der Reserve Platz für einen KV-Cache. Diagramm und Tabelle unten '
    + 'zeigen die letzten gültigen Ergebnisse.');
  assertQuiet(rec);
});
