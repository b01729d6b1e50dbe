// Entry point of dist/llm-budget-lab.js (one classic script = the whole lab).
// Captures the script's own URL at load time so the shadow stylesheet is
// found next to it, from file://, http or another origin.
import '../parts/index.js';
import { LlmBudgetLab, setStylesheetUrl } from './lab-element.js';

const script = document.currentScript;
if (script && script.src) {
  setStylesheetUrl(new URL('llm-budget-lab.css', script.src).href);
}
if (!customElements.get('llm-budget-lab')) {
  customElements.define('llm-budget-lab', LlmBudgetLab);
}
export { registerPart } from '../parts/registry.js';
