// Entry of dist/llm-budget-lab-presets-check.js: the presets-file rules
// (web/content/presets-check.js), announced under the name "presets-check"
// for web/element/presets.js, which loads this script only for an element
// given a presets file (presets="URL"); no other page fetches them.
import { validatePresets } from '../content/presets-check.js';
import { provideScript } from './script-loader.js';
import { translator } from './i18n.js';

// The reasons' English sentences ("presetsCheck.*"); a problem also carries its sentence's id
// and values, which the element words in its own language when it shows the notice.
const english = translator('en', null).t;
provideScript('presets-check', { validatePresets: (doc, core, reading) => validatePresets(doc, core, reading, english) });
