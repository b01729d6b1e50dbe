// Builds dist/instructors.html from instructors.html: fills in the snippet
// blocks, the attribute tables (parts and preset ids from content/) and the
// CSS custom-property table (read from web/styles/lab.css, so it cannot drift).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const PART_TEXT = {
  presets: 'buttons for the ready-made configurations, models and GPUs',
  calculator: 'the serving-budget calculator: every input, memory, verdict and speeds',
  table: 'the lesson’s six configurations as a live table',
  'memory-chart': 'GPU memory per configuration, weights and KV cache stacked, with the limit',
  'batch-chart': 'tokens/s against batch, with the region that does not fit',
  speculative: 'speculative decoding: tokens per pass against acceptance rate, and the speed-up',
  attention: 'stored attention-score memory against context, quadratic vs tiled',
  quiz: 'the knowledge check (questions from the built-in file or the questions attribute)',
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

const EXAMPLE = { '--llmb-font': 'Georgia, serif', '--llmb-radius': '0', '--llmb-accent': '#6a1b9a' };

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
  const cssRows = props.map((p) => `<tr><th scope="row"><code>${p.name}</code></th><td>${esc(PROPERTY_TEXT[p.name] || '')}</td><td><code>${esc(p.fallback)}</code></td><td><code>${esc(p.dark)}</code></td><td><code>${esc(`llm-budget-lab { ${p.name}: ${EXAMPLE[p.name] || (p.fallback.startsWith('#') ? '#0b6e4f' : p.fallback)}; }`)}</code></td></tr>`).join('\n');
  const template = readFileSync(path.join(root, 'web/instructors/instructors.html'), 'utf8');
  return template.replace('{{PARTS_ROWS}}', partsRows).replace('{{PRESET_ROWS}}', presetRows)
    .replace('{{CSS_ROWS}}', cssRows).replace('{{CSS_COUNT}}', String(props.length));
}
