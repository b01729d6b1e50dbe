// Browser script of the placeholder page (bundled by tools/lib/placeholder.mjs).
// Shows the lesson's six configurations, every number computed by the wasm core
// through the facade; this file only formats. Replaced by dist/ once web/ builds.
import { loadBudgetCore } from '../../web/core/budget-core.js';

// The lesson's table: a 7B model (32 layers, 32 query heads, head_dim 128) with
// 8192 tokens of context per request on an 80 GB GPU; these four inputs vary.
const LESSON_ROWS = [
  { label: '16-bit weights, MHA (32 KV heads), 16-bit cache, B=16', weight_bytes_per_param: 2, kv_heads: 32, cache_bytes_per_value: 2, batch: 16 },
  { label: '16-bit weights, GQA-8, 16-bit cache, B=16', weight_bytes_per_param: 2, kv_heads: 8, cache_bytes_per_value: 2, batch: 16 },
  { label: '8-bit weights, GQA-8, 8-bit cache, B=16', weight_bytes_per_param: 1, kv_heads: 8, cache_bytes_per_value: 1, batch: 16 },
  { label: '4-bit weights, GQA-8, 8-bit cache, B=16', weight_bytes_per_param: 0.5, kv_heads: 8, cache_bytes_per_value: 1, batch: 16 },
  { label: '16-bit weights, GQA-8, 16-bit cache, B=64', weight_bytes_per_param: 2, kv_heads: 8, cache_bytes_per_value: 2, batch: 64 },
  { label: '16-bit weights, GQA-8, 16-bit cache, B=1', weight_bytes_per_param: 2, kv_heads: 8, cache_bytes_per_value: 2, batch: 1 },
];

function cell(row, text) {
  const td = document.createElement('td');
  td.textContent = text;
  row.append(td);
}

async function render() {
  const status = document.getElementById('status');
  const body = document.querySelector('#budget tbody');
  try {
    const core = await loadBudgetCore();
    for (const { label, ...overrides } of LESSON_ROWS) {
      const result = core.plan({ ...core.DEFAULT_INPUT, context_tokens: 8192, ...overrides });
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = label;
      tr.append(th);
      if (!result.ok) {
        cell(tr, result.error);
      } else {
        const v = result.value;
        cell(tr, (v.total_bytes / 1e9).toFixed(1));
        cell(tr, v.fits ? 'yes' : 'no');
        cell(tr, v.has_speed ? (v.step_s * 1e3).toFixed(1) : 'does not fit');
        cell(tr, v.has_speed ? v.per_request_tokens_per_s.toFixed(1) : '—');
        cell(tr, v.has_speed ? v.total_tokens_per_s.toFixed(0) : '—');
      }
      body.append(tr);
    }
    status.textContent = 'Computed by the WebAssembly core.';
    document.documentElement.dataset.ready = 'true';
  } catch (err) {
    status.textContent = 'The WebAssembly core could not be loaded.';
  }
}

render();
