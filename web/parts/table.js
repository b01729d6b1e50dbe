// The lesson's worked table: its six configurations computed live by the
// core. Rows that do not fit show "does not fit" instead of speeds. Its CSV
// file holds bare numbers in the number columns (the unit in the header): a
// row that does not fit leaves its speeds empty, the "Fits?" column saying so.
import { registerPart } from '../element/registry.js';
import { h, setText } from '../element/dom.js';
import { offerDownload, downloadSentence, csvBlob, csvNumber, fileSlug } from '../element/download.js';
import { scrollHint } from '../element/scroll-hint.js';

/** A row's label: "16-bit weights, GQA-8, 16-bit cache, B = 16" (ctx: the part's context, for its strings). */
function describe(inp, { t, fmt }) {
  const attention = inp.kv_heads === inp.query_heads ? t('table.mha') : t('table.gqa', { heads: fmt.int(inp.kv_heads) });
  // The pattern keeps "B = 16" on one line with no-break spaces when the label wraps.
  return t('table.row', {
    weightBits: fmt.int(inp.weight_bytes_per_param * 8), attention, cacheBits: fmt.int(inp.cache_bytes_per_value * 8), batch: fmt.int(inp.batch),
  });
}

/** A plan's fit as the table says it: "yes", "yes, tight" or "no". */
const fitsText = (p, t) => (p.fits ? (p.verdict === 'tight' ? t('table.fitsTight') : t('table.fitsYes')) : t('table.fitsNo'));

function mount(container, ctx) {
  const { t, fmt } = ctx;
  const rows = ctx.presets.configurations('lesson');
  const tbody = h('tbody');
  const trs = [];
  for (const conf of rows) {
    const res = ctx.core.plan(conf.inputs);
    const cells = [];
    const td = (col, text) => { const c = h('td', { 'data-col': col, text }); cells.push(c); return c; };
    const marker = h('span', { class: 'current-mark' });
    const th = h('th', { scope: 'row' }, describe(conf.inputs, ctx), marker);
    const tr = h('tr', { 'data-config': conf.id }, th);
    // The row's memory, fit and speed cells as the CSV file holds them (a refusal: its reason in the fit column).
    let csvCells = ['', res.ok ? '' : res.error, '', '', ''];
    if (!res.ok) {
      tr.append(h('td', { colspan: 5, text: res.error }));
    } else {
      const p = res.value;
      const shown = [fmt.num1(p.total_bytes / fmt.GB), fitsText(p, t)];
      tr.append(td('memory', shown[0]));
      tr.append(td('fits', shown[1]));
      if (p.has_speed) {
        const speeds = [fmt.num1(p.step_s * 1000), fmt.perRequestText(p.per_request_tokens_per_s), fmt.totalText(p.total_tokens_per_s)];
        tr.append(td('step', speeds[0]));
        tr.append(td('per-request', speeds[1]));
        tr.append(td('total', speeds[2]));
        csvCells = [csvNumber(fmt, shown[0]), shown[1], ...speeds.map((x) => csvNumber(fmt, x))];
      } else {
        tr.append(h('td', { colspan: 3, 'data-col': 'speed', class: 'no-fit', text: t('table.noFit') }));
        csvCells = [csvNumber(fmt, shown[0]), shown[1], '', '', ''];
      }
    }
    // The lesson's rows on the reader's own GPU (memory and headroom), judged by the core.
    const yours = h('td', { 'data-col': 'fits-yours' });
    tr.append(yours);
    trs.push({ tr, th, marker, id: conf.id, inputs: conf.inputs, yours, csvCells });
    tbody.append(tr);
  }
  const first = rows[0] ? rows[0].inputs : null;
  const caption = first
    ? t('table.caption', {
      layers: fmt.int(first.layers), headDim: fmt.int(first.head_dim), context: fmt.int(first.context_tokens),
      a: fmt.article(fmt.bytesText(first.gpu_memory_bytes)), gpu: fmt.bytesText(first.gpu_memory_bytes),
      bandwidth: fmt.bandwidthText(first.bandwidth_bytes_per_s), flops: fmt.tflopsText(first.flops_per_s),
    })
    : t('table.none');
  const yoursHeader = h('th', { scope: 'col', 'data-out': 'fits-yours-header' });
  const table = h('table', { class: 'data-table worked-table' },
    h('caption', { text: caption }),
    h('thead', null, h('tr', null,
      h('th', { scope: 'col', text: t('table.colConfiguration') }),
      h('th', { scope: 'col', text: t('table.colMemory') }),
      h('th', { scope: 'col', text: t('table.colFits') }),
      h('th', { scope: 'col', text: t('table.colStep') }),
      h('th', { scope: 'col', text: t('table.colPerRequest') }),
      h('th', { scope: 'col', text: t('table.colTotal') }),
      yoursHeader)),
    tbody);
  container.append(h('h2', { class: 'part-title', text: t('table.title') }));
  const wrap = h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': t('table.scrollRegion') }, table);
  // On a narrow screen the speed columns start past the right edge, often
  // exactly at a column boundary: say so in words, only while that is true.
  const hint = scrollHint(wrap, t('table.scrollHint'));
  const csvStatus = h('span', { class: 'chart-download-status', role: 'status' });
  const csvButton = h('button', { type: 'button', 'data-download': 'csv', 'aria-label': t('table.csvLabel') }, 'CSV');
  csvButton.addEventListener('click', () => {
    // The table's header and rows: each row's label and its GPU's fit as shown, its numbers bare.
    const head = [...table.querySelectorAll('thead th')].map((c) => c.textContent);
    const body = trs.map((r) => [r.th.textContent, ...r.csvCells, r.yours.textContent]);
    // Never "saved": the page cannot know whether the file arrived.
    // Named from the table's title in the page's language ("worked-table.csv", "durchgerechnete-tabelle.csv").
    const name = `${fileSlug(t('table.title'))}.csv`;
    const outlook = offerDownload(csvBlob(head, body, fmt.decimalMark), name, container);
    setText(csvStatus, downloadSentence(outlook, name, t('table.csvFallback'), t));
  });
  container.append(hint, wrap, h('div', { class: 'chart-downloads' }, h('span', { text: t('download.lead') }), csvButton, csvStatus));

  let yoursKey = '';
  return {
    update(state) {
      const gpu = state.input.gpu_memory_bytes;
      const headroom = state.input.headroom_fraction;
      // The rows on the reader's GPU depend on its memory and headroom only:
      // planned again when one of those changes, not on every input.
      const key = `${gpu}|${headroom}`;
      if (key !== yoursKey) {
        yoursKey = key;
        setText(yoursHeader, t('table.colFitsYours', { gpu: fmt.bytesText(gpu) }));
        for (const r of trs) {
          const p = ctx.core.plan({ ...r.inputs, gpu_memory_bytes: gpu, headroom_fraction: headroom });
          setText(r.yours, p.ok ? fitsText(p.value, t) : '');
        }
      }
      for (const r of trs) {
        const current = r.id === state.presetId;
        r.tr.classList.toggle('is-current', current);
        setText(r.marker, current ? t('table.loaded') : '');
      }
    },
  };
}

registerPart({ name: 'table', mount });
