// Entry of the node bundle the build prerenders with (web/prerender/bundle.mjs):
// the same element and parts the page's dist/llm-budget-lab.js holds, imported
// through the same modules, without the page entry's document.currentScript
// and customElements.define (the prerenderer defines the element in its own
// window).
import '../parts/index.js';
// The core script's module announces itself (provideScript('core')), so the
// element finds its drawing code here instead of loading the page's script.
import '../element/core-script.js';
// The built-in presets' script announces itself too (provideScript('presets')).
import '../element/presets-script.js';

export { LlmBudgetLab } from '../element/lab-element.js';
// The prerenderer provides each locale's strings through it, as the page's
// dist/llm-budget-lab-locale-<l>.js does (web/build-scripts.mjs localeExports).
export { provideScript } from '../element/script-loader.js';
