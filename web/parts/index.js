// Registers the built-in parts. Importing this module is what makes a part
// available to <llm-budget-lab parts="...">.
import './presets.js';
import './calculator.js';
import './table.js';
import './memory-chart.js';
import './batch-chart.js';
import './speculative.js';
import './attention.js';
import './decision.js';
import './traffic.js';
import './measured.js';
import './kv-practice.js';
// Knowledge-check part: web/parts/quiz.js (written by the quiz helper) calls
// registerPart({ name: 'quiz', ... }).
import './quiz.js';
