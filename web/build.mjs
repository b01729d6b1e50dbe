// Builds the lesson page and the element into dist/ (run from the repo root,
// after the wasm build: tools/build does both).
//   dist/llm-budget-lab.js   the classic script a page includes: the element's shell, which loads
//     dist/llm-budget-lab-core.js (facades, store, drawing) and dist/llm-budget-lab-part-*.js when needed
//     (or dist/llm-budget-lab-core-calc.js, the same over the calculator's smaller module, when a page shows only calculator parts)
//   dist/llm-budget-lab.wasm the core, streamed over http; dist/llm-budget-lab-wasm.js the same as base64 (file://);
//     dist/llm-budget-lab-calc.wasm and dist/llm-budget-lab-calc-wasm.js the calculator's module (web/core/wasm-variants.js)
//   dist/llm-budget-lab.css  the element's shadow-root styles
//   dist/lesson.css          the lesson page's own styles
//   dist/index.html          content/lesson/*.md rendered, math as MathML, parts as elements holding their default drawing
//   dist/index.<l>.html      the same page in locale <l> (<html lang="<l>">, web/element/locale-names.js LOCALES):
//     content/lesson/<l>/*.md when that folder holds the lesson, else the English text; its chrome and
//     every element's strings from content/ui/<l>.json (dist/llm-budget-lab-locale-<l>.js)
//   dist/embed.html (+ embed.js, embed.css)   the iframe embed; dist/llm-budget-lab-embed.js its parent-side sizer
//   dist/instructors.html (+ instructors.js, instructors.css)   how to embed, with a live preview
//   dist/instructors.<l>.html (+ instructors.<l>.js)   the same in locale <l>, its text from content/ui/<l>.json
//   dist/llm-budget-lab-scorm.zip (+ scorm-adapter.js)   the SCORM 2004 package of the lesson
//   dist/llm-budget-lab-scorm.<l>.zip (+ scorm-adapter.<l>.js)   the same of dist/index.<l>.html
import { build, transformSync } from 'esbuild';
import { mkdirSync, readFileSync, readdirSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderLesson, mathStyleCss, termTipAttributes } from './page/render-lesson.mjs';
import { renderInstructors } from './instructors/render.mjs';
import { buildScormPackage, adapterFile, packageFile } from './scorm/package.mjs';
import { buildLabScripts } from './build-scripts.mjs';
import { WASM_VARIANTS } from './core/wasm-variants.js';
import { embeddedWasm, WASM_DATA_URL } from './wasm-plugin.mjs';
import { prerenderLesson } from './prerender/prerender-lesson.mjs';
import { tourStartMarkup } from './page/tour-markup.mjs';
import { LOCALES, DEFAULT_LOCALE } from './element/locale-names.js';
import { translator } from './element/i18n.js';
import { stringsPlugin, instructorsOnly } from './strings-plugin.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const wasmModuleOf = (variant) => path.join(root, 'build/wasm', WASM_VARIANTS[variant].module);

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

/**
 * A stylesheet minified by esbuild (the bundler the scripts already use):
 * comments, whitespace and redundant syntax out; no target given, so no rule
 * is rewritten for older browsers. Fails the build on a CSS warning.
 * @param {string} css stylesheet text @returns {string} the same rules, minified
 */
function minifyCss(css) {
  const out = transformSync(css, { loader: 'css', minify: true, logLevel: 'silent' });
  if (out.warnings.length > 0) fail(`a stylesheet does not minify cleanly: ${out.warnings[0].text}`);
  return out.code;
}

function fail(msg) {
  process.stderr.write(`web/build.mjs: ${msg}\n`);
  process.exit(1);
}

for (const variant of Object.keys(WASM_VARIANTS)) {
  const m = wasmModuleOf(variant);
  if (!existsSync(m)) fail(`${path.relative(root, m)} is missing: run tools/build (the wasm build) first`);
}
mkdirSync(dist, { recursive: true });

