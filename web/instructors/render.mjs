// Builds dist/instructors.html (and dist/instructors.<l>.html, one per locale) from
// instructors.html: its text from content/ui/<locale>.json ("instructors.*" ids), the
// attribute tables (parts and preset ids from content/) and the CSS custom-property
// table (read from web/styles/lab.css, so it cannot drift).
//
// The template's placeholders: {{t:ID}} the string as plain text; {{m:ID}} the string
// with its small inline markup, `code` and **strong** (inlineMarkup); {{LANG}},
// {{LANGUAGES}} (links to the page in the other languages), {{SCRIPT}} (the page's
// script for its locale), {{FOOTER}}, {{PARTS_ROWS}}, {{PRESET_ROWS}}, {{CSS_ROWS}},
// {{SNIPPET_ELEMENT}} and {{SNIPPET_IFRAME}} (the embed snippets in the page's language),
// {{SCORM_DOWNLOAD}} (links to the SCORM packages).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { contrastRatio } from './contrast.mjs';
import { PART_NAMES } from '../element/part-names.js';
import { translator } from '../element/i18n.js';
import { presetsText } from '../content/presets-text.js';
import { LOCALES, DEFAULT_LOCALE } from '../element/locale-names.js';
import { packageFile } from '../scorm/package.mjs';

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Light-theme defaults of every --llmb-* property, from the :host block of lab.css. */
export function themeProperties(labCss) {
  const host = labCss.slice(0, labCss.indexOf('@media'));
  const darkStart = labCss.indexOf('@media (prefers-color-scheme: dark)');
  const dark = darkStart < 0 ? '' : labCss.slice(darkStart, labCss.indexOf('}\n}', darkStart));
  const read = (text) => [...text.matchAll(/var\((--llmb-[a-z-]+),\s*([^;]+)\);/g)].map((m) => [m[1], m[2].replace(/\)$/, '')]);
  const darkMap = new Map(read(dark));
  return read(host).map(([name, fallback]) => ({ name, fallback, dark: darkMap.get(name) || fallback }));
}

// One example per property, each distinct and usable on its own: a warm page
// with the other properties left at their defaults. checkExamples() holds them
// to WCAG AA against the light defaults they meet.
const EXAMPLE = {
  '--llmb-font': 'Georgia, serif',
  '--llmb-text': '#2b2118',
  '--llmb-muted': '#5c4b3b',
  '--llmb-bg': '#fffdf5',
  '--llmb-surface': '#eef3ea',
  '--llmb-border': '#6f7a86',
  '--llmb-accent': '#6a1b9a',
  '--llmb-focus': '#d2008a',
  '--llmb-weights': '#00695c',
  '--llmb-cache': '#b35c00',
  '--llmb-limit': '#b00020',
  '--llmb-headroom': '#5d4037',
  '--llmb-good': '#1b5e20',
  '--llmb-warn': '#8d4b00',
  '--llmb-bad': '#b3261e',
  '--llmb-radius': '12px',
};

// Text colours need 4.5:1 against the backgrounds; lines, bars, borders and
// the focus ring 3:1 (WCAG 1.4.3 and 1.4.11). Backgrounds are checked the
// other way round, against every default text colour.
const TEXT = ['--llmb-text', '--llmb-muted', '--llmb-accent', '--llmb-good', '--llmb-warn', '--llmb-bad'];
const GRAPHIC = ['--llmb-border', '--llmb-focus', '--llmb-weights', '--llmb-cache', '--llmb-limit', '--llmb-headroom'];
const BACKGROUND = ['--llmb-bg', '--llmb-surface'];

/** Throws when an example falls short of AA next to the light defaults (props from themeProperties). */
export function checkExamples(props) {
  const light = new Map(props.map((p) => [p.name, p.fallback]));
  const problems = [];
  const need = (name, other, min) => {
    const r = contrastRatio(EXAMPLE[name], light.get(other));
    if (r < min) problems.push(`${name}: ${EXAMPLE[name]} against ${other} ${light.get(other)} is ${r.toFixed(2)}:1, below ${min}:1`);
  };
  for (const p of props) {
    if (!EXAMPLE[p.name]) problems.push(`${p.name}: no example`);
    else if (EXAMPLE[p.name] === p.fallback) problems.push(`${p.name}: the example is the default`);
  }
  for (const name of TEXT) for (const bg of BACKGROUND) need(name, bg, 4.5);
  for (const name of GRAPHIC) for (const bg of BACKGROUND) need(name, bg, 3);
  for (const name of BACKGROUND) for (const fg of TEXT) need(name, fg, 4.5);
  const values = Object.values(EXAMPLE);
  if (new Set(values).size !== values.length) problems.push('two properties share an example value');
  if (problems.length) throw new Error(`instructors' page theme examples:\n  ${problems.join('\n  ')}`);
}

/**
 * A string with the page's inline markup as HTML: the text escaped, `code` as
 * <code>, **text** as <strong>. Quotes stay as typed (they sit in element text,
 * never in an attribute).
 * @param {string} text a pattern already filled by t()
 * @returns {string} HTML
 */
export function inlineMarkup(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/`([^`]+)`/g, '<code>$1</code>').replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

/**
 * The two embed snippets a teacher copies, as HTML to sit inside <code>: the element
 * and the iframe, both asking for the page's language (`lang="de"`, `&lang=de`) on a
 * page that is not in DEFAULT_LOCALE, and the iframe's title in that language. The
 * English snippets carry no lang: English is what an element speaks without one.
 * @param {(id:string, params?:object)=>string} t the page's strings
 * @param {string} locale one of LOCALES
 * @returns {{element:string, iframe:string}} escaped HTML
 */
export function embedSnippets(t, locale) {
  const own = locale !== DEFAULT_LOCALE;
  const element = `<script src="https://your.site/lab/llm-budget-lab.js" defer></script>

