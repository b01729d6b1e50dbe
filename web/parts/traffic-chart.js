// The traffic part's chart: p50 and p99 TTFT (top panel) and TPOT (bottom)
// against the load, from the core's simulations of a sweep of loads
// (traffic-sweep.js), on a log scale so the knee shows; the targets as
// lines, the highest load meeting them and the chosen load marked, and the
// loads the core found unstable shaded (no p99 is drawn there: the queue
// grows without bound and the core reports none).
import { scaleLinear, scaleLog } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { chartFrame, MARGIN, polyline, keep, text, shown, drawAxis } from './chart-frame.js';
import { loadText } from './traffic-sweep.js';
import { csvNumber } from '../element/download.js';

const HEIGHT = 400;
const PANEL_GAP = 36;
const SERIES = ['p50', 'p99'];
// The data table's latency columns: [its name, the core's summary, the percentile].
const LATENCY_COLUMNS = [['TTFT p50', 'ttft_s', 'p50'], ['TTFT p99', 'ttft_s', 'p99'], ['TPOT p50', 'tpot_s', 'p50'],
  ['TPOT p99', 'tpot_s', 'p99']];

/**
 * Tick values of log scale `y`: d3's own (1, 2, ..., 9 per decade, or a linear
 * set inside one decade), thinned evenly to at most `most`.
 */
function logTicks(y, most) {
  const all = y.ticks(most);
  const every = Math.max(1, Math.ceil(all.length / most));
  return all.filter((v, i) => i % every === 0);
}


/**
 * @param container the part's container
 * @param inputs () => string[] the texts of what drew the chart (its downloads carry them)
 * @param strings { t, fmt }: the element's words and number formatting (ctx.t, ctx.fmt)
 * @returns {{ draw(view) }} view: { mode, load, sweep, highest (highestLoad()'s value, null without
 *   a target or when it failed), searchError (its refusal, '' when none), ttftTarget, tpotTarget, percentile }
 */
