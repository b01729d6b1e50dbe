// Writes a minimal page to build/placeholder/ (index.html, placeholder.css and
// one classic script bundling the facade with budget_core.js): what tools/run
// serves until web/build.mjs produces dist/. No inline script or style, so it
// also runs under the strict CSP and from file://.
//   node tools/lib/placeholder.mjs   (needs build/wasm/budget_core.js)
import { build } from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(repo, 'build/placeholder');

const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>LLM Budget Lab (placeholder)</title>
<link rel="stylesheet" href="placeholder.css">
<script src="placeholder.js" defer></script>
</head>
<body>
<main>
<h1>LLM Budget Lab</h1>
<p>A placeholder until the lesson page is built: the lesson's six serving configurations
for a 7B model with 8192 tokens of context on an 80 GB GPU.</p>
<table id="budget">
<caption>Memory and decode speed per configuration</caption>
<thead><tr><th scope="col">Configuration</th><th scope="col">Memory (GB)</th><th scope="col">Fits 80 GB</th>
<th scope="col">Step (ms)</th><th scope="col">Per request (tok/s)</th><th scope="col">Total (tok/s)</th></tr></thead>
<tbody></tbody>
</table>
<p id="status" role="status">Loading the WebAssembly core…</p>
</main>
</body>
</html>
`;

const css = `body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #1a1a1a; background: #fff; }
main { max-width: 60rem; margin: 0 auto; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ccc; padding: 0.3rem 0.5rem; text-align: right; }
th[scope="row"], thead th:first-child { text-align: left; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.5rem; }
`;

await mkdir(outDir, { recursive: true });
await build({
  entryPoints: [path.join(repo, 'tools/lib/placeholder-page.js')],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  // budget_core.js mentions node's modules behind runtime checks; the browser never loads them.
  external: ['fs', 'path', 'crypto', 'ws', 'worker_threads'],
  outfile: path.join(outDir, 'placeholder.js'),
  logLevel: 'warning',
});
await writeFile(path.join(outDir, 'index.html'), html);
await writeFile(path.join(outDir, 'placeholder.css'), css);
console.log(`placeholder page written to ${outDir}`);
