// The core's refusals in German: every kind of message the core declares
// (core.declaration.messages, src/budget/input_messages.h) has a German pattern
// with exactly the English pattern's placeholders, and a real refusal of the
// core (a range, a typed text) reads in German with the German field labels
// and German numbers (web/element/core-message.js); English stays the core's sentence.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { translator, placeholdersOf } from '../../web/element/i18n.js';
import { numberFormatting } from '../../web/element/format.js';
import { coreMessage } from '../../web/element/core-message.js';
import { FACADE_MESSAGES } from '../../web/core/facade-messages.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stringsOf = (locale) => JSON.parse(readFileSync(path.join(REPO, 'content/ui', `${locale}.json`), 'utf8'));
const PREFIX = 'core.message.';

/** The German translator, its formatting, and the sentence of a core refusal in it. */
function german() {
  const strings = translator('de', stringsOf('de'));
  const fmt = numberFormatting('de', strings.t);
  return { strings, say: (core, res) => coreMessage(core, strings, fmt, res) };
}

test('every message kind the core declares has a German pattern with the same placeholders, and no other', async () => {
  const core = await loadBudgetCore();
  const { messages } = core.declaration;
  // The core declares the kinds (one per code); the range and reading refusals among them.
  assert.ok(messages.length >= 30, `${messages.length} message kinds`);
  const codes = messages.map((m) => m.code);
  assert.equal(new Set(codes).size, codes.length);
  for (const code of ['out_of_range_whole', 'above_cap_whole', 'not_a_number', 'wrong_unit', 'number_too_large']) {
    assert.ok(codes.includes(code), code);
  }
  const de = stringsOf('de');
  for (const { code, pattern } of messages) {
    const id = `${PREFIX}${code}`;
    // A string, or a plural object where the sentence depends on {count} (an importer note).
    assert.ok(typeof de[id] === 'string' || (de[id] && typeof de[id].other === 'string'), `${id} has no German pattern`);
    assert.deepEqual(placeholdersOf(de[id]), placeholdersOf(pattern), id);
  }
  // The facades' own kinds (web/core/facade-messages.js) are worded the same way.
  for (const { code, pattern } of FACADE_MESSAGES) {
    assert.ok(!codes.includes(code), `${code} is both the core's and a facade's`);
    assert.deepEqual(placeholdersOf(de[`${PREFIX}${code}`]), placeholdersOf(pattern), code);
  }
  const facadeCodes = FACADE_MESSAGES.map((m) => m.code);
  const stray = Object.keys(de).filter((id) => id.startsWith(PREFIX) && !codes.includes(id.slice(PREFIX.length))
    && !facadeCodes.includes(id.slice(PREFIX.length)));
  assert.deepEqual(stray, []);
  // English holds no core.* ids: the core's declaration is its text.
  assert.deepEqual(Object.keys(stringsOf('en')).filter((id) => id.startsWith('core.')), []);
});

test('a range refusal of the core in German: the field by its German label, numbers written in German', async () => {
  const core = await loadBudgetCore();
  const { strings, say } = german();
  const batch = core.declaration.inputs.find((d) => d.name === 'batch');
  // The declared range of the batch: whole, 1 to 1e6 (German "1.000.000").
  assert.deepEqual([batch.kind, batch.min, batch.max], ['whole', 1, 1e6]);
  const res = core.plan({ ...core.DEFAULT_INPUT, batch: 0.5 });
  assert.deepEqual(res, {
    ok: false, field: 'batch', error: 'batch must be a whole number from 1 to 1e6 (got 0.5)',
    code: 'out_of_range_whole', params: { field: 'batch', min: 1, max: 1e6, value: 0.5 },
  });
  assert.equal(say(core, res), 'Für Batch ist eine ganze Zahl von 1 Anfrage bis 1.000.000 Anfragen erforderlich (erhalten: 0,5 Anfragen)');
  // English: the core's sentence as it is.
  const english = translator('en', null);
  assert.equal(coreMessage(core, english, numberFormatting('en', english.t), res), res.error);

  // A field capped by another: both named by their German labels; 40 KV heads above 32 query heads.
  const capped = core.plan({ ...core.DEFAULT_INPUT, query_heads: 32, kv_heads: 40 });
  assert.equal(capped.error, 'kv_heads must be a whole number from 1 to query_heads (got 40; query_heads is 32)');
  assert.equal(say(core, capped),
    'Für KV-Köpfe ist eine ganze Zahl von 1 Kopf bis zum Wert des Felds „Query-Köpfe“ erforderlich (erhalten: 40 Köpfe; Query-Köpfe: 32 Köpfe)');
  // A field whose 0 means something: that meaning in German; its range 1 to 1e7 tokens.
  const windowed = core.plan({ ...core.DEFAULT_INPUT, sliding_window_tokens: 2.5 });
  assert.equal(windowed.code, 'out_of_range_or_zero_whole');
  assert.equal(say(core, windowed),
    'Für Gleitendes Fenster ist 0 (volle Attention) oder eine ganze Zahl von 1 Token bis 10.000.000 Token erforderlich (erhalten: 2,5 Token)');
  // The model's shape and the split over GPUs: 3 GPUs do not divide 32 query heads; 2 and 4 do,
  // and both divide the 8 KV heads.
  const split = core.plan({ ...core.DEFAULT_INPUT, query_heads: 32, kv_heads: 8, gpus: 3 });
  assert.equal(split.code, 'gpus_not_splitting');
  assert.equal(say(core, split), 'Für GPUs ist ein Teiler des Werts im Feld „Query-Köpfe“ (32) erforderlich, der den Wert '
    + 'im Feld „KV-Köpfe“ (8) teilt oder von ihm geteilt wird; erhalten: 3 GPUs; nächste gültige Werte: 2 oder 4');
  // 5 KV heads do not divide 32 query heads; 4 and 8 are the nearest that do.
  const groups = core.plan({ ...core.DEFAULT_INPUT, query_heads: 32, kv_heads: 5 });
  assert.equal(say(core, groups), 'Für KV-Köpfe ist ein Teiler des Werts im Feld „Query-Köpfe“ (32) erforderlich: Jeder '
    + 'KV-Kopf bedient eine ganze Gruppe von Query-Köpfen; erhalten: 5 Köpfe; nächste gültige Werte: 4 oder 8');
  assert.deepEqual([...strings.missing], []);
});

