// Entry of dist/llm-budget-lab-presets-check.js: the presets-file rules
// (web/content/presets-check.js), announced under the name "presets-check"
// for web/element/presets.js, which loads this script only for an element
// given a presets file (presets="URL"); no other page fetches them.
import { validatePresets } from '../content/presets-check.js';
import { provideScript } from './script-loader.js';

provideScript('presets-check', { validatePresets });
