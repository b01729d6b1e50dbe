// Chart (d): memory for the attention scores of one layer against context:
// stored by standard attention (heads * n^2, quadratic) beside an exact tiled
// kernel's running statistics (linear), from core.sweepContext().
import { scaleLog } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { registerPart } from '../element/registry.js';
import { inputTexts } from '../element/fields.js';
import { chartFrame, MARGIN, polyline, keep, text, shown, drawAxis } from './chart-frame.js';
import { placeMarkerLabel, labelBox } from './label-placement.js';
import { localTicks } from './axis-ticks.js';
import { GB } from '../element/format.js';

const POINTS = 200;
const MIN_CONTEXT = 512;
const MAX_CONTEXT = 1e6;


/** GB for the summary: two decimals, whole numbers with grouping from 1,000 GB (fmt: the locale's, ctx.fmt). */
const storedGB = (fmt, v) => (v >= 1000 ? fmt.int(v) : fmt.fixed2(v));

/** Every tenth point of a context sweep (and the last) as table rows, numbers written by `fmt` (ctx.fmt). */
function rowsOf(s, fmt) {
  const step = Math.ceil(POINTS / 20);
  return s.context_tokens.map((n, i) => [n, i]).filter(([, i]) => i % step === 0 || i === POINTS - 1)
    .map(([n, i]) => [fmt.int(n), fmt.fixed2(s.stored_score_bytes[i] / GB),
      fmt.num1(s.tiled_kernel_bytes[i] / 1e6), fmt.num1(s.kv_cache_bytes[i] / GB)]);
}

