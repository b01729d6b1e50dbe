// Shared frame for every chart: a heading (the chart's accessible name), an
// SVG drawn at the container's real width, a one-line text summary that
// changes with the chart, and the chart's data as a table in <details>.
import { select } from 'd3-selection';
import { h, setText, nextId } from '../element/dom.js';

const HEIGHT = 280;

/**
 * @param container part container
 * @param opts { title, description }
 * @returns { draw(fn), summary(text), table(headers, rows), redraw() }
 *   fn(svg, width, height) draws into a cleared d3 selection of the <svg>.
 */
export function chartFrame(container, { title, description, className, height = HEIGHT }) {
  const titleId = nextId('chart-title');
  const summaryId = nextId('chart-summary');
  const heading = h('h2', { class: 'part-title', id: titleId, text: title });
  const svgHolder = h('div', { class: 'chart-svg' });
  const summary = h('p', { class: 'chart-summary', id: summaryId, 'data-out': 'chart-summary' });
  const tableHolder = h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': `${title}: data` });
  const details = h('details', { class: 'chart-data' }, h('summary', { text: 'Show the chart’s data as a table' }), tableHolder);
  const figure = h('figure', { class: `chart ${className || ''}`.trim() },
    svgHolder, h('figcaption', null, summary));
  container.append(heading);
  if (description) container.append(h('p', { class: 'chart-desc', text: description }));
  container.append(figure, details);

  const svgNode = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svgNode.setAttribute('role', 'img');
  svgNode.setAttribute('aria-labelledby', `${titleId} ${summaryId}`);
  svgNode.setAttribute('class', 'chart-canvas');
  svgHolder.append(svgNode);
  const svg = select(svgNode);

  let drawFn = null;
  let lastWidth = 0;
  // The holder's width comes from the ResizeObserver, which reports it after
  // the browser's own layout and before paint: reading clientWidth here would
  // force a synchronous layout of the whole page per chart, at start-up and
  // on every input event (the charts' largest cost). Until the first report
  // the chart is drawn at a default width; the report redraws it before the
  // first paint.
  const hasObserver = typeof ResizeObserver === 'function';
  let knownWidth = 0;
  const measure = () => Math.max(260, Math.round(svgHolder.clientWidth || 640));
  function render() {
    if (!drawFn) return;
    if (!knownWidth && !hasObserver) knownWidth = measure();
    const width = knownWidth || 640;
    lastWidth = width;
    svgNode.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svgNode.setAttribute('width', width);
    svgNode.setAttribute('height', height);
    svg.selectAll('*').remove();
    drawFn(svg, width, height);
  }
  if (hasObserver) {
    new ResizeObserver((entries) => {
      const w = Math.max(260, Math.round(entries[entries.length - 1].contentRect.width || 640));
      knownWidth = w;
      if (w !== lastWidth) render();
    }).observe(svgHolder);
  }

  return {
    draw(fn) { drawFn = fn; render(); },
    summary(text) { setText(summary, text); },
    table(headers, rows, caption) {
      const table = h('table', { class: 'data-table' },
        caption ? h('caption', { text: caption }) : null,
        h('thead', null, h('tr', null, headers.map((t) => h('th', { scope: 'col', text: t })))),
        h('tbody', null, rows.map((r) => h('tr', null,
          r.map((c, i) => (i === 0 ? h('th', { scope: 'row', text: c }) : h('td', { text: c })))))));
      tableHolder.replaceChildren(table);
    },
  };
}

export const MARGIN = { top: 22, right: 16, bottom: 40, left: 56 };

/** SVG path data through points [[x, y], ...] already in pixels (a polyline). */
export function polyline(points) {
  return points.length ? `M${points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join('L')}` : '';
}
