// Builds the element as several classic scripts (used by web/build.mjs):
//   dist/llm-budget-lab.js              web/element/index.js: the shell and the script loader
//   dist/llm-budget-lab-core.js         web/element/core-script.js: the full wasm module's glue, facades, store, drawing
//   dist/llm-budget-lab-core-calc.js    the same modules over the calculator's wasm module (web/core/wasm-variants.js),
//                                       for a page whose elements show only calculator parts; a page loads one of the two
//   dist/llm-budget-lab-presets.js      web/element/presets-script.js: the built-in presets (content/presets.json),
//                                       loaded only by an element that needs them (web/element/presets.js)
//   dist/llm-budget-lab-presets-check.js  web/element/presets-check-script.js: the presets-file rules, for presets="URL"
//   dist/llm-budget-lab-part-<s>.js     the parts whose `script` is <s> in web/element/part-names.js
//   dist/llm-budget-lab-importer.js     web/core/importer-module.js: the config.json importer's own wasm
//                                       module (web/core/wasm-variants.js), loaded by the presets part
//                                       when a reader first reads a config.json
//   dist/llm-budget-lab-locale-<l>.js   the strings of locale <l> (content/ui/<l>.json), every locale but
//                                       English (which the core script holds); loaded only by an element in that language
// A later script does not carry its own copy of a module an earlier one
// holds: each script puts the modules it holds in globalThis.__llmbModules
// (first copy wins), and a later script's import of such a module reads it
// from there. So the part registry, the store's groups and the wasm
// instance exist once per page. Script order: shell, core, then any part
// script. Only the shell's and the core script's modules are shared: a page
// may load any part script without the others, so a module two part scripts
// import (the traffic facade: the traffic part, the decision procedure and the
// measured part)
// is carried by each.
import { build } from 'esbuild';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PARTS } from './element/part-names.js';
import { LAB_SCRIPT_NAMES, IMPORTER_SCRIPT, scriptFile, scriptNameOfPart } from './element/script-loader.js';
import { LOCALES, localeScriptName } from './element/locale-names.js';
import { stringsPlugin, carriedBy, availableTo, checkCarried } from './strings-plugin.mjs';

const SHARED_NS = 'llmb-shared';
const CORE_SCRIPT_NAMES = new Set(['core', 'core-calc']);
const PART_SCRIPT_NAMES = new Set(LAB_SCRIPT_NAMES.filter((n) => !CORE_SCRIPT_NAMES.has(n)));
/** Scripts whose modules are not shared: the lesson page's own (only that page loads them). */
const LOCALE_SCRIPTS = LOCALES.map((l) => ({ locale: l, name: localeScriptName(l) })).filter((s) => s.name);
const PAGE_SCRIPT_NAMES = new Set(['page', 'tour', ...LOCALE_SCRIPTS.map((s) => s.name)]);
const REGISTRY = 'globalThis.__llmbModules';
/**
 * The one reader of the registry, defined by the shell's script (first on
 * every page) and called by each later script's stand-in for a shared module:
 * the module's exports as live getters, with __esModule so default imports
 * read `default`. One copy per page instead of one per stand-in (about 250
 * bytes each, a dozen in most part scripts).
 */
const IMPORT_SHARED = 'globalThis.__llmbImport';
const IMPORT_SHARED_DEFINITION = `${IMPORT_SHARED} = ${IMPORT_SHARED} || ((key) => {
  const m = ${REGISTRY} && ${REGISTRY}[key];
  if (!m) throw new Error(key + " is not loaded: the lab's scripts must load in order");
  const e = Object.defineProperty({}, '__esModule', { value: true });
  for (const k of Object.keys(m)) Object.defineProperty(e, k, { enumerable: true, get: () => m[k] });
  return e;
});`;

/** The translated content (content/locales/<locale>/) a locale's script carries besides its strings, when the locale ships it. */
const LOCALE_CONTENT = Object.freeze({ questions: 'questions.json', tours: 'tours.json', presets: 'presets.json', measured: 'measured-decode.json' });

/**
 * The entry of a locale's strings script: content/ui/<locale>.json as `messages`, and each of
 * LOCALE_CONTENT's files that content/locales/<locale>/ holds as `content.<key>`,
 * provided to the shell's loader under `name`.
 */
