#!/usr/bin/env node
// Weight bench: what each byte a reader fetches buys. A benchmark, not a test;
// needs a built dist/ (run by tools/bench after the page bench).
//
//   node tools/benchmarks/weight.mjs [--json]
//
// In headless Debian chromium (playwright-core), over http from tools/serve.mjs:
//   - the lesson page, scrolled to the end with every element drawn and every
//     <details> opened, and an embed of the calculator alone
//     (embed.html?parts=calculator): each dist/ file requested, gzip -9, and
//     the total against its target;
// then, from the files themselves:
//   - each wasm module by section (code, data, the rest), gzip -9 of each
//     section alone (so the parts add up to a little more than the file);
//   - the prerendered drawing in index.html, per element (gzip of each
//     element's declarative shadow root alone) and the page without them;
//   - each lab script by where its bytes come from (esbuild's metafile of the
//     build itself: minified bytes per input, grouped as our folders, each npm
//     package, the wasm glue and the bundled JSON), gzip estimated by each
//     group's share.
import { chromium } from 'playwright-core';
import { readFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../serve.mjs';
import { CHROME, CHROME_ARGS } from './chromium.mjs';
import { WASM_VARIANTS } from '../../web/core/wasm-variants.js';
import { buildLabScripts } from '../../web/build-scripts.mjs';
import { embeddedWasm } from '../../web/wasm-plugin.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(REPO, 'dist');

/** Targets (KB = 1,024 bytes), from the product's speed-and-weight goals. */
export const WEIGHT_TARGETS_BYTES = Object.freeze({
  lesson_page_everything_gzip: 120 * 1024,
  calculator_embed_gzip: 60 * 1024,
});

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

/** gzip -9 bytes of one dist/ file (0 when it is not in dist/, e.g. a 404). */
function distGzip(file) {
  const p = path.join(DIST, file);
  return existsSync(p) ? gz(readFileSync(p)) : 0;
}

/**
 * The dist/ files a page requests, each with its gzip -9 bytes.
 * @param {boolean} everything scroll to the end, open every <details>, wait for every element
 * @returns {Promise<{files: Array<{file:string, gzip:number}>, total:number}>}
 */
async function fetched(browser, url, everything) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const requested = new Set();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol.startsWith('http')) requested.add(u.pathname.replace(/^\//, '') || 'index.html');
  });
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true'
    || document.documentElement.hasAttribute('data-lab-view-ready'), null, { timeout: 30000 });
  if (everything) {
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(r));
      }
      for (const lab of document.querySelectorAll('llm-budget-lab')) {
        for (const d of lab.shadowRoot.querySelectorAll('details')) d.open = true;
      }
    });
    await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 30000 });
  } else {
    await page.waitForSelector('llm-budget-lab[ready]', { timeout: 30000 });
  }
  await page.waitForTimeout(500);
  await context.close();
  const files = [...requested].map((f) => ({ file: f.split('?')[0], gzip: distGzip(f.split('?')[0]) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { files, total: files.reduce((a, f) => a + f.gzip, 0) };
}

function leb(buf, i) {
  let r = 0;
  let shift = 0;
  for (;;) {
    const x = buf[i++];
    r += (x & 0x7f) * 2 ** shift;
    shift += 7;
    if (x < 0x80) return [r, i];
  }
}

/** A wasm file's sections: code (id 10), data (id 11) and the rest, raw and gzip -9 each. */
function wasmSections(file) {
  const buf = readFileSync(path.join(DIST, file));
  const parts = { code: [], data: [], rest: [] };
  let i = 8;
  while (i < buf.length) {
    const id = buf[i];
    const [size, start] = leb(buf, i + 1);
    const key = id === 10 ? 'code' : id === 11 ? 'data' : 'rest';
    parts[key].push(buf.subarray(i, start + size));
    i = start + size;
  }
  const out = { file, raw: buf.length, gzip: gz(buf) };
  for (const [k, list] of Object.entries(parts)) {
    const b = Buffer.concat(list);
    out[k] = { raw: b.length, gzip: gz(b) };
  }
  return out;
}

/** index.html's prerendered drawing: gzip of each element's shadow root, and of the page without them. */
function prerendered() {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const re = /<llm-budget-lab\b([^>]*)><template shadowrootmode="open">([\s\S]*?)<\/template>/g;
  const elements = [];
  for (const m of html.matchAll(re)) {
    const parts = (m[1].match(/parts="([^"]*)"/) || [])[1] || 'all';
    elements.push({ parts, raw: Buffer.byteLength(m[2]), gzip: gz(Buffer.from(m[2])) });
  }
  const bare = html.replace(/<template shadowrootmode="open">[\s\S]*?<\/template>/g, '');
  return { page: { raw: Buffer.byteLength(html), gzip: gz(Buffer.from(html)) }, without_drawings: { raw: Buffer.byteLength(bare), gzip: gz(Buffer.from(bare)) }, elements };
}

/** Which group an esbuild input belongs to. */
function groupOf(input) {
  if (input.includes('build/wasm/')) return 'wasm glue (Emscripten)';
  if (input.startsWith('llmb-shared:') || input.startsWith('<stdin>')) return 'registry of shared modules';
  const pkg = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return `npm ${pkg[1]}`;
  if (input.endsWith('.json')) return `data ${path.basename(input)}`;
  const dir = input.match(/^web\/([^/]+)\//);
  return dir ? `web/${dir[1]}/` : input;
}

/**
 * Every lab script's minified bytes by group (esbuild's metafile of the very
 * build web/build.mjs makes, written to a scratch folder), with gzip estimated
 * from each group's share of the script's real gzip size.
 */
async function scriptGroups() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'llmb-weight-'));
  const metafiles = new Map();
  try {
    await buildLabScripts({
      root: REPO, dist: scratch, metafiles, wasmPlugin: (variant) => embeddedWasm(REPO, variant),
      options: { platform: 'browser', target: ['es2020'], minify: true, legalComments: 'none', logLevel: 'silent',
        external: ['fs', 'path', 'crypto', 'url', 'worker_threads', 'ws'], loader: { '.json': 'json' } },
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return [...metafiles].map(([script, meta]) => {
    const out = Object.values(meta.outputs)[0];
    const groups = new Map();
    for (const [input, v] of Object.entries(out.inputs)) groups.set(groupOf(input), (groups.get(groupOf(input)) || 0) + v.bytesInOutput);
    const total = [...groups.values()].reduce((a, x) => a + x, 0);
    const real = distGzip(script);
    return { script, gzip: real, groups: [...groups].map(([group, raw]) => ({ group, raw, gzip_share: Math.round(real * raw / total) }))
      .filter((g) => g.raw > 0).sort((x, y) => y.raw - x.raw) };
  });
}

async function main() {
  const json = process.argv.includes('--json');
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('dist/ is not built: run tools/build first');
  const served = await startServer({ root: DIST, port: 0 });
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
  let lesson;
  let embed;
  try {
    lesson = await fetched(browser, served.url, true);
    embed = await fetched(browser, `${served.url}embed.html?parts=calculator`, false);
  } finally {
    await browser.close();
    served.server.close();
  }
  const results = {
    lesson_page: lesson,
    calculator_embed: embed,
    wasm: Object.values(WASM_VARIANTS).map((v) => wasmSections(v.wasmFile)),
    prerendered: prerendered(),
    scripts: await scriptGroups(),
    targets: [
      { label: 'lesson page, every element drawn (gzip)', actual: lesson.total, target: WEIGHT_TARGETS_BYTES.lesson_page_everything_gzip },
      { label: 'embed of the calculator alone (gzip)', actual: embed.total, target: WEIGHT_TARGETS_BYTES.calculator_embed_gzip },
    ],
  };
  if (json) {
    console.log(JSON.stringify(results, null, 1));
    return;
  }
  const L = [];
  const table = (title, { files, total }) => {
    L.push(`${title}: ${kb(total)} gzip -9 in ${files.length} files`);
    for (const f of files) L.push(`  ${f.file.padEnd(36)} ${kb(f.gzip).padStart(10)}  ${(100 * f.gzip / total).toFixed(0).padStart(3)} %`);
  };
  table('lesson page, scrolled to the end, every element drawn', lesson);
  table('embed of the calculator alone (embed.html?parts=calculator)', embed);
  L.push('wasm modules by section (gzip of each section alone)     raw        gzip');
  for (const w of results.wasm) {
    L.push(`  ${w.file.padEnd(30)} ${kb(w.raw).padStart(22)} ${kb(w.gzip).padStart(11)}`);
    for (const k of ['code', 'data', 'rest']) L.push(`    ${k.padEnd(28)} ${kb(w[k].raw).padStart(22)} ${kb(w[k].gzip).padStart(11)}`);
  }
  const pre = results.prerendered;
  L.push(`index.html: ${kb(pre.page.gzip)} gzip; without the prerendered drawings ${kb(pre.without_drawings.gzip)}; each drawing alone:`);
  for (const e of pre.elements) L.push(`  parts="${e.parts}"`.padEnd(40) + `${kb(e.raw).padStart(10)} raw ${kb(e.gzip).padStart(9)} gzip`);
  L.push('lab scripts by origin (minified bytes; gzip is the group\'s share of the script\'s gzip)');
  for (const s of results.scripts) {
    L.push(`  ${s.script} (${kb(s.gzip)} gzip)`);
    for (const g of s.groups.slice(0, 8)) L.push(`    ${g.group.padEnd(34)} ${kb(g.raw).padStart(10)} ${`~${kb(g.gzip_share)}`.padStart(11)}`);
  }
  L.push('weight targets                                              now        target');
  for (const t of results.targets) {
    L.push(`  ${t.label.padEnd(52)} ${kb(t.actual).padStart(10)} ${`<= ${kb(t.target)}`.padStart(12)}  ${t.actual <= t.target ? 'ok' : 'OVER'}`);
  }
  console.log(L.join('\n'));
}

// Run as a script (tools/bench); imported (page.mjs reads the targets), it runs nothing.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`weight bench: ${err.stack || err}`);
    process.exit(1);
  });
}
