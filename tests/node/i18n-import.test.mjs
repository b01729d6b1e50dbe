// The config.json importer's notes and refusals and the serving simulation's own refusals in
// German: they are kinds the core declares (declaration.messages: the refusals, then the notes,
// codes "note_*"; src/budget/input_messages.h, import_notes.h), so the German page writes them
// from "core.message.<code>" with German numbers (web/element/core-message.js). The English
// sentences stay the core's. Figures from tests/data/hf-configs/llama-3.1-8b.json (vocabulary
// 128,256, hidden size 4,096, 32 layers, untied lm_head: 8,030,261,248 parameters).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { translator, placeholdersOf } from '../../web/element/i18n.js';
import { numberFormatting } from '../../web/element/format.js';
import { coreMessage, importNoteInWords, withFieldsOf } from '../../web/element/core-message.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import '../../web/core/importer-module.js';
import { loadTrafficCore } from '../../web/core/traffic-core.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stringsOf = (locale) => JSON.parse(readFileSync(path.join(REPO, 'content/ui', `${locale}.json`), 'utf8'));
const LLAMA = readFileSync(path.join(REPO, 'tests/data/hf-configs/llama-3.1-8b.json'), 'utf8');

/** A part's context in `locale`: the facade, the translator and its number formatting. */
function contextIn(core, locale) {
  const strings = translator(locale, locale === 'en' ? null : stringsOf(locale));
  return { core, strings, fmt: numberFormatting(locale, strings.t) };
}

/** The importer's refusal as the facade's error value, for coreMessage(). */
const refusalOf = (res) => ({ field: res.error.field, error: res.error.message, code: res.error.code, params: res.error.params });

test('the notes are declared messages: a count-dependent English pattern has a German plural with one and other', async () => {
  const core = await loadBudgetCore();
  const notes = core.declaration.messages.filter((m) => m.code.startsWith('note_'));
  assert.ok(notes.length >= 25, `${notes.length} note kinds`);
  const de = stringsOf('de');
  const plural = new Intl.PluralRules('de').resolvedOptions().pluralCategories;
  for (const { code, pattern, one } of notes) {
    const german = de[`core.message.${code}`];
    assert.ok(german !== undefined, `${code} has no German pattern`);
    assert.deepEqual(placeholdersOf(german), placeholdersOf(pattern), code);
    if (one !== undefined) {
      // The English for 1 says the same with the same values.
      assert.deepEqual(placeholdersOf(one), placeholdersOf(pattern), code);
      assert.ok(pattern.includes('{count}'), code);
      assert.equal(typeof german, 'object', `${code}: German needs a plural object`);
      assert.deepEqual(Object.keys(german).sort(), [...plural].sort(), code);
    }
  }
  // The shared experts' note is one of them.
  assert.ok(notes.some((n) => n.code === 'note_shared_experts' && n.one));
});

test('Llama-3.1-8B\'s notes in German: the count with German digit groups, keys and files as written', async () => {
  const core = await loadBudgetCore();
  const res = await core.importHfConfig(LLAMA);
  assert.equal(res.ok, true);
  assert.deepEqual(res.note_kinds.map((k) => k.code), ['note_read_as', 'note_rope_context_trained']);
  // 128,256 x 4,096 = 525,336,576 for the embeddings and as many for the untied lm_head.
  assert.deepEqual(res.note_kinds[0].params, {
    model_type: 'llama', modeling: 'llama/modeling_llama.py', total: 8030261248, embeddings: 525336576, lm_head: 525336576,
  });
  const de = contextIn(core, 'de');
  assert.deepEqual(res.notes.map((n, i) => importNoteInWords(de, n, res.note_kinds[i])), [
    'Gelesen als llama, gezählt so, wie huggingface/transformers src/transformers/models/llama/modeling_llama.py die '
      + 'Gewichte aufbaut: 8.030.261.248 Parameter (Embeddings 525.336.576, lm_head 525.336.576).',
    'rope_scaling (llama3, factor 8) ist vorhanden: Der maximale Kontext ist max_position_embeddings, 131.072 (trainiert mit 8.192).',
  ]);
  // English: the core's sentences, unchanged.
  const en = contextIn(core, 'en');
  assert.deepEqual(res.notes.map((n, i) => importNoteInWords(en, n, res.note_kinds[i])), res.notes);
  assert.equal(res.notes[0], 'Read as llama, counted the way huggingface/transformers src/transformers/models/llama/'
    + 'modeling_llama.py builds the weights: 8,030,261,248 parameters (embeddings 525,336,576, lm_head 525,336,576).');
  assert.deepEqual([...de.strings.missing], []);
});

