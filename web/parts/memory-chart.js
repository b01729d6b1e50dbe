// Chart (a): GPU memory per configuration, weights and KV cache stacked,
// with the GPU-memory limit and the headroom line. The first bar is the
// calculator's current configuration; the others are the lesson's six rows.
import { scaleBand, scaleLinear } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { registerPart } from './registry.js';
import { chartFrame, MARGIN } from './chart-frame.js';
import { configurations } from '../element/presets.js';
import * as fmt from '../element/format.js';

function mount(container, ctx) {
  const frame = chartFrame(container, {
    title: 'GPU memory per configuration',
    description: 'Weights and KV cache stacked for your configuration (“now”) and the lesson’s six rows, against your GPU’s memory and the headroom you keep free.',
  });
  // The lesson's rows, judged against the current GPU memory and headroom.
  const lessonRows = (input) => configurations('lesson').map((c, i) => {
    const r = ctx.core.plan({ ...c.inputs, gpu_memory_bytes: input.gpu_memory_bytes,
      headroom_fraction: input.headroom_fraction });
    return { key: String(i + 1), label: c.label, plan: r.ok ? r.value : null };
  }).filter((r) => r.plan);

  return {
    update(state, { plan }) {
      const gpu = state.input.gpu_memory_bytes;
      // Headroom line: the memory level that leaves headroom_fraction free.
      const headroomLevel = plan.headroom_limit_bytes;
      const bars = [{ key: 'now', label: 'Your configuration', plan, current: true }, ...lessonRows(state.input)];
      const over = bars.filter((b) => !b.plan.fits);
      frame.draw((svg, width, height) => {
        const x = scaleBand().domain(bars.map((b) => b.key)).range([MARGIN.left, width - MARGIN.right]).padding(0.25);
        const top = Math.max(gpu, ...bars.map((b) => b.plan.total_bytes)) * 1.12;
        const y = scaleLinear().domain([0, top / fmt.GB]).nice().range([height - MARGIN.bottom, MARGIN.top]);
        svg.append('g').attr('class', 'axis').attr('transform', `translate(0,${height - MARGIN.bottom})`)
          .call(axisBottom(x).tickSizeOuter(0));
        svg.append('g').attr('class', 'axis').attr('transform', `translate(${MARGIN.left},0)`)
          .call(axisLeft(y).ticks(5));
        svg.append('text').attr('class', 'axis-title').attr('x', 4).attr('y', MARGIN.top - 6)
          .text('GB');
        svg.append('text').attr('class', 'axis-title').attr('x', width - MARGIN.right).attr('y', height - 6)
          .attr('text-anchor', 'end').text('configuration (now, lesson rows 1–6)');
        const g = svg.append('g');
        for (const b of bars) {
          const wTop = y(b.plan.weight_bytes / fmt.GB);
          const tTop = y(b.plan.total_bytes / fmt.GB);
          const base = y(0);
          const cls = b.current ? ' is-current' : '';
          g.append('rect').attr('class', `bar-weights${cls}`).attr('data-bar', `${b.key}-weights`)
            .attr('x', x(b.key)).attr('width', x.bandwidth()).attr('y', wTop).attr('height', Math.max(0, base - wTop));
          g.append('rect').attr('class', `bar-cache${cls}`).attr('data-bar', `${b.key}-cache`)
            .attr('x', x(b.key)).attr('width', x.bandwidth()).attr('y', tTop).attr('height', Math.max(0, wTop - tTop));
          g.append('text').attr('class', 'bar-label').attr('x', x(b.key) + x.bandwidth() / 2).attr('y', tTop - 4)
            .attr('text-anchor', 'middle')
            .text(`${b.plan.fits ? '' : '✗ '}${fmt.sig(b.plan.total_bytes / fmt.GB)}`);
        }
        const line = (level, cls, text) => {
          svg.append('line').attr('class', cls).attr('x1', MARGIN.left).attr('x2', width - MARGIN.right)
            .attr('y1', y(level / fmt.GB)).attr('y2', y(level / fmt.GB));
          svg.append('text').attr('class', `${cls}-label`).attr('x', width - MARGIN.right).attr('y', y(level / fmt.GB) - 4)
            .attr('text-anchor', 'end').text(text);
        };
        line(gpu, 'limit-line', `GPU ${fmt.bytesText(gpu)}`);
        if (state.input.headroom_fraction > 0) {
          line(headroomLevel, 'headroom-line', `${fmt.int(state.input.headroom_fraction * 100)}% headroom`);
        }
        const legend = svg.append('g').attr('class', 'legend').attr('transform', `translate(${MARGIN.left + 8},${MARGIN.top + 4})`);
        legend.append('rect').attr('class', 'bar-weights').attr('width', 10).attr('height', 10);
        legend.append('text').attr('x', 14).attr('y', 9).text('weights');
        legend.append('rect').attr('class', 'bar-cache').attr('x', 74).attr('width', 10).attr('height', 10);
        legend.append('text').attr('x', 88).attr('y', 9).text('KV cache');
      });
      frame.summary(`Your configuration needs ${fmt.bytesText(plan.total_bytes)} (${fmt.bytesText(plan.weight_bytes)} weights, `
        + `${fmt.bytesText(plan.kv_cache_bytes)} KV cache) of ${fmt.bytesText(gpu)}: ${fmt.verdictText(plan.verdict).toLowerCase()}; `
        + `${over.length} of ${bars.length} bars exceed the GPU.`);
      frame.table(['Configuration', 'Weights (GB)', 'KV cache (GB)', 'Total (GB)', `Fits ${fmt.bytesText(gpu)}?`],
        bars.map((b) => [b.key === 'now' ? 'Your configuration' : `${b.key}. ${b.label}`,
          fmt.num1(b.plan.weight_bytes / fmt.GB), fmt.num1(b.plan.kv_cache_bytes / fmt.GB),
          fmt.num1(b.plan.total_bytes / fmt.GB), b.plan.fits ? 'yes' : 'no']));
    },
  };
}

registerPart({ name: 'memory-chart', label: 'GPU memory per configuration', mount });