// Each wasm module is embedded in its .js as a data: URL (node loads it so).
// For the page, that URL is cut out and the bytes are written twice:
// the .wasm file (dist/llm-budget-lab.wasm for the full module), which an
// http page streams, and a classic script with the same bytes as base64
// (dist/llm-budget-lab-wasm.js) for file:// and other places where fetching
// cannot work (web/core/wasm-source.js chooses). Emscripten's loader then
// never fetch()es the data: URL, which a strict CSP would block.
for (const [variant, files] of Object.entries(WASM_VARIANTS)) {
  const m = readFileSync(wasmModuleOf(variant), 'utf8').match(WASM_DATA_URL);
  if (!m) fail(`${files.module} holds no embedded wasm data: URL (is -sSINGLE_FILE=1 set?)`);
  writeFileSync(path.join(dist, files.wasmFile), Buffer.from(m[2], 'base64'));
  writeFileSync(path.join(dist, files.base64File),
    `(globalThis.__llmbWasm = globalThis.__llmbWasm || {})[${JSON.stringify(files.base64Key)}] = ${JSON.stringify(m[2])};\n`);
}
// 1. The element's scripts (web/build-scripts.mjs): the shell a page includes,
//    the core script and the part scripts it loads when needed. Node built-ins
//    that Emscripten's node branch asks for are left as (never executed) requires.
const labScripts = await buildLabScripts({
  root,
  dist,
  wasmPlugin: (variant) => embeddedWasm(root, variant),
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

// 2. Stylesheets, minified like the scripts (comments and whitespace out,
//    nothing lowered: no target, so every rule keeps its syntax). Measured on
//    llm-budget-lab.css: 7.3 -> 4.6 KB gzip; lesson.css 3.2 -> 2.2 KB.
writeFileSync(path.join(dist, 'llm-budget-lab.css'), minifyCss(['lab.css', 'quiz.css'].map((f) => path.join(root, 'web/styles', f))
  .filter((f) => existsSync(f)).map((f) => readFileSync(f, 'utf8')).join('\n')));
copyFileSync(path.join(root, 'web/page/favicon.svg'), path.join(dist, 'favicon.svg'));

// 3. The lesson page, once per locale (its math classes go into lesson.css).
const stringsOf = (locale) => JSON.parse(readFileSync(path.join(root, 'content/ui', `${locale}.json`), 'utf8'));
const pageFile = (locale) => (locale === DEFAULT_LOCALE ? 'index.html' : `index.${locale}.html`);
const escapeHtml = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The page strings of `locale` (web/element/i18n.js: English where it lacks one; an id English lacks throws). */
const pageStrings = (locale) => translator(locale, locale === DEFAULT_LOCALE ? null : stringsOf(locale)).t;
const pages = [];
for (const locale of LOCALES) {
  const t = pageStrings(locale);
  // A translated lesson (content/lesson/<l>/NN-*.md) when there is one, else the English text.
  const translated = path.join(root, 'content/lesson', locale);
  const lessonDir = locale !== DEFAULT_LOCALE && existsSync(translated) && readdirSync(translated).some((f) => /^\d+.*\.md$/.test(f))
    ? translated : path.join(root, 'content/lesson');
  const { html, headings } = renderLesson(lessonDir, { t });
  const toc = headings.filter((x) => x.level === 2)
    .map((x) => `    <li><a href="#${x.id}">${x.html.replace(/<math[\s\S]*?<\/math>/g, '')}</a></li>`).join('\n');
  // Links to the lesson in every other language, each named in its own language.
  const languages = LOCALES.filter((l) => l !== locale).map((l) => {
    const other = pageStrings(l);
    return `<a href="${pageFile(l)}" hreflang="${l}" lang="${l}">${escapeHtml(other('page.otherLanguage', { language: other('page.languageName') }))}</a>`;
  }).join(' · ');
  const lessonPage = readFileSync(path.join(root, 'web/page/template.html'), 'utf8')
    .replace(/\{\{t:([\w.]+)\}\}/g, (_, id) => escapeHtml(t(id)))
    .replace('{{LANG}}', locale).replace('{{LANGUAGES}}', () => languages)
    .replace('{{TOC}}', () => toc).replace('{{TERM_TIPS}}', () => termTipAttributes(t))
    .replace('{{TOURS}}', () => tourStartMarkup(path.join(root, 'content/tours.json'), { locale, t }))
    .replace('{{LESSON}}', () => html);
  // Numbers before scripts: each element's default drawing, made by the page's
  // own element code over the wasm core in node, written in as a declarative
  // shadow root (web/prerender/prerender-lesson.mjs), in the page's language.
  const page = await prerenderLesson(lessonPage, { root, dist, outDir: path.join(root, 'build/prerender'), pageName: pageFile(locale) });
  guardStrictCsp(page, pageFile(locale));
  writeFileSync(path.join(dist, pageFile(locale)), page);
  pages.push(pageFile(locale));
}
writeFileSync(path.join(dist, 'lesson.css'), minifyCss(`${readFileSync(path.join(root, 'web/styles/lesson.css'), 'utf8')}\n${mathStyleCss()}\n`));

// 3b. The iframe embed (embed.html + embed.js in the frame, llm-budget-lab-embed.js
//     for the parent page) and the instructors' page (web/embed, web/instructors).
for (const [entry, out] of [['web/embed/child.js', 'embed.js'], ['web/embed/parent.js', 'llm-budget-lab-embed.js']]) {
  await build({
    entryPoints: [path.join(root, entry)], outfile: path.join(dist, out), bundle: true, format: 'iife',
    platform: 'browser', target: ['es2020'], minify: true, legalComments: 'none', logLevel: 'warning',
  });
}
for (const [from, to] of [['web/embed/embed.css', 'embed.css'], ['web/instructors/instructors.css', 'instructors.css']]) {
  writeFileSync(path.join(dist, to), minifyCss(readFileSync(path.join(root, from), 'utf8')));
}
// A frame sandboxed without allow-scripts runs no script: its <noscript> says what the host must
// add, in every locale (the frame cannot know its lang= before a script reads it).
const embedNoScript = LOCALES.map((l) => `<p lang="${l}">${escapeHtml(pageStrings(l)('page.embedNoScripts'))}</p>`).join('');
const embedPage = readFileSync(path.join(root, 'web/embed/embed.html'), 'utf8')
  .replace('<!-- noscript -->', `<noscript>${embedNoScript}</noscript>`);
guardStrictCsp(embedPage, 'embed.html');
writeFileSync(path.join(dist, 'embed.html'), embedPage);

/**
 * A page script of one locale: `call` (a function of `module` taking the translator's t)
 * run with the locale's strings, only the ids `keep` accepts (web/strings-plugin.mjs).
 */
async function localeScript({ locale, module, call, out, keep }) {
  const abs = (p) => JSON.stringify(path.join(root, p));
  await build({
    stdin: {
      contents: [`import { ${call} } from ${abs(module)};`,
        `import { translator } from ${abs('web/element/i18n.js')};`,
        ...(locale === DEFAULT_LOCALE ? [] : [`import messages from ${abs(`content/ui/${locale}.json`)};`]),
        `${call}(translator(${JSON.stringify(locale)}, ${locale === DEFAULT_LOCALE ? 'null' : 'messages'}).t);`].join('\n'),
      resolveDir: root, sourcefile: `entry:${out}`, loader: 'js',
    },
    outfile: path.join(dist, out), bundle: true, format: 'iife',
    platform: 'browser', target: ['es2020'], minify: true, legalComments: 'none', logLevel: 'warning',
    plugins: [stringsPlugin(keep)],
  });
}

// The SCORM adapter once per locale (web/scorm/package.mjs adapterFile), with its "scorm.*" strings.
for (const locale of LOCALES) {
  await localeScript({ locale, module: 'web/scorm/adapter.js', call: 'startAdapter', out: adapterFile(locale), keep: (id) => id.startsWith('scorm.') });
}

// The instructors' page once per locale, each with its own script: the page's code and
// the "instructors.*" strings of its locale (web/strings-plugin.mjs), nothing else of the file.
const instructorsFile = (locale, ext) => (locale === DEFAULT_LOCALE ? `instructors.${ext}` : `instructors.${locale}.${ext}`);
const instructorsFiles = [];
for (const locale of LOCALES) {
  await localeScript({ locale, module: 'web/instructors/preview.js', call: 'startInstructorsPage', out: instructorsFile(locale, 'js'), keep: instructorsOnly });
  const t = pageStrings(locale);
  const languages = LOCALES.filter((l) => l !== locale).map((l) => {
    const other = pageStrings(l);
    return `<a href="${instructorsFile(l, 'html')}" hreflang="${l}" lang="${l}">${escapeHtml(other('instructors.otherLanguage', { language: other('instructors.languageName') }))}</a>`;
  }).join(' · ');
  const instructorsPage = renderInstructors(root, { t, locale, languages, script: instructorsFile(locale, 'js'), lessonHref: pageFile(locale) });
  guardStrictCsp(instructorsPage, instructorsFile(locale, 'html'));
  writeFileSync(path.join(dist, instructorsFile(locale, 'html')), instructorsPage);
  instructorsFiles.push(instructorsFile(locale, 'html'), instructorsFile(locale, 'js'));
}

// 3c. The SCORM 2004 package of the whole lesson, once per locale (tools/package-scorm makes others).
for (const locale of LOCALES) {
  const messages = locale === DEFAULT_LOCALE ? null : stringsOf(locale);
  const identifier = locale === DEFAULT_LOCALE ? undefined : `llm-budget-lab-LM10-T6-${locale}`;
  writeFileSync(path.join(dist, packageFile(locale)), buildScormPackage({ dist, locale, messages, ...(identifier ? { identifier } : {}) }).zip);
}

// 4. Sizes.
const files = [...pages, ...labScripts, ...Object.values(WASM_VARIANTS).flatMap((v) => [v.wasmFile, v.base64File]), 'llm-budget-lab.css', 'lesson.css', 'favicon.svg',
  'embed.html', 'embed.js', 'embed.css', 'llm-budget-lab-embed.js', ...instructorsFiles, 'instructors.css',
  ...LOCALES.flatMap((l) => [adapterFile(l), packageFile(l)])];
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
