// Entry point of dist/llm-budget-lab-core.js, which the element's shell
// loads when the first element comes near the viewport: the wasm glue, both
// facades, the store, the presets, the fields and drawing (lab-render.js).
import { provideScript } from './script-loader.js';
import { drawLab, loadCores, checkQuestions } from './lab-render.js';
// Modules several part scripts use: imported here so they are in this
// script once and shared, not copied into each part script.
import './format.js';
import './limits.js';
import './download.js';
import './copy-by-hand.js';
import './paired-input.js';
import './scroll-hint.js';

provideScript('core', { drawLab, loadCores, checkQuestions });
