// Chart (b): decode speed against batch from core.sweepBatch(): total
// tokens/s (top panel) and per-request tokens/s (bottom panel), with the
// batches that do not fit shaded and the memory/compute crossover marked.
import { scaleLinear } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { registerPart } from '../element/registry.js';
import { inputTexts } from '../element/fields.js';
import { chartFrame, MARGIN, polyline, keep, text, shown, drawAxis } from './chart-frame.js';
import { GB } from '../element/format.js';
import { localTicks } from './axis-ticks.js';

const HEIGHT = 380;
const MAX_SWEEP = 4096;
const NOFIT_LABEL_PX = 84; // room "does not fit" needs at 11 px, with a margin

/** Batch range to show: past the largest batch that fits and the crossover. */
function sweepEnd(input, capacity) {
  const want = Math.max(16, input.batch, capacity.max_batch, Math.min(capacity.crossover_batch, MAX_SWEEP));
  return Math.min(MAX_SWEEP, Math.ceil(want * 1.3));
}

/** Every input field but the batch: the sweep replaces the batch with 1..end. */
function sweepKey(input) {
  return Object.keys(input).filter((k) => k !== 'batch').sort().map((k) => `${k}=${input[k]}`).join('|');
}

/** The sweep's arrays cut to batches 1..end (the sweep is the same prefix for any end). */
function head(s, end) {
  const out = {};
  for (const [k, v] of Object.entries(s)) out[k] = Array.isArray(v) ? v.slice(0, end) : v;
  return out;
}

