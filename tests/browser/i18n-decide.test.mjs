// The decision procedure, presets (with the runtime presets and the config.json importer),
// "Copy link" and the KV-cache practice in German, in Debian chromium: the words come from
// content/ui/de.json and the numbers are written as German writes them ("46,0 GB", "1.550");
// a price typed as "1,5" is 1.5 and "1.026" says how it was read. The figures are the
// core's for the lesson's scenario preset (content/presets.json: llama-3.1-70b, 70,553,706,496
// parameters, 80 layers, 8 KV heads of 128, 32 users of 4,096 tokens, TTFT under 1 s, 20 tok/s
// each; h100-sxm-80gb 85,520,809,984 B, 2.68 TB/s usable; a100-80gb-sxm), as
// decision-marks.test.mjs and decision-cost.test.mjs work them in English. The English page
// keeps its English words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

const SCENARIO = 'scenario-llama-3.1-70b-h100';
const KV = 'llm-budget-lab [data-part="kv-practice"]';

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
/** Waits until the cost ranking shows the prices typed (the section drops data-busy once the typing rests). */
const ranked = async (lab) => {
  await lab.locator('[data-out="decision-cost"][data-busy]').waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
  await lab.locator('[data-out="decision-cost"]:not([data-busy])').waitFor();
};

