// Shared frame for every chart: a heading (the chart's accessible name), an
// SVG drawn at the container's real width, a one-line text summary that
// changes with the chart, and the chart's data as a table in <details>.
//
// Charts draw into a persistent <svg>: each draw updates the elements it made
// last time (keep() for single elements, d3 data joins for lists) instead of
// removing and rebuilding them, and a draw whose inputs (its `key`) and width
// are unchanged is skipped. The data table is built only while its <details>
// is open (on opening, from the latest data), so a closed table costs nothing
// per input event.
import { select } from 'd3-selection';
import { h, setText, setAttr, nextId } from '../element/dom.js';
import { offerDownload, downloadSentence, csvBlob, fileSlug } from '../element/download.js';
import { standaloneSvg, pngFromSvg } from './chart-export.js';
import { translator } from '../element/i18n.js';

const ENGLISH = translator('en', null).t;

const HEIGHT = 280;
const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * @param container part container
 * @param opts { title, description, className, height, inputs, t, decimalMark }
 *   t: the element's strings (ctx.t, web/element/i18n.js), English when omitted
 *   decimalMark: the locale's (ctx.fmt.decimalMark), '.' when omitted; with ','
 *     the CSV download separates cells with ';' (download.js csvBlob)
 *   inputs: () => string[], the "Label value unit" texts of what drew the chart,
 *   written into its SVG and PNG downloads
 * @returns {{ draw(fn, key?), summary(text), table(headers, rows, caption?, csv?) }}
 *   draw: fn(svg, width, height) updates the d3 selection of the <svg>; it is
 *     called again when the width changes. With a `key` (any string naming
 *     every input the drawing depends on), a call with the same key and width
 *     as the last drawing does nothing.
 *   table: rows is an array of rows or a function returning them (called only
 *     when the table is shown). csv, when given, { headers, rows } (rows as above) is what
 *     the CSV download holds instead of the table as shown: bare numbers in number
 *     columns, the unit in the header (download.js csvNumber).
 */
export function chartFrame(container, { title, description, className, height = HEIGHT, inputs = () => [], t = ENGLISH,
  decimalMark = '.' }) {
  const titleId = nextId('chart-title');
  const summaryId = nextId('chart-summary');
  const heading = h('h2', { class: 'part-title', id: titleId, text: title });
  const svgHolder = h('div', { class: 'chart-svg' });
  const summary = h('p', { class: 'chart-summary', id: summaryId, 'data-out': 'chart-summary' });
  const tableHolder = h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': t('chart.dataRegion', { title }) });
  const details = h('details', { class: 'chart-data' }, h('summary', { text: t('chart.showData') }), tableHolder);
  const figure = h('figure', { class: `chart ${className || ''}`.trim() },
    svgHolder, h('figcaption', null, summary));
  container.append(heading);
  if (description) container.append(h('p', { class: 'chart-desc', text: description }));
  const downloadStatus = h('span', { class: 'chart-download-status', role: 'status' });
  const button = (label, kind) => h('button', { type: 'button', 'data-download': kind,
    'aria-label': t('chart.downloadLabel', { label, title }) }, label);
  const svgButton = button('SVG', 'svg');
  const pngButton = button('PNG', 'png');
  const csvButton = button('CSV', 'csv');
  const downloads = h('div', { class: 'chart-downloads' }, h('span', { text: t('download.lead') }),
    svgButton, pngButton, csvButton, downloadStatus);
  container.append(figure, downloads, details);

  const svgNode = document.createElementNS(SVG_NS, 'svg');
  svgNode.setAttribute('role', 'img');
  svgNode.setAttribute('aria-labelledby', `${titleId} ${summaryId}`);
  svgNode.setAttribute('class', 'chart-canvas');
  svgHolder.append(svgNode);
  const svg = select(svgNode);

  let drawFn = null;
  let drawnKey;
  let sizedWidth = 0; // width the <svg> attributes were last set for
  let lastWidth = 0; // width of the last drawing
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
    // Until the observer reports, the drawing is 640 wide: it keeps its
    // height in a narrower column (web/styles/lab.css), so nothing below moves.
    svgNode.toggleAttribute('data-provisional', !knownWidth);
    if (width !== sizedWidth) {
      sizedWidth = width;
      svgNode.setAttribute('viewBox', `0 0 ${width} ${height}`);
      svgNode.setAttribute('width', width);
      svgNode.setAttribute('height', height);
    }
    lastWidth = width;
    drawFn(svg, width, height);
  }
  if (hasObserver) {
    new ResizeObserver((entries) => {
      const w = Math.max(260, Math.round(entries[entries.length - 1].contentRect.width || 640));
      knownWidth = w;
      if (w !== lastWidth) render();
    }).observe(svgHolder);
  }

  let pendingTable = null;
  let lastTable = null; // the latest data, for the CSV download
  // Printing shows every data table, built or not (print CSS opens them).
  const printing = typeof matchMedia === 'function' ? matchMedia('print') : null;
  function showTable() {
    if (!pendingTable || !(details.open || (printing && printing.matches))) return;
    const { headers, rows, caption } = pendingTable;
    pendingTable = null;
    const list = typeof rows === 'function' ? rows() : rows;
    const table = h('table', { class: 'data-table' },
      caption ? h('caption', { text: caption }) : null,
      h('thead', null, h('tr', null, headers.map((t) => h('th', { scope: 'col', text: t })))),
      h('tbody', null, list.map((r) => h('tr', null,
        r.map((c, i) => (i === 0 ? h('th', { scope: 'row', text: c }) : h('td', { text: c })))))));
    tableHolder.replaceChildren(table);
  }
  details.addEventListener('toggle', showTable);
  if (printing) printing.addEventListener('change', showTable);
  if (typeof window !== 'undefined') window.addEventListener('beforeprint', () => { if (printing) showTable(); });

  const slug = fileSlug(title);
  const said = (text) => setText(downloadStatus, text);
  // The page cannot know whether a file arrived: it says the browser was asked
  // (or that this frame forbids downloads), never that the file was saved.
  const offer = (blob, name) => said(downloadSentence(offerDownload(blob, name, container), name,
    name.endsWith('.csv') ? t('chart.csvFallback') : '', t));
  svgButton.addEventListener('click', () => {
    const file = standaloneSvg(svgNode, title, inputs());
    offer(new Blob([file.text], { type: 'image/svg+xml' }), `${slug}.svg`);
  });
  pngButton.addEventListener('click', () => {
    pngFromSvg(standaloneSvg(svgNode, title, inputs()), 2, t)
      .then((blob) => offer(blob, `${slug}.png`))
      .catch((err) => said(t('chart.pngFailed', { error: err.message })));
  });
  csvButton.addEventListener('click', () => {
    if (!lastTable) return;
    const file = lastTable.csv || lastTable;
    const list = typeof file.rows === 'function' ? file.rows() : file.rows;
    offer(csvBlob(file.headers, list, decimalMark), `${slug}.csv`);
  });

  return {
    draw(fn, key) {
      const width = knownWidth || 640;
      if (key !== undefined && key === drawnKey && width === lastWidth) return;
      drawnKey = key;
      drawFn = fn;
      render();
    },
    summary(text) { setText(summary, text); },
    table(headers, rows, caption, csv) {
      pendingTable = { headers, rows, caption, csv };
      lastTable = pendingTable;
      showTable();
    },
  };
}

