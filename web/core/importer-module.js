// The config.json importer's own wasm module (build/wasm/budget_core_importer.js,
// web/core/wasm-variants.js `importer`): importing this file adds its factory to the
// page's table (wasm-module.js registerGlue), after which loadWasmModule('importer')
// instantiates it. The page's copy is dist/llm-budget-lab-importer.js, which the
// build wraps like a core script (its bytes come from wasmSource('importer')) and
// which web/parts/hf-import.js loads when a reader first reads a config.json; node
// (the tests) imports this file directly.
import * as bundled from '../../build/wasm/budget_core_importer.js';
import { registerGlue } from './wasm-module.js';

registerGlue('importer', bundled.default);
