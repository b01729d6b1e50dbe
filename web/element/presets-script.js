// Entry of dist/llm-budget-lab-presets.js: the built-in presets
// (content/presets.json, inlined at build time) and the presets-file rules
// (web/content/presets-check.js), announced under the name "presets" for
// web/element/presets.js, which loads this script when an element first
// needs a model, GPU or configuration, or is given a presets file.
import data from '../../content/presets.json';
import { validatePresets } from '../content/presets-check.js';
import { provideScript } from './script-loader.js';

provideScript('presets', { data, validatePresets });
