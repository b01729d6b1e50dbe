// Entry point of dist/llm-budget-lab.js, the one script a page includes: the
// element's shell (web/element/lab-element.js) and the loader of the lab's
// other scripts (script-loader.js), which it finds next to this one. The
// script's own URL is read at load time, so the stylesheet and the other
// scripts are found from file://, http or another origin.
import { LlmBudgetLab, setStylesheetUrl, markDocumentReady } from './lab-element.js';
import { setScriptBase } from './script-loader.js';

const script = document.currentScript;
if (script && script.src) {
  setStylesheetUrl(new URL('llm-budget-lab.css', script.src).href);
  setScriptBase(script.src);
}
if (!customElements.get('llm-budget-lab')) {
  customElements.define('llm-budget-lab', LlmBudgetLab);
  markDocumentReady(); // a page whose first viewport holds no element is ready now
}
