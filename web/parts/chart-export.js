// A chart as a file of its own: a standalone SVG (the chart's title, the
// inputs that drew it, and every element's computed presentation written into
// it, since the page's stylesheet does not travel with the file) and a PNG
// rendered from that SVG on a canvas. The labels' halo (a stroke in the
// background colour, drawn under the fill by paint-order on screen) must
// travel with the stroke: without paint-order the stroke is painted over the
// letters and the file shows no words. The file's backdrop is the chart's own
// background, so light labels drawn for a dark theme stay readable. Built in
// the browser, offered with offerDownload(); the PNG goes through a data:
// image, which the strict CSP (img-src 'self' data:) allows. Its failure messages are
// the element's strings (chartExport.*).
import { translator } from '../element/i18n.js';
import { DEFAULT_LOCALE } from '../element/locale-names.js';

const ENGLISH = translator(DEFAULT_LOCALE, null).t;

const SVG_NS = 'http://www.w3.org/2000/svg';
const HEADER_LINE_PX = 16;
// Every property lab.css sets on a chart's elements (or that they inherit),
// as SVG presentation attributes. paint-order and stroke-linejoin belong to the
// labels' halo; font-style and visibility could come from a host's theme.
const STYLE_PROPERTIES = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-dashoffset',
  'stroke-opacity', 'stroke-linejoin', 'stroke-linecap', 'paint-order', 'opacity', 'visibility',
  'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'display'];
const FALLBACK_BACKDROP = '#ffffff';

/**
 * Copies the computed presentation of every element of `from` onto the
 * matching element of `to`, as SVG presentation attributes (fill="…"), not
 * style="…": a style attribute written by script is inline style, which the
 * page's strict CSP (style-src without 'unsafe-inline') refuses and reports.
 */
function inlineStyles(from, to) {
  const a = [from, ...from.querySelectorAll('*')];
  const b = [to, ...to.querySelectorAll('*')];
  for (let i = 0; i < a.length && i < b.length; i += 1) {
    const cs = getComputedStyle(a[i]);
    for (const p of STYLE_PROPERTIES) {
      const v = cs.getPropertyValue(p);
      if (v !== '') b[i].setAttribute(p, v);
    }
    b[i].removeAttribute('class');
  }
}

/** True for a computed colour that paints nothing ("transparent", or an alpha of 0). */
const isClear = (colour) => colour === '' || colour === 'transparent' || /^rgba\(.*,\s*0\)$/.test(colour);

/**
 * The colour behind `node` on screen: the computed background of the nearest
 * element (crossing out of shadow roots to their hosts) that paints one; white
 * when none does (the host page's own canvas).
 */
function backdropOf(node) {
  let el = node;
  while (el && el.nodeType === 1) {
    const colour = getComputedStyle(el).backgroundColor;
    if (!isClear(colour)) return colour;
    const parent = el.parentNode;
    el = parent && parent.nodeType === 11 ? parent.host : el.parentElement; // 11: a shadow root
  }
  return FALLBACK_BACKDROP;
}

/** Splits `parts` into lines of at most `max` characters, joined by " · ". */
function wrap(parts, max) {
  const lines = [];
  let line = '';
  for (const p of parts) {
    const next = line ? `${line} · ${p}` : p;
    if (next.length > max && line) { lines.push(line); line = p; } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The chart as standalone SVG text.
 * @param {SVGSVGElement} svgNode the drawn chart (connected, so styles compute)
 * @param {string} title  the chart's title
 * @param {string[]} inputs  "Label value unit" texts of the inputs that drew it
 * @returns {{text:string, width:number, height:number}}
 */
export function standaloneSvg(svgNode, title, inputs) {
  const width = Number(svgNode.getAttribute('width')) || 640;
  const chartHeight = Number(svgNode.getAttribute('height')) || 280;
  const lines = wrap(inputs, Math.max(40, Math.floor(width / 6.5)));
  const header = HEADER_LINE_PX * (2 + lines.length);
  const height = chartHeight + header;
  const clone = svgNode.cloneNode(true);
  inlineStyles(svgNode, clone);
  const root = document.createElementNS(SVG_NS, 'svg');
  root.setAttribute('xmlns', SVG_NS);
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height));
  root.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== undefined) el.textContent = text;
    root.append(el);
    return el;
  };
  add('title', {}, title);
  // The chart's own backdrop and text colour and font, as on screen.
  const chartStyle = getComputedStyle(svgNode);
  const ink = chartStyle.color || '#111111';
  const font = chartStyle.fontFamily || 'system-ui,sans-serif';
  add('rect', { x: 0, y: 0, width, height, fill: backdropOf(svgNode) });
  add('text', { x: 8, y: HEADER_LINE_PX, 'font-family': font, 'font-size': '14px', 'font-weight': 'bold', fill: ink }, title);
  lines.forEach((line, i) => add('text', { x: 8, y: HEADER_LINE_PX * (2 + i), 'font-family': font, 'font-size': '11px', fill: ink }, line));
  const body = add('g', { transform: `translate(0 ${header})` });
  for (const child of [...clone.childNodes]) body.append(child);
  return { text: new XMLSerializer().serializeToString(root), width, height };
}

/** UTF-8 text as base64 (btoa takes only Latin-1). */
function base64(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Renders standalone SVG text to a PNG at `scale` times its size.
 * @param {(id:string, params?:object)=>string} [t] the element's strings (i18n.js), for the
 *   rejection's message; English by default
 * @returns {Promise<Blob>} rejects when the browser cannot draw or encode it, with an Error
 *   whose message says which (in the words of `t`)
 */
export function pngFromSvg({ text, width, height }, scale = 2, t = ENGLISH) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      const g = canvas.getContext('2d');
      g.scale(scale, scale);
      g.drawImage(img, 0, 0, width, height);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(t('chartExport.encodeFailed')))), 'image/png');
    };
    img.onerror = () => reject(new Error(t('chartExport.drawFailed')));
    img.src = `data:image/svg+xml;base64,${base64(text)}`;
  });
}
