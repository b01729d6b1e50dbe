// Bundles web/prerender/entry.js for node with esbuild, so the build can run
// the page's own element and part code (which imports JSON and CSS-free ES
// modules the way esbuild resolves them for the page). The wasm module
// (build/wasm/budget_core.js) stays outside the bundle and loads as node loads
// it everywhere else: CommonJS, with the wasm embedded.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Writes the node bundle of the element and its parts and imports it.
 * @param {string} root the repository root (absolute path)
 * @param {string} outDir where the bundle is written (absolute path; created)
 * @returns {Promise<{LlmBudgetLab: Function}>} the element class, not yet
 *   defined as a custom element. The globals the element's modules read when
 *   they load (HTMLElement, document) must be installed before this is called.
 * @throws when esbuild fails or build/wasm/budget_core.js is missing
 */
export async function importLabForNode(root, outDir) {
  const wasmModule = path.join(root, 'build/wasm/budget_core.js');
  const outfile = path.join(outDir, 'llm-budget-lab-node.mjs');
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [path.join(root, 'web/prerender/entry.js')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: ['node20'],
    legalComments: 'none',
    logLevel: 'warning',
    loader: { '.json': 'json' },
    plugins: [{
      name: 'llmb-wasm-external',
      setup(b) {
        b.onResolve({ filter: /budget_core\.js$/ }, () => ({ path: pathToFileURL(wasmModule).href, external: true }));
      },
    }],
  });
  // A query per build: a second prerender in the same process gets a fresh module.
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}