test('one shared expert and one entry take the German singular', async () => {
  const core = await loadBudgetCore();
  const de = contextIn(core, 'de');
  const v3 = await core.importHfConfig(readFileSync(path.join(REPO, 'tests/data/hf-configs/deepseek-v3.json'), 'utf8'));
  const i = v3.note_kinds.findIndex((k) => k.code === 'note_shared_experts');
  assert.equal(v3.notes[i], '1 shared expert per MoE layer, always used, counted with the always-used weights.');
  assert.equal(importNoteInWords(de, v3.notes[i], v3.note_kinds[i]),
    '1 geteilter Experte pro MoE-Schicht, stets genutzt, zu den stets genutzten Gewichten gezählt.');
  // gpt-oss with 2 layers and a layer_types list of 1 entry.
  const oneEntry = await core.importHfConfig(JSON.stringify({
    model_type: 'gpt_oss', vocab_size: 100, hidden_size: 64, num_hidden_layers: 2, num_attention_heads: 4,
    num_key_value_heads: 2, head_dim: 16, intermediate_size: 64, num_local_experts: 4, num_experts_per_tok: 2,
    sliding_window: 8, layer_types: ['sliding_attention'],
  }));
  assert.equal(oneEntry.error.message, 'layer_types must be an array of 2 layer kinds, one per layer (got 1 entries)');
  assert.equal(coreMessage(core, de.strings, de.fmt, refusalOf(oneEntry)),
    'Für layer_types ist ein Array mit 2 Schichtarten erforderlich, einer je Schicht (erhalten: 1 Eintrag)');
  assert.deepEqual([...de.strings.missing], []);
});

