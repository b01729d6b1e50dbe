// Entry of dist/llm-budget-lab-presets.js: the built-in presets
// (content/presets.json, inlined at build time), announced under the name
// "presets" for web/element/presets.js, which loads this script when an
// element first needs a model, GPU or configuration.
import data from '../../content/presets.json';
import { provideScript } from './script-loader.js';

provideScript('presets', { data });
