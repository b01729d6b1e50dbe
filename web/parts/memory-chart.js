// Chart (a): GPU memory per configuration, weights and KV cache stacked,
// with the GPU-memory limit and the headroom line. The first bar is the
// calculator's current configuration; the others are the lesson's six rows.
import { scaleBand, scaleLinear } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { registerPart } from '../element/registry.js';
import { inputTexts } from '../element/fields.js';
import { chartFrame, MARGIN, keep, text, shown, drawAxis } from './chart-frame.js';
import { GB } from '../element/format.js';

// Legend layout: estimated width of one 11 px character, and the row height.
const LEGEND_CHAR_PX = 6.6;
const LEGEND_ROW_PX = 16;

/**
 * A bar's short label: what sets the lesson row apart, in a few characters
 * ("MHA", "16/16" bits of weights/cache, "B64" for a batch other than 16).
 */
function shortTag(inp, { t, fmt }) {
  if (inp.kv_heads === inp.query_heads) return t('table.mha');
  if (inp.batch !== 16) return t('memoryChart.tagBatch', { batch: fmt.int(inp.batch) });
  return t('memoryChart.tagBits', { weightBits: fmt.int(inp.weight_bytes_per_param * 8), cacheBits: fmt.int(inp.cache_bytes_per_value * 8) });
}