function mount(container, ctx) {
  const { t, fmt } = ctx;
  const frame = chartFrame(container, {
    title: t('attention.title'),
    inputs: () => inputTexts(ctx.core, ctx.store.state.input, ctx.strings),
    description: t('attention.description'),
    t,
    decimalMark: fmt.decimalMark,
  });
  // The chart and its summary depend on the query heads, the cache precision
  // and the context only; the data table's KV-cache column on every field.
  let chartKey = '';
  let tableKey = '';
  return {
    update(state) {
      const inp = state.input;
      // Up to 1M tokens by default, further when the current context is longer
      // (so its marker is always on the chart).
      const lo = Math.max(1, Math.min(MIN_CONTEXT, Math.floor(inp.context_tokens / 2)));
      const hi = Math.max(Math.min(MAX_CONTEXT, Math.max(32768, inp.context_tokens * 4)), inp.context_tokens);
      const key = `${inp.query_heads}|${inp.cache_bytes_per_value}|${inp.context_tokens}`;
      const table = () => {
        const res = ctx.core.sweepContext(inp, lo, hi, POINTS);
        return res.ok ? rowsOf(res.value, fmt) : [];
      };
      const headers = [t('attention.colContext'), t('attention.colStored'), t('attention.colTiled'), t('attention.colCache')];
      if (key === chartKey) {
        const tk = Object.values(inp).join('|');
        if (tk !== tableKey) { tableKey = tk; frame.table(headers, table); }
        return;
      }
      const res = ctx.core.sweepContext(inp, lo, hi, POINTS);
      const here = ctx.core.attentionMemory(inp.query_heads, inp.context_tokens, inp.cache_bytes_per_value);
      if (!res.ok) { frame.summary(t('attention.noChart', { error: res.error })); return; }
      chartKey = key;
      const s = res.value;
      frame.draw((svg, width, height) => {
        const x = scaleLog().domain([lo, hi]).range([MARGIN.left, width - MARGIN.right - 84]);
        const ys = [...s.stored_score_bytes, ...s.tiled_kernel_bytes].filter((v) => v > 0);
        const y = scaleLog().domain([Math.min(...ys), Math.max(...ys)]).nice().range([height - MARGIN.bottom, MARGIN.top]);
        drawAxis(keep(svg, 'g', 'x-axis').attr('class', 'axis').attr('transform', `translate(0,${height - MARGIN.bottom})`),
          axisBottom(x).ticks(Math.max(2, Math.floor(width / 120)), '~s')
            .tickFormat(localTicks(fmt, x.tickFormat(Math.max(2, Math.floor(width / 120)), '~s'))));
        drawAxis(keep(svg, 'g', 'y-axis').attr('class', 'axis').attr('transform', `translate(${MARGIN.left},0)`),
          axisLeft(y).ticks(5, '~s').tickFormat(localTicks(fmt, y.tickFormat(5, '~s'))));
        const yTitle = t('attention.yTitle');
        text(keep(svg, 'text', 'y-title').attr('class', 'axis-title').attr('x', MARGIN.left + 6).attr('y', MARGIN.top + 4), yTitle);
        text(keep(svg, 'text', 'x-title').attr('class', 'axis-title').attr('x', width - MARGIN.right).attr('y', height - 6)
          .attr('text-anchor', 'end'), t('attention.xTitle'));
        const series = [
          { key: 'stored_score_bytes', cls: 'series-stored', label: t('attention.stored') },
          { key: 'tiled_kernel_bytes', cls: 'series-tiled', label: t('attention.tiled') },
        ];
        const curves = [];
        const obstacles = [labelBox(MARGIN.left + 6, MARGIN.top + 4, yTitle.length)];
        for (const ser of series) {
          const pts = s.context_tokens.map((n, i) => [n, s[ser.key][i]]).filter((d) => d[1] > 0);
          const px = pts.map((d) => [x(d[0]), y(d[1])]);
          curves.push(px);
          keep(svg, 'path', ser.key).attr('class', `series ${ser.cls}`).attr('d', polyline(px));
          const last = px[px.length - 1];
          if (last) obstacles.push(labelBox(last[0] + 4, last[1] + 4, ser.label.length));
          text(shown(keep(svg, 'text', `${ser.key}-label`), !!last).attr('class', 'series-label')
            .attr('x', last ? last[0] + 4 : 0).attr('y', last ? last[1] + 4 : 0), ser.label);
        }
        const mark = here.ok && inp.context_tokens >= lo && inp.context_tokens <= hi;
        shown(keep(svg, 'line', 'context'), mark).attr('class', 'crossover-line')
          .attr('x1', mark ? x(inp.context_tokens) : 0).attr('x2', mark ? x(inp.context_tokens) : 0)
          .attr('y1', MARGIN.top).attr('y2', height - MARGIN.bottom);
        // The marker's label sits beside the line where it crosses neither
        // curve nor another label: first tried near the top on the left half,
        // near the bottom on the right half, away from the rising curves.
        const lx = mark ? x(inp.context_tokens) : 0;
        const right = lx < (MARGIN.left + width - MARGIN.right) / 2;
        const markText = t('attention.now', { count: inp.context_tokens, n: fmt.int(inp.context_tokens) });
        const at = placeMarkerLabel({
          x: lx, chars: markText.length, curves, obstacles, preferRight: right, preferTop: right,
          plot: { left: MARGIN.left, right: width, top: MARGIN.top, bottom: height - MARGIN.bottom },
        });
        text(shown(keep(svg, 'text', 'context-label'), mark).attr('class', 'marker-label')
          .attr('x', at.x).attr('y', at.y).attr('text-anchor', at.anchor), markText);
      }, key);
      frame.summary(here.ok
        ? t('attention.summary', { tokens: t('attention.tokens', { count: inp.context_tokens, n: fmt.int(inp.context_tokens) }),
          heads: t('attention.heads', { count: inp.query_heads, n: fmt.int(inp.query_heads) }),
          stored: t('unit.GB', { n: storedGB(fmt, here.value.stored_score_bytes / GB) }), tiled: fmt.bytesText(here.value.tiled_kernel_bytes) })
        : t('attention.beyond', { error: here.error }));
      tableKey = Object.values(inp).join('|');
      frame.table(headers, () => rowsOf(s, fmt));
    },
  };
}

registerPart({ name: 'attention', mount });