function mount(container, ctx) {
  const { t, fmt } = ctx;
  const frame = chartFrame(container, {
    title: t('batchChart.title'),
    inputs: () => inputTexts(ctx.core, ctx.store.state.input, ctx.strings),
    description: t('batchChart.description'),
    height: HEIGHT,
    t,
    decimalMark: fmt.decimalMark,
  });
  // Last sweep, to batches 1..cached.end; a slider move that only changes the
  // batch reuses it (a longer sweep is made with room to grow).
  let cached = null;
  function sweep(input, end) {
    const key = sweepKey(input);
    if (!cached || cached.key !== key || cached.end < end) {
      const reach = Math.min(MAX_SWEEP, cached && cached.key === key ? Math.max(end, Math.ceil(cached.end * 1.5)) : end);
      const res = ctx.core.sweepBatch(input, reach);
      if (!res.ok) return res;
      cached = { key, end: reach, value: res.value };
    }
    return { ok: true, value: cached.end === end ? cached.value : head(cached.value, end) };
  }

  let drawnLayout = '';
  return {
    update(state, { capacity }) {
      const end = sweepEnd(state.input, capacity);
      const res = sweep(state.input, end);
      if (!res.ok) { frame.summary(t('batchChart.noChart', { error: res.error })); return; }
      const s = res.value;
      const pts = s.batch.map((b, i) => ({ b, fits: s.fits[i], total: s.total_tokens_per_s[i], per: s.per_request_tokens_per_s[i] }));
      const fitting = pts.filter((p) => p.fits);
      const firstNoFit = pts.find((p) => !p.fits);
      const crossover = capacity.crossover_batch;
      const layoutKey = `${sweepKey(state.input)}|${end}|${crossover}`;
      const batch = state.input.batch;
      frame.draw((svg, width, height) => {
        const x = scaleLinear().domain([1, end]).range([MARGIN.left, width - MARGIN.right]);
        const panelH = (height - MARGIN.top - MARGIN.bottom - 32) / 2;
        const panels = [
          { key: 'total', label: t('batchChart.totalPanel'), top: MARGIN.top },
          { key: 'per', label: t('batchChart.perPanel'), top: MARGIN.top + panelH + 32 },
        ];
        const full = `${layoutKey}|${width}` !== drawnLayout;
        drawnLayout = `${layoutKey}|${width}`;
        const showCross = crossover >= 1 && crossover <= end;
        const cur = fitting.find((d) => d.b === batch);
        for (const p of panels) {
          const maxV = Math.max(1, ...fitting.map((d) => d[p.key]));
          const y = scaleLinear().domain([0, maxV * 1.1]).nice().range([p.top + panelH, p.top]);
          if (full) {
            const g = keep(svg, 'g', `panel-${p.key}`);
            const noFitX = firstNoFit ? x(firstNoFit.b) : 0;
            shown(keep(g, 'rect', 'nofit'), !!firstNoFit).attr('class', 'nofit-region').attr('x', noFitX - 0.5)
              .attr('width', firstNoFit ? Math.max(1, x(end) - noFitX + 0.5) : 0).attr('y', p.top).attr('height', panelH);
            // Centred in the shaded region, or right-aligned in it when the
            // region is narrower than the label (it was clipped on phones).
            const narrow = x(end) - noFitX < NOFIT_LABEL_PX;
            text(shown(keep(g, 'text', 'nofit-label'), !!firstNoFit).attr('class', 'nofit-label')
              .attr('x', narrow ? x(end) - 2 : (noFitX + x(end)) / 2).attr('y', p.top + panelH / 2)
              .attr('text-anchor', narrow ? 'end' : 'middle'), t('table.noFit'));
            drawAxis(keep(g, 'g', 'x-axis').attr('class', 'axis').attr('transform', `translate(0,${p.top + panelH})`),
              axisBottom(x).ticks(Math.max(2, Math.floor(width / 90)))
                .tickFormat(localTicks(fmt, x.tickFormat(Math.max(2, Math.floor(width / 90))))));
            drawAxis(keep(g, 'g', 'y-axis').attr('class', 'axis').attr('transform', `translate(${MARGIN.left},0)`),
              axisLeft(y).ticks(4).tickFormat(localTicks(fmt, y.tickFormat(4))));
            text(keep(g, 'text', 'title').attr('class', 'axis-title').attr('x', MARGIN.left + 6).attr('y', p.top + 10), p.label);
            keep(g, 'path', 'series').attr('class', `series series-${p.key}`).attr('data-series', p.key)
              .attr('d', polyline(fitting.map((d) => [x(d.b), y(d[p.key])])));
            shown(keep(g, 'line', 'crossover'), showCross).attr('class', 'crossover-line')
              .attr('x1', showCross ? x(crossover) : 0).attr('x2', showCross ? x(crossover) : 0)
              .attr('y1', p.top).attr('y2', p.top + panelH);
          }
          const dot = shown(keep(keep(svg, 'g', `panel-${p.key}`), 'circle', 'dot'), !!cur).attr('class', 'current-dot').attr('r', 4);
          if (cur) dot.attr('cx', x(cur.b)).attr('cy', y(cur[p.key]));
        }
        if (full) {
          text(shown(keep(svg, 'text', 'crossover-label'), showCross).attr('class', 'crossover-label')
            .attr('x', showCross ? x(crossover) + 4 : 0).attr('y', MARGIN.top + panelH + 22),
          showCross ? t('batchChart.crossLabel', { batch: fmt.int(crossover) }) : '');
          text(keep(svg, 'text', 'x-title').attr('class', 'axis-title').attr('x', width - MARGIN.right).attr('y', height - 6)
            .attr('text-anchor', 'end'), t('batchChart.xTitle'));
        }
      }, `${layoutKey}|${batch}`);
      const best = fitting.length ? fitting[fitting.length - 1] : null;
      const crossText = crossover >= 1 ? t('batchChart.crossText', { batch: fmt.int(crossover) }) : t('batchChart.memoryEverywhere');
      frame.summary(best
        ? t('batchChart.summary', {
          max: fmt.int(capacity.max_batch), batch: fmt.int(best.b), total: fmt.totalText(best.total), per: fmt.perRequestText(best.per), cross: crossText,
        })
        : t('batchChart.summaryNone', { gpu: fmt.bytesText(state.input.gpu_memory_bytes), cross: crossText }));
      frame.table([t('batchChart.colBatch'), t('table.colMemory'), t('table.colFits'), t('batchChart.colTotal'), t('batchChart.colPer')], () => {
        const step = Math.max(1, Math.ceil(pts.length / 40));
        return pts.filter((p, i) => i % step === 0 || p.b === capacity.max_batch || i === pts.length - 1)
          .map((p) => [fmt.int(p.b), fmt.num1(s.total_bytes[p.b - 1] / GB), p.fits ? t('table.fitsYes') : t('table.fitsNo'),
            p.fits ? fmt.totalText(p.total) : t('table.noFit'), p.fits ? fmt.perRequestText(p.per) : t('table.noFit')]);
      });
    },
  };
}

registerPart({ name: 'batch-chart', mount });
