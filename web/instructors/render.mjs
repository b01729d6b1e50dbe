// Builds dist/instructors.html from instructors.html: fills in the snippet
// blocks, the attribute tables (parts and preset ids from content/) and the
// CSS custom-property table (read from web/styles/lab.css, so it cannot drift).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contrastRatio } from './contrast.mjs';
import { PARTS } from '../element/part-names.js';

const PART_TEXT = {
  ...Object.fromEntries(PARTS.map((p) => [p.name, p.description])),
  all: 'every part above, in that order (the default)',
};

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

const PROPERTY_TEXT = {
  '--llmb-font': 'font family of everything in the lab',
  '--llmb-text': 'text colour', '--llmb-muted': 'secondary text (units, notes, axes)',
  '--llmb-bg': 'background', '--llmb-surface': 'panels (results, pressed rows)',
  '--llmb-border': 'borders of fields, groups and tables', '--llmb-accent': 'sliders, links, pressed buttons',
  '--llmb-focus': 'keyboard focus ring', '--llmb-weights': 'weights bars and series',
  '--llmb-cache': 'KV-cache bars', '--llmb-limit': 'GPU-memory limit line',
  '--llmb-headroom': 'headroom line', '--llmb-good': '“fits” and per-request speed',
  '--llmb-warn': '“tight”', '--llmb-bad': '“does not fit” and error messages',
  '--llmb-radius': 'corner radius of panels',
};

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

export function renderInstructors(root) {
  const presets = JSON.parse(readFileSync(path.join(root, 'content/presets.json'), 'utf8'));
  const labCss = readFileSync(path.join(root, 'web/styles/lab.css'), 'utf8');
  const partsRows = Object.entries(PART_TEXT)
    .map(([name, text]) => `<tr><th scope="row"><code>${name}</code></th><td>${esc(text)}</td><td><code>parts="${name === 'all' ? 'all' : `${name}`}"</code></td></tr>`).join('\n');
  const presetRows = [
    ...presets.configurations.map((c) => [c.id, c.label, 'configuration: every input']),
    ...presets.models.map((m) => [m.id, m.label, 'model: shape only']),
    ...presets.gpus.map((g) => [g.id, g.label, 'GPU: memory and usable rates']),
  ].map(([id, label, kind]) => `<tr><th scope="row"><code>${esc(id)}</code></th><td>${esc(label)}</td><td>${kind}</td></tr>`).join('\n');
  const props = themeProperties(labCss);
  checkExamples(props);
  const cssRows = props.map((p) => `<tr><th scope="row"><code>${p.name}</code></th><td>${esc(PROPERTY_TEXT[p.name] || '')}</td><td><code>${esc(p.fallback)}</code></td><td><code>${esc(p.dark)}</code></td><td><code>${esc(`llm-budget-lab { ${p.name}: ${EXAMPLE[p.name]}; }`)}</code></td></tr>`).join('\n');
  const template = readFileSync(path.join(root, 'web/instructors/instructors.html'), 'utf8');
  return template.replace('{{PARTS_ROWS}}', partsRows).replace('{{PRESET_ROWS}}', presetRows)
    .replace('{{CSS_ROWS}}', cssRows).replace('{{CSS_COUNT}}', String(props.length));
}