<llm-budget-lab parts="calculator memory-chart" preset="lesson-gqa8-8"${own ? ` lang="${locale}"` : ''}></llm-budget-lab>`;
  const iframe = `<iframe data-llm-budget-lab
        src="https://your.site/lab/embed.html?parts=calculator%20memory-chart&preset=lesson-gqa8-8${own ? `&lang=${locale}` : ''}"
        title="${esc(t('instructors.iframeTitle'))}" height="900" loading="lazy"></iframe>
<script src="https://your.site/lab/llm-budget-lab-embed.js" defer></script>`;
  return { element: esc(element).replace(/&quot;/g, '"'), iframe: esc(iframe).replace(/&quot;/g, '"') };
}

/**
 * The SCORM packages' download links as HTML: the page's own language's package, then one
 * sentence per other shipped language naming its package (relative links: dist/ keeps the
 * packages beside the page, so they work from disk and from any host).
 * @param {(id:string, params?:object)=>string} t the page's strings
 * @param {string} locale one of LOCALES
 * @returns {string} HTML
 */
export function scormDownload(t, locale) {
  const link = (l) => `<a href="${esc(packageFile(l))}" download>${esc(packageFile(l))}</a>`;
  const names = new Intl.DisplayNames([locale], { type: 'language' });
  const sentence = (id, l, params = {}) => inlineMarkup(t(id, { ...params, package: '\u0000' })).replace('\u0000', () => link(l));
  return [sentence('instructors.scormDownload', locale),
    ...LOCALES.filter((l) => l !== locale).map((l) => sentence('instructors.scormDownloadOther', l, { language: names.of(l) }))].join(' ');
}

/**
 * The instructors' page in one language.
 * @param {string} root the repository root
 * @param {{t?:(id:string, params?:object)=>string, locale?:string, languages?:string, script?:string, lessonHref?:string}} [options]
 *   t: the page's strings (web/element/i18n.js translator; English when omitted);
 *   locale: the <html lang> (default "en"); languages: HTML of the links to the page in the
 *   other languages; script: the page script's file (default "instructors.js"); lessonHref:
 *   the lesson page in the same language (default "index.html")
 * @returns {string} the page's HTML
 * @throws {Error} when a theme example falls short of WCAG AA (checkExamples) or an id is unknown
 */
export function renderInstructors(root, { t = translator('en', null).t, locale = 'en', languages = '', script = 'instructors.js', lessonHref = 'index.html' } = {}) {
  // The preset labels in the page's language when content/locales/<locale>/presets.json gives them.
  const localeText = path.join(root, 'content/locales', locale, 'presets.json');
  const presets = presetsText(JSON.parse(readFileSync(path.join(root, 'content/presets.json'), 'utf8')),
    locale !== 'en' && existsSync(localeText) ? JSON.parse(readFileSync(localeText, 'utf8')) : null);
  const labCss = readFileSync(path.join(root, 'web/styles/lab.css'), 'utf8');
  const partsRows = [...PART_NAMES, 'all']
    .map((name) => `<tr><th scope="row"><code>${name}</code></th><td>${esc(t(`instructors.part.${name}`))}</td><td><code>parts="${name}"</code></td></tr>`).join('\n');
  const presetRows = [
    ...presets.configurations.map((c) => [c.id, c.label, t('instructors.presetConfiguration')]),
    ...presets.models.map((m) => [m.id, m.label, t('instructors.presetModel')]),
    ...presets.gpus.map((g) => [g.id, g.label, t('instructors.presetGpu')]),
  ].map(([id, label, kind]) => `<tr><th scope="row"><code>${esc(id)}</code></th><td>${esc(label)}</td><td>${esc(kind)}</td></tr>`).join('\n');
  const props = themeProperties(labCss);
  checkExamples(props);
  // Each property's words by its name without the prefix: --llmb-font is "instructors.prop.font".
  const cssRows = props.map((p) => `<tr><th scope="row"><code>${p.name}</code></th><td>${esc(t(`instructors.prop.${p.name.slice('--llmb-'.length)}`))}</td><td><code>${esc(p.fallback)}</code></td><td><code>${esc(p.dark)}</code></td><td><code>${esc(`llm-budget-lab { ${p.name}: ${EXAMPLE[p.name]}; }`)}</code></td></tr>`).join('\n');
  // The footer's link is HTML: its placeholder is filled after the text is escaped.
  const footer = inlineMarkup(t('instructors.footer', { lesson: '\u0000' })).replace('\u0000', `<a href="${esc(lessonHref)}">${esc(lessonHref)}</a>`);
  const params = { 'instructors.themeIntro': { count: props.length } };
  const template = readFileSync(path.join(root, 'web/instructors/instructors.html'), 'utf8');
  const snippets = embedSnippets(t, locale);
  return template
    .replace(/\{\{t:([\w.-]+)\}\}/g, (_, id) => esc(t(id, params[id])))
    .replace(/\{\{m:([\w.-]+)\}\}/g, (_, id) => inlineMarkup(t(id, params[id])))
    .replace('{{LANG}}', locale).replace('{{LANGUAGES}}', () => languages).replace('{{SCRIPT}}', script)
    .replace('{{FOOTER}}', () => footer)
    .replace('{{PARTS_ROWS}}', () => partsRows).replace('{{PRESET_ROWS}}', () => presetRows).replace('{{CSS_ROWS}}', () => cssRows)
    .replace('{{SNIPPET_ELEMENT}}', () => snippets.element).replace('{{SNIPPET_IFRAME}}', () => snippets.iframe)
    .replace('{{SCORM_DOWNLOAD}}', () => scormDownload(t, locale));
}