test('decision procedure with lang="de": the five steps, marks, table and cost ranking in German with decimal commas', async () => {
  const rec = await openEmbed(`parts=calculator,decision&preset=${SCENARIO}&lang=de`);
  const lab = rec.page.locator('llm-budget-lab');
  assert.equal(await lab.locator('[data-part="decision"] h2.part-title').textContent(), 'Das Entscheidungsverfahren für Ihre Last');
  // Step 1: 32 users of 4,096 tokens; 70,553,706,496 parameters = 70.6 billion; 85.52 GB at 3.35 x 0.8 = 2.68 TB/s
  // (one decimal: 2.7); targets 1 s and 20 tok/s.
  assert.equal(await out(lab, 'decision-workload'), '32 gleichzeitige Anfragen mit je 4.096 Token (Prompts mit 4.096), ein Modell mit '
    + '70,6 Milliarden Parametern (80 Schichten, 64 Query- und 8 KV-Köpfe), auf GPUs mit 85,5 GB und 2,7 TB/s nutzbar. '
    + 'Ziele: ein erstes Token innerhalb von 1,0 s und 20,0 Token/s für jede Anfrage.');
  // Step 2: 70,553,706,496 x 2 B = 141.1 GB of weights + 2 x 80 x 8 x 128 x 2 B x 4,096 x 32 = 42.9 GB of cache = 184.1 GB on one GPU.
  assert.equal(await out(lab, 'decision-baseline'), '16-Bit-Gewichte und -Cache auf einer GPU: 184,1 GB, passt nicht. '
    + 'Das Problem ist der Speicher: Gewichte und Cache passen nicht auf eine GPU.');
  // Step 3: 141.1 / 4 + 42.9 / 4 = 35.3 + 10.7 = 46.0 GB per GPU on 4 GPUs.
  assert.match(await out(lab, 'decision-keep'), /^Erhält die Ausgabe: 16-Bit-Gewichte und -Cache auf 4 GPUs \(46,0 GB pro GPU, erstes Token nach [\d,]+ ms, /);
  // Step 4: 8-bit weights on 2 GPUs, 70.6 / 2 = 35.3 GB + 42.9 / 2 = 21.5 GB of cache = 56.8 GB.
  const change = await out(lab, 'decision-change');
  assert.match(change, /^Günstiger, wenn Sie eine veränderte Ausgabe akzeptieren: 8-Bit-Gewichte und 16-Bit-Cache auf 2 GPUs, 2 statt 4 GPUs \(56,8 GB pro GPU, /);
  // 16-bit weights on 2 GPUs: 141.1 / 2 + 42.9 / 2 = 92.0 GB per GPU, above 85.5 GB.
  assert.match(change, /16-Bit-Gewichte, 16-Bit-Cache, 2 GPUs: passt nicht \(92,0 GB pro GPU\)/);
  assert.match(change, /gegen das 16-Bit-Modell:$/);
  assert.equal(await lab.locator('[data-out="decision-evaluate"] li').first().textContent(),
    '8-Bit-Gewichte: Messen Sie Aufgabengenauigkeit und lange Antworten auf Ihren eigenen Aufgaben gegen das 16-Bit-Modell, mit Konfidenzintervallen');
  assert.match(await out(lab, 'decision-measure'), /mit Perzentilen, bei 32 gleichzeitigen Anfragen\./);
  // 3 weight x 2 cache precisions x 4 GPU counts = 24 rows.
  assert.equal(await out(lab, 'decision-summary'), '24 Kombinationen probiert: 19 passen und 17 erfüllen jedes Ziel. '
    + 'Erhält die Ausgabe: 16-Bit-Gewichte und -Cache auf 4 GPUs. Günstiger, wenn Sie eine veränderte Ausgabe akzeptieren: '
    + '8-Bit-Gewichte und 16-Bit-Cache auf 2 GPUs, sobald das quantisierte Modell Ihre eigene Bewertung besteht.');
  assert.deepEqual(await lab.locator('table.decision-table thead th').allTextContents(), ['Gewichte', 'Cache', 'GPUs',
    'Speicher pro GPU', 'Ergebnis', 'Erstes Token', 'Pro Anfrage (Token/s)', 'Alle Anfragen (Token/s)', 'Ziele']);
  const star = await lab.locator('tr[data-cheapest] th, tr[data-cheapest] td').allTextContents();
  assert.deepEqual(star.slice(0, 5), ['★ 16-Bit', '16-Bit', '4', '46,0 GB', 'Passt']);
  assert.equal(star.at(-1), 'erfüllt');
  // All requests: 32 x the per-request speed, whole, with "." grouping ("1.550").
  assert.match(star.at(-2), /^\d\.\d{3}$/);
  assert.equal(await lab.locator('[data-control="use-cheapest"]').textContent(), 'Zeile mit unveränderter Ausgabe laden (★)');
  // Step 5 at the serving simulation's starting load (1 request/s of 1,024 + 256 tokens): the marked row,
  // 8-bit weights on 2 GPUs, with its p90 times and the highest load meeting the targets, in German digits.
  const atLoad = lab.locator('[data-out="decision-traffic"]:not([data-busy])', { hasText: 'Bei der Last' });
  await atLoad.waitFor({ timeout: 20000 });
  assert.match(await atLoad.textContent(), /^Bei der Last der Verkehrssimulation von 1,0 Anfragen\/s \(1\.024 \+ 256 Token pro Anfrage\) erfüllt die Konfiguration 8-Bit-Gewichte und 16-Bit-Cache auf 2 GPUs die Ziele: TTFT \d+,\d ms und TPOT \d+,\d ms bei p90; die höchste Last, die sie erfüllt, ist \d+,\d+ Anfragen\/s\.$/);

  // Cost: no price yet.
  assert.equal(await out(lab, 'decision-cost-summary'),
    'Geben Sie für mindestens einen GPU-Typ einen Preis ein, um die Typen nach Kosten zu vergleichen.');
  const a100 = lab.locator('input[data-price="a100-80gb-sxm"]');
  await lab.locator('input[data-price="h100-sxm-80gb"]').fill('2');
  await a100.fill('1,00');
  await ranked(lab);
  // 16-bit on 8 A100s at 1,798.38 tok/s: 1 $ x 8 / 3600 s / 1,798.38 tok/s x 1e6 = 1.2357 $ per million output tokens;
  // input: 1 x 8 / 3600 x 0.54658 s / 4,096 x 1e6 = 0.29654 $.
  assert.deepEqual(await lab.locator('tr[data-cost-cheapest] th, tr[data-cost-cheapest] td').allTextContents(),
    ['★ NVIDIA A100 80 GB SXM', '8', '16-Bit-Gewichte, 16-Bit-Cache', 'erfüllt', '1,24 $', '0,297 $']);
  assert.deepEqual(await lab.locator('.decision-cost-table thead th').allTextContents(),
    ['GPU-Typ', 'GPUs', 'Genauigkeit', 'Ziele', 'Pro Million Ausgabe-Token', 'Pro Million Eingabe-Token']);
  assert.match(await out(lab, 'decision-cost-summary'), /^\d+ Kombinationen passen auf die 2 GPU-Typen mit Preis, 23 erfüllen jedes Ziel\. /);
  // "1,5" is 1.5 $: 1.5 x 8 / 3600 / 1,798.38 x 1e6 = 1.853 $, now above 16-bit on 4 H100s
  // (2 x 4 / 3600 / 1,549.70 x 1e6 = 1.434 $), which becomes the cheapest that keeps the output.
  await a100.fill('1,5');
  await ranked(lab);
  assert.equal(await out(lab, 'price-read-a100-80gb-sxm'), '');
  assert.deepEqual((await lab.locator('tr[data-cost-cheapest] th, tr[data-cost-cheapest] td').allTextContents()).slice(0, 5),
    ['★ NVIDIA H100 SXM 80 GB', '4', '16-Bit-Gewichte, 16-Bit-Cache', 'erfüllt', '1,43 $']);
  const a100Row = lab.locator('tr[data-gpu="a100-80gb-sxm"]', { hasText: '16-Bit-Gewichte, 16-Bit-Cache' }).first();
  assert.equal(await a100Row.locator('[data-out="cost-output"]').textContent(), '1,85 $');
  // "1.026" could be 1,026 $ to a German reader: it is read as the core reads it, 1.026 $, and says so.
  // 1.026 x 8 / 3600 / 1,798.38 x 1e6 = 1.268 $: the A100 is the cheapest again.
  await a100.fill('1.026');
  await ranked(lab);
  assert.equal(await out(lab, 'price-read-a100-80gb-sxm'), 'Gelesen als 1,026 $ pro GPU-Stunde: Der Punkt gilt hier als Dezimalpunkt.');
  assert.deepEqual((await lab.locator('tr[data-cost-cheapest] th, tr[data-cost-cheapest] td').allTextContents()).slice(0, 5),
    ['★ NVIDIA A100 80 GB SXM', '8', '16-Bit-Gewichte, 16-Bit-Cache', 'erfüllt', '1,27 $']);
  // "1,026" on a German page: a lone comma before three digits is a decimal comma where the price
  // allows it, 1.026 $ (not 1,026 $), and the note says so in German digits.
  await a100.fill('1,026');
  await ranked(lab);
  assert.equal(await out(lab, 'price-read-a100-80gb-sxm'), 'Gelesen als 1,026 $ pro GPU-Stunde.');
  // A refused price names the GPU, the declared range in German digits and the price typed.
  await a100.fill('-3');
  assert.equal(await out(lab, 'price-error-a100-80gb-sxm'),
    'NVIDIA A100 80 GB SXM: Geben Sie einen Preis von 0,0001 bis 1.000.000 $ pro GPU-Stunde ein, nicht -3. Die Tabelle behält den letzten gültigen Preis.');
  assertQuiet(rec);
  await rec.context.close();
});

test('presets, runtime presets, config.json import and the link tools with lang="de"', async () => {
  const rec = await openEmbed(`parts=calculator,presets&preset=${SCENARIO}&lang=de`);
  const lab = rec.page.locator('llm-budget-lab');
  const presets = lab.locator('[data-part="presets"]');
  assert.deepEqual(await presets.locator('h2, h3').allTextContents(), ['Vorgaben', 'Die sechs Konfigurationen der Lektion',
    'Szenario des Wissenstests', 'Öffentliche Modelle auf echten GPUs', 'Nur die Form des Modells', 'GPUs',
    'Speicher der Laufzeitumgebung', 'Ihr eigenes Modell (config.json)']);
  // H100: 85,520,809,984 B = 85.5 GB = 79.6 GiB; 3.35 TB/s peak x 80 % = 2.68 TB/s; 989.5 and 1,979 TFLOP/s
  // peak, 50 % usable; the link 450 GB/s.
  assert.equal(await presets.locator('button[data-preset="h100-sxm-80gb"] .preset-detail').textContent(),
    '85,5 GB (79,6 GiB); Speicherbandbreite 3,35 TB/s Spitze, 80 % nutzbar (2,68 TB/s); dicht 989,5 (16 Bit), '
    + '1.979 (8 Bit) TFLOP/s Spitze, 50 % nutzbar; Verbindung 450 GB/s je Richtung');
  // The A100 preset: 80 GiB = 85.899346 GB, 2.039 TB/s x 80 % = 1.6312 TB/s, 312 x 50 % = 156 TFLOP/s, 300 GB/s link.
  await presets.locator('button[data-preset="a100-80gb-sxm"]').click();
  assert.match(await out(lab, 'changes'), /^Vorgabe „NVIDIA A100 80 GB SXM“ ändert GPU-Speicher 85,52081 GB → 85,899346 GB, Speicherbandbreite 2,68 TB\/s → 1,6312 TB\/s, /);
  assert.match(await out(lab, 'changes'), / und 1 weitere\.$/);
  // vLLM's estimate on the A100: 256 sequences per step (its default for an A100).
  await presets.locator('button[data-runtime="vllm"]').click();
  assert.match(await out(lab, 'runtime-status'), /Angenommen: 256 Sequenzen pro Schritt \(vLLMs Standardwert für max_num_seqs auf der NVIDIA A100 80 GB SXM\): eine Spitze beim Aufwärmen von \d+,\d GiB/);
  assert.match(await out(lab, 'runtime-status'), /Kapazität des KV-Cache: [\d.]+ Token\.$/);
  await presets.locator('button[data-runtime="none"]').click();
  assert.match(await out(lab, 'runtime-status'), /^Laufzeitumgebung der Lektion ändert /);
  // The importer: nothing typed, then a Llama 3 8B config.json. Its parameters: embeddings and head 2 x 128,256 x 4,096,
  // 32 layers of attention (4,096 x (4,096 + 2 x 1,024 + 4,096)) and MLP (3 x 4,096 x 14,336) and two norms of 4,096,
  // and the final norm: 8,030,261,248 = 8.030261 billion.
  await presets.locator('.hf-config-use').click();
  await presets.locator('.hf-config-use:not([aria-busy])').waitFor(); // the reading is done
  assert.equal(await out(lab, 'hf-config-status'), 'Fügen Sie zuerst den Text einer config.json ein oder wählen Sie die Datei.');
  await presets.locator('textarea.hf-config-text').fill(JSON.stringify({ model_type: 'llama', hidden_size: 4096, num_hidden_layers: 32,
    num_attention_heads: 32, num_key_value_heads: 8, intermediate_size: 14336, vocab_size: 128256, max_position_embeddings: 131072 }));
  await presets.locator('.hf-config-use').click();
  await presets.locator('.hf-config-use:not([aria-busy])').waitFor(); // the reading is done
  assert.match(await out(lab, 'hf-config-status'), /^Die config\.json ändert Parameter insgesamt 70,553706 Milliarden Parameter → 8,030261 Milliarden Parameter, /);
  assert.deepEqual(await lab.locator('.calc-link-tools button').allTextContents(), ['Link kopieren', 'Rechner zurücksetzen', 'Eingaben herunterladen (JSON)']);
  await lab.locator('.calc-link-tools [data-action="reset-calculator"]').click();
  assert.equal(await lab.locator('.calc-link-status').textContent(), 'Der Rechner steht wieder auf seinen Startwerten.');
  assertQuiet(rec);
  await rec.context.close();
});

test('German page: the KV-cache practice in German, a decimal comma graded as the core reads it', async () => {
  const { loadQuizCore } = await import(pathToFileURL(path.join(REPO, 'web/core/quiz-core.js')).href);
  const quizCore = await loadQuizCore();
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  const { page } = rec;
  await page.goto(new URL('index.de.html', server.url).href);
  await page.waitForSelector(`${KV}[data-state="ready"]`, { timeout: 15000 });
  assert.equal(await page.locator(`${KV} h2.part-title`).textContent(), 'Übung: Speicher und Verhalten des KV-Cache');
  assert.equal(await page.locator(`${KV} [data-action="kv-practice"]`).textContent(), 'Neue Zahlen');
  const seed = Number(await page.locator(KV).getAttribute('data-seed'));
  assert.equal(await page.locator(`${KV} .quiz-seed`).textContent(), `Variante ${seed}. Antworten der Übung werden nicht gespeichert.`);
  const v = quizCore.makeKvPractice(seed).value.values;
  const prompt = await page.locator(`${KV} [data-question="kv1-size"] .quiz-prompt`).textContent();
  assert.ok(prompt.startsWith(`Ein Modell hat ${v.layers} Schichten und ${v.kv_heads} KV-Heads der Dimension ${v.head_dim}`), prompt);
  // The whole cache, 2·L·H_kv·d_h·b_c bytes per token x context x batch, typed in GB with a decimal comma
  // (four significant digits, within the step's 0.5 %).
  const gb = (v.kv_bytes_per_token * v.context_tokens * v.batch) / 1e9;
  const typed = `${new Intl.NumberFormat('de', { maximumSignificantDigits: 4, useGrouping: false }).format(gb)} GB`;
  const where = `${KV} [data-question="kv1-size"] [data-step="cache"]`;
  await page.locator(`${where} input`).fill(typed);
  await page.locator(`${where} button.quiz-check`).click();
  assert.equal(await page.locator(`${where} [data-feedback]`).getAttribute('data-verdict'), 'correct', typed);
  assertQuiet(rec);
  await rec.context.close();
});

test('English page: the same parts keep their English words', async () => {
  const rec = await openEmbed(`parts=calculator,presets,decision&preset=${SCENARIO}`);
  const lab = rec.page.locator('llm-budget-lab');
  assert.equal(await lab.locator('[data-part="presets"] h2').textContent(), 'Presets');
  assert.equal(await lab.locator('[data-part="decision"] h2.part-title').textContent(), 'The decision procedure on your workload');
  assert.match(await out(lab, 'decision-keep'), /^Keeps the output: 16-bit weights and cache on 4 GPUs \(46\.0 GB per GPU, /);
  assert.equal(await lab.locator('button[data-preset="h100-sxm-80gb"] .preset-detail').textContent(),
    '85.5 GB (79.6 GiB); memory bandwidth 3.35 TB/s peak, 80% usable (2.68 TB/s); dense 989.5 (16-bit), '
    + '1,979 (8-bit) TFLOP/s peak, 50% usable; link 450 GB/s each way');
  await lab.locator('input[data-price="a100-80gb-sxm"]').fill('1');
  await ranked(lab);
  assert.deepEqual((await lab.locator('tr[data-cost-cheapest] th, tr[data-cost-cheapest] td').allTextContents()).slice(2, 5),
    ['16-bit weights, 16-bit cache', 'met', '$1.24']);
  assert.deepEqual(await lab.locator('.calc-link-tools button').allTextContents(), ['Copy link', 'Reset calculator', 'Download inputs (JSON)']);
  assertQuiet(rec);
  await rec.context.close();
});
