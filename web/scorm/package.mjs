// Builds the SCORM 2004 (4th edition) package: one SCO whose launch page is
// the lesson (dist/index.html) or one element with a chosen set of parts, the
// files it needs from dist/, the adapter (dist/scorm-adapter.js, web/scorm/adapter.js)
// and imsmanifest.xml listing every file. Zipped with fflate.
// Used by web/build.mjs (dist/llm-budget-lab-scorm.zip) and tools/package-scorm.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { PART_NAMES, needsFullModule, readsPresets, readsConfigJson } from '../element/part-names.js';
import { LAB_SCRIPT_NAMES, IMPORTER_SCRIPT, scriptFile, scriptNameOfPart } from '../element/script-loader.js';
import { WASM_VARIANTS } from '../core/wasm-variants.js';
import { DEFAULT_LOCALE, LOCALES, localeScriptName } from '../element/locale-names.js';
import { translator } from '../element/i18n.js';

/** The lesson page's own scripts (web/build-scripts.mjs): its page script and the tour's. */
const PAGE_SCRIPT_FILES = Object.freeze(['lesson-page.js', scriptFile('tour')]);

/** dist/ files every package carries (the element finds its stylesheet, scripts and wasm beside its script); and its locale's adapter (adapterFile). */
export const PACKAGE_FILES = Object.freeze(['llm-budget-lab.js', 'llm-budget-lab.css', 'lesson.css', 'favicon.svg']);

/** The adapter script of `locale` (web/build.mjs): dist/scorm-adapter.js in English, else dist/scorm-adapter.<l>.js. */
export const adapterFile = (locale) => (locale === DEFAULT_LOCALE ? 'scorm-adapter.js' : `scorm-adapter.${locale}.js`);
/** The lesson page of `locale` (web/build.mjs): dist/index.html in English, else dist/index.<l>.html. */
const lessonFile = (locale) => (locale === DEFAULT_LOCALE ? 'index.html' : `index.${locale}.html`);
/** The package's default file name in dist/: llm-budget-lab-scorm.zip, or llm-budget-lab-scorm.<l>.zip. */
export const packageFile = (locale) => (locale === DEFAULT_LOCALE ? 'llm-budget-lab-scorm.zip' : `llm-budget-lab-scorm.${locale}.zip`);

/**
 * The core script and wasm files a package needs: the calculator's when it
 * shows only parts that need no full module (the element then loads those,
 * script-loader.js coreScriptName), else the full ones; and the config.json
 * importer's (its script and module, loaded at first use) when it shows a part
 * that reads one (part-names.js readsConfigJson), as the lesson does.
 */
export function coreFiles(parts) {
  const chosen = Array.isArray(parts) && parts.length > 0 && !parts.includes('all');
  const calcOnly = chosen && !parts.some(needsFullModule);
  const variant = WASM_VARIANTS[calcOnly ? 'calc' : 'full'];
  const importer = WASM_VARIANTS.importer;
  const withImporter = !chosen || parts.some(readsConfigJson);
  return [scriptFile(calcOnly ? 'core-calc' : 'core'), variant.wasmFile, variant.base64File,
    ...(withImporter ? [scriptFile(IMPORTER_SCRIPT), importer.wasmFile, importer.base64File] : [])];
}

/** The part scripts a package needs (and the presets' script): those of `parts`, or every one for the lesson (null). */
function partScriptFiles(parts) {
  // A chosen set of parts: their scripts, and the built-in presets' script when one of them reads presets.
  const names = parts && !parts.includes('all')
    ? [...(parts.some(readsPresets) ? ['presets'] : []), ...new Set(parts.map(scriptNameOfPart))]
    : LAB_SCRIPT_NAMES.filter((n) => n !== 'core' && n !== 'core-calc');
  // The lesson also carries its page script and the guided tour's (web/build-scripts.mjs scriptPlan).
  return [...names.map(scriptFile), ...(parts ? [] : PAGE_SCRIPT_FILES)];
}
export const LAUNCH = 'index.html';
const adapterTag = (locale) => `<script src="${adapterFile(locale)}" defer></script>`;
const ELEMENT_TAG = '<script src="llm-budget-lab.js" defer></script>';

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The launch page: the lesson with the adapter loaded first, or (with `parts`)
 * a page holding one element with those parts.
 * @param {string} dist  the built dist/ folder
 * @param {string[]|null} parts  part names (checked against part-names.js), or null for the lesson
 * @param {string} title the page's title (a page of parts)
 * @param {string} [locale] the page's language (LOCALES): the lesson page of that language, or <html lang>
 */