export const MARGIN = { top: 22, right: 16, bottom: 40, left: 56 };

/**
 * The child element of `parent` (a d3 selection) kept under `key`: created on
 * the first call, the same element afterwards. Charts make every element they
 * may need on every draw (hiding those not needed with display="none"), so
 * the drawing order, and with it which element paints over which, never changes.
 */
export function keep(parent, tag, key) {
  const node = parent.node();
  const kept = node.__kept || (node.__kept = new Map());
  let el = kept.get(key);
  if (!el) {
    el = document.createElementNS(SVG_NS, tag);
    node.append(el);
    kept.set(key, el);
  }
  return select(el);
}

/**
 * Sets the text of every element in a d3 selection, only where it changed
 * (`value` may be a function of the datum, as in selection.text()).
 */
export function text(sel, value) {
  return sel.each(function setIfChanged(d, i, nodes) {
    const s = String(typeof value === 'function' ? value.call(this, d, i, nodes) : value);
    if (this.textContent !== s) this.textContent = s;
  });
}

/**
 * Shows (display unset) or hides (display="none") a d3 selection, writing the
 * attribute only where it changes.
 */
export function shown(sel, visible) {
  return sel.each(function setDisplay() { setAttr(this, 'display', visible ? null : 'none'); });
}

/**
 * Draws a d3 axis into `sel` (a d3 selection of one <g>) as sel.call(axis) does,
 * unless that <g> already shows the same ticks: the same tick positions [px] and
 * texts, range and tick sizes as when it was last drawn. d3's axis rewrites every
 * tick's transform and opacity and replaces every tick's text node on each call;
 * a redraw whose scale did not move leaves them alone.
 * @param sel d3 selection of the axis's <g>
 * @param axis a d3-axis axis (axisBottom(x).ticks(5)...)
 * @returns sel
 */
export function drawAxis(sel, axis) {
  const scale = axis.scale();
  const args = axis.tickArguments();
  const values = axis.tickValues() ?? (scale.ticks ? scale.ticks(...args) : scale.domain());
  const format = axis.tickFormat() ?? (scale.tickFormat ? scale.tickFormat(...args) : String);
  const key = [scale.range().join(), scale.bandwidth ? scale.bandwidth() : '', axis.tickSizeInner(), axis.tickSizeOuter(),
    axis.tickPadding(), axis.offset(), values.map((v) => `${scale(v)}:${format(v)}`).join(';')].join('|');
  const node = sel.node();
  if (node.__axisKey === key) return sel;
  node.__axisKey = key;
  return sel.call(axis);
}

/** SVG path data through points [[x, y], ...] already in pixels (a polyline). */
export function polyline(points) {
  return points.length ? `M${points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join('L')}` : '';
}