test('a typed text the core cannot read, in German', async () => {
  const core = await loadBudgetCore();
  const { strings, say } = german();
  const said = (field, text) => {
    const read = core.readField(field, text, 1);
    assert.equal(read.ok, false, `${field}: ${text}`);
    return say(core, read);
  };
  assert.equal(said('layers', 'abc'), 'Schichten: „abc“ ist keine Zahl; geben Sie Ziffern wie 12,5 ein.');
  assert.equal(said('batch', ''), 'Batch: Geben Sie eine Zahl ein.');
  assert.equal(said('batch', '1e'), 'Batch: „1e“ ist noch nicht fertig: Geben Sie die Ziffern des Exponenten ein (1e9).');
  assert.equal(said('batch', '1e999'), 'Batch: Diese Zahl ist zu groß.');
  assert.equal(said('layers', '12 GB'),
    'Schichten: „GB“ ist keine Einheit für Schichten; schreiben Sie eine Zahl oder eine Zahl mit k, M, B oder T (70B, 32k).');
  assert.equal(said('gpu_memory_bytes', '80 Gb'),
    'GPU-Speicher: „Gb“ ist eine Einheit in Bit; verwenden Sie B, KB, MB, GB, TB oder KiB, MiB, GiB, TiB (80 GB).');
  // A calculation is named as one (the field takes one number), not as a unit "/2".
  assert.equal(said('batch', '1/2'), 'Batch: „1/2“ ist eine Rechnung; geben Sie ihr Ergebnis als eine Zahl ein.');
  assert.equal(core.readField('batch', '16 * 4', 1).error, 'Batch: “16 * 4” is a calculation; type its result as one number.');
  // The limit of a typed text, 200 bytes (declaration.max_text_bytes).
  assert.equal(core.declaration.max_text_bytes, 200);
  assert.equal(said('gpu_memory_bytes', '1'.repeat(201)), 'GPU-Speicher: Das ist zu lang für eine Zahl (mehr als 200 Byte).');
  assert.deepEqual([...strings.missing], []);
});

test('the German hints name values the core reads', async () => {
  // Each example of a German hint, typed into a field of its kind, is read (decimal comma included).
  const core = await loadBudgetCore();
  const cases = [
    ['bandwidth_bytes_per_s', '1,5 TB/s', 1.5e12],
    ['weight_bytes_per_param', '4,5 Bit', 0.5625],
    ['weight_bytes_per_param', '0,5625 Byte', 0.5625],
    ['headroom_fraction', '10 %', 0.1],
    ['total_params', '70B', 70e9],
    ['allreduce_latency_s', '500 ms', 0.5],
  ];
  for (const [field, text, value] of cases) {
    const read = core.readField(field, text, 1);
    assert.equal(read.ok, true, `${field}: ${text}`);
    assert.ok(Math.abs(read.value - value) <= 1e-12 * value, `${field}: ${text} read as ${read.value}`);
  }
});

test('a refusal of no declared kind stays the core\'s English', async () => {
  const core = await loadBudgetCore();
  const { say } = german();
  const { batch, ...rest } = core.DEFAULT_INPUT;
  const res = core.plan(rest);
  assert.equal(batch, core.DEFAULT_INPUT.batch);
  assert.deepEqual(res, { ok: false, field: 'batch', error: 'batch is missing' });
  assert.equal(say(core, res), 'batch is missing');
});
