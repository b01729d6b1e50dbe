// Chart (b): decode speed against batch from core.sweepBatch(): total
// tokens/s (top panel) and per-request tokens/s (bottom panel), with the
// batches that do not fit shaded and the memory/compute crossover marked.
import { scaleLinear } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { registerPart } from './registry.js';
import { chartFrame, MARGIN, polyline } from './chart-frame.js';
import * as fmt from '../element/format.js';

const HEIGHT = 380;
const MAX_SWEEP = 4096;

/** Batch range to show: past the largest batch that fits and the crossover. */
function sweepEnd(input, capacity) {
  const want = Math.max(16, input.batch, capacity.max_batch, Math.min(capacity.crossover_batch, MAX_SWEEP));
  return Math.min(MAX_SWEEP, Math.ceil(want * 1.3));
}

function mount(container, ctx) {
  const frame = chartFrame(container, {
    title: 'Decode speed against batch',
    description: 'Tokens per second for all requests together (top) and for each request (bottom) as the batch grows, for your configuration.',
    height: HEIGHT,
  });

  return {
    update(state, { capacity }) {
      const end = sweepEnd(state.input, capacity);
      const res = ctx.core.sweepBatch(state.input, end);
      if (!res.ok) { frame.summary(`No chart: ${res.error}`); return; }
      const s = res.value;
      const pts = s.batch.map((b, i) => ({ b, fits: s.fits[i], total: s.total_tokens_per_s[i], per: s.per_request_tokens_per_s[i] }));
      const fitting = pts.filter((p) => p.fits);
      const firstNoFit = pts.find((p) => !p.fits);
      const crossover = capacity.crossover_batch;
      frame.draw((svg, width, height) => {
        const x = scaleLinear().domain([1, end]).range([MARGIN.left, width - MARGIN.right]);
        const panelH = (height - MARGIN.top - MARGIN.bottom - 32) / 2;
        const panels = [
          { key: 'total', label: 'total tokens/s', top: MARGIN.top },
          { key: 'per', label: 'tokens/s per request', top: MARGIN.top + panelH + 32 },
        ];
        for (const p of panels) {
          const maxV = Math.max(1, ...fitting.map((d) => d[p.key]));
          const y = scaleLinear().domain([0, maxV * 1.1]).nice().range([p.top + panelH, p.top]);
          if (firstNoFit) {
            svg.append('rect').attr('class', 'nofit-region').attr('x', x(firstNoFit.b) - 0.5)
              .attr('width', Math.max(1, x(end) - x(firstNoFit.b) + 0.5)).attr('y', p.top).attr('height', panelH);
            svg.append('text').attr('class', 'nofit-label').attr('x', (x(firstNoFit.b) + x(end)) / 2)
              .attr('y', p.top + panelH / 2).attr('text-anchor', 'middle').text('does not fit');
          }
          svg.append('g').attr('class', 'axis').attr('transform', `translate(0,${p.top + panelH})`)
            .call(axisBottom(x).ticks(Math.max(2, Math.floor(width / 90))));
          svg.append('g').attr('class', 'axis').attr('transform', `translate(${MARGIN.left},0)`)
            .call(axisLeft(y).ticks(4));
          svg.append('text').attr('class', 'axis-title').attr('x', MARGIN.left + 6).attr('y', p.top + 10).text(p.label);
          svg.append('path').attr('class', `series series-${p.key}`).attr('data-series', p.key)
            .attr('d', polyline(fitting.map((d) => [x(d.b), y(d[p.key])])));
          if (crossover >= 1 && crossover <= end) {
            svg.append('line').attr('class', 'crossover-line').attr('x1', x(crossover)).attr('x2', x(crossover))
              .attr('y1', p.top).attr('y2', p.top + panelH);
          }
          const cur = fitting.find((d) => d.b === state.input.batch);
          if (cur) {
            svg.append('circle').attr('class', 'current-dot').attr('r', 4).attr('cx', x(cur.b)).attr('cy', y(cur[p.key]));
          }
        }
        if (crossover >= 1 && crossover <= end) {
          svg.append('text').attr('class', 'crossover-label').attr('x', x(crossover) + 4).attr('y', MARGIN.top + panelH + 22)
            .text(`compute-bound from B = ${fmt.int(crossover)}`);
        }
        svg.append('text').attr('class', 'axis-title').attr('x', width - MARGIN.right).attr('y', height - 6)
          .attr('text-anchor', 'end').text('batch (concurrent requests)');
      });
      const best = fitting.length ? fitting[fitting.length - 1] : null;
      const crossText = crossover >= 1 ? `arithmetic binds from B = ${fmt.int(crossover)}` : 'memory binds at every batch';
      frame.summary(best
        ? `Batches up to ${fmt.int(capacity.max_batch)} fit; at B = ${fmt.int(best.b)} the GPU gives ${fmt.totalText(best.total)} tokens/s in all and ${fmt.perRequestText(best.per)} per request; ${crossText}.`
        : `No batch fits in ${fmt.bytesText(state.input.gpu_memory_bytes)}; ${crossText}.`);
      const step = Math.max(1, Math.ceil(pts.length / 40));
      const rows = pts.filter((p, i) => i % step === 0 || p.b === capacity.max_batch || i === pts.length - 1)
        .map((p) => [fmt.int(p.b), fmt.num1(s.total_bytes[p.b - 1] / fmt.GB), p.fits ? 'yes' : 'no',
          p.fits ? fmt.totalText(p.total) : 'does not fit', p.fits ? fmt.perRequestText(p.per) : 'does not fit']);
      frame.table(['Batch', 'Memory (GB)', 'Fits?', 'Total tokens/s', 'Per request tokens/s'], rows);
    },
  };
}

registerPart({ name: 'batch-chart', label: 'Decode speed against batch', mount });
