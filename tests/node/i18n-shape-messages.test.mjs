// The core's refusals of a model's shape in German (content/ui/de.json "core.message.*"): where
// a sentence names another field inside it, it names the field in „…“ after a noun that carries
// the case ("ein Teiler des Werts im Feld „Query-Köpfe“", "wenn das Feld „Experten pro Token“
// gesetzt ist"), since a bare label cannot take the German case endings ("ein Teiler von
// Query-Köpfe"). The numbers are the core's: 32 query heads split by 2 or 4 GPUs, not by 3.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { translator } from '../../web/element/i18n.js';
import { numberFormatting } from '../../web/element/format.js';
import { coreMessage } from '../../web/element/core-message.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const de = JSON.parse(readFileSync(path.join(REPO, 'content/ui/de.json'), 'utf8'));

test('German shape refusals name the other field in „…“ after a noun that takes the case', async () => {
  const core = await loadBudgetCore();
  const strings = translator('de', de);
  const fmt = numberFormatting('de', strings.t);
  const say = (patch) => {
    const res = core.plan({ ...core.DEFAULT_INPUT, ...patch });
    assert.equal(res.ok, false);
    return { code: res.code, text: coreMessage(core, strings, fmt, res) };
  };
  assert.deepEqual(say({ query_heads: 32, kv_heads: 8, gpus: 3 }), { code: 'gpus_not_splitting',
    text: 'Für GPUs ist ein Teiler des Werts im Feld „Query-Köpfe“ (32) erforderlich, der den Wert im Feld „KV-Köpfe“ (8) '
      + 'teilt oder von ihm geteilt wird; erhalten: 3 GPUs; nächste gültige Werte: 2 oder 4' });
  // 2 query heads: no GPU count above 3 divides them, so only the one below is offered.
  const below = say({ query_heads: 2, kv_heads: 2, gpus: 3 });
  assert.deepEqual(below, { code: 'gpus_not_splitting_below',
    text: 'Für GPUs ist ein Teiler des Werts im Feld „Query-Köpfe“ (2) erforderlich, der den Wert im Feld „KV-Köpfe“ (2) '
      + 'teilt oder von ihm geteilt wird; erhalten: 3 GPUs; nächster gültiger Wert: 2' });
  assert.deepEqual(say({ query_heads: 32, kv_heads: 5 }), { code: 'kv_heads_not_dividing',
    text: 'Für KV-Köpfe ist ein Teiler des Werts im Feld „Query-Köpfe“ (32) erforderlich: Jeder KV-Kopf bedient eine '
      + 'ganze Gruppe von Query-Köpfen; erhalten: 5 Köpfe; nächste gültige Werte: 4 oder 8' });
  assert.deepEqual(say({ experts: 0, experts_per_token: 2 }), { code: 'experts_unset',
    text: 'Für Geroutete Experten ist mindestens 1 erforderlich, wenn das Feld „Experten pro Token“ gesetzt ist '
      + '(erhalten: 0; Experten pro Token: 2); setzen Sie für ein dichtes Modell beide auf 0' });
  assert.deepEqual([...strings.missing], []);
});