test('the importer\'s refusals in German: broken JSON, a JSON kind, a model outside the calculator\'s range', async () => {
  const core = await loadBudgetCore();
  const de = contextIn(core, 'de');
  const say = async (text) => coreMessage(core, de.strings, de.fmt, refusalOf(await core.importHfConfig(text)));
  // The reader stops at byte 15 (counted from 0), the '}' where a value should be.
  assert.equal(await say('{"model_type": }'), 'config.json ist kein gültiges JSON (bei Byte 15): erwartet wird ein Wert '
    + '(ein Objekt, ein Array, ein String, eine Zahl, true, false oder null)');
  // The reader's reasons with a value: a key given twice, and the nesting limit (64) in German.
  assert.equal(await say('{"model_type": "llama", "model_type": "llama"}'),
    'config.json ist kein gültiges JSON (bei Byte 24): der Schlüssel "model_type" kommt in einem Objekt zweimal vor');
  assert.equal(await say(`${'['.repeat(70)}${']'.repeat(70)}`),
    'config.json ist kein gültiges JSON (bei Byte 64): tiefer verschachtelt als 64 Arrays und Objekte');
  assert.equal(await say('[1, 2]'), 'config.json muss genau ein JSON-Objekt enthalten (erhalten: ein Array)');
  assert.equal(await say('{"model_type": 7}'), 'model_type muss ein String sein (erhalten: 7)');
  assert.match(await say('{"model_type": "gpt2"}'), /^model_type "gpt2" ist keine Architektur, die dieser Import liest \(er liest llama, mistral, /);
  // A count that is not whole, by its path: the range's numbers in German (1e9 = 1.000.000.000).
  const gemma = readFileSync(path.join(REPO, 'tests/data/hf-configs/gemma-3-27b-it.json'), 'utf8')
    .replace('"num_key_value_heads": 16', '"num_key_value_heads": 2.5');
  assert.equal(await say(gemma), 'Für text_config.num_key_value_heads ist eine ganze Zahl von 1 bis 1.000.000.000 erforderlich (erhalten: 2,5)');
  // An MLP of 1e9 per layer: 32 x 3 x 4,096 x 1e9 = 393,216,000,000,000 MLP weights alone, past total_params' 1e13.
  const wide = await core.importHfConfig(LLAMA.replace('"intermediate_size": 14336', '"intermediate_size": 1000000000'));
  assert.equal(wide.error.code, 'config_outside_range');
  assert.equal(wide.error.params.refusal.code, 'out_of_range');
  const total = wide.error.params.refusal.params.value;
  assert.ok(total > 393216e9 && total < 394e12, String(total));
  assert.equal(coreMessage(core, de.strings, de.fmt, refusalOf(wide)),
    'Das Modell, das diese config.json beschreibt, liegt außerhalb des Bereichs des Rechners: Für Parameter insgesamt ist '
      + `eine Zahl von 1 Parameter bis 10.000.000.000.000 Parameter erforderlich (erhalten: ${de.fmt.groupedNumber(total)} Parameter)`);
  assert.match(wide.error.message, /^the model this config\.json describes is outside the calculator's range: total_params must be a number from 1 to 1e13 \(got /);
  assert.deepEqual([...de.strings.missing], []);
});

test('the serving simulation\'s own refusals in German, the simulation\'s fields by their German labels', async () => {
  const core = await loadBudgetCore();
  const traffic = await loadTrafficCore();
  const de = contextIn(core, 'de');
  const wording = withFieldsOf(core, traffic);
  const input = { ...core.DEFAULT_INPUT, kv_heads: 8 };
  const both = traffic.simulateTraffic(input, { request_rate: 1, concurrency: 4 });
  assert.equal(both.error, 'set request_rate (open loop) or concurrency (closed loop), not both');
  assert.equal(coreMessage(wording, de.strings, de.fmt, both),
    'Setzen Sie Anfragerate (offene Schleife) oder Parallelität (geschlossene Schleife), nicht beides');
  // 70e9 parameters at 2 bytes, 140 GB, on one 80 GB GPU: no KV cache.
  const heavy = traffic.simulateTraffic({ ...input, total_params: 70e9, active_params: 70e9 }, {});
  assert.equal(heavy.code, 'no_kv_budget');
  assert.equal(coreMessage(wording, de.strings, de.fmt, heavy),
    'Die Gewichte und der Speicher der Laufzeitumgebung lassen auf keiner GPU innerhalb der Reserve Platz für einen KV-Cache');
  // 8,192 input tokens and the output past a model limit of 4,096 (the calculator's context within it).
  const long = traffic.simulateTraffic({ ...input, model_max_context_tokens: 4096, context_tokens: 4096 }, { input_tokens: 8192 });
  assert.equal(long.code, 'request_above_context');
  assert.match(coreMessage(wording, de.strings, de.fmt, long),
    /^Eine Anfrage kann bis zu [\d.]+ Token \(Eingabe \+ Ausgabe\) umfassen, mehr als Kontextgrenze des Modells \(4\.096\)$/);
  const none = traffic.highestLoad({ ...input, ttft_target_s: 0, per_request_target_tokens_per_s: 0 }, {});
  assert.equal(none.code, 'search_no_target');
  assert.equal(coreMessage(wording, de.strings, de.fmt, none), 'Für die Suche nach der höchsten Last muss Ziel für die Zeit '
    + 'bis zum ersten Token oder Tempo-Ziel pro Anfrage gesetzt sein (über 0; beide sind 0: kein Ziel)');
  assert.deepEqual([...de.strings.missing], []);
});
