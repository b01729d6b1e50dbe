// Entry point of dist/llm-budget-lab-core.js and of dist/llm-budget-lab-core-calc.js
// (the same modules over the calculator's wasm module), one of which the
// element's shell loads when the first element comes near the viewport: the
// wasm glue, the facades, the store, the presets, the fields and drawing
// (lab-render.js). It announces itself under its own name.
import { provideScript } from './script-loader.js';
import { BUNDLED_WASM_VARIANT } from '../core/wasm-module.js';
import { drawLab, loadCores, checkQuestions } from './lab-render.js';
// Modules several part scripts use: imported here so they are in this
// script once and shared, not copied into each part script.
import './format.js';
import './limits.js';
import './download.js';
import './copy-by-hand.js';
import './paired-input.js';
import './scroll-hint.js';
import '../content/check-helpers.js';

provideScript(BUNDLED_WASM_VARIANT === 'calc' ? 'core-calc' : 'core', { drawLab, loadCores, checkQuestions });
