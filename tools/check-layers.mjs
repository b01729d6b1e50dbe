#!/usr/bin/env node
// check-layers: no include or import points from a lower layer up to a higher one.
//
//   node tools/check-layers.mjs        check the tree; exit 1 and one line per breach
//
// The layers and what each may use are described in ARCHITECTURE.md; the
// order below is the one this check enforces, and the check also fails when
// ARCHITECTURE.md no longer names the layers in this order, so the two cannot
// drift apart. A folder may use its own layer and every layer before it.
//
//   C++   src/<layer>/ includes "layer/file.h" (src/ is the include root);
//         wasm/<layer>/ and tests/<layer>/ may include src/ up to <layer>.
//   JS    web/<folder>/ imports relative paths; an import into a later folder
//         of WEB_LAYERS is a breach. Folders after the last layer (the page,
//         the embed, the instructors' page, SCORM, the prerender, the build
//         scripts) are applications and may use every layer; no layer may
//         import an application.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The core's layers, lowest first. */
export const CORE_LAYERS = Object.freeze(['text', 'reading', 'budget', 'traffic', 'grading', 'practice']);
/** The web layers, lowest first; web/ folders not listed are applications on top. */
export const WEB_LAYERS = Object.freeze(['core', 'content', 'element', 'quiz', 'parts', 'tour']);
const WEB_APPS = Object.freeze(['page', 'embed', 'instructors', 'scorm', 'prerender']);

function walk(dir, keep) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full, keep));
    else if (keep(entry.name)) out.push(full);
  }
  return out.sort();
}

const rel = (p) => path.relative(REPO, p);

/** Breaches in C++ files under `root` (src, wasm or tests): "file: includes x (layer a above b)". */
function cxxBreaches(root) {
  const problems = [];
  const isCxx = (n) => /\.(cpp|h)$/.test(n);
  for (const file of walk(path.join(REPO, root), isCxx)) {
    const parts = rel(file).split(path.sep);
    const own = parts.length > 2 ? CORE_LAYERS.indexOf(parts[1]) : -1;
    if (root === 'src' && own < 0) {
      problems.push(`${rel(file)}: a core source outside the layer folders (${CORE_LAYERS.join(', ')})`);
      continue;
    }
    if (own < 0) continue; // tests/cli, tests/fuzz, catch_main.cpp: not a layer
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^#include "([^"]+)"/gm)) {
      const first = m[1].split('/')[0];
      const at = CORE_LAYERS.indexOf(first);
      if (at > own) problems.push(`${rel(file)}: includes ${m[1]}, but ${first} sits above ${CORE_LAYERS[own]}`);
      if (root === 'src' && at < 0) problems.push(`${rel(file)}: includes "${m[1]}", which names no layer folder`);
    }
  }
  return problems;
}

/** Breaches in web/: an import from a layer into a later layer or an application. */
function webBreaches() {
  const problems = [];
  const webRoot = path.join(REPO, 'web');
  const rank = (folder) => {
    const i = WEB_LAYERS.indexOf(folder);
    if (i >= 0) return i;
    return WEB_APPS.includes(folder) || folder === '' ? WEB_LAYERS.length : -1;
  };
  for (const file of walk(webRoot, (n) => /\.m?js$/.test(n))) {
    const folder = path.relative(webRoot, file).split(path.sep).length > 1 ? path.relative(webRoot, file).split(path.sep)[0] : '';
    const own = rank(folder);
    if (own < 0) {
      problems.push(`${rel(file)}: web/${folder}/ is neither a layer (${WEB_LAYERS.join(', ')}) nor an application (${WEB_APPS.join(', ')})`);
      continue;
    }
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), m[1]);
      const inWeb = path.relative(webRoot, target);
      if (inWeb.startsWith('..')) continue; // content/ data and the build's module
      const targetFolder = inWeb.split(path.sep).length > 1 ? inWeb.split(path.sep)[0] : '';
      const at = rank(targetFolder);
      if (at > own || (at === WEB_LAYERS.length && own < WEB_LAYERS.length)) {
        problems.push(`${rel(file)}: imports ${m[1]}, but web/${targetFolder || '.'} sits above web/${folder || '.'}`);
      }
    }
  }
  return problems;
}

/** ARCHITECTURE.md must name the layers in the order enforced here. */
function docBreaches() {
  const doc = path.join(REPO, 'ARCHITECTURE.md');
  if (!fs.existsSync(doc)) return ['ARCHITECTURE.md is missing'];
  const text = fs.readFileSync(doc, 'utf8');
  const problems = [];
  for (const [label, list, prefix] of [['core', CORE_LAYERS, 'src/'], ['web', WEB_LAYERS, 'web/']]) {
    const positions = list.map((l) => text.indexOf(`\`${prefix}${l}/\``));
    if (positions.some((p) => p < 0)) {
      problems.push(`ARCHITECTURE.md: does not name every ${label} layer as \`${prefix}<layer>/\` (${list.join(', ')})`);
    } else if (positions.some((p, i) => i > 0 && p < positions[i - 1])) {
      problems.push(`ARCHITECTURE.md: names the ${label} layers in another order than ${list.join(' < ')}`);
    }
  }
  return problems;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const problems = [...cxxBreaches('src'), ...cxxBreaches('wasm'), ...cxxBreaches('tests'), ...webBreaches(), ...docBreaches()];
  for (const p of problems) console.log(p);
  if (problems.length > 0) {
    console.log(`check-layers: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    process.exit(1);
  }
  console.log(`check-layers: ${CORE_LAYERS.join(' < ')}; web ${WEB_LAYERS.join(' < ')} < applications: OK`);
}
