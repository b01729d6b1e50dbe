// Builds the lesson page and the element into dist/ (run from the repo root,
// after the wasm build: tools/build does both).
//   dist/llm-budget-lab.js   the classic script a page includes: the element's shell, which loads
//     dist/llm-budget-lab-core.js (facades, store, drawing) and dist/llm-budget-lab-part-*.js when needed
//   dist/llm-budget-lab.wasm the core, streamed over http; dist/llm-budget-lab-wasm.js the same as base64 (file://)
//   dist/llm-budget-lab.css  the element's shadow-root styles
//   dist/lesson.css          the lesson page's own styles
//   dist/index.html          content/lesson/*.md rendered, math as MathML, parts as elements holding their default drawing
//   dist/embed.html (+ embed.js, embed.css)   the iframe embed; dist/llm-budget-lab-embed.js its parent-side sizer
//   dist/instructors.html (+ instructors.js, instructors.css)   how to embed, with a live preview
//   dist/llm-budget-lab-scorm.zip (+ scorm-adapter.js)   the SCORM 2004 package of the lesson
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderLesson, mathStyleCss } from './page/render-lesson.mjs';
import { renderInstructors } from './instructors/render.mjs';
import { buildScormPackage } from './scorm/package.mjs';
import { buildLabScripts } from './build-scripts.mjs';
import { prerenderLesson } from './prerender/prerender-lesson.mjs';
import { tourStartMarkup } from './page/tour-markup.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const wasmModule = path.join(root, 'build/wasm/budget_core.js');

/**
 * Strict CSP guard: no inline style or script, no inline handler and no asset
 * from another origin may reach a page (text shown inside <pre>, <code> or
 * <textarea> is only text and is not checked).
 */