function localeEntry(root, locale, name, abs) {
  const dir = `content/locales/${locale}`;
  const content = Object.entries(LOCALE_CONTENT).filter(([, file]) => existsSync(path.join(root, dir, file)));
  return [`import messages from ${abs(`content/ui/${locale}.json`)};`,
    ...content.map(([key, file]) => `import ${key} from ${abs(`${dir}/${file}`)};`),
    `import { provideScript } from ${abs('web/element/script-loader.js')};`,
    `provideScript(${JSON.stringify(name)}, { messages, content: { ${content.map(([key]) => key).join(', ')} } });`].join('\n');
}

/**
 * What a locale's strings script provides ({ messages, content }), read from content/ui/<locale>.json
 * and content/locales/<locale>/
 * (the build's prerenderer hands it to the element code it runs in node).
 * @param {string} root the repository root
 * @param {string} locale one of LOCALES other than English
 */
export function localeExports(root, locale) {
  const dir = path.join(root, 'content/locales', locale);
  const read = (file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const content = {};
  for (const [key, file] of Object.entries(LOCALE_CONTENT)) if (existsSync(path.join(dir, file))) content[key] = read(file);
  return { messages: JSON.parse(readFileSync(path.join(root, 'content/ui', `${locale}.json`), 'utf8')), content };
}

/** The scripts in load order: { name, out, entry (import lines of the entry) }. */
function scriptPlan(root) {
  const abs = (p) => JSON.stringify(path.join(root, p));
  const coreEntry = `import ${abs('web/element/core-script.js')};`;
  // A script that carries its own English strings (web/strings-plugin.mjs addsEnglish: the
  // plugin keeps only its prefixes of en.json here) adds them to English when it runs, after
  // its modules ran and before anything of it is drawn or asked (that happens once the
  // script has announced itself).
  const ownEnglish = [`import { addEnglish } from ${abs('web/element/i18n.js')};`,
    `import english from ${abs('content/ui/en.json')};`,
    'addEnglish(english);'];
  const entries = { core: coreEntry, 'core-calc': coreEntry, presets: `import ${abs('web/element/presets-script.js')};`,
    'presets-check': [`import ${abs('web/element/presets-check-script.js')};`, ...ownEnglish].join('\n') };
  // A part script: each of its parts' modules (web/parts/<name>.js registers the part when it runs)
  // and its parts' own English strings (their `strings` prefixes).
  const partEntry = (name) => [...PARTS.filter((p) => scriptNameOfPart(p.name) === name).map((p) => `import ${abs(`web/parts/${p.name}.js`)};`),
    `import { provideScript } from ${abs('web/element/script-loader.js')};`,
    ...ownEnglish,
    `provideScript(${JSON.stringify(name)}, {});`].join('\n');
  return [
    { name: 'shell', out: 'llm-budget-lab.js', entry: `import ${abs('web/element/index.js')};` },
    ...LAB_SCRIPT_NAMES.map((name) => ({ name, out: scriptFile(name), entry: entries[name] || partEntry(name) })),
    // The importer's module: its glue and the factory's registration, announced to the loader.
    { name: IMPORTER_SCRIPT, out: scriptFile(IMPORTER_SCRIPT), entry: [`import ${abs('web/core/importer-module.js')};`,
      `import { provideScript } from ${abs('web/element/script-loader.js')};`,
      `provideScript(${JSON.stringify(IMPORTER_SCRIPT)}, {});`].join('\n') },
    // The lesson page's own scripts: its small page script, which runs before the core
    // script and so shares only the shell's modules, and the guided tour, which the page
    // script loads after the core script (web/page/lesson-page.js).
    { name: 'page', out: 'lesson-page.js', entry: `import ${abs('web/page/lesson-page.js')};`, shellOnly: true },
    { name: 'tour', out: scriptFile('tour'), entry: [`import ${abs('web/page/tour-ui.js')};`, ...ownEnglish].join('\n') },
    // A locale's strings: content/ui/<locale>.json, announced to the shell's loader (web/element/lab-element.js loads it).
    ...LOCALE_SCRIPTS.map(({ locale, name }) => ({
      name,
      out: scriptFile(name),
      entry: localeEntry(root, locale, name, abs),
    })),
  ];
}

/**
 * esbuild plugin: an import that resolves to a module an earlier script
 * holds becomes a read of that module from the page's registry.
 * @param {Map<string,string>} provided  absolute path -> registry key
 */
function sharedModules(provided) {
  return {
    name: 'llmb-shared-modules',
    setup(b) {
      b.onResolve({ filter: /^[./]/ }, async (args) => {
        if (args.pluginData === SHARED_NS || provided.size === 0) return undefined;
        const r = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer,
          namespace: args.namespace, pluginData: SHARED_NS });
        if (r.errors.length > 0) return { errors: r.errors };
        const key = r.namespace === 'file' ? provided.get(r.path) : undefined;
        if (key) return { path: key, namespace: SHARED_NS };
        return { path: r.path, namespace: r.namespace, external: r.external, sideEffects: r.sideEffects };
      });
      // The shell's reader (IMPORT_SHARED_DEFINITION) gives the live exports.
      b.onLoad({ filter: /.*/, namespace: SHARED_NS }, (args) => ({
        loader: 'js',
        contents: `module.exports = ${IMPORT_SHARED}(${JSON.stringify(args.path)});\n`,
      }));
    },
  };
}

