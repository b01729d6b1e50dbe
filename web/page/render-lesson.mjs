// Build-time rendering of content/lesson/*.md into the lesson page's HTML:
// math typeset to MathML by temml (protected from marked first), Markdown by
// marked, {{part:NAME}} directives replaced by <llm-budget-lab> markup,
// headings given ids, tables wrapped so they scroll inside their own box.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import temml from 'temml';

import { translator } from '../element/i18n.js';
import { readDirective, DIRECTIVE_LINE, TERM_SPAN, termTarget } from './directive.js';

const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Element markup for one directive. A directive with its own preset gets its
 * own state. The lesson page is the lab's own: its calculator keeps the inputs
 * in the page's address (link="fragment"), so a reload or a shared link keeps them.
 */
export function partMarkup(name, params) {
  const attrs = [`parts="${name}"`, 'link="fragment"'];
  if (params.preset) attrs.push(`preset="${escapeAttr(params.preset)}"`);
  else attrs.push('group="lesson"');
  if (params.questions) attrs.push(`questions="${escapeAttr(params.questions)}"`);
  return `<llm-budget-lab ${attrs.join(' ')}></llm-budget-lab>`;
}

// temml writes a few inline styles (e.g. negative spaces); the strict CSP
// blocks style attributes, so each distinct one becomes a class whose rule is
// appended to dist/lesson.css (mathStyleCss()).
const mathStyles = new Map();
function styleToClass(html) {
  return html.replace(/<([a-z]+)([^>]*?) style="([^"]*)"/g, (_, tag, attrs, css) => {
    let cls = mathStyles.get(css);
    if (!cls) { cls = `tm-s${mathStyles.size + 1}`; mathStyles.set(css, cls); }
    if (/ class="/.test(attrs)) return `<${tag}${attrs.replace(/ class="/, ` class="${cls} `)}`;
    return `<${tag}${attrs} class="${cls}"`;
  });
}

/** CSS rules for the classes that replaced temml's inline styles. */
export function mathStyleCss() {
  return [...mathStyles].map(([css, cls]) => `.${cls} { ${css} }`).join('\n');
}

function typeset(tex, displayMode, file) {
  try {
    return styleToClass(temml.renderToString(tex, { displayMode, throwOnError: true, annotate: true }));
  } catch (err) {
    throw new Error(`${file}: cannot typeset $${tex}$: ${err.message}`);
  }
}

function slug(text, used) {
  // Letters with accents keep their base letter ("Überblick" is "uberblick", "ß" "ss").
  let base = text.toLowerCase().replace(/<[^>]+>/g, '').replace(/&[a-z]+;/g, '').replace(/ß/g, 'ss')
    .normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'section';
  let id = base;
  for (let i = 2; used.has(id); i += 1) id = `${base}-${i}`;
  used.add(id);
  return id;
}

const englishT = translator('en', null).t;

/**
 * Renders one Markdown file. Returns { html, headings: [{ id, text, level }] }.
 * `state` carries ids and counters across files, and `state.t` the page's
 * strings (t(id, params), the "page.*" ids of content/ui/<l>.json).
 */
export function renderMarkdown(source, file, state) {
  const slots = [];
  const hold = (html) => `@@LLMB${slots.push(html) - 1}@@`;
  let text = source.replace(/\r\n/g, '\n');
  // Directives: a line holding only {{part:NAME key=value ...}}.
  text = text.replace(new RegExp(DIRECTIVE_LINE.source, 'gm'), (line) => {
    const d = readDirective(line);
    if (!d.ok) throw new Error(`${file}: directive ${d.error}`);
    return `\n${hold(`<div class="lab-slot">${partMarkup(d.name, d.params)}</div>`)}\n`;
  });
  // Linked terms: the text stays Markdown (and maths); only the span around it is held.
  // The span names its part in the page's language (data-term-part) for the tip's sentences.
  text = text.replace(TERM_SPAN, (_, name, inner) => {
    const t = termTarget(name);
    const target = t.field ? `${t.part}.${t.field}` : t.part;
    const partName = (state.t || englishT)(`tour.part.${t.part}`);
    return `${hold(`<span class="lab-term" tabindex="0" data-term="${escapeAttr(target)}" data-term-part="${escapeAttr(partName)}" aria-describedby="lab-term-desc lab-term-tip">`)}${inner}${hold('</span>')}`;
  });
  // Math: display first, then inline; \$ stays a literal dollar.
  text = text.replace(/\$\$([\s\S]+?)\$\$/g, (_, tex) => `\n${hold(`<div class="math-display">${typeset(tex.trim(), true, file)}</div>`)}\n`);
  text = text.replace(/(^|[^\\$])\$([^$\n]+?)\$/g, (_, pre, tex) => `${pre}${hold(typeset(tex.trim(), false, file))}`);
  let html = marked.parse(text, { gfm: true });
  // Block placeholders come back wrapped in <p>; unwrap them.
  html = html.replace(/<p>\s*(@@LLMB\d+@@)\s*<\/p>/g, '$1');
  html = html.replace(/@@LLMB(\d+)@@/g, (_, i) => slots[Number(i)]);
  const headings = [];
  html = html.replace(/<h([2-3])>([\s\S]*?)<\/h\1>/g, (_, level, inner) => {
    const id = slug(inner, state.ids);
    headings.push({ id, html: inner, level: Number(level) });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  html = html.replace(/<table>([\s\S]*?)<\/table>/g, (_, inner) => {
    state.tables += 1;
    return `<div class="table-scroll" tabindex="0" role="region" aria-label="${escapeAttr((state.t || englishT)('page.tableScroll', { n: state.tables }))}"><table>${inner}</table></div>`;
  });
  return { html, headings };
}

/** Placeholders the page script fills in a term's tip (web/page/lesson-page.js), passed through as written. */
const TIP_KEEP = { part: '{part}', label: '{label}', value: '{value}' };

/**
 * The term tip's sentences in the page's language, as attributes of the tip element
 * (data-text-value-label, data-text-value, data-text-outlined, data-text-not-loaded),
 * their {part}, {label} and {value} left for the page script to fill.
 * @param {(id:string, params?:object)=>string} [t] the page's strings (English when omitted)
 * @returns {string} the attributes, each with a leading space
 */
export function termTipAttributes(t = englishT) {
  return ['valueLabel', 'value', 'outlined', 'notLoaded']
    .map((k) => ` data-text-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeAttr(t(`termTips.${k}`, TIP_KEEP))}"`).join('');
}

/**
 * Renders every content/lesson/NN-*.md in order (or a translation's folder, content/lesson/de).
 * @param {string} dir the folder
 * @param {{t?:(id:string, params?:object)=>string}} [options] t: the page's strings (English when omitted)
 */
export function renderLesson(dir, { t } = {}) {
  const files = readdirSync(dir).filter((f) => /^\d+.*\.md$/.test(f)).sort();
  const state = { ids: new Set(), tables: 0, t };
  const sections = [];
  const headings = [];
  for (const f of files) {
    const r = renderMarkdown(readFileSync(path.join(dir, f), 'utf8'), f, state);
    sections.push(`<section class="lesson-section" data-source="${escapeAttr(f)}">\n${r.html}</section>`);
    headings.push(...r.headings);
  }
  return { html: sections.join('\n'), headings };
}