function guardStrictCsp(html, name) {
  const markup = html.replace(/<(pre|code|textarea)\b[^>]*>[\s\S]*?<\/\1>/gi, '');
  for (const [re, what] of [[/<style[\s>]/i, '<style>'], [/\sstyle\s*=/i, 'style="..."'],
    [/<script(?![^>]*\ssrc=)[^>]*>/i, 'inline <script>'], [/\son[a-z]+\s*=/i, 'inline event handler'],
    [/(?:src|href)\s*=\s*"(?:https?:)?\/\//i, 'an asset from another origin']]) {
    if (re.test(markup)) fail(`dist/${name} would contain ${what} (blocked by the strict CSP)`);
  }
}

function fail(msg) {
  process.stderr.write(`web/build.mjs: ${msg}\n`);
  process.exit(1);
}

if (!existsSync(wasmModule)) fail(`${path.relative(root, wasmModule)} is missing: run tools/build (the wasm build) first`);
mkdirSync(dist, { recursive: true });

// The wasm is embedded in budget_core.js as a data: URL (node loads it so).
// For the page, that URL is cut out and the bytes are written twice:
// dist/llm-budget-lab.wasm, which an http page streams, and
// dist/llm-budget-lab-wasm.js, a classic script with the same bytes as base64
// for file:// and other places where fetching cannot work
// (web/core/wasm-source.js chooses). Emscripten's loader then never
// fetch()es the data: URL, which a strict CSP would block.
const WASM_DATA_URL = /(["'])data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)\1/;
const wasmBase64 = (() => {
  const m = readFileSync(wasmModule, 'utf8').match(WASM_DATA_URL);
  if (!m) fail('budget_core.js holds no embedded wasm data: URL (is -sSINGLE_FILE=1 set?)');
  return m[2];
})();
writeFileSync(path.join(dist, 'llm-budget-lab.wasm'), Buffer.from(wasmBase64, 'base64'));
writeFileSync(path.join(dist, 'llm-budget-lab-wasm.js'),
  `(globalThis.__llmbWasm = globalThis.__llmbWasm || {}).base64 = ${JSON.stringify(wasmBase64)};\n`);
const embeddedWasm = {
  name: 'llmb-wasm-source',
  setup(b) {
    b.onResolve({ filter: /budget_core\.js$/ }, (args) => (args.namespace === 'llmb-wasm'
      ? { path: wasmModule, namespace: 'llmb-wasm-raw' }
      : { path: wasmModule, namespace: 'llmb-wasm' }));
    b.onLoad({ filter: /.*/, namespace: 'llmb-wasm-raw' }, () => ({
      contents: readFileSync(wasmModule, 'utf8').replace(WASM_DATA_URL, '""'), loader: 'js',
    }));
    b.onLoad({ filter: /.*/, namespace: 'llmb-wasm' }, () => ({
      loader: 'js',
      resolveDir: path.dirname(wasmModule),
      contents: `import factory from './budget_core.js';
import { wasmSource } from ${JSON.stringify(path.join(root, 'web/core/wasm-source.js'))};
export default function createBudgetCore(options) {
  return wasmSource().then((source) => factory(Object.assign({}, options, source)));
}
`,
    }));
  },
};

// 1. The element's scripts (web/build-scripts.mjs): the shell a page includes,
//    the core script and the part scripts it loads when needed. Node built-ins
//    that Emscripten's node branch asks for are left as (never executed) requires.
const labScripts = await buildLabScripts({
  root,
  dist,
  plugins: [embeddedWasm],
  options: {
    platform: 'browser',
    target: ['es2020'],
    minify: !process.env.LLMB_NO_MINIFY,
    legalComments: 'none',
    external: ['fs', 'path', 'crypto', 'url', 'worker_threads', 'ws'],
    loader: { '.json': 'json' },
    logLevel: 'warning',
  },
});

// 2. Stylesheets.
writeFileSync(path.join(dist, 'llm-budget-lab.css'), ['lab.css', 'quiz.css'].map((f) => path.join(root, 'web/styles', f))
  .filter((f) => existsSync(f)).map((f) => readFileSync(f, 'utf8')).join('\n'));
copyFileSync(path.join(root, 'web/page/favicon.svg'), path.join(dist, 'favicon.svg'));

// 3. The lesson page (its math classes go into lesson.css).
const { html, headings } = renderLesson(path.join(root, 'content/lesson'));
writeFileSync(path.join(dist, 'lesson.css'), `${readFileSync(path.join(root, 'web/styles/lesson.css'), 'utf8')}\n/* MathML spacing from temml (build-time) */\n${mathStyleCss()}\n`);
const toc = headings.filter((x) => x.level === 2)
  .map((x) => `    <li><a href="#${x.id}">${x.html.replace(/<math[\s\S]*?<\/math>/g, '')}</a></li>`).join('\n');
const lessonPage = readFileSync(path.join(root, 'web/page/template.html'), 'utf8')
  .replace('{{TOC}}', toc).replace('{{TOURS}}', () => tourStartMarkup(path.join(root, 'content/tours.json'))).replace('{{LESSON}}', html);
// Numbers before scripts: each element's default drawing, made by the page's
// own element code over the wasm core in node, written in as a declarative
// shadow root (web/prerender/prerender-lesson.mjs).
const page = await prerenderLesson(lessonPage, { root, dist, outDir: path.join(root, 'build/prerender') });
guardStrictCsp(page, 'index.html');
writeFileSync(path.join(dist, 'index.html'), page);

// 3b. The iframe embed (embed.html + embed.js in the frame, llm-budget-lab-embed.js
//     for the parent page) and the instructors' page (web/embed, web/instructors).
for (const [entry, out] of [['web/embed/child.js', 'embed.js'], ['web/embed/parent.js', 'llm-budget-lab-embed.js'],
  ['web/instructors/preview.js', 'instructors.js'], ['web/scorm/adapter.js', 'scorm-adapter.js']]) {
  await build({
    entryPoints: [path.join(root, entry)], outfile: path.join(dist, out), bundle: true, format: 'iife',
    platform: 'browser', target: ['es2020'], minify: true, legalComments: 'none', logLevel: 'warning',
  });
}
copyFileSync(path.join(root, 'web/embed/embed.css'), path.join(dist, 'embed.css'));
copyFileSync(path.join(root, 'web/instructors/instructors.css'), path.join(dist, 'instructors.css'));
const embedPage = readFileSync(path.join(root, 'web/embed/embed.html'), 'utf8');
guardStrictCsp(embedPage, 'embed.html');
writeFileSync(path.join(dist, 'embed.html'), embedPage);
const instructorsPage = renderInstructors(root);
guardStrictCsp(instructorsPage, 'instructors.html');
writeFileSync(path.join(dist, 'instructors.html'), instructorsPage);

// 3c. The SCORM 2004 package of the whole lesson (tools/package-scorm makes others).
writeFileSync(path.join(dist, 'llm-budget-lab-scorm.zip'), buildScormPackage({ dist }).zip);

// 4. Sizes.
const files = ['index.html', ...labScripts, 'llm-budget-lab.wasm', 'llm-budget-lab-wasm.js', 'llm-budget-lab.css', 'lesson.css', 'favicon.svg',
  'embed.html', 'embed.js', 'embed.css', 'llm-budget-lab-embed.js', 'instructors.html', 'instructors.js', 'instructors.css', 'scorm-adapter.js', 'llm-budget-lab-scorm.zip'];
let rawTotal = 0;
let gzTotal = 0;
const lines = files.map((f) => {
  const buf = readFileSync(path.join(dist, f));
  const gz = gzipSync(buf, { level: 9 }).length;
  rawTotal += buf.length;
  gzTotal += gz;
  return `  ${f.padEnd(24)} ${String(buf.length).padStart(8)} B raw ${String(gz).padStart(7)} B gzip`;
});
process.stdout.write(`dist/ written:\n${lines.join('\n')}\n  ${'total'.padEnd(24)} ${String(rawTotal).padStart(8)} B raw ${String(gzTotal).padStart(7)} B gzip\n`);