/**
 * The modules of one build that it holds itself (not shared, not generated, not
 * data), as absolute paths. JSON files are not shared: the registry would hold
 * the whole file where a script imports a part of it (the core script takes
 * only presets.json's `defaults`; the presets script carries the rest).
 */
function ownModules(metafile, root) {
  return Object.keys(metafile.inputs)
    .filter((k) => !k.includes(':') && !k.includes('node_modules') && !k.startsWith('build/') && /\.m?js$/.test(k))
    .map((k) => path.join(root, k));
}

/**
 * Builds every script of the element into `dist`.
 * @param {{root:string, dist:string, wasmPlugin:(variant:string)=>object, options:object}} opts
 *   wasmPlugin: the esbuild plugin that gives a core script its wasm module's wrapper,
 *   'full' for dist/llm-budget-lab-core.js (and the rest), 'calc' for the calculator's core script;
 *   options: esbuild options shared by every script (minify, target...)
 * @param {Map<string,object>} [opts.metafiles] when given, filled with each written file's esbuild metafile
 * @returns {Promise<string[]>} the files written (dist/ names), in load order
 */
export async function buildLabScripts({ root, dist, wasmPlugin, options, metafiles = null }) {
  const english = JSON.parse(readFileSync(path.join(root, 'content/ui/en.json'), 'utf8'));
  const provided = new Map();
  let shellModules = null; // what the shell holds: all a core script or the page script may read from the registry
  const written = [];
  for (const script of scriptPlan(root)) {
    const shared = new Map(CORE_SCRIPT_NAMES.has(script.name) || script.shellOnly ? shellModules || provided : provided);
    const variant = script.name === 'core-calc' ? 'calc' : script.name === IMPORTER_SCRIPT ? 'importer' : 'full';
    const common = { ...options, absWorkingDir: root, bundle: true, format: 'iife', plugins: [sharedModules(shared), wasmPlugin(variant),
      stringsPlugin((id, english) => carriedBy(script.name, english)(id))] };
    const stdin = (contents) => ({ contents, resolveDir: root, sourcefile: `entry:${script.name}`, loader: 'js' });
    // 1. Which modules this script holds.
    const probe = await build({ ...common, stdin: stdin(script.entry), write: false, metafile: true, minify: false });
    const own = ownModules(probe.metafile, root);
    checkCarried(script.name, own, availableTo(script.name), english);
    // 2. The script, putting each of them in the registry after they ran.
    const keys = own.map((p) => path.relative(root, p).split(path.sep).join('/'));
    const expose = [script.entry,
      ...own.map((p, i) => `import * as m${i} from ${JSON.stringify(p)};`),
      `const reg = ${REGISTRY} || (${REGISTRY} = Object.create(null));`,
      ...(script.name === 'shell' ? [IMPORT_SHARED_DEFINITION] : []),
      ...keys.map((k, i) => `if (!reg[${JSON.stringify(k)}]) reg[${JSON.stringify(k)}] = m${i};`)].join('\n');
    const result = await build({ ...common, stdin: stdin(expose), write: false, metafile: Boolean(metafiles) });
    writeFileSync(path.join(dist, script.out), result.outputFiles[0].contents);
    if (metafiles) metafiles.set(script.out, result.metafile);
    // The two core scripts hold the same modules under the same keys; part
    // scripts read them from whichever of the two the page loaded.
    if (!PART_SCRIPT_NAMES.has(script.name) && !PAGE_SCRIPT_NAMES.has(script.name) && script.name !== 'core-calc'
      && script.name !== IMPORTER_SCRIPT) {
      own.forEach((p, i) => provided.set(p, keys[i]));
    }
    if (script.name === 'shell') shellModules = new Map(provided);
    written.push(script.out);
  }
  return written;
}