export function mountTrafficChart(container, inputs, { t, fmt }) {
  const frame = chartFrame(container, {
    title: t('trafficChart.title'),
    inputs,
    description: t('trafficChart.description'),
    height: HEIGHT,
    className: 'traffic-chart',
    t,
    decimalMark: fmt.decimalMark,
  });
  const loadWords = (mode, x) => loadText(mode, x, { t, fmt });
  /** A log axis tick in seconds: "500 ms", "2 s". */
  const tickSeconds = (v) => (v >= 1 ? t('unit.s', { n: fmt.axisNum(v) }) : t('unit.ms', { n: fmt.axisNum(v * 1000) }));

  function draw(view) {
    const { mode, load, sweep, highest, ttftTarget, tpotTarget } = view;
    const stable = sweep.filter((p) => !p.result.unstable);
    const firstUnstable = sweep.find((p) => p.result.unstable);
    const xMax = sweep.length ? sweep[sweep.length - 1].load : load;
    const chosen = sweep.find((p) => p.load === load);
    const key = JSON.stringify([mode, load, sweep.map((p) => [p.load, p.result.ttft_s, p.result.tpot_s && p.result.tpot_s.p99]),
      highest, ttftTarget, tpotTarget]);
    frame.draw((svg, width, height) => {
      const x = scaleLinear().domain([0, xMax]).range([MARGIN.left, width - MARGIN.right]);
      const panelH = (height - MARGIN.top - MARGIN.bottom - PANEL_GAP) / 2;
      const panels = [
        { key: 'ttft', label: t('trafficChart.ttftPanel'), top: MARGIN.top, target: ttftTarget },
        { key: 'tpot', label: t('trafficChart.tpotPanel'), top: MARGIN.top + panelH + PANEL_GAP, target: tpotTarget },
      ];
      for (const p of panels) {
        // A run with no TPOT (one output token: tpot_s null) draws no TPOT point.
        const drawn = stable.filter((d) => d.result[`${p.key}_s`]);
        const values = drawn.flatMap((d) => SERIES.map((s) => d.result[`${p.key}_s`][s])).filter((v) => v > 0);
        if (p.target > 0) values.push(p.target);
        const lo = values.length ? Math.min(...values) * 0.8 : 1e-3;
        const hi = values.length ? Math.max(...values) * 1.25 : 1;
        const y = scaleLog().domain([lo, hi]).range([p.top + panelH, p.top]).clamp(true);
        const g = keep(svg, 'g', `panel-${p.key}`);
        const unstableX = firstUnstable ? x(firstUnstable.load) : 0;
        shown(keep(g, 'rect', 'unstable'), !!firstUnstable).attr('class', 'nofit-region').attr('x', unstableX)
          .attr('width', firstUnstable ? Math.max(1, x(xMax) - unstableX) : 0).attr('y', p.top).attr('height', panelH);
        text(shown(keep(g, 'text', 'unstable-label'), !!firstUnstable).attr('class', 'nofit-label')
          .attr('x', x(xMax) - 2).attr('y', p.top + 14).attr('text-anchor', 'end'), t('trafficChart.unstable'));
        drawAxis(keep(g, 'g', 'x-axis').attr('class', 'axis').attr('transform', `translate(0,${p.top + panelH})`),
          axisBottom(x).ticks(Math.max(2, Math.floor(width / 90))).tickFormat(fmt.axisNum));
        drawAxis(keep(g, 'g', 'y-axis').attr('class', 'axis').attr('transform', `translate(${MARGIN.left},0)`),
          axisLeft(y).tickValues(logTicks(y, 5)).tickFormat(tickSeconds));
        text(keep(g, 'text', 'title').attr('class', 'axis-title').attr('x', MARGIN.left + 6).attr('y', p.top + 10), p.label);
        for (const s of SERIES) {
          keep(g, 'path', `series-${s}`).attr('class', `series series-${s}`).attr('data-series', `${p.key}-${s}`)
            .attr('d', polyline(drawn.map((d) => [x(d.load), y(d.result[`${p.key}_s`][s])])));
        }
        shown(keep(g, 'line', 'target'), p.target > 0).attr('class', 'headroom-line').attr('data-target', p.key)
          .attr('x1', MARGIN.left).attr('x2', width - MARGIN.right)
          .attr('y1', p.target > 0 ? y(p.target) : 0).attr('y2', p.target > 0 ? y(p.target) : 0);
        text(shown(keep(g, 'text', 'target-label'), p.target > 0).attr('class', 'headroom-line-label')
          .attr('x', MARGIN.left + 6).attr('y', p.target > 0 ? y(p.target) - 4 : 0), t('trafficChart.target'));
        const best = highest && highest.found ? highest.highest_load : 0;
        shown(keep(g, 'line', 'highest'), best > 0).attr('class', 'crossover-line').attr('data-mark', 'highest-load').attr('data-load', best > 0 ? String(best) : null)
          .attr('x1', x(best)).attr('x2', x(best)).attr('y1', p.top).attr('y2', p.top + panelH);
        const dotted = !!chosen && !chosen.result.unstable && !!chosen.result[`${p.key}_s`];
        const dot = shown(keep(g, 'circle', 'dot'), dotted).attr('class', 'current-dot').attr('r', 4);
        if (dotted) dot.attr('cx', x(chosen.load)).attr('cy', y(chosen.result[`${p.key}_s`].p99));
      }
      const best = highest && highest.found ? highest.highest_load : 0;
      text(shown(keep(svg, 'text', 'highest-label'), best > 0).attr('class', 'crossover-label')
        .attr('x', best > 0 ? Math.min(x(best) + 4, width - MARGIN.right - 150) : 0).attr('y', MARGIN.top + panelH + 24),
      best > 0 ? t('trafficChart.highestLabel', { load: loadWords(mode, best) }) : '');
      text(keep(svg, 'text', 'legend').attr('class', 'axis-title').attr('x', 4).attr('y', height - 6), t('trafficChart.legend'));
      text(keep(svg, 'text', 'x-title').attr('class', 'axis-title').attr('x', width - MARGIN.right).attr('y', height - 6)
        .attr('text-anchor', 'end'), mode === 'open' ? t('trafficChart.xOpen') : t('trafficChart.xClosed'));
    }, key);

    const unstable = t('trafficChart.unstable');
    const ms = (v) => (v === null || v === undefined ? unstable : fmt.msText(v));
    // TPOT of a stable run is null only when no request had a second token.
    const tpotMs = (r, s) => (r.unstable ? unstable : r.tpot_s ? fmt.msText(r.tpot_s[s]) : t('traffic.notDefined'));
    const last = stable[stable.length - 1];
    // Whole sentences, each one pattern, joined with a space.
    const parts = [];
    if (last) {
      parts.push(t('trafficChart.bounded', { load: loadWords(mode, last.load), p50: ms(last.result.ttft_s.p50), p99: ms(last.result.ttft_s.p99),
        first: ms(stable[0].result.ttft_s.p99), firstLoad: loadWords(mode, stable[0].load) }));
    }
    if (firstUnstable) parts.push(t('trafficChart.unstableFrom', { load: loadWords(mode, firstUnstable.load) }));
    if (view.searchError) parts.push(t('traffic.searchFailed', { error: view.searchError.replace(/\.?$/, '.') }));
    else if (highest && highest.found) parts.push(t('trafficChart.highest', { percentile: fmt.groupedNumber(view.percentile), load: loadWords(mode, highest.highest_load) }));
    else if (highest) parts.push(t('traffic.lightestMisses'));
    else parts.push(t('trafficChart.noTarget'));
    frame.summary(parts.join(' '));
    const loadHeader = mode === 'open' ? t('trafficChart.colRate') : t('trafficChart.colConcurrency');
    const loadNumber = (x) => (mode === 'open' ? fmt.adaptive(x) : fmt.int(x));
    const queueCell = (r) => (r.unstable ? t('trafficChart.grows') : t('trafficChart.boundedCell'));
    // The CSV file: bare numbers, every latency in ms (its header says so), words only in the queue's
    // column. An unstable run's latencies (the queue column says it grows) and a TPOT no request had
    // (one output token) are empty cells.
    const latencyCsv = (summary, s) => (summary && !(summary[s] === null || summary[s] === undefined)
      ? csvNumber(fmt, fmt.adaptive(summary[s] * 1000)) : '');
    const csv = {
      headers: [loadHeader, ...LATENCY_COLUMNS.map(([name]) => t('trafficChart.colMs', { name })), t('trafficChart.colQueue')],
      rows: () => sweep.map((p) => [csvNumber(fmt, loadNumber(p.load)),
        ...LATENCY_COLUMNS.map(([, summary, s]) => (p.result.unstable ? '' : latencyCsv(p.result[summary], s))), queueCell(p.result)]),
    };
    frame.table([loadHeader, ...LATENCY_COLUMNS.map(([name]) => name), t('trafficChart.colQueue')],
      () => sweep.map((p) => [loadNumber(p.load),
        ms(p.result.ttft_s && p.result.ttft_s.p50), ms(p.result.ttft_s && p.result.ttft_s.p99),
        tpotMs(p.result, 'p50'), tpotMs(p.result, 'p99'), queueCell(p.result)]), undefined, csv);
  }
  return { draw, frame };
}