export function launchPage(dist, parts, title, locale = DEFAULT_LOCALE) {
  const ADAPTER_TAG = adapterTag(locale);
  if (!parts) {
    const lesson = readFileSync(path.join(dist, lessonFile(locale)), 'utf8');
    if (!lesson.includes(ELEMENT_TAG)) throw new Error(`dist/${lessonFile(locale)} does not load llm-budget-lab.js as expected`);
    return lesson.replace(ELEMENT_TAG, `${ADAPTER_TAG}\n${ELEMENT_TAG}`);
  }
  const unknown = parts.filter((p) => p !== 'all' && !PART_NAMES.includes(p));
  if (unknown.length) throw new Error(`unknown part${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')} (known: all, ${PART_NAMES.join(', ')})`);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${esc(title)}</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="lesson.css">
${ADAPTER_TAG}
${ELEMENT_TAG}
</head>
<body>
<main id="main">
<h1>${esc(title)}</h1>
<llm-budget-lab parts="${esc(parts.join(' '))}"></llm-budget-lab>
</main>
</body>
</html>
`;
}

/**
 * imsmanifest.xml for one SCO (SCORM 2004 4th edition).
 * @param {{identifier:string, title:string, files:string[]}} opts  files: every file of
 *   the package but the manifest, the launch page first
 */
export function manifest({ identifier, title, files }) {
  const fileLines = files.map((f) => `      <file href="${esc(f)}"/>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${esc(identifier)}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="org-llm-budget-lab">
    <organization identifier="org-llm-budget-lab">
      <title>${esc(title)}</title>
      <item identifier="item-lesson" identifierref="res-lesson">
        <title>${esc(title)}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-lesson" type="webcontent" adlcp:scormType="sco" href="${esc(files[0])}">
${fileLines}
    </resource>
  </resources>
</manifest>
`;
}

/**
 * The package as zip bytes.
 * @param {{dist:string, parts?:string[]|null, title?:string, identifier?:string, locale?:string, messages?:object|null}} opts
 *   locale: the language of the launch page, its elements and the adapter's notices (one of LOCALES,
 *   default English); messages: that locale's content/ui/<locale>.json (for the default title)
 * @returns {{zip:Uint8Array, files:string[]}} files: the entries, manifest first
 * @throws {Error} for an unknown part or locale, or a dist/ file that is missing
 */
export function buildScormPackage({ dist, parts = null, locale = DEFAULT_LOCALE, messages = null, title = translator(locale, messages).t('scorm.title'),
  identifier = 'llm-budget-lab-LM10-T6' }) {
  if (!LOCALES.includes(locale)) throw new Error(`unknown language ${locale} (known: ${LOCALES.join(', ')})`);
  const entries = { [LAUNCH]: strToU8(launchPage(dist, parts, title, locale)) };
  const localeScript = localeScriptName(locale);
  for (const f of [...PACKAGE_FILES, adapterFile(locale), ...coreFiles(parts), ...partScriptFiles(parts), ...(localeScript ? [scriptFile(localeScript)] : [])]) {
    entries[f] = new Uint8Array(readFileSync(path.join(dist, f)));
  }
  const files = Object.keys(entries);
  const all = { 'imsmanifest.xml': strToU8(manifest({ identifier, title, files })), ...entries };
  // A fixed date keeps the zip the same bytes for the same inputs.
  const zip = zipSync(all, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') });
  return { zip, files: Object.keys(all) };
}
