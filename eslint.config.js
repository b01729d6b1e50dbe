// ESLint flat config (eslint and @eslint/js pinned in package.json). Run by the
// lint step of tools/test: `npx eslint .` from the repository root.
//
// web/**/*.js runs in the browser (and the facade in web/core/ under node too);
// web/**/*.mjs, tests/ and tools/ run under node. Browser tests and the page
// benchmark hand callbacks to page.evaluate(), which run in the page, so they
// see both sets of globals (so does tests/data's capture script). Rules: eslint:recommended, nothing turned off.
import js from '@eslint/js';
import globals from 'globals';

export default [
  {
    ignores: ['build/**', 'dist/**', 'bench/**', 'test-output/**', 'node_modules/**'],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2025, sourceType: 'module' }, // 2025: import attributes (a JSON import node can run)
  },
  {
    files: ['web/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/core/**/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['web/**/*.mjs', 'tools/**/*.mjs', 'tools/check-content', 'tests/node/**/*.mjs', 'tests/fuzz/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['tests/browser/**/*.mjs', 'tools/benchmarks/page.mjs', 'tools/benchmarks/inp.mjs', 'tools/benchmarks/inp-trace.mjs', 'tools/benchmarks/weight.mjs', 'tools/benchmarks/first-input.mjs', 'tests/data/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
