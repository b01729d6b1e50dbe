// The three wasm modules the build makes from the one core, and the dist/ files
// that carry each (read by web/core/wasm-source.js, web/build.mjs and the
// SCORM package):
//   full      build/wasm/budget_core.js: every Embind table (budget, reading,
//             answer checking, practice, drills, the serving simulation) but the importer
//   calc      build/wasm/budget_core_calc.js: the budget and reading tables only,
//             for a page whose elements show only calculator parts
//   importer  build/wasm/budget_core_importer.js: the config.json importer alone, in
//             its own script (dist/llm-budget-lab-importer.js), fetched when a reader
//             first reads a config.json (web/parts/hf-import.js)
// Which parts need the full module is the parts' own declaration
// (web/element/part-names.js, `wasm: 'full'`).
export const WASM_VARIANTS = Object.freeze({
  full: Object.freeze({ wasmFile: 'llm-budget-lab.wasm', base64File: 'llm-budget-lab-wasm.js', base64Key: 'base64', module: 'budget_core.js' }),
  calc: Object.freeze({ wasmFile: 'llm-budget-lab-calc.wasm', base64File: 'llm-budget-lab-calc-wasm.js', base64Key: 'calc', module: 'budget_core_calc.js' }),
  importer: Object.freeze({
    wasmFile: 'llm-budget-lab-importer.wasm', base64File: 'llm-budget-lab-importer-wasm.js', base64Key: 'importer', module: 'budget_core_importer.js',
  }),
});
