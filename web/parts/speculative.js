// Chart (c): speculative decoding. Expected tokens per target pass against
// the acceptance rate for several draft lengths k (core.sweepAcceptance),
// and the speed-up for a chosen draft cost.
import { scaleLinear } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { registerPart } from '../element/registry.js';
import { chartFrame, MARGIN, polyline, keep, text as setSvgText, drawAxis } from './chart-frame.js';
import { pairedInput } from '../element/paired-input.js';
import { readingInWords } from '../element/core-message.js';
import { boxNumber, quantityText, rangeUnitWords } from '../element/slider-value.js';
import { unitWords, boxText } from '../element/fields.js';
import { h, setText } from '../element/dom.js';
import { localTicks } from './axis-ticks.js';
import { placeLineLabel, labelBox, BOLD_LABEL_CHAR_PX } from './label-placement.js';

const KS = [1, 2, 3, 4, 8];
const POINTS = 51;

function mount(container, ctx) {
  const { core, t, fmt, strings } = ctx;
  const local = { a: 0.8, k: 3, c: 0.05 };
  // A value of a, k or c as typed, with the locale's decimal mark ("0.05", "0,05").
  const plain = fmt.plainText;
  const declared = (name) => core.declaration.speculative_inputs.find((d) => d.name === name);
  const labelOf = (name) => strings.core(`core.field.${name}.label`, declared(name).label);
  const readout = h('p', { class: 'readout', 'data-out': 'speculative-readout' });
  const controls = h('div', { class: 'part-controls' });
  const frame = chartFrame(container, {
    title: t('speculative.title'),
    description: t('speculative.description'),
    height: 400,
    inputs: () => [t('speculative.inputLine', { label: labelOf('draft_cost_ratio'), symbol: declared('draft_cost_ratio').symbol, value: plain(local.c) }),
      t('speculative.inputMarked', { a: plain(local.a), k: plain(local.k) })],
    t,
    decimalMark: fmt.decimalMark,
  });
  const redraw = () => draw();
  const check3 = (a, k, c) => core.speculative(a, k, c);
  // While a typed value is refused, the readout and chart are the last valid
  // ones: say so (a status region, always present, so screen readers hear it).
  const staleNote = h('p', { class: 'results-stale', role: 'status', 'data-out': 'speculative-stale' });
  const refused = new Set();
  const validity = (name) => (ok) => {
    if (ok) refused.delete(name); else refused.add(name);
    setText(staleNote, refused.size ? t('speculative.stale') : '');
  };
  // Labels, symbols and ranges of a, k and c are the core's declaration.
  const param = (name) => {
    const p = declared(name);
    return { label: labelOf(name), unit: t('speculative.paramUnit', { symbol: p.symbol, min: plain(p.min), max: plain(p.max) }), min: p.min, max: p.max,
      step: p.kind === 'whole' ? 1 : 0.01, read: (text) => readingInWords(core, strings, fmt, core.readField(name, text, 1, { decimalComma: fmt.decimalMark === ',' })),
      boxText: (v) => boxText(fmt, v),
      // A value the core refused: the field's declared range, in the element's words.
      whole: p.kind === 'whole', words: { t, fmt, unit: rangeUnitWords(strings, p) },
      // The thumb's words: "a = 0,8", "k = 3 Token".
      valueText: (v) => t('sliderValue.symbol', { symbol: p.symbol,
        value: quantityText(t, boxNumber(fmt, v), v, p.unit, unitWords(strings, p.unit, p.unit_one, v)) }) };
  };
  controls.append(
    pairedInput({ ...param('acceptance_rate'), value: local.a,
      check: (v) => check3(v, local.k, local.c), onChange: (v) => { local.a = v; redraw(); },
      onValidity: validity('a') }).el,
    pairedInput({ ...param('draft_tokens'), value: local.k,
      check: (v) => check3(local.a, v, local.c), onChange: (v) => { local.k = v; redraw(); },
      onValidity: validity('k') }).el,
    pairedInput({ ...param('draft_cost_ratio'), value: local.c,
      check: (v) => check3(local.a, local.k, v), onChange: (v) => { local.c = v; redraw(); },
      onValidity: validity('c') }).el);
  container.insertBefore(controls, container.querySelector('figure'));
  container.insertBefore(staleNote, container.querySelector('figure'));
  container.insertBefore(readout, container.querySelector('figure'));

  // The curves depend on k and c only: a change of a moves the marked dots
  // and the texts, and the sweeps, axes and curves drawn for the same k, c
  // and size are kept (the slider for a then redraws two dots, not the chart).
  let curves = { key: '', series: [] };
  let drawnShape = { key: '', dots: [] };
  function draw() {
    const ks = [...new Set([...KS, local.k])].sort((p, q) => p - q);
    const curvesKey = `${ks.join()}|${local.c}`;
    if (curves.key !== curvesKey) {
      const series = [];
      for (const k of ks) {
        const r = core.sweepAcceptance(k, local.c, POINTS);
        if (r.ok) series.push({ k, ...r.value });
      }
      curves = { key: curvesKey, series };
    }
    const { series } = curves;
    const one = core.speculative(local.a, local.k, local.c);
    const best = core.bestDraftTokens(local.a, local.c);
    if (!one.ok || !best.ok) return;
    frame.draw((svg, width, height) => {
      const shapeKey = `${curvesKey}|${local.k}|${width}|${height}`;
      if (drawnShape.key === shapeKey) {
        for (const dot of drawnShape.dots) dot.move(one.value);
        return;
      }
      drawnShape = { key: shapeKey, dots: [] };
      const x = scaleLinear().domain([0, 1]).range([MARGIN.left, width - MARGIN.right - 34]);
      const panelH = (height - MARGIN.top - MARGIN.bottom - 32) / 2;
      const panels = [
        { key: 'tokens_per_pass', label: t('speculative.tokensPanel'), top: MARGIN.top },
        { key: 'speedup', label: t('speculative.speedupPanel', { c: plain(local.c) }), top: MARGIN.top + panelH + 32 },
      ];
      for (const p of panels) {
        const maxV = Math.max(1, ...series.flatMap((s) => s[p.key]));
        const y = scaleLinear().domain([0, maxV]).nice().range([p.top + panelH, p.top]);
        const g = keep(svg, 'g', `panel-${p.key}`);
        drawAxis(keep(g, 'g', 'x-axis').attr('class', 'axis').attr('transform', `translate(0,${p.top + panelH})`), axisBottom(x).ticks(5).tickFormat(localTicks(fmt, x.tickFormat(5))));
        drawAxis(keep(g, 'g', 'y-axis').attr('class', 'axis').attr('transform', `translate(${MARGIN.left},0)`), axisLeft(y).ticks(4).tickFormat(localTicks(fmt, y.tickFormat(4))));
        setSvgText(keep(g, 'text', 'title').attr('class', 'axis-title').attr('x', MARGIN.left + 6).attr('y', p.top + 10), p.label);
        if (p.key === 'speedup') {
          keep(g, 'line', 'one').attr('class', 'limit-line').attr('x1', x(0)).attr('x2', x(1)).attr('y1', y(1)).attr('y2', y(1));
        }
        const pts = (s) => s.acceptance_rate.map((a, i) => [a, s[p.key][i]]);
        const last = (s) => pts(s)[s.acceptance_rate.length - 1];
        const px = (s) => pts(s).map((d) => [x(d[0]), y(d[1])]);
        keep(g, 'g', 'series').selectAll('path').data(series, (s) => s.k).join('path')
          .attr('class', (s) => `series series-k${KS.indexOf(s.k) >= 0 ? KS.indexOf(s.k) : 'x'}${s.k === local.k ? ' is-current' : ''}`)
          .attr('d', (s) => polyline(px(s)));
        if (p.key === 'speedup') {
          // The 1× line's label: above the line at its right end where that is clear, else below it
          // (where the curves have risen past 1×), else further left; never across a curve or the
          // panel's title, on a 360 px phone chart too.
          const text = t('speculative.noGain');
          const at = placeLineLabel({
            y: y(1), left: x(0), right: x(1), width: text.length * BOLD_LABEL_CHAR_PX, curves: series.map(px),
            obstacles: [labelBox(MARGIN.left + 6, p.top + 10, p.label.length)],
            plot: { left: MARGIN.left, right: x(1), top: p.top, bottom: p.top + panelH },
          });
          setSvgText(keep(g, 'text', 'one-label').attr('class', 'limit-line-label').attr('x', at.x).attr('y', at.y)
            .attr('text-anchor', at.anchor), text);
        }
        setSvgText(keep(g, 'g', 'labels').selectAll('text').data(series, (s) => s.k).join('text')
          .attr('class', 'series-label').attr('x', (s) => x(last(s)[0]) + 4).attr('y', (s) => y(last(s)[1]) + 4), (s) => t('speculative.seriesLabel', { k: plain(s.k) }));
        const dot = keep(g, 'circle', 'dot').attr('class', 'current-dot').attr('r', 4);
        const move = (value) => dot.attr('cx', x(local.a)).attr('cy', y(p.key === 'speedup' ? value.speedup : value.tokens_per_pass));
        move(one.value);
        drawnShape.dots.push({ move });
      }
      setSvgText(keep(svg, 'text', 'x-title').attr('class', 'axis-title').attr('x', width - MARGIN.right).attr('y', height - 6)
        .attr('text-anchor', 'end'), t('speculative.xTitle'));
    });
    const kRange = declared('draft_tokens');
    const said = { a: plain(local.a), k: plain(local.k), c: plain(local.c), tokens: fmt.fixed2(one.value.tokens_per_pass),
      speedup: fmt.fixed2(one.value.speedup), best: fmt.fixed2(best.value.speedup) };
    const text = best.value.speedup > 1
      ? t('speculative.readoutBest', { ...said, bestK: plain(best.value.draft_tokens) })
      : t('speculative.readoutNoGain', { ...said, min: plain(kRange.min), max: plain(kRange.max) });
    setText(readout, text);
    frame.summary(t('speculative.summary', { readout: text }));
    const idx = [0, 10, 20, 25, 30, 35, 40, 45, 50].filter((i) => i < POINTS);
    frame.table([labelOf('acceptance_rate'), ...series.map((s) => t('speculative.colTokens', { k: plain(s.k) })),
      ...series.map((s) => t('speculative.colSpeedup', { k: plain(s.k) }))],
      idx.map((i) => [fmt.fixed2(series[0].acceptance_rate[i]),
        ...series.map((s) => fmt.fixed2(s.tokens_per_pass[i])), ...series.map((s) => fmt.fixed2(s.speedup[i]))]));
  }
  draw();
  return { update() {} };
}

registerPart({ name: 'speculative', mount });