function mount(container, ctx) {
  const { t, fmt } = ctx;
  const frame = chartFrame(container, {
    title: t('memoryChart.title'),
    inputs: () => inputTexts(ctx.core, ctx.store.state.input, ctx.strings),
    description: t('memoryChart.description'),
    t,
    decimalMark: fmt.decimalMark,
  });
  // The lesson's rows, judged against the current GPU memory and headroom
  // (recomputed only when those two change).
  let rowsKey = '';
  let rows = [];
  const lessonRows = (input) => {
    const key = `${input.gpu_memory_bytes}|${input.headroom_fraction}`;
    if (key === rowsKey) return rows;
    rowsKey = key;
    rows = ctx.presets.configurations('lesson').map((c, i) => {
      const r = ctx.core.plan({ ...c.inputs, gpu_memory_bytes: input.gpu_memory_bytes,
        headroom_fraction: input.headroom_fraction });
      return { key: String(i + 1), label: c.label, short: `${i + 1} ${shortTag(c.inputs, ctx)}`, plan: r.ok ? r.value : null };
    }).filter((r) => r.plan);
    return rows;
  };

  return {
    update(state, { plan }) {
      const gpu = state.input.gpu_memory_bytes;
      // Headroom line: the memory level that leaves headroom_fraction free.
      const headroomLevel = plan.headroom_limit_bytes;
      const yours = t('memoryChart.yours');
      const bars = [{ key: 'now', label: yours, short: t('memoryChart.now'), plan, current: true }, ...lessonRows(state.input)];
      const over = bars.filter((b) => !b.plan.fits);
      const key = [plan.weight_bytes, plan.total_bytes, plan.fits, headroomLevel, gpu, state.input.headroom_fraction].join('|');
      frame.draw((svg, width, height) => {
        // Legend above the plot, wrapped to the width: the line labels live
        // here rather than at the lines' ends, where on a phone they ran into
        // the bars' value labels. Text widths are estimated (no layout read).
        const hasHeadroom = state.input.headroom_fraction > 0;
        const items = [
          { key: 'weights', swatch: 'rect', cls: 'bar-weights', label: t('memoryChart.weights') },
          { key: 'cache', swatch: 'rect', cls: 'bar-cache', label: t('memoryChart.cache') },
          { key: 'limit', swatch: 'line', cls: 'limit-line', label: t('memoryChart.limit', { gpu: fmt.bytesText(gpu) }) },
          { key: 'headroom', swatch: 'line', cls: 'headroom-line', label: t('memoryChart.headroom', { pct: fmt.int(state.input.headroom_fraction * 100) }), off: !hasHeadroom },
        ];
        let lx = 0;
        let row = 0;
        const room = width - MARGIN.left - MARGIN.right;
        for (const it of items) {
          const w = 18 + it.label.length * LEGEND_CHAR_PX + 14;
          if (it.off) continue;
          if (lx > 0 && lx + w > room) { lx = 0; row += 1; }
          it.x = lx;
          it.y = row * LEGEND_ROW_PX;
          lx += w;
        }
        const top = 6 + (row + 1) * LEGEND_ROW_PX + 12;
        const legend = keep(svg, 'g', 'legend').attr('class', 'legend').attr('transform', `translate(${MARGIN.left},6)`);
        for (const it of items) {
          const g = shown(keep(legend, 'g', it.key), !it.off).attr('transform', `translate(${it.x || 0},${it.y || 0})`);
          if (it.swatch === 'rect') keep(g, 'rect', 'swatch').attr('class', it.cls).attr('width', 10).attr('height', 10);
          else keep(g, 'line', 'swatch').attr('class', it.cls).attr('x1', 0).attr('x2', 14).attr('y1', 5).attr('y2', 5);
          text(keep(g, 'text', 'label').attr('class', it.swatch === 'line' ? `${it.cls}-label` : null)
            .attr('x', it.swatch === 'rect' ? 14 : 18).attr('y', 9), it.label);
        }
        const x = scaleBand().domain(bars.map((b) => b.key)).range([MARGIN.left, width - MARGIN.right]).padding(0.25);
        const topBytes = Math.max(gpu, ...bars.map((b) => b.plan.total_bytes)) * 1.12;
        const y = scaleLinear().domain([0, topBytes / GB]).nice().range([height - MARGIN.bottom, top]);
        drawAxis(keep(svg, 'g', 'x-axis').attr('class', 'axis').attr('transform', `translate(0,${height - MARGIN.bottom})`),
          axisBottom(x).tickSizeOuter(0).tickFormat((k) => {
            // Narrow bars (a phone): the tag without the row number, so labels never overlap.
            const short = (bars.find((b) => b.key === k) || { short: k }).short;
            return x.bandwidth() < 44 ? short.replace(/^\d+ /, '') : short;
          }));
        drawAxis(keep(svg, 'g', 'y-axis').attr('class', 'axis y-axis').attr('transform', `translate(${MARGIN.left},0)`),
          axisLeft(y).ticks(5).tickFormat(fmt.axisNum));
        text(keep(svg, 'text', 'y-title').attr('class', 'axis-title').attr('x', 4).attr('y', top - 8), t('memoryChart.yTitle'));
        text(keep(svg, 'text', 'x-title').attr('class', 'axis-title').attr('x', width - MARGIN.right).attr('y', height - 6)
          .attr('text-anchor', 'end'), t('memoryChart.xTitle'));
        const base = y(0);
        const cls = (b, name) => `${name}${b.current ? ' is-current' : ''}`;
        const wTop = (b) => y(b.plan.weight_bytes / GB);
        const tTop = (b) => y(b.plan.total_bytes / GB);
        const g = keep(svg, 'g', 'bars');
        g.selectAll('rect.bar-weights').data(bars, (b) => b.key).join('rect')
          .attr('class', (b) => cls(b, 'bar-weights')).attr('data-bar', (b) => `${b.key}-weights`)
          .attr('x', (b) => x(b.key)).attr('width', x.bandwidth())
          .attr('y', wTop).attr('height', (b) => Math.max(0, base - wTop(b)));
        g.selectAll('rect.bar-cache').data(bars, (b) => b.key).join('rect')
          .attr('class', (b) => cls(b, 'bar-cache')).attr('data-bar', (b) => `${b.key}-cache`)
          .attr('x', (b) => x(b.key)).attr('width', x.bandwidth())
          .attr('y', tTop).attr('height', (b) => Math.max(0, wTop(b) - tTop(b)));
        const line = (name, cls2, level) => {
          const on = level !== null;
          const yl = on ? y(level / GB) : 0;
          shown(keep(svg, 'line', name), on).attr('class', cls2).attr('x1', MARGIN.left).attr('x2', width - MARGIN.right)
            .attr('y1', yl).attr('y2', yl);
        };
        line('limit', 'limit-line', gpu);
        line('headroom', 'headroom-line', hasHeadroom ? headroomLevel : null);
        text(keep(svg, 'g', 'bar-labels').selectAll('text.bar-label').data(bars, (b) => b.key).join('text')
          .attr('class', 'bar-label').attr('x', (b) => x(b.key) + x.bandwidth() / 2).attr('y', (b) => tTop(b) - 4)
          .attr('text-anchor', 'middle'), (b) => `${b.plan.fits ? '' : '✗ '}${fmt.sig(b.plan.total_bytes / GB)}`);
      }, key);
      frame.summary(t('memoryChart.summary', {
        total: fmt.bytesText(plan.total_bytes), weights: fmt.bytesText(plan.weight_bytes), cache: fmt.bytesText(plan.kv_cache_bytes),
        gpu: fmt.bytesText(gpu), verdict: fmt.verdictText(plan.verdict).toLowerCase(), over: over.length, count: bars.length,
      }));
      frame.table([t('table.colConfiguration'), t('memoryChart.colWeights'), t('memoryChart.colCache'), t('memoryChart.colTotal'),
        t('memoryChart.colFits', { gpu: fmt.bytesText(gpu) })],
      () => bars.map((b) => [b.key === 'now' ? yours : `${b.key}. ${b.label}`,
        fmt.num1(b.plan.weight_bytes / GB), fmt.num1(b.plan.kv_cache_bytes / GB),
        fmt.num1(b.plan.total_bytes / GB), b.plan.fits ? t('table.fitsYes') : t('table.fitsNo')]));
    },
  };
}

registerPart({ name: 'memory-chart', mount });
